# Every kind of message that names the script, run twice from the source
# folder: once with the script's path as given from there, once with its
# absolute path. A person reads the same output both times: each message names
# the script by the path from the current folder (as they can open it), never
# by the absolute one (issue 45). Each case must name its script at all, so a
# message that drops the name does not pass unseen. CASES: the cases, `^`
# between them, each the script's relative path and then the arguments, all
# `|`-separated, with @SCRIPT@ where the script's path goes.
string(REPLACE "^" ";" CASES "${CASES}")
set(failures "")
set(count 0)
foreach(case IN LISTS CASES)
  string(REPLACE "|" ";" parts "${case}")
  list(GET parts 0 script)
  list(REMOVE_AT parts 0)
  set(which relative)
  foreach(path "${script}" "${WORKDIR}/${script}")
    string(REPLACE "@SCRIPT@" "${path}" arg_list "${parts}")
    execute_process(COMMAND ${EMULATOR} ${EXE} ${arg_list} WORKING_DIRECTORY ${WORKDIR}
                    OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status TIMEOUT 600)
    set(${which} "exit ${status}\nstdout:\n${out}\nstderr:\n${err}")  # not a list: output may hold ";"
    set(which absolute)
  endforeach()
  string(FIND "${relative}" "${script}" named)
  if(named EQUAL -1)
    string(APPEND failures "${case}: no message names ${script}:\n${relative}\n")
  elseif(NOT relative STREQUAL absolute)
    string(APPEND failures "${case}: the absolute path changes what a person reads\n--- relative\n${relative}--- absolute\n${absolute}\n")
  endif()
  math(EXPR count "${count} + 1")
endforeach()
if(NOT failures STREQUAL "")
  message(FATAL_ERROR "${failures}")
endif()
message(STATUS "${count} message kinds name the script as its relative path")
