# String tables on the command line (issue 28): tests/lang/Greeting.lua with
# its French table played headless, an unknown --lang, a malformed table,
# the pseudo-language, and extract -> merge on a copy (tests/cmake/StringsTool.cmake).
# Included at the end of tests/CMakeLists.txt, after OutputChecks.cmake (output_test).

# Every kind of line in French where the table has it, English where it has
# none (an empty text, a missing row), the IDs kept, the language said once.
output_test(cli_lang_headless_transcript_in_french EXIT 0 STDERR ""
            STDOUT_FILE ${CMAKE_CURRENT_SOURCE_DIR}/golden/lang_greeting_fr.txt
            ARGS --headless --script tests/lang/Greeting.lua --lang fr --choose 1)
output_test(cli_lang_unknown_lists_the_known_languages EXIT 2
            STDERR "^stagehand: unknown language 'xx' \\(known: en, fr, pseudo\\)"
            ARGS --headless --script tests/lang/Greeting.lua --lang xx)
output_test(cli_lang_unknown_in_a_screenshot_too EXIT 2 STDERR "^stagehand: unknown language 'de' \\(known: en, fr, pseudo\\)"
            ARGS --screenshot never-written.png --at 1 --script tests/lang/Greeting.lua --lang de)
# A bad row costs that row (issue 59): one line naming it, the good rows play in French, and what was
# lost makes the headless run exit 1.
output_test(cli_lang_a_bad_row_costs_only_that_row EXIT 1
            STDERR "^tests/lang/strings/Broken.fr.csv:3: this row has 3 columns, the header has 7 .*; the row is left out \\(its line is shown in the source language\\)$"
            STDOUT "line speaker=\"jackie\" text=\"Toujours en anglais.\" id=\"broken.one\""
            ARGS --headless --script tests/lang/Broken.lua --lang fr)
output_test(cli_lang_pseudo_is_bracketed_and_accented EXIT 0 STDERR ""
            STDOUT "scene_start scene=\"greeting\" lang=\"pseudo\".*line speaker=\"jackie\" text=\"\\[Ĝöö[^\"]*ð ɱöö[^\"]*ĝ\\.~*\\]\" id=\"greet.morning\""
            ARGS --headless --script tests/lang/Greeting.lua --lang pseudo --choose 1)
output_test(cli_strings_merge_needs_a_language EXIT 2 STDERR "^stagehand: --strings merge needs --lang CODE"
            ARGS --strings merge --script tests/lang/Greeting.lua)

add_test(NAME cli_strings_extract_then_merge_keeps_translations_and_marks_stale
         COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                 -DSOURCE=${PROJECT_SOURCE_DIR} -DOUT=${CMAKE_CURRENT_BINARY_DIR}/strings-tool
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/StringsTool.cmake)

# --check reads every table beside the script: a missing row, an empty text, a
# stale row, a lost signal, bad markup and an ID no longer in the script, each at
# its table's file:line (the missing row at the table) with its ID; exit 1.
output_test(cli_check_reports_missing_stale_and_changed_translations EXIT 1 STDERR ""
            STDOUT_FILE ${CMAKE_CURRENT_SOURCE_DIR}/golden/lang_check.txt
            ARGS --check --script tests/lang/Checked.lua)
# What the retired tools/string-tables.lua checked and the engine now does: a
# translation keeps its source's timing tags and a line()'s values, and the source
# table (Kept.en.csv) is the script's lines as they are.
output_test(cli_check_reports_lost_timing_tags_renamed_values_and_an_old_source_table EXIT 1 STDERR ""
            STDOUT_FILE ${CMAKE_CURRENT_SOURCE_DIR}/golden/lang_check_kept.txt
            ARGS --check --script tests/lang/Kept.lua)
# Every line the scene shows in French that can be: the rest in English, with one warning each.
output_test(cli_lang_a_lost_signal_shows_the_source_and_the_scene_goes_on EXIT 0
            STDERR "^tests/lang/strings/Checked.fr.csv:5: line ID 'c.tags': the translation lost {signal=bell}"
            STDOUT "text=\"Tout va bien.\".*text=\"Modifiée depuis.\".*text=\"Listen now.\".*signal signal=\"bell\".*scene_end scene=\"checked\" status=\"done\""
            ARGS --headless --script tests/lang/Checked.lua --lang fr)

# The overflow report lays every line out in its box without playing: in
# English tests/lang/Overflow.lua fits; the pseudo-language overflows the
# dialogue box with its two-line line; French (its table) the banner. Exit 1
# when a line overflows, 2 for an unknown language.
output_test(cli_overflow_report_in_english_finds_nothing EXIT 0 STDERR ""
            STDOUT "^0 of 5 lines overflow in en at 1280x720\n0 of [0-9]+ engine words overflow in en\n$"
            ARGS --overflow-report en --script tests/lang/Overflow.lua)
output_test(cli_overflow_report_finds_the_long_line_in_pseudo EXIT 1 STDERR ""
            STDOUT "^tests/lang/Overflow.lua:6: o.long: dialogue box \\(beside a portrait\\): the dialogue box is [0-9]+ tall, past its 150\n1 of 5 lines overflow in pseudo at 1280x720\n(pause|value|menu|story|end|history|save|notice|play)\\.[^\n]*\n"
            ARGS --overflow-report pseudo --script tests/lang/Overflow.lua)
output_test(cli_overflow_report_names_the_tables_row EXIT 1 STDERR ""
            STDOUT "^tests/lang/strings/Overflow.fr.csv:3: o.banner \\(tests/lang/Overflow.lua:10\\): banner: the banner is [0-9]+ wide, past the view's 1200\n1 of 5 lines overflow in fr"
            ARGS --overflow-report fr --script tests/lang/Overflow.lua)
output_test(cli_overflow_report_unknown_language EXIT 2 STDERR "^stagehand: unknown language 'de' \\(known: en, fr, pseudo\\)"
            ARGS --overflow-report de --script tests/lang/Overflow.lua)
# The engine's own words (menus, hints, notices: lang/EngineWords) fit their rooms in every language the
# demo ships, each measured as the screens draw it.
foreach(code fr ar ja zh)
  output_test(cli_overflow_report_engine_words_fit_in_${code} EXIT 0 STDERR ""
              STDOUT "\n0 of [0-9]+ engine words overflow in ${code}\n$"
              ARGS --overflow-report ${code})
  list(APPEND engine_word_reports cli_overflow_report_engine_words_fit_in_${code})
endforeach()
# German: the starter game's second language (scripts/starter/strings/main.de.csv).
output_test(cli_overflow_report_engine_words_fit_in_de EXIT 0 STDERR ""
            STDOUT "\n0 of [0-9]+ engine words overflow in de\n$"
            ARGS --overflow-report de --script scripts/starter/main.lua)
list(APPEND engine_word_reports cli_overflow_report_engine_words_fit_in_de)
# ...and plays in it with nothing on stderr: the engine's words have their German table. A language the
# engine has no table for (Esperanto in tests/lang/NoEngineTable.lua) shows them in English, quietly too.
output_test(cli_starter_plays_in_german_with_no_error EXIT 0 STDERR ""
            STDOUT "scene_end scene=\"arrival\" status=\"done\""
            ARGS --headless --script scripts/starter/main.lua --lang de --choose 1 --seconds 30)
output_test(cli_a_language_without_engine_words_plays_with_no_error EXIT 0 STDERR ""
            STDOUT "text text=\"Bonan matenon\\.\""
            ARGS --headless --script tests/lang/NoEngineTable.lua --lang eo --seconds 10)
# Each summary counts the lines listed above it, in every language of the test's script and the demo's,
# and the exit follows both: the starter game in pseudo is a report where only engine words overflow.
foreach(case "en;tests/lang/Overflow.lua" "fr;tests/lang/Overflow.lua" "pseudo;tests/lang/Overflow.lua" "pseudo;"
        "ar;" "ja;" "pseudo;scripts/starter/main.lua")
  list(GET case 0 code)
  list(GET case 1 script)
  set(name cli_overflow_report_counts_what_it_lists_${code}_${script})
  string(MAKE_C_IDENTIFIER "${name}" name)
  add_test(NAME ${name}
           COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                   -DLANGUAGE=${code} -DSCRIPT=${script} -DWORKDIR=${PROJECT_SOURCE_DIR}
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/OverflowCounts.cmake)
  list(APPEND engine_word_reports ${name})
endforeach()
set_tests_properties(cli_overflow_report_in_english_finds_nothing cli_overflow_report_finds_the_long_line_in_pseudo
                     cli_overflow_report_names_the_tables_row ${engine_word_reports}
                     PROPERTIES ENVIRONMENT "${render_env}")
