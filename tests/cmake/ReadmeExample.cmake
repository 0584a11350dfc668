# The README's scene example must run as written: extract it, run it headless,
# and expect a clean end.
file(READ ${README} readme)
string(REGEX MATCH "```lua\n(SCENES = [^`]*)```" block "${readme}")
if(NOT CMAKE_MATCH_1)
  message(FATAL_ERROR "no SCENES example block in ${README}")
endif()
file(WRITE ${OUT} "${CMAKE_MATCH_1}")
execute_process(COMMAND ${EXE} --headless --script ${OUT} WORKING_DIRECTORY ${WORKDIR}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
if(NOT status EQUAL 0 OR NOT out MATCHES "scene_end scene=\"teaTime\" status=\"done\"")
  message(FATAL_ERROR "the README example did not end cleanly (exit ${status}):\n${out}\n${err}")
endif()
