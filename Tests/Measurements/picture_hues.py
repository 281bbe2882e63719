#!/usr/bin/env python3
"""The hues in a rectangle of a picture file (PNG), decoded by Pillow and measured by numpy,
sharing no code with chromake: how many pixels differ from the background, and which 30-degree
hue bins hold at least 1 % of them among the saturated ones (saturation above 0.4, value above
0.2). A colour emoji fills several bins; white or grey text none.

usage: picture_hues.py FILE X Y WIDTH HEIGHT R,G,B
(R,G,B: the background's colour; a pixel within 24 of it in every channel is background)
prints JSON: {"drawn": N, "saturated": S, "hue_bins": [bin, ...], "box": [x0, y0, x1, y1] or null}
"""
import json
import sys

import numpy as np
from PIL import Image


def main():
    path, x, y, width, height, background = sys.argv[1:7]
    x, y, width, height = int(x), int(y), int(width), int(height)
    plate = np.array([int(v) for v in background.split(",")], dtype=float)
    rgb = np.asarray(Image.open(path).convert("RGB"), dtype=float)[y:y + height, x:x + width]
    drawn = np.any(np.abs(rgb - plate) > 24, axis=2)
    pixels = rgb[drawn] / 255.0
    high = pixels.max(axis=1) if len(pixels) else np.zeros(0)
    low = pixels.min(axis=1) if len(pixels) else np.zeros(0)
    chroma = high - low
    saturated = (high > 0.2) & (chroma > 0.4 * np.maximum(high, 1e-9))
    bins = []
    if saturated.any():
        r, g, b = pixels[saturated].T
        c = chroma[saturated]
        h = high[saturated]
        hue = np.where(h == r, (g - b) / c, np.where(h == g, (b - r) / c + 2, (r - g) / c + 4))
        hue = np.mod(hue * 60, 360)
        counts = np.bincount((hue // 30).astype(int), minlength=12)
        bins = [int(i) for i in np.nonzero(counts * 100 >= drawn.sum())[0]]
    box = None
    if drawn.any():
        rows, columns = np.nonzero(drawn)
        box = [int(columns.min()) + x, int(rows.min()) + y, int(columns.max()) + x,
               int(rows.max()) + y]
    print(json.dumps({"drawn": int(drawn.sum()), "saturated": int(saturated.sum()),
                      "hue_bins": bins, "box": box}))


if __name__ == "__main__":
    main()
