# Calls the missing-tool rule as tests/CMakeLists.txt does when busted is not
# found, for the tests of the rule in tests/OutputChecks.cmake.
include(${CMAKE_CURRENT_LIST_DIR}/../../cmake/MissingTools.cmake)
stagehand_missing_tool(busted "the Lua specs (spec/*.lua)")
message(STATUS "the configure goes on")
