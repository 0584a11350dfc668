#!/usr/bin/env bash
# Lines no test runs. Builds the engine with gcov's counters and the Lua line hook (build/coverage, Lua 5.1),
# runs the whole suite with every Lua state and every plain lua5.1 recording the lines it ran, then prints per
# file the lines with code that no test reaches (tools/coverage-report.py). A break on such a line survives any
# suite, so this is where a fresh batch of breaks is sure to find survivors; docs/TESTING.md says how it is used.
#
# usage: bash tools/coverage.sh [--details] [ctest arguments, e.g. -R Scene]
# COVERAGE_JOBS=N sets the build and test jobs (default 2). Needs gcov (gcc) and luac5.1 beside what the build
# needs. Takes about as long as a build and a suite run.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build/coverage"
rows="$build/lua-lines"
jobs=${COVERAGE_JOBS:-2}
details=()
if [[ ${1:-} == --details ]]; then
    details=(--details)
    shift
fi

cmake -S "$root" -B "$build" -DSTAGEHAND_LUA=lua51 -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_CXX_FLAGS="--coverage -O0 -g0" -DCMAKE_C_FLAGS="--coverage -O0 -g0" -DCMAKE_EXE_LINKER_FLAGS=--coverage \
    -DSTAGEHAND_LUA_LINE_COVERAGE=ON >/dev/null
cmake --build "$build" -j"$jobs" >/dev/null
find "$build" -name '*.gcda' -delete
rm -rf "$rows" && mkdir -p "$rows"
# The suite's own verdict is printed but does not stop the report: an -O0 build may run past a test's timeout.
STAGEHAND_LUA_COVERAGE_DIR="$rows" LUA_INIT="@$root/tools/lua-line-coverage.lua" \
    ctest --test-dir "$build" -j"$jobs" "$@" | tail -n 3 || true
python3 "$root/tools/coverage-report.py" "$root" "$build" "$rows" "${details[@]}"
