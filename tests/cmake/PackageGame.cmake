# stagehand --package GAME --out DIR: a game made with --new becomes the
# archives players download. The .tar.gz, unpacked in another folder, starts
# straight into the game (no arguments: its scene list, a headless run of its
# choice, a screenshot) from an unrelated working folder. The .zip is made from
# a stand-in Windows build (a folder with stagehand.exe and a DLL) and, read
# back by CMake's own unpacker, holds the same bytes as its sources.
set(root "${OUT}/package")
file(REMOVE_RECURSE "${root}")
file(MAKE_DIRECTORY "${root}/elsewhere" "${root}/windows")

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
file(WRITE "${root}/windows/stagehand.exe" "a stand-in for the Windows program")
file(WRITE "${root}/windows/SDL2.dll" "a stand-in for a library")
run(0 --package "${root}/Tower Tales" --out "${root}/dist" --windows-engine "${root}/windows")
if(NOT out MATCHES "tower-tales-0.1-linux.tar.gz\n.*tower-tales-0.1-windows.zip\n")
  message(FATAL_ERROR "--package did not name both archives:\n${out}")
endif()

# The Linux archive, unpacked elsewhere, plays the game with no arguments.
file(ARCHIVE_EXTRACT INPUT "${root}/dist/tower-tales-0.1-linux.tar.gz" DESTINATION "${root}/elsewhere")
set(program "${root}/elsewhere/tower-tales-0.1/stagehand")
if(NOT EXISTS "${program}")
  message(FATAL_ERROR "the archive has no tower-tales-0.1/stagehand")
endif()
run(0 --list-scenes EXE ${program} IN "${root}/elsewhere")
if(NOT out MATCHES "^arrival\t")
  message(FATAL_ERROR "the unpacked program does not start into the game:\n${out}")
endif()
run(0 --headless --choose 2 EXE ${program} IN "${root}/elsewhere")
if(NOT out MATCHES "leave the lamp on" OR NOT out MATCHES "backdrop name=\"gate\"")
  message(FATAL_ERROR "the unpacked game does not play:\n${out}${err}")
endif()
run(0 --screenshot "${root}/shot.png" --at 2 EXE ${program} IN "${root}/elsewhere")
if(NOT EXISTS "${root}/shot.png")
  message(FATAL_ERROR "no screenshot from the unpacked game")
endif()
if(EXISTS "${root}/elsewhere/tower-tales-0.1/scripts/Demo.lua")
  message(FATAL_ERROR "the archive holds the demo: it should hold the engine and the game only")
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

# Without a Windows build, one line says why there is no .zip; the .tar.gz is still made.
run(0 --package "${root}/Tower Tales" --out "${root}/dist2")
if(NOT err MATCHES "^stagehand: no Windows archive: --windows-engine DIR" OR NOT EXISTS "${root}/dist2/tower-tales-0.1-linux.tar.gz")
  message(FATAL_ERROR "--package without a Windows build:\n${out}${err}")
endif()
