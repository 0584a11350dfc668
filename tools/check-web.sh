#!/usr/bin/env bash
# Builds the browser version (tools/build-web.sh) and plays it in headless
# Chromium from a loopback server (tests/web/check_web.py): first frame, the
# conversation's frame at 3 s against the desktop's, keys, a save kept across
# a reload, touch, rollback, the scene menu, languages, sound, a quiet console,
# and a game packaged for the web (--package --web-engine). The frame is judged
# by the desktop build's stagehand_output_check (build/luajit, the Release build
# of tools/run-tests.sh, built here if missing), whose stagehand packages the game.
# Usage: bash tools/check-web.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bash tools/build-web.sh
desktop=build/luajit
if [ ! -f "$desktop/CMakeCache.txt" ]; then
  cmake -S . -B "$desktop" -DSTAGEHAND_LUA=luajit -DCMAKE_BUILD_TYPE=Release -DSTAGEHAND_WARNINGS_AS_ERRORS=ON \
    > /dev/null
fi
cmake --build "$desktop" --target stagehand_output_check stagehand -j"${JOBS:-2}" > /dev/null
source tools/step-timer.sh
timed_step "web: playing it in headless chromium" python3 tests/web/check_web.py build/web/site "$desktop/tests/stagehand_output_check" \
  tests/golden/screenshot_conversation_3s_640x360.png build/web/check "$desktop/stagehand"
