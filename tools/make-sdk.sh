#!/usr/bin/env bash
# Makes the SDK an author downloads: every engine, the docs and the demo in one
# folder, and that folder as DIR/stagehand-sdk-VERSION-linux.tar.gz.
#   stagehand, lib/        the Linux engine players get (tools/build-linux-portable.sh):
#                          it needs nothing outside the base system
#   engines/windows/       stagehand.exe and its DLLs (tools/check-windows.sh --build-only)
#   engines/web/           the web build's site (tools/build-web.sh)
#   scripts/, assets/      the engine's scripts and assets, and the demo
#   docs/, README.md       the guide and the references; README.md is docs/SDK.md
# From the SDK's stagehand, `--package GAME --out DIR` writes the Linux .tar.gz,
# the Windows .zip and the web folder (and its .zip) with no other flag.
#
# Each engine's own script rebuilds only what changed, so a second run with
# nothing changed takes seconds (the archive too is only rewritten when a file
# in it changed). CI runs the three builds among its own steps first: this
# script then finds them made (make-sdk.sh is one row of CI's table).
# Usage: bash tools/make-sdk.sh DIR
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?"usage: bash tools/make-sdk.sh DIR (the folder the SDK and its .tar.gz go to)"}
mkdir -p "$out"
out=$(cd "$out" && pwd)
version=$(sed -n 's/^project(stagehand VERSION \([0-9.]*\).*/\1/p' "$root/CMakeLists.txt")
name=stagehand-sdk-$version
sdk=$out/$name
started=$SECONDS
step() { echo "== sdk: $* ($((SECONDS - started)) s)"; }
# One engine's build script: its step lines shown as it goes (a cold build of the libraries is long),
# its whole output kept in a log, shown when it fails: a failed build stops the SDK, never leaving an
# engine from an earlier build in it. Its own steps are not rows of CI's table.
build_engine() {  # platform, command...
  local log=$root/build/make-sdk-$1.log
  shift
  mkdir -p "$root/build"
  if ! STAGEHAND_STEP_LOG='' "$@" 2>&1 | tee "$log" | grep --line-buffered '^== '; then
    tail -40 "$log"
    echo "make-sdk: $* failed (its log: $log)" >&2
    exit 1
  fi
}

step "the Linux engine"
build_engine linux bash "$root/tools/build-linux-portable.sh" "$root/build/linux-portable"
[ -x "$root/build/linux-portable/stagehand" ] || { echo "make-sdk: no Linux engine was built" >&2; exit 1; }
step "the Windows engine"
build_engine windows bash "$root/tools/check-windows.sh" --build-only
[ -f "$root/build/windows/stagehand.exe" ] || { echo "make-sdk: no Windows engine was built" >&2; exit 1; }
step "the web engine"
build_engine web bash "$root/tools/build-web.sh"
[ -f "$root/build/web/site/stagehand.wasm" ] || { echo "make-sdk: no web engine was built" >&2; exit 1; }

step "laying out $sdk"
staging=$out/.$name.new
rm -rf "$staging"
mkdir -p "$staging/lib" "$staging/engines/windows" "$staging/engines/web" "$staging/docs"
cp "$root/build/linux-portable/stagehand" "$staging/"
cp "$root"/build/linux-portable/lib/*.so* "$staging/lib/"
cp "$root/build/windows/stagehand.exe" "$root"/build/windows/*.dll "$staging/engines/windows/"
for file in index.html stagehand.js stagehand.wasm game.js game.data; do
  cp "$root/build/web/site/$file" "$staging/engines/web/"
done
# Players get the programs without their symbol tables (the debug build keeps them): the Linux program
# 12 -> 8 MB, mingw's libstdc++ DLL 24 -> 2 MB, stagehand.exe 9 -> 4.4 MB.
# mingw's strip writes the time into each PE header unless SOURCE_DATE_EPOCH names one: a fixed one,
# so that the same build gives the same bytes (and an SDK made again with nothing changed is not packed
# again; the build's DLLs are copied anew at each build, so their files' times would not do).
strip --strip-unneeded "$staging/stagehand"
SOURCE_DATE_EPOCH=0 x86_64-w64-mingw32-strip --strip-unneeded "$staging"/engines/windows/*.exe \
  "$staging"/engines/windows/*.dll
# The committed files only (a checkout's scripts/ may hold an author's experiments).
(cd "$root" && git ls-files -z scripts assets) | (cd "$root" && xargs -0 cp --parents -t "$staging")
(cd "$root" && git ls-files -z docs) | (cd "$root" && xargs -0 cp --parents -t "$staging")
cp "$root/README.md" "$staging/docs/README.md"
cp "$root/docs/SDK.md" "$staging/README.md"
# Unchanged since the last run: the archive is kept as it is.
manifest() { (cd "$1" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum) | sha256sum; }
tarball=$out/$name-linux.tar.gz
if [ -d "$sdk" ] && [ -f "$tarball" ] && [ "$(manifest "$staging")" = "$(manifest "$sdk")" ]; then
  rm -rf "$staging"
  step "nothing changed: $tarball kept"
else
  rm -rf "$sdk"
  mv "$staging" "$sdk"
  step "packing $tarball"
  tar -C "$out" --sort=name --owner=0 --group=0 --numeric-owner -czf "$tarball.new" "$name"
  mv "$tarball.new" "$tarball"
fi
step "made: $sdk ($(du -sh "$sdk" | cut -f1)) and $tarball ($(du -h "$tarball" | cut -f1))"
