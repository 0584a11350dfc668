# Checks that the README and the docs say what the program does. Included at
# the end of tests/CMakeLists.txt, so CMAKE_CURRENT_SOURCE_DIR is tests/.

# Every option `stagehand --help` lists for a mode is in docs/COMMANDS.md's
# synopsis of that mode, and no other (tests/cmake/ReadmeSynopses.cmake).
add_test(NAME readme_synopses_match_help
         COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                 -DDOC=${PROJECT_SOURCE_DIR}/docs/COMMANDS.md -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/ReadmeSynopses.cmake)

# Every link in the README and the docs names a file of the repository (and a
# heading, for a page's #anchor), and no page names a path of one machine
# (tests/cmake/DocLinks.cmake).
add_test(NAME docs_links_lead_somewhere
         COMMAND ${CMAKE_COMMAND} -DROOT=${PROJECT_SOURCE_DIR} -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/DocLinks.cmake)

# src/app/'s rooms hold what docs/LAYOUT.md says: each file in run/, window/ or
# author/, no include across them but into run/, and every file in "Every file"
# (tests/cmake/AppRooms.cmake).
add_test(NAME app_rooms_keep_to_their_includes
         COMMAND ${CMAKE_COMMAND} -DROOT=${PROJECT_SOURCE_DIR} -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/AppRooms.cmake)
