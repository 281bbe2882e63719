#!/usr/bin/env python3
"""The chunks of a PNG file, read by walking its chunk list as the PNG specification lays it
out (shares no code with chromake or FFmpeg), with the values of the colour chunks.

usage: png_chunks.py FILE
prints JSON: {"chunks": ["IHDR", ...], "gAMA": G or null (the stored value, 45455 for 1/2.2),
              "sRGB": intent or null, "cHRM": [8 values] or null}
"""
import json
import sys

data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
chunks, values, offset = [], {"gAMA": None, "sRGB": None, "cHRM": None}, 8
while offset + 8 <= len(data):
    size = int.from_bytes(data[offset:offset + 4], "big")
    name = data[offset + 4:offset + 8].decode("latin-1")
    body = data[offset + 8:offset + 8 + size]
    chunks.append(name)
    if name == "gAMA":
        values["gAMA"] = int.from_bytes(body, "big")
    elif name == "sRGB":
        values["sRGB"] = body[0]
    elif name == "cHRM":
        values["cHRM"] = [int.from_bytes(body[i:i + 4], "big") for i in range(0, 32, 4)]
    offset += 12 + size
print(json.dumps(dict(chunks=chunks, **values)))
