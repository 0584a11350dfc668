# Checks that the README says what the program does. Included at the end of
# tests/CMakeLists.txt, so CMAKE_CURRENT_SOURCE_DIR is tests/.

# Every option `stagehand --help` lists for a mode is in the README's synopsis
# of that mode, and no other (tests/cmake/ReadmeSynopses.cmake).
add_test(NAME readme_synopses_match_help
         COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                 -DREADME=${PROJECT_SOURCE_DIR}/README.md -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/ReadmeSynopses.cmake)
