#!/usr/bin/env bash
# Builds Stagehand for the browser (WebAssembly, WebGL 2) with Debian's
# Emscripten, and writes a folder any static file server can serve:
#   build/web/site/index.html      our page (web/index.html): loading, click to start, fullscreen
#   build/web/site/stagehand.js    the engine's JavaScript glue, and stagehand.wasm the engine
#   build/web/site/game.js         the game's files (game.data), preloaded into the page's file system
#
# The libraries (SDL2, SDL2_image, SDL2_mixer on its bundled decoders, FreeType,
# HarfBuzz, FriBidi, PUC Lua 5.1) are built with Emscripten from Debian's own
# source packages into a cache outside the clone, so a rerun only builds Stagehand:
#   STAGEHAND_WEB_CACHE (default: ~/.cache/stagehand-web)
# Emscripten's own ports download at build time and are never used.
# Not libunibreak: its source package cannot be fetched from Debian's mirrors
# here (404), so this build breaks lines by src/render/LineBreakFallback.cpp
# (STAGEHAND_USE_LIBUNIBREAK=OFF), as the Windows cross-build does.
#
# Usage: bash tools/build-web.sh [GAME]   (GAME: a game's folder; default the demo)
#        bash tools/build-web.sh --libraries   (only the cached libraries)
#        bash tools/build-web.sh --record-answers   (the libraries, recording their configure's answers)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cache=${STAGEHAND_WEB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/stagehand-web}
prefix=$cache/prefix
sources=$cache/src
build=$root/build/web
site=$build/site
jobs=${JOBS:-2}
started=$SECONDS
# Debian's Emscripten finds its JavaScript modules (acorn and friends) only in
# Debian's node folder, which a Node from elsewhere does not search.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
# Debian's Emscripten is a Python program for Debian's own Python, which a
# version manager's python3 earlier in PATH would stand in for at half a second
# a call (pyenv's shim: 554 ms against 44) on every compile and configure check.
if [ -z "${EMSDK_PYTHON:-}" ] && [ -x /usr/bin/python3 ]; then export EMSDK_PYTHON=/usr/bin/python3; fi
# The machine is shared: the long builds give way to interactive work.
nice="nice -n 10"

step() { echo "== web: $* ($((SECONDS - started)) s)"; }
source "$root/tools/step-timer.sh"

install_tools() {
  local packages=(emscripten dpkg-dev xz-utils cmake pkg-config nlohmann-json3-dev python3 make gcc) missing=()
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
  bash "$root/tools/fetch-debian-sources.sh" "$cache/apt" "$sources" libsdl2 libsdl2-image libsdl2-mixer freetype harfbuzz fribidi lua5.1
}

source_dir() { find "$sources" -maxdepth 1 -mindepth 1 -type d -name "$1-[0-9]*" | sort | tail -1; }

# The libraries are found in the prefix: Emscripten's toolchain file searches
# only its own sysroot unless the prefix is a find root too.
cmake_args=(-DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_FIND_ROOT_PATH="$prefix" -DCMAKE_INSTALL_PREFIX="$prefix"
            -DCMAKE_BUILD_TYPE=Release)
# pkg-config reads the prefix's .pc files and never the machine's own (whose
# -I/usr/include would mix the host's headers in). SDL2_image's CMake package
# asks for libpng and libjpeg even when built on stb_image, so the engine
# finds it through pkg-config, as tools/check-windows.sh does.
export PKG_CONFIG_LIBDIR=$prefix/lib/pkgconfig EM_PKG_CONFIG_PATH=$prefix/lib/pkgconfig PKG_CONFIG_PATH=

# Each library's configure answers, recorded (tools/configure-answers.sh).
source "$root/tools/configure-answers.sh"
answers_dir=$root/tools/configure-answers/web

cmake_dep() {  # name, source dir, cmake options...
  local name=$1 src=$2 answers
  shift 2
  [ -f "$prefix/.built-$name" ] && return
  step "building $name"
  rm -rf "$cache/build/$name"
  answers=$(cmake_answers_option "$name" "$src")
  $nice emcmake cmake ${answers:+"$answers"} -S "$src" -B "$cache/build/$name" -G "Unix Makefiles" \
    "${cmake_args[@]}" "$@" > "$cache/build-$name.log" 2>&1 || { tail -40 "$cache/build-$name.log"; exit 1; }
  [ "$record_answers" = yes ] && record_cmake_answers "$name" "$src"
  $nice cmake --build "$cache/build/$name" -j"$jobs" >> "$cache/build-$name.log" 2>&1 \
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
  use_autotools_answers "$name" "$src"
  # The host triple only tells configure it cross-compiles (so that its
  # generators of Unicode tables run on the build machine, CC_FOR_BUILD): the
  # source's config.sub predates Emscripten's own name.
  (cd "$cache/build/$name" && $nice emconfigure "$src/configure" --cache-file=config.cache \
     --host=wasm32-unknown-none --prefix="$prefix" --enable-static --disable-shared CC_FOR_BUILD=gcc "$@" \
     && $nice emmake make -j"$jobs" && make install) \
    > "$cache/build-$name.log" 2>&1 || { tail -40 "$cache/build-$name.log"; exit 1; }
  record_autotools_answers "$name" "$src"
  touch "$prefix/.built-$name"
}

write_pc() {  # name, description, version
  cat > "$prefix/lib/pkgconfig/$1.pc" <<PC
prefix=$prefix
Name: $1
Description: $2
Version: $3
Requires: sdl2
Libs: -L\${prefix}/lib -l$1
Cflags: -I\${prefix}/include/SDL2
PC
}

# PUC Lua 5.1 has no CMake build: its library is every file of src/ but the
# two programs (lua.c, luac.c) and luac's print.c, in ANSI C (no popen, no dlopen).
build_lua() {
  [ -f "$prefix/.built-lua51" ] && return
  step "building lua 5.1"
  local src objects=() file
  src=$(source_dir lua5.1)/src
  rm -rf "$cache/build/lua51" "$cache/build-lua51.log"
  mkdir -p "$cache/build/lua51" "$prefix/include/lua5.1" "$prefix/lib"
  # Debian's luaconf.h (its module-paths patch) includes a header its build
  # writes, naming the architecture's library folder; ours names the browser's.
  echo '#define DEB_HOST_MULTIARCH "wasm32-emscripten"' > "$prefix/include/lua5.1/lua5.1-deb-multiarch.h"
  for file in "$src"/*.c; do
    case $(basename "$file") in lua.c | luac.c | print.c) continue ;; esac
    objects+=("$cache/build/lua51/$(basename "$file" .c).o")
  done
  # Both cores: one emcc a file, two at a time.
  printf '%s\n' "${objects[@]}" | $nice xargs -P"$jobs" -I{} sh -c \
    'emcc -O2 -I"$1" -c "$2/$(basename "$3" .o).c" -o "$3"' sh "$prefix/include/lua5.1" "$src" {} \
    >> "$cache/build-lua51.log" 2>&1 || { tail -40 "$cache/build-lua51.log"; exit 1; }
  emar rcs "$prefix/lib/liblua5.1.a" "${objects[@]}"
  cp "$src"/{lua.h,luaconf.h,lualib.h,lauxlib.h} "$prefix/include/lua5.1/"
  touch "$prefix/.built-lua51"
}

build_libraries() {
  mkdir -p "$prefix"
  answers_compiler="emcc $(emcc -dumpversion)"
  [ -n "$(source_dir libsdl2)" ] && [ -n "$(source_dir libsdl2-mixer)" ] && [ -n "$(source_dir harfbuzz)" ] \
    && [ -n "$(source_dir lua5.1)" ] && [ -n "$(source_dir libsdl2-image)" ] && [ -n "$(source_dir freetype)" ] \
    && [ -n "$(source_dir fribidi)" ] || fetch_sources
  # SDL2 with its Emscripten video (a canvas, WebGL through EGL) and audio (Web Audio).
  cmake_dep sdl2 "$(source_dir libsdl2)" -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF
  cmake_dep freetype "$(source_dir freetype)" -DBUILD_SHARED_LIBS=OFF -DFT_DISABLE_ZLIB=ON \
    -DFT_DISABLE_BZIP2=ON -DFT_DISABLE_PNG=ON -DFT_DISABLE_HARFBUZZ=ON -DFT_DISABLE_BROTLI=ON
  cmake_dep harfbuzz "$(source_dir harfbuzz)" -DBUILD_SHARED_LIBS=OFF -DHB_HAVE_FREETYPE=ON -DHB_HAVE_GLIB=OFF \
    -DHB_HAVE_ICU=OFF -DHB_HAVE_GOBJECT=OFF -DHB_BUILD_SUBSET=OFF -DHB_BUILD_UTILS=OFF -DHB_BUILD_TESTS=OFF
  # Bidi for the shaper (src/render/TextShaper.cpp).
  autotools_dep fribidi "$(source_dir fribidi)" --disable-docs
  # SDL2_image on stb_image (PNG and JPEG) and its own PNG writer (save thumbnails).
  cmake_dep sdl2_image "$(source_dir libsdl2-image)" -DBUILD_SHARED_LIBS=OFF -DSDL2IMAGE_SAMPLES=OFF \
    -DSDL2IMAGE_VENDORED=OFF -DSDL2IMAGE_BACKEND_STB=ON -DSDL2IMAGE_DEPS_SHARED=OFF -DSDL2IMAGE_SVG=OFF \
    -DSDL2IMAGE_AVIF=OFF -DSDL2IMAGE_JXL=OFF -DSDL2IMAGE_TIF=OFF -DSDL2IMAGE_WEBP=OFF
  # SDL2_mixer on its bundled decoders only (stb_vorbis for OGG, its own WAV):
  # every format that would need another library is off.
  cmake_dep sdl2_mixer "$(source_dir libsdl2-mixer)" -DBUILD_SHARED_LIBS=OFF -DSDL2MIXER_SAMPLES=OFF \
    -DSDL2MIXER_VENDORED=OFF -DSDL2MIXER_DEPS_SHARED=OFF -DSDL2MIXER_VORBIS=STB -DSDL2MIXER_WAVE=ON \
    -DSDL2MIXER_FLAC=OFF -DSDL2MIXER_MOD=OFF -DSDL2MIXER_MP3=OFF -DSDL2MIXER_MIDI=OFF -DSDL2MIXER_OPUS=OFF \
    -DSDL2MIXER_CMD=OFF
  # Their static CMake builds install no pkg-config file: ours, naming the archives.
  write_pc SDL2_image "image loading for SDL (static, on stb_image)" 2.6.3
  write_pc SDL2_mixer "audio mixing for SDL (static, on its bundled decoders)" 2.6.2
  build_lua
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

record_answers=no
[ "${1:-}" = "--record-answers" ] && record_answers=yes
install_tools
timed_step "web: libraries" build_libraries
case ${1:-} in
  --libraries | --record-answers) step "libraries ready in $prefix"; exit 0 ;;
esac

game=${1:-}
step "building stagehand"
# In CI this runs first, beside the native builds, on a clone with no build/ yet.
mkdir -p "$build"
# ccache keeps the engine's objects between clones and runs, as for the desktop builds.
launcher=()
command -v ccache > /dev/null && launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
$nice emcmake cmake -S "$root" -B "$build" "${cmake_args[@]}" "${launcher[@]}" -DSTAGEHAND_LUA=lua51 -DSTAGEHAND_BUILD_TESTS=OFF \
  -DSTAGEHAND_WARNINGS_AS_ERRORS=ON -DSTAGEHAND_USE_LIBUNIBREAK=OFF -DLUA_INCLUDE_DIR="$prefix/include/lua5.1" \
  -DLUA_LIBRARY="$prefix/lib/liblua5.1.a" -DLUA_LIBRARIES="$prefix/lib/liblua5.1.a" > "$build/configure.log" 2>&1 \
  || { cat "$build/configure.log"; exit 1; }
timed_step "web: build" $nice cmake --build "$build" --target stagehand -j"$jobs"

step "packing the game's files"
rm -rf "$site"
mkdir -p "$site"
cp "$build/stagehand.js" "$build/stagehand.wasm" "$site/"
cp "$root/web/index.html" "$site/"
# The engine's data root (scripts/, assets/) at the file system's root, where
# the program looks first; a game's own folder at /game, passed as GAME.
packed=(--preload "$root/scripts@/scripts" "$root/assets@/assets")
if [ -n "$game" ]; then
  [ -d "$game" ] || { echo "build-web: $game is not a folder" >&2; exit 2; }
  packed+=("$(cd "$game" && pwd)@/game")
  echo '["/game"]' > "$site/arguments.json"
else
  echo '[]' > "$site/arguments.json"
fi
# (Its reminder that the engine needs -sFORCE_FILESYSTEM is printed every time: it has it.)
(cd "$site" && python3 /usr/share/emscripten/tools/file_packager.py game.data "${packed[@]}" \
  --exclude '*/meta/*' --js-output=game.js > "$build/packager.log" 2>&1) || { cat "$build/packager.log"; exit 1; }
# The packager names each package by a random UUID; named by its data's hash,
# the same files give the same site (an SDK rebuilt with nothing changed is
# not packed again: tools/make-sdk.sh).
uuid=$(sha256sum "$site/game.data" | sed -E 's/^(.{8})(.{4})(.{4})(.{4})(.{12}).*/\1-\2-\3-\4-\5/')
sed -i -E "s/\"package_uuid\": *\"[0-9a-f-]+\"/\"package_uuid\": \"$uuid\"/" "$site/game.js"
grep -q "\"package_uuid\": \"$uuid\"" "$site/game.js" || { echo "build-web: game.js names no package_uuid" >&2; exit 1; }
step "done: serve $site (for example: python3 -m http.server -d $site)"
