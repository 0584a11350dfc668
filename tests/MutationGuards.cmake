# Command-line checks the mutation check (tools/mutation-check.sh,
# docs/TESTING.md) found missing: each names the mutations of
# tools/mutations.txt it kills. Included at the end of tests/CMakeLists.txt.
#
# This file is also the script of the --screenshot check: run with
# `cmake -P` (CMAKE_SCRIPT_MODE_FILE is set then), it runs EXE and checks the
# PNG it says it wrote is there; RunCli.cmake sees only exit status and text.

if(CMAKE_SCRIPT_MODE_FILE)
  # A file left by an earlier run must not pass for this run's.
  file(REMOVE "${OUT}")
  execute_process(COMMAND ${EMULATOR} ${EXE} --screenshot ${OUT} --at 3 --scene conversation --size 320x180
                  WORKING_DIRECTORY ${WORKDIR} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status
                  TIMEOUT 60)
  if(NOT status STREQUAL "0")
    message(FATAL_ERROR "expected exit 0, got '${status}'\nstdout:\n${out}\nstderr:\n${err}")
  endif()
  if(NOT EXISTS "${OUT}")
    message(FATAL_ERROR "--screenshot wrote no ${OUT}; it said:\n${out}")
  endif()
  file(READ "${OUT}" signature LIMIT 8 HEX)
  if(NOT signature STREQUAL "89504e470d0a1a0a")
    message(FATAL_ERROR "${OUT} is not a PNG (it starts with ${signature})")
  endif()
else()
  # Kills list-scenes-prints-nothing: one line per scene of the demo.
  add_test(NAME cli_guard_list_scenes_names_every_scene
           COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                   -DEXPECT_EXIT=0 "-DEXPECT_STDERR=" "-DARGS=--list-scenes" -DWORKDIR=${PROJECT_SOURCE_DIR}
                   "-DEXPECT_STDOUT=conversation.*openingScene.*handshake.*lighthouse.*harbour"
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/RunCli.cmake)

  # Kills screenshot-writes-no-file.
  add_test(NAME cli_guard_screenshot_writes_a_png
           COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                   -DOUT=${CMAKE_CURRENT_BINARY_DIR}/guard_screenshot.png -DWORKDIR=${PROJECT_SOURCE_DIR}
                   -P ${CMAKE_CURRENT_LIST_FILE})
  set_tests_properties(cli_guard_screenshot_writes_a_png PROPERTIES ENVIRONMENT "${render_env}")

  # Kills default-watchdog-30s: with no --watchdog the budget is 1 s.
  cli_test(guard_default_watchdog_is_1_s 1
           "guard_runaway.lua:4: watchdog: ran for more than 1 s without waiting"
           --headless --script tests/scripts/guard_runaway.lua --scene runaway --seconds 5)
  # Kills watchdog-option-ignored: --watchdog sets the budget.
  cli_test(guard_watchdog_option_sets_the_budget 1
           "guard_runaway.lua:4: watchdog: ran for more than 0.05 s without waiting"
           --headless --script tests/scripts/guard_runaway.lua --scene runaway --seconds 5 --watchdog 0.05)

  # Kills headless-watchdog-budget-twenty-times: headless, --watchdog 0.01 is
  # 10^6 VM instructions, a few hundred thousand turns of a counting loop
  # (not millions), the same on every run.
  add_test(NAME cli_guard_headless_watchdog_counts_its_budget_in_instructions
           COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                   -DEXPECT_EXIT=1 "-DEXPECT_STDERR=guard_budget.lua:8: watchdog: ran for more than 0.01 s"
                   "-DARGS=--headless|--script|tests/scripts/guard_budget.lua|--scene|counted|--watchdog|0.01"
                   -DWORKDIR=${PROJECT_SOURCE_DIR} "-DEXPECT_STDOUT=ran [1-9][0-9][0-9][0-9][0-9][0-9] turns"
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/RunCli.cmake)

  # Kills memory-limit-ignored and memory-limit-not-passed-on: a 64 MiB string
  # fails under --memory-limit 16 and is fine under the default 512.
  cli_test(guard_memory_limit_refuses_what_passes_it 1 "guard_memory.lua:[0-9]+: not enough memory"
           --headless --script tests/scripts/guard_memory.lua --scene bigString --memory-limit 16)
  add_test(NAME cli_guard_default_memory_limit_allows_64_mb
           COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                   -DEXPECT_EXIT=0 "-DEXPECT_STDERR="
                   "-DARGS=--headless|--script|tests/scripts/guard_memory.lua|--scene|bigString"
                   -DWORKDIR=${PROJECT_SOURCE_DIR} "-DEXPECT_STDOUT=held 67108864 bytes"
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/RunCli.cmake)
endif()
