#!/usr/bin/env bash
# The window on a busy machine (issue 40): each demo scene's real window under
# a fresh Xvfb (and a fresh user folder) for SECONDS while a compile of this
# project runs beside it on the same cores. Prints, per scene, the frames the
# window showed, how long its first frame took, its longest frame and its peak
# memory (the window's own --frame-stats, and the largest RSS seen from outside).
#
# usage: bash tools/soak-window.sh [--build DIR] [--seconds S] [--quiet-machine] [SCENE...]
#   --build DIR      the build whose stagehand runs (default build/lua51)
#   --seconds S      how long each scene's window stays open (default 60)
#   --quiet-machine  no compile beside the window (the baseline)
# Exit 1 when a window showed no frame or went past 300 MB.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
build="$repo/build/lua51"
seconds=60
busy=true
scenes=()
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build=$(cd "$2" && pwd); shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --quiet-machine) busy=false; shift ;;
    -h | --help) sed -n 2,14p "$0"; exit 0 ;;
    *) scenes+=("$1"); shift ;;
  esac
done
game="$build/stagehand"
[ -x "$game" ] || { echo "soak-window: no $game (build it first)" >&2; exit 2; }
for tool in Xvfb; do command -v $tool > /dev/null || { echo "soak-window: $tool is missing (apt-get install xvfb)" >&2; exit 2; }; done
[ ${#scenes[@]} -gt 0 ] || mapfile -t scenes < <("$game" --list-scenes | cut -f1)

work=$(mktemp -d)
compile_pid=""
cleanup() {
  [ -n "$compile_pid" ] && kill -- -"$compile_pid" 2> /dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# The compile beside the window: the whole project from scratch, again and
# again, on every core, with no compiler cache (real compiler work).
if $busy; then
  setsid bash -c "cd '$repo' && while :; do rm -rf '$work/busy'; CCACHE_DISABLE=1 cmake -S . -B '$work/busy' -DCMAKE_BUILD_TYPE=Release > /dev/null 2>&1 && CCACHE_DISABLE=1 cmake --build '$work/busy' -j$(nproc) > /dev/null 2>&1; done" &
  compile_pid=$!
  sleep 5  # the compiler is running before the first window opens
fi

failed=0
printf '%-14s %8s %12s %14s %12s %12s\n' scene frames first_frame_s longest_frame_s peak_mb rss_seen_mb
for scene in "${scenes[@]}"; do
  display=$((200 + RANDOM % 600))
  while [ -e "/tmp/.X${display}-lock" ]; do display=$((display + 1)); done
  Xvfb ":$display" -screen 0 1280x720x24 -nolisten tcp > /dev/null 2>&1 &
  xvfb=$!
  for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$display" ] && break; sleep 0.1; done
  mkdir -p "$work/user-$scene"
  DISPLAY=":$display" STAGEHAND_USER_DIR="$work/user-$scene" SDL_AUDIODRIVER=dummy \
    "$game" --scene "$scene" --frame-stats "$work/$scene.stats" > "$work/$scene.out" 2> "$work/$scene.err" &
  pid=$!
  seen=0
  end=$((SECONDS + seconds))
  while [ $SECONDS -lt $end ] && kill -0 $pid 2> /dev/null; do
    rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status" 2> /dev/null || echo 0)
    [ "${rss:-0}" -gt "$seen" ] && seen=$rss
    sleep 0.25
  done
  kill -TERM $pid 2> /dev/null || true
  wait $pid 2> /dev/null || true
  kill $xvfb 2> /dev/null || true
  wait $xvfb 2> /dev/null || true
  stat() { awk -v k="$1" '$1 == k {print $2}' "$work/$scene.stats" 2> /dev/null || true; }
  frames=$(stat frames); first=$(stat first_frame_seconds); longest=$(stat longest_frame_seconds); peak=$(stat peak_memory_mb)
  printf '%-14s %8s %12s %14s %12s %12s\n' "$scene" "${frames:-?}" "${first:-?}" "${longest:-?}" "${peak:-?}" $((seen / 1024))
  if [ -z "$frames" ] || [ "$frames" -lt 1 ] || [ $((seen / 1024)) -gt 300 ]; then
    failed=1
    sed 's/^/  stderr: /' "$work/$scene.err" | head -5
  fi
done
echo "soak-window: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $([ $busy = true ] && echo 'a compile beside each window' || echo 'quiet machine'), ${seconds} s per scene, load average $(cut -d' ' -f1-3 /proc/loadavg)"
exit $failed
