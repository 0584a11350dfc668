# Runs stagehand with ARGS (|-separated) and --json, and has CHECKER
# (stagehand_output_check json-lines) judge every line of its stdout: one
# strict JSON object each, with the documented fields of its event. The run
# must exit EXPECT_EXIT (default 0) and its transcript hold at least one of
# each event in REQUIRE_EVENTS (|-separated), so the fields those events carry
# are checked too.
# Inputs: EXE, EMULATOR, WORKDIR, CHECKER, ARGS, OUT, EXPECT_EXIT, REQUIRE_EVENTS.
string(REPLACE "|" ";" arg_list "${ARGS}")
string(REPLACE "|" ";" required "${REQUIRE_EVENTS}")
if(NOT DEFINED EXPECT_EXIT)
  set(EXPECT_EXIT 0)
endif()
file(REMOVE "${OUT}")
execute_process(COMMAND ${EMULATOR} ${EXE} ${arg_list} --json WORKING_DIRECTORY ${WORKDIR} OUTPUT_FILE ${OUT}
                ERROR_VARIABLE err RESULT_VARIABLE status TIMEOUT 600)
if(NOT status STREQUAL "${EXPECT_EXIT}")
  message(FATAL_ERROR "expected exit ${EXPECT_EXIT}, got ${status}:\n${err}")
endif()
execute_process(COMMAND ${EMULATOR} ${CHECKER} json-lines ${OUT}
                OUTPUT_VARIABLE verdict ERROR_VARIABLE verdict RESULT_VARIABLE status TIMEOUT 600)
if(NOT status STREQUAL "0")
  message(FATAL_ERROR "the --json transcript (${OUT}) does not hold:\n${verdict}")
endif()
foreach(event IN LISTS required)
  if(NOT verdict MATCHES ", [0-9]+ ${event}(,|\n)")
    message(FATAL_ERROR "the --json transcript has no '${event}' event to check:\n${verdict}")
  endif()
endforeach()
message(STATUS "${verdict}")
