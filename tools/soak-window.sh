#!/usr/bin/env bash
# The window on a busy machine (issues 40 and 59): each demo scene's real window
# under a fresh Xvfb (and a fresh user folder) for SECONDS while a compile of
# this project runs beside it on the same cores. Prints, per run, the frames the
# window showed, how long its first frame took, its longest frame and its peak
# memory (the window's own --frame-stats, and the largest RSS seen from outside),
# and what the display shows: whether an X11 window of the game's own process is
# on it (window=yes/no: xdotool finds it by its _NET_WM_PID, mapped) and the share
# of that window's pixels that are lit in three captures (xwd) at 40%, 65% and
# 90% of the run. Frames alone are not enough: a start that fell back on SDL's
# offscreen driver draws them too, with no window (issue 59).
#
# usage: bash tools/soak-window.sh [--build DIR | --game FILE] [--seconds S] [--runs N] [--max-mb MB]
#                                  [--quiet-machine] [SCENE...]
#   --build DIR      the build whose stagehand runs (default build/lua51)
#   --game FILE      the stagehand to run, wherever it is (ctest passes its own build's)
#   --seconds S      how long each scene's window stays open (default 60)
#   --runs N         each scene N times, each on a fresh display (default 1)
#   --max-mb MB      the memory a window may reach (default 300; 0: not checked,
#                    as for a sanitized build, whose shadow memory counts)
#   --quiet-machine  no compile beside the window (the baseline)
# SDL_VIDEODRIVER reaches the game as it is set (offscreen fails every run: the
# check's own test). Exit 1 when a run showed no frame, had no window on the
# display, was black in every capture or went past --max-mb, each said on a line
# "soak-window: FAIL SCENE: why"; exit 2 when a tool is missing.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
game="$repo/build/lua51/stagehand"
seconds=60
runs=1
max_mb=300
busy=true
scenes=()
while [ $# -gt 0 ]; do
  case "$1" in
    --build) game="$(cd "$2" && pwd)/stagehand"; shift 2 ;;
    --game) game="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --max-mb) max_mb=$2; shift 2 ;;
    --quiet-machine) busy=false; shift ;;
    -h | --help) sed -n 2,25p "$0"; exit 0 ;;
    *) scenes+=("$1"); shift ;;
  esac
done
for number in "$seconds" "$runs"; do
  [[ $number =~ ^[1-9][0-9]*$ ]] || { echo "soak-window: --seconds and --runs take a whole number of at least 1, not '$number'" >&2; exit 2; }
done
[ -x "$game" ] || { echo "soak-window: no $game (build it first)" >&2; exit 2; }
for tool in Xvfb:xvfb xdotool:xdotool xwd:x11-apps python3:python3; do
  command -v "${tool%%:*}" > /dev/null || { echo "soak-window: ${tool%%:*} is missing (apt-get install ${tool#*:})" >&2; exit 2; }
done
[ ${#scenes[@]} -gt 0 ] || mapfile -t scenes < <("$game" --list-scenes | cut -f1)

# A pixel is lit when a channel reaches 32 of 255 (a fade's last frames are
# darker); a run passes when one capture has at least 2% of its pixels lit (a
# line of text on black is about 1%, a scene's backdrop most of the window).
lit_level=32
lit_percent_needed=2

work=$(mktemp -d)
compile_pid=""
xvfb=""
# shellcheck disable=SC2317  # called by the trap
cleanup() {
  if [ -n "$compile_pid" ]; then kill -- -"$compile_pid" 2> /dev/null || true; fi
  if [ -n "$xvfb" ]; then kill "$xvfb" 2> /dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

now_ms() {
  local t=${EPOCHREALTIME//[.,]/}
  echo $((t / 1000))
}

# A fresh Xvfb on a free display of its own choosing (-displayfd: the number is
# written once the server takes connections). Sets xvfb and display.
start_display() {
  local fd_file="$1/displayfd"
  : > "$fd_file"
  Xvfb -displayfd 3 -screen 0 1280x720x24 -nolisten tcp 3> "$fd_file" > "$1/xvfb.log" 2>&1 &
  xvfb=$!
  display=""
  for _ in $(seq 300); do  # up to 30 s: beside a compile its start can take seconds
    read -r display < "$fd_file" && [ -n "$display" ] && return 0
    kill -0 "$xvfb" 2> /dev/null || return 1
    sleep 0.1
  done
  return 1
}

stop_display() {
  kill "$xvfb" 2> /dev/null || true
  wait "$xvfb" 2> /dev/null || true
  xvfb=""
}

# The percentage of lit pixels in each XWD capture given ("-" for one missing or
# unreadable). Reads the pixmap's red, green and blue bytes as planes (Xvfb's
# 24-bit screen: 32 bits a pixel, each channel a byte) and counts the pixels
# with a channel at LEVEL or above, through the capture's colormap when its
# visual has one (SDL's GL window is DirectColor).
lit_shares() {
  python3 - "$lit_level" "$@" << 'PY'
import struct
import sys


def lit_percent(path, level):
    data = open(path, "rb").read()
    (header_size, _version, pixmap_format, _depth, width, height, _xoffset, byte_order, _unit, _bit_order, _pad,
     bits_per_pixel, bytes_per_line, visual_class, *masks, _bits_per_rgb, _entries, ncolors) = struct.unpack(">20I", data[:80])
    step = bits_per_pixel // 8
    if pixmap_format != 2 or step not in (3, 4) or width * height == 0:
        raise ValueError("not a 24/32-bit ZPixmap capture")
    colormap = data[header_size:header_size + 12 * ncolors]
    pixels = data[header_size + 12 * ncolors:]
    if len(pixels) < height * bytes_per_line:
        raise ValueError("a capture cut short")
    lit_any = 0
    for channel, mask in enumerate(masks):
        shift = (mask & -mask).bit_length() - 1
        if mask >> shift != 0xFF or shift % 8:
            raise ValueError("a channel is not one byte")
        offset = shift // 8 if byte_order == 0 else step - 1 - shift // 8
        if bytes_per_line == width * step:
            plane = pixels[offset:height * bytes_per_line:step]
        else:
            plane = b"".join(pixels[y * bytes_per_line + offset:y * bytes_per_line + width * step:step] for y in range(height))
        # DirectColor (5) and PseudoColor (3) go through the colormap; TrueColor shows the value.
        if visual_class in (3, 5) and ncolors >= 256:
            values = [struct.unpack_from(">IHHH", colormap, 12 * v)[1 + channel] >> 8 for v in range(256)]
        else:
            values = range(256)
        lit = bytes(1 if value >= level else 0 for value in values)
        lit_any |= int.from_bytes(plane.translate(lit), "big")
    return 100.0 * bin(lit_any).count("1") / (width * height)


level = int(sys.argv[1])
for path in sys.argv[2:]:
    try:
        print("%.1f" % lit_percent(path, level))
    except (OSError, ValueError, struct.error):
        print("-")
PY
}

# The compile beside the window: the whole project from scratch, again and
# again, on every core, with no compiler cache (real compiler work).
if $busy; then
  setsid bash -c "cd '$repo' && while :; do rm -rf '$work/busy'; CCACHE_DISABLE=1 cmake -S . -B '$work/busy' -DCMAKE_BUILD_TYPE=Release > /dev/null 2>&1 && CCACHE_DISABLE=1 cmake --build '$work/busy' -j$(nproc) > /dev/null 2>&1; done" &
  compile_pid=$!
  sleep 5  # the compiler is running before the first window opens
fi

failed=0
total=0
with_window=0
lit_runs=0
fail() {
  echo "soak-window: FAIL $label: $1"
  failed=1
  run_failed=true
}
printf '%-16s %8s %12s %14s %12s %12s  %s\n' scene frames first_frame_s longest_frame_s peak_mb rss_seen_mb 'window, lit % of pixels at 40/65/90% of the run'
for scene in "${scenes[@]}"; do
  for run in $(seq "$runs"); do
    label=$scene
    [ "$runs" -gt 1 ] && label="$scene/$run"
    dir="$work/$scene.$run"
    mkdir -p "$dir/user"
    total=$((total + 1))
    run_failed=false
    if ! start_display "$dir"; then
      fail "Xvfb did not start in 30 s ($(head -c 200 "$dir/xvfb.log" | tr '\n' ' '))"
      stop_display
      continue
    fi
    env -u WAYLAND_DISPLAY DISPLAY=":$display" STAGEHAND_USER_DIR="$dir/user" SDL_AUDIODRIVER=dummy \
      "$game" --scene "$scene" --frame-stats "$dir/stats" > "$dir/out" 2> "$dir/err" &
    pid=$!
    seen=0
    window=""
    captures=0
    start=$(now_ms)
    end=$((start + seconds * 1000))
    # The display is looked at only at the three captures, long after the
    # game's start: Xvfb resets when its last client leaves and drops a client
    # that connects meanwhile, so a look during the start could make the
    # failure this soak is for.
    capture_at=($((start + seconds * 400)) $((start + seconds * 650)) $((start + seconds * 900)))
    while [ "$(now_ms)" -lt $end ] && kill -0 $pid 2> /dev/null; do
      rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status" 2> /dev/null || echo 0)
      [ "${rss:-0}" -gt "$seen" ] && seen=$rss
      if [ $captures -lt 3 ] && [ "$(now_ms)" -ge "${capture_at[$captures]}" ]; then
        [ -n "$window" ] || window=$(DISPLAY=":$display" xdotool search --onlyvisible --pid $pid 2> /dev/null | head -1 || true)
        [ -z "$window" ] || DISPLAY=":$display" xwd -id "$window" -silent > "$dir/capture$captures.xwd" 2> /dev/null || true
        captures=$((captures + 1))
      fi
      sleep 0.25
    done
    status=running
    if ! kill -0 $pid 2> /dev/null; then
      wait $pid 2> /dev/null && status=0 || status=$?
    fi
    kill -TERM $pid 2> /dev/null || true
    wait $pid 2> /dev/null || true
    stop_display
    stat() { awk -v k="$1" '$1 == k {print $2}' "$dir/stats" 2> /dev/null || true; }
    frames=$(stat frames); first=$(stat first_frame_seconds); longest=$(stat longest_frame_seconds); peak=$(stat peak_memory_mb)
    mapfile -t shares < <(lit_shares "$dir/capture0.xwd" "$dir/capture1.xwd" "$dir/capture2.xwd")
    best=$(printf '%s\n' "${shares[@]}" | grep -v '^-$' | sort -n | tail -1 || true)
    lit_text=$(IFS=,; echo "${shares[*]}")
    printf '%-16s %8s %12s %14s %12s %12s  window=%s lit=%s\n' "$label" "${frames:-?}" "${first:-?}" "${longest:-?}" \
      "${peak:-?}" $((seen / 1024)) "$([ -n "$window" ] && echo yes || echo no)" "$lit_text"
    if [ -z "$window" ]; then
      fail "no X11 window of the game's process (pid $pid) on display :$display in ${seconds} s$([ "$status" = running ] || echo ", and it exited with status $status") (frames drawn: ${frames:-none})"
    else
      with_window=$((with_window + 1))
      if [ -n "$best" ] && awk -v b="$best" -v n="$lit_percent_needed" 'BEGIN {exit !(b >= n)}'; then
        lit_runs=$((lit_runs + 1))
      else
        fail "its window stayed black (lit $lit_text % of its pixels in the captures at 40/65/90% of the run; at least ${lit_percent_needed}% needed in one)"
      fi
    fi
    if [ -z "$frames" ] || [ "$frames" -lt 1 ]; then fail "the window showed no frame (no --frame-stats, or 0 frames)"; fi
    [ "$max_mb" -eq 0 ] || [ $((seen / 1024)) -le "$max_mb" ] \
      || fail "its memory went past $max_mb MB ($((seen / 1024)) MB seen)"
    ! $run_failed || sed 's/^/  stderr: /' "$dir/err" | head -5
  done
done
echo "soak-window: $total runs: $with_window with a window of the game's own, $lit_runs of them lit"
echo "soak-window: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $([ $busy = true ] && echo 'a compile beside each window' || echo 'quiet machine'), ${seconds} s per run, load average $(cut -d' ' -f1-3 /proc/loadavg)"
exit $failed
