#!/usr/bin/env bash
# Draws the documentation's pictures that show the engine at work, with a build's
# own --screenshot, so that they are what the engine draws today:
#   docs/images/camera-pans-backdrop.png   a starter game's gate with the camera at rest, and after it
#                                          moved 260 units right: the picture backdrop and Ada went together
#
# Usage: bash tools/make-doc-pictures.sh [BUILD]   (BUILD: a build folder holding stagehand; default build/luajit)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build/luajit}
stagehand=$build/stagehand
[ -x "$stagehand" ] || { echo "make-doc-pictures: no $stagehand (build it first)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The starter game (--new), with one more scene: the gate, then the camera moved at once.
"$stagehand" --new "$work/game" --title "Panning" > /dev/null
cat >> "$work/game/main.lua" << 'LUA'

SCENES[#SCENES + 1] = { name = "pan", title = "The camera pans the backdrop" }
function pan()
    people.atTheGate()
    wait(1)
    moveCamera({ x = 640 + 260, y = 360 }, 0)
    wait(5)
end
LUA
for at in 0.5 2; do
  SDL_VIDEODRIVER=offscreen "$stagehand" --screenshot "$work/pan-$at.png" --at "$at" --script "$work/game" \
    --scene pan --size 640x360 > /dev/null
done
python3 "$root/tools/stack-png.py" "$root/docs/images/camera-pans-backdrop.png" "$work/pan-0.5.png" "$work/pan-2.png"
echo "make-doc-pictures: wrote docs/images/camera-pans-backdrop.png"
