# The shipped demo has an ID on every line. tools/tag-lines.lua on a copy of the demo without
# them: every line gets an ID, nothing
# else in the file changes, a second run changes nothing, --check then finds
# nothing (no duplicate, no line left), and the tagged demo plays the same
# transcript as before with only the IDs added to its lines' events.
# Then a script that uses one ID twice is refused, naming both lines.
#   cmake -DLUA=lua5.1 -DEXE=stagehand [-DEMULATOR=wine] -DSOURCE=<repo> -DOUT=<scratch dir> -P TagLines.cmake
# The game is given the script's path from SOURCE (a relative path reads the same under wine).
file(REMOVE_RECURSE "${OUT}")
file(RELATIVE_PATH script "${SOURCE}" "${OUT}/Demo.lua")
file(MAKE_DIRECTORY "${OUT}")
# The shipped demo is tagged already (its string tables know its lines by these IDs): the
# tagger has nothing left to do there. The copy it tags here is the demo with its IDs taken out.
execute_process(COMMAND ${LUA} ${SOURCE}/tools/tag-lines.lua ${SOURCE}/scripts/Demo.lua --dry-run
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0 OR NOT out MATCHES "Demo.lua: 0 lines would be tagged")
  message(FATAL_ERROR "scripts/Demo.lua has lines without an ID (run tools/tag-lines.lua on it):\n${out}${err}")
endif()
file(READ "${SOURCE}/scripts/Demo.lua" shipped)
string(REGEX REPLACE "\"\n *\\.\\. \"{#[A-Za-z0-9_.-]+}" "" original "${shipped}")
string(REGEX REPLACE "{#[A-Za-z0-9_.-]+}" "" original "${original}")
file(WRITE "${OUT}/Demo.lua" "${original}")
# The demo's own pictures go beside the copy, as they sit beside the demo (its images/ is looked in first).
file(COPY "${SOURCE}/scripts/images" DESTINATION "${OUT}")

function(play_demo scene choices result)
  execute_process(COMMAND ${EMULATOR} ${EXE} --headless --script ${script} --scene ${scene} --seconds 40 --choose ${choices}
                  WORKING_DIRECTORY ${SOURCE} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "the demo's ${scene} did not play (${status}):\n${err}")
  endif()
  set(${result} "${out}" PARENT_SCOPE)
endfunction()
play_demo(openingScene 1 opening_before)
play_demo(lighthouse 2,1,3,2 lighthouse_before)

execute_process(COMMAND ${LUA} ${SOURCE}/tools/tag-lines.lua ${OUT}/Demo.lua
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0 OR NOT out MATCHES "Demo.lua: [0-9]+ lines tagged")
  message(FATAL_ERROR "tag-lines.lua failed on the demo (${status}):\n${out}${err}")
endif()
file(READ "${OUT}/Demo.lua" tagged)
# (An ID that would push its line past 120 columns is on a line of its own: `"\n    .. "{#ID}`.)
string(REGEX REPLACE "\"\n *\\.\\. \"{#[A-Za-z0-9_.-]+}" "" untagged "${tagged}")
string(REGEX REPLACE "{#[A-Za-z0-9_.-]+}" "" untagged "${untagged}")
if(NOT untagged STREQUAL original)
  message(FATAL_ERROR "tag-lines.lua changed more than the lines' IDs")
endif()
string(REGEX MATCHALL "{#openingScene\\.[0-9a-f]+}" opening_ids "${tagged}")
if(NOT opening_ids)
  message(FATAL_ERROR "no line of openingScene got an ID named after it")
endif()
string(REGEX MATCH "[^\n]{121}" too_long "${tagged}")
if(too_long)
  message(FATAL_ERROR "a tagged line is longer than 120 columns: ${too_long}")
endif()
if(EXISTS "${OUT}/Demo.lua.tagging")
  message(FATAL_ERROR "the temporary file was left behind")
endif()

execute_process(COMMAND ${LUA} ${SOURCE}/tools/tag-lines.lua ${OUT}/Demo.lua
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(READ "${OUT}/Demo.lua" again)
if(NOT status EQUAL 0 OR NOT out MATCHES "0 lines tagged" OR NOT again STREQUAL tagged)
  message(FATAL_ERROR "a second run changed the file or failed (${status}):\n${out}${err}")
endif()

execute_process(COMMAND ${EMULATOR} ${EXE} --check --script ${script} WORKING_DIRECTORY ${SOURCE}
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "--check has findings in the tagged demo:\n${out}${err}")
endif()

# --explore compares the lines a script writes with those its runs show: an ID tag is not shown.
execute_process(COMMAND ${EMULATOR} ${EXE} --explore --scene lighthouse --explore-walks 0 --script ${script}
                WORKING_DIRECTORY ${SOURCE} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0 OR NOT out MATCHES "0 options never offered, 0 lines never shown")
  message(FATAL_ERROR "--explore of the tagged lighthouse (${status}):\n${out}${err}")
endif()

# The same runs, with each line's ID as the last field of its event.
foreach(run opening lighthouse)
  if(run STREQUAL "opening")
    play_demo(openingScene 1 after)
  else()
    play_demo(lighthouse 2,1,3,2 after)
  endif()
  # (The children's chatter in the forest is kept in a table as line()s, which the tagger tags too.)
  string(REGEX MATCHALL "[^\n]*  (line|text|say|menu|choice|banner) [^\n]*" lines_after "${after}")
  foreach(line IN LISTS lines_after)
    if(NOT line MATCHES " (id|ids)=\"[^\"]+\"$")
      message(FATAL_ERROR "a line of the tagged demo has no ID in the transcript:\n${line}")
    endif()
  endforeach()
  # A continuation line moves the lines below it: where= fields are compared by file only.
  string(REGEX REPLACE " ids?=\"[^\"]*\"\n" "\n" stripped "${after}")
  string(REGEX REPLACE "Demo.lua:[0-9]+" "Demo.lua:N" stripped "${stripped}")
  string(REGEX REPLACE "Demo.lua:[0-9]+" "Demo.lua:N" before "${${run}_before}")
  if(NOT stripped STREQUAL before)
    message(FATAL_ERROR "the tagged demo's ${run} transcript differs beyond the IDs:\n${after}")
  endif()
endforeach()

file(WRITE "${OUT}/twice.lua" "function s()\n    dialogue(nil, \"One{#x.1}\")\n    dialogue(nil, \"Two\")\n    dialogue(nil, \"Three{#x.1}\")\nend\n")
execute_process(COMMAND ${LUA} ${SOURCE}/tools/tag-lines.lua ${OUT}/twice.lua
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(READ "${OUT}/twice.lua" twice)
if(NOT status EQUAL 1 OR NOT err MATCHES "twice.lua:4: line ID 'x.1' is also used at [^\n]*twice.lua:2"
   OR twice MATCHES "Two{#")
  message(FATAL_ERROR "a script with an ID used twice was not refused with both lines (${status}):\n${out}${err}")
endif()
