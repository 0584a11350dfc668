#!/usr/bin/env python3
"""Synthesises every sound of the demo into assets/audio/, and the demo's own
title music into scripts/audio/ (the demo game's folder: a game's audio/
folder is searched before the engine's, so only the demo plays it).

Pure Python (the standard library's `wave`), seeded, so the same run gives
the same PCM. Long clips are encoded to OGG Vorbis with oggenc (Debian's
vorbis-tools): the generator needs it, the build never does. The typewriter
blips stay WAV (a few kilobytes each), so both formats are exercised.

    python3 tools/make-audio.py          # writes assets/audio/*.ogg, *.wav, scripts/audio/title.ogg
    python3 tools/make-audio.py --wav    # keeps everything as WAV (no oggenc)

Loops are made seamless by cross-fading their last second into their first;
every clip is normalised to a peak below 0 dBFS (see PEAK_DB).
"""

import math
import os
import random
import shutil
import subprocess
import sys
import wave

RATE = 44100
PEAK_DB = -1.0  # every clip's peak; the mix gets headroom from per-cue volumes
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "assets", "audio")
GAME_OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "audio")  # the demo's own


# --- Building blocks ----------------------------------------------------------

def silence(seconds):
    return [0.0] * int(seconds * RATE)


def mix_into(buf, clip, start_seconds, gain=1.0):
    start = int(start_seconds * RATE)
    for i, s in enumerate(clip):
        j = start + i
        if j >= len(buf):
            break
        buf[j] += s * gain


def pluck(freq, seconds, rng, brightness=0.5, decay=0.996):
    """Karplus-Strong: a noise burst in a delay line, averaged: a plucked string."""
    period = max(2, int(RATE / freq))
    line = [rng.uniform(-1, 1) for _ in range(period)]
    out = []
    prev = 0.0
    for i in range(int(seconds * RATE)):
        s = line[i % period]
        nxt = line[(i + 1) % period]
        avg = decay * (brightness * s + (1 - brightness) * 0.5 * (s + nxt))
        line[i % period] = avg
        prev = 0.7 * prev + 0.3 * s  # soften the attack
        out.append(prev)
    return fade_edges(out, 0.002, 0.05)


def tone(freq, seconds, partials=(1.0,), attack=0.05, release=0.3, vibrato=0.0):
    """A sum of harmonics with an attack/release envelope (pads, hums)."""
    n = int(seconds * RATE)
    out = []
    for i in range(n):
        t = i / RATE
        f = freq * (1 + vibrato * math.sin(2 * math.pi * 5.0 * t))
        s = 0.0
        for k, a in enumerate(partials, start=1):
            s += a * math.sin(2 * math.pi * f * k * t)
        out.append(s)
    return fade_edges(out, attack, release)


def fade_edges(buf, attack, release):
    a = max(1, int(attack * RATE))
    r = max(1, int(release * RATE))
    n = len(buf)
    for i in range(min(a, n)):
        buf[i] *= i / a
    for i in range(min(r, n)):
        buf[n - 1 - i] *= i / r
    return buf


def noise(seconds, rng):
    return [rng.uniform(-1, 1) for _ in range(int(seconds * RATE))]


def lowpass(buf, cutoff):
    """One-pole low-pass; `cutoff` in Hz, or a list of cutoffs (a sweep)."""
    out = []
    y = 0.0
    for i, x in enumerate(buf):
        c = cutoff[i] if isinstance(cutoff, list) else cutoff
        k = 1 - math.exp(-2 * math.pi * c / RATE)
        y += k * (x - y)
        out.append(y)
    return out


def highpass(buf, cutoff):
    low = lowpass(buf, cutoff)
    return [x - y for x, y in zip(buf, low)]


def envelope(buf, fn):
    return [s * fn(i / RATE) for i, s in enumerate(buf)]


def loopify(buf, fade_seconds=1.0):
    """buf is the loop plus `fade_seconds` more; the extra is cross-faded into
    the start, so the last sample runs on into the first without a click."""
    f = int(fade_seconds * RATE)
    n = len(buf) - f
    out = buf[:n]
    for i in range(f):
        w = i / f
        out[i] = out[i] * w + buf[n + i] * (1 - w)
    return out


def normalise(buf, peak_db=PEAK_DB):
    peak = max(1e-9, max(abs(s) for s in buf))
    g = 10 ** (peak_db / 20) / peak
    return [s * g for s in buf]


def scaled(buf, gain):
    return [s * gain for s in buf]


NOTE = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}


def hz(name):
    """'A4' -> 440, 'C#5', 'Bb3'."""
    semis = NOTE[name[0]]
    rest = name[1:]
    if rest[0] == "#":
        semis, rest = semis + 1, rest[1:]
    elif rest[0] == "b":
        semis, rest = semis - 1, rest[1:]
    return 440.0 * 2 ** ((semis + 12 * (int(rest) - 4)) / 12)


# --- The demo's sounds ---------------------------------------------------------

def porch_music(rng):
    """George and Bob: a light plucked tune, 4 bars at 100 bpm, looped."""
    beat = 0.6
    bars = [("C4", "E4", "G4", "C5"), ("A3", "C4", "E4", "A4"), ("F3", "A3", "C4", "F4"), ("G3", "B3", "D4", "G4")]
    loop = 16 * beat
    buf = silence(loop + 1.0)
    for b, chord in enumerate(bars):
        for k in range(8):
            note = chord[[0, 2, 1, 2, 3, 2, 1, 2][k]]
            mix_into(buf, pluck(hz(note), 1.2, rng), b * 4 * beat + k * beat / 2, 0.5)
        mix_into(buf, pluck(hz(chord[0]) / 2, 2.4, rng, brightness=0.2), b * 4 * beat, 0.6)
    melody = ["E5", None, "G5", "E5", "C5", None, "A4", "C5", "F5", None, "A5", "F5", "D5", None, "B4", "D5"]
    for k, note in enumerate(melody):
        if note:
            mix_into(buf, pluck(hz(note), 0.9, rng, brightness=0.8), k * beat, 0.35)
    # what runs past the loop's end is folded back onto its start
    return normalise(loopify(buf, 1.0), -3.0)


def forest_ambience(rng):
    """Birdsong over a soft pad: the picnic by the oak."""
    loop = 12.0
    buf = silence(loop + 1.0)
    pad = [0.0] * len(buf)
    for note in ("D3", "A3", "F#4"):
        mix_into(pad, tone(hz(note), loop + 1.0, (1, 0.3, 0.1), attack=1.0, release=1.0), 0, 0.18)
    mix_into(buf, pad, 0)
    air = lowpass(noise(loop + 1.0, rng), 600)
    mix_into(buf, air, 0, 0.25)
    for _ in range(14):
        start = rng.uniform(0, loop - 0.5)
        f0 = rng.uniform(2400, 4200)
        chirps = rng.randint(2, 4)
        for c in range(chirps):
            d = 0.07
            chirp = [math.sin(2 * math.pi * (f0 + 900 * math.sin(math.pi * i / (d * RATE))) * i / RATE)
                     for i in range(int(d * RATE))]
            chirp = envelope(chirp, lambda t: math.sin(math.pi * t / d))
            mix_into(buf, chirp, start + c * 0.11, 0.12)
    return normalise(loopify(buf, 1.0), -6.0)


def sea_ambience(rng):
    """Waves: low-passed noise in slow swells."""
    loop = 12.0
    n = noise(loop + 1.0, rng)
    cut = [300 + 500 * (0.5 + 0.5 * math.sin(2 * math.pi * i / RATE / 4.0)) for i in range(len(n))]
    waves = lowpass(lowpass(n, cut), 1200)
    waves = envelope(waves, lambda t: 0.35 + 0.65 * (0.5 + 0.5 * math.sin(2 * math.pi * t / 4.0 - 1.5)) ** 2)
    return normalise(loopify(waves, 1.0), -6.0)


def storm_ambience(rng):
    """Rain (bright noise) and gusting wind (swept low noise)."""
    loop = 12.0
    total = loop + 1.0
    rain = highpass(noise(total, rng), 1500)
    rain = lowpass(rain, 6000)
    wind_raw = noise(total, rng)
    cut = [250 + 350 * (0.5 + 0.5 * math.sin(2 * math.pi * i / RATE / 6.0)) for i in range(len(wind_raw))]
    wind = lowpass(lowpass(wind_raw, cut), 800)
    wind = envelope(wind, lambda t: 0.5 + 0.5 * math.sin(2 * math.pi * t / 6.0) ** 2)
    buf = [0.35 * r + 1.6 * w for r, w in zip(rain, wind)]
    return normalise(loopify(buf, 1.0), -6.0)


def lighthouse_music(rng):
    """A slow minor drone for the lamp room, under the storm."""
    loop = 16.0
    buf = silence(loop + 1.0)
    chords = [("A2", "E3", "C4"), ("F2", "C3", "A3"), ("D2", "A2", "F3"), ("E2", "B2", "G#3")]
    for k, chord in enumerate(chords):
        for note in chord:
            mix_into(buf, tone(hz(note), 4.6, (1, 0.5, 0.25, 0.1), attack=0.8, release=1.2, vibrato=0.002),
                     k * 4.0, 0.2)
    return normalise(loopify(buf, 1.0), -4.0)


def harbour_music(rng):
    """A lilting 6/8 tune for the harbour: plucks over a low hum."""
    loop = 9.6
    buf = silence(loop + 1.0)
    eighth = 0.2
    melody = ["G4", "B4", "D5", "B4", "G4", "B4", "A4", "C5", "E5", "C5", "A4", "C5",
              "D4", "F#4", "A4", "F#4", "D4", "F#4", "G4", "B4", "D5", "G5", "D5", "B4"]
    for rep in range(2):
        for k, note in enumerate(melody):
            mix_into(buf, pluck(hz(note), 0.8, rng, brightness=0.6), rep * 4.8 + k * eighth, 0.4)
    for k, note in enumerate(("G2", "A2", "D2", "G2") * 2):
        mix_into(buf, tone(hz(note), 1.4, (1, 0.4), attack=0.05, release=0.6), k * 1.2, 0.35)
    return normalise(loopify(buf, 1.0), -3.0)


def vibes(freq, seconds, decay=1.1):
    """A soft mallet bar: a fundamental and a faster-fading fourth harmonic, with a slow tremolo."""
    out = []
    for i in range(int(seconds * RATE)):
        t = i / RATE
        s = math.sin(2 * math.pi * freq * t) + 0.22 * math.exp(-t * 5) * math.sin(2 * math.pi * 4 * freq * t)
        out.append(s * math.exp(-t * decay) * (0.85 + 0.15 * math.sin(2 * math.pi * 4.5 * t)))
    return fade_edges(out, 0.004, 0.2)


def chime(freq, seconds):
    """A distant tower bell: hum, prime, minor tierce, quint and nominal, each fading at its own rate."""
    modes = ((0.5, 0.5, 0.35), (1.0, 1.0, 0.8), (1.19, 0.3, 1.1), (1.5, 0.3, 1.3), (2.0, 0.35, 1.6))
    out = []
    for i in range(int(seconds * RATE)):
        t = i / RATE
        out.append(sum(a * math.exp(-t * d) * math.sin(2 * math.pi * freq * r * t) for r, a, d in modes))
    return fade_edges(lowpass(out, 2500), 0.003, 0.5)


def title_music(rng):
    """The demo's title screen: D major, 80 bpm, 8 bars of 4/4 (24 s), looped.

    A tower bell strikes, a vibraphone tune rises over harp arpeggios, a warm
    pad and a plucked bass, with the sea breathing underneath. Each note is
    rendered once and, when it starts in the loop's first second, mixed in a
    second time a loop later, so loopify cross-fades the music into itself and
    the first downbeat keeps its full strength on every repeat.
    """
    beat = 0.75
    bar = 4 * beat
    loop = 8 * bar
    fade = 1.0
    buf = silence(loop + fade)

    def play(clip, t, gain):
        mix_into(buf, clip, t, gain)
        if t < fade:
            mix_into(buf, clip, t + loop, gain)

    # (pad voicing, harp voicing, bass on beat 1, bass on the "and" of beat 3)
    bars = [
        (("A3", "D4", "E4", "F#4"), ("D3", "A3", "E4", "F#4"), "D2", "A2"),   # D add9
        (("F#3", "A3", "B3", "D4"), ("B2", "F#3", "A3", "D4"), "B1", "F#2"),  # Bm7
        (("F#3", "B3", "D4", "G4"), ("G2", "D3", "B3", "F#4"), "G1", "D2"),   # Gmaj7
        (("E3", "A3", "C#4", "E4"), ("A2", "E3", "A3", "C#4"), "A1", "E2"),   # A
        (("F#3", "A3", "D4", "F#4"), ("F#2", "D3", "A3", "D4"), "F#1", "A1"),  # D/F#
        (("G3", "B3", "D4", "G4"), ("G2", "D3", "G3", "B3"), "G1", "D2"),     # G
        (("G3", "B3", "D4", "E4"), ("E2", "B2", "G3", "D4"), "E1", "B1"),     # Em7
        (("E3", "A3", "E4"), ("A2", "E3", "A3", "D4"), "A1", "E2"),           # Asus4, A (below)
    ]
    for b, (pad, harp, bass, bass2) in enumerate(bars):
        start = b * bar
        for note in pad:
            play(tone(hz(note), bar + 1.0, (1, 0.35, 0.12), attack=0.9, release=1.0, vibrato=0.0015), start, 0.07)
        for k, idx in enumerate([0, 1, 2, 1, 3, 1, 2, 1]):
            note = harp[idx]
            if b == 7 and k >= 4 and note == "D4":
                note = "C#4"  # the suspension resolves, for the way back round
            harp_note = lowpass(pluck(hz(note), 1.6, rng, brightness=0.35, decay=0.997), 2500)  # soft fingers
            play(harp_note, start + k * beat / 2, 0.18)
        # the bass low-passed: a soft thumb on a low string, not the pluck's noisy attack
        play(lowpass(pluck(hz(bass), 2.8, rng, brightness=0.15, decay=0.998), 500), start, 0.8)
        play(lowpass(pluck(hz(bass2), 1.4, rng, brightness=0.15, decay=0.998), 500), start + 2.5 * beat, 0.45)
    # bar 8's suspended fourth in the pad, then its resolution
    play(tone(hz("D4"), 2 * beat + 0.6, (1, 0.35, 0.12), attack=0.9, release=0.6, vibrato=0.0015), 7 * bar, 0.07)
    play(tone(hz("C#4"), 2 * beat + 1.0, (1, 0.35, 0.12), attack=0.4, release=1.0, vibrato=0.0015),
         7 * bar + 2 * beat, 0.07)

    # the tune: (bar, beat, note, beats)
    tune = [
        (0, 0, "A4", 1), (0, 1, "D5", 1), (0, 2, "F#5", 1.5), (0, 3.5, "E5", 0.5),
        (1, 0, "D5", 2), (1, 2, "B4", 1), (1, 3, "C#5", 1),
        (2, 0, "B4", 1), (2, 1, "D5", 1), (2, 2, "G5", 1.5), (2, 3.5, "F#5", 0.5),
        (3, 0, "E5", 3.5),
        (4, 0, "F#5", 1), (4, 1, "A5", 1), (4, 2, "G5", 1), (4, 3, "F#5", 1),
        (5, 0, "B5", 1.5), (5, 1.5, "A5", 0.5), (5, 2, "G5", 1), (5, 3, "D5", 1),
        (6, 0, "E5", 1.5), (6, 1.5, "F#5", 0.5), (6, 2, "G5", 1), (6, 3, "B4", 1),
        (7, 0, "D5", 2), (7, 2, "C#5", 2),
    ]
    for b, at, note, beats in tune:
        play(vibes(hz(note), beats * beat + 1.6), b * bar + at * beat, 0.3)

    # the clock tower, far off: once at the top, once halfway, a fourth lower
    play(chime(hz("D4"), 5.0), 0.0, 0.09)
    play(chime(hz("A3"), 5.0), 4 * bar, 0.08)

    # the sea: slow swells of low noise, three to a loop, quietest at the loop point
    swell = 8.0
    n = noise(loop + fade, rng)
    cut = [250 + 450 * (0.5 - 0.5 * math.cos(2 * math.pi * i / RATE / swell)) for i in range(len(n))]
    sea = lowpass(lowpass(lowpass(n, cut), 900), 900)  # duller than ambience_sea: further off
    sea = envelope(sea, lambda t: 0.1 + 0.9 * (0.5 - 0.5 * math.cos(2 * math.pi * t / swell)) ** 2)
    mix_into(buf, sea, 0, 0.5)
    return normalise(loopify(buf, fade), -3.0)


def footstep(rng):
    """A step on boards: a thump and a short scuff."""
    thump = lowpass(noise(0.12, rng), 300)
    thump = envelope(thump, lambda t: math.exp(-t * 40))
    scuff = lowpass(highpass(noise(0.12, rng), 800), 3000)
    scuff = envelope(scuff, lambda t: math.exp(-t * 60))
    return normalise(fade_edges([a * 3 + b for a, b in zip(thump, scuff)], 0.001, 0.02), -3.0)


def door(rng):
    """A creak (a scraped, wobbling tone) and a slam."""
    creak = []
    for i in range(int(0.7 * RATE)):
        t = i / RATE
        f = 180 + 60 * math.sin(2 * math.pi * 3 * t) + 40 * t
        creak.append(math.copysign(abs(math.sin(2 * math.pi * f * t)) ** 0.3, math.sin(2 * math.pi * f * t)))
    creak = lowpass(creak, 1800)
    creak = envelope(creak, lambda t: 0.3 * math.sin(math.pi * t / 0.7))
    slam = lowpass(noise(0.5, rng), 400)
    slam = envelope(slam, lambda t: math.exp(-t * 14))
    buf = silence(1.3)
    mix_into(buf, creak, 0)
    mix_into(buf, slam, 0.72, 2.0)
    return normalise(fade_edges(buf, 0.001, 0.05), -2.0)


def gull(rng):
    """Two falling cries: a tone gliding down with a raspy edge."""
    buf = silence(1.2)
    for start, f0 in ((0.0, 1900), (0.45, 1700)):
        d = 0.35
        cry = []
        phase = 0.0
        for i in range(int(d * RATE)):
            t = i / RATE
            f = f0 - 900 * t / d + 60 * math.sin(2 * math.pi * 28 * t)
            phase += 2 * math.pi * f / RATE
            cry.append(math.sin(phase) + 0.3 * math.sin(2 * phase) + 0.2 * rng.uniform(-1, 1))
        cry = envelope(cry, lambda t: math.sin(math.pi * t / d) ** 0.6)
        mix_into(buf, lowpass(cry, 4000), start)
    return normalise(buf, -3.0)


def thunder(rng):
    """A crack then a long rolling rumble."""
    total = 3.5
    crack = highpass(noise(0.25, rng), 1000)
    crack = envelope(crack, lambda t: math.exp(-t * 25))
    rumble = lowpass(lowpass(noise(total, rng), 120), 200)
    rumble = envelope(rumble, lambda t: (1 - math.exp(-t * 8)) * math.exp(-t * 0.9)
                      * (0.7 + 0.3 * math.sin(2 * math.pi * 1.3 * t)))
    buf = silence(total)
    mix_into(buf, normalise(rumble, 0), 0.05)
    mix_into(buf, crack, 0, 0.6)
    return normalise(fade_edges(buf, 0.001, 0.3), -1.0)


def shimmer(rng):
    """Vesper's entrance: a rising sparkle of bell tones."""
    buf = silence(1.6)
    for k in range(10):
        f = hz("A5") * 2 ** (rng.choice([0, 3, 5, 7, 10, 12]) / 12)
        bell = tone(f, 0.6, (1, 0.4, 0.2), attack=0.005, release=0.55)
        mix_into(buf, bell, k * 0.09, 0.3)
    return normalise(fade_edges(buf, 0.001, 0.1), -4.0)


def blip(freq, shape):
    """A typewriter blip: 45 ms of a soft square or sine."""
    d = 0.045
    out = []
    for i in range(int(d * RATE)):
        t = i / RATE
        s = math.sin(2 * math.pi * freq * t)
        if shape == "square":
            s = math.copysign(abs(s) ** 0.4, s)
        out.append(s)
    out = lowpass(out, 3000)
    return normalise(fade_edges(out, 0.003, 0.03), -6.0)


SOUNDS = {
    # name: (maker, keep as WAV)
    "music_porch": (porch_music, False),
    "ambience_forest": (forest_ambience, False),
    "ambience_sea": (sea_ambience, False),
    "ambience_storm": (storm_ambience, False),
    "music_lighthouse": (lighthouse_music, False),
    "music_harbour": (harbour_music, False),
    "footstep": (footstep, False),
    "door": (door, False),
    "gull": (gull, False),
    "thunder": (thunder, False),
    "shimmer": (shimmer, False),
    "blip_low": (lambda rng: blip(220, "square"), True),
    "blip_mid": (lambda rng: blip(330, "sine"), True),
    "blip_high": (lambda rng: blip(520, "square"), True),
}

GAME_SOUNDS = {
    # the demo game's own sounds, written to scripts/audio/
    "title": (title_music, False),
}


def write_wav(path, buf):
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        frames = bytearray()
        for s in buf:
            v = max(-32768, min(32767, int(round(s * 32767))))
            frames += v.to_bytes(2, "little", signed=True)
        w.writeframes(bytes(frames))


def main():
    keep_wav = "--wav" in sys.argv
    if not keep_wav and not shutil.which("oggenc"):
        sys.exit("make-audio: oggenc not found (apt-get install vorbis-tools), or run with --wav")
    for out, sounds in ((OUT, SOUNDS), (GAME_OUT, GAME_SOUNDS)):
        os.makedirs(out, exist_ok=True)
        for name, (maker, as_wav) in sounds.items():
            buf = maker(random.Random(name))  # each sound its own seed: one changed sound changes no other
            wav = os.path.join(out, name + ".wav")
            write_wav(wav, buf)
            if not (as_wav or keep_wav):
                subprocess.run(["oggenc", "--quiet", "-q", "1", "-o", os.path.join(out, name + ".ogg"), wav],
                               check=True)
                os.remove(wav)
            print("%-18s %5.2f s" % (name, len(buf) / RATE))


if __name__ == "__main__":
    main()
