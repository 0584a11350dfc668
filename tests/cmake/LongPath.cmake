# A scene under a path of 200 characters, given as it is (relative to the
# working folder): every message that names a file:line names one that opens,
# whole, on both VMs: the load warning and the error on stderr, the
# traceback, --check's findings and --explore's report. No "..." anywhere,
# and the plain-Lua error reads as plain Lua's own after its file:line. The
# transcript (stdout of a headless run) names the chunk as it is named, in
# the game's folder (the script's), the same on every machine and VM.
# EXE, EMULATOR, LUA (plain interpreter, may be empty), SOURCE, OUT.
file(REMOVE_RECURSE "${OUT}")
set(relative "")
foreach(part RANGE 1 9)
  string(APPEND relative "a_folder_of_a_deep_game_${part}/")
endforeach()
set(script "${relative}scene_at_the_end_of_a_long_path.lua")
string(LENGTH "${script}" length)
if(length LESS 200)
  message(FATAL_ERROR "the path is ${length} characters, not at least 200: ${script}")
endif()
file(WRITE "${OUT}/${script}" [=[
SCENES = { "main" }

function main()
    option("Go", "nowehre")
    local t = nil
    print(t.field)
end

function helper()
    undefinedThing = 1
end
]=])

get_filename_component(game "${OUT}/${script}" DIRECTORY)

# Runs stagehand; every file:line of the scene in stderr (and in stdout,
# unless it is a transcript: `transcript` names the folder its names are in)
# must open from the working folder.
function(run_and_open name expected_exit transcript)
  execute_process(COMMAND ${EMULATOR} ${EXE} ${ARGN} WORKING_DIRECTORY "${OUT}"
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status TIMEOUT 600)
  set(all "${out}${err}")
  if(transcript)
    string(REGEX MATCHALL "[^ \t\n\"'(<]+\\.lua:[0-9]+" chunks "${out}")
    foreach(place ${chunks})
      string(REGEX REPLACE ":[0-9]+$" "" path "${place}")
      if(NOT EXISTS "${transcript}/${path}")
        message(FATAL_ERROR "${name}: the transcript's '${place}' is not a file of the game's folder\n${out}")
      endif()
    endforeach()
    set(out "")
  endif()
  set(messages "${out}${err}")
  if(NOT status STREQUAL "${expected_exit}")
    message(FATAL_ERROR "${name}: expected exit ${expected_exit}, got ${status}\n${all}")
  endif()
  string(FIND "${all}" "..." cut)
  if(NOT cut EQUAL -1)
    message(FATAL_ERROR "${name}: a message holds '...':\n${all}")
  endif()
  string(REGEX MATCHALL "[^ \t\n\"'(<]+\\.lua:[0-9]+" places "${messages}")
  list(FILTER places INCLUDE REGEX "scene_at_the_end_of_a_long_path")
  if(NOT places)
    message(FATAL_ERROR "${name}: no message names the scene's file:line:\n${all}")
  endif()
  foreach(place ${places})
    string(REGEX REPLACE ":[0-9]+$" "" path "${place}")
    string(REGEX REPLACE "^.*:" "" line "${place}")
    if(NOT EXISTS "${OUT}/${path}")
      message(FATAL_ERROR "${name}: '${place}' names a file that does not open from the working folder\n${all}")
    endif()
    file(READ "${OUT}/${path}" text)
    string(REGEX MATCHALL "\n" newlines "${text}")
    list(LENGTH newlines count)
    if(line GREATER count OR line LESS 1)
      message(FATAL_ERROR "${name}: '${place}' names a line the file does not have (${count} lines)")
    endif()
  endforeach()
  set(last_out "${all}" PARENT_SCOPE)
endfunction()

run_and_open(headless 1 "${game}" --headless --traceback --script "${script}" --scene main --seconds 2)
if(NOT last_out MATCHES "${script}:4: warning: option: no story function named 'nowehre'")
  message(FATAL_ERROR "headless: the load warning does not name the whole path:\n${last_out}")
endif()
string(REGEX MATCH "${script}:6: ([^\n]*)" ours "${last_out}")
set(our_message "${CMAKE_MATCH_1}")
if(our_message STREQUAL "")
  message(FATAL_ERROR "headless: the error does not name the whole path:\n${last_out}")
endif()
if(LUA)
  # The same error under plain Lua (the scene called as a plain function).
  file(WRITE "${OUT}/plain.lua" "function option() end\nlocal f = assert(loadfile(...))\nf()\nmain()\n")
  execute_process(COMMAND ${LUA} plain.lua "${script}" WORKING_DIRECTORY "${OUT}" ERROR_VARIABLE plain)
  string(REGEX MATCH "\\.lua:6: ([^\n]*)" found "${plain}")
  if(NOT CMAKE_MATCH_1 STREQUAL our_message)
    message(FATAL_ERROR "plain Lua says '${CMAKE_MATCH_1}', the scene's error '${our_message}'")
  endif()
endif()
run_and_open(check 1 "" --check --script "${script}")
run_and_open(explore 1 "" --explore --script "${script}" --explore-walks 0)
