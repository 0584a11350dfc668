# A script error on stderr: one line at the author's call by default; with
# --traceback the traceback in the scene's frames and a count of the stage
# library's hidden ones; with --traceback-all every frame.
set(script tests/scripts/author_call_error.lua)
set(first "^tests/scripts/author_call_error.lua:5: walkTo: unknown waypoint 'nowhere'; waypoints are MAP.NAME: [^\n]*; maps are looked for in [^\n]*\n")
foreach(flag none --traceback --traceback-all)
  set(extra "")
  if(NOT flag STREQUAL "none")
    set(extra ${flag})
  endif()
  execute_process(COMMAND ${EMULATOR} ${EXE} --headless --script ${script} --seconds 2 ${extra}
                  WORKING_DIRECTORY ${WORKDIR} OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE status TIMEOUT 600)
  if(NOT status STREQUAL "1")
    message(FATAL_ERROR "${flag}: expected exit 1, got ${status}\n${err}")
  endif()
  if(flag STREQUAL "none")
    set(expected "${first}$")
  elseif(flag STREQUAL "--traceback")
    set(expected "${first}stack traceback:\n\ttests/scripts/author_call_error.lua:5: in function <tests/scripts/author_call_error.lua:3>\n\t\\([0-9]+ frames of the stage library hidden; --traceback-all shows them\\)\n$")
  else()
    # Every frame, the stage library's own included (walkTo goes through its walkToPoint; the last is walkTo's
    # check by its description, in StageSupport.lua, or the form itself).
    set(expected "${first}stack traceback:\n\t\\[C\\]: in function 'walkToPoint'\n(\tscripts/(StageSupport|stage/[a-z]+).lua:[0-9]+: in function '[A-Za-z]+'\n)*\tscripts/(StageSupport|stage/stage).lua:[0-9]+: in function 'walkTo'\n\ttests/scripts/author_call_error.lua:5: in function")
  endif()
  if(NOT err MATCHES "${expected}")
    message(FATAL_ERROR "${flag}: stderr does not match\n${expected}\n--- got:\n${err}")
  endif()
endforeach()
