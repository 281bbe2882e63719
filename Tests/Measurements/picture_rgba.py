#!/usr/bin/env python3
"""RGBA of chosen pixels of one frame of a rendered picture file, decoded by tools that share
no code with chromake: Pillow for GIF, animated WebP and PNG (FFmpeg 5.1 cannot decode animated
WebP), the ffmpeg command for movies (with libvpx's own decoder for VP9, which alone reads its
alpha). Also the frame count and, for GIF and WebP, the total duration in milliseconds and the
loop count.

usage: picture_rgba.py FILE FRAME X,Y [X,Y ...]
prints JSON: {"frames": N, "duration_ms": D or null, "loop": L or null, "size": [W, H],
              "pixels": [[R, G, B, A], ...]}
"""
import json
import subprocess
import sys

import numpy as np


def webp_timing(path):
    """The total of an animated WebP's frame durations and its loop count, read from its
    ANMF and ANIM chunks (the RIFF layout of Google's container specification)."""
    data = open(path, "rb").read()
    duration, loop, offset = 0, None, 12
    while offset + 8 <= len(data):
        name, size = data[offset:offset + 4], int.from_bytes(data[offset + 4:offset + 8], "little")
        body = data[offset + 8:offset + 8 + size]
        if name == b"ANIM":
            loop = int.from_bytes(body[4:6], "little")
        elif name == b"ANMF":
            duration += int.from_bytes(body[12:15], "little")
        offset += 8 + size + (size & 1)
    return duration, loop


def pillow(path, frame):
    from PIL import Image
    image = Image.open(path)
    count = getattr(image, "n_frames", 1)
    duration, loop = None, None
    if path.lower().endswith(".webp"):
        duration, loop = webp_timing(path)
    elif path.lower().endswith(".gif"):
        duration = 0
        for k in range(count):
            image.seek(k)
            duration += image.info.get("duration", 0)
        loop = image.info.get("loop")
    image.seek(frame)
    return count, duration, loop, np.array(image.convert("RGBA"))


def ffmpeg(path, frame):
    probe = json.loads(subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
         "stream=codec_name,width,height,nb_read_frames", "-of", "json", path],
        check=True, capture_output=True, text=True).stdout)["streams"][0]
    width, height = int(probe["width"]), int(probe["height"])
    decoder = ["-c:v", "libvpx-vp9"] if probe["codec_name"] == "vp9" else []
    raw = subprocess.run(
        ["ffmpeg", "-v", "error"] + decoder + ["-i", path, "-vf", f"select=eq(n\\,{frame})",
         "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
        check=True, capture_output=True).stdout
    picture = np.frombuffer(raw, np.uint8).reshape(height, width, 4)
    return int(probe["nb_read_frames"]), None, None, picture


def main():
    path, frame = sys.argv[1], int(sys.argv[2])
    points = [tuple(int(v) for v in p.split(",")) for p in sys.argv[3:]]
    read = pillow if path.lower().endswith((".gif", ".webp", ".png")) else ffmpeg
    count, duration, loop, picture = read(path, frame)
    print(json.dumps({
        "frames": count, "duration_ms": duration, "loop": loop,
        "size": [picture.shape[1], picture.shape[0]],
        "pixels": [[int(c) for c in picture[y, x]] for x, y in points],
    }))


main()
