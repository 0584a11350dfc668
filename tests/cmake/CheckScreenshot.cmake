# Renders a frame with --screenshot and compares the PNG it writes with an
# expected picture (CHECKER is stagehand_output_check). Fails when no file is
# written, when the picture is of another size, or when it differs by more
# than MAX_MEAN_DIFF (mean absolute difference per channel) or in more than
# MAX_DIFFERING_FRACTION of its pixels; tests/OutputChecks.cmake says why
# those tolerances.
# Inputs: EXE, EMULATOR, WORKDIR, CHECKER, OUT, EXPECTED, SCENE, AT, SIZE,
# MAX_MEAN_DIFF, MAX_DIFFERING_FRACTION.
file(REMOVE "${OUT}")
execute_process(COMMAND ${EMULATOR} ${EXE} --screenshot ${OUT} --at ${AT} --scene ${SCENE} --size ${SIZE}
                WORKING_DIRECTORY ${WORKDIR} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status TIMEOUT 600)
if(NOT status STREQUAL "0")
  message(FATAL_ERROR "--screenshot exited ${status}:\n${out}${err}")
endif()
if(NOT EXISTS "${OUT}")
  message(FATAL_ERROR "--screenshot exited 0 but wrote no ${OUT}:\n${out}${err}")
endif()
execute_process(COMMAND ${EMULATOR} ${CHECKER} image ${OUT} ${EXPECTED} ${MAX_MEAN_DIFF} ${MAX_DIFFERING_FRACTION}
                OUTPUT_VARIABLE verdict ERROR_VARIABLE verdict RESULT_VARIABLE status TIMEOUT 600)
if(NOT status STREQUAL "0")
  message(FATAL_ERROR "${OUT} is not the expected frame ${EXPECTED}:\n${verdict}")
endif()
message(STATUS "${verdict}")
