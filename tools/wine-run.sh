#!/usr/bin/env bash
# The emulator the Windows build runs its programs under
# (cmake/toolchains/mingw-w64-x86_64.cmake): wine, with the program's own exit
# status. When the status says that wine, not the program, failed, it adds one
# line on stderr naming what the status means and what the machine was doing,
# so that a test which fails "in 0.00 s with no output" names its cause (seen
# once under tools/check-windows.sh, cause unknown; an earlier one was wine
# unable to map its shared user data page). It never runs anything twice.
#
#   wine-run.sh PROGRAM.exe [ARGUMENTS...]
#
# Wine's failure, not the program's:
#  - a Unix signal ended wine (status 128+N: killed, or wine itself crashed);
#  - a status no program of ours exits with (they use 0, 1 and 2): a wine
#    process exits with the low byte of the NTSTATUS that ended it, so 24 is
#    0xC0000018 (an address wine needs was taken), 53 0xC0000135 (a DLL is
#    missing);
#  - any failure within MIN_MS milliseconds: the quickest wine start seen here,
#    a static hello.exe on a running wineserver, took 26 ms.
# STAGEHAND_WINE: the wine to run (default wine64, else wine);
# STAGEHAND_WINE_MIN_MS: MIN_MS (its test sets 0 for a program's own quick exit).
# STAGEHAND_WINE_LOG: a file each such line is also appended to (check-windows.sh
# lists them after ctest).
set -u
# Mesa's shader cache off: Mesa writes the cache from threads of nice 19 and
# joins them in the program's Unix exit, which wine runs after the Windows
# process has ended; wineserver sends SIGKILL to a process still in that exit
# half a second later. On a busy machine a nice-19 thread can take that long,
# so a program that had done all its work was reported killed (seen once in
# CI: a screenshot written, "wrote ..." printed, then exit 137; strace shows
# the exit waiting on the "disk$0" threads, and none with the cache off).
export MESA_SHADER_CACHE_DISABLE=true
MIN_MS=${STAGEHAND_WINE_MIN_MS:-15}
wine=${STAGEHAND_WINE:-$(command -v wine64 || command -v wine)}

# The caller's stderr is fd 3; the script's own stderr goes nowhere, so that
# bash's "Killed" notice for a signalled job is not printed (the line below
# says more).
exec 3>&2 2> /dev/null
# A closed stdin would stop `<&0` below from running wine at all: /dev/null instead.
if (exec 4<&0); then :; else exec < /dev/null; fi
start=$EPOCHREALTIME
# In the background so that a signal to this script reaches wine too; stdin
# is passed on explicitly (a background job would get /dev/null), and fd 3 is
# not (wine's system programs would hold the caller's pipe open).
"$wine" "$@" <&0 2>&3 3>&- &
child=$!
trap 'kill -TERM "$child"' TERM INT HUP
wait "$child"
status=$?
while kill -0 "$child"; do # woken by a trapped signal: wine's own status is still to come
  wait "$child"
  status=$?
done
end=$EPOCHREALTIME
elapsed_ms=$(((${end/./} - ${start/./}) / 1000))

meaning=""
case $status in
  0 | 1 | 2) ((elapsed_ms < MIN_MS && status != 0)) && meaning="too soon for any program to have run" ;;
  3) meaning="abort() in the program (msvcrt exits 3)" ;;
  5) meaning="0xC0000005 access violation" ;;
  9) meaning="0xC0000409 stack buffer overrun or fail-fast" ;;
  23) meaning="0xC0000017 no memory" ;;
  24) meaning="0xC0000018 conflicting addresses: a range wine needs was already mapped" ;;
  53) meaning="0xC0000135 a DLL was not found" ;;
  66) meaning="0xC0000142 a DLL failed to initialise" ;;
  123) meaning="0xC000007B invalid image format" ;;
  253) meaning="0xC00000FD stack overflow" ;;
  *)
    if ((status > 128 && status < 128 + 65)); then
      meaning="wine was ended by signal SIG$(kill -l $((status - 128)) 2> /dev/null || echo $((status - 128)))"
    else
      meaning="a status none of our programs exits with"
    fi
    ;;
esac
[ -z "$meaning" ] && exit "$status"

load=$(cut -d' ' -f1-3 /proc/loadavg 2> /dev/null)
available=$(awk '/^MemAvailable:/ { printf "%d MB", $2 / 1024 }' /proc/meminfo 2> /dev/null)
# Off machine-wide, or for this process tree (setarch -R: ADDR_NO_RANDOMIZE, 0x0040000).
personality=$(cat /proc/self/personality 2> /dev/null || echo 0)
if [ "$(cat /proc/sys/kernel/randomize_va_space 2> /dev/null)" = 0 ] || (((16#$personality & 0x0040000) != 0)); then
  aslr=off
else
  aslr=on
fi
server="no WINEPREFIX set"
if [ -n "${WINEPREFIX:-}" ] && [ -d "$WINEPREFIX" ]; then
  # wineserver's socket is server-DEV-INODE/socket (the prefix's, in hex) in
  # /tmp/.wine-UID, or in a /tmp/wine-XXXXXX folder (Debian's wine 8, seen here).
  read -r dev ino < <(stat -c '%d %i' "$WINEPREFIX")
  server="no wineserver socket for the prefix"
  for socket in /tmp/.wine-"$(id -u)"/"$(printf 'server-%x-%x' "$dev" "$ino")"/socket \
                /tmp/wine-*/"$(printf 'server-%x-%x' "$dev" "$ino")"/socket; do
    [ -S "$socket" ] && server="the prefix's wineserver socket is there"
  done
fi
line="wine-run: wine exited $status after $elapsed_ms ms running $(basename -- "${1:-?}"): $meaning"
line+=" (load $load, $available available, address space randomization $aslr, $server)"
echo "$line" >&3
if [ -n "${STAGEHAND_WINE_LOG:-}" ]; then
  echo "$line; arguments: $*" >> "$STAGEHAND_WINE_LOG"
fi
exit "$status"
