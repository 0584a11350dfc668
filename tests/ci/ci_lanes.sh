#!/usr/bin/env bash
# .ci/run's order, with every script it calls replaced by a stub that records
# what ran: the Windows build is done before the tests under wine start, the
# web and Linux builds before Chromium and the SDK's checks; the Linux build
# runs; a failing lane fails the run and names itself; a run that stops early
# leaves no lane running. No stub sleeps: they check markers the others wrote,
# and the stopping case's lanes wait on a pipe nobody writes.
#   bash tests/ci/ci_lanes.sh <checkout>
set -u
root=$(cd "$1" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "ci_lanes: $*" >&2; failures=$((failures + 1)); }

make_tree() {  # a copy of .ci/run and the step timer, every other script a stub
  local tree=$1
  mkdir -p "$tree/.ci" "$tree/tools"
  cp "$root/.ci/run" "$tree/.ci/run"
  cp "$root/tools/step-timer.sh" "$tree/tools/step-timer.sh"
  stub() { printf '#!/usr/bin/env bash\nmarks=%q\n%s\n' "$tree/marks" "$2" > "$tree/tools/$1"; }
  stub install-deps-debian.sh 'exit 0'
  # (When the run is to stop early, the tests fail once both lanes have started.)
  # (Read and write: a lane that has written and closed before the other opens is not an end of input.)
  stub run-tests.sh '[ -n "${STUB_STARTED:-}" ] && { read -r _ <&3; read -r _ <&3; } 3<> "$STUB_STARTED"
[ -n "${STUB_FAIL_TESTS:-}" ] && exit 1
echo tests >> "$marks/order"'
  stub check-clang-libcxx.sh 'exit 0'
  stub check-windows.sh '
if [ "${1:-}" = --build-only ]; then
  echo $$ > "$marks/windows.pid"
  [ -n "${STUB_STARTED:-}" ] && echo windows > "$STUB_STARTED"
  [ -n "${STUB_BLOCK:-}" ] && read -r _ < "$STUB_BLOCK"
  [ -n "${STUB_FAIL_WINDOWS:-}" ] && exit 3
  touch "$marks/windows-built"; exit 0
fi
[ -f "$marks/windows-built" ] || { echo "wine tests before the Windows build" >> "$marks/errors"; exit 1; }
echo wine >> "$marks/order"'
  stub build-web.sh '
echo $$ > "$marks/web.pid"
[ -n "${STUB_STARTED:-}" ] && echo web > "$STUB_STARTED"
[ -n "${STUB_BLOCK:-}" ] && read -r _ < "$STUB_BLOCK"
[ -n "${STUB_FAIL_WEB:-}" ] && exit 4
touch "$marks/web-built"'
  stub build-linux-portable.sh 'touch "$marks/linux-built"'
  stub check-web.sh '[ -f "$marks/web-built" ] || echo "Chromium before the web build" >> "$marks/errors"
echo chromium >> "$marks/order"'
  stub check-sdk.sh '[ -f "$marks/linux-built" ] && [ -f "$marks/windows-built" ] && [ -f "$marks/web-built" ] \
  || echo "the SDK before its three engines" >> "$marks/errors"
echo sdk >> "$marks/order"'
  mkdir -p "$tree/marks"
}

run_ci() {  # tree, env assignments...: prints .ci/run's output, returns its status
  local tree=$1
  shift
  (cd "$tree" && env "$@" CI=true bash .ci/run > "$tree/out" 2>&1)
}

# A passing run: every step in order, exit 0.
make_tree "$work/pass"
run_ci "$work/pass" || fail "a run with every stub passing exited $? ($(tail -3 "$work/pass/out"))"
[ -s "$work/pass/marks/errors" ] && fail "$(cat "$work/pass/marks/errors")"
order=$(paste -sd' ' "$work/pass/marks/order" 2> /dev/null)
[ "$order" = "tests wine chromium sdk" ] || fail "steps ran as '$order', not 'tests wine chromium sdk'"

# A failing lane fails the run and names itself.
for lane in WINDOWS:"the Windows build failed" WEB:"the web and portable Linux builds failed"; do
  make_tree "$work/fail-${lane%%:*}"
  if run_ci "$work/fail-${lane%%:*}" "STUB_FAIL_${lane%%:*}=1"; then
    fail "a failing ${lane%%:*} lane passed the run"
  elif ! grep -q "${lane#*:}" "$work/fail-${lane%%:*}/out"; then
    fail "a failing ${lane%%:*} lane's run does not say '${lane#*:}'"
  fi
done

# A run that stops early (the tests fail, once both lanes have started) stops
# both lanes, still building.
make_tree "$work/stop"
mkfifo "$work/never" "$work/started"
exec 9<> "$work/never"  # held open, never written: the lanes' stubs wait on it
run_ci "$work/stop" STUB_FAIL_TESTS=1 STUB_STARTED="$work/started" STUB_BLOCK="$work/never" \
  && fail "a run whose tests failed passed"
for lane in windows web; do
  pid=$(cat "$work/stop/marks/$lane.pid" 2> /dev/null) || { fail "the $lane lane never started ($(ls "$work/stop/marks"); $(tail -5 "$work/stop/out"))"; continue; }
  # Waits for the lane's end (the kill is delivered, not yet acted on, when .ci/run returns).
  if ! timeout 10 tail --pid="$pid" -f /dev/null; then
    fail "the $lane lane still runs 10 s after .ci/run stopped"
    kill "$pid" 2> /dev/null
  fi
done
exec 9>&-

[ "$failures" -eq 0 ] && echo "ci_lanes: .ci/run's lanes run in order, fail the run, and stop with it"
[ "$failures" -eq 0 ]
