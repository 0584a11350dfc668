# The window seen from outside (issue 59): tools/soak-window.sh's short form.
# Two scenes of this build's stagehand, ten seconds each (captures at 4, 6.5
# and 9 s: on a machine at load 10 a first frame took up to 3.8 s, and a
# sanitized build is slower), each on a fresh Xvfb with no compile beside
# it: each must put an X11 window of its own
# process on the display, and one of its three captures must be lit. Frames
# drawn are not enough: a start that fell back on SDL's offscreen driver draws
# them with no window. The full soak (every scene, 60 s, a compile beside it,
# --runs 3) is run by hand: bench/RESULTS.md.
#
# X11 only, so not on the Windows build under wine nor the web build. The
# tools are looked for at configure: missing, they leave the tests out with a
# warning, and fail the configure in CI (cmake/MissingTools.cmake).
if(CMAKE_HOST_SYSTEM_NAME STREQUAL "Linux" AND NOT CMAKE_CROSSCOMPILING AND NOT EMSCRIPTEN)
  find_program(STAGEHAND_BASH bash)
  find_program(STAGEHAND_XVFB Xvfb)
  find_program(STAGEHAND_XDOTOOL xdotool)
  find_program(STAGEHAND_XWD xwd)
  if(STAGEHAND_BASH AND STAGEHAND_XVFB AND STAGEHAND_XDOTOOL AND STAGEHAND_XWD AND Python3_Interpreter_FOUND)
    # What the window shows, not its memory: a sanitized build's shadow memory
    # takes it past the soak's 300 MB (419 MB seen); the full soak by hand checks memory.
    set(soak ${STAGEHAND_BASH} ${PROJECT_SOURCE_DIR}/tools/soak-window.sh --game $<TARGET_FILE:stagehand> --quiet-machine
             --max-mb 0)
    # The map-drawn demo and the scene in pictures of its own.
    add_test(NAME window_soak_shows_a_lit_window_of_its_own
             COMMAND ${soak} --seconds 10 conversation clocktower
             WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    # SDL_VIDEODRIVER empty: the driver is the game's own choice, whatever ctest's environment says.
    set_tests_properties(window_soak_shows_a_lit_window_of_its_own PROPERTIES ENVIRONMENT "SDL_VIDEODRIVER="
                         TIMEOUT 120)
    # The check can fail: a game on the offscreen driver draws its frames but
    # shows no window, and the soak says so by scene.
    add_test(NAME window_soak_fails_a_run_with_no_window
             COMMAND ${soak} --seconds 3 conversation
             WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    set_tests_properties(window_soak_fails_a_run_with_no_window PROPERTIES ENVIRONMENT "SDL_VIDEODRIVER=offscreen"
                         PASS_REGULAR_EXPRESSION "soak-window: FAIL conversation: no X11 window of the game's process"
                         TIMEOUT 120)
  else()
    stagehand_missing_tool("Xvfb, xdotool, xwd or python3 (Debian's xvfb, xdotool, x11-apps, python3)"
                           "the window soak tests (tests/cmake/WindowSoak.cmake)")
  endif()
endif()
