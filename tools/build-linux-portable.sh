#!/usr/bin/env bash
# Builds the Linux engine players get: a `stagehand` that needs nothing outside
# the base system (glibc, the GL driver, the X11/Wayland client libraries and
# the sound server's, which SDL loads when it starts), whatever the player has
# installed. Its libraries are built here from Debian's own source packages,
# with only the features the engine uses, and linked in statically:
#   SDL2 (its video and sound back ends loaded at run time, as SDL does by
#     default), SDL2_image (stb_image: PNG and JPEG), SDL2_mixer (stb_vorbis and
#     its own WAV), FreeType (on zlib, no PNG/bzip2/brotli), HarfBuzz (no glib),
#     FriBidi, LuaJIT, zlib; and libstdc++ and libgcc (-static-libstdc++).
# Two are not linked in:
#   libunibreak: Debian's source of it cannot be fetched here (404), and Debian
#     ships no static copy, so its shared library goes beside the program, in
#     lib/, found through an $ORIGIN rpath (it needs only libc);
#   fontconfig: the system's, loaded at run time if it is there (the system's
#     fonts as the last fallback, src/render/SystemFonts.cpp); a bundled copy
#     would bring a second FreeType and the system's configuration files it
#     must match.
# docs/PACKAGING.md says why, and bench/RESULTS.md what the package holds.
#
# The libraries go to a cache outside the clone, so a rerun only builds
# Stagehand:  STAGEHAND_LINUX_CACHE (default: ~/.cache/stagehand-linux)
# Usage: bash tools/build-linux-portable.sh [BUILD_DIR]   (default build/linux-portable)
#        The engine is BUILD_DIR/stagehand, and BUILD_DIR/lib holds libunibreak.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cache=${STAGEHAND_LINUX_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/stagehand-linux}
prefix=$cache/prefix
sources=$cache/src
build=${1:-$root/build/linux-portable}
jobs=${JOBS:-2}
started=$SECONDS

step() { echo "== linux (portable): $* ($((SECONDS - started)) s)"; }
source "$root/tools/step-timer.sh"

fetch_sources() {
  step "fetching source packages"
  bash "$root/tools/fetch-debian-sources.sh" "$cache/apt" "$sources" libsdl2 libsdl2-image libsdl2-mixer freetype \
    luajit harfbuzz fribidi zlib
}

source_dir() { find "$sources" -maxdepth 1 -mindepth 1 -type d -name "$1-[0-9]*" | sort | tail -1; }

# Position-independent code throughout: Debian's compiler makes PIE programs,
# which cannot take in static libraries built without it.
cmake_dep() {  # name, source dir, cmake options...
  local name=$1 src=$2
  shift 2
  [ -f "$prefix/.built-$name" ] && return
  step "building $name"
  rm -rf "$cache/build/$name"
  cmake -S "$src" -B "$cache/build/$name" -G "Unix Makefiles" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR=lib -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_POSITION_INDEPENDENT_CODE=ON -DBUILD_SHARED_LIBS=OFF "$@" > "$cache/build-$name.log" 2>&1 \
    || { tail -40 "$cache/build-$name.log"; exit 1; }
  cmake --build "$cache/build/$name" -j"$jobs" >> "$cache/build-$name.log" 2>&1 \
    || { tail -40 "$cache/build-$name.log"; exit 1; }
  cmake --install "$cache/build/$name" >> "$cache/build-$name.log" 2>&1
  touch "$prefix/.built-$name"
}

build_zlib() {  # its own configure, building in its source folder: so in a copy
  [ -f "$prefix/.built-zlib" ] && return
  step "building zlib"
  rm -rf "$cache/build/zlib"
  mkdir -p "$cache/build"
  cp -r "$(source_dir zlib)" "$cache/build/zlib"
  (cd "$cache/build/zlib" && CFLAGS="-O2 -fPIC" ./configure --static --prefix="$prefix" --libdir="$prefix/lib" \
     && make -j"$jobs" libz.a && make install) > "$cache/build-zlib.log" 2>&1 \
    || { tail -40 "$cache/build-zlib.log"; exit 1; }
  touch "$prefix/.built-zlib"
}

build_fribidi() {
  [ -f "$prefix/.built-fribidi" ] && return
  step "building fribidi"
  local src
  src=$(source_dir fribidi)
  rm -rf "$cache/build/fribidi"
  mkdir -p "$cache/build/fribidi"
  [ -x "$src/configure" ] || (cd "$src" && autoreconf -fi) > "$cache/build-fribidi.log" 2>&1
  (cd "$cache/build/fribidi" && "$src/configure" --prefix="$prefix" --libdir="$prefix/lib" --enable-static \
     --disable-shared --with-pic --disable-docs && make -j"$jobs" && make install) >> "$cache/build-fribidi.log" 2>&1 \
    || { tail -40 "$cache/build-fribidi.log"; exit 1; }
  touch "$prefix/.built-fribidi"
}

build_luajit() {
  [ -f "$prefix/.built-luajit" ] && return
  step "building luajit"
  local src
  src=$(source_dir luajit)
  make -C "$src" clean > /dev/null 2>&1 || true
  make -C "$src/src" -j"$jobs" BUILDMODE=static CFLAGS=-fPIC libluajit.a > "$cache/build-luajit.log" 2>&1 \
    || { tail -40 "$cache/build-luajit.log"; exit 1; }
  mkdir -p "$prefix/include/luajit-2.1" "$prefix/lib/pkgconfig"
  cp "$src"/src/{lua.h,luaconf.h,lualib.h,lauxlib.h,lua.hpp,luajit.h} "$prefix/include/luajit-2.1/"
  cp "$src/src/libluajit.a" "$prefix/lib/libluajit-5.1.a"
  make -C "$src" clean > /dev/null 2>&1 || true
  cat > "$prefix/lib/pkgconfig/luajit.pc" <<PC
prefix=$prefix
Name: LuaJIT
Description: Just-in-time compiler for Lua (static)
Version: 2.1.0
Libs: -L\${prefix}/lib -lluajit-5.1 -lm -ldl
Cflags: -I\${prefix}/include/luajit-2.1
PC
  touch "$prefix/.built-luajit"
}

build_libraries() {
  mkdir -p "$prefix"
  [ -n "$(source_dir libsdl2)" ] && [ -n "$(source_dir libsdl2-mixer)" ] && [ -n "$(source_dir harfbuzz)" ] \
    && [ -n "$(source_dir fribidi)" ] && [ -n "$(source_dir zlib)" ] && [ -n "$(source_dir luajit)" ] \
    || fetch_sources
  # Every back end SDL finds headers for is loaded at run time (the *_SHARED
  # options, on by default): X11, Wayland, ALSA, PulseAudio, PipeWire, KMS/DRM.
  cmake_dep sdl2 "$(source_dir libsdl2)" -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF -DSDL_STATIC_PIC=ON \
    -DSDL_LIBSAMPLERATE=OFF -DSDL_HIDAPI_LIBUSB=OFF -DSDL_RPATH=OFF
  build_zlib
  cmake_dep freetype "$(source_dir freetype)" -DFT_REQUIRE_ZLIB=ON -DFT_DISABLE_BZIP2=ON -DFT_DISABLE_PNG=ON \
    -DFT_DISABLE_HARFBUZZ=ON -DFT_DISABLE_BROTLI=ON
  cmake_dep harfbuzz "$(source_dir harfbuzz)" -DHB_HAVE_FREETYPE=ON -DHB_HAVE_GLIB=OFF -DHB_HAVE_ICU=OFF \
    -DHB_HAVE_GOBJECT=OFF -DHB_HAVE_GRAPHITE2=OFF -DHB_BUILD_SUBSET=OFF -DHB_BUILD_UTILS=OFF -DHB_BUILD_TESTS=OFF
  build_fribidi
  cmake_dep sdl2_image "$(source_dir libsdl2-image)" -DSDL2IMAGE_SAMPLES=OFF -DSDL2IMAGE_VENDORED=OFF \
    -DSDL2IMAGE_BACKEND_STB=ON -DSDL2IMAGE_DEPS_SHARED=OFF -DSDL2IMAGE_SVG=OFF -DSDL2IMAGE_AVIF=OFF \
    -DSDL2IMAGE_JXL=OFF -DSDL2IMAGE_TIF=OFF -DSDL2IMAGE_WEBP=OFF
  cmake_dep sdl2_mixer "$(source_dir libsdl2-mixer)" -DSDL2MIXER_SAMPLES=OFF -DSDL2MIXER_VENDORED=OFF \
    -DSDL2MIXER_DEPS_SHARED=OFF -DSDL2MIXER_VORBIS=STB -DSDL2MIXER_WAVE=ON -DSDL2MIXER_FLAC=OFF \
    -DSDL2MIXER_MOD=OFF -DSDL2MIXER_MP3=OFF -DSDL2MIXER_MIDI=OFF -DSDL2MIXER_OPUS=OFF -DSDL2MIXER_CMD=OFF
  build_luajit
}

build_stagehand() {
  step "building stagehand"
  PKG_CONFIG_PATH="$prefix/lib/pkgconfig" \
    cmake -S "$root" -B "$build" -DCMAKE_PREFIX_PATH="$prefix" \
    -DSTAGEHAND_LUA=luajit -DCMAKE_BUILD_TYPE=Release -DSTAGEHAND_WARNINGS_AS_ERRORS=ON \
    -DSTAGEHAND_PORTABLE=ON -DSTAGEHAND_BUILD_TESTS=OFF -DSTAGEHAND_BUILD_BENCH=OFF \
    > "$cache/configure.log" 2>&1 || { cat "$cache/configure.log"; exit 1; }
  cmake --build "$build" -j"$jobs" --target stagehand
}

timed_step "linux (portable): libraries" build_libraries
timed_step "linux (portable): build" build_stagehand
step "built: $build/stagehand"
