# Sourced by .ci/run and the scripts it calls: each long step of CI is run
# through timed_step, which appends its name and seconds to $STAGEHAND_STEP_LOG
# (when set), so that .ci/run can end with a table of where its minutes went
# and the next slow step is seen the day it appears.
#   timed_step NAME COMMAND [ARGUMENTS...]
# COMMAND runs as the caller would run it (under the caller's set -e: a failing
# step stops the script there, and the table ends at the step before it).

timed_step() {
  local name=$1 started=$SECONDS
  shift
  echo "== $name"
  "$@"
  if [ -n "${STAGEHAND_STEP_LOG:-}" ]; then
    printf '%s\t%s\n' "$name" "$((SECONDS - started))" >> "$STAGEHAND_STEP_LOG"
  fi
}

# The table of a step log, one row a step, then the total; a run that stopped
# early says so.
print_step_table() {  # log, status of the run
  local log=$1 status=${2:-0}
  [ -s "$log" ] || return 0
  awk -F'\t' -v status="$status" '
    BEGIN { printf "\n%-44s %8s\n", "step", "minutes" }
    { printf "%-44s %8.1f\n", $1, $2 / 60; total += $2 }
    END {
      printf "%-44s %8.1f\n", "total", total / 60
      if (status != 0) printf "(the run failed, exit %s, in the step after the last row)\n", status
    }' "$log"
}
