# stagehand --package GAME --out DIR: a game made with --new becomes the
# archive players download, and that archive, unpacked in another folder,
# starts straight into the game (no arguments: its scene list, a headless run
# of its choice, a screenshot that is the game's own frame) from an unrelated
# working folder, and keeps its player's files under the game's own name.
#  - Linux: the .tar.gz, made by this program. The .zip is made from a
#    stand-in Windows build (a folder with stagehand.exe and a DLL) and, read
#    back by CMake's own unpacker, holds the same bytes as its sources. The web
#    folder, made from a stand-in web build, holds that build's files as they
#    are and every file of the game at /game, each byte range its file's bytes
#    (tests/web/check_web.py plays a real one in Chromium).
#  - Windows (WINDOWS set; EMULATOR is wine): the .zip, made by the real
#    stagehand.exe with its own folder (the program and its DLLs) as the
#    engine; unpacked elsewhere, its stagehand.exe plays from there with the
#    DLLs the .zip holds (wine looks in the program's folder, not the build's).
# Inputs: EXE, EMULATOR, WORKDIR, OUT, CHECKER (stagehand_output_check), WINDOWS.
set(root "${OUT}/package")
file(REMOVE_RECURSE "${root}")
file(MAKE_DIRECTORY "${root}/elsewhere" "${root}/windows")

# The last run's stdout has exactly one "note:" line, and it matches `pattern`.
function(expect_one_note pattern what)
  string(REGEX MATCHALL "note: [^\n]*" notes "${out}")
  if(NOT notes MATCHES "${pattern}[^;]*$")
    message(FATAL_ERROR "${what}:\n${out}")
  endif()
endfunction()

function(run expect_exit)
  cmake_parse_arguments(RUN "" "IN;EXE" "" ${ARGN})
  if(NOT RUN_IN)
    set(RUN_IN ${WORKDIR})
  endif()
  if(NOT RUN_EXE)
    set(RUN_EXE ${EXE})
  endif()
  execute_process(COMMAND ${EMULATOR} ${RUN_EXE} ${RUN_UNPARSED_ARGUMENTS} WORKING_DIRECTORY ${RUN_IN}
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status TIMEOUT 600)
  if(NOT status STREQUAL "${expect_exit}")
    message(FATAL_ERROR "${RUN_EXE} ${RUN_UNPARSED_ARGUMENTS}: expected exit ${expect_exit}, got ${status}\nstdout:\n${out}\nstderr:\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

run(0 --new "${root}/Tower Tales")
# Made its author's own: two pictures (a backdrop, and a sprite with its expressions), a sound and a
# font that the engine's assets do not have under those names, found in the game's folder; it passes
# --check and --explore before it is packaged.
set(own "${root}/Tower Tales")
file(COPY_FILE "${WORKDIR}/scripts/images/clocktower_night.png" "${own}/images/tower.png")
file(MAKE_DIRECTORY "${own}/images/ada" "${own}/fonts")
file(COPY_FILE "${WORKDIR}/scripts/images/hester/neutral.png" "${own}/images/ada/neutral.png")
file(COPY_FILE "${WORKDIR}/scripts/images/hester/happy.png" "${own}/images/ada/happy.png")
file(COPY_FILE "${WORKDIR}/assets/audio/door.ogg" "${own}/audio/bell.ogg")
file(COPY_FILE "${WORKDIR}/assets/fonts/DejaVuSans-Bold.ttf" "${own}/fonts/Own.ttf")
file(READ "${own}/main.lua" scenes)
string(REPLACE "function stayOutside()\n"
       "function stayOutside()\n    backdrop(\"tower\")\n    sprite(\"ada\", \"ada\")\n    expression(\"ada\", \"happy\")\n    playSound(\"bell\")\n"
       scenes "${scenes}")
file(WRITE "${own}/main.lua" "${scenes}")
file(READ "${own}/game.json" description)
string(REPLACE "\"icon\": \"gate\"" "\"icon\": \"gate\",\n    \"font\": \"Own.ttf\"" description "${description}")
file(WRITE "${own}/game.json" "${description}")
# And what an author's tools leave in a folder (a repository's, an editor's
# swap file), hidden by its dot: none of it is for players.
file(WRITE "${own}/.gitignore" "dist/\n")
file(MAKE_DIRECTORY "${own}/.git")
file(WRITE "${own}/.git/config" "[core]\n")
file(WRITE "${own}/images/.tower.png.swp" "an editor's swap file")
# What editors and file managers leave in sight, and the author's notes/ (the
# starter's page and licence): none of it is for players either.
file(WRITE "${own}/main.lua~" "an editor's backup")
file(WRITE "${own}/maps/#gate.map#" "an editor's autosave")
file(WRITE "${own}/strings/main.de.csv.bak" "a backup")
file(WRITE "${own}/images/Thumbs.db" "a file manager's thumbnails")
file(WRITE "${own}/notes/plan.txt" "the author's plan")
# And what players should have, though it looks like a note: a credits page and a licence of its own.
file(WRITE "${own}/LICENSE" "the game's licence, for its players")
file(MAKE_DIRECTORY "${own}/credits")
file(WRITE "${own}/credits/README.md" "who made the art")
# The game's files a package must hold: every file of its folder but the
# hidden ones, the author's notes/ and the leavings above.
file(GLOB_RECURSE game_files LIST_DIRECTORIES false RELATIVE "${own}" "${own}/*")
list(FILTER game_files EXCLUDE REGEX "(^|/)\\.")
list(FILTER game_files EXCLUDE REGEX "^notes/|~$|(^|/)#[^/]*#$|\\.bak$|(^|/)Thumbs\\.db$")
foreach(shipped LICENSE credits/README.md main.lua)
  list(FIND game_files "${shipped}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the test's own list of what ships lost ${shipped}: ${game_files}")
  endif()
endforeach()
list(SORT game_files)
if(NOT scenes MATCHES "playSound\\(\"bell\"\\)" OR NOT description MATCHES "Own.ttf")
  message(FATAL_ERROR "the starter changed: the test could not give it its own files\n${scenes}${description}")
endif()
run(0 "${own}" --check)
if(NOT out STREQUAL "" OR NOT err STREQUAL "")
  message(FATAL_ERROR "--check of the game with its own files found something:\n${out}${err}")
endif()
run(0 "${own}" --explore)
if(WINDOWS)
  run(0 --package "${root}/Tower Tales" --out "${root}/dist")
  if(NOT out MATCHES "tower-tales-0.1-windows.zip\n" OR NOT out MATCHES "note: no Linux archive: " OR NOT err STREQUAL "")
    message(FATAL_ERROR "--package in the Windows build did not make the .zip alone:\n${out}${err}")
  endif()
  set(archive "${root}/dist/tower-tales-0.1-windows.zip")
  set(program "${root}/elsewhere/tower-tales-0.1/stagehand.exe")
else()
  file(WRITE "${root}/windows/stagehand.exe" "a stand-in for the Windows program")
  file(WRITE "${root}/windows/SDL2.dll" "a stand-in for a library")
  run(0 --package "${root}/Tower Tales" --out "${root}/dist" --windows-engine "${root}/windows")
  if(NOT out MATCHES "tower-tales-0.1-linux.tar.gz\n.*tower-tales-0.1-windows.zip\n")
    message(FATAL_ERROR "--package did not name both archives:\n${out}")
  endif()
  # One engine named: one note, for the other.
  expect_one_note("^note: no web folder: --web-engine DIR" "--package --windows-engine's notes are not the web folder's alone")
  set(archive "${root}/dist/tower-tales-0.1-linux.tar.gz")
  set(program "${root}/elsewhere/tower-tales-0.1/stagehand")
endif()
file(SIZE "${archive}" size)
message(STATUS "${archive}: ${size} bytes")

# The archive, unpacked elsewhere, plays the game with no arguments.
file(ARCHIVE_EXTRACT INPUT "${archive}" DESTINATION "${root}/elsewhere")
if(NOT EXISTS "${program}")
  message(FATAL_ERROR "the archive has no ${program}")
endif()
run(0 --list-scenes EXE ${program} IN "${root}/elsewhere")
if(NOT out MATCHES "^arrival\t")
  message(FATAL_ERROR "the unpacked program does not start into the game:\n${out}")
endif()
run(0 --headless --choose 2 --seconds 20 EXE ${program} IN "${root}/elsewhere")
if(NOT out MATCHES "leave the lamp on" OR NOT out MATCHES "backdrop name=\"gate\"" OR NOT out MATCHES "backdrop name=\"tower\""
   OR NOT out MATCHES "sound [^\n]*name=\"bell\"" OR NOT out MATCHES "sprite [^\n]*ada" OR NOT err STREQUAL "")
  message(FATAL_ERROR "the unpacked game does not play cleanly:\n${out}${err}")
endif()
# Its screenshot is the game's own frame: the one the build's program draws
# from the game's folder (which is not blank: the checker refuses a reference
# of few colours).
run(0 "${root}/Tower Tales" --screenshot "${root}/reference.png" --at 2)
run(0 --screenshot "${root}/shot.png" --at 2 EXE ${program} IN "${root}/elsewhere")
execute_process(COMMAND ${EMULATOR} ${CHECKER} image "${root}/shot.png" "${root}/reference.png" 1 0.001
                OUTPUT_VARIABLE verdict ERROR_VARIABLE verdict RESULT_VARIABLE status TIMEOUT 600)
if(NOT status STREQUAL "0")
  message(FATAL_ERROR "the unpacked game's screenshot is not the game's frame:\n${verdict}")
endif()
if(EXISTS "${root}/elsewhere/tower-tales-0.1/scripts/Demo.lua")
  message(FATAL_ERROR "the archive holds the demo: it should hold the engine and the game only")
endif()
# Its game is the game's folder, file for file and byte for byte, what is the author's alone left out.
set(packed_game "${root}/elsewhere/tower-tales-0.1/game")
file(GLOB_RECURSE packed LIST_DIRECTORIES false RELATIVE "${packed_game}" "${packed_game}/*")
list(SORT packed)
if(NOT packed STREQUAL game_files)
  message(FATAL_ERROR "the archive's game/ holds\n  ${packed}\nthe game's folder (hidden files, notes/ and leavings left out) holds\n  ${game_files}")
endif()
foreach(inside IN LISTS packed)
  file(SHA256 "${packed_game}/${inside}" got)
  file(SHA256 "${own}/${inside}" want)
  if(NOT got STREQUAL want)
    message(FATAL_ERROR "the archive's game/${inside} is not the game's")
  endif()
endforeach()

# It keeps its player's files under the game's own name, where the system
# keeps a program's files: its window opens on the scene menu (which makes the
# folder of saves there) and, closed, writes its settings there.
#  - Linux: $XDG_DATA_HOME/Stagehand/tower-tales; closed by an interrupt (a
#    terminal's Ctrl+C).
#  - Windows: %APPDATA%\Stagehand\tower-tales, which wine keeps in its
#    prefix; closed as a player closes it (taskkill without /F sends its window
#    WM_CLOSE; a GUI program gets no Ctrl+C). The program runs under a name of
#    its own, in the unpacked folder beside its DLLs, so that the close reaches
#    this window alone while other tests run stagehand.exe.
if(WINDOWS)
  set(prefix "$ENV{WINEPREFIX}")
  if(NOT prefix)
    set(prefix "$ENV{HOME}/.wine")
  endif()
  file(GLOB roaming LIST_DIRECTORIES true "${prefix}/drive_c/users/*/AppData/Roaming")
  list(FILTER roaming EXCLUDE REGEX "/users/Public/")
  if(NOT roaming)
    message(FATAL_ERROR "no %APPDATA% folder in wine's prefix ${prefix}")
  endif()
  set(window_program "${root}/elsewhere/tower-tales-0.1/tower-tales-window.exe")
  file(COPY_FILE "${program}" "${window_program}")
  set(close "${EMULATOR} taskkill /IM tower-tales-window.exe")
else()
  set(roaming "${root}/player-data")
  set(window_program "${program}")
  set(close "kill -INT $game")
endif()
set(kept "${roaming}/Stagehand/tower-tales")
file(REMOVE_RECURSE "${kept}")
# Each wait is bounded (60 s), and the one for the folder ends if the game exits.
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=STAGEHAND_USER_DIR "XDG_DATA_HOME=${root}/player-data"
                        "KEPT=${kept}" "CLOSE=${close}" SDL_AUDIODRIVER=dummy
                        bash -c [=[
"$@" & game=$!
for _ in $(seq 600); do
  [ -d "$KEPT/saves" ] || ! kill -0 $game 2> /dev/null && break
  sleep 0.1
done
[ -d "$KEPT/saves" ] || echo "no $KEPT/saves while the window was open" >&2
eval "$CLOSE" > /dev/null
for _ in $(seq 600); do
  kill -0 $game 2> /dev/null || break
  sleep 0.1
done
kill -0 $game 2> /dev/null && echo "the window did not close: $CLOSE" >&2 && kill -TERM $game
wait $game
]=] window ${EMULATOR} ${window_program}
                WORKING_DIRECTORY "${root}/elsewhere" OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status
                TIMEOUT 600)
if(NOT status STREQUAL "0" OR NOT EXISTS "${kept}/settings.txt")
  message(FATAL_ERROR "the unpacked game kept no settings in ${kept} (exit ${status}):\n${out}${err}")
endif()

if(WINDOWS)
  # The .zip holds the program and every DLL beside it in the build, byte for byte.
  get_filename_component(build "${EXE}" DIRECTORY)
  file(GLOB dlls RELATIVE "${build}" "${build}/*.dll")
  if(NOT dlls)
    message(FATAL_ERROR "no DLL beside ${EXE}")
  endif()
  foreach(inside stagehand.exe ${dlls})
    file(SHA256 "${root}/elsewhere/tower-tales-0.1/${inside}" got)
    file(SHA256 "${build}/${inside}" want)
    if(NOT got STREQUAL want)
      message(FATAL_ERROR "the .zip's ${inside} is not the build's")
    endif()
  endforeach()
  return()
endif()

# The Windows archive: the stand-in program and library, the engine and the game.
file(ARCHIVE_EXTRACT INPUT "${root}/dist/tower-tales-0.1-windows.zip" DESTINATION "${root}/unzipped")
foreach(pair "stagehand.exe|${root}/windows/stagehand.exe" "SDL2.dll|${root}/windows/SDL2.dll"
             "game/main.lua|${root}/Tower Tales/main.lua" "scripts/WaitSupport.lua|${WORKDIR}/scripts/WaitSupport.lua"
             "assets/fonts/DejaVuSans.ttf|${WORKDIR}/assets/fonts/DejaVuSans.ttf")
  string(REPLACE "|" ";" pair "${pair}")
  list(GET pair 0 inside)
  list(GET pair 1 source)
  file(SHA256 "${root}/unzipped/tower-tales-0.1/${inside}" got)
  file(SHA256 "${source}" want)
  if(NOT got STREQUAL want)
    message(FATAL_ERROR "the .zip's ${inside} is not ${source}")
  endif()
endforeach()

# Outside an SDK and with no engine named, one line says which engines are missing and the
# command that makes them; the .tar.gz is still made, and stderr stays quiet.
run(0 --package "${root}/Tower Tales" --out "${root}/dist2")
expect_one_note("^note: no Windows archive and no web folder: .*bash tools/make-sdk.sh DIR" "--package outside an SDK")
if(NOT err STREQUAL "" OR NOT EXISTS "${root}/dist2/tower-tales-0.1-linux.tar.gz")
  message(FATAL_ERROR "--package outside an SDK:\n${out}${err}")
endif()

# The web folder: the stand-in web build's files, and the game's files by byte range.
file(MAKE_DIRECTORY "${root}/web")
foreach(name stagehand.js stagehand.wasm game.js game.data)
  file(WRITE "${root}/web/${name}" "a stand-in for the web build's ${name}")
endforeach()
file(WRITE "${root}/web/index.html" "<html><head><title>Stagehand</title>\n<link rel=\"icon\" href=\"data:,\">\n</head></html>\n")
run(0 --package "${root}/Tower Tales" --out "${root}/dist3" --web-engine "${root}/web")
set(site "${root}/dist3/tower-tales-0.1-web")
if(NOT out MATCHES "tower-tales-0.1-web\n.*tower-tales-0.1-web.zip\n")
  message(FATAL_ERROR "--package --web-engine did not name the web folder and its .zip:\n${out}${err}")
endif()
expect_one_note("^note: no Windows archive: --windows-engine DIR" "--package --web-engine's notes are not the Windows archive's alone")
# The .zip holds the folder's files with index.html at its top (itch.io's form), byte for byte.
file(REMOVE_RECURSE "${root}/webzip")
file(ARCHIVE_EXTRACT INPUT "${root}/dist3/tower-tales-0.1-web.zip" DESTINATION "${root}/webzip")
file(GLOB_RECURSE zipped RELATIVE "${root}/webzip" "${root}/webzip/*")
file(GLOB_RECURSE folder RELATIVE "${site}" "${site}/*")
list(SORT zipped)
list(SORT folder)
list(FIND zipped "index.html" page_at)
if(NOT zipped STREQUAL folder OR page_at EQUAL -1)
  message(FATAL_ERROR "the web .zip holds\n  ${zipped}\nthe web folder\n  ${folder}")
endif()
foreach(name IN LISTS folder)
  file(SHA256 "${site}/${name}" want)
  file(SHA256 "${root}/webzip/${name}" got)
  if(NOT got STREQUAL want)
    message(FATAL_ERROR "the web .zip's ${name} is not the web folder's")
  endif()
endforeach()
# The page is the game's: its title, and its icon (game.json's "gate") as the favicon.
file(READ "${site}/index.html" page)
if(NOT page STREQUAL "<html><head><title>Tower Tales</title>\n<link rel=\"icon\" href=\"favicon.png\">\n</head></html>\n")
  message(FATAL_ERROR "the web folder's page is not the game's (its title, its icon):\n${page}")
endif()
if(NOT EXISTS "${site}/favicon.png")
  message(FATAL_ERROR "the web folder has no favicon.png of the game's icon")
endif()
foreach(name stagehand.js stagehand.wasm game.js game.data)
  file(SHA256 "${site}/${name}" got)
  file(SHA256 "${root}/web/${name}" want)
  if(NOT got STREQUAL want)
    message(FATAL_ERROR "the web folder's ${name} is not the web build's")
  endif()
endforeach()
file(READ "${site}/arguments.json" arguments)
string(JSON first GET "${arguments}" arguments 0)
string(JSON files GET "${arguments}" gameFiles)
if(NOT first STREQUAL "/game" OR NOT files STREQUAL "game-files")
  message(FATAL_ERROR "the web folder's arguments.json does not play /game from game-files: ${arguments}")
endif()
file(READ "${site}/game-files.json" listed)
string(JSON count LENGTH "${listed}")
list(LENGTH game_files want_count)
if(NOT count EQUAL want_count)
  message(FATAL_ERROR "game-files.json lists ${count} files, the game has ${want_count}: ${listed}")
endif()
math(EXPR last "${count} - 1")
foreach(i RANGE ${last})
  string(JSON path GET "${listed}" ${i} path)
  string(JSON start GET "${listed}" ${i} start)
  string(JSON end GET "${listed}" ${i} end)
  string(REGEX REPLACE "^/game/" "" relative "${path}")
  math(EXPR size "${end} - ${start}")
  file(SIZE "${root}/Tower Tales/${relative}" want_size)
  if(NOT size EQUAL want_size)
    message(FATAL_ERROR "${path} spans ${size} bytes of game-files.data, the file has ${want_size}")
  endif()
  if(size GREATER 0)
    file(READ "${site}/game-files.data" got OFFSET ${start} LIMIT ${size} HEX)
    file(READ "${root}/Tower Tales/${relative}" want HEX)
    if(NOT got STREQUAL want)
      message(FATAL_ERROR "${path}'s bytes in game-files.data are not the file's")
    endif()
  endif()
endforeach()
