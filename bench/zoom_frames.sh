#!/usr/bin/env bash
# Frame time with the camera zoomed and not: bench/frame_bench draws the same
# frame (N actors, bubbles, dialogue box with portrait, the forest) at
# 1280x720 under Xvfb at zoom 1 and at zoom Z, in alternating runs; prints
# each run's median frame times and their ratio.
#   usage: bash bench/zoom_frames.sh [BUILD_DIR [N [Z]]]   (default build/lua51 100 2; from the repo root)
set -euo pipefail
build=${1:-build/lua51}
n=${2:-100}
zoom=${3:-2}
run() {  # mode -> median ms
  xvfb-run -a -s "-screen 0 1280x720x24" "$build/bench/frame_bench" "$n" 300 "$1" | awk '/median_ms/ {print $4}'
}
for round in 1 2 3; do
  flat=$(run zoom=1)
  zoomed=$(run "zoom=$zoom")
  awk -v r="$round" -v n="$n" -v z="$zoom" -v a="$flat" -v b="$zoomed" \
    'BEGIN {printf "run %d N %d median_ms zoom1 %.3f zoom%s %.3f ratio %.3f\n", r, n, a, z, b, b / a}'
done
