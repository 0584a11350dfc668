#!/usr/bin/env python3
"""Paints the demo's cast (scripts/Demo.lua) as pictures, and makes them move.

For every character but the clock tower's three it paints the stills
scripts/images/NAME/neutral.png, happy.png and worried.png (front view, the
feet on the bottom edge, centred), and for every character, Hester, Kit and
Bram included, the frames the engine animates a sprite with:
  NAME/MOOD_talk_1.png, MOOD_talk_2.png   the mouth half open, then open
  NAME/MOOD_blink_1.png                   the eyes closed
  NAME/walk_right_1..4.png                side view, a walk cycle facing right
  NAME/walk_down_1..4.png, walk_up_1..4   front and back views, legs alternating
(MOOD is neutral, happy or worried; walk_left is walk_right mirrored by the
engine). All the pictures of one character share a canvas size, their feet on
the same bottom-centre pixel. The cast: George and Bob (the porch), Jackie,
Jon, Kayla and Colin (children, the forest) and Vesper the wizard, Rhea and
Otto (the dock), Maren the lighthouse keeper and the visitor ("You"), Ines and
Pell the fisherman (the harbour), Wren and Tam (the cove). Hester, Kit and
Bram's stills are tools/make-demo-art.py's: this script paints only their
frames, from that script's own drawing functions and parts.

Run from the repository root:
  python3 tools/make-cast-art.py [--out DIR] [--only NAME ...]
--out writes the same files under DIR/scripts/images/ instead; --only paints
just the named characters. Standard library only: it imports make-demo-art.py's
Canvas, shapes and PNG writer, so running it again gives the same bytes. Like
the rest of scripts/images the pictures are ours, made here from shapes, and
free for anyone to copy, change and ship (CC0 1.0: scripts/images/LICENSE)."""
import importlib.util
import math
import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
_SPEC = importlib.util.spec_from_file_location("make_demo_art", os.path.join(_HERE, "make-demo-art.py"))
demo = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(demo)

Canvas, write_png, shade, mix, INK = demo.Canvas, demo.write_png, demo.shade, demo.mix, demo.INK

EYE = (36, 30, 34)
LIP = (120, 50, 50)
MOUTH = (96, 36, 42)
TONGUE = (218, 116, 112)
BLUSH = (232, 120, 110)
MOODS = ("neutral", "happy", "worried")


def rgb(text):
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


def inked(draw, *args, grow=1.5, **kw):
    """A shape with an ink edge: the shape grown in ink, then the shape."""
    colour = args[-1]
    draw(*args[:-1], INK, grow=grow, **kw)
    draw(*args[:-1], colour, **kw)


def line(c, points, width, colour, edge=3.0):
    """A thick round-capped line with an ink edge."""
    c.stroke(points, width + edge, INK)
    c.stroke(points, width, colour)


def half_ellipse(c, cx, top, rx, ry, colour):
    """The lower half of an ellipse, flat side up: an open mouth."""
    c.polygon([(cx + rx * math.cos(math.radians(a)), top + ry * math.sin(math.radians(a))) for a in range(0, 181, 15)],
              colour)


# ---------------------------------------------------------------------------
# Faces: make-demo-art.py's face (the same shapes when the mouth is closed and
# the eyes open), with a talking mouth, closed eyes and a scale for children
# ---------------------------------------------------------------------------


def face(c, cx, cy, mood, skin, glasses=False, mouth="closed", eyes="open", s=1.0, eye_s=1.0, brow=EYE,
         lashes=False):
    if eyes == "open":
        if mood == "happy":
            for ex in (cx - 9 * s, cx + 9 * s):
                c.arc(ex, cy + 1 * s, 4.5 * s * eye_s, 200, 340, 2, EYE)
        else:
            for ex in (cx - 9 * s, cx + 9 * s):
                c.ellipse(ex, cy, 2.6 * s * eye_s, 3.2 * s * eye_s, EYE)
                if eye_s > 1:  # children's eyes: bigger, with a glint
                    c.ellipse(ex + 0.8 * s, cy - 1.2 * s, 0.9 * s, 0.9 * s, (250, 250, 250))
    elif mood == "happy":
        for ex in (cx - 9 * s, cx + 9 * s):
            c.arc(ex, cy + 2 * s, 4.5 * s * eye_s, 200, 340, 2, EYE, ry=2.2 * s)
    else:
        for ex in (cx - 9 * s, cx + 9 * s):
            c.arc(ex, cy - 0.5 * s, 3.6 * s * eye_s, 20, 160, 2, EYE, ry=2.0 * s)
    if lashes and eyes == "open" and mood != "happy":
        for side in (-1, 1):
            ex = cx + side * 9 * s
            c.stroke([(ex + side * 2.2 * s, cy - 2.4 * s), (ex + side * 4.4 * s, cy - 4 * s)], 1.3, EYE)
    if mood == "happy":
        c.ellipse(cx - 14 * s, cy + 9 * s, 4 * s, 2.5 * s, BLUSH, 0.45)
        c.ellipse(cx + 14 * s, cy + 9 * s, 4 * s, 2.5 * s, BLUSH, 0.45)
        if mouth == "closed":
            c.arc(cx, cy + 6 * s, 9 * s, 20, 160, 2.4, LIP)
        elif mouth == "half":
            half_ellipse(c, cx, cy + 10 * s, 7 * s, 3.8 * s, MOUTH)
        else:
            half_ellipse(c, cx, cy + 9.5 * s, 7.5 * s, 6.5 * s, MOUTH)
            c.ellipse(cx, cy + 13.6 * s, 4 * s, 2 * s, TONGUE)
    else:
        if mood == "worried":  # brows up in the middle, a small turned-down mouth
            c.stroke([(cx - 14 * s, cy - 7 * s), (cx - 5 * s, cy - 11 * s)], 2, brow)
            c.stroke([(cx + 5 * s, cy - 11 * s), (cx + 14 * s, cy - 7 * s)], 2, brow)
            if mouth == "closed":
                c.arc(cx, cy + 17 * s, 6 * s, 205, 335, 2.2, LIP)
            elif mouth == "half":
                c.ellipse(cx, cy + 13.5 * s, 3.2 * s, 2.3 * s, MOUTH)
            else:
                c.ellipse(cx, cy + 14 * s, 3.8 * s, 4.2 * s, MOUTH)
        else:
            c.stroke([(cx - 13 * s, cy - 8 * s), (cx - 5 * s, cy - 8 * s)], 2, brow)
            c.stroke([(cx + 5 * s, cy - 8 * s), (cx + 13 * s, cy - 8 * s)], 2, brow)
            if mouth == "closed":
                c.stroke([(cx - 5 * s, cy + 12 * s), (cx + 5 * s, cy + 12 * s)], 2.2, LIP)
            elif mouth == "half":
                c.ellipse(cx, cy + 12 * s, 4.2 * s, 2.2 * s, MOUTH)
            else:
                c.ellipse(cx, cy + 12.5 * s, 4.8 * s, 4.2 * s, MOUTH)
                c.ellipse(cx, cy + 14.6 * s, 3 * s, 1.6 * s, TONGUE)
    c.ellipse(cx + 1 * s, cy + 5 * s, 2.2 * s, 2.2 * s, shade(skin, 0.86))
    if glasses:
        for ex in (cx - 9 * s, cx + 9 * s):
            c.arc(ex, cy, 6.5 * s, 0, 360, 1.4, (70, 60, 60))
        c.stroke([(cx - 2.5 * s, cy), (cx + 2.5 * s, cy)], 1.4, (70, 60, 60))


def profile(c, p, skin, mood="neutral", glasses=False, brow=EYE):
    """The face side on, looking right: an eye, a brow, the mouth; the nose is the head's."""
    hx, hy, r, s = p.hx, p.fy, p.r, p.look["s"]
    ex = hx + r * 0.52
    c.ellipse(ex, hy, 2.3 * s * p.look["eye_s"], 3.1 * s * p.look["eye_s"], EYE)
    c.stroke([(ex - 4 * s, hy - 8 * s), (ex + 3 * s, hy - 8.5 * s)], 2, brow)
    c.stroke([(hx + r * 0.58, hy + 11.5 * s), (hx + r * 0.84, hy + 11 * s)], 2, LIP)
    if mood == "happy":
        c.ellipse(hx + r * 0.35, hy + 8 * s, 3.5 * s, 2.2 * s, BLUSH, 0.45)
    if glasses:
        c.arc(ex, hy, 5.5 * s, 0, 360, 1.4, (70, 60, 60))
        c.stroke([(ex - 5.5 * s, hy - 1), (hx - r * 0.25, hy - 2)], 1.4, (70, 60, 60))


# ---------------------------------------------------------------------------
# A figure in a pose: the front, the back or the side (looking right)
# ---------------------------------------------------------------------------

# The walk cycle side on, four frames: (thigh angle, knee bend, toe angle) of the
# near and the far leg, and the swing of the near and the far arm (degrees,
# forward positive). Contact, passing, the other contact, the other passing.
SIDE_STEPS = (
    ((22, 2, -14), (-22, 20, 32), -18, 20),
    ((3, 4, 0), (16, 50, 28), -4, 5),
    ((-22, 20, 32), (22, 2, -14), 20, -18),
    ((16, 50, 28), (3, 4, 0), 5, -4),
)


class Pose:
    """Where a figure's parts are in one picture. view: front, back or side; step: None or 0..3."""

    def __init__(self, look, view="front", step=None, mood="neutral", mouth="closed", eyes="open"):
        L = look
        self.look, self.view, self.step, self.mood, self.mouth, self.eyes = L, view, step, mood, mouth, eyes
        self.cx = L["w"] / 2
        self.ground = L["h"] - 7 + L["shoe_ry"] + 1.2  # where the front view's shoes end
        self.dy = 0.0
        self.legs, self.arms = [], []
        if view == "side":
            self._side_walk(step or 0) if step is not None else self._side_walk(None)
        else:
            self._front_legs(step)
        self.hx = self.cx + (2 if view == "side" else 0)
        self.r = L["head_r"]
        self.hy = L["head_y"] + self.dy
        self.fy = self.hy + L["face_dy"]
        self.sy = L["shoulder_y"] + self.dy
        self.hem = L["hem"] + self.dy
        self.half, self.flare = L["half"], L["flare"]
        self.d = L["depth"]

    # -- legs and arms ------------------------------------------------------
    def _front_legs(self, step):
        L = self.look
        lift = {None: (0, 0), 0: (L["lift"], 0), 1: (0, 3), 2: (0, L["lift"]), 3: (3, 0)}[step]
        if self.view == "back" and step in (1, 3):
            lift = (lift[1], lift[0])  # seen from behind, the back foot is the near one
        self.dy = -2.0 if step in (0, 2) else 0.0
        for side, up in zip((-1, 1), lift):
            self.legs.append((side, up))
        # Arms swing against the legs: the arm opposite the forward leg comes forward.
        swing = {None: (0, 0), 0: (0, 0), 1: (-1, 1), 2: (0, 0), 3: (1, -1)}[step]
        self.arm_swing = swing

    def _side_walk(self, step):
        L = self.look
        hip_x, hip_y = self.cx - 1, L["hip_y"]
        length = self.ground - 7.5 - hip_y
        if step is None:
            near, far, an, af = (4, 4, 0), (-4, 4, 0), -3, 3
        else:
            near, far, an, af = SIDE_STEPS[step]
        chains = []
        for th, kn, toe in (far, near):
            a, b = math.radians(th), math.radians(th - kn)
            knee = (hip_x + length / 2 * math.sin(a), hip_y + length / 2 * math.cos(a))
            ankle = (knee[0] + length / 2 * math.sin(b), knee[1] + length / 2 * math.cos(b))
            t = math.radians(toe)
            foot = L["foot"]
            heel = (ankle[0] - 3, ankle[1] + 3)
            tip = (ankle[0] + foot * math.cos(t), ankle[1] + 3 + foot * math.sin(t))
            chains.append([(hip_x, hip_y), knee, ankle, heel, tip])
        bottom = max(max(ch[3][1], ch[4][1]) for ch in chains) + L["shoe_w"] / 2 + 1.5  # the shoe's ink edge
        self.dy = self.ground - bottom
        self.legs = [[(x, y + self.dy) for x, y in ch] for ch in chains]
        self.arm_angles = (af, an)

    def arm_points(self, side):
        """Front and back views: shoulder, elbow, hand of the arm on `side` (-1 left, 1 right)."""
        L, cx = self.look, self.cx
        sx, sy = cx + side * (L["half"] - 4), self.sy + L["arm_dy"]
        n = L["arm_len"]
        mood = self.mood if self.view == "front" else "neutral"
        if self.view == "front" and self.step is None and mood == "happy" and side == L["wave_side"]:
            k = n / 76
            return [(sx, sy), (sx + side * 16 * k ** 0.3, sy - 10 * k), (sx + side * 20 * k ** 0.3, sy - 40 * k)]
        if self.view == "front" and self.step is None and mood == "worried":
            wy = sy + L["worried_dy"]
            return [(sx, sy), (sx + side * 6, wy + 6), (cx + side * 6, wy)]
        swing = 0 if self.step is None else self.arm_swing[0 if side < 0 else 1]
        if self.view == "back":
            swing = -swing
        return [(sx, sy), (sx + side * 5, sy + n * 0.53 - abs(swing) * 2),
                (sx + side * (3 + 3 * swing), sy + n - 3 * abs(swing) - (3 if swing > 0 else 0))]

    def side_arm(self, which):
        L = self.look
        n = L["arm_len"]
        sx, sy = self.cx, self.sy + L["arm_dy"]
        phi = math.radians(self.arm_angles[which])
        bend = math.radians(12 + max(0, self.arm_angles[which]) * 0.6)
        elbow = (sx + n * 0.5 * math.sin(phi), sy + n * 0.5 * math.cos(phi))
        hand = (elbow[0] + n * 0.5 * math.sin(phi + bend), elbow[1] + n * 0.5 * math.cos(phi + bend))
        return [(sx, sy), elbow, hand]

    # -- the torso's edges ---------------------------------------------------
    def edge(self, y, side):
        """x of the torso's edge at height y (side -1 left/back, 1 right/front)."""
        t = max(0.0, min(1.0, (y - self.sy) / (self.hem - self.sy)))
        if self.view == "side":
            return self.cx + (self.d + self.flare * (0.5 if side > 0 else 0.7) * t) * side
        return self.cx + side * (self.half + self.flare * t)

    def torso(self):
        sy, hem = self.sy, self.hem
        if self.view == "side":
            front, back = self.edge(hem, 1), self.edge(hem, -1)
            if self.look["long"] and self.step is not None:
                tips = [leg[4][0] for leg in self.legs] + [leg[3][0] for leg in self.legs]
                front = max(front, max(tips) - 6)
                back = min(back, min(tips) + 2)
            return [(self.cx - self.d, sy), (self.cx + self.d, sy), (front, hem), (back, hem)]
        return [(self.cx - self.half, sy), (self.cx + self.half, sy), (self.edge(hem, 1), hem),
                (self.edge(hem, -1), hem)]


def draw_figure(pose, hooks):
    """Paints one picture of a character: `hooks` paints its own layers (behind, body, hair, top)."""
    p, L = pose, pose.look
    c = Canvas(L["w"], L["h"], alpha=0.0)
    hook = hooks.get
    if hook("behind"):
        hooks["behind"](c, p)
    sleeve, skin, hand = L["sleeve"], L["skin"], L.get("hand", L["skin"])
    if p.view == "side":
        far_arm = p.side_arm(0)
        line(c, far_arm, L["arm_w"], shade(sleeve, 0.78))
        if L.get("forearm"):
            c.stroke(far_arm[1:], L["arm_w"] - 1.5, shade(L["forearm"], 0.85))
        c.ellipse(far_arm[-1][0], far_arm[-1][1] + 1, L["hand_r"] + 1.4, L["hand_r"] + 1.4, INK)
        c.ellipse(far_arm[-1][0], far_arm[-1][1] + 1, L["hand_r"], L["hand_r"], shade(hand, 0.85))
        for k, leg in enumerate(p.legs):
            dark = 0.78 if k == 0 else 1.0
            hip, knee, ankle, heel, tip = leg
            upper, lower = L["legs"]
            c.stroke([hip, knee, ankle], L["leg_w"] + 3, INK)
            c.stroke([knee, ankle], L["leg_w"], shade(lower, dark))
            c.stroke([hip, knee], L["leg_w"], shade(upper, dark))
            line(c, [heel, tip], L["shoe_w"], shade(L["shoes"], dark))
            if hook("foot"):
                hooks["foot"](c, p, heel, tip, dark)
    else:
        order = sorted(p.legs, key=lambda leg: -leg[1])  # the raised (farther) foot first
        cx, hw = p.cx, L["leg_hw"]
        for side, up in order:
            x = cx + side * L["leg_x"]
            top, bottom = p.hem - 6, L["h"] - 8 - up
            upper, lower = L["legs"]
            c.rect(x - hw - 1.5, top, x + hw + 1.5, bottom, INK)
            knee = top + (bottom - top) * L["knee_at"]
            c.rect(x - hw, top, x + hw, knee, upper)
            if lower != upper:
                c.rect(x - hw, knee, x + hw, bottom - 1, lower)
            else:
                c.rect(x - hw, top, x + hw, bottom - 1, upper)
            fx, fy = cx + side * (L["leg_x"] + 2), L["h"] - 7 - up
            rx, ry = L["shoe_rx"], L["shoe_ry"] * (0.8 if up > 4 else 1)
            c.ellipse(fx, fy, rx + 1.5, ry + 1.2, INK)
            c.ellipse(fx, fy - 0.5, rx, ry, L["shoes"])
            if hook("foot"):
                hooks["foot"](c, p, (fx - rx, fy), (fx + rx, fy), 1.0)
    body = p.torso()
    c.polygon(body, INK, grow=1.5)
    c.polygon(body, L["coat"])
    if p.view == "side":
        c.polygon([(p.cx + p.d * 0.35, p.sy), (p.cx + p.d, p.sy), body[2], (body[2][0] - p.d * 0.8, p.hem)],
                  shade(L["coat"], 0.86))
    else:
        c.polygon([(p.cx + 4, p.sy), (p.cx + p.half, p.sy), body[2], (p.cx + 8, p.hem)], shade(L["coat"], 0.84))
    if hook("body"):
        hooks["body"](c, p)
    if p.view == "side":
        arms = [p.side_arm(1)]
    else:
        arms = [p.arm_points(-1), p.arm_points(1)]
    for points in arms:
        c.stroke(points, L["arm_w"] + 3, INK)
        c.stroke(points, L["arm_w"], sleeve)
        if L.get("forearm"):
            mid = ((points[0][0] + points[1][0] * 3) / 4, (points[0][1] + points[1][1] * 3) / 4)
            c.stroke([mid] + points[1:], L["arm_w"] - 1.5, L["forearm"])
        if L.get("cuff"):
            c.ellipse(points[-1][0], points[-1][1] - 3, L["arm_w"] / 2 + 0.5, 3, L["cuff"])
        c.ellipse(points[-1][0], points[-1][1] + 2, L["hand_r"] + 1.4, L["hand_r"] + 1.4, INK)
        c.ellipse(points[-1][0], points[-1][1] + 2, L["hand_r"], L["hand_r"], hand)
    if hook("arms"):
        hooks["arms"](c, p)
    # Neck and head; side on, a nose.
    r = p.r
    c.ellipse(p.hx, p.hy + r, 8 * L["s"], 8 * L["s"], shade(skin, 0.85))
    if p.view == "side":
        nose = (p.hx + r * 0.98, p.fy + 4 * L["s"])
        c.ellipse(nose[0], nose[1], 3.4 * L["s"], 3.0 * L["s"], INK, grow=1.5)
    c.ellipse(p.hx, p.hy, r, r * 1.08, INK, grow=1.5)
    c.ellipse(p.hx, p.hy, r, r * 1.08, skin)
    if p.view == "side":
        c.ellipse(nose[0], nose[1], 3.4 * L["s"], 3.0 * L["s"], skin)
    if hook("hair"):
        hooks["hair"](c, p)
    if p.view == "front":
        face(c, p.cx, p.fy, p.mood, skin, L["glasses"], p.mouth, p.eyes, L["s"], L["eye_s"], L["brow"],
             L["lashes"])
    elif p.view == "side":
        profile(c, p, skin, glasses=L["glasses"], brow=L["brow"])
    if hook("top"):
        hooks["top"](c, p)
    return c


# ---------------------------------------------------------------------------
# Parts many characters share: hair in three views, buttons
# ---------------------------------------------------------------------------


def hair_shape(p, fringe, back, drop, out):
    """The distance to a head of hair that hugs the head (grown by `out`): above a fringe line
    `fringe` radii above the face's middle that falls by `drop` radii at the temples; side on,
    also the back of the head down to `back`; from behind, all of it down to `back`."""
    hx, hy, r = p.hx, p.hy, p.r
    rx, ry = r + out, r * 1.08 + out
    m = min(rx, ry)
    view = p.view

    def distance(x, y):
        head = (math.hypot((x - hx) / rx, (y - hy) / ry) - 1) * m
        if view == "back":
            return max(head, y - (hy + back * r))
        u = (x - hx) / r
        if view == "side":
            above = y - (hy + (fringe + drop * min(1.0, max(0.0, -u + 0.2)) ** 2) * r)
            behind = max(x - (hx + 0.05 * r - 0.3 * (y - hy)), y - (hy + back * r))
            return max(head, min(above, behind))
        return max(head, y - (hy + (fringe + drop * u * u) * r))

    return (hx - rx - 2, hy - ry - 2, hx + rx + 2, hy + ry + 2), distance


def hair(c, p, colour, fringe=-0.42, locks=0.45, back=0.9, width=1.06, bald=False, out=2.0):
    """A head of hair: down to `fringe` over the forehead, `locks` lower at the temples, down the
    back of the head to `back` (radii from the face's middle)."""
    hx, hy, r = p.hx, p.hy, p.r
    if bald:
        if p.view == "front":
            if locks:
                for side in (-1, 1):
                    c.ellipse(hx + side * r * 0.9, hy + r * (0.05 - locks * 0.3), r * 0.18, r * locks, colour)
        elif p.view == "back":
            inked(c.ellipse, hx, hy + r * 0.45, r * 1.0, r * 0.5, colour, grow=1.2)
            c.ellipse(hx, hy - r * 0.1, r * 0.9, r * 0.62, p.look["skin"])
        else:
            inked(c.ellipse, hx - r * 0.55, hy + r * 0.2, r * 0.42, r * 0.5, colour, grow=1.2)
            ear(c, p)
        return
    box, distance = hair_shape(p, fringe, max(back, 0.92) if p.view == "back" else back, locks * 1.6,
                               out + (width - 1.06) * r)
    c.paint(box, lambda x, y: distance(x, y) - 1.2, INK)
    c.paint(box, distance, colour)
    shine = mix(colour, (255, 255, 255), 0.25)
    if p.view == "front":
        c.arc(hx - r * 0.3, hy - r * 0.2, r * 0.62, 215, 260, 2.2, shine, 0.8)
    elif p.view == "back":
        c.arc(hx - r * 0.1, hy - r * 0.1, r * 0.7, 200, 250, 2.2, shine, 0.8)
        c.arc(hx + r * 0.1, hy + r * 0.2, r * 0.6, 290, 330, 1.6, shade(colour, 0.8), 0.8)
    else:
        c.arc(hx - r * 0.2, hy - r * 0.1, r * 0.7, 200, 250, 2.2, shine, 0.8)
    if p.view == "side":
        ear(c, p)


def ear(c, p):
    inked(c.ellipse, p.hx - p.r * 0.08, p.fy + p.r * 0.08, p.r * 0.17, p.r * 0.25, p.look["skin"], grow=1.0)
    c.arc(p.hx - p.r * 0.08, p.fy + p.r * 0.08, p.r * 0.08, 120, 300, 1.0, shade(p.look["skin"], 0.8),
          ry=p.r * 0.14)


def buttons(c, p, ys, colour, x=None):
    if p.view == "back":
        return
    for y in ys:
        bx = (p.cx - 3 if x is None else p.cx + x) if p.view == "front" else p.edge(y + p.dy, 1) - 4
        c.ellipse(bx, y + p.dy, 2, 2, colour)


def on_front(p, dx=0.0):
    """x of a point on the figure's front: the middle facing us, or the chest's edge side on."""
    return p.cx + dx if p.view != "side" else p.cx + p.d - 4


# ---------------------------------------------------------------------------
# The cast
# ---------------------------------------------------------------------------

ADULT = dict(w=120, h=230, head_y=64, head_r=23, face_dy=4, shoulder_y=94, half=24, depth=15, flare=10, hem=196,
             hip_y=178, leg_x=12, leg_hw=5.5, knee_at=0.5, leg_w=11, foot=11, shoe_w=9, shoe_rx=9.5, shoe_ry=4.8,
             arm_w=13, arm_len=76, arm_dy=8, hand_r=5.6, worried_dy=32, wave_side=1, lift=8, s=1.0, eye_s=1.0,
             brow=EYE, glasses=False, lashes=False, long=False, knee_upper=True)
CHILD = dict(ADULT, w=100, h=170, head_y=44, head_r=20, face_dy=3, shoulder_y=70, half=16, depth=11, flare=6,
             hem=122, hip_y=116, leg_x=8, leg_hw=4.5, leg_w=9, foot=9, shoe_w=8, shoe_rx=7.5, shoe_ry=4.2, arm_w=10,
             arm_len=50, arm_dy=6, hand_r=4.6, worried_dy=20, lift=6, s=0.86, eye_s=1.25)


def look(base, **kw):
    L = dict(base, **kw)
    L.setdefault("sleeve", L["coat"])
    if "legs" not in L:
        L["legs"] = (L["trousers"], L["trousers"])
    return L


def hester_look():
    return look(ADULT, head_y=62, head_r=24, shoulder_y=92, hem=200, hip_y=182, coat=(120, 80, 60),
                trousers=(90, 70, 60), skin=(238, 200, 170), shoes=(60, 44, 40), glasses=True, long=True)


def hester_hooks():
    hair_c = (200, 200, 206)
    apron, band = (104, 150, 112), (84, 124, 92)

    def body(c, p):
        dy = p.dy
        if p.view == "front":
            cx = p.cx
            c.polygon([(cx - 20, 110 + dy), (cx + 20, 110 + dy), (cx + 26, 196 + dy), (cx - 26, 196 + dy)], apron)
            c.rect(cx - 26, 110 + dy, cx + 26, 116 + dy, band)
            c.ellipse(cx + 10, 150 + dy, 8, 6, (70, 104, 78))
            c.stroke([(cx + 12, 146 + dy), (cx + 14, 132 + dy)], 2.2, (200, 190, 90))
        elif p.view == "back":
            c.rect(p.edge(110 + dy, -1), 110 + dy, p.edge(110 + dy, 1), 116 + dy, band)
            c.ellipse(p.cx - 5, 114 + dy, 5, 3.5, band)
            c.ellipse(p.cx + 5, 114 + dy, 5, 3.5, band)
            c.stroke([(p.cx - 2, 116 + dy), (p.cx - 6, 134 + dy)], 2.5, band)
            c.stroke([(p.cx + 2, 116 + dy), (p.cx + 6, 134 + dy)], 2.5, band)
        else:
            front = p.torso()[2][0]
            c.polygon([(p.edge(110 + dy, 1) - 6, 110 + dy), (p.edge(110 + dy, 1) + 1, 110 + dy),
                       (front + 2, p.hem - 4), (front - 12, p.hem - 4)], apron)
            c.rect(p.edge(110 + dy, -1), 110 + dy, p.edge(110 + dy, 1) + 1, 116 + dy, band)

    def hair_(c, p):
        hx, hy = p.hx, p.hy
        if p.view == "front":
            inked(c.ellipse, hx, hy - 26, 9, 9, hair_c, grow=1.2)
            c.ellipse(hx, hy - 14, 25, 10, hair_c)
            c.ellipse(hx - 22, hy - 2, 5, 12, hair_c)
            c.ellipse(hx + 22, hy - 2, 5, 12, hair_c)
        elif p.view == "back":
            inked(c.ellipse, hx, hy, 25.5, 27.5, hair_c, grow=1.2)
            inked(c.ellipse, hx, hy - 22, 10, 9, shade(hair_c, 0.92), grow=1.2)
        else:
            hair(c, p, hair_c, fringe=-0.5, back=0.6)
            inked(c.ellipse, hx - 14, hy - 20, 9, 9, hair_c, grow=1.2)

    return dict(body=body, hair=hair_)


def kit_look():
    return look(ADULT, head_y=76, head_r=21, shoulder_y=104, half=20, depth=13, hem=168, hip_y=162,
                coat=(66, 96, 150), trousers=(64, 62, 72), skin=(246, 210, 180), shoes=(50, 40, 40), arm_dy=6,
                worried_dy=26)


def kit_hooks():
    hair_c, cap, scarf = (206, 110, 56), (96, 88, 76), (196, 60, 52)

    def body(c, p):
        dy = p.dy
        if p.view == "front":
            cx = p.cx
            c.rect(cx - 16, 98 + dy, cx + 16, 108 + dy, scarf)
            c.rect(cx + 6, 104 + dy, cx + 15, 134 + dy, shade(scarf, 0.9))
            for by in (120, 138, 156):
                c.ellipse(cx - 3, by + dy, 2, 2, (220, 200, 120))
        elif p.view == "back":
            c.rect(p.cx - 16, 98 + dy, p.cx + 16, 108 + dy, scarf)
            c.rect(p.cx - 12, 104 + dy, p.cx - 4, 126 + dy, shade(scarf, 0.9))
        else:
            c.rect(p.cx - 10, 98 + dy, p.cx + 15, 108 + dy, scarf)
            tail = p.cx - 12 - (3 if p.step in (0, 2) else 0)
            c.polygon([(p.cx - 10, 102 + dy), (p.cx - 4, 104 + dy), (tail - 4, 126 + dy), (tail - 10, 122 + dy)],
                      shade(scarf, 0.9))
            buttons(c, p, (120, 138, 156), (220, 200, 120))

    def hair_(c, p):
        hx, hy = p.hx, p.hy
        if p.view == "front":
            c.ellipse(hx - 14, hy - 8, 7, 9, hair_c)
            c.ellipse(hx + 14, hy - 8, 7, 9, hair_c)
        elif p.view == "back":
            inked(c.ellipse, hx, hy + 1, 22.5, 23.5, hair_c, grow=1.2)
        else:
            hair(c, p, hair_c, fringe=-0.3, back=0.55)

    def top(c, p):
        hx, hy = p.hx, p.hy
        if p.view == "side":
            inked(c.ellipse, hx - 2, hy - 18, 22, 10, cap, grow=1.2)
            c.ellipse(hx + 18, hy - 13, 12, 3.5, shade(cap, 0.84))
        else:
            inked(c.ellipse, hx, hy - 18, 24, 10, cap, grow=1.2)
            if p.view == "front":
                c.ellipse(hx + 12, hy - 13, 16, 4, shade(cap, 0.84))
            else:
                c.ellipse(hx, hy - 14, 18, 3, shade(cap, 0.84))

    return dict(body=body, hair=hair_, top=top)


def bram_look():
    return look(ADULT, head_y=66, head_r=23, shoulder_y=96, half=30, depth=19, hem=200, hip_y=184,
                coat=(110, 56, 96), trousers=(52, 46, 56), skin=(232, 186, 156), shoes=(36, 30, 34),
                worried_dy=36, long=False)


def bram_hooks():
    hair_c, hat = (90, 70, 60), (50, 44, 52)

    def body(c, p):
        dy = p.dy
        if p.view == "front":
            c.arc(p.cx, 128 + dy, 22, 20, 160, 3, (226, 188, 80), ry=16)
            c.ellipse(p.cx, 146 + dy, 6, 6, (240, 206, 90))
            for by in (160, 176, 192):
                c.ellipse(p.cx - 2, by + dy, 2.2, 2.2, (220, 190, 110))
        elif p.view == "side":
            c.stroke([(p.cx + 4, 112 + dy), (p.cx + p.d - 2, 140 + dy)], 3, (226, 188, 80))
            c.ellipse(p.cx + p.d - 1, 144 + dy, 4, 5, (240, 206, 90))
            buttons(c, p, (160, 176, 192), (220, 190, 110))
        else:
            c.polygon([(p.cx - 1, 150 + dy), (p.cx + 1, 150 + dy), (p.cx + 2, p.hem), (p.cx - 2, p.hem)],
                      shade(p.look["coat"], 0.7))

    def hair_(c, p):
        hx, hy = p.hx, p.hy
        if p.view == "front":
            c.ellipse(hx - 21, hy, 4, 9, hair_c)
            c.ellipse(hx + 21, hy, 4, 9, hair_c)
        elif p.view == "back":
            inked(c.ellipse, hx, hy + 2, 23, 18, hair_c, grow=1.2)
        else:
            hair(c, p, hair_c, bald=True, back=0.5)

    def top(c, p):
        hx, hy = p.hx, p.hy
        if p.view == "front":
            c.arc(hx - 6, hy + 14, 7, 200, 340, 3.2, hair_c, ry=4)
            c.arc(hx + 6, hy + 14, 7, 200, 340, 3.2, hair_c, ry=4)
        elif p.view == "side":
            c.arc(hx + 16, hy + 14, 6, 200, 340, 3.2, hair_c, ry=4)
        x0, x1 = (hx - 16, hx + 16) if p.view != "side" else (hx - 15, hx + 13)
        c.rect(x0, hy - 58, x1, hy - 20, INK, grow=1.2)
        c.rect(x0 + 1, hy - 58, x1 - 1, hy - 20, hat)
        c.rect(x0 + 1, hy - 30, x1 - 1, hy - 24, (150, 50, 60))
        c.ellipse((x0 + x1) / 2, hy - 19, 27 if p.view != "side" else 24, 5, hat)

    return dict(body=body, hair=hair_, top=top)


# -- the porch ------------------------------------------------------------------

def george():
    """George: stocky, balding with dark side hair and bushy brows, a tan cardigan over a
    checked shirt, green trousers."""
    L = look(ADULT, head_y=66, head_r=24, shoulder_y=98, half=30, depth=20, flare=8, hem=180, hip_y=170,
             coat=rgb("#e8b07a"), trousers=(78, 96, 72), skin=(236, 190, 156), shoes=(84, 56, 40),
             brow=(70, 52, 44), worried_dy=34, arm_len=72, leg_x=13)
    hair_c, shirt = (86, 66, 56), (226, 232, 240)

    def body(c, p):
        dy, cx = p.dy, p.cx
        if p.view == "front":
            c.polygon([(cx - 10, p.sy), (cx + 10, p.sy), (cx + 4, p.sy + 44), (cx - 4, p.sy + 44)], shirt)
            for k in range(3):
                c.stroke([(cx - 9 + k * 6, p.sy + 4), (cx - 5 + k * 4, p.sy + 40)], 1.2, (170, 120, 110), 0.7)
            c.stroke([(cx - 10, p.sy), (cx - 4, p.sy + 46), (cx - 3, p.hem)], 2, shade(L["coat"], 0.7))
            c.stroke([(cx + 10, p.sy), (cx + 4, p.sy + 46), (cx + 3, p.hem)], 2, shade(L["coat"], 0.7))
            for by in (152, 164):
                c.ellipse(cx - 6, by + dy, 2.2, 2.2, (120, 80, 50))
            c.rect(p.edge(p.hem - 8, -1), p.hem - 8, p.edge(p.hem - 8, 1), p.hem, shade(L["coat"], 0.9))
            c.ellipse(cx - 18, 150 + dy, 7, 5, shade(L["coat"], 0.86))
        elif p.view == "side":
            c.polygon([(p.cx + p.d - 8, p.sy), (p.cx + p.d, p.sy), (p.cx + p.d + 1, p.sy + 40),
                       (p.cx + p.d - 5, p.sy + 40)], shirt)
            buttons(c, p, (152, 164), (120, 80, 50))
            c.rect(p.edge(p.hem - 8, -1), p.hem - 8, p.edge(p.hem - 8, 1), p.hem, shade(L["coat"], 0.9))
        else:
            c.rect(p.edge(p.hem - 8, -1), p.hem - 8, p.edge(p.hem - 8, 1), p.hem, shade(L["coat"], 0.9))

    def hair_(c, p):
        hair(c, p, hair_c, bald=True, locks=0.42, back=0.55)
        if p.view == "front":
            c.arc(p.hx - 4, p.hy - 16, 8, 200, 320, 1.6, shade(p.look["skin"], 0.85))  # a shine of forehead line

    def top(c, p):
        if p.view == "front" and p.mood == "neutral":
            for side in (-1, 1):  # bushy brows over the plain ones
                c.stroke([(p.cx + side * 14, p.fy - 8), (p.cx + side * 5, p.fy - 9)], 3.2, hair_c)

    return L, dict(body=body, hair=hair_, top=top)


def bob():
    """Bob: tall and lanky, a painter's cap, teal dungarees over a white shirt, stubble,
    red paint spattered on his boots."""
    L = look(ADULT, head_y=58, head_r=21, shoulder_y=88, half=20, depth=13, flare=4, hem=150, hip_y=150,
             coat=(236, 234, 226), trousers=rgb("#7ad0c8"), skin=(226, 178, 140), shoes=(80, 62, 52),
             arm_len=82, leg_x=10, knee_at=0.5, worried_dy=34, sleeve=(236, 234, 226), forearm=(226, 178, 140))
    teal, hair_c, paint = rgb("#7ad0c8"), (120, 84, 56), (224, 90, 58)

    def body(c, p):
        dy = p.dy
        if p.view != "side":
            y0 = 110 + dy
            c.polygon([(p.cx - 14, y0), (p.cx + 14, y0), (p.edge(p.hem, 1) + 1, p.hem + 1),
                       (p.edge(p.hem, -1) - 1, p.hem + 1)], teal)
            c.polygon([(p.cx + 4, y0), (p.cx + 14, y0), (p.edge(p.hem, 1) + 1, p.hem + 1), (p.cx + 6, p.hem + 1)],
                      shade(teal, 0.84))
            for side in (-1, 1):
                c.stroke([(p.cx + side * 12, y0 + 2), (p.cx + side * 14, p.sy)], 4, shade(teal, 0.9))
            if p.view == "front":
                c.rect(p.cx - 7, y0 + 8, p.cx + 7, y0 + 18, shade(teal, 0.86))
                for side in (-1, 1):
                    c.ellipse(p.cx + side * 12, y0 + 3, 2, 2, (230, 220, 150))
                c.ellipse(p.cx + 8, y0 + 26, 2.5, 2, paint, 0.9)
        else:
            y0 = 112 + dy
            c.polygon([(p.cx - p.d, y0), (p.cx + p.d, y0), (p.torso()[2][0] + 1, p.hem + 1),
                       (p.torso()[3][0] - 1, p.hem + 1)], teal)
            c.stroke([(p.cx + p.d - 3, y0), (p.cx + 4, p.sy)], 4, shade(teal, 0.9))

    def foot(c, p, heel, tip, dark):
        for k, (fx, fy) in enumerate(((0.3, -1.5), (0.65, 0.5), (0.85, -0.8))):
            x = heel[0] + (tip[0] - heel[0]) * fx
            y = heel[1] + (tip[1] - heel[1]) * fx + fy
            c.ellipse(x, y, 1.8, 1.4, shade(paint, dark))

    def hair_(c, p):
        hair(c, p, hair_c, fringe=-0.35, locks=0.4, back=0.75)
        if p.view == "front":  # stubble
            c.ellipse(p.cx, p.fy + 14, 12, 7, shade(p.look["skin"], 0.9), 0.6)
        elif p.view == "side":
            c.ellipse(p.hx + p.r * 0.5, p.fy + 13, 8, 6, shade(p.look["skin"], 0.9), 0.6)

    def top(c, p):
        hx, hy, cap = p.hx, p.hy, (240, 238, 230)
        if p.view == "side":
            inked(c.ellipse, hx - 2, hy - 15, 21, 11, cap, grow=1.2)
            inked(c.ellipse, hx + 19, hy - 11, 10, 3, shade(cap, 0.85), grow=1.0)
            c.ellipse(hx - 8, hy - 19, 2.5, 2, paint)
        else:
            inked(c.ellipse, hx, hy - 15, 22, 11, cap, grow=1.2)
            c.rect(hx - 22, hy - 12, hx + 22, hy - 8, teal)
            if p.view == "front":
                inked(c.ellipse, hx, hy - 8, 16, 3.2, shade(cap, 0.85), grow=1.0)
                c.ellipse(hx - 9, hy - 20, 2.5, 2, paint)
                c.ellipse(hx + 6, hy - 22, 1.8, 1.5, teal)

    return L, dict(body=body, foot=foot, hair=hair_, top=top)


# -- the forest -------------------------------------------------------------------

def jackie():
    """Jackie, the eldest: a brown ponytail with a pink bow, a pink jumper, a denim skirt, leggings."""
    L = look(CHILD, head_y=40, shoulder_y=64, hem=114, hip_y=108, coat=rgb("#f4a6c1"), trousers=(72, 70, 92),
             skin=(240, 200, 168), shoes=(150, 70, 80), lashes=True, worried_dy=22, arm_len=52)
    hair_c, skirt = (128, 80, 52), (86, 110, 160)

    def behind(c, p):
        hx, hy, r = p.hx, p.hy, p.r
        if p.view == "front":
            inked(c.ellipse, hx + r * 0.9, hy + 2, 7, 14, hair_c, grow=1.2)
        elif p.view == "side":
            inked(c.ellipse, hx - r * 1.1, hy + 2 - (2 if p.step in (1, 3) else 0), 8, 14, hair_c, grow=1.2)

    def body(c, p):
        y = 98 + p.dy
        x0, x1 = p.edge(y, -1) - 1, p.edge(y, 1) + 1
        c.polygon([(x0, y), (x1, y), (p.edge(p.hem, 1) + 6, p.hem + 8), (p.edge(p.hem, -1) - 6, p.hem + 8)],
                  skirt, grow=1.2)
        c.polygon([(x0, y), (x1, y), (p.edge(p.hem, 1) + 6, p.hem + 8), (p.edge(p.hem, -1) - 6, p.hem + 8)],
                  skirt)
        if p.view == "front":
            c.polygon([(p.cx - 7, p.sy), (p.cx, p.sy + 8), (p.cx + 7, p.sy)], (250, 240, 240))
            c.ellipse(p.cx - 6, p.sy + 20, 4, 3.4, (250, 250, 250), 0.8)  # a heart on the jumper
            c.ellipse(p.cx - 2, p.sy + 20, 4, 3.4, (250, 250, 250), 0.8)
            c.polygon([(p.cx - 9.5, p.sy + 21), (p.cx + 1.5, p.sy + 21), (p.cx - 4, p.sy + 28)], (250, 250, 250),
                      0.8)

    def hair_(c, p):
        hair(c, p, hair_c, fringe=-0.3, locks=0.5, back=0.7)
        if p.view == "back":
            inked(c.ellipse, p.hx, p.hy + 14, 6, 12, hair_c, grow=1.2)

    def top(c, p):
        bow = (226, 80, 120)
        x = {"front": p.hx + p.r * 0.75, "back": p.hx, "side": p.hx - p.r * 0.85}[p.view]
        y = p.hy - p.r * 0.55 if p.view == "front" else p.hy + (2 if p.view == "back" else -8)
        c.polygon([(x, y), (x - 7, y - 5), (x - 7, y + 5)], bow, grow=1.0)
        c.polygon([(x, y), (x + 7, y - 5), (x + 7, y + 5)], bow, grow=1.0)
        c.polygon([(x, y), (x - 6, y - 4), (x - 6, y + 4)], shade(bow, 1.15))
        c.polygon([(x, y), (x + 6, y - 4), (x + 6, y + 4)], shade(bow, 1.15))
        c.ellipse(x, y, 2.2, 2.2, shade(bow, 0.8))

    return L, dict(behind=behind, body=body, hair=hair_, top=top)


def jon():
    """Jon, the elder boy: short black hair with a cowlick, a sky-blue shirt with a collar, brown
    trousers, a water bottle on a strap."""
    L = look(CHILD, head_y=40, shoulder_y=64, hem=116, hip_y=110, coat=rgb("#8fc1e3"), trousers=(120, 92, 70),
             skin=(214, 166, 128), shoes=(60, 56, 66), worried_dy=22, arm_len=52)
    hair_c = (40, 36, 42)

    def body(c, p):
        if p.view == "front":
            c.polygon([(p.cx - 9, p.sy - 1), (p.cx, p.sy + 7), (p.cx - 2, p.sy + 11), (p.cx - 11, p.sy + 3)],
                      (240, 246, 250), grow=0.5)
            c.polygon([(p.cx + 9, p.sy - 1), (p.cx, p.sy + 7), (p.cx + 2, p.sy + 11), (p.cx + 11, p.sy + 3)],
                      (226, 234, 242), grow=0.5)
            buttons(c, p, (78, 90, 102), (250, 250, 250), x=0)
        strap = (150, 96, 60)
        if p.view == "front":
            c.stroke([(p.cx - 14, p.sy + 1), (p.cx + 15, p.hem - 12)], 3, strap)
        elif p.view == "back":
            c.stroke([(p.cx + 14, p.sy + 1), (p.cx - 15, p.hem - 12)], 3, strap)
        bx = p.cx + (17 if p.view == "front" else -17 if p.view == "back" else -p.d - 3)
        by = p.hem - 10
        if p.view == "side" or p.view == "back":
            c.stroke([(p.cx, p.sy + 1), (bx, by - 6)], 3, strap)
        inked(c.rect, bx - 4, by - 8, bx + 4, by + 8, (110, 170, 120), grow=1.2)
        c.rect(bx - 2.5, by - 11, bx + 2.5, by - 8, (70, 70, 80))

    def hair_(c, p):
        hair(c, p, hair_c, fringe=-0.45, locks=0.3, back=0.6)
        if p.view == "front":
            inked(c.polygon, [(p.hx - 10, p.hy - 16), (p.hx - 1, p.hy - 27), (p.hx + 2, p.hy - 15)], hair_c,
                  grow=1.0)
        top_x = p.hx - 2 if p.view != "side" else p.hx - 6
        c.stroke([(top_x, p.hy - p.r * 1.08), (top_x + 3, p.hy - p.r * 1.08 - 7), (top_x + 8, p.hy - p.r - 8)], 2.4,
                 hair_c)

    return L, dict(body=body, hair=hair_)


def kayla():
    """Kayla, small: blonde bunches with red ties, a sunny yellow dress with a white collar, red shoes."""
    L = look(CHILD, head_y=52, head_r=19, shoulder_y=76, half=14, depth=10, flare=10, hem=128, hip_y=122,
             coat=rgb("#ffd36e"), trousers=(244, 226, 200), legs=((240, 204, 172), (250, 250, 250)),
             skin=(244, 208, 176), shoes=(200, 60, 56), lashes=True, arm_len=46, worried_dy=18, knee_at=0.55,
             leg_x=7, long=False)
    hair_c = (236, 196, 110)

    def behind(c, p):
        hx, hy, r = p.hx, p.hy, p.r
        if p.view in ("front", "back"):
            for side in (-1, 1):
                inked(c.ellipse, hx + side * (r + 5), hy + 4, 6, 10, hair_c, grow=1.2)
        else:
            inked(c.ellipse, hx - r - 4, hy + 4 + (1 if p.step in (0, 2) else -1), 6, 10, hair_c, grow=1.2)

    def body(c, p):
        if p.view == "front":
            for side in (-1, 1):
                c.ellipse(p.cx + side * 6, p.sy + 2, 7, 4, (252, 250, 244))
            c.arc(p.cx, p.hem - 10, p.half + p.flare - 3, 10, 170, 2.2, (250, 250, 244), ry=6)
            for k in range(3):
                c.ellipse(p.cx - 8 + k * 7, p.sy + 30 + (k % 2) * 6, 2, 2, (250, 250, 244))
        elif p.view == "side":
            c.stroke([(p.edge(p.hem - 4, -1) + 2, p.hem - 4), (p.torso()[2][0] - 2, p.hem - 4)], 2.2,
                     (250, 250, 244))

    def hair_(c, p):
        hair(c, p, hair_c, fringe=-0.35, locks=0.3, back=0.5)
        tie = (214, 60, 60)
        if p.view in ("front", "back"):
            for side in (-1, 1):
                c.ellipse(p.hx + side * (p.r + 1), p.hy - 4, 3, 3, tie)
        else:
            c.ellipse(p.hx - p.r + 1, p.hy - 4, 3, 3, tie)

    return L, dict(behind=behind, body=body, hair=hair_)


def colin():
    """Colin, small and scruffy: a red-brown mop, freckles, a green T-shirt with a stripe,
    khaki shorts, plasters on his knees."""
    L = look(CHILD, head_y=52, head_r=19, shoulder_y=76, half=15, depth=10, flare=3, hem=116, hip_y=118,
             coat=rgb("#9be39b"), trousers=(176, 150, 100), legs=((176, 150, 100), (236, 196, 164)),
             skin=(236, 196, 164), shoes=(70, 90, 150), arm_len=46, worried_dy=18, knee_at=0.35, leg_x=7,
             sleeve=(236, 196, 164), cuff=rgb("#9be39b"))
    hair_c = (168, 84, 48)

    def body(c, p):
        c.rect(p.edge(p.sy + 18, -1), p.sy + 18, p.edge(p.sy + 18, 1), p.sy + 24, (250, 250, 240))
        shorts_top = p.hem - 4
        c.polygon([(p.edge(shorts_top, -1), shorts_top), (p.edge(shorts_top, 1), shorts_top),
                   (p.edge(shorts_top, 1) + 1, p.hem + 12), (p.edge(shorts_top, -1) - 1, p.hem + 12)],
                  L["trousers"], grow=1.4)
        c.polygon([(p.edge(shorts_top, -1), shorts_top), (p.edge(shorts_top, 1), shorts_top),
                   (p.edge(shorts_top, 1) + 1, p.hem + 12), (p.edge(shorts_top, -1) - 1, p.hem + 12)],
                  L["trousers"])
        for side in (-1, 1):  # short sleeves
            if p.view != "side":
                inked(c.ellipse, p.cx + side * (p.half - 3), p.sy + 7, 7, 8, L["coat"], grow=1.2)

    def arms(c, p):
        if p.view == "side":
            inked(c.ellipse, p.cx, p.sy + 7, 7, 8, L["coat"], grow=1.2)

    def hair_(c, p):
        hair(c, p, hair_c, fringe=-0.4, locks=0.35, back=0.55, width=1.12)
        spikes = [(-14, -10), (-6, -18), (4, -19), (12, -12)]
        if p.view != "side":
            for k, (dx, dy) in enumerate(spikes):
                c.polygon([(p.hx + dx - 5, p.hy - 12), (p.hx + dx, p.hy + dy - 6), (p.hx + dx + 5, p.hy - 12)],
                          hair_c)
        else:
            for dx, dy in spikes[:3]:
                c.polygon([(p.hx + dx - 7, p.hy - 12), (p.hx + dx - 2, p.hy + dy - 5), (p.hx + dx + 3, p.hy - 12)],
                          hair_c)
        if p.view == "front":
            for k, (dx, dy) in enumerate(((-11, 4), (-8, 6), (-13, 7), (11, 4), (8, 6), (13, 7))):
                c.ellipse(p.cx + dx, p.fy + dy, 0.9, 0.9, (190, 110, 80))

    return L, dict(body=body, arms=arms, hair=hair_)


def vesper():
    """Vesper the Unreasonable: a wizard in a lavender robe with stars, a long white beard and a
    very tall crooked hat."""
    L = look(ADULT, w=120, h=270, head_y=104, head_r=22, shoulder_y=132, half=22, depth=16, flare=20, hem=262,
             hip_y=220, coat=rgb("#c59bff"), trousers=(70, 56, 100), skin=(236, 200, 176), shoes=(70, 56, 100),
             brow=(230, 230, 236), worried_dy=34, arm_w=16, long=True, hand_r=5.4)
    robe, star, beard = rgb("#c59bff"), (255, 226, 120), (242, 242, 246)

    def body(c, p):
        for k, (fx, fy) in enumerate(((-0.5, 0.3), (0.4, 0.5), (-0.2, 0.75), (0.55, 0.85), (-0.6, 0.9))):
            y = p.sy + (p.hem - p.sy) * fy
            x = p.cx + fx * (p.edge(y, 1) - p.cx) if p.view != "side" else p.cx + fx * p.d
            if p.view == "back" and k % 2:
                continue
            c.polygon(star_points(x, y, 4.2), star)
        c.rect(p.edge(p.sy + 70, -1), p.sy + 70, p.edge(p.sy + 70, 1), p.sy + 76, shade(robe, 0.66))

    def hair_(c, p):
        hx, hy, r = p.hx, p.hy, p.r
        if p.view == "back":
            hair(c, p, beard, back=1.2, out=3)
        elif p.view == "front":
            for side in (-1, 1):
                inked(c.ellipse, hx + side * r * 0.9, hy + 2, 6, 14, beard, grow=1.2)
        else:
            inked(c.ellipse, hx - r * 0.5, hy, r * 0.6, r * 0.8, beard, grow=1.2)

    def top(c, p):
        hx, hy, r = p.hx, p.hy, p.r
        # The beard, long and pointed, with the mouth showing through when he talks.
        if p.view == "front":
            pts = [(hx - r * 0.95, hy + 2), (hx - 14, hy + 26), (hx - 4, hy + 52), (hx, hy + 58), (hx + 6, hy + 48),
                   (hx + 15, hy + 26), (hx + r * 0.95, hy + 2), (hx + 10, hy + 13), (hx - 10, hy + 13)]
            inked(c.polygon, pts, beard, grow=1.2)
            c.stroke([(hx - 6, hy + 26), (hx - 3, hy + 44)], 1.2, (210, 210, 220))
            c.stroke([(hx + 6, hy + 26), (hx + 3, hy + 40)], 1.2, (210, 210, 220))
            c.arc(hx - 6, hy + 14, 7, 200, 340, 3.2, beard, ry=3)
            c.arc(hx + 6, hy + 14, 7, 200, 340, 3.2, beard, ry=3)
            my = p.fy + 12
            if p.mouth != "closed":
                c.ellipse(hx, my + 3, 4.5, 3.2 if p.mouth == "half" else 4.5, MOUTH)
            elif p.mood == "happy":
                c.arc(hx, my - 2, 6, 30, 150, 2.2, LIP)
            elif p.mood == "worried":
                c.arc(hx, my + 7, 5, 210, 330, 2.2, LIP)
        elif p.view == "side":
            pts = [(hx - 4, hy + 4), (hx + r * 0.95, hy + 12), (hx + r * 0.8, hy + 36), (hx + 10, hy + 56),
                   (hx + 2, hy + 30), (hx - 6, hy + 16)]
            inked(c.polygon, pts, beard, grow=1.2)
        # The hat: a wide brim, a tall cone with a crook at the top, a band and a star.
        hat, band = shade(robe, 0.72), (255, 214, 110)
        lean = 10 if p.view != "back" else -10
        if p.view == "side":
            lean = -8
        brim_y = hy - r * 0.62
        cone = [(hx - 19, brim_y), (hx + 19, brim_y), (hx + 8, brim_y - 44), (hx + 5 + lean, brim_y - 82),
                (hx + 14 + lean * 2.4, brim_y - 94), (hx - 1 + lean, brim_y - 84), (hx - 7, brim_y - 44)]
        inked(c.polygon, cone, hat, grow=1.2)
        c.polygon([(hx + 2, brim_y), (hx + 19, brim_y), (hx + 8, brim_y - 44), (hx + 5 + lean, brim_y - 82),
                   (hx + 1, brim_y - 44)], shade(hat, 0.84))
        c.polygon([(hx - 17, brim_y - 2), (hx + 17, brim_y - 2), (hx + 15, brim_y - 9), (hx - 15, brim_y - 9)],
                  band)
        inked(c.ellipse, hx, brim_y + 1, 32, 6, hat, grow=1.2)
        c.ellipse(hx + 2, brim_y + 2, 26, 3, shade(hat, 0.8))
        if p.view != "back":
            c.polygon(star_points(hx - 2, brim_y - 28, 5), star)

    return L, dict(body=body, hair=hair_, top=top)


def star_points(x, y, r):
    return [(x + (r if i % 2 == 0 else r * 0.42) * math.sin(math.radians(i * 36)),
             y - (r if i % 2 == 0 else r * 0.42) * math.cos(math.radians(i * 36))) for i in range(10)]


# -- the dock ----------------------------------------------------------------------

def rhea():
    """Rhea: a dock worker in an orange work jacket, sleeves rolled, a dark knit cap, a black braid,
    navy trousers and heavy boots."""
    L = look(ADULT, head_y=64, head_r=22, shoulder_y=94, half=24, depth=15, flare=6, hem=170, hip_y=164,
             coat=rgb("#f08a5d"), trousers=(56, 62, 86), skin=(196, 142, 106), shoes=(64, 48, 40), lashes=True,
             arm_len=74, cuff=(226, 120, 80), hand=(196, 142, 106), worried_dy=32)
    hair_c, cap = (40, 32, 36), (70, 84, 96)

    def behind(c, p):
        if p.view == "front":
            for k in range(4):
                inked(c.ellipse, p.hx + p.r + 2, p.hy + 12 + k * 9, 5, 6, hair_c, grow=1.0)

    def body(c, p):
        refl = (240, 236, 170)
        y = p.sy + 48
        c.rect(p.edge(y, -1), y, p.edge(y, 1), y + 5, refl)
        if p.view == "front":
            c.stroke([(p.cx, p.sy + 6), (p.cx, p.hem)], 1.6, shade(L["coat"], 0.66))
            c.rect(p.cx - 15, p.sy + 58, p.cx - 5, p.sy + 64, shade(L["coat"], 0.8))
            c.polygon([(p.cx - 10, p.sy), (p.cx, p.sy + 10), (p.cx + 10, p.sy)], shade(L["coat"], 0.75))
        c.rect(p.edge(p.hem - 6, -1), p.hem - 6, p.edge(p.hem - 6, 1), p.hem, shade(L["coat"], 0.82))

    def hair_(c, p):
        hair(c, p, hair_c, fringe=-0.4, locks=0.55, back=0.85)
        if p.view == "back":
            for k in range(4):
                inked(c.ellipse, p.hx, p.hy + 22 + k * 9, 5, 6, hair_c, grow=1.0)
        elif p.view == "side":
            for k in range(4):
                inked(c.ellipse, p.hx - p.r * 0.7 - k * 0.8, p.hy + 20 + k * 9, 5, 6, hair_c, grow=1.0)

    def top(c, p):
        hx, hy, r = p.hx, p.hy, p.r
        x = hx - (2 if p.view == "side" else 0)
        inked(c.ellipse, x, hy - r * 0.7, r * 1.0, r * 0.55, cap, grow=1.2)
        c.rect(x - r * 1.02, hy - r * 0.62, x + r * 1.02, hy - r * 0.4, shade(cap, 0.85), grow=0.6)
        for k in range(-3, 4):
            c.stroke([(x + k * 5.5, hy - r * 0.62), (x + k * 5.5, hy - r * 0.42)], 1.2, shade(cap, 0.7))

    return L, dict(behind=behind, body=body, hair=hair_, top=top)


def otto():
    """Otto: a big, slow dock worker in a blue-striped jumper and a navy watch cap, a blond
    moustache, canvas trousers and boots."""
    L = look(ADULT, head_y=62, head_r=24, shoulder_y=94, half=34, depth=22, flare=2, hem=176, hip_y=168,
             coat=rgb("#8ab6f0"), trousers=(150, 128, 96), skin=(240, 196, 166), shoes=(54, 44, 40),
             arm_w=16, hand_r=6.6, arm_len=74, leg_x=14, leg_hw=7, shoe_rx=11, worried_dy=36,
             brow=(176, 140, 70))
    stripe, cap, hair_c = (56, 82, 140), (44, 52, 78), (214, 176, 96)

    def body(c, p):
        for k in range(4):
            y = p.sy + 14 + k * 16
            c.rect(p.edge(y, -1), y, p.edge(y, 1), y + 5, stripe)
        c.rect(p.edge(p.hem - 7, -1), p.hem - 7, p.edge(p.hem - 7, 1), p.hem, shade(L["coat"], 0.85))
        if p.view == "front":
            c.ellipse(p.cx, p.sy + 2, 12, 5, shade(L["coat"], 0.8))

    def arms(c, p):
        for pts in ([p.side_arm(1)] if p.view == "side" else [p.arm_points(-1), p.arm_points(1)]):
            for k in (0.35, 0.62):
                x = pts[0][0] + (pts[1][0] - pts[0][0]) * k * 2 if k < 0.5 else pts[1][0] + (
                    pts[2][0] - pts[1][0]) * (k - 0.5) * 2
                y = pts[0][1] + (pts[1][1] - pts[0][1]) * k * 2 if k < 0.5 else pts[1][1] + (
                    pts[2][1] - pts[1][1]) * (k - 0.5) * 2
                c.ellipse(x, y, 7, 2.2, stripe)

    def hair_(c, p):
        if p.view == "front":
            for side in (-1, 1):
                inked(c.ellipse, p.hx + side * 22, p.hy, 5, 9, hair_c, grow=1.0)
        else:
            hair(c, p, hair_c, bald=True, back=0.55)

    def top(c, p):
        hx, hy, r = p.hx, p.hy, p.r
        if p.view == "front":
            moustache = [(hx - 16, p.fy + 14), (hx - 8, p.fy + 7), (hx, p.fy + 9), (hx + 8, p.fy + 7),
                         (hx + 16, p.fy + 14), (hx + 8, p.fy + 12), (hx, p.fy + 12), (hx - 8, p.fy + 12)]
            c.polygon(moustache, hair_c, grow=0.6)
        elif p.view == "side":
            c.polygon([(hx + 10, p.fy + 8), (hx + 22, p.fy + 8), (hx + 20, p.fy + 13), (hx + 8, p.fy + 14)],
                      hair_c)
        x = hx - (2 if p.view == "side" else 0)
        inked(c.ellipse, x, hy - r * 0.62, r * 1.02, r * 0.6, cap, grow=1.2)
        c.rect(x - r * 1.04, hy - r * 0.56, x + r * 1.04, hy - r * 0.3, shade(cap, 0.8), grow=0.6)

    return L, dict(body=body, arms=arms, hair=hair_, top=top)


# -- the lighthouse ---------------------------------------------------------------

def maren():
    """Maren, the lighthouse keeper: short grey curls (as her portrait, assets/images/keeper.png),
    a navy dress to her ankles, a cream knitted shawl and a cream apron with a pocket."""
    L = look(ADULT, head_y=62, head_r=23, shoulder_y=92, half=22, depth=14, flare=14, hem=208, hip_y=180,
             coat=(46, 54, 80), trousers=(46, 54, 80), skin=(236, 198, 166), shoes=(50, 40, 40), long=True,
             worried_dy=34, sleeve=(46, 54, 80))
    grey, cream = (196, 198, 204), rgb("#e6d3a3")

    def body(c, p):
        y0, y1 = p.sy + 36, p.hem - 16
        if p.view == "front":
            c.polygon([(p.cx - 18, y0), (p.cx + 18, y0), (p.cx + 24, y1), (p.cx - 24, y1)], cream)
            c.polygon([(p.cx + 6, y0), (p.cx + 18, y0), (p.cx + 24, y1), (p.cx + 8, y1)], shade(cream, 0.88))
            c.rect(p.cx - 13, y0 + 36, p.cx + 1, y0 + 48, shade(cream, 0.84))
            c.stroke([(p.cx - 11, y0 + 36), (p.cx - 1, y0 + 36)], 1.4, shade(cream, 0.6))
        elif p.view == "side":
            front = p.edge(y1, 1)
            c.polygon([(p.edge(y0, 1) - 8, y0), (p.edge(y0, 1) + 1, y0), (front + 2, y1), (front - 14, y1)], cream)
        c.rect(p.edge(y0, -1), y0 - 2, p.edge(y0, 1), y0 + 3, shade(cream, 0.8))
        # The shawl, over the shoulders, its point at the back, its ends crossed at the front.
        if p.view == "front":
            c.polygon([(p.cx - p.half - 3, p.sy - 2), (p.cx + p.half + 3, p.sy - 2), (p.cx + p.half + 5, p.sy + 20),
                       (p.cx, p.sy + 32), (p.cx - p.half - 5, p.sy + 20)], INK, grow=1.2)
            c.polygon([(p.cx - p.half - 3, p.sy - 2), (p.cx + p.half + 3, p.sy - 2), (p.cx + p.half + 5, p.sy + 20),
                       (p.cx, p.sy + 32), (p.cx - p.half - 5, p.sy + 20)], cream)
            c.polygon([(p.cx, p.sy), (p.cx + p.half + 3, p.sy - 2), (p.cx + p.half + 5, p.sy + 20),
                       (p.cx, p.sy + 32)], shade(cream, 0.9))
            c.ellipse(p.cx, p.sy + 26, 4, 4, (176, 120, 90))
        elif p.view == "back":
            shawl = [(p.cx - p.half - 3, p.sy - 2), (p.cx + p.half + 3, p.sy - 2), (p.cx + p.half + 5, p.sy + 14),
                     (p.cx, p.sy + 50), (p.cx - p.half - 5, p.sy + 14)]
            inked(c.polygon, shawl, cream, grow=1.2)
            for k in range(3):
                c.stroke([(p.cx - 14 + k * 2, p.sy + 8 + k * 10), (p.cx + 14 - k * 2, p.sy + 8 + k * 10)], 1.2,
                         shade(cream, 0.8))
        else:
            shawl = [(p.cx - p.d - 4, p.sy - 2), (p.cx + p.d + 3, p.sy - 2), (p.cx + p.d + 4, p.sy + 24),
                     (p.cx - p.d - 2, p.sy + 40)]
            inked(c.polygon, shawl, cream, grow=1.2)

    def hair_(c, p):
        hx, hy, r = p.hx, p.hy, p.r
        curls = [(-0.95, -0.25), (-0.8, -0.7), (-0.4, -0.98), (0.05, -1.08), (0.5, -0.96), (0.88, -0.65),
                 (0.98, -0.2)]
        if p.view == "front":
            for dx, dy in curls:
                inked(c.ellipse, hx + dx * r, hy + dy * r, 7.5, 7.5, grey, grow=1.2)
            for dx, dy in curls:
                c.ellipse(hx + dx * r, hy + dy * r, 7.5, 7.5, grey)
            c.ellipse(hx, hy - r * 0.68, r * 0.86, r * 0.34, grey)
            for dx in (-0.5, 0.1, 0.6):
                c.arc(hx + dx * r, hy - r * 0.72, 4, 200, 340, 1.2, shade(grey, 0.8))
        else:
            if p.view == "side":
                inked(c.ellipse, hx - r * 0.42, hy - r * 0.2, r * 0.7, r * 0.95, grey, grow=1.2)
            else:
                inked(c.ellipse, hx, hy - r * 0.05, r * 1.08, r * 1.14, grey, grow=1.2)
            pts = curls if p.view == "back" else [(-0.95, -0.2), (-0.85, 0.25), (-0.6, -0.95), (-0.15, -1.08),
                                                  (0.25, -0.98)]
            for dx, dy in pts:
                c.ellipse(hx + dx * r, hy + dy * r, 7.5, 7.5, grey)
            for k in range(5):
                c.arc(hx - r * 0.5 + k * 6 - (6 if p.view == "side" else 0), hy - r * 0.3 + (k % 2) * 8, 4, 200, 340,
                      1.2, shade(grey, 0.8))

    return L, dict(body=body, hair=hair_)


def visitor():
    """The visitor ("You"): a traveller in a long grey-blue coat with a sky-blue scarf, a
    brown satchel across the body, short dark hair, boots."""
    L = look(ADULT, head_y=62, head_r=22, shoulder_y=92, half=23, depth=15, flare=12, hem=190, hip_y=172,
             coat=(96, 110, 132), trousers=(60, 56, 64), skin=(228, 184, 150), shoes=(80, 56, 44), worried_dy=32)
    scarf, leather, hair_c = rgb("#9fd3ff"), (150, 96, 56), (62, 46, 40)

    def body(c, p):
        # Lapels and buttons at the front; the strap across; the bag on the left hip (on the far
        # side from behind, the right), seen side on at the back of the hip.
        if p.view == "front":
            c.polygon([(p.cx - 6, p.sy), (p.cx + 2, p.sy + 34), (p.cx - 12, p.sy + 14)], shade(L["coat"], 0.8))
            c.polygon([(p.cx + 6, p.sy), (p.cx + 2, p.sy + 34), (p.cx + 12, p.sy + 14)], shade(L["coat"], 0.72))
            c.stroke([(p.cx + 2, p.sy + 34), (p.cx + 2, p.hem)], 1.6, shade(L["coat"], 0.62))
            for y in (p.sy + 44, p.sy + 62, p.sy + 80):
                c.ellipse(p.cx - 3, y, 2, 2, (210, 200, 180))
            c.stroke([(p.cx + p.half - 4, p.sy + 1), (p.cx - p.half + 2, p.sy + 70)], 5, INK)
            c.stroke([(p.cx + p.half - 4, p.sy + 1), (p.cx - p.half + 2, p.sy + 70)], 3.5, leather)
            bag = [(p.cx - p.half - 12, p.sy + 60), (p.cx - p.half + 10, p.sy + 60), (p.cx - p.half + 9, p.sy + 84),
                   (p.cx - p.half - 11, p.sy + 84)]
        elif p.view == "back":
            c.stroke([(p.cx - p.half + 4, p.sy + 1), (p.cx + p.half - 2, p.sy + 70)], 5, INK)
            c.stroke([(p.cx - p.half + 4, p.sy + 1), (p.cx + p.half - 2, p.sy + 70)], 3.5, leather)
            bag = [(p.cx + p.half - 10, p.sy + 60), (p.cx + p.half + 12, p.sy + 60), (p.cx + p.half + 11, p.sy + 84),
                   (p.cx + p.half - 9, p.sy + 84)]
        else:
            c.stroke([(p.cx + p.d - 3, p.sy + 2), (p.cx - 2, p.sy + 64)], 5, INK)
            c.stroke([(p.cx + p.d - 3, p.sy + 2), (p.cx - 2, p.sy + 64)], 3.5, leather)
            bag = [(p.cx - p.d - 6, p.sy + 58), (p.cx + 4, p.sy + 58), (p.cx + 3, p.sy + 82), (p.cx - p.d - 5,
                                                                                             p.sy + 82)]
        inked(c.polygon, bag, leather, grow=1.3)
        x0, x1, y0 = bag[0][0], bag[1][0], bag[0][1]
        c.polygon([(x0, y0), (x1, y0), (x1 - 1, y0 + 11), (x0 + 1, y0 + 11)], shade(leather, 0.82))
        c.rect((x0 + x1) / 2 - 2, y0 + 8, (x0 + x1) / 2 + 2, y0 + 14, (220, 190, 110))

    def hair_(c, p):
        hair(c, p, hair_c, fringe=-0.38, locks=0.32, back=0.62)
        if p.view == "front":
            inked(c.polygon, [(p.hx - 18, p.hy - 10), (p.hx - 4, p.hy - 22), (p.hx + 10, p.hy - 14),
                              (p.hx - 2, p.hy - 16)], hair_c, grow=0.8)

    def top(c, p):
        # The scarf, wound at the neck, one end hanging.
        y = p.sy - 4
        if p.view == "side":
            inked(c.ellipse, p.cx + 2, y + 3, p.d + 2, 7, scarf, grow=1.2)
            c.polygon([(p.cx - 6, y + 4), (p.cx + 2, y + 6), (p.cx - 10 - (3 if p.step in (0, 2) else 0), y + 34),
                       (p.cx - 17 - (3 if p.step in (0, 2) else 0), y + 30)], INK, grow=1.2)
            c.polygon([(p.cx - 6, y + 4), (p.cx + 2, y + 6), (p.cx - 10 - (3 if p.step in (0, 2) else 0), y + 34),
                       (p.cx - 17 - (3 if p.step in (0, 2) else 0), y + 30)], shade(scarf, 0.9))
        else:
            inked(c.ellipse, p.cx, y + 3, 17, 7, scarf, grow=1.2)
            x = p.cx + (8 if p.view == "front" else -8)
            inked(c.rect, x - 5, y + 6, x + 5, y + 34, shade(scarf, 0.9), grow=1.2)
            for k in range(3):
                c.stroke([(x - 5, y + 30 + k * 0), (x + 5, y + 30)], 1.0, shade(scarf, 0.7))

    return L, dict(body=body, hair=hair_, top=top)


# -- the harbour ------------------------------------------------------------------

def ines():
    """Ines: young, dark curly hair held back by a yellow band, a pink rain jacket, dark jeans,
    white shoes."""
    L = look(ADULT, head_y=64, head_r=22, shoulder_y=94, half=21, depth=14, flare=7, hem=164, hip_y=160,
             coat=rgb("#ff9fb2"), trousers=(58, 70, 104), skin=(204, 150, 112), shoes=(240, 240, 236), lashes=True,
             arm_len=74, worried_dy=30, leg_hw=5, leg_x=11)
    hair_c = (48, 34, 34)

    def behind(c, p):
        hx, hy, r = p.hx, p.hy, p.r
        blobs = [(-1.1, 0.2), (-1.0, 0.75), (1.1, 0.2), (1.0, 0.75), (-0.7, 1.0), (0.7, 1.0)]
        if p.view == "side":
            blobs = [(-1.0, 0.0), (-1.1, 0.5), (-0.9, 0.95), (-0.5, 1.05)]
        for dx, dy in blobs:
            inked(c.ellipse, hx + dx * r, hy + dy * r, 9, 9, hair_c, grow=1.2)

    def body(c, p):
        c.rect(p.edge(p.hem - 5, -1), p.hem - 5, p.edge(p.hem - 5, 1), p.hem, shade(L["coat"], 0.86))
        if p.view == "front":
            c.stroke([(p.cx, p.sy + 6), (p.cx, p.hem)], 2, shade(L["coat"], 0.7))
            c.ellipse(p.cx - 12, p.sy + 50, 5, 4, shade(L["coat"], 0.84))
            c.ellipse(p.cx + 12, p.sy + 50, 5, 4, shade(L["coat"], 0.76))
            c.stroke([(p.cx - 3, p.sy + 6), (p.cx - 4, p.sy + 18)], 1.2, (250, 250, 250))
            c.stroke([(p.cx + 3, p.sy + 6), (p.cx + 4, p.sy + 18)], 1.2, (250, 250, 250))
        elif p.view == "back":
            inked(c.ellipse, p.cx, p.sy + 4, 18, 7, shade(L["coat"], 0.9), grow=1.0)  # the hood, down

    def hair_(c, p):
        hx, hy, r = p.hx, p.hy, p.r
        if p.view == "front":
            for dx, dy in ((-0.95, -0.2), (-0.75, -0.75), (-0.25, -1.02), (0.3, -1.02), (0.8, -0.7), (0.98, -0.15)):
                inked(c.ellipse, hx + dx * r, hy + dy * r, 8, 8, hair_c, grow=1.2)
            c.ellipse(hx, hy - r * 0.62, r * 0.9, r * 0.38, hair_c)
        else:
            hair(c, p, hair_c, fringe=-0.45, locks=0, back=1.0, width=1.14)
            for dx, dy in ((-0.8, -0.75), (-0.25, -1.02), (0.3, -1.0), (-1.0, 0.2), (0.9, 0.3)):
                if p.view == "side" and dx > 0.1:
                    continue
                c.ellipse(hx + dx * r, hy + dy * r, 8, 8, hair_c)
        band = (250, 210, 80)
        if p.view == "side":
            c.arc(hx - 2, hy - 2, r * 0.98, 220, 320, 3.5, band, ry=r * 1.02)
        else:
            c.arc(hx, hy - 3, r * 0.98, 205, 335, 3.5, band, ry=r * 0.9)

    return L, dict(behind=behind, body=body, hair=hair_)


def pell():
    """Pell, the old fisherman: a yellow sou'wester (as his portrait, assets/images/fisher.png), a
    bushy brown beard, a navy jumper, khaki oilskin waders with braces, black boots."""
    L = look(ADULT, head_y=64, head_r=23, shoulder_y=94, half=27, depth=18, flare=4, hem=150, hip_y=160,
             coat=(48, 58, 86), trousers=rgb("#c8b68a"), skin=(214, 164, 124), shoes=(36, 34, 38),
             brow=(90, 60, 40), worried_dy=34, arm_len=72, leg_x=13, leg_hw=7, knee_at=0.7,
             legs=(rgb("#c8b68a"), rgb("#c8b68a")))
    waders, yellow, hair_c = rgb("#c8b68a"), (236, 190, 64), (120, 80, 48)

    def body(c, p):
        y0 = p.sy + 44
        if p.view != "side":
            pts = [(p.cx - 18, y0), (p.cx + 18, y0), (p.edge(p.hem, 1) + 2, p.hem + 2), (p.edge(p.hem, -1) - 2,
                                                                                         p.hem + 2)]
        else:
            pts = [(p.cx - p.d + 1, y0), (p.cx + p.d - 1, y0), (p.torso()[2][0] + 2, p.hem + 2),
                   (p.torso()[3][0] - 2, p.hem + 2)]
        inked(c.polygon, pts, waders, grow=1.2)
        c.polygon([(pts[0][0] + (pts[1][0] - pts[0][0]) * 0.6, y0), pts[1], pts[2],
                   (pts[3][0] + (pts[2][0] - pts[3][0]) * 0.6, p.hem + 2)], shade(waders, 0.86))
        if p.view == "front":
            for side in (-1, 1):
                c.stroke([(p.cx + side * 14, y0 + 1), (p.cx + side * 16, p.sy + 1)], 3.5, shade(waders, 0.8))
            c.rect(p.cx - 9, y0 + 8, p.cx + 9, y0 + 20, shade(waders, 0.9))
        elif p.view == "back":
            c.stroke([(p.cx - 14, y0 + 1), (p.cx + 12, p.sy + 1)], 3.5, shade(waders, 0.8))
            c.stroke([(p.cx + 14, y0 + 1), (p.cx - 12, p.sy + 1)], 3.5, shade(waders, 0.8))
        else:
            c.stroke([(p.cx + p.d - 4, y0 + 1), (p.cx + 2, p.sy + 1)], 3.5, shade(waders, 0.8))
        # The jumper's rolled collar.
        if p.view != "side":
            inked(c.ellipse, p.cx, p.sy + 1, 14, 5, shade(L["coat"], 1.2), grow=1.0)

    def hair_(c, p):
        hair(c, p, hair_c, bald=True, locks=0.5, back=0.6)

    def top(c, p):
        hx, hy, r, fy = p.hx, p.hy, p.r, p.fy
        if p.view == "front":
            beard = [(hx - r * 0.98, hy - 2), (hx - r * 0.9, fy + 14), (hx - 12, fy + 28), (hx, fy + 31),
                     (hx + 12, fy + 28), (hx + r * 0.9, fy + 14), (hx + r * 0.98, hy - 2), (hx + 14, fy + 8),
                     (hx, fy + 7), (hx - 14, fy + 8)]
            inked(c.polygon, beard, hair_c, grow=1.2)
            c.polygon([(hx + 4, fy + 8), (hx + 14, fy + 8), (hx + r * 0.98, hy - 2), (hx + r * 0.9, fy + 14),
                       (hx + 12, fy + 28), (hx + 4, fy + 30)], shade(hair_c, 0.88))
            # the mouth, in the beard
            if p.mouth == "half":
                c.ellipse(hx, fy + 13, 4.2, 2.4, MOUTH)
            elif p.mouth == "open":
                c.ellipse(hx, fy + 13.5, 4.8, 4, MOUTH)
            elif p.mood == "happy":
                c.arc(hx, fy + 8, 7, 30, 150, 2.4, shade(hair_c, 0.5))
            elif p.mood == "worried":
                c.arc(hx, fy + 18, 5, 210, 330, 2.4, shade(hair_c, 0.5))
            else:
                c.stroke([(hx - 5, fy + 13), (hx + 5, fy + 13)], 2.2, shade(hair_c, 0.5))
            c.ellipse(hx + 1, fy + 5, 3, 2.6, shade(p.look["skin"], 0.86))
        elif p.view == "side":
            beard = [(hx - 4, hy + 2), (hx + r * 0.5, fy + 8), (hx + r * 1.0, fy + 10), (hx + r * 0.8, fy + 28),
                     (hx + 2, fy + 30), (hx - r * 0.3, fy + 12)]
            inked(c.polygon, beard, hair_c, grow=1.2)
        # The sou'wester: a rounded crown and a wide brim, longer at the back.
        if p.view == "side":
            inked(c.ellipse, hx - 2, hy - r * 0.62, r * 0.95, r * 0.62, yellow, grow=1.2)
            inked(c.polygon, [(hx - r * 1.35, hy + 2), (hx - r * 0.9, hy - r * 0.5), (hx + r * 1.25, hy - r * 0.5),
                              (hx + r * 1.2, hy - r * 0.3), (hx - r * 0.7, hy - r * 0.2)], shade(yellow, 0.88),
                  grow=1.2)
        else:
            inked(c.ellipse, hx, hy - r * 0.62, r * 0.98, r * 0.62, yellow, grow=1.2)
            c.ellipse(hx + 6, hy - r * 0.7, r * 0.5, r * 0.46, shade(yellow, 0.92))
            inked(c.ellipse, hx, hy - r * 0.42, r * 1.3, r * 0.2, shade(yellow, 0.88), grow=1.2)

    return L, dict(body=body, hair=hair_, top=top)


# -- the cove -----------------------------------------------------------------------

def wren():
    """Wren: a grown woman of the cove, an auburn braid over her shoulder, a wide straw hat with a
    green band, a green jacket over a long brown skirt, gardening boots."""
    green = rgb("#9be39b")
    L = look(ADULT, head_y=64, head_r=22, shoulder_y=94, half=22, depth=14, flare=14, hem=204, hip_y=178,
             coat=(120, 86, 64), trousers=(120, 86, 64), skin=(240, 204, 176), shoes=(70, 104, 74), long=True,
             sleeve=shade(green, 0.82), lashes=True, worried_dy=32)
    jacket, hair_c, straw = shade(green, 0.82), (160, 74, 42), (232, 206, 140)

    def body(c, p):
        y1 = p.sy + 60
        if p.view == "side":
            pts = [(p.cx - p.d - 1, p.sy), (p.cx + p.d + 1, p.sy), (p.edge(y1, 1) + 2, y1), (p.edge(y1, -1) - 2, y1)]
        else:
            pts = [(p.cx - p.half - 1, p.sy), (p.cx + p.half + 1, p.sy), (p.edge(y1, 1) + 3, y1),
                   (p.edge(y1, -1) - 3, y1)]
        inked(c.polygon, pts, jacket, grow=1.2)
        c.polygon([((pts[0][0] + pts[1][0]) / 2 + 4, p.sy), pts[1], pts[2], ((pts[3][0] + pts[2][0]) / 2 + 6, y1)],
                  shade(jacket, 0.84))
        if p.view == "front":
            c.polygon([(p.cx - 8, p.sy), (p.cx, p.sy + 14), (p.cx + 8, p.sy)], (246, 240, 226))
            c.stroke([(p.cx, p.sy + 14), (p.cx, y1)], 1.6, shade(jacket, 0.6))
            for y in (p.sy + 26, p.sy + 42):
                c.ellipse(p.cx - 3, y, 1.8, 1.8, (236, 226, 190))
            c.ellipse(p.cx - 12, y1 - 12, 6, 5, shade(jacket, 0.8))
            c.stroke([(p.cx - 14, y1 - 16), (p.cx - 16, y1 - 26)], 2, (90, 140, 70))  # a sprig in the pocket
            c.ellipse(p.cx - 16, y1 - 27, 3, 2, (120, 180, 90))

    def hair_(c, p):
        hair(c, p, hair_c, fringe=-0.5, locks=0.35, back=0.8)
        braid = []
        if p.view == "front":
            braid = [(p.hx - p.r * 0.7 + k * 1.5, p.hy + p.r * 0.7 + k * 8) for k in range(5)]
        elif p.view == "back":
            braid = [(p.hx - 4 - k * 1.2, p.hy + p.r * 0.7 + k * 8) for k in range(5)]
        for x, y in braid:
            inked(c.ellipse, x, y, 5, 5.5, hair_c, grow=1.0)
        if braid:
            c.ellipse(braid[-1][0], braid[-1][1] + 6, 3, 2.4, green)

    def top(c, p):
        hx, hy, r = p.hx, p.hy, p.r
        x = hx - (2 if p.view == "side" else 0)
        brim = r * (1.75 if p.view != "side" else 1.55)
        inked(c.ellipse, x, hy - r * 0.7, brim, r * 0.26, straw, grow=1.2)
        inked(c.ellipse, x, hy - r * 1.0, r * 0.82, r * 0.5, straw, grow=1.2)
        c.rect(x - r * 0.82, hy - r * 0.92, x + r * 0.82, hy - r * 0.72, green)
        c.ellipse(x + r * 0.4, hy - r * 1.15, r * 0.3, r * 0.22, shade(straw, 0.92))

    return L, dict(body=body, hair=hair_, top=top)


def tam():
    """Tam: young and quick, a shock of black hair, a golden hoodie, rolled-up trousers and
    sandals for the sand."""
    gold = rgb("#f7c46b")
    L = look(ADULT, w=110, h=210, head_y=58, head_r=21, face_dy=4, shoulder_y=86, half=19, depth=13, flare=4,
             hem=146, hip_y=140, coat=gold, trousers=(90, 110, 120), legs=((90, 110, 120), (214, 160, 120)),
             skin=(214, 160, 120), shoes=(150, 100, 60), arm_len=66, leg_hw=5, leg_x=10, knee_at=0.62,
             worried_dy=28, s=0.95, eye_s=1.1, knee_upper=True)
    hair_c = (34, 30, 36)

    def body(c, p):
        c.rect(p.edge(p.hem - 6, -1), p.hem - 6, p.edge(p.hem - 6, 1), p.hem, shade(gold, 0.85))
        if p.view == "front":
            c.polygon([(p.cx - 13, p.sy + 44), (p.cx + 13, p.sy + 44), (p.cx + 15, p.sy + 58),
                       (p.cx - 15, p.sy + 58)], shade(gold, 0.88))
            for side in (-1, 1):
                c.stroke([(p.cx + side * 5, p.sy + 4), (p.cx + side * 6, p.sy + 22)], 1.6, (250, 250, 250))
        elif p.view == "back":
            inked(c.ellipse, p.cx, p.sy + 8, 17, 10, shade(gold, 0.9), grow=1.0)  # the hood
        else:
            inked(c.ellipse, p.cx - p.d + 2, p.sy + 6, 7, 10, shade(gold, 0.9), grow=1.0)

    def foot(c, p, heel, tip, dark):
        # rolled-up trouser cuffs sit over the shins; sandals leave toes bare
        c.ellipse(tip[0] - 1, tip[1] - 1, 2.2, 1.6, shade(L["skin"], dark))

    def hair_(c, p):
        hair(c, p, hair_c, fringe=-0.3, locks=0.3, back=0.6, width=1.1)
        tufts = [(-14, -26, -5), (-5, -31, -2), (5, -31, 2), (14, -26, 5)]
        for dx, dy, lean in tufts:
            x = p.hx + dx * (0.8 if p.view == "side" else 1) - (7 if p.view == "side" else 0)
            lean = lean if p.view != "side" else -4
            tuft = [(x - 6, p.hy - 14), (x + lean, p.hy + dy), (x + 6, p.hy - 14)]
            c.polygon(tuft, INK, grow=1.2)
            c.polygon(tuft, hair_c)

    return L, dict(body=body, foot=foot, hair=hair_)


CAST = {
    "george": george, "bob": bob, "jackie": jackie, "jon": jon, "kayla": kayla, "colin": colin,
    "vesper": vesper, "rhea": rhea, "otto": otto, "maren": maren, "visitor": visitor, "ines": ines,
    "pell": pell, "wren": wren, "tam": tam,
}
TOWNSFOLK = {"hester": (hester_look, hester_hooks, demo.hester), "kit": (kit_look, kit_hooks, demo.kit),
             "bram": (bram_look, bram_hooks, demo.bram)}
NAMES = ["hester", "kit", "bram"] + list(CAST)


# ---------------------------------------------------------------------------
# The frames of one character
# ---------------------------------------------------------------------------


def townsfolk_still(draw, mood, mouth, eyes):
    """Hester, Kit or Bram as make-demo-art.py paints them, with its face() swapped for one that
    talks and blinks (the same shapes otherwise)."""
    original = demo.face

    def talking(c, cx, cy, m, skin, glasses=False):
        face(c, cx, cy, m, skin, glasses, mouth, eyes)

    demo.face = talking
    try:
        return draw(mood)
    finally:
        demo.face = original


def frames(name):
    """Yields (file name, canvas) for every picture of `name`."""
    if name in TOWNSFOLK:
        make_look, make_hooks, draw = TOWNSFOLK[name]
        L, hooks = make_look(), make_hooks()
        still = None
    else:
        L, hooks = CAST[name]()
        still = True
    for mood in MOODS:
        variants = [("", "closed", "open")] if still else []
        variants += [("_talk_1", "half", "open"), ("_talk_2", "open", "open"), ("_blink_1", "closed", "closed")]
        for suffix, mouth, eyes in variants:
            if still:
                canvas = draw_figure(Pose(L, "front", None, mood, mouth, eyes), hooks)
            else:
                canvas = townsfolk_still(draw, mood, mouth, eyes)
            yield mood + suffix, canvas
    for view, direction in (("side", "right"), ("front", "down"), ("back", "up")):
        for step in range(4):
            yield "walk_%s_%d" % (direction, step + 1), draw_figure(Pose(L, view, step), hooks)


def write(path, canvas):
    """make-demo-art.py's write_png, every row left unfiltered (PNG filter type 0): these flat,
    mostly see-through sprites deflate smaller that way than with its per-row choice, and the
    cast's four hundred pictures must stay small."""
    chosen = demo.filtered
    demo.filtered = lambda row, prior, bpp: b"\0" + row
    try:
        write_png(path, canvas, True)
    finally:
        demo.filtered = chosen


def main(argv):
    out, only, k = ".", [], 0
    while k < len(argv):
        if argv[k] == "--out" and k + 1 < len(argv):
            out, k = argv[k + 1], k + 2
        elif argv[k] == "--only":
            k += 1
            while k < len(argv) and not argv[k].startswith("--"):
                only.append(argv[k])
                k += 1
        else:
            sys.exit("usage: python3 tools/make-cast-art.py [--out DIR] [--only NAME ...]")
    unknown = [name for name in only if name not in NAMES]
    if unknown:
        sys.exit("make-cast-art.py: no character called %s (the cast: %s)" % (", ".join(unknown), " ".join(NAMES)))
    images = os.path.join(out, "scripts", "images")
    for name in only or NAMES:
        for file, canvas in frames(name):
            write(os.path.join(images, name, file + ".png"), canvas)


if __name__ == "__main__":
    main(sys.argv[1:])
