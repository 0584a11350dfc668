# Outputs checked by what they hold, not by the exit status alone (issue 24):
# the scene list, a screenshot's pixels, the limits' messages, every --json
# line, and a scene whose expected transcript was worked out by hand from
# docs/API.md. Included at the end of tests/CMakeLists.txt (it uses its
# render_env).

# A judge of images and JSON lines, run after stagehand (under wine too).
add_executable(stagehand_output_check OutputCheck.cpp)
target_link_libraries(stagehand_output_check PRIVATE stagehand_sdl_main stagehand_engine stagehand_warnings)
set(output_check $<TARGET_FILE:stagehand_output_check>)
set(output_dir ${CMAKE_CURRENT_BINARY_DIR}/output-checks)
file(MAKE_DIRECTORY ${output_dir})

# stagehand ARGS... with its exit status, the first line of stderr (a regex,
# "" for none) and stdout: STDOUT a regex, or STDOUT_FILE a file it must equal.
function(output_test name)
  cmake_parse_arguments(PARSE_ARGV 1 check "" "EXIT;STDERR;STDOUT;STDOUT_FILE" "ARGS")
  set(expectations "-DEXPECT_EXIT=${check_EXIT}" "-DEXPECT_STDERR=${check_STDERR}")
  if(DEFINED check_STDOUT)
    list(APPEND expectations "-DEXPECT_STDOUT=${check_STDOUT}")
  endif()
  if(DEFINED check_STDOUT_FILE)
    list(APPEND expectations "-DEXPECT_STDOUT_FILE=${check_STDOUT_FILE}")
  endif()
  string(REPLACE ";" "|" joined_args "${check_ARGS}")
  add_test(NAME ${name}
           COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                   ${expectations} "-DARGS=${joined_args}" -DWORKDIR=${PROJECT_SOURCE_DIR}
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/RunCli.cmake)
endfunction()

# --- The scene list and --check: their exact output ---------------------------
# The demo's seven scenes in menu order, name and title as scripts/Demo.lua's
# SCENES lists them (written out by hand from there).
output_test(cli_list_scenes EXIT 0 STDERR "" STDOUT_FILE ${CMAKE_CURRENT_SOURCE_DIR}/golden/demo_scene_list.txt
            ARGS --list-scenes)
output_test(cli_check_finds_nothing_in_the_demo EXIT 0 STDERR "" STDOUT "^$" ARGS --check)

# A headless run of a scene that never ends lasts --seconds' default, 60 s of
# scene time: its last event is the wait at 60.00 s.
output_test(cli_a_headless_run_lasts_60_seconds_by_default EXIT 0 STDERR ""
            STDOUT "\n +59\\.00  wait [^\n]*\n +60\\.00  wait [^\n]*\n$"
            ARGS --headless --script tests/scripts/forever.lua --scene forever)

# A jump says which of its branch's processes it cancelled, right after its own
# line; a runForScene process pecks on in the next branch (2.00, 3.00) and is
# cancelled, and told, when the story ends (tests/scripts/scene_processes.lua).
output_test(cli_a_jump_names_the_processes_it_cancelled EXIT 0 STDERR ""
            STDOUT "1\\.50  jump target=\"market\"\n +1\\.50  cancelled process=\"drizzle\" by=\"jump\" target=\"market\"\n.* 2\\.00  print text=\"peck\"\n.* 3\\.00  print text=\"peck\"\n.* 4\\.00  print text=\"the market\"\n.* 4\\.00  cancelled process=\"pigeon\" by=\"scene_end\"\n"
            ARGS --headless --script tests/scripts/scene_processes.lua --scene street --choose 1 --seconds 10)

# --check, one script per kind of finding (tests/scripts/check/NAME.lua), its
# whole report in tests/golden/check/NAME.txt, each line written out by hand
# from the mistakes in the script; exit 1 on any finding, no line of ours on
# stderr (a story target that names nothing is a finding here, not a load
# warning; wine's own lines, if any, are not ours).
# clean.lua uses every kind of call rightly: no finding, exit 0.
function(check_findings_test name expected_exit)
  add_test(NAME cli_check_finds_${name}
           COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                   -DEXPECT_EXIT=${expected_exit} "-DEXPECT_STDERR=" "-DREJECT_STDERR=stagehand"
                   -DEXPECT_STDOUT_FILE=${CMAKE_CURRENT_SOURCE_DIR}/golden/check/${name}.txt
                   "-DARGS=--check|--script|tests/scripts/check/${name}.lua" -DWORKDIR=${PROJECT_SOURCE_DIR}
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/RunCli.cmake)
endfunction()
foreach(kind story_targets globals arguments names signals loops children camera markup line_ids joined polling
             templates event_tags ranges long_loops options shaped_signals call_lines locals sprites)
  check_findings_test(${kind} 1)
endforeach()
check_findings_test(clean 0)
# --warn-only: the same report, and exit 0 (the old behaviour, for a build
# that must not fail on a hint).
output_test(cli_check_warn_only_reports_and_exits_0 EXIT 0 STDERR ""
            STDOUT_FILE ${CMAKE_CURRENT_SOURCE_DIR}/golden/check/story_targets.txt
            ARGS --check --warn-only --script tests/scripts/check/story_targets.lua)
# Without --check, the same story targets are a warning on stderr at load, in
# the same words (the script still loads: they fail only when chosen).
output_test(cli_story_target_naming_nothing_is_a_warning_at_load EXIT 0
            STDERR "^tests/scripts/check/story_targets.lua:6: warning: option: no story function named 'rigth_path' \\(did you mean 'right_path'\\?\\)"
            ARGS --list-scenes --script tests/scripts/check/story_targets.lua)
# A line ID written twice is a warning at load too, naming both lines (the scenes still play).
output_test(cli_a_line_id_written_twice_is_a_warning_at_load EXIT 0
            STDERR "^tests/scripts/check/line_ids.lua:11: warning: line ID 'scene.oak' is also used at tests/scripts/check/line_ids.lua:9"
            ARGS --list-scenes --script tests/scripts/check/line_ids.lua)
# The seed articles' scripts pass with no finding.
foreach(example seed000_hello seed000_opening seed001_archivist seed004_countdown)
  output_test(cli_check_finds_nothing_in_${example} EXIT 0 STDERR "" STDOUT "^$"
              ARGS --check --script scripts/examples/${example}.lua)
endforeach()

# --- A screenshot, compared with the expected frame --------------------------
# golden/screenshot_conversation_3s_640x360.png is the conversation at 3 s at
# 640x360 (17 KB): the forest, George, Bob and Bob's speech bubble, as this
# test's command drew it (a reference frame, looked at by eye, not derived;
# drawn again on 2026-11-25 when text became shaped by HarfBuzz: its advances
# made the bubble's line 4 pixels wider).
# Tolerance: in each of R, G and B a mean absolute difference of at most 1
# level of 255, and at most 0.1% of the pixels (230) off by more than 48 levels
# in some channel. Why: software GL differs a little from machine to machine.
# Mesa's other rasteriser (GALLIUM_DRIVER=softpipe instead of llvmpipe) draws
# this frame 0.06-0.10 levels off on average with 0.018% of its pixels (42,
# edges of glyphs and circles) off by more: the limit is 5x that. A wrong
# frame is well outside: the bubble with its text rubbed out, 0.28% of pixels
# (642); the scene at 2 s, before the bubble, 6-7 levels and 3.8%; a black
# frame, 42-66 levels and 95%. The Windows build under wine draws it exactly.
set(screenshot_png ${output_dir}/screenshot_conversation_3s_640x360.png)
add_test(NAME cli_screenshot_matches_the_expected_frame
         COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                 -DCHECKER=${output_check} -DOUT=${screenshot_png}
                 -DEXPECTED=${CMAKE_CURRENT_SOURCE_DIR}/golden/screenshot_conversation_3s_640x360.png
                 -DSCENE=conversation -DAT=3 -DSIZE=640x360 -DMAX_MEAN_DIFF=1 -DMAX_DIFFERING_FRACTION=0.001
                 -DWORKDIR=${PROJECT_SOURCE_DIR} -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/CheckScreenshot.cmake)
set_tests_properties(cli_screenshot_matches_the_expected_frame PROPERTIES ENVIRONMENT "${render_env}")

# A run that succeeds prints nothing on stderr. With no display at all (no
# DISPLAY, WAYLAND_DISPLAY, XDG_RUNTIME_DIR or SDL_VIDEODRIVER), SDL probes
# Wayland on its way to the offscreen driver, and libwayland wrote "error:
# XDG_RUNTIME_DIR is invalid or not set in the environment." on every
# --screenshot and --overflow-report (src/platform/Window.cpp).
if(NOT WIN32 AND NOT APPLE)
  function(quiet_run_test name)
    string(REPLACE ";" "|" joined_args "${ARGN}")
    add_test(NAME cli_${name}_without_a_display_says_nothing_on_stderr
             COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> -DEXPECT_EXIT=0 -DEMPTY_STDERR=1
                     "-DUNSET_ENV=XDG_RUNTIME_DIR|DISPLAY|WAYLAND_DISPLAY|SDL_VIDEODRIVER" "-DARGS=${joined_args}"
                     -DWORKDIR=${PROJECT_SOURCE_DIR} -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/RunCli.cmake)
  endfunction()
  quiet_run_test(screenshot --screenshot ${output_dir}/quiet_screenshot.png --at 1 --scene conversation --size 320x180)
  quiet_run_test(overflow_report --overflow-report fr)
endif()

# The Windows build's emulator (tools/wine-run.sh), with a stand-in for wine.
if(NOT WIN32 AND NOT APPLE AND NOT CMAKE_CROSSCOMPILING)
  add_test(NAME wine_run_tells_wines_own_failures_and_passes_the_programs_on
           COMMAND ${CMAKE_COMMAND} -DWINE_RUN=${PROJECT_SOURCE_DIR}/tools/wine-run.sh -DWORK=${output_dir}/wine_run
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/WineRun.cmake)
endif()

# --- The limits at their defaults and when set --------------------------------
# Memory: 40 MB of strings kept in one table. The error is at the line that
# asked for the memory (8) on PUC Lua; LuaJIT keeps no current line after a
# memory error, and the scheduler names the scene function's line (4).
output_test(limits_memory_limit_16_refuses_40_mb EXIT 1
            STDERR "^tests/scripts/memory_40mb.lua:[48]: not enough memory \\(over the script's memory limit of 16 MB"
            ARGS --headless --script tests/scripts/memory_40mb.lua --memory-limit 16)
output_test(limits_default_memory_limit_allows_40_mb EXIT 0 STDERR "" STDOUT "print text=\"built 40 blocks of 1 MB\""
            ARGS --headless --script tests/scripts/memory_40mb.lua)
# The watchdog's default budget, 1 s, is 10^8 instructions headless; each turn
# of busy_loop.lua's loop is 2 instructions on both VMs: 2.5*10^7 turns are
# 0.5 s (half the budget: it runs), 10^8 turns are 2 s (twice: it is stopped
# halfway, at one of its loop's two lines).
output_test(limits_default_watchdog_lets_half_a_second_run EXIT 0 STDERR "" STDOUT "print text=\"looped 25000000 turns\""
            ARGS --headless --script tests/scripts/busy_loop.lua --flag turns=25000000)
output_test(limits_default_watchdog_stops_two_seconds EXIT 1
            STDERR "^tests/scripts/busy_loop.lua:[89]: watchdog: ran for more than 1 s without waiting"
            ARGS --headless --script tests/scripts/busy_loop.lua --flag turns=100000000)

# --- Every --json line: a strict JSON object with its event's fields ---------
function(json_lines_test name require_events)
  string(REPLACE ";" "|" joined_args "${ARGN}")
  string(REPLACE ";" "|" joined_events "${require_events}")
  add_test(NAME json_lines_${name}
           COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                   -DCHECKER=${output_check} -DOUT=${output_dir}/json_lines_${name}.jsonl "-DARGS=${joined_args}"
                   "-DREQUIRE_EVENTS=${joined_events}" -DWORKDIR=${PROJECT_SOURCE_DIR}
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/CheckJsonLines.cmake)
endfunction()
json_lines_test(conversation "scene_start;scene_end;say;walk;arrive;signal;process_start;process_end;wait"
                --headless --scene conversation --seconds 40)
json_lines_test(lighthouse_choices "text;image;menu;choice;jump" --headless --scene lighthouse --choose 2,3,1 --seconds 120)
json_lines_test(harbour_replay "controls;banner;line;choice" --headless --scene harbour --seconds 30
                --replay tests/replays/harbour_walk_to_pell.txt)
json_lines_test(rules_scene "print;signal;latch;timeout" --headless --script tests/scripts/rules_scene.lua --scene rules
                --seconds 20)
# Hostile scripts with --json: errors, stops and odd values still make JSON.
file(GLOB hostile_scripts_for_json RELATIVE ${CMAKE_CURRENT_SOURCE_DIR}/hostile ${CMAKE_CURRENT_SOURCE_DIR}/hostile/*.lua)
foreach(script IN LISTS hostile_scripts_for_json)
  string(REGEX REPLACE "\\.lua$" "" name "${script}")
  add_test(NAME hostile_json_${name}
           COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                   -DSCRIPT=${CMAKE_CURRENT_SOURCE_DIR}/hostile/${script} -DSCRIPT_ARG=tests/hostile/${script} -DJSON=1
                   -DCHECKER=${output_check} -DOUT=${output_dir}/hostile_json_${name}.jsonl
                   -DWORKDIR=${PROJECT_SOURCE_DIR} -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/RunHostile.cmake)
endforeach()

# --- The scheduler's rules, expected by hand -----------------------------------
foreach(mode transcript timeline)
  add_test(NAME rules_scene_${mode}
           COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                   -DMODE=${mode} -DSCRIPT=tests/scripts/rules_scene.lua -DSCENE=rules
                   -DEXPECTED=${CMAKE_CURRENT_SOURCE_DIR}/golden/rules_scene_expected.txt
                   -DOUT=${output_dir}/rules_scene_timeline.html -DWORKDIR=${PROJECT_SOURCE_DIR}
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/CheckRulesScene.cmake)
endforeach()

# --- In CI a missing tool fails; elsewhere it is a warning --------------------
# cmake/MissingTools.cmake's rule, which the configure applies to busted,
# python3 and GoogleTest: with CI=true a failure naming the tool, without it a
# warning and the configure goes on.
function(missing_tool_fails_in_ci name)
  cmake_parse_arguments(PARSE_ARGV 1 check "" "EXPECT" "ENV;COMMAND")
  string(REPLACE ";" "|" joined_command "${check_COMMAND}")
  string(REPLACE ";" "|" joined_env "${check_ENV}")
  add_test(NAME ci_${name}
           COMMAND ${CMAKE_COMMAND} "-DCOMMAND=${joined_command}" "-DENV=${joined_env}" "-DEXPECT=${check_EXPECT}"
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/ExpectMissingToolFailure.cmake)
endfunction()
missing_tool_fails_in_ci(missing_busted_fails_the_configure ENV CI=true
                         EXPECT "^  CI=true but busted is missing, so the Lua specs"
                         COMMAND ${CMAKE_COMMAND} -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/MissingToolProbe.cmake)
add_test(NAME missing_busted_outside_ci_is_a_warning
         COMMAND ${CMAKE_COMMAND} -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/MissingToolProbe.cmake)
set_tests_properties(missing_busted_outside_ci_is_a_warning PROPERTIES ENVIRONMENT "CI="
                     PASS_REGULAR_EXPRESSION "busted not found: the Lua specs.*the configure goes on")
# The timeline test with no Chromium to be found.
if(Python3_Interpreter_FOUND)
  missing_tool_fails_in_ci(timeline_without_chromium_fails ENV CI=true STAGEHAND_CHROMIUM=no-such-chromium
                           EXPECT "^FAIL: CI=true but no-such-chromium is missing"
                           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/timeline/check_timeline.py
                                   $<TARGET_FILE:stagehand> handshake ${output_dir}/timeline-without-chromium
                                   ${CMAKE_CROSSCOMPILING_EMULATOR})
endif()
# The packaging test with no dpkg tools on PATH (a script's find_program
# searches PATH only; cmake and cpack are called by their full paths).
if(CMAKE_HOST_SYSTEM_NAME STREQUAL "Linux" AND NOT WIN32)
  file(MAKE_DIRECTORY ${output_dir}/empty-path)
  missing_tool_fails_in_ci(packages_without_dpkg_fail ENV CI=true PATH=${output_dir}/empty-path
                           EXPECT "^  CI=true but dpkg-deb is missing, so"
                           COMMAND ${CMAKE_COMMAND} -DCPACK=${CMAKE_CPACK_COMMAND}
                                   -DCONFIG=${PROJECT_BINARY_DIR}/CPackConfig.cmake -DOUT=${output_dir}/package-without-dpkg
                                   -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/CheckPackage.cmake)
endif()

# Every kind of name an author writes, misspelt, gives its "did you mean" in
# play and in --check (issue 45): tests/scripts/did_you_mean/KIND.lua, the
# name it should offer, and for a name given on the command line its flag.
# A kind that offers nothing yet is a gap, held both ways (DidYouMean.cmake's
# GAP): a language code (--lang) lists the known ones but guesses none, as
# the language list (src/lang) has no Lua state to ask closestName.
set(did_you_mean_gaps "language")
foreach(case "actor|jackie" "waypoint|forest.jackie_stop" "map|forest" "picture|keeper" "sound|thunder"
             "signal|door opened" "story_target|ending" "markup_tag|{wave}" "language|fr|--lang|fe")
  string(REPLACE "|" ";" parts "${case}")
  list(GET parts 0 kind)
  list(GET parts 1 guess)
  list(LENGTH parts n)
  set(extra "")
  set(where "")
  set(script tests/scripts/did_you_mean/${kind}.lua)
  if(n GREATER 2)
    list(SUBLIST parts 2 -1 flag)
    string(REPLACE ";" "|" extra "${flag}")
    set(where command)
    set(script scripts/Demo.lua)
  endif()
  set(gap "")
  if(kind IN_LIST did_you_mean_gaps)
    set(gap "unknown language 'fe' \\(known: en, ar, fr")
  endif()
  foreach(mode play check)
    add_test(NAME did_you_mean_${kind}_in_${mode}
             COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                     -DWORKDIR=${PROJECT_SOURCE_DIR} -DSCRIPT=${script} -DMODE=${mode} "-DGUESS=${guess}"
                     -DWHERE=${where} "-DARGS=${extra}" "-DGAP=${gap}"
                     -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/DidYouMean.cmake)
  endforeach()
endforeach()

# A loop of calls into C is stopped by the calls it made, as fast as a loop in Lua (issue 59): fewer than
# 10^5 calls (each is charged 1000 instructions of the 10^8 budget), where the clock's backstop let millions run.
# (Any line of the loop, its head too: where the budget runs out moves with the instructions the host spends first.)
output_test(cli_a_loop_of_calls_into_c_is_stopped_by_its_calls EXIT 1
            STDERR "^tests/scripts/c_call_loop.lua:1[345]: watchdog: ran for more than 1 s without waiting; stopped"
            STDOUT "print text=\"calls before the stop: [0-9][0-9]?[0-9]?[0-9]?[0-9]?\""
            ARGS --headless --script tests/scripts/c_call_loop.lua --seconds 1)
# game.json's mistakes cost only themselves: play says each in one line, the file first, and plays on;
# what they lost makes a headless run exit 1 (issue 59); --check lists them.
output_test(cli_game_json_mistakes_are_lines_and_the_game_plays EXIT 1
            STDERR "^tests/games/misdescribed/game.json: unknown field \"icn\" \\(fields: title,"
            STDOUT "text text=\"It plays\\.\""
            ARGS tests/games/misdescribed --headless --seconds 3)
output_test(cli_check_lists_game_json_mistakes EXIT 1 STDERR ""
            STDOUT "game.json: unknown field \"icn\".*game.json: no font file 'Nowhere.ttf'"
            ARGS tests/games/misdescribed --check)

# --- A story of chapters (issue 61) ---------------------------------------------
# With no --scene, a headless run plays the story from its first chapter to its last; a choice in the
# lighthouse reaches the harbour two chapters later (flags carry), whichever ending was chosen.
output_test(cli_story_from_start_carries_the_lighthouse_ending_to_the_harbour EXIT 0 STDERR ""
            STDOUT "scene_start scene=\"conversation\" chapter=1\n.*text speaker=\"pell\" text=\"Up at the lighthouse, were you\\?.*scene_start scene=\"clocktower\" chapter=7\n.*story_end status=\"done\" chapters=7\n$"
            ARGS --headless --choose 2,3,1,1,1)
output_test(cli_story_from_start_carries_the_other_ending_to_the_harbour EXIT 0 STDERR ""
            STDOUT "text speaker=\"pell\" text=\"And if that's for the harbour master's report"
            ARGS --headless --choose 2,3,2,1,1)
output_test(cli_a_chapter_played_alone_knows_nothing_of_the_lighthouse EXIT 0 STDERR ""
            STDOUT "text speaker=\"pell\" text=\"Whoever trimmed that lamp saved my neck"
            ARGS --headless --scene harbour --replay tests/replays/harbour_walk_to_pell.txt)
# A game in three files (tests/games/ferry: main.lua, people.lua, chapters/): it checks clean and plays
# through both chapters headless, the first one's choice changing the second's line.
output_test(cli_game_in_three_files_checks_clean EXIT 0 STDERR "" STDOUT "^$" ARGS tests/games/ferry --check)
output_test(cli_game_in_three_files_plays_every_chapter EXIT 0 STDERR ""
            STDOUT "scene_start scene=\"landing\" chapter=2\n.*text speaker=\"george\" text=\"You saw the lights before I did"
            ARGS tests/games/ferry --headless --choose 2)
# --explore names the line no path shows (people.lua's unused function) at its own file.
output_test(cli_game_in_three_files_explores_every_file EXIT 0 STDERR ""
            STDOUT "scene landing: 1 path.*line never shown: tests/games/ferry/people.lua:13: text \"A line no chapter shows.\""
            ARGS tests/games/ferry --explore)
