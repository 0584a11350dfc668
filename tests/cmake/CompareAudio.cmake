# Renders the lighthouse scene's sound (--headless --audio) twice and checks
# both files are the same bytes, with the SHA-256 kept in GOLDEN. Set
# UPDATE_GOLDEN=1 in the environment to rewrite it.
# Inputs: EXE, EMULATOR, WAV, GOLDEN, WORKDIR.
set(args --headless --scene lighthouse --seconds 60 --choose 2,3,1 --seed 1)
foreach(run 1 2)
  execute_process(COMMAND ${EMULATOR} ${EXE} ${args} --audio ${WAV}.${run} WORKING_DIRECTORY ${WORKDIR}
                  OUTPUT_QUIET ERROR_VARIABLE errors RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "stagehand exited with ${status}:\n${errors}")
  endif()
  file(SHA256 ${WAV}.${run} hash${run})
endforeach()
if(NOT hash1 STREQUAL hash2)
  message(FATAL_ERROR "two renders of the same run differ: ${WAV}.1 and ${WAV}.2")
endif()
if("$ENV{UPDATE_GOLDEN}" STREQUAL "1")
  file(WRITE ${GOLDEN} "${hash1}\n")
  message(STATUS "updated ${GOLDEN}")
  return()
endif()
file(READ ${GOLDEN} expected)
string(STRIP "${expected}" expected)
if(NOT hash1 STREQUAL expected)
  message(FATAL_ERROR "the rendered sound (${WAV}.1, SHA-256 ${hash1}) differs from ${GOLDEN} (${expected})")
endif()
