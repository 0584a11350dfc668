#!/usr/bin/env python3
"""Re-encodes a PNG written by `stagehand --screenshot` (stored, uncompressed
deflate) with real compression, for committing to docs/. Standard library only."""
import struct
import sys
import zlib


def read_chunks(data):
    pos = 8
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        yield kind, data[pos + 8:pos + 8 + length]
        pos += 12 + length


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def main(src, dst):
    data = open(src, "rb").read()
    header, idat = None, b""
    for kind, body in read_chunks(data):
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    out = data[:8] + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    open(dst, "wb").write(out)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
