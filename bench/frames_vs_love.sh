#!/usr/bin/env bash
# Frames against LÖVE 11.4: the same frame (the forest backdrop, N actors with
# rings, shadows, facing marks and name labels, half with lifted speech
# bubbles, a dialogue box with a portrait; 1280x720, vsync off) drawn by
# Stagehand (bench/frame_bench) and by LÖVE (bench/love/main.lua), in
# one run, under the same X server and the same Mesa llvmpipe. Prints a
# markdown table: median and p99 frame time, and launch to first frame.
# The last row, "pictures", is the demo's clock tower frame instead: a picture
# backdrop and three sprites with their labels (frame_bench's "pictures").
#   usage: bash bench/frames_vs_love.sh BUILD_DIR [FRAMES [ROWS]]   (from the repo root)
# The rows "paintedN" (painted10, painted100, painted1000) are the demo as painted (issue 62): the forest's
# layered backdrop and N actors drawn as the demo's cast, half on their walk frames, half standing with a
# bubble and blinking, the clock running (frame_bench's and bench/love's "painted").
# ROWS, one word: the rows to run, e.g. "pictures" or "10,100" (default all four; the painted rows only when
# named).
# Needs love (Debian: love) and, without a display, xvfb-run.
set -euo pipefail
build=${1:-build/lua51}
frames=${2:-200}
rows=${3:-10,100,1000,pictures}
if [ -z "${DISPLAY:-}" ]; then exec xvfb-run -a -s "-screen 0 1280x800x24" bash "$0" "$@"; fi

# Runs a program; prints "first_frame_seconds median_ms p99_ms".
measure() {
  local started out
  started=$(date +%s.%N)
  out=$("$@" 2>/dev/null)
  awk -v started="$started" '
    /^first_frame_realtime/ { first = $2 - started }
    /^frames/ { median = $3 == "median_ms" ? $4 : $4; p99 = $6 }
    END { printf "%.3f %s %s\n", first, median, p99 }' <<< "$out"
}

echo "| N | Stagehand median ms | LÖVE median ms | median ratio | Stagehand p99 ms | LÖVE p99 ms | p99 ratio | Stagehand launch to first frame s | LÖVE launch to first frame s |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for n in ${rows//,/ }; do
  if [ "$n" = pictures ]; then
    read -r sFirst sMedian sP99 < <(measure "$build/bench/frame_bench" 3 "$frames" pictures)
    read -r lFirst lMedian lP99 < <(measure love bench/love 3 "$frames" . pictures)
  elif [ "${n#painted}" != "$n" ]; then  # paintedN: the painted frame with N actors
    read -r sFirst sMedian sP99 < <(measure "$build/bench/frame_bench" "${n#painted}" "$frames" painted)
    read -r lFirst lMedian lP99 < <(measure love bench/love "${n#painted}" "$frames" . painted)
  else
    read -r sFirst sMedian sP99 < <(measure "$build/bench/frame_bench" "$n" "$frames")
    read -r lFirst lMedian lP99 < <(measure love bench/love "$n" "$frames" .)
  fi
  awk -v n="$n" -v sm="$sMedian" -v lm="$lMedian" -v sp="$sP99" -v lp="$lP99" -v sf="$sFirst" -v lf="$lFirst" \
    'BEGIN { printf "| %s | %.2f | %.2f | %.2fx | %.2f | %.2f | %.2fx | %.3f | %.3f |\n", n, sm, lm, sm / lm, sp, lp, sp / lp, sf, lf }'
done
