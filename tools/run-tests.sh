#!/usr/bin/env bash
# Builds Stagehand against both Lua VMs and runs every test in each: the C++
# tests, the scheduler specs under that VM, the golden transcripts (the same
# files for both), and the command-line checks.
#   PUC Lua 5.1 under AddressSanitizer and UndefinedBehaviorSanitizer (the
#     asan-lua51 preset, build/asan-lua51): memory errors and undefined
#     behaviour fail the test that meets them;
#   LuaJIT as players get it (build/luajit: Release, -O2, warnings as errors).
# (One sanitized build serves both "PUC Lua 5.1" and "the sanitizers": a plain
# Release PUC build's run found nothing these two builds together do not;
# docs/TESTING.md shows the breaks each still catches.)
#
# With CI set to a true value (.ci/run sets it) a missing tool is a failure
# naming it, never a skipped check: the rule of cmake/MissingTools.cmake.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/step-timer.sh

in_ci() {
  case "${CI:-}" in
    1 | [Oo][Nn] | [Yy][Ee][Ss] | [Tt][Rr][Uu][Ee] | [Yy]) return 0 ;;
    *) return 1 ;;
  esac
}

timed_step "luacheck" luacheck -q scripts spec bench

if command -v clang-format > /dev/null; then
  echo "== clang-format"
  git ls-files -z 'src/*.cpp' 'src/*.h' 'tests/*.cpp' 'tests/*.h' 'bench/*.cpp' | xargs -0 -P2 -n20 clang-format --dry-run --Werror
elif in_ci; then
  echo "run-tests: CI=$CI but clang-format is missing, so the format would not be checked (CI runs every check: install it)" >&2
  exit 1
else
  echo "== clang-format: not installed, format not checked"
fi

# Leak checking is off under the sanitizers (the test preset's ASAN_OPTIONS):
# Mesa's software GL driver, loaded and unloaded at run time, leaks at exit in
# frames that cannot be attributed.
build_sanitized_lua51() {
  cmake --preset asan-lua51 > build-asan-lua51-configure.log 2>&1 \
    || { cat build-asan-lua51-configure.log; exit 1; }
  rm -f build-asan-lua51-configure.log
  cmake --build --preset asan-lua51 -j2
}

# The tests' own code unoptimized, as in the other builds of them: the engine
# they call is built as players get it. Measured: their compile 321 -> 178 s
# of CPU, their shards' run the same (85 s). Each test file compiles alone here
# (the other builds compile them eight to a unit): one that leans on another's
# includes fails here.
build_luajit() {
  cmake -S . -B build/luajit -DSTAGEHAND_LUA=luajit -DCMAKE_BUILD_TYPE=Release \
        -DSTAGEHAND_WARNINGS_AS_ERRORS=ON -DSTAGEHAND_TEST_SHARDS=4 -DSTAGEHAND_TEST_CODE_FLAGS=-O0 \
        -DSTAGEHAND_UNITY_BUILD_TESTS=OFF \
        > build-luajit-configure.log 2>&1 \
    || { cat build-luajit-configure.log; exit 1; }
  rm -f build-luajit-configure.log
  cmake --build build/luajit -j2
}

timed_step "build (lua51, sanitizers)" build_sanitized_lua51
timed_step "tests (lua51, sanitizers)" ctest --preset asan-lua51 -j2
timed_step "build (luajit)" build_luajit
timed_step "tests (luajit)" ctest --test-dir build/luajit -j2 --output-on-failure
