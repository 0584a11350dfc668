#!/usr/bin/env bash
# Cross-builds Stagehand and its tests for x86_64 Windows with Debian's
# mingw-w64, then runs ctest (the C++ tests, the golden transcripts and the
# command-line checks) under wine, with Xvfb for the window tests.
#
# The libraries (SDL2, FreeType, HarfBuzz, FriBidi, SDL2_image, SDL2_mixer, LuaJIT, zlib, GoogleTest)
# are built from Debian's own source packages into a cache outside the clone,
# so a rerun only builds Stagehand. Not libunibreak: its source package cannot
# be fetched from Debian's mirrors here (404), so this build breaks lines by
# src/render/LineBreakFallback.cpp (STAGEHAND_USE_LIBUNIBREAK=OFF).
#   STAGEHAND_WINDOWS_CACHE (default: ~/.cache/stagehand-windows)
# Usage: bash tools/check-windows.sh [--package]   (--package also makes the .zip)
#        bash tools/check-windows.sh --build-only   (the libraries and the build, no tests: .ci/run makes
#        them beside its other steps, then runs this script again for the tests)
#        bash tools/check-windows.sh --record-answers   (only the libraries, recording their configure's
#        answers in tools/configure-answers/windows: run it with STAGEHAND_WINDOWS_CACHE an empty folder)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cache=${STAGEHAND_WINDOWS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/stagehand-windows}
prefix=$cache/prefix
sources=$cache/src
triple=x86_64-w64-mingw32
toolchain=$root/cmake/toolchains/mingw-w64-x86_64.cmake
build=$root/build/windows
jobs=${JOBS:-2}
started=$SECONDS

step() { echo "== windows: $* ($((SECONDS - started)) s)"; }
source "$root/tools/step-timer.sh"

install_tools() {
  local packages=(mingw-w64 wine wine64 dpkg-dev xz-utils xvfb xauth cmake pkg-config nlohmann-json3-dev
                  autoconf automake libtool) missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  step "installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null
}

# Debian's source packages of the libraries (tools/fetch-debian-sources.sh).
fetch_sources() {
  step "fetching source packages"
  bash "$root/tools/fetch-debian-sources.sh" "$cache/apt" "$sources" libsdl2 libsdl2-image libsdl2-mixer freetype luajit googletest harfbuzz fribidi zlib
}

source_dir() { find "$sources" -maxdepth 1 -mindepth 1 -type d -name "$1-[0-9]*" | sort | tail -1; }

# Each library's configure answers, recorded (tools/configure-answers.sh).
source "$root/tools/configure-answers.sh"
answers_dir=$root/tools/configure-answers/windows

cmake_dep() {  # name, source dir, cmake options...
  local name=$1 src=$2 answers
  shift 2
  [ -f "$prefix/.built-$name" ] && return
  step "building $name"
  rm -rf "$cache/build/$name"
  answers=$(cmake_answers_option "$name" "$src")
  cmake ${answers:+"$answers"} -S "$src" -B "$cache/build/$name" -G "Unix Makefiles" \
    -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_INSTALL_PREFIX="$prefix" \
    -DCMAKE_BUILD_TYPE=Release "$@" > "$cache/build-$name.log" 2>&1 || { tail -40 "$cache/build-$name.log"; exit 1; }
  [ "$record_answers" = yes ] && record_cmake_answers "$name" "$src"
  cmake --build "$cache/build/$name" -j"$jobs" >> "$cache/build-$name.log" 2>&1 \
    || { tail -40 "$cache/build-$name.log"; exit 1; }
  cmake --install "$cache/build/$name" >> "$cache/build-$name.log" 2>&1
  touch "$prefix/.built-$name"
}

autotools_dep() {  # name, source dir, configure options...: a static library with its pkg-config file
  local name=$1 src=$2
  shift 2
  [ -f "$prefix/.built-$name" ] && return
  step "building $name"
  rm -rf "$cache/build/$name"
  mkdir -p "$cache/build/$name"
  [ -x "$src/configure" ] || (cd "$src" && autoreconf -fi) > "$cache/build-$name.log" 2>&1 \
    || { tail -40 "$cache/build-$name.log"; exit 1; }
  use_autotools_answers "$name" "$src"
  (cd "$cache/build/$name" && "$src/configure" --cache-file=config.cache --host=$triple --prefix="$prefix" \
     --enable-static --disable-shared CC_FOR_BUILD=gcc "$@" && make -j"$jobs" && make install) \
    >> "$cache/build-$name.log" 2>&1 || { tail -40 "$cache/build-$name.log"; exit 1; }
  record_autotools_answers "$name" "$src"
  touch "$prefix/.built-$name"
}

# zlib, static: stagehand.exe writes a game's .zip for players with it
# (--package, src/platform/Archive.cpp), and FreeType reads gzip fonts with it.
# Its own configure, which cross-builds when CHOST names the target; it builds
# in its source folder, so in a copy.
build_zlib() {
  [ -f "$prefix/.built-zlib" ] && return
  step "building zlib"
  rm -rf "$cache/build/zlib"
  mkdir -p "$cache/build"
  cp -r "$(source_dir zlib)" "$cache/build/zlib"
  (cd "$cache/build/zlib" && CHOST=$triple CC=$triple-gcc-posix ./configure --static --prefix="$prefix" \
     && make -j"$jobs" libz.a && make install) > "$cache/build-zlib.log" 2>&1 \
    || { tail -40 "$cache/build-zlib.log"; exit 1; }
  touch "$prefix/.built-zlib"
}

build_luajit() {
  [ -f "$prefix/.built-luajit" ] && return
  step "building luajit"
  local src
  src=$(source_dir luajit)
  make -C "$src" clean > /dev/null 2>&1 || true
  make -C "$src/src" -j"$jobs" HOST_CC=gcc CROSS=$triple- TARGET_SYS=Windows BUILDMODE=static libluajit.a \
    > "$cache/build-luajit.log" 2>&1 || { tail -40 "$cache/build-luajit.log"; exit 1; }
  mkdir -p "$prefix/include/luajit-2.1" "$prefix/lib/pkgconfig"
  cp "$src"/src/{lua.h,luaconf.h,lualib.h,lauxlib.h,lua.hpp,luajit.h} "$prefix/include/luajit-2.1/"
  cp "$src/src/libluajit.a" "$prefix/lib/libluajit-5.1.a"
  cat > "$prefix/lib/pkgconfig/luajit.pc" <<PC
prefix=$prefix
Name: LuaJIT
Description: Just-in-time compiler for Lua (static, for Windows)
Version: 2.1.0
Libs: -L\${prefix}/lib -lluajit-5.1
Cflags: -I\${prefix}/include/luajit-2.1
PC
  touch "$prefix/.built-luajit"
}

build_libraries() {
  mkdir -p "$prefix"
  answers_compiler="$triple-gcc-posix $($triple-gcc-posix -dumpversion)"
  [ -n "$(source_dir libsdl2)" ] && [ -n "$(source_dir googletest)" ] && [ -n "$(source_dir libsdl2-mixer)" ] \
    && [ -n "$(source_dir harfbuzz)" ] && [ -n "$(source_dir fribidi)" ] && [ -n "$(source_dir zlib)" ] \
    || fetch_sources
  cmake_dep sdl2 "$(source_dir libsdl2)" -DSDL_SHARED=ON -DSDL_STATIC=OFF -DSDL_TEST=OFF
  build_zlib
  # FreeType on that zlib: built on its own copy (FT_DISABLE_ZLIB), it defined
  # zlib's functions too, and the program's link met both ("multiple
  # definition of inflateInit_"). (Named anew so that a cache holding the
  # FreeType of its own copy builds this one.)
  cmake_dep freetype-on-zlib "$(source_dir freetype)" -DBUILD_SHARED_LIBS=OFF -DFT_REQUIRE_ZLIB=ON \
    -DFT_DISABLE_BZIP2=ON -DFT_DISABLE_PNG=ON -DFT_DISABLE_HARFBUZZ=ON -DFT_DISABLE_BROTLI=ON
  # HarfBuzz shapes the game's text (src/render/TextShaper.cpp) on that same static FreeType.
  cmake_dep harfbuzz "$(source_dir harfbuzz)" -DBUILD_SHARED_LIBS=OFF -DHB_HAVE_FREETYPE=ON -DHB_HAVE_GLIB=OFF \
    -DHB_HAVE_ICU=OFF -DHB_HAVE_GOBJECT=OFF -DHB_BUILD_SUBSET=OFF -DHB_BUILD_UTILS=OFF -DHB_BUILD_TESTS=OFF
  # Bidi for the shaper (src/render/TextShaper.cpp); its generators of
  # Unicode tables run on the build machine (CC_FOR_BUILD).
  autotools_dep fribidi "$(source_dir fribidi)" --disable-docs
  cmake_dep sdl2_image "$(source_dir libsdl2-image)" -DBUILD_SHARED_LIBS=ON -DSDL2IMAGE_SAMPLES=OFF \
    -DSDL2IMAGE_VENDORED=OFF -DSDL2IMAGE_BACKEND_STB=ON -DSDL2IMAGE_DEPS_SHARED=OFF -DSDL2IMAGE_SVG=OFF \
    -DSDL2IMAGE_AVIF=OFF -DSDL2IMAGE_JXL=OFF -DSDL2IMAGE_TIF=OFF -DSDL2IMAGE_WEBP=OFF
  # SDL2_mixer on its bundled decoders only (stb_vorbis for OGG, its own WAV):
  # every format that would need another library is off.
  cmake_dep sdl2_mixer "$(source_dir libsdl2-mixer)" -DBUILD_SHARED_LIBS=ON -DSDL2MIXER_SAMPLES=OFF \
    -DSDL2MIXER_VENDORED=OFF -DSDL2MIXER_DEPS_SHARED=OFF -DSDL2MIXER_VORBIS=STB -DSDL2MIXER_WAVE=ON \
    -DSDL2MIXER_FLAC=OFF -DSDL2MIXER_MOD=OFF -DSDL2MIXER_MP3=OFF -DSDL2MIXER_MIDI=OFF -DSDL2MIXER_OPUS=OFF \
    -DSDL2MIXER_CMD=OFF
  cmake_dep googletest "$(source_dir googletest)" -DBUILD_GMOCK=OFF -DINSTALL_GTEST=ON -Dgtest_force_shared_crt=ON
  build_luajit
  # nlohmann-json is header-only: Debian's own headers and CMake package.
  if [ ! -f "$prefix/.built-nlohmann" ]; then
    local header config
    header=$(dpkg -L nlohmann-json3-dev | grep '/nlohmann/json.hpp$' | head -1)
    config=$(dirname "$(dpkg -L nlohmann-json3-dev | grep '/nlohmann_jsonConfig.cmake$' | head -1)")
    mkdir -p "$prefix/include" "$prefix/share/cmake"
    cp -r "$(dirname "$header")" "$prefix/include/"
    cp -r "$config" "$prefix/share/cmake/"
    touch "$prefix/.built-nlohmann"
  fi
}

# mingw's C++ runtime DLLs, which every executable needs beside it. (The
# libraries' own DLLs are passed to the install too: SDL2_image's CMake package
# asks for libpng and libjpeg even when built on stb_image, so it is found
# through pkg-config, which names no DLL.)
mingw_runtime_dlls() {
  for name in libstdc++-6.dll libgcc_s_seh-1.dll libwinpthread-1.dll; do
    $triple-g++-posix -print-file-name="$name"
  done
}

# The DLLs the executables need, beside them: the libraries and mingw's runtime.
copy_runtime() {
  local dlls=("$prefix"/bin/*.dll)
  mapfile -t -O ${#dlls[@]} dlls < <(mingw_runtime_dlls)
  for dir in "$build" "$build/tests" "$build/bench"; do
    if [ -d "$dir" ]; then cp -f "${dlls[@]}" "$dir/"; fi
  done
}

install_tools
# Every test runs under wine, in an X server: without them the cross-built
# tests cannot run at all (the toolchain would find no emulator), so their
# absence is a failure naming them, in CI and out (cmake/MissingTools.cmake).
if ! command -v wine64 > /dev/null && ! command -v wine > /dev/null; then
  echo "check-windows: wine is missing: the Windows tests cannot run (install wine and wine64)" >&2
  exit 1
fi
if ! command -v xvfb-run > /dev/null; then
  echo "check-windows: xvfb-run is missing: the Windows tests cannot run (install xvfb and xauth)" >&2
  exit 1
fi
# One run at a time in this checkout (a second waits here): both would build,
# test and write in the same build folder.
mkdir -p "$build"
exec 8> "$build/.check-windows.lock"
flock 8
# wine's own state lives in this checkout's build folder, not in the shared
# cache: one prefix is one wineserver, and every clone's run ends with
# `wineserver -k`. With one prefix for all clones, a run ending in one clone
# killed the server under the tests another clone was running (seen here:
# tests of 0.3 s taking 11 to 37 s while a new server and wine's system
# programs came up; a longer program killed outright, exit 1 and no output
# under WINEDEBUG=-all), and both clones' X displays met in one wine
# session. With no Mono/Gecko prompts, and quiet but for why a program could
# not start or crashed: under WINEDEBUG=-all a test whose DLL fails to load
# exits 53 having said nothing at all (tried here), and a test once failed
# at once with no output.
export WINEPREFIX=$build/wineprefix WINEDEBUG=-all,err+module,err+process,err+virtual,err+seh \
  WINEDLLOVERRIDES="mscoree,mshtml="
record_answers=no
[ "${1:-}" = "--record-answers" ] && record_answers=yes
timed_step "windows: libraries" build_libraries
[ "$record_answers" = yes ] && { step "answers recorded in $answers_dir"; exit 0; }
# The GoogleTest cases run as 4 processes (STAGEHAND_TEST_SHARDS), not one
# wine start-up each; the tests' own code is built at -O1 (the engine as
# players get it): at -O0 each unit of them held 18,000 sections, one an
# inline function, and mingw's linker took 60 s of a core over the test
# program's 100,000, every run, ccache or not; at -O1, a sixth as many (the
# compile 18% longer, and cached); and no benchmarks, which are never run
# here (build/luajit and the clang + libc++ build compile them).
build_stagehand() {
  step "building stagehand"
  cmake -S "$root" -B "$build" -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DCMAKE_PREFIX_PATH="$prefix" \
    -DSTAGEHAND_LUA=luajit -DCMAKE_BUILD_TYPE=Release -DSTAGEHAND_WARNINGS_AS_ERRORS=ON -DSTAGEHAND_USE_LIBUNIBREAK=OFF \
    -DSTAGEHAND_TEST_SHARDS=4 -DSTAGEHAND_TEST_CODE_FLAGS=-O1 -DSTAGEHAND_BUILD_BENCH=OFF -DSTAGEHAND_BUILD_INDEPENDENT_TESTS=OFF \
    -DSTAGEHAND_EXTRA_RUNTIME_DLLS="$( (ls "$prefix"/bin/*.dll; mingw_runtime_dlls) | paste -sd';')" \
    > "$cache/configure.log" 2>&1 \
    || { cat "$cache/configure.log"; exit 1; }
  copy_runtime
  cmake --build "$build" -j"$jobs"
  copy_runtime
}
timed_step "windows: build" build_stagehand
[ "${1:-}" = "--build-only" ] && { step "built, not tested (--build-only)"; exit 0; }

step "testing under wine"
# One X server for the whole run. wine is made ready first: a new prefix is
# created and finished (wineserver -w) and the server kept alive, so tests that
# start at the same moment never race to set up the prefix (seen here: a test
# exiting 1 with no output on a cold prefix).
#
# Then one idle wine program (cmd waiting on a pipe nobody writes) runs for
# the whole of ctest, its output sent to /dev/null. Wine starts its system
# programs (services.exe, winedevice, plugplay, rpcss, explorer) with the first
# program of a session, giving them that program's standard output and error,
# and stops them when no program is left. Without the idle program they stop
# and start again between tests, and the test that restarts them lends them
# its output pipe: ctest, or a test script's execute_process,
# then waits for an end of output that comes only when the system programs
# stop, long after the test itself exited (seen here: a reader of a 0.1 s
# `--list-scenes` still waiting after 11 minutes, the pipe held open by
# winedevice, plugplay, rpcss and services.exe; and ctest stuck on a finished
# render test for 12 minutes). The idle program keeps them up, started once
# with nothing to hold.
# (The lock's descriptor is closed for it: a wine program left running must
# not hold the next run back.)
#
# And every wine program starts without address space randomization
# (setarch -R, inherited by ctest and the tests). Debian's wine64 has no
# preloader to reserve the fixed addresses wine needs before the system
# loader maps anything, so now and then a randomized mapping sat on the
# shared user data page, and a test failed in 0.01 s with nothing but, seen
# here once in ten runs: "err:virtual:virtual_alloc_first_teb wine: failed to
# map the shared user data: c0000018" (STATUS_CONFLICTING_ADDRESSES; under
# WINEDEBUG=-all not even that).
#
# Every program of the run starts through tools/wine-run.sh (the toolchain's
# emulator): when wine itself fails rather than the program (a signal, the
# low byte of an NTSTATUS such as 24 for c0000018, or a failure within 15 ms,
# too soon for any program to have run: a test "failed in 0.00 s with no
# output" once, cause unknown), it says so in the test's output with what the
# status means, the load, the free memory, whether address space
# randomization was off and whether the prefix's wineserver was up; the lines
# are gathered in wine-failures.log and listed after ctest. Nothing is rerun.
export STAGEHAND_WINDOWS_BUILD=$build STAGEHAND_WINE_LOG=$build/wine-failures.log
rm -f "$STAGEHAND_WINE_LOG"
timed_step "windows: tests under wine" setarch "$(uname -m)" -R xvfb-run -a -s "-screen 0 1280x800x24" bash -c '
  # Every wine call below is bounded, and whatever way the block ends, the
  # prefix'"'"'s server and programs are stopped: none is left holding CI.
  idle_input=$(mktemp -u)
  trap '"'"'exec 9>&-; rm -f "$idle_input"; timeout 30 wineserver -k > /dev/null 2>&1'"'"' EXIT
  fail() { echo "check-windows: $*" >&2; exit 1; }
  # A server this checkout'"'"'s earlier run left (killed before its end) is
  # stopped first: with its system programs still up it never ends, and the
  # wait below waited for it forever (seen here).
  timeout 30 wineserver -k > /dev/null 2>&1
  timeout 300 wineboot -i > /dev/null 2>&1 || fail "wineboot -i failed or ran past 300 s: the prefix was not made"
  # Bounded: should a system program not stop, the prefix is made all the
  # same, and its server is stopped rather than waited on for the rest of CI.
  if ! timeout 120 wineserver -w; then
    echo "check-windows: wine'"'"'s server was still up 120 s after wineboot; stopped" >&2
    timeout 30 wineserver -k
  fi
  timeout 30 wineserver -p 120 || fail "wineserver did not start"
  # No window manager runs in Xvfb, and wine waits for one: hiding a managed
  # window (every window a test closes) waited 2 s for the window manager to
  # say it was mapped ("wait_for_withdrawn_state ... wait timed out" under
  # WINEDEBUG=+event), 4.3 of the 4.6 s a window test took. Unmanaged
  # windows are shown and hidden at once.
  timeout 120 wine reg add "HKCU\\Software\\Wine\\X11 Driver" /v Managed /d N /f > /dev/null 2>&1 \
    || fail "wine reg add failed or ran past 120 s: windows would wait on a window manager"
  mkfifo "$idle_input"
  wine cmd /c pause < "$idle_input" > /dev/null 2>&1 &
  exec 9> "$idle_input"
  timeout 120 wine "$STAGEHAND_WINDOWS_BUILD/stagehand.exe" --help > /dev/null \
    || fail "stagehand.exe --help failed or ran past 120 s under wine"
  # Bounded as a whole too (the step takes 6 to 10 minutes): a test killed at
  # its timeout can leave its output pipe held by wine'"'"'s system programs,
  # and ctest waiting on it. Then what was still running is named.
  timeout --kill-after=60 1500 ctest --test-dir "$STAGEHAND_WINDOWS_BUILD" -j'"$jobs"' --output-on-failure
  status=$?
  case $status in
    124 | 137)
      echo "check-windows: the tests under wine ran past 25 minutes and were stopped; still running:" >&2
      ps -u "$(id -u)" -o pid,etimes,args | grep -iE "[.]exe|wine" >&2 ;;
  esac
  if [ -s "$STAGEHAND_WINE_LOG" ]; then
    echo "check-windows: wine itself failed $(wc -l < "$STAGEHAND_WINE_LOG") time(s) in this run (tools/wine-run.sh):"
    cat "$STAGEHAND_WINE_LOG"
  fi
  # The whole log of a failing run is kept: the next run writes over LastTest.log.
  if [ $status -ne 0 ]; then
    kept=$STAGEHAND_WINDOWS_BUILD/failed-run-$(date -u +%Y%m%dT%H%M%SZ).log
    cp "$STAGEHAND_WINDOWS_BUILD/Testing/Temporary/LastTest.log" "$kept" && echo "check-windows: the log of this run is kept in $kept"
  fi
  exit $status
' 8>&- < /dev/null
if [ "${1:-}" = "--package" ]; then
  step "packaging"
  (cd "$build" && cpack -G ZIP)
fi
step "done"
