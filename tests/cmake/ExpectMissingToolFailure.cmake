# Runs COMMAND (|-separated) with the environment changed by ENV
# (|-separated NAME=VALUE, e.g. CI=true, or PATH=an empty folder to hide every
# tool) and checks it fails with one line naming the missing tool: a line of
# its output matches EXPECT. For the rule of cmake/MissingTools.cmake: in CI a
# missing tool is a failure, never a skip.
string(REPLACE "|" ";" command "${COMMAND}")
string(REPLACE "|" ";" changes "${ENV}")
foreach(change IN LISTS changes)
  string(REGEX MATCH "^([^=]+)=(.*)$" ignored "${change}")
  set(ENV{${CMAKE_MATCH_1}} "${CMAKE_MATCH_2}")
endforeach()
execute_process(COMMAND ${command} OUTPUT_VARIABLE out ERROR_VARIABLE out RESULT_VARIABLE status TIMEOUT 120)
if(status STREQUAL "0")
  message(FATAL_ERROR "exited 0 with ${ENV}, expected a failure naming the missing tool:\n${out}")
endif()
string(REGEX MATCHALL "[^\n]+" lines "${out}")
foreach(line IN LISTS lines)
  if(line MATCHES "${EXPECT}")
    message(STATUS "failed as it should (exit ${status}): ${line}")
    return()
  endif()
endforeach()
message(FATAL_ERROR "exit ${status}, but no line names the missing tool ('${EXPECT}'):\n${out}")
