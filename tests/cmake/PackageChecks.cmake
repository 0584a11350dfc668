# stagehand --package checks a game before it ships: a game in which --check
# finds anything is refused (exit 1, each finding a line on stderr naming its
# file and line, nothing written), with --warn-only it is packed all the same
# (the findings told as warnings). Each break below is one a new author makes: a script that fails on
# its first line, a game.json that does not parse, a translation row that
# does not read.
# Inputs: EXE, EMULATOR, WORKDIR, OUT.
set(root "${OUT}/package-checks")
file(REMOVE_RECURSE "${root}")
file(MAKE_DIRECTORY "${root}")

function(run expect_exit)
  execute_process(COMMAND ${EMULATOR} ${EXE} ${ARGN} WORKING_DIRECTORY ${WORKDIR}
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status TIMEOUT 600)
  if(NOT status STREQUAL "${expect_exit}")
    message(FATAL_ERROR "${EXE} ${ARGN}: expected exit ${expect_exit}, got ${status}\nstdout:\n${out}\nstderr:\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

# A broken copy of a new game: `edit` is CMake code run with `game` set to its folder.
function(broken name edit)
  set(game "${root}/${name}")
  run(0 --new "${game}")
  cmake_language(EVAL CODE "${edit}")
  set(game "${game}" PARENT_SCOPE)
endfunction()

# Refused: exit 1, `pattern` on stderr (the one finding, at its file and line), and nothing written.
function(expect_refused game pattern)
  run(1 --package "${game}" --out "${game}-dist")
  if(NOT err MATCHES "${pattern}" OR NOT err MATCHES "was not packed: --check finds 1 thing to mend first \\(")
    message(FATAL_ERROR "--package of ${game} did not say why it refused (${pattern}):\n${out}${err}")
  endif()
  if(EXISTS "${game}-dist")
    file(GLOB written "${game}-dist/*")
    message(FATAL_ERROR "--package refused ${game} but wrote ${game}-dist: ${written}")
  endif()
endfunction()

broken(script_error [=[
  file(READ "${game}/main.lua" text)
  file(WRITE "${game}/main.lua" "local = 1\n${text}")
]=])
expect_refused("${game}" "main.lua:1:")

broken(bad_game_json [=[
  file(WRITE "${game}/game.json" "{\"title\": \"Broken\",, \"version\": \"1\"}\n")
]=])
expect_refused("${game}" "game.json[^\n]*(parse|JSON|json)")

broken(bad_table_row [=[
  file(APPEND "${game}/strings/main.de.csv" "de,auto.main.f0eefd9d,\"an open quote that never closes\n")
]=])
set(bad_row_game "${game}")
expect_refused("${game}" "main.de.csv:[0-9]+:")

# --warn-only packs it anyway, the finding told as a warning at its file and line.
run(0 --package "${bad_row_game}" --out "${bad_row_game}-packed" --warn-only)
if(NOT err MATCHES "main.de.csv:[0-9]+: warning: " OR NOT out MATCHES "-(linux.tar.gz|windows.zip)\n")
  message(FATAL_ERROR "--package --warn-only did not pack the game with its warning told:\n${out}${err}")
endif()
# (A clean game packs without a word on stderr: PackageGame.cmake.)
