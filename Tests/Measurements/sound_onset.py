#!/usr/bin/env python3
"""Where a movie's sound begins, as the ffmpeg command decodes it: the first sample, counted
from t = 0 of the file's own timeline (timestamps kept with -copyts, anything before 0, such
as priming a decoder does not skip, cut by atrim), whose level reaches a quarter of the
sound's peak. Also the first video frame's and the first audio frame's time, and the file's
duration, from ffprobe.

usage: sound_onset.py FILE
prints JSON: {"onset": sample index at the file's rate, "rate": Hz, "video_start": s,
              "audio_start": s, "duration": s}
"""
import json
import subprocess
import sys

import numpy as np

path = sys.argv[1]


def probe(stream, entries):
    return json.loads(subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", stream, "-show_entries", entries,
         "-of", "json", path], check=True, capture_output=True, text=True).stdout)


rate = int(probe("a:0", "stream=sample_rate")["streams"][0]["sample_rate"])
first_video = probe("v:0", "packet=pts_time")["packets"]
video_start = min(float(p["pts_time"]) for p in first_video)
first_audio = probe("a:0", "frame=pts_time")["frames"][0]
duration = float(probe("v:0", "format=duration")["format"]["duration"])
raw = subprocess.run(
    ["ffmpeg", "-v", "error", "-copyts", "-i", path, "-map", "0:a:0", "-af",
     "atrim=start=0", "-ac", "1", "-f", "f32le", "-"],
    check=True, capture_output=True).stdout
samples = np.abs(np.frombuffer(raw, np.float32))
onset = int(np.argmax(samples >= samples.max() / 4))
print(json.dumps({
    "onset": onset, "rate": rate, "video_start": video_start,
    "audio_start": float(first_audio["pts_time"]), "duration": duration,
}))
