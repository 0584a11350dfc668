#!/usr/bin/env bash
# A runaway loop in the window (issue 59): a scene that, at each of its 12
# pages, starts a process that calls playSound and never waits, against the
# same scene with one playSound per page (the baseline, in the same run).
# Each plays in a real window under its own Xvfb; the pages are turned with
# xdotool once a second; the window's peak memory (VmRSS, sampled each second)
# is printed for both, with their ratio. Headless, the transcript's size and
# the run's time are printed too. The watchdog's event budget is what keeps
# the flood small (LuaLimits::kEventsPerSecond).
#
# usage: bash bench/runaway_window.sh [BUILD]   (default build/lua51)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$repo/build/lua51}
game="$build/stagehand"
[ -x "$game" ] || { echo "runaway_window: no $game (build it first)" >&2; exit 2; }
for tool in Xvfb xdotool; do
  command -v $tool > /dev/null || { echo "runaway_window: $tool is missing (tools/install-deps-debian.sh)" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

write_game() {  # folder, the statement each page's process runs
  mkdir -p "$1"
  cat > "$1/main.lua" << EOF
SCENES = { { name = "flood", title = "Flood" } }
function flood()
    for i = 1, 12 do
        runProcess(function()
            $2
        end)
        text("Page " .. i)
    end
    text("The end.")
end
EOF
}
write_game "$work/calm" 'playSound("thunder")'
write_game "$work/flood" 'while true do playSound("thunder") end'

# Peak VmRSS in MB of the game's window over 12 page turns.
window_peak() {
  exec 3< <(Xvfb -displayfd 1 -screen 0 1280x720x24 -nolisten tcp 2> /dev/null)
  local xvfb=$! display
  read -r display <&3
  DISPLAY=":$display" STAGEHAND_USER_DIR="$work/user-$(basename "$1")" SDL_AUDIODRIVER=dummy \
    "$game" "$1" --scene flood > /dev/null 2> "$1.err" &
  local pid=$! peak=0 window=""
  for _ in $(seq 20); do
    window=$(DISPLAY=":$display" xdotool search --onlyvisible --pid $pid 2> /dev/null | head -1 || true)
    [ -n "$window" ] && break
    sleep 0.5
  done
  for _ in $(seq 14); do
    [ -n "$window" ] && DISPLAY=":$display" xdotool key --window "$window" space 2> /dev/null || true
    sleep 1
    local rss
    rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status" 2> /dev/null || echo 0)
    [ "${rss:-0}" -gt "$peak" ] && peak=$rss
  done
  kill $pid 2> /dev/null || true
  wait $pid 2> /dev/null || true
  kill $xvfb 2> /dev/null || true
  echo $((peak / 1024))
}

calm=$(window_peak "$work/calm")
flood=$(window_peak "$work/flood")
stops=$(grep -c "watchdog: made more than" "$work/flood.err" || true)
start=$(date +%s.%N)
"$game" "$work/flood" --headless --seconds 60 > "$work/flood.txt" 2> /dev/null || true
end=$(date +%s.%N)
echo "runaway_window: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-34s %10s\n' "window peak MB, calm (baseline)" "$calm"
printf '%-34s %10s\n' "window peak MB, runaway loops" "$flood"
printf '%-34s %10s\n' "ratio" "$(awk -v a="$flood" -v b="$calm" 'BEGIN { printf "%.2fx", b ? a / b : 0 }')"
printf '%-34s %10s\n' "watchdog stops in the window" "$stops"
printf '%-34s %10s\n' "headless transcript lines" "$(wc -l < "$work/flood.txt")"
printf '%-34s %10s\n' "headless transcript KB" "$(($(wc -c < "$work/flood.txt") / 1024))"
printf '%-34s %10s\n' "headless run s" "$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')"
