# Runs one hostile script headless and checks that the game survived it:
# the run ends by itself (no hang, no crash), exits 0, 1 or 2 as the script's
# "-- exit:" line says (default 1), its first stderr line matches the
# "-- expect:" regex, with "-- survivor" the other process still printed, and
# with "-- once" no other stderr line matches the "-- expect:" regex (one
# message per failure, not one per process the failure passed through).
# With JSON=1 the run is made with --json and CHECKER (stagehand_output_check)
# must find every stdout line a strict JSON object with its event's fields.
file(STRINGS "${SCRIPT}" header LIMIT_COUNT 4)
set(expect "")
set(expect_exit 1)
set(survivor OFF)
set(once OFF)
foreach(line IN LISTS header)
  if(line MATCHES "^-- expect: (.*)$")
    set(expect "${CMAKE_MATCH_1}")
  elseif(line MATCHES "^-- exit: ([0-9]+)$")
    set(expect_exit "${CMAKE_MATCH_1}")
  elseif(line MATCHES "^-- survivor$")
    set(survivor ON)
  elseif(line MATCHES "^-- once$")
    set(once ON)
  endif()
endforeach()
set(output_format "")
set(survivor_line "print text=\"survivor\"")
if(JSON)
  if(NOT CHECKER OR NOT OUT)
    message(FATAL_ERROR "JSON=1 needs CHECKER (stagehand_output_check) and OUT (where the transcript goes)")
  endif()
  set(output_format --json)
  set(survivor_line "\"event\":\"print\",\"text\":\"survivor\"")
else()
  set(OUT "")
endif()
if(OUT)
  # Straight to a file: the check reads the bytes the game wrote.
  file(REMOVE "${OUT}")
  execute_process(COMMAND ${EMULATOR} ${EXE} --headless --script ${SCRIPT_ARG} --scene scene --seconds 3 --watchdog 0.2
                          ${output_format} ${EXTRA}
                  WORKING_DIRECTORY ${WORKDIR} OUTPUT_FILE ${OUT} ERROR_VARIABLE err RESULT_VARIABLE status TIMEOUT 600)
  file(READ "${OUT}" out)
else()
  execute_process(COMMAND ${EMULATOR} ${EXE} --headless --script ${SCRIPT_ARG} --scene scene --seconds 3 --watchdog 0.2 ${EXTRA}
                  WORKING_DIRECTORY ${WORKDIR}
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status TIMEOUT 600)
endif()
if(NOT status STREQUAL "${expect_exit}")
  message(FATAL_ERROR "expected exit ${expect_exit}, got '${status}'\nstdout:\n${out}\nstderr:\n${err}")
endif()
set(first "")
if(NOT err STREQUAL "")
  string(REGEX MATCH "^[^\n]*" first "${err}")
endif()
if(NOT first MATCHES "${expect}")
  message(FATAL_ERROR "first stderr line '${first}' does not match '${expect}'\nstderr:\n${err}")
endif()
if(once)
  string(REGEX MATCHALL "[^\n]+" err_lines "${err}")
  set(matching 0)
  foreach(l IN LISTS err_lines)
    if(l MATCHES "${expect}")
      math(EXPR matching "${matching} + 1")
    endif()
  endforeach()
  if(NOT matching EQUAL 1)
    message(FATAL_ERROR "${matching} stderr lines match '${expect}', expected one:\n${err}")
  endif()
endif()
if(survivor AND NOT out MATCHES "${survivor_line}")
  message(FATAL_ERROR "the other process did not go on:\n${out}")
endif()
if(JSON AND NOT (out STREQUAL "" AND expect_exit STREQUAL "2"))  # a script that does not load plays nothing
  # CMake's own string(JSON) would not do: it takes "0.00 scene_start ..."
  # for the number 0 and ignores what follows, so a line of the text format
  # would pass. The checker parses strictly (nlohmann::json).
  execute_process(COMMAND ${EMULATOR} ${CHECKER} json-lines ${OUT}
                  OUTPUT_VARIABLE verdict ERROR_VARIABLE verdict RESULT_VARIABLE check_status TIMEOUT 600)
  if(NOT check_status STREQUAL "0")
    message(FATAL_ERROR "the --json transcript (${OUT}) does not hold:\n${verdict}")
  endif()
  message(STATUS "${verdict}")
endif()
