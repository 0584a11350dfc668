#!/usr/bin/env bash
# Builds Stagehand with clang and libc++ with warnings as errors: what Apple's
# toolchain would reject (a missing <cstddef>, an unused private field...) fails
# here on Debian. GoogleTest from Debian is built for libstdc++, so instead of
# ctest the libc++ build plays golden scenes and must match them byte for byte.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
for p in clang libc++-dev libc++abi-dev; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null
fi

cmake --preset clang-libcxx > build-clang-configure.log 2>&1 || { cat build-clang-configure.log; exit 1; }
rm -f build-clang-configure.log
cmake --build --preset clang-libcxx -j2
for golden in handshake_seed1 conversation_seed1 openingScene_seed7; do
  scene=${golden%_seed*}
  seed=${golden##*_seed}
  seconds=$(grep -o "golden_test(${scene} [0-9]*" tests/CMakeLists.txt | head -1 | awk '{print $2}')
  ./build/clang-libcxx/stagehand --headless --scene "$scene" --seconds "$seconds" --seed "$seed" \
    | cmp - "tests/golden/$golden.txt"
  echo "clang-libcxx: $golden matches"
done
# Every scene in every language, played as tests/WholeScenes.cmake plays it.
count=0
for golden in tests/golden/whole/*.jsonl; do
  name=$(basename "$golden" .jsonl)
  scene=${name%.*}
  language=${name#*.}
  play=$(sed -n "s/^set(whole_play_${scene} \"\(.*\)\")\$/\1/p" tests/WholeScenes.cmake | tr '|' ' ')
  # shellcheck disable=SC2086  # $play is the scene's options, one word each
  ./build/clang-libcxx/stagehand --headless --json --scene "$scene" --seconds 120 --seed 1 --lang "$language" $play \
    | cmp - "$golden"
  count=$((count + 1))
done
echo "clang-libcxx: the $count whole-scene transcripts (tests/golden/whole) match"
