#!/usr/bin/env bash
# Writes the Noto fallback subsets into assets/fonts (tools/make-fonts.py) with a
# Python that has fontTools: Debian's python3 with python3-fonttools, which a
# python3 earlier on PATH (pyenv, a venv) may lack.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
for py in python3 /usr/bin/python3; do
  if command -v "$py" > /dev/null && "$py" -c "import fontTools" 2> /dev/null; then
    exec "$py" "$root/tools/make-fonts.py" "$@"
  fi
done
echo "make-fonts: no python3 with fontTools (Debian: sudo apt-get install python3-fonttools)" >&2
exit 2
