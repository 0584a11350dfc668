# Runs stagehand with ARGS and checks its exit status and stderr; with
# EXPECT_STDOUT its stdout matches that regex; with EXPECT_STDOUT_FILE its
# stdout is that file's text exactly (an empty file: it prints nothing); with
# REJECT_STDERR, stderr must not match that regex; with EMPTY_STDERR=1 it
# must be empty (a run that succeeds says nothing that reads as an error).
# UNSET_ENV: |-separated names of environment variables to unset first (unset,
# not empty: ctest's ENVIRONMENT property can only set them).
string(REPLACE "|" ";" arg_list "${ARGS}")
string(REPLACE "|" ";" unset_list "${UNSET_ENV}")
foreach(name IN LISTS unset_list)
  unset(ENV{${name}})
endforeach()
# The time limits of these scripts (600 s here and in the others) only stop a
# hang: a busy machine is slow, not wrong (seen: explore_demo, 9 s under wine
# on a quiet machine, ran past a limit of 60 s with the load at 17 on 2 cores).
execute_process(COMMAND ${EMULATOR} ${EXE} ${arg_list} WORKING_DIRECTORY ${WORKDIR}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status TIMEOUT 600)
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
if(EMPTY_STDERR AND NOT err STREQUAL "")
  message(FATAL_ERROR "exit ${status} as expected, but stderr is not empty:\n${err}")
endif()
if(NOT "${REJECT_STDERR}" STREQUAL "" AND err MATCHES "${REJECT_STDERR}")
  message(FATAL_ERROR "stderr must not match '${REJECT_STDERR}':\n${err}")
endif()
if(DEFINED EXPECT_STDOUT AND NOT out MATCHES "${EXPECT_STDOUT}")
  message(FATAL_ERROR "stdout does not match '${EXPECT_STDOUT}':\n${out}")
endif()
if(DEFINED EXPECT_STDOUT_FILE)
  file(READ "${EXPECT_STDOUT_FILE}" expected_out)
  if(NOT out STREQUAL expected_out)
    message(FATAL_ERROR "stdout is not the text of ${EXPECT_STDOUT_FILE}:\n--- expected\n${expected_out}--- got\n${out}---")
  endif()
endif()
