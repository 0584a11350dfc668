#!/usr/bin/env bash
# Makes the SDK (tools/make-sdk.sh build/sdk) and checks what an author and a
# player get from it, as they would:
#   0. make-sdk.sh again with nothing changed keeps the archive, and with a
#      file of the SDK changed makes it anew;
#   1. the SDK's stagehand, and the Linux package's, need nothing outside the
#      base system: ldd resolves every library to glibc's own or to the
#      package's lib/, and no symbol needs a glibc newer than 2.36;
#   2. from the unpacked SDK's stagehand, --new then --package with no other
#      flag writes the Linux .tar.gz, the Windows .zip, the web folder and its .zip;
#   3. the Linux package plays its game in a root holding glibc's libraries
#      and nothing else (unshare --root, in namespaces of its own): the
#      transcript is the SDK's own run's;
#   4. the Windows .zip, unzipped, plays it under wine in a fresh prefix: the
#      same transcript, and its screenshot is the SDK's own of the same moment;
#   (and the SDK's stagehand opens a real window titled as the game under Xvfb);
#   5. the web folder plays it in headless Chromium under the game's title;
#   6. a broken game is refused: nothing is written.
# Needs root (unshare), wine and Xvfb (tools/check-windows.sh), and Chromium.
# Usage: bash tools/check-sdk.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/tools/step-timer.sh"
work=$root/build/sdk-check
fail() { echo "check-sdk: $*" >&2; exit 1; }

timed_step "sdk: made" bash "$root/tools/make-sdk.sh" "$root/build/sdk"
# Frames are compared by the desktop build's checker (as tools/check-web.sh does), built if missing.
checker=$root/build/luajit/tests/stagehand_output_check
if [ ! -x "$checker" ]; then
  cmake -S "$root" -B "$root/build/luajit" -DSTAGEHAND_LUA=luajit -DCMAKE_BUILD_TYPE=Release > /dev/null
  cmake --build "$root/build/luajit" --target stagehand_output_check -j"${JOBS:-2}" > /dev/null
fi
tarball=$(ls "$root"/build/sdk/stagehand-sdk-*-linux.tar.gz)
# Made again with nothing changed, the archive is kept; with a file of the SDK changed, it is made anew.
bash "$root/tools/make-sdk.sh" "$root/build/sdk" > "$work.again.log" 2>&1
grep -q '^== sdk: nothing changed' "$work.again.log" || fail "make-sdk.sh, run again with nothing changed, did not keep the archive: $(grep '^== sdk' "$work.again.log")"
made=${tarball%-linux.tar.gz}
echo "an edit" >> "$made/README.md"
bash "$root/tools/make-sdk.sh" "$root/build/sdk" > "$work.again.log" 2>&1
grep -q '^== sdk: packing' "$work.again.log" && cmp -s "$made/README.md" "$root/docs/SDK.md" \
  || fail "make-sdk.sh did not make the SDK anew when a file in it had changed: $(grep '^== sdk' "$work.again.log")"
rm -f "$work.again.log"
echo "sdk: made again with nothing changed, the archive is kept; a file changed, it is made anew"
rm -rf "$work"
mkdir -p "$work"
tar -C "$work" -xzf "$tarball"
sdk=$(ls -d "$work"/stagehand-sdk-*/)
sdk=${sdk%/}

# 1. What the engine needs from the system: glibc's libraries, or its own lib/.
base_system_only() {  # program
  local program=$1 folder line newest
  folder=$(dirname "$program")
  while read -r line; do
    case "$line" in
      linux-vdso.so.1* | */ld-linux-x86-64.so.2* | ld-linux-x86-64.so.2*) ;;
      libc.so.6\ =\>* | libm.so.6\ =\>* | libdl.so.2\ =\>* | libpthread.so.0\ =\>* | librt.so.1\ =\>*) ;;
      *"=> $folder/lib/"*) ;;
      *) fail "$program needs $line: neither glibc's nor in its own lib/" ;;
    esac
  done < <(ldd "$program" | sed 's/^[[:space:]]*//; s/ (0x[0-9a-f]*)$//')
  newest=$( { objdump -T "$program"; for library in "$folder"/lib/*.so*; do objdump -T "$library"; done; } \
    | grep -o 'GLIBC_[0-9.]*' | sort -t. -k1,1 -k2,2n -u | sed 's/GLIBC_//' | sort -V | tail -1)
  [ "$(printf '%s\n2.36\n' "$newest" | sort -V | tail -1)" = "2.36" ] \
    || fail "$program needs glibc $newest, newer than Debian 12's 2.36"
  echo "sdk: $program needs glibc $newest or newer and nothing else outside it: $(ldd "$program" | wc -l) libraries"
}
base_system_only "$sdk/stagehand"

# 2. A new game, packaged from the SDK with no other flag.
stagehand=$sdk/stagehand
game=$work/Night\ Ferry
"$stagehand" --new "$game" --title "Night Ferry" > /dev/null
"$stagehand" --package "$game" --out "$work/dist" > "$work/package.out" 2> "$work/package.err" \
  || fail "--package from the SDK failed: $(cat "$work/package.out" "$work/package.err")"
[ -s "$work/package.err" ] && fail "--package from the SDK printed errors: $(cat "$work/package.err")"
for made in night-ferry-0.1-linux.tar.gz night-ferry-0.1-windows.zip night-ferry-0.1-web night-ferry-0.1-web.zip; do
  grep -qx "$work/dist/$made" "$work/package.out" || fail "--package from the SDK did not write $made: $(cat "$work/package.out")"
done
grep -q '^note:' "$work/package.out" && fail "--package from the SDK left something out: $(cat "$work/package.out")"
echo "sdk: --package wrote $(sed "s|$work/dist/||" "$work/package.out" | paste -sd' ')"

# What the game plays, as the SDK's stagehand plays it: the reference for 3 and 4.
# (Run from a folder holding it as game/, as both packages hold it: the transcript names its files so.)
mkdir -p "$work/reference"
cp -r "$game" "$work/reference/game"
(cd "$work/reference" && "$stagehand" game --headless --seconds 8 --choose 1,1,1 > "$work/expected.txt")
grep -q 'arrival' "$work/expected.txt" || fail "the new game's own run shows no arrival: $(head -5 "$work/expected.txt")"

# The SDK's stagehand opens a real window, titled as the game, on an X server
# (SDL loads the X11 libraries itself: the program links none), whatever video
# driver the caller's environment names (offscreen would open none).
in_a_window() {
  env -u SDL_VIDEODRIVER xvfb-run -a sh -c '"$1" game 2> /dev/null & program=$!
    timeout 60 xdotool search --sync --name "^Night Ferry\$" > /dev/null; found=$?
    kill "$program"; exit "$found"' sh "$stagehand" \
    || fail "the SDK's stagehand opened no window titled Night Ferry on an X server"
  echo "sdk: the SDK's stagehand opens a window titled Night Ferry"
}
(cd "$work/reference" && in_a_window)
(cd "$work/reference" && SDL_VIDEODRIVER=offscreen "$stagehand" game --screenshot "$work/linux.png" --at 1 \
   --size 640x360 > /dev/null)

# 3. The Linux package in a root with glibc and nothing else.
play_in_bare_root() {
  local bare=$work/bare library
  rm -rf "$bare"
  mkdir -p "$bare/lib64" "$bare/lib/x86_64-linux-gnu" "$bare/proc" "$bare/tmp" "$bare/home"
  for library in libc.so.6 libm.so.6 libdl.so.2 libpthread.so.0 librt.so.1; do
    cp -L "/lib/x86_64-linux-gnu/$library" "$bare/lib/x86_64-linux-gnu/"
  done
  cp -L /lib64/ld-linux-x86-64.so.2 "$bare/lib64/"
  tar -C "$bare/home" -xzf "$work/dist/night-ferry-0.1-linux.tar.gz"
  base_system_only "$bare/home/night-ferry-0.1/stagehand"
  # A mount and process namespace of its own (its /proc, gone with it), the root its only files.
  env -i HOME=/home SDL_AUDIODRIVER=dummy /usr/bin/unshare --mount --pid --fork --mount-proc=/proc --root="$bare" \
    --wd=/home/night-ferry-0.1 ./stagehand game --headless --seconds 8 --choose 1,1,1 \
    > "$work/bare.txt" 2> "$work/bare.err" || fail "the Linux package did not play in a bare root: $(cat "$work/bare.err")"
  cmp -s "$work/expected.txt" "$work/bare.txt" || fail "in a bare root the Linux package played otherwise: $(diff "$work/expected.txt" "$work/bare.txt" | head -10)"
  echo "sdk: the Linux package plays its game in a root holding glibc alone ($(wc -l < "$work/bare.txt") transcript lines)"
}
timed_step "sdk: the Linux package in a bare root" play_in_bare_root

# 4. The Windows .zip under wine, in a prefix of its own.
play_under_wine() {
  local unzipped=$work/windows
  rm -rf "$unzipped" "$work/wineprefix"
  mkdir -p "$unzipped"
  (cd "$unzipped" && python3 -m zipfile -e "$work/dist/night-ferry-0.1-windows.zip" .)
  export WINEPREFIX=$work/wineprefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
  local wine
  wine=$(command -v wine64 || command -v wine) || fail "wine is missing: the Windows package cannot be played"
  "$wine" wineboot --init > /dev/null 2>&1 || true
  wineserver -w
  (cd "$unzipped/night-ferry-0.1" && bash "$root/tools/wine-run.sh" stagehand.exe game --headless --seconds 8 --choose 1,1,1 | tr -d '\r' > "$work/wine.txt")
  cmp -s "$work/expected.txt" "$work/wine.txt" || fail "under wine the Windows package played otherwise: $(diff "$work/expected.txt" "$work/wine.txt" | head -10)"
  # The headless run's wine session had no display: it ends before the one with a display begins.
  wineserver -w
  (cd "$unzipped/night-ferry-0.1" && xvfb-run -a bash "$root/tools/wine-run.sh" stagehand.exe game --screenshot \
     "$work/wine.png" --at 1 --size 640x360 > "$work/wine-screenshot.log" 2>&1) \
    || fail "under wine the Windows package took no screenshot: $(cat "$work/wine-screenshot.log")"
  wineserver -k || true
  "$checker" image "$work/wine.png" "$work/linux.png" 1 0.001 > "$work/wine-frame.txt" \
    || fail "under wine the Windows package's first picture is not the SDK's own: $(cat "$work/wine-frame.txt")"
  echo "sdk: the Windows package plays its game under wine in a fresh prefix"
}
timed_step "sdk: the Windows package under wine" play_under_wine

# 5. The web folder in Chromium.
timed_step "sdk: the web folder in chromium" python3 "$root/tests/sdk/play_web_folder.py" \
  "$work/dist/night-ferry-0.1-web" "Night Ferry" arrival

# 6. A broken game is refused, and nothing is written.
broken=$work/Broken
"$stagehand" --new "$broken" > /dev/null
printf 'this is not lua (\n' >> "$broken/main.lua"
if "$stagehand" --package "$broken" --out "$work/refused" > /dev/null 2> "$work/refused.err"; then
  fail "--package packed a game whose script does not load"
fi
[ -z "$(ls -A "$work/refused" 2> /dev/null)" ] || fail "--package refused a broken game but wrote $(ls "$work/refused")"
grep -q 'main.lua:' "$work/refused.err" || fail "--package's refusal does not name the script's line: $(cat "$work/refused.err")"
echo "ok: the SDK makes packages that play on Linux, Windows and the web"
