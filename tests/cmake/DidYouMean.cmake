# An author's misspelt name gives its "did you mean" (issue 45), in play and
# in --check alike: runs stagehand on SCRIPT in MODE (play: --headless; check:
# --check) with the extra ARGS, and finds GUESS offered in a line that names
# the script's file and line (play and check) or, for a command-line name
# (WHERE=command), in the one line that refuses it.
#   cmake -DEXE=stagehand [-DEMULATOR=wine] -DWORKDIR=<repo> -DSCRIPT=tests/scripts/did_you_mean/actor.lua
#         -DMODE=play|check -DGUESS=jackie [-DWHERE=command] [-DARGS=a|b] [-DGAP=regex] -P DidYouMean.cmake
# GAP: a kind known to offer nothing yet; the run must still refuse the name saying GAP, and offer nothing.
if(MODE STREQUAL "check")
  set(mode_args --check --script ${SCRIPT})
else()
  set(mode_args --headless --script ${SCRIPT} --seconds 5)
endif()
string(REPLACE "|" ";" extra "${ARGS}")
execute_process(COMMAND ${EMULATOR} ${EXE} ${mode_args} ${extra} WORKING_DIRECTORY ${WORKDIR}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status TIMEOUT 600)
set(all "${out}\n${err}")
if(status EQUAL 0)
  message(FATAL_ERROR "${MODE} of ${SCRIPT} ${ARGS} passed (exit 0) with a misspelt name:\n${all}")
endif()
string(REGEX REPLACE "([][.+*?^$()|\\\\])" "\\\\\\1" guess_rx "${GUESS}")
# The name offered, quoted either way; a map's may come as one of its waypoints (forest.jackie_stop).
set(offer "did you mean ['\"]?${guess_rx}(\\.[A-Za-z0-9_]+)?['\"]?\\?")
if(WHERE STREQUAL "command")
  set(rx "${offer}")
else()
  string(REGEX REPLACE "([][.+*?^$()|\\\\])" "\\\\\\1" script_rx "${SCRIPT}")
  set(rx "${script_rx}:[0-9]+:[^\n]*${offer}")
endif()
if(GAP)
  # A kind of name known to give no did-you-mean yet (the list in OutputChecks.cmake):
  # held there, so the day it gives one this fails and the gap comes off the list.
  if(all MATCHES "${offer}")
    message(FATAL_ERROR "${MODE} of ${SCRIPT} ${ARGS} offers '${GUESS}' now: take it off the gaps in tests/OutputChecks.cmake")
  endif()
  if(NOT all MATCHES "${GAP}")
    message(FATAL_ERROR "${MODE} of ${SCRIPT} ${ARGS} does not say '${GAP}':\n${all}")
  endif()
  return()
endif()
if(NOT all MATCHES "${rx}")
  message(FATAL_ERROR "${MODE} of ${SCRIPT} ${ARGS} offers no 'did you mean ${GUESS}' (exit ${status}):\n${all}")
endif()
