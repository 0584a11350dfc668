# Runs stagehand with ARGS and checks its exit status and stderr.
string(REPLACE "|" ";" arg_list "${ARGS}")
execute_process(COMMAND ${EXE} ${arg_list} WORKING_DIRECTORY ${WORKDIR}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status TIMEOUT 60)
if(NOT status STREQUAL "${EXPECT_EXIT}")
  message(FATAL_ERROR "expected exit ${EXPECT_EXIT}, got ${status}\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(NOT "${EXPECT_STDERR}" STREQUAL "" AND NOT err MATCHES "${EXPECT_STDERR}")
  message(FATAL_ERROR "stderr does not match '${EXPECT_STDERR}':\n${err}")
endif()
if(NOT "${EXPECT_STDERR}" STREQUAL "")
  # The first line of stderr must name the problem on its own.
  string(REGEX MATCH "^[^\n]*" first "${err}")
  if(NOT first MATCHES "${EXPECT_STDERR}")
    message(FATAL_ERROR "the first stderr line does not name the problem: '${first}'")
  endif()
endif()
