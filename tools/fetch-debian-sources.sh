#!/usr/bin/env bash
# Fetches Debian source packages (apt-get source, unpacked) into a folder, with
# deb-src entries made from this machine's own apt sources (the same mirrors,
# as source) in a private apt state: the libraries of the Windows and web
# builds (tools/check-windows.sh, tools/build-web.sh).
#
# A package whose newest source cannot be fetched is fetched at the next
# version the sources list: the security archive's zlib (1.2.13.dfsg-1+deb12u1)
# was listed but answered 404 here, and bookworm's own 1.2.13.dfsg-1 was there.
# A package no version of which comes is named, and the script fails.
# Usage: bash tools/fetch-debian-sources.sh APT_STATE_DIR DEST_DIR PACKAGE...
set -euo pipefail
apt=$1 dest=$2
shift 2
parts=$apt/sources.list.d
mkdir -p "$parts" "$apt/lists/partial" "$dest" "$apt/cache/archives/partial"
rm -f "$parts"/*
for f in /etc/apt/sources.list.d/*.sources; do
  if [ -e "$f" ]; then sed 's/^Types: deb$/Types: deb-src/' "$f" > "$parts/$(basename "$f")"; fi
done
if [ -f /etc/apt/sources.list ]; then
  grep -E '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' > "$parts/from-sources-list.list" || true
fi
opts=(-o "Dir::Etc::SourceList=$parts/none.list" -o "Dir::Etc::SourceParts=$parts"
      -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache" -o "Debug::NoDropPrivs=1")
apt-get "${opts[@]}" update -qq
cd "$dest"
for package in "$@"; do
  # Already here (unpacked as PACKAGE-UPSTREAMVERSION): not fetched again.
  if compgen -G "$package-[0-9]*/" > /dev/null; then continue; fi
  log=$(mktemp)
  fetched=no
  # Newest first, as the sources list them.
  for version in $(apt-cache "${opts[@]}" showsrc "$package" 2>/dev/null | sed -n 's/^Version: //p' \
                     | sort -u | sort -rV); do
    if apt-get "${opts[@]}" source -qq "$package=$version" > "$log" 2>&1; then
      fetched=yes
      break
    fi
  done
  if [ "$fetched" = no ]; then
    echo "fetch-debian-sources: no version of $package's source could be fetched:" >&2
    grep -E '^(E|W):' "$log" | head -5 >&2
    rm -f "$log"
    exit 1
  fi
  rm -f "$log"
done
