#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks to build, run and test Stagehand.
# Usage: bash tools/install-deps-debian.sh [--all]   (--all: CI's clang + libc++ and Windows builds too)
set -euo pipefail

packages=(
  build-essential cmake pkg-config clang-format git
  ccache                                  # CI's builds reuse objects between runs on one machine (.ci/run)
  libsdl2-dev libsdl2-image-dev libsdl2-mixer-dev nlohmann-json3-dev
  liblua5.1-0-dev libluajit-5.1-dev lua5.1 luajit
  love                                    # the scheduler loaded in LÖVE (tests/scheduler_standalone/)
  python3-glad lua-busted lua-check
  libgtest-dev xvfb xauth fonts-dejavu-core
  xdotool x11-apps                        # the window soak finds the game's X11 window (xdotool) and captures it (xwd): tools/soak-window.sh
  unicode-data                            # Unicode's conformance files (BidiCharacterTest.txt, LineBreakTest.txt): tests/test_unicode_conformance.cpp
  libharfbuzz-dev libfreetype-dev        # shaping (HarfBuzz) and glyphs by index (FreeType): src/render/TextShaper.cpp
  libfribidi-dev libunibreak-dev         # bidi (FriBidi) and line breaking (libunibreak): src/render/TextShaper.cpp
  libfontconfig-dev                      # the system's fonts as the last fallback: src/render/SystemFonts.cpp
  fonts-noto-core fonts-noto-cjk python3-fonttools   # only to regenerate the Noto subsets (tools/make-fonts.sh); they are committed
  fonts-opendyslexic libespeak-ng1 espeak-ng-data   # the dyslexia-friendly font (tools/copy-opendyslexic.sh); self-voicing's synthesiser (loaded at run time)
  libgl1-mesa-dri libegl-mesa0 libegl1   # software OpenGL for screenshots and render tests without a GPU
  python3 chromium                        # the timeline test renders its page in headless Chromium
  emscripten dpkg-dev xz-utils            # the browser build (tools/build-web.sh: libraries from Debian's sources)
  nodejs                                  # the web page's logic test (tests/web/page_logic.js)
)
# With --all, also what CI's other platforms need (.ci/run passes it; the
# scripts install these themselves when run alone).
if [ "${1:-}" = "--all" ]; then
  packages+=(
    clang libc++-dev libc++abi-dev        # what Apple's toolchain would reject (tools/check-clang-libcxx.sh)
    mingw-w64 wine wine64 autoconf automake libtool   # the Windows build and its tests (tools/check-windows.sh)
  )
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && { echo "install-deps: all packages present"; exit 0; }

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
