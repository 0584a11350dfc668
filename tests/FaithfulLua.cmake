# Issue 25's guarantees that hold for the engine as a whole, on both VMs.
# Included at the end of tests/CMakeLists.txt.

# A script at a path longer than either VM keeps of a chunk name: the same
# transcript (process names, error lines) on PUC Lua and LuaJIT.
add_test(NAME golden_long_script_path
         COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                 -DSCENE=main -DSECONDS=5 -DSEED=1 -DEXPECT_EXIT=1
                 -DSCRIPT=tests/scripts/a_folder_whose_name_pushes_the_script_path_past_what_lua_keeps/long_path_scene.lua
                 -DGOLDEN=${CMAKE_CURRENT_SOURCE_DIR}/golden/long_script_path.txt
                 -DWORKDIR=${PROJECT_SOURCE_DIR} -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/CompareTranscript.cmake)

# Text handed to the stage keeps every byte: a NUL and a malformed byte show
# as U+FFFD and what follows them is kept.
add_test(NAME cli_text_keeps_the_bytes_after_a_nul
         COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                 -DEXPECT_EXIT=0 "-DEXPECT_STDERR="
                 "-DARGS=--headless|--script|tests/scripts/text_bytes.lua|--scene|bytes"
                 "-DEXPECT_STDOUT=say actor=\"bob\" text=\"before�after\".*print text=\"bad � byte\\\\ttab\""
                 -DWORKDIR=${PROJECT_SOURCE_DIR} -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/RunCli.cmake)

# A text too long for the stage is refused at the author's line, on both VMs
# (LuaJIT's strings would not count the host's copy against --memory-limit).
cli_test(a_huge_text_is_refused_at_its_line 1
         "text_bytes.lua:10: say: text is 2097152 bytes; a text may be at most 1048576 bytes"
         --headless --script tests/scripts/text_bytes.lua --scene huge)

# The limit itself: a text of exactly 1 MiB is taken, one byte more is refused.
add_test(NAME cli_a_text_of_exactly_1_mib_is_taken_and_one_byte_more_refused
         COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                 -DEXPECT_EXIT=0 "-DEXPECT_STDERR="
                 "-DARGS=--headless|--script|tests/scripts/text_bytes.lua|--scene|edge"
                 "-DEXPECT_STDOUT=print text=\"at the limit\\\\ttrue\\\\tone past\\\\tfalse\\\\t[^\"]*say: text is 1048577 bytes; a text may be at most 1048576 bytes"
                 -DWORKDIR=${PROJECT_SOURCE_DIR} -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/RunCli.cmake)

# A load-time error object (error({}) in the main chunk) is reported at its
# file:line, not as a bare "(error object is a table value)".
cli_test(load_time_error_object_names_its_line 2
         "tests/scripts/load_error_object.lua:3: \\(error object is a table value\\)"
         --headless --script tests/scripts/load_error_object.lua)
# A malformed SCENES is named as such (it gave "unknown scene ''").
cli_test(malformed_scene_list_is_named 2
         "tests/scripts/scenes_with_a_number.lua:4: SCENES\\[2\\] is a number, not a scene name"
         --headless --script tests/scripts/scenes_with_a_number.lua)

# processes() lists the scene's own processes, never the stage library's
# runner (a scene that cancelled everything listed would end its story).
add_test(NAME cli_processes_leaves_out_the_library_runner
         COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                 -DEXPECT_EXIT=0 "-DEXPECT_STDERR="
                 "-DARGS=--headless|--script|tests/scripts/process_list.lua|--seconds|2"
                 "-DEXPECT_STDOUT=print text=\"listed: main, helper\".*print text=\"the story went on\""
                 -DWORKDIR=${PROJECT_SOURCE_DIR} -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/RunCli.cmake)

# A scene under a 200-character path: every message names its file:line
# whole (never ".../tail"), and each one opens (tests/cmake/LongPath.cmake).
add_test(NAME cli_a_200_character_path_is_named_whole_in_every_message
         COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                 "-DLUA=${STAGEHAND_PLAIN_LUA}" -DOUT=${CMAKE_CURRENT_BINARY_DIR}/long-path
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/LongPath.cmake)
