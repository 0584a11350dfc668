# stagehand --new DIR writes a starter game that plays at once: from another
# folder it passes --check (nothing to report) and --explore, plays headless
# (its own backdrop, sound and map, the choice answered) and in German from
# its string table, and makes a screenshot; run from inside it as `stagehand .`
# it plays the same. A second --new into the same folder refuses (exit 2).
# --new DIR --title TEXT titles it TEXT.
set(game "${OUT}/new game/Tower Tales")
file(REMOVE_RECURSE "${OUT}/new game")

function(run expect_exit)
  cmake_parse_arguments(RUN "" "IN" "" ${ARGN})
  if(NOT RUN_IN)
    set(RUN_IN ${WORKDIR})
  endif()
  execute_process(COMMAND ${EMULATOR} ${EXE} ${RUN_UNPARSED_ARGUMENTS} WORKING_DIRECTORY ${RUN_IN}
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status TIMEOUT 600)
  if(NOT status STREQUAL "${expect_exit}")
    message(FATAL_ERROR "${RUN_UNPARSED_ARGUMENTS}: expected exit ${expect_exit}, got ${status}\nstdout:\n${out}\nstderr:\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

run(0 --new ${game})
# A folder with a space is quoted in the hints, so a person can paste them.
if(NOT out MATCHES "play it:  stagehand ['\"][^\n]*Tower Tales['\"]\n")
  message(FATAL_ERROR "--new's hint does not quote a folder with a space:\n${out}")
endif()
if(NOT out MATCHES "wrote a new game in .*Tower Tales \\(main.lua, game.json, audio/, images/, maps/, notes/, strings/\\)")
  message(FATAL_ERROR "--new says nothing of what it wrote:\n${out}")
endif()
file(READ "${game}/game.json" description)
if(NOT description MATCHES "\"title\": \"Tower Tales\"")
  message(FATAL_ERROR "the new game's title is not its folder's name:\n${description}")
endif()

run(0 ${game} --check)
if(NOT out STREQUAL "" OR NOT err STREQUAL "")
  message(FATAL_ERROR "--check of a new game found something:\n${out}${err}")
endif()
run(0 ${game} --explore)
run(0 ${game} --headless --choose 1)
foreach(expected "backdrop name=\"gate\"" "sound [^\n]*name=\"chime\"" "menu " "Good. Mind the step.")
  if(NOT out MATCHES "${expected}")
    message(FATAL_ERROR "the new game's transcript lacks '${expected}':\n${out}")
  endif()
endforeach()
if(NOT err STREQUAL "")
  message(FATAL_ERROR "the new game's run said something on stderr:\n${err}")
endif()
run(0 ${game} --headless --lang de --choose 2)
if(NOT out MATCHES "Wie du meinst")
  message(FATAL_ERROR "the new game does not play in German:\n${out}")
endif()
run(0 . --headless --choose 2 IN ${game})
if(NOT out MATCHES "leave the lamp on")
  message(FATAL_ERROR "`stagehand .` inside the game does not play it:\n${out}")
endif()
run(0 ${game} --screenshot "${OUT}/new game/shot.png" --at 2)
if(NOT EXISTS "${OUT}/new game/shot.png")
  message(FATAL_ERROR "no screenshot of the new game")
endif()

run(2 --new ${game})
if(NOT err MATCHES "is not an empty folder")
  message(FATAL_ERROR "a second --new into the same folder did not refuse:\n${err}")
endif()

# --title gives the new game its title, quotes and all, which game.json keeps
# (ASCII here: wine reads a test's arguments in the machine's locale, which CI
# does not set); without --new it is refused.
set(titled "${OUT}/new game/tower")
run(0 --new ${titled} --title "Le \"Clocher\" de Tours")
file(READ "${titled}/game.json" description)
string(JSON title GET "${description}" title)
if(NOT title STREQUAL "Le \"Clocher\" de Tours")
  message(FATAL_ERROR "--new --title did not title the game: ${description}")
endif()
run(0 ${titled} --check)
run(2 --title "Alone")
if(NOT err MATCHES "--title names a new game's title: --new DIR --title TEXT")
  message(FATAL_ERROR "--title without --new was not refused in one line:\n${err}")
endif()
