#!/usr/bin/env bash
# Instructions per dense tick (valgrind's callgrind counts instructions, not
# seconds: the same on every run, whatever else the machine does). Each figure
# is (run with 180+T ticks) - (run with 180 ticks), divided by T.
#   bash bench/scheduler_instructions.sh [lua5.1|luajit] [N ...]
set -euo pipefail
cd "$(dirname "$0")/.."
vm=${1:-lua5.1}
shift || true
sizes=${*:-1000 10000}
ticks=120

count() {  # scheduler ticks n -> instructions
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$vm" bench/scheduler_workload.lua "$1" "$2" "$3" 2>&1 \
    | awk '/refs:/ { gsub(",", "", $NF); print $NF }'
}

echo "| N | article instr/tick | ours instr/tick | minimal instr/tick | checked instr/tick | article/ours | ours/minimal | checked/minimal | ours/checked |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for n in $sizes; do
  declare -A per
  for s in article ours minimal checked; do
    per[$s]=$(( ($(count $s $ticks $n) - $(count $s 0 $n)) / ticks ))
  done
  awk -v n="$n" -v a="${per[article]}" -v o="${per[ours]}" -v m="${per[minimal]}" -v c="${per[checked]}" \
    'BEGIN { printf "| %d | %d | %d | %d | %d | %.2fx | %.2fx | %.2fx | %.2fx |\n", n, a, o, m, c, a / o, o / m, c / m, o / c }'
done
