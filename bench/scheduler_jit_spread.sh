#!/usr/bin/env bash
# How much LuaJIT's trace formation moves the scheduler figures from one
# process to the next: runs bench/scheduler_bench.lua at one N in K fresh
# processes and prints each run's dense row, then the spread of the
# ours-vs-article ratio. (Which traces form depends on the order loops get
# hot, which differs between processes; a single run is one draw.)
#   bash bench/scheduler_jit_spread.sh [vm] [N] [K]     default: luajit 1000 10
set -euo pipefail
cd "$(dirname "$0")/.."
vm=${1:-luajit}
n=${2:-1000}
runs=${3:-10}

echo "| run | article us/tick | minimal us/tick | checked us/tick | ours us/tick | speed-up vs article | ours/minimal | ours/checked |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|"
rows=""
for run in $(seq 1 "$runs"); do
  # shellcheck disable=SC2086 # vm may carry flags, e.g. "luajit -joff"
  row=$($vm bench/scheduler_bench.lua "$n" | awk -F'|' -v run="$run" -v n="$n" \
    '$2 ~ /dense/ && $3 + 0 == n { printf "| %d |%s|%s|%s|%s|%s|%s|%s|", run, $4, $5, $6, $7, $8, $9, $11 }')
  echo "$row"
  rows+="$row"$'\n'
done
printf '%s' "$rows" | awk -F'|' '{ gsub(/[ x]/, "", $7); print $7 + 0 }' | sort -g \
  | awk '{ r[NR] = $1 } END { printf "\nspeed-up vs article over %d runs: min %.1fx, median %.1fx, max %.1fx\n",
      NR, r[1], r[int((NR + 1) / 2)], r[NR] }'
