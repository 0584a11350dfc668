# Renders a scene's sound (--headless --audio; ARGS, |-separated, say which
# scene and how it is played, the lighthouse by default) twice, the second
# time with SDL_AUDIODRIVER naming no driver at all (a headless run never needs
# a sound card), and checks both files are the same bytes, with the SHA-256
# kept in GOLDEN for this PLATFORM. Set UPDATE_GOLDEN=1 in the environment to
# rewrite that line. One hash per platform, because the Vorbis decoders differ:
# Debian's SDL2_mixer uses libvorbis, the Windows build its bundled stb_vorbis
# (both Lua builds of one platform share the line).
# Inputs: EXE, EMULATOR, WAV, GOLDEN, PLATFORM, WORKDIR, ARGS.
if(ARGS)
  string(REPLACE "|" ";" args "--headless|${ARGS}")
else()
  set(args --headless --scene lighthouse --seconds 60 --choose 2,3,1 --seed 1)
endif()
get_filename_component(wav_dir "${WAV}" DIRECTORY)
file(MAKE_DIRECTORY "${wav_dir}")
set(driver_1 "")
set(driver_2 "SDL_AUDIODRIVER=no_such_driver")
foreach(run 1 2)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env ${driver_${run}} ${EMULATOR} ${EXE} ${args} --audio ${WAV}.${run}
                  WORKING_DIRECTORY ${WORKDIR}
                  OUTPUT_QUIET ERROR_VARIABLE errors RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "stagehand exited with ${status}:\n${errors}")
  endif()
  file(SHA256 ${WAV}.${run} hash${run})
endforeach()
if(NOT hash1 STREQUAL hash2)
  message(FATAL_ERROR "two renders of the same run differ (the second without a sound driver): ${WAV}.1 and ${WAV}.2")
endif()
set(lines "")
if(EXISTS ${GOLDEN})
  file(STRINGS ${GOLDEN} lines)
endif()
set(expected "")
set(kept "")
foreach(line IN LISTS lines)
  if(line MATCHES "^${PLATFORM} (.*)$")
    set(expected "${CMAKE_MATCH_1}")
  else()
    string(APPEND kept "${line}\n")
  endif()
endforeach()
if("$ENV{UPDATE_GOLDEN}" STREQUAL "1")
  file(WRITE ${GOLDEN} "${kept}${PLATFORM} ${hash1}\n")
  message(STATUS "updated ${GOLDEN} for ${PLATFORM}")
  return()
endif()
if(NOT hash1 STREQUAL expected)
  message(FATAL_ERROR "the rendered sound (${WAV}.1, SHA-256 ${hash1}) differs from ${GOLDEN}'s ${PLATFORM} line "
                      "(${expected})")
endif()
