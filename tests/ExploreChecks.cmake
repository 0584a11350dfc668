# `stagehand --explore`: the demo and every example must explore clean (exit
# 0: no error and no hang on any path), and each kind of finding in
# tests/scripts/explore_branches.lua must be reported with its exact line.
function(explore_test name expected_exit stdout_regex)  # output_test (OutputChecks.cmake) with --explore
  output_test(explore_${name} EXIT ${expected_exit} STDERR "" STDOUT "${stdout_regex}" ARGS --explore ${ARGN})
endfunction()

explore_test(demo 0 "explored 7 scenes: [0-9]+ paths, 0 errors, 0 hangs")
file(GLOB explore_examples RELATIVE ${PROJECT_SOURCE_DIR} ${PROJECT_SOURCE_DIR}/scripts/examples/*.lua)
foreach(example IN LISTS explore_examples)
  get_filename_component(example_name "${example}" NAME_WE)
  explore_test(example_${example_name} 0 "explored [0-9]+ scenes?: [0-9]+ paths?, 0 errors, 0 hangs" --script ${example})
endforeach()

# The walker stands in for the player: the harbour's "walk up to Pell" ends
# and both answers of Pell's menu are reached.
explore_test(walker_reaches_pell 0 "scene harbour: 2 paths [^\n]*\n  path 1: done at [0-9.]+ s\n  path 2: done at"
             --scene harbour)

set(branches tests/scripts/explore_branches.lua)
explore_test(reports_an_option_never_offered 0
             "\n  option never offered: ${branches}:14: \"Take the secret door.\" \\(in secretDoor\\)\n"
             --script ${branches} --scene secretDoor)
explore_test(reports_an_error_on_one_branch 1
             "\n  path 1: done at [0-9.]+ s\n  path 2: failed at [0-9.]+ s\n  error on path 2: ${branches}:35: the cup is cracked\n"
             --script ${branches} --scene brokenBranch)
explore_test(reports_a_hang_on_one_branch 1
             "\n  path 1: done at [0-9.]+ s\n  path 2: stuck at [0-9.]+ s\n  hang on path 2: ${branches}:51: stuckBranch_yes is stuck waiting on signal bell rung\n"
             --script ${branches} --scene stuckBranch)
explore_test(reports_a_possible_hang_at_the_time_limit 1
             "\n  path 2: stuck at 5.00 s\n  hang on path 2: ${branches}:84: tideBranch_yes may be stuck waiting on signal tide turns\n"
             --script ${branches} --scene tideBranch --seconds 5)
explore_test(reports_a_line_never_shown 0
             "\n  line never shown: ${branches}:58: dialogue \"Is anyone there\\?\" \\(in quietLine\\)\n"
             --script ${branches} --scene quietLine)
explore_test(walks_flag_sets_the_random_walks 0 "scene lighthouse: [0-9]+ paths \\(every menu path, then 5 random walks: [0-9]+ new\\)"
             --scene lighthouse --explore-walks 5 --seed 7)
# The defaults, left out: 20 random walks, and 60 s of scene time a run (the tide waits for ever).
explore_test(walks_default_to_twenty 0
             "scene lighthouse: [0-9]+ paths \\(every menu path, then 20 random walks: [0-9]+ new\\)" --scene lighthouse)
explore_test(a_run_lasts_60_seconds_by_default 1 "\n  path 2: stuck at 60.00 s\n" --script ${branches} --scene tideBranch)
# --explore-paths N at a scene's own number of paths and one either side: the limit is the runs played.
set(three_ways tests/scripts/explore_three_ways.lua)
foreach(limit_and_report IN ITEMS "2|2 paths \\(the first 2 runs of more menu paths" "3|3 paths \\(every menu path"
                                   "4|3 paths \\(every menu path" "0|0 paths \\(the first 0 runs of more menu paths")
  string(REPLACE "|" ";" pair "${limit_and_report}")
  list(GET pair 0 limit)
  list(GET pair 1 report)
  explore_test(paths_limit_${limit}_of_three 0 "scene pick: ${report}" --script ${three_ways} --explore-paths ${limit}
               --explore-walks 0)
endforeach()
cli_test(explore_paths_needs_a_whole_number 2 "--explore-paths needs a whole number from 0 to 100000, not 'many'"
         --explore --explore-paths many)

if(TARGET stagehand_output_check)  # made by OutputChecks.cmake
  add_test(NAME explore_json_lines_are_strict
           COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                   -DCHECKER=$<TARGET_FILE:stagehand_output_check> -DOUT=${CMAKE_CURRENT_BINARY_DIR}/explore_branches.jsonl
                   "-DARGS=--explore|--script|${branches}" -DEXPECT_EXIT=1
                   "-DREQUIRE_EVENTS=explore_scene|explore_path|explore_error|explore_hang|explore_never_offered|explore_never_shown|explore_summary"
                   -DWORKDIR=${PROJECT_SOURCE_DIR} -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/CheckJsonLines.cmake)
endif()

# The same script and seed give the same report, byte for byte, on both VMs
# (but for the wall-clock seconds): the paths, the random walks and the findings.
function(explore_golden name golden expected_exit)
  string(REPLACE ";" "|" joined_args "${ARGN}")
  add_test(NAME explore_golden_${name}
           COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                   -DEXPECT_EXIT=${expected_exit} "-DARGS=${joined_args}" -DGOLDEN=${CMAKE_CURRENT_SOURCE_DIR}/golden/${golden}
                   -DWORKDIR=${PROJECT_SOURCE_DIR} -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/CompareExplore.cmake)
endfunction()
explore_golden(branches explore_branches_seed3.jsonl 1 --script ${branches} --explore-walks 5 --seed 3)
explore_golden(lighthouse_walks explore_lighthouse_seed3.jsonl 0 --scene lighthouse --explore-walks 8 --seed 3)
# Every call that shows a line (the script names them; ApiDescription's test holds it to the list): none unseen.
explore_test(counts_every_way_to_show_a_line_as_shown 0
             "explored 1 scene: 1 path, 0 errors, 0 hangs, 0 options never offered, 0 lines never shown;"
             --script tests/scripts/explore_every_way_to_show.lua)
