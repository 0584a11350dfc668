#!/usr/bin/env python3
"""Levels of a 16-bit WAV (what `stagehand --headless --audio OUT.wav` writes),
to judge a mix without speakers: peak and RMS in dBFS, the loudest second,
clipped samples, and the largest jump between neighbouring samples (a click at
a loop point or a cut shows as a jump far above the clip's usual ones).

    python3 tools/audio-levels.py OUT.wav [--png OUT.png]

--png draws the waveform (per-pixel min/max, left channel) over a
spectrogram (0-8 kHz, 1024-point windows), pure Python, no libraries.
"""

import cmath
import math
import struct
import sys
import wave
import zlib


def read(path):
    with wave.open(path, "rb") as w:
        assert w.getsampwidth() == 2, "16-bit WAV only"
        channels, rate = w.getnchannels(), w.getframerate()
        data = w.readframes(w.getnframes())
    samples = struct.unpack("<%dh" % (len(data) // 2), data)
    left = samples[0::channels]
    return left, samples, rate


def db(x):
    return 20 * math.log10(x / 32768) if x > 0 else float("-inf")


def report(path):
    left, samples, rate = read(path)
    peak = max(abs(s) for s in samples) if samples else 0
    rms = math.sqrt(sum(s * s for s in samples) / max(1, len(samples)))
    clipped = sum(1 for s in samples if s in (32767, -32768))
    jumps = [abs(left[i + 1] - left[i]) for i in range(len(left) - 1)]
    worst = max(range(len(jumps)), key=jumps.__getitem__) if jumps else 0
    per_second = []
    for start in range(0, len(left), rate):
        chunk = left[start:start + rate]
        per_second.append(math.sqrt(sum(s * s for s in chunk) / max(1, len(chunk))))
    loudest = max(range(len(per_second)), key=per_second.__getitem__) if per_second else 0
    print("%s: %.2f s, peak %.1f dBFS, RMS %.1f dBFS, loudest second %d s (%.1f dBFS), clipped samples %d, "
          "largest step %d at %.3f s" % (path, len(left) / rate, db(peak), db(rms), loudest,
                                         db(per_second[loudest]) if per_second else float("-inf"), clipped,
                                         jumps[worst] if jumps else 0, worst / rate))


def fft(x):
    n = len(x)
    if n == 1:
        return x
    even, odd = fft(x[0::2]), fft(x[1::2])
    out = [0] * n
    for k in range(n // 2):
        t = cmath.exp(-2j * math.pi * k / n) * odd[k]
        out[k], out[k + n // 2] = even[k] + t, even[k] - t
    return out


def png(path, width, height, rgb):
    raw = b"".join(b"\x00" + bytes(rgb[y * width * 3:(y + 1) * width * 3]) for y in range(height))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def draw(path, out):
    left, _, rate = read(path)
    width, wave_h, spec_h = 1000, 160, 200
    height = wave_h + spec_h
    rgb = bytearray(width * height * 3)
    per = max(1, len(left) // width)
    for x in range(width):
        chunk = left[x * per:(x + 1) * per] or [0]
        lo, hi = min(chunk), max(chunk)
        y0 = int((1 - (hi / 32768 + 1) / 2) * (wave_h - 1))
        y1 = int((1 - (lo / 32768 + 1) / 2) * (wave_h - 1))
        for y in range(y0, y1 + 1):
            i = (y * width + x) * 3
            rgb[i:i + 3] = b"\x40\xc0\xff"
        i = ((wave_h // 2) * width + x) * 3
        rgb[i:i + 3] = b"\x50\x50\x50"
    window = [0.5 - 0.5 * math.cos(2 * math.pi * i / 1023) for i in range(1024)]
    bins = int(8000 / (rate / 1024))
    for x in range(width):
        start = int(x * len(left) / width)
        seg = list(left[start:start + 1024])
        seg += [0] * (1024 - len(seg))
        spectrum = fft([s * w / 32768 for s, w in zip(seg, window)])
        for y in range(spec_h):
            k = int((spec_h - 1 - y) * bins / spec_h)
            level = 20 * math.log10(abs(spectrum[k]) + 1e-9)  # about -60 (quiet) to +30 (loud)
            v = max(0, min(255, int((level + 60) * 255 / 90)))
            i = ((wave_h + y) * width + x) * 3
            rgb[i:i + 3] = bytes((v, v // 2, 255 - v if v else 0))
    png(out, width, height, rgb)
    print("wrote %s" % out)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    report(sys.argv[1])
    if "--png" in sys.argv:
        draw(sys.argv[1], sys.argv[sys.argv.index("--png") + 1])
