# Runs `stagehand --timeline OUT ARGS` (|-separated) and requires the page to
# hold every regex in EXPECT (|-separated): the marks a real run's transcript
# must produce, not only the hand-made events of tests/test_timeline.cpp.
# Inputs: EXE, EMULATOR, WORKDIR, OUT, ARGS, EXPECT_EXIT, EXPECT.
string(REPLACE "|" ";" arg_list "${ARGS}")
string(REPLACE "|" ";" expected "${EXPECT}")
file(REMOVE "${OUT}")
execute_process(COMMAND ${EMULATOR} ${EXE} --timeline ${OUT} ${arg_list} WORKING_DIRECTORY ${WORKDIR}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status TIMEOUT 600)
if(NOT status STREQUAL "${EXPECT_EXIT}")
  message(FATAL_ERROR "expected exit ${EXPECT_EXIT}, got ${status}\n${out}\n${err}")
endif()
file(READ "${OUT}" page)
foreach(regex IN LISTS expected)
  if(NOT page MATCHES "${regex}")
    message(FATAL_ERROR "the timeline ${OUT} has nothing matching '${regex}'")
  endif()
endforeach()
