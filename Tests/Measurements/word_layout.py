#!/usr/bin/env python3
"""Where the words of a word-captions layer are drawn, measured on decoded frames (ffmpeg
decodes, numpy measures; nothing shared with chromake).

usage: word_layout.py SPEC.json
SPEC: {"mode": "stability" | "order", "width", "height", "frames", ...}

stability: {"movie": plain render, "scaled": the same words with the active word scaled and
  popping, "boxes": [[x, y, w, h] per word, output pixels], "pages": [[word, ...], ...],
  "active": [active word index or null, per frame], "scale": the active look's scale,
  "largest": the largest scale the active word takes (its pop's start)}
  On every frame, the pixels of the other words' boxes, less the active word's box grown by its
  scale, are the same in both movies (the layout never moves); and the active word's red ink
  is wider in the scaled movie once its pop is over.
  prints {"frames": N, "moved": [frames], "grown": N, "checked": N}

order: {"movie", "active": [active word index or null, per frame], "area": [x, y, w, h]}
  The centre of the active (red) ink on each frame: prints {"centres": [x or null, ...]}, so a
  test can check that the highlight moves in reading order.

colours: {"movie", "frame": k, "box": [x, y, w, h]}
  How many distinct hues the saturated pixels inside box have (12 bins of 30 degrees), so a
  test can check an emoji is drawn in colour: prints {"hues": N, "saturated": N}
"""
import colorsys
import json
import subprocess
import sys

import numpy as np

spec = json.load(open(sys.argv[1]))
width, height = spec["width"], spec["height"]


def decode(path):
    raw = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
        capture_output=True, check=True).stdout
    return np.frombuffer(raw, np.uint8).reshape(-1, height, width, 3).astype(np.int32)


def red(frame):
    return (frame[:, :, 0] > 150) & (frame[:, :, 1] < 100) & (frame[:, :, 2] < 100)


def grown(box, scale, margin):
    x, y, w, h = box
    cx, cy = x + w / 2, y + h / 2
    return (cx - w * scale / 2 - margin, cy - h * scale / 2 - margin,
            w * scale + 2 * margin, h * scale + 2 * margin)


def mask_of(box):
    m = np.zeros((height, width), bool)
    x, y, w, h = box
    m[max(0, int(y)):max(0, int(np.ceil(y + h))), max(0, int(x)):max(0, int(np.ceil(x + w)))] = True
    return m


if spec["mode"] == "stability":
    plain, scaled = decode(spec["movie"]), decode(spec["scaled"])
    moved, grew, checked = [], 0, 0
    for k, active in enumerate(spec["active"]):
        if active is None:
            continue
        page = next(p for p in spec["pages"] if active in p)
        others = np.zeros((height, width), bool)
        for i in page:
            if i != active:
                others |= mask_of(spec["boxes"][i])
        # The grown word (and the blur of chroma at its edge) may cover its neighbours.
        others &= ~mask_of(grown(spec["boxes"][active], spec["largest"], 3))
        if others.any():
            checked += 1
            diff = np.abs(plain[k] - scaled[k]).max(axis=2)
            if int(np.sum(diff[others] > 40)) > 0:
                moved.append(k)
        a, b = red(plain[k]), red(scaled[k])
        if a.any() and b.any():
            wa = np.ptp(np.nonzero(a)[1])
            wb = np.ptp(np.nonzero(b)[1])
            if wb > wa * (1 + (spec["scale"] - 1) / 2):
                grew += 1
    print(json.dumps({"frames": len(plain), "moved": moved, "grown": grew, "checked": checked}))
elif spec["mode"] == "order":
    frames = decode(spec["movie"])
    x, y, w, h = [int(round(v)) for v in spec["area"]]
    centres = []
    for frame in frames:
        ink = red(frame[y:y + h, x:x + w])
        centres.append(float(np.nonzero(ink)[1].mean()) + x if ink.sum() > 10 else None)
    print(json.dumps({"centres": centres}))
else:
    frame = decode(spec["movie"])[spec["frame"]]
    x, y, w, h = [int(round(v)) for v in spec["box"]]
    region = frame[y:y + h, x:x + w].reshape(-1, 3) / 255.0
    hues = set()
    saturated = 0
    for r, g, b in region:
        hue, lightness, saturation = colorsys.rgb_to_hls(r, g, b)
        if saturation > 0.5 and 0.2 < lightness < 0.85:
            saturated += 1
            hues.add(int(hue * 12) % 12)
    print(json.dumps({"hues": len(hues), "saturated": saturated}))
