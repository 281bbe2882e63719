#!/usr/bin/env python3
"""The state of every word of a word-captions layer on every frame of a rendered movie, judged
against the frame rule written afresh here, from the transcript's times in milliseconds.

ffmpeg decodes the movie to RGB; numpy classifies the pixels inside each word's box (the plan's
boxes, placed in the layer's box) by hue: the test's looks are pure red (active), blue
(upcoming) and green (spoken) on a grey plate. Nothing here shares code with chromake.

The frame rule (PROJECT-FORMAT.md, "Word captions"): with t = k/fps - start on output frame k
and word i timed [s_i, e_i): a page shows from its first word's s - lead to its last word's
e + linger, or the next page's first s - lead, whichever is first; word i is active from
s_i - lead until the next word's s - lead (a page's last word: until the page ends), upcoming
before, spoken after. A layer shows nothing before its own start.

usage: word_states.py SPEC.json
SPEC: {"movie", "width", "height", "fps": [num, den], "frames", "start_ms", "lead_ms",
       "linger_ms", "words": [[start_ms, end_ms], ...], "pages": [[word index, ...], ...],
       "boxes": [[[x, y, w, h], ...] per word, in output pixels], "area": [x, y, w, h]}
prints one line per frame that is wrong, then a JSON summary line:
       {"frames": N, "wrong": N, "seen": {"upcoming": N, "active": N, "spoken": N}}
"""
import json
import subprocess
import sys
from fractions import Fraction

import numpy as np

spec = json.load(open(sys.argv[1]))
width, height, count = spec["width"], spec["height"], spec["frames"]
fps = Fraction(spec["fps"][0], spec["fps"][1])
start = Fraction(spec["start_ms"], 1000)
lead = Fraction(spec["lead_ms"], 1000)
linger = Fraction(spec["linger_ms"], 1000)
words = [(Fraction(s, 1000), Fraction(e, 1000)) for s, e in spec["words"]]
pages = spec["pages"]

raw = subprocess.run(
    ["ffmpeg", "-v", "error", "-i", spec["movie"], "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
    capture_output=True, check=True).stdout
frames = np.frombuffer(raw, np.uint8).reshape(-1, height, width, 3).astype(np.int32)
assert len(frames) == count, f"decoded {len(frames)} frames, expected {count}"

page_start = [words[p[0]][0] - lead for p in pages]
page_end = []
for n, p in enumerate(pages):
    end = words[p[-1]][1] + linger
    if n + 1 < len(pages):
        end = min(end, page_start[n + 1])
    page_end.append(end)


def expected(k):
    """The page showing on frame k and each of its words' states, or None. Nothing shows
    before the layer starts, though lead may put a page's start there."""
    t = Fraction(k) / fps - start
    if t < 0:
        return None
    for n, p in enumerate(pages):
        if page_start[n] <= t < page_end[n]:
            states = []
            for j, i in enumerate(p):
                active_from = words[i][0] - lead
                active_to = words[p[j + 1]][0] - lead if j + 1 < len(p) else page_end[n]
                states.append(
                    "upcoming" if t < active_from else "active" if t < active_to else "spoken")
            return n, states
    return None


def classify(frame, box):
    """The look of the ink inside box: the hue most of its coloured pixels have."""
    x, y, w, h = box
    # A pixel in from each side: the box is the word's advance, and its neighbours' ink, a
    # space away, never reaches it.
    x0, y0 = int(round(x)) + 1, int(round(y)) + 1
    x1, y1 = int(round(x + w)) - 1, int(round(y + h)) - 1
    region = frame[max(0, y0):max(0, y1), max(0, x0):max(0, x1)].reshape(-1, 3)
    r, g, b = region[:, 0], region[:, 1], region[:, 2]
    votes = {
        "active": int(np.sum((r > 150) & (g < 100) & (b < 100))),
        "spoken": int(np.sum((g > 150) & (r < 100) & (b < 100))),
        "upcoming": int(np.sum((b > 150) & (r < 100) & (g < 100))),
    }
    best = max(votes, key=votes.get)
    return best if votes[best] >= 4 else "none", votes


def coloured(frame, area):
    x, y, w, h = [int(round(v)) for v in area]
    region = frame[y:y + h, x:x + w].reshape(-1, 3)
    spread = region.max(axis=1) - region.min(axis=1)
    return int(np.sum(spread > 80))


# Everything outside the layer's box is the plate on every frame: a page never draws outside.
ax, ay, aw, ah = [int(round(v)) for v in spec["area"]]
outside = np.ones((height, width), bool)
outside[ay:ay + ah, ax:ax + aw] = False
plate = np.median(frames[0][outside], axis=0)

wrong = 0
seen = {"upcoming": 0, "active": 0, "spoken": 0}
for k in range(count):
    frame = frames[k]
    stray = int(np.sum(np.abs(frame[outside] - plate).max(axis=1) > 24))
    if stray > 0:
        wrong += 1
        print(f"frame {k}: {stray} pixels drawn outside the box")
    showing = expected(k)
    if showing is None:
        ink = coloured(frame, spec["area"])
        if ink > 0:
            wrong += 1
            print(f"frame {k}: no page should show, found {ink} coloured pixels")
        continue
    n, states = showing
    for j, i in enumerate(pages[n]):
        for box in spec["boxes"][i]:
            got, votes = classify(frame, box)
            if got != states[j]:
                wrong += 1
                print(f"frame {k}: page {n + 1} word {i + 1} is {got} {votes}, "
                      f"expected {states[j]}")
            else:
                seen[got] += 1
print(json.dumps({"frames": count, "wrong": wrong, "seen": seen}))
