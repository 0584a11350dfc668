# Issue 30's window polish, headless side: a --replay runs to the end of its
# recording (tests/replays/late_page.txt turns its pages after 70 s, past the
# 60 s default), and an explicit --seconds that stops before it says so.
function(polish_test name expected_exit stderr_regex stdout_regex)  # output_test (OutputChecks.cmake)
  output_test(polish_${name} EXIT ${expected_exit} STDERR "${stderr_regex}" STDOUT "${stdout_regex}" ARGS ${ARGN})
endfunction()
polish_test(headless_replay_runs_to_the_end_of_the_recording 0 ""
            "70.02  text text=\"Turned at last.\"\n.*72.02  scene_end scene=\"latePage\" status=\"done\""
            --headless --script tests/scripts/late_page.lua --replay tests/replays/late_page.txt)
polish_test(seconds_before_the_recordings_end_is_said_in_one_line 0
            "stagehand: --seconds 30 stops before the end of tests/replays/late_page.txt \\(its last input is at 72 s\\)"
            "Take your time"
            --headless --script tests/scripts/late_page.lua --replay tests/replays/late_page.txt --seconds 30)

# The timeline of a real run: the failed process's error beside its end, and
# the wait the deadlock report named, drawn to the end and marked stuck.
add_test(NAME polish_timeline_shows_failures_and_stuck_waits
         COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                 -DOUT=${CMAKE_CURRENT_BINARY_DIR}/timeline_troubles.html -DEXPECT_EXIT=1
                 "-DARGS=--script|tests/scripts/timeline_troubles.lua"
                 "-DEXPECT=data-mark=\"failure\"[^>]*><title>failed: tests/scripts/timeline_troubles.lua:6: the rope snapped|class=\"wait stuck\" data-kind=\"signal\"|data-name=\"stagehand\"|>stuck waiting on signal curtain up</text>|class=\"stuck-mark\""
                 -DWORKDIR=${PROJECT_SOURCE_DIR} -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/CheckTimelineMarks.cmake)
