#!/usr/bin/env bash
# The README's first command, after its packages: how long a newcomer waits
# from `cmake -S . -B build` to a built game (issue 58). Each run configures a
# new build folder and builds the game alone (--target stagehand, as the
# README does), with no compiler cache, on both cores. Against the same in
# one run: the whole default build (the tests too), which the README's first
# command used to make, so the ratio shows what leaving the tests out saves.
# The packages' own time (tools/install-deps-debian.sh on a fresh machine)
# cannot be re-run where they are installed: docs/TESTING.md gives it.
#
# usage: bash bench/first_command.sh [RUNS]   (default 2)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# No launcher: a newcomer has no cache (the environment's CMAKE_*_LAUNCHER would be one).
unset CMAKE_C_COMPILER_LAUNCHER CMAKE_CXX_COMPILER_LAUNCHER

time_build() {  # folder, build arguments...
  local folder=$1 started
  shift
  rm -rf "$folder"
  started=$(date +%s.%N)
  cmake -S "$repo" -B "$folder" -DCMAKE_BUILD_TYPE=Release > /dev/null
  cmake --build "$folder" -j2 "$@" > /dev/null
  awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { print b - a }'
}

for run in $(seq "$runs"); do
  game=$(time_build "$work/game" --target stagehand)
  all=$(time_build "$work/all")
  awk -v run="$run" -v game="$game" -v all="$all" \
    'BEGIN { printf "run %d: the game alone %.0f s, everything (tests too) %.0f s, ratio %.2f\n", run, game, all, game / all }'
done
