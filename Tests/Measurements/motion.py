#!/usr/bin/env python3
"""Measures motion in a rendered movie, independently of chromake's own code.

The ffmpeg command decodes the movie to raw 8-bit 4:2:0 planes; numpy measures the luma plane
of every frame; the expected values come from the keyframe and easing formulas of
README.md ("Keyframes, motion and any frame size"), written here afresh (CSS cubic-bezier solved by bisection).

Usage: motion.py SPEC.json — SPEC holds the movie, its size and fps, and a list of checks:

  {"kind": "move", "rows": [y0, y1], "size": [w, h], "start": s, "axis": "x",
   "keyframes": [[at, value, ease], ...]}
      the white box in rows y0..y1 (on black) has its left edge (x) at the keyframed value on
      every frame: its luma-weighted centroid less half its width, within `tolerance` px.
  {"kind": "opacity", "rect": [x, y, w, h], "start": s, "keyframes": [...]}
      the mean luma inside rect, as a fraction of white over black, is the keyframed opacity.
  {"kind": "rotation", "centre": [cx, cy], "start": s, "keyframes": [...]}
      the white shape's orientation from its second image moments (degrees clockwise, y down)
      is the keyframed angle (mod 180), and its centroid is the centre.
  {"kind": "rect", "frame": k, "rect": [x, y, w, h]}
      on frame k, the pixels brighter than half-white are exactly the rectangle.

Ease is "linear", "in", "out", "in_out", "hold" or [x1, y1, x2, y2]. Prints one line per check
and ends with `N passed, N failed`; exits 1 when any check fails.
"""

import json
import math
import subprocess
import sys

import numpy as np

BLACK, WHITE = 16.0, 235.0
NAMED = {
    "linear": None,
    "in": (0.42, 0.0, 1.0, 1.0),
    "out": (0.0, 0.0, 0.58, 1.0),
    "in_out": (0.42, 0.0, 0.58, 1.0),
}


def bezier_y(x, x1, y1, x2, y2):
    """CSS cubic-bezier: y where the curve's x equals `x`, by bisection on the parameter."""

    def coord(s, p1, p2):
        return 3 * (1 - s) ** 2 * s * p1 + 3 * (1 - s) * s**2 * p2 + s**3

    lo, hi = 0.0, 1.0
    for _ in range(100):
        mid = (lo + hi) / 2
        if coord(mid, x1, x2) < x:
            lo = mid
        else:
            hi = mid
    return coord((lo + hi) / 2, y1, y2)


def eased(ease, p):
    if ease == "hold":
        return 0.0
    if isinstance(ease, list):
        return bezier_y(p, *ease)
    curve = NAMED[ease]
    return p if curve is None else bezier_y(p, *curve)


def keyframed(keyframes, t):
    """The value at layer time t: held before the first and after the last keyframe."""
    if t <= keyframes[0][0]:
        return keyframes[0][1]
    for (a, va, ease), (b, vb, _) in zip(keyframes, keyframes[1:]):
        if t < b:
            return va + (vb - va) * eased(ease, (t - a) / (b - a))
    return keyframes[-1][1]


def luma_frames(movie, width, height):
    raw = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", movie, "-f", "rawvideo", "-pix_fmt", "yuv420p", "-"],
        check=True,
        capture_output=True,
    ).stdout
    size = width * height * 3 // 2
    count = len(raw) // size
    frames = np.frombuffer(raw[: count * size], dtype=np.uint8).reshape(count, size)
    return frames[:, : width * height].reshape(count, height, width).astype(np.float64)


def weights(luma):
    return np.clip((luma - BLACK) / (WHITE - BLACK), 0.0, 1.0)


def check_move(spec, frames, fps, tolerance):
    y0, y1 = spec["rows"]
    box_w, _ = spec["size"]
    worst, failures = 0.0, []
    for k, frame in enumerate(frames):
        if k / fps < spec["start"]:
            continue  # the layer has not begun
        expected = keyframed(spec["keyframes"], k / fps - spec["start"])
        mass = weights(frame[y0:y1, :]).sum(axis=0)
        if mass.sum() < 1:
            failures.append(f"frame {k}: nothing drawn (expected x {expected:.2f})")
            continue
        centre = (mass * (np.arange(len(mass)) + 0.5)).sum() / mass.sum()
        error = abs(centre - box_w / 2 - expected)
        worst = max(worst, error)
        if error > tolerance:
            failures.append(f"frame {k}: x {centre - box_w / 2:.2f}, expected {expected:.2f}")
    return worst, failures


def check_opacity(spec, frames, fps, tolerance):
    x, y, w, h = spec["rect"]
    worst, failures = 0.0, []
    for k, frame in enumerate(frames):
        expected = min(max(keyframed(spec["keyframes"], k / fps - spec["start"]), 0.0), 1.0)
        measured = weights(frame[y : y + h, x : x + w]).mean()
        error = abs(measured - expected)
        worst = max(worst, error)
        if error > tolerance:
            failures.append(f"frame {k}: opacity {measured:.4f}, expected {expected:.4f}")
    return worst, failures


def check_rotation(spec, frames, fps, tolerance):
    cx, cy = spec["centre"]
    worst, failures = 0.0, []
    for k, frame in enumerate(frames):
        expected = keyframed(spec["keyframes"], k / fps - spec["start"])
        m = weights(frame)
        ys, xs = np.mgrid[0 : m.shape[0], 0 : m.shape[1]] + 0.5
        total = m.sum()
        mx, my = (m * xs).sum() / total, (m * ys).sum() / total
        mu20 = (m * (xs - mx) ** 2).sum() / total
        mu02 = (m * (ys - my) ** 2).sum() / total
        mu11 = (m * (xs - mx) * (ys - my)).sum() / total
        angle = math.degrees(0.5 * math.atan2(2 * mu11, mu20 - mu02))
        error = abs((angle - expected + 90) % 180 - 90)
        off = math.hypot(mx - cx, my - cy)
        worst = max(worst, error)
        if error > tolerance or off > 0.5:
            failures.append(
                f"frame {k}: angle {angle:.2f}°, expected {expected:.2f}° (mod 180); "
                f"centre ({mx:.2f}, {my:.2f}), expected ({cx}, {cy})"
            )
    return worst, failures


def check_rect(spec, frames):
    k = spec["frame"]
    x, y, w, h = spec["rect"]
    lit = frames[k] > (BLACK + WHITE) / 2
    expected = np.zeros_like(lit)
    expected[y : y + h, x : x + w] = True
    wrong = int((lit != expected).sum())
    rows, cols = np.nonzero(lit)
    found = (
        f"[{cols.min()}, {rows.min()}, {cols.max() - cols.min() + 1}, {rows.max() - rows.min() + 1}]"
        if len(rows)
        else "nothing"
    )
    return wrong, ([] if wrong == 0 else [f"frame {k}: lit {found}, expected {spec['rect']}"])


def main():
    with open(sys.argv[1]) as f:
        spec = json.load(f)
    frames = luma_frames(spec["movie"], spec["width"], spec["height"])
    if len(frames) != spec["frames"]:
        print(f"FAIL: {len(frames)} frames decoded, expected {spec['frames']}")
        print("0 passed, 1 failed")
        sys.exit(1)
    passed = failed = 0
    for check in spec["checks"]:
        kind = check["kind"]
        if kind == "move":
            worst, failures = check_move(check, frames, spec["fps"], 1.0)
            what = f"move rows {check['rows']} ease {check['keyframes'][0][2]}: worst {worst:.3f} px"
        elif kind == "opacity":
            worst, failures = check_opacity(check, frames, spec["fps"], 2.5 / (WHITE - BLACK))
            what = f"opacity {check['rect']}: worst {worst:.4f}"
        elif kind == "rotation":
            worst, failures = check_rotation(check, frames, spec["fps"], 1.0)
            what = f"rotation: worst {worst:.3f}°"
        else:
            worst, failures = check_rect(check, frames)
            what = f"rect {check['rect']} on frame {check['frame']}: {worst} pixels differ"
        if failures:
            failed += 1
            print(f"FAIL {what}")
            for line in failures[:8]:
                print(f"  {line}")
        else:
            passed += 1
            print(f"ok   {what}")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
