# What happens when a tool or library a test needs is missing. On a
# developer's machine the test is left out with a warning, so a partial setup
# still builds and tests what it can. In CI (the environment variable CI set
# to a true value: .ci/run sets it, hosted runners do too) every test must
# run, so a missing tool fails the configure, or the test script, with one line
# naming it, instead of quietly testing less. tools/*.sh and
# tests/timeline/check_timeline.py read CI the same way.
#
# stagehand_missing_tool(WHAT TESTS): WHAT is missing, which TESTS need.
function(stagehand_missing_tool what tests)
  # Spelled out rather than if("$ENV{CI}"): a cmake -P script without a
  # policy version would take "true" for a variable's name.
  string(TOLOWER "$ENV{CI}" ci)
  if(ci MATCHES "^(1|on|yes|true|y)$")
    message(FATAL_ERROR "CI=$ENV{CI} but ${what} is missing, so ${tests} would be left out (CI runs every test: install it)")
  else()
    message(WARNING "${what} not found: ${tests} are left out")
  endif()
endfunction()
