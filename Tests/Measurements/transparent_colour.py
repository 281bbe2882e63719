#!/usr/bin/env python3
"""How much colour the fully transparent pixels of a picture carry: PNGs read with Pillow,
movies decoded by the ffmpeg command to straight RGBA (every frame). Tools that ignore alpha
show this colour.

usage: transparent_colour.py FILE
prints JSON: {"transparent": pixels of alpha 0, "opaque": pixels of alpha 255,
              "coloured": transparent pixels whose R, G or B is not 0,
              "max": the largest [R, G, B] among them, channel by channel}
"""
import json
import subprocess
import sys

import numpy as np

path = sys.argv[1]
if path.lower().endswith(".png"):
    from PIL import Image
    pictures = np.array(Image.open(path).convert("RGBA"))[np.newaxis]
else:
    probe = json.loads(subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
         "stream=width,height", "-of", "json", path],
        check=True, capture_output=True, text=True).stdout)["streams"][0]
    width, height = int(probe["width"]), int(probe["height"])
    raw = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
        check=True, capture_output=True).stdout
    pictures = np.frombuffer(raw, np.uint8).reshape(-1, height, width, 4)
alpha = pictures[..., 3]
colour = pictures[..., :3][alpha == 0]
coloured = colour[(colour != 0).any(axis=1)]
print(json.dumps({
    "transparent": int((alpha == 0).sum()), "opaque": int((alpha == 255).sum()),
    "coloured": int(len(coloured)),
    "max": [int(v) for v in (coloured.max(axis=0) if len(coloured) else [0, 0, 0])],
}))
