# The README's examples must run as written: extract a ```lua block by its
# first line, run it headless, and expect its transcript to contain EXPECT.
file(READ ${README} readme)
string(REGEX MATCH "```lua\n(${FIRST_LINE}[^`]*)```" block "${readme}")
if(NOT CMAKE_MATCH_1)
  message(FATAL_ERROR "no example starting with '${FIRST_LINE}' in ${README}")
endif()
file(WRITE ${OUT} "${CMAKE_MATCH_1}")
set(args --headless --script ${OUT} --scene ${SCENE})
if(CHOOSE)
  list(APPEND args --choose ${CHOOSE})
endif()
execute_process(COMMAND ${EMULATOR} ${EXE} ${args} WORKING_DIRECTORY ${WORKDIR}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
if(NOT status EQUAL 0 OR NOT out MATCHES "${EXPECT}")
  message(FATAL_ERROR "the README example did not run as expected (exit ${status}):\n${out}\n${err}")
endif()
