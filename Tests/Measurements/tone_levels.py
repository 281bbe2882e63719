#!/usr/bin/env python3
"""The level of pure tones in spans of a movie's sound: the judge of ducking, not chromake's code.

ffmpeg decodes the first audio stream to 48 kHz mono float; for each span and frequency numpy
measures the tone's amplitude by correlating with a sine and a cosine of that frequency (a
lock-in measurement, blind to the other tones when each span holds whole periods of both), and
prints it in dBFS as JSON: {"spans": [{"start": s, "end": s, "levels": {"440": dB, ...}}]}.

usage: tone_levels.py MOVIE FREQ[,FREQ...] START:END [START:END ...]
"""
import json
import subprocess
import sys

import numpy as np

RATE = 48000


def decode(path):
    raw = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", path, "-map", "0:a:0", "-ac", "1", "-ar", str(RATE),
         "-f", "f32le", "-"],
        check=True, capture_output=True).stdout
    return np.frombuffer(raw, dtype=np.float32).astype(np.float64)


def amplitude(samples, frequency, start):
    t = (np.arange(len(samples)) + start) / RATE
    i = 2 * np.mean(samples * np.sin(2 * np.pi * frequency * t))
    q = 2 * np.mean(samples * np.cos(2 * np.pi * frequency * t))
    return float(np.hypot(i, q))


def main():
    movie, frequencies, spans = sys.argv[1], sys.argv[2], sys.argv[3:]
    sound = decode(movie)
    result = []
    for span in spans:
        start, end = (float(x) for x in span.split(":"))
        a, b = int(round(start * RATE)), int(round(end * RATE))
        part = sound[a:b]
        levels = {}
        for f in frequencies.split(","):
            amp = amplitude(part, float(f), a)
            levels[f] = 20 * np.log10(amp) if amp > 0 else -200.0
        result.append({"start": start, "end": end, "levels": levels})
    print(json.dumps({"spans": result}))


if __name__ == "__main__":
    main()
