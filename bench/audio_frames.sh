#!/usr/bin/env bash
# Frame time with sound on and off, in the same run: bench/frame_bench draws
# the same frame (N actors, bubbles, dialogue box) at 1280x720 under Xvfb,
# with and without its "sound" work, in alternating runs; prints the median
# frame times (best of the runs) and their ratio. Sound goes to SDL's dummy
# driver, which mixes in real time as a sound card would.
#   usage: bash bench/audio_frames.sh [BUILD_DIR]   (default build/lua51; from the repo root)
set -euo pipefail
build=${1:-build/lua51}
export SDL_AUDIODRIVER=dummy
run() {  # N mode -> median ms
  xvfb-run -a -s "-screen 0 1280x720x24" "$build/bench/frame_bench" "$1" 300 $2 | awk '/median_ms/ {print $4}'
}
for n in 10 100 1000; do
  best_off=999 best_on=999
  for round in 1 2 3; do
    off=$(run "$n" "")
    on=$(run "$n" sound)
    best_off=$(awk -v a="$best_off" -v b="$off" 'BEGIN {print (b < a ? b : a)}')
    best_on=$(awk -v a="$best_on" -v b="$on" 'BEGIN {print (b < a ? b : a)}')
  done
  awk -v n="$n" -v off="$best_off" -v on="$best_on" \
    'BEGIN {printf "N %d frame_median_ms sound_off %.3f sound_on %.3f ratio %.3f\n", n, off, on, on / off}'
done
