#!/usr/bin/env python3
"""Judges a rendered sequence's transitions against their formulas (README.md, "Sequences and
transitions"): the judge of chromake's transition shaders, sharing no code with them.

ffmpeg decodes the movie's luma plane (8-bit, no scaling); for every output frame k whose time
t = k / fps lies in a transition's [start, start + duration), numpy computes the progress
p = (t - start) / duration (linear) and, from the two items' own flat levels (measured on the
frame before the transition and on the frame where it ends), the luma every pixel must have:

  crossfade  A(1 - p) + B p
  dip        A -> C for p < 0.5, C -> B after (C: the colour's luma)
  wipe       B weight clamp((e - v) / S + 1/2, 0, 1): v a pixel centre's distance from the side
             the edge starts at, e = p (L + S0) - S0 / 2, S0 = softness L, S = max(S0, 1 px)
  slide      B moved (1 - p) L back from where it comes to rest, over A: B covers what it
             overlaps of each pixel
  push       A moved p L and B moved (1 - p) L behind it: each covers its share of each pixel
  luma       B weight clamp((e - g) / S + 1/2, 0, 1), g the pattern's grey at the pixel,
             S = max(softness, 1/256), e = p (1 + S) - S / 2

A luma pattern's grey levels may come out of decoding one level off (a grey PNG is converted
to Y'CbCr on its way in), so at a pixel whose level is right at the edge either side counts:
the expected luma there is the range that levels g - 1/255 to g + 1/255 give.

It prints, as JSON, for each transition how many frames it checked and the largest difference
in luma codes, with where it was: {"transitions": [{"kind", "frames", "maxError", "worst"}]}.

usage: transitions.py MOVIE WIDTH HEIGHT FPS SPEC.json
SPEC.json: {"transitions": [{"kind", "start", "duration", "direction", "softness",
                             "colorLuma", "pattern"}]}  (times in seconds; colorLuma on the
           decoded scale: ffmpeg expands limited-range luma to 0-255, so black is 0)
"""
import json
import subprocess
import sys
from fractions import Fraction

import numpy as np


def decode_luma(path, width, height):
    raw = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", path, "-map", "0:v:0", "-fps_mode", "passthrough",
         "-f", "rawvideo", "-pix_fmt", "gray", "-"], check=True, capture_output=True).stdout
    frames = np.frombuffer(raw, dtype=np.uint8).reshape(-1, height, width)
    return frames.astype(np.float64)


def decode_pattern(path, width, height):
    raw = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", path, "-vf", f"scale={width}:{height}:flags=neighbor",
         "-f", "rawvideo", "-pix_fmt", "gray", "-"], check=True, capture_output=True).stdout
    return np.frombuffer(raw, dtype=np.uint8).reshape(height, width).astype(np.float64) / 255


def weight_of_b(t, p, width, height, pattern):
    """B's share of each pixel, for progress p: the lowest and highest it may be."""
    if t["kind"] == "luma":
        s = max(t.get("softness", 0), 1 / 256)
        edge = p * (1 + s) - s / 2
        ends = [np.clip((edge - (pattern + d)) / s + 0.5, 0, 1) for d in (1 / 255, -1 / 255)]
        return ends[0], ends[1]
    w = exact_weight_of_b(t, p, width, height)
    return w, w


def exact_weight_of_b(t, p, width, height):
    """B's share of each pixel, for progress p."""
    x = np.arange(width)[None, :] + 0.5
    y = np.arange(height)[:, None] + 0.5
    kind = t["kind"]
    direction = t.get("direction", "left")
    horizontal = direction in ("left", "right")
    length = width if horizontal else height
    if kind == "crossfade":
        return np.full((height, width), p)
    if kind == "wipe":
        centre = x if horizontal else y
        v = (length - centre) if direction in ("left", "up") else centre
        s0 = t.get("softness", 0) * length
        s = max(s0, 1.0)
        edge = p * (length + s0) - s0 / 2
        return np.clip((edge - v) / s + 0.5, 0, 1) * np.ones((height, width))
    if kind in ("slide", "push"):
        # B rests at [0, L) and starts one L away on the side it comes from; the share of
        # pixel [i, i + 1) it covers, along the direction of travel.
        offset = (1 - p) * length  # how far B still has to go
        lower = np.arange(length, dtype=np.float64)
        if direction in ("left", "up"):  # B comes from the far side: covers [offset, L + offset)
            cover = np.clip(lower + 1 - offset, 0, 1)
        else:  # B comes from the near side: covers [-offset, L - offset)
            cover = np.clip(length - offset - lower, 0, 1)
        return (cover[None, :] if horizontal else cover[:, None]) * np.ones((height, width))
    raise ValueError(kind)


def main():
    movie, width, height, fps, spec = sys.argv[1:6]
    width, height, fps = int(width), int(height), Fraction(fps)
    frames = decode_luma(movie, width, height)
    transitions = json.load(open(spec))["transitions"]
    results = []
    for t in transitions:
        start, duration = Fraction(t["start"]), Fraction(t["duration"])
        pattern = decode_pattern(t["pattern"], width, height) if t["kind"] == "luma" else None
        first = -(-start * fps // 1)  # first frame at or after the start
        end = -(-(start + duration) * fps // 1)
        a = float(np.median(frames[first - 1]))
        b = float(np.median(frames[end]))
        worst = (0.0, None)
        for k in range(first, end):
            p = float((Fraction(k) / fps - start) / duration)
            if t["kind"] == "dip":
                c = t["colorLuma"]
                expected = (a + (c - a) * 2 * p) if p < 0.5 else (c + (b - c) * (2 * p - 1))
                low = high = np.full((height, width), expected)
            else:
                w_low, w_high = weight_of_b(t, p, width, height, pattern)
                one, other = a * (1 - w_low) + b * w_low, a * (1 - w_high) + b * w_high
                low, high = np.minimum(one, other), np.maximum(one, other)
            got = frames[k]
            error = np.maximum(np.maximum(low - got, got - high), 0)
            expected = np.where(got < low, low, high)
            at = np.unravel_index(np.argmax(error), error.shape)
            if error[at] > worst[0]:
                worst = (float(error[at]), {"frame": int(k), "x": int(at[1]), "y": int(at[0]),
                                            "got": float(frames[k][at]),
                                            "expected": float(expected[at])})
        results.append({"kind": t["kind"], "frames": int(end - first), "a": a, "b": b,
                        "maxError": worst[0], "worst": worst[1]})
    print(json.dumps({"transitions": results}))


if __name__ == "__main__":
    main()
