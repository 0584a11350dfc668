#!/usr/bin/env bash
# Builds and runs every test: the scheduler specs under lua5.1 and luajit, and
# (once the engine exists) the C++ tests for both Lua VMs.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== luacheck"
luacheck -q scripts spec bench

for vm in lua5.1 luajit; do
  echo "== busted ($vm)"
  busted --lua="$vm" spec
done
