# Runs `stagehand --explore --json ARGS` (|-separated) and compares its report
# with GOLDEN byte for byte, but for the summary's wall-clock seconds: the same
# script and seed give the same paths, walks and findings on every run and on
# both VMs. Inputs: EXE, EMULATOR, WORKDIR, ARGS, GOLDEN, EXPECT_EXIT.
string(REPLACE "|" ";" arg_list "${ARGS}")
execute_process(COMMAND ${EMULATOR} ${EXE} --explore --json ${arg_list} WORKING_DIRECTORY ${WORKDIR}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status TIMEOUT 600)
if(NOT status STREQUAL "${EXPECT_EXIT}")
  message(FATAL_ERROR "expected exit ${EXPECT_EXIT}, got ${status}\n${err}")
endif()
string(REGEX REPLACE ",\"wall_seconds\":[0-9.e+-]+" "" out "${out}")
string(REPLACE "\r\n" "\n" out "${out}")
file(READ "${GOLDEN}" golden)
if(NOT out STREQUAL golden)
  message(FATAL_ERROR "the report differs from ${GOLDEN}:\n--- expected\n${golden}--- got\n${out}---")
endif()
