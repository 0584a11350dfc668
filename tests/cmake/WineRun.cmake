# tools/wine-run.sh, the Windows build's emulator, with a stand-in for wine
# (no wine needed): a program's own exit status passes through silently, and
# wine's own failures (a signal, an NTSTATUS's low byte, a failure too soon for
# any program to have run) add one line saying what they mean, also appended
# to STAGEHAND_WINE_LOG. WORK: a scratch folder.
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
# The stand-in "wine": `fake PROGRAM exit N`, `fake PROGRAM kill`, `fake PROGRAM cat`,
# `fake PROGRAM cache` (prints what the program is told about Mesa's shader cache).
file(WRITE "${WORK}/fake-wine" "#!/bin/sh\ncase $2 in\n  exit) exit $3 ;;\n  kill) kill -KILL $$ ;;\n  cat) exec cat ;;\n  cache) echo \"cache off: $MESA_SHADER_CACHE_DISABLE\" ;;\nesac\n")
execute_process(COMMAND chmod +x "${WORK}/fake-wine")
set(ENV{STAGEHAND_WINE} "${WORK}/fake-wine")
set(ENV{STAGEHAND_WINE_LOG} "${WORK}/wine-failures.log")

# run(name expected_status stderr_regex ARGS...): an empty regex means stderr must be empty.
function(run name expected_status stderr_regex)
  execute_process(COMMAND ${WINE_RUN} program.exe ${ARGN} INPUT_FILE "${WORK}/input.txt"
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status TIMEOUT 60)
  if(NOT status STREQUAL "${expected_status}")
    message(FATAL_ERROR "${name}: exit ${status}, expected ${expected_status}\nstderr:\n${err}")
  endif()
  if(stderr_regex STREQUAL "" AND NOT err STREQUAL "")
    message(FATAL_ERROR "${name}: a program's own status, yet stderr says:\n${err}")
  elseif(NOT err MATCHES "${stderr_regex}")
    message(FATAL_ERROR "${name}: stderr does not match '${stderr_regex}':\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

file(WRITE "${WORK}/input.txt" "what the test feeds the program\n")
run(passes_stdin_and_stdout 0 "" cat)
if(NOT out STREQUAL "what the test feeds the program\n")
  message(FATAL_ERROR "stdin did not reach the program, or its stdout did not come back: '${out}'")
endif()
# Mesa's shader cache is off for the program: its nice-19 writer threads are
# joined in the Unix exit that wineserver cuts short with SIGKILL.
unset(ENV{MESA_SHADER_CACHE_DISABLE})
run(shader_cache_off 0 "" cache)
if(NOT out STREQUAL "cache off: true\n")
  message(FATAL_ERROR "the program runs with Mesa's shader cache on: '${out}'")
endif()
set(ENV{STAGEHAND_WINE_MIN_MS} 0)
run(program_exit_2_is_its_own 2 "" exit 2)
# The quick failure without a clock: every failure counts as quick here.
set(ENV{STAGEHAND_WINE_MIN_MS} 600000)
run(conflicting_addresses 24 "^wine-run: wine exited 24 after [0-9]+ ms running program.exe: 0xC0000018 conflicting addresses.*address space randomization (on|off)" exit 24)
run(dll_not_found 53 "0xC0000135 a DLL was not found" exit 53)
run(killed 137 "^wine-run: wine exited 137 .*signal SIGKILL" kill)
run(too_soon 1 "^wine-run: wine exited 1 after [0-9]+ ms running program.exe: too soon for any program to have run" exit 1)
file(STRINGS "${WORK}/wine-failures.log" logged)
list(LENGTH logged count)
if(NOT count EQUAL 4)
  message(FATAL_ERROR "wine-failures.log holds ${count} lines, expected 4 (one per failure of wine's):\n${logged}")
endif()
