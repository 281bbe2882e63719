#!/usr/bin/env python3
"""Integrated loudness of a movie's first audio stream, measured by pyloudnorm (an ITU-R
BS.1770-4 meter that shares no code with chromake's), after the ffmpeg command decodes it at
its own rate and channel count. Prints JSON: {"integrated": LUFS} (null for silence).

usage: loudness.py MOVIE
"""
import json
import subprocess
import sys

import numpy as np
import pyloudnorm


def probe(path):
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "a:0", "-show_entries",
         "stream=sample_rate,channels", "-of", "json", path],
        check=True, capture_output=True, text=True).stdout
    stream = json.loads(out)["streams"][0]
    return int(stream["sample_rate"]), int(stream["channels"])


def main():
    path = sys.argv[1]
    rate, channels = probe(path)
    raw = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", path, "-map", "0:a:0", "-f", "f32le", "-"],
        check=True, capture_output=True).stdout
    data = np.frombuffer(raw, dtype=np.float32).astype(np.float64).reshape(-1, channels)
    loudness = pyloudnorm.Meter(rate).integrated_loudness(data)
    print(json.dumps({"integrated": loudness if np.isfinite(loudness) else None}))


if __name__ == "__main__":
    main()
