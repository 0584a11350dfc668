# Renders a scene at several moments with --screenshot and compares each PNG
# with its expected picture in GOLDEN_DIR (CHECKER is stagehand_output_check).
# tests/WholeScenes.cmake says what the frames are for and why the tolerances.
# Set UPDATE_GOLDEN=1 in the environment to write the expected pictures instead.
# Inputs: EXE, EMULATOR, WORKDIR, CHECKER, OUT_DIR, GOLDEN_DIR, NAME (the
# pictures' prefix), SCENE, LANGUAGE, TIMES and EXTRA (|-separated), SIZE,
# MAX_MEAN_DIFF, MAX_DIFFERING_FRACTION.
string(REPLACE "|" ";" times "${TIMES}")
string(REPLACE "|" ";" extra "${EXTRA}")
file(MAKE_DIRECTORY "${OUT_DIR}")
set(failures "")
foreach(at IN LISTS times)
  set(picture "${NAME}_at_${at}s.png")
  set(out "${OUT_DIR}/${picture}")
  file(REMOVE "${out}")
  execute_process(COMMAND ${EMULATOR} ${EXE} --screenshot ${out} --at ${at} --scene ${SCENE} --lang ${LANGUAGE}
                          --size ${SIZE} --seed 1 ${extra}
                  WORKING_DIRECTORY ${WORKDIR} OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr RESULT_VARIABLE status
                  TIMEOUT 600)
  if(NOT status STREQUAL "0" OR NOT EXISTS "${out}")
    string(APPEND failures "--screenshot at ${at} s exited ${status} (wrote ${out}: no):\n${stdout}${stderr}\n")
    continue()
  endif()
  if(NOT stderr STREQUAL "")
    string(APPEND failures "--screenshot at ${at} s succeeded but wrote on stderr:\n${stderr}\n")
  endif()
  if("$ENV{UPDATE_GOLDEN}" STREQUAL "1")
    file(COPY_FILE "${out}" "${GOLDEN_DIR}/${picture}")
    message(STATUS "updated ${GOLDEN_DIR}/${picture}")
    continue()
  endif()
  execute_process(COMMAND ${EMULATOR} ${CHECKER} image ${out} ${GOLDEN_DIR}/${picture} ${MAX_MEAN_DIFF}
                          ${MAX_DIFFERING_FRACTION}
                  OUTPUT_VARIABLE verdict ERROR_VARIABLE verdict RESULT_VARIABLE status TIMEOUT 600)
  if(NOT status STREQUAL "0")
    string(APPEND failures "${out} is not the expected frame ${GOLDEN_DIR}/${picture}:\n${verdict}\n")
  else()
    message(STATUS "${picture}: ${verdict}")
  endif()
endforeach()
if(NOT failures STREQUAL "")
  message(FATAL_ERROR "${failures}")
endif()
