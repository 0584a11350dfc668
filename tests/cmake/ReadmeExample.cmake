# The examples in the README and the docs must run as written: extract a
# ```lua block of DOC by its first line, run it headless, and expect its
# transcript to contain EXPECT; with CHECK=ON, --check must find nothing in
# it either (the README's scene: what a newcomer copies first).
file(READ ${DOC} readme)
string(REGEX MATCH "```lua\n(${FIRST_LINE}[^`]*)```" block "${readme}")
if(NOT CMAKE_MATCH_1)
  message(FATAL_ERROR "no example starting with '${FIRST_LINE}' in ${DOC}")
endif()
file(WRITE ${OUT} "${CMAKE_MATCH_1}")
set(args --headless --script ${OUT} --scene ${SCENE})
if(CHOOSE)
  list(APPEND args --choose ${CHOOSE})
endif()
execute_process(COMMAND ${EMULATOR} ${EXE} ${args} WORKING_DIRECTORY ${WORKDIR}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
if(NOT status EQUAL 0 OR NOT out MATCHES "${EXPECT}")
  message(FATAL_ERROR "the example in ${DOC} did not run as expected (exit ${status}):\n${out}\n${err}")
endif()
if(NOT CHECK)
  return()
endif()
execute_process(COMMAND ${EMULATOR} ${EXE} --check --script ${OUT} WORKING_DIRECTORY ${WORKDIR}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
if(NOT status EQUAL 0 OR NOT "${out}${err}" STREQUAL "")
  message(FATAL_ERROR "--check found something in the example in ${DOC} (exit ${status}):\n${out}${err}")
endif()
