# Runs the API fuzzer with one seed: script errors (exit 1) are expected;
# anything else (a crash, a hang, bad usage) fails.
execute_process(COMMAND ${EMULATOR} ${EXE} --headless --script tests/fuzz/api_fuzz.lua --seconds 20 --seed ${SEED}
                WORKING_DIRECTORY ${WORKDIR} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status TIMEOUT 600)
if(NOT status STREQUAL "0" AND NOT status STREQUAL "1")
  message(FATAL_ERROR "fuzz seed ${SEED}: exit '${status}'\nstderr:\n${err}")
endif()
if(NOT out MATCHES "scene_start scene=\"fuzz\"")
  message(FATAL_ERROR "fuzz seed ${SEED}: the scene never started\n${err}")
endif()
