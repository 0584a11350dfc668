#!/usr/bin/env bash
# Copies OpenDyslexic (Regular and Bold, 2015 release, about 80 KB) from
# Debian 12's fonts-opendyslexic into assets/fonts/, with its licence:
# CC-BY-3.0 (Abelardo Gonzalez), on Bitstream Vera's licence; both allow
# copying and redistribution with the notice kept. Run it again to refresh.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
from=/usr/share/fonts/opentype/opendyslexic
[ -f "$from/OpenDyslexic-Regular.otf" ] || { echo "copy-opendyslexic: install fonts-opendyslexic first" >&2; exit 1; }
cp "$from/OpenDyslexic-Regular.otf" "$from/OpenDyslexic-Bold.otf" "$root/assets/fonts/"
{
  echo "OpenDyslexic (OpenDyslexic-Regular.otf, OpenDyslexic-Bold.otf), copied from Debian 12's fonts-opendyslexic"
  echo "by tools/copy-opendyslexic.sh. Upstream: https://opendyslexic.org/ (Abelardo Gonzalez). Licence"
  echo "(CC-BY-3.0, the font being based on Bitstream Vera under its own permissive licence), as Debian states it:"
  echo
  zcat -f /usr/share/doc/fonts-opendyslexic/copyright
} > "$root/assets/fonts/OpenDyslexic-LICENSE.txt"
echo "copy-opendyslexic: done"
