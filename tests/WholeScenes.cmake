# Every demo scene pinned whole, in every language it ships (issue 45).
#
# The other tests check rules one at a time: a rule nobody wrote down is held
# by none of them. These hold everything a scene does at once, so a break in
# any part a scene uses shows up as a difference, whoever thought of it:
#  - its events (--headless --json: who walks where and arrives when, every
#    line, page, menu, cue, sound and wait, each at its time) in en, fr, ar, ja
#    and zh, byte for byte: tests/golden/whole/SCENE.LANG.jsonl;
#  - its sound (--audio), the same bytes: tests/golden/whole/SCENE.audio.sha256,
#    one line per platform (the Vorbis decoders differ);
#  - its pictures: frames at three moments in English and one in each other
#    language (each a moment a line is being typed: a quarter, three fifths
#    and nine tenths of the way through the scene's lines), a menu open and the
#    end card in every language: tests/golden/whole/frames/.
# They are goldens, so a change made on purpose changes them: look at what
# changed (the .actual file beside a transcript, the PNG in the build folder
# beside a frame), then write them again with
#   UPDATE_GOLDEN=1 ctest --test-dir build/lua51 -R whole_
# (and for a sound's Windows line, the same under tools/check-windows.sh's build).
#
# A frame's tolerance is tighter than cli_screenshot_matches_the_expected_frame's
# (tests/OutputChecks.cmake), because these frames are compared on machines of
# one kind, llvmpipe or wine's own: a mean difference of 0.25 of a level and at
# most 0.02% of the pixels (46 at 640x360) off by more than 48 levels. The
# builds that run them (lua51, luajit, ASan, clang with libc++, Windows under
# wine) drew every frame within that, measured when the goldens were written
# (tests/golden/whole/README.md). One glyph drawn otherwise is about 40-80
# pixels.
set(whole_golden ${CMAKE_CURRENT_SOURCE_DIR}/golden/whole)
set(whole_out ${CMAKE_CURRENT_BINARY_DIR}/whole)

# How each scene is played with no player: the answers its menus get, or the
# input file that walks the harbour's free walk.
set(whole_play_conversation "")
set(whole_play_openingScene "")
set(whole_play_handshake "")
set(whole_play_lighthouse "--choose|2,3,1")
set(whole_play_harbour "--replay|tests/replays/harbour_walk_to_pell.txt")
set(whole_play_cove "--choose|1")
set(whole_play_clocktower "")
set(whole_languages en fr ar ja zh)

function(whole_scene_events scene)
  string(REPLACE "|" ";" play "${whole_play_${scene}}")
  list(LENGTH play play_length)
  set(choose "")
  set(replay "")
  if(play_length EQUAL 2)
    list(GET play 0 option)
    list(GET play 1 value)
    if(option STREQUAL "--choose")
      set(choose ${value})
    else()
      set(replay ${value})
    endif()
  endif()
  foreach(language IN LISTS whole_languages)
    add_test(NAME whole_${scene}_${language}_events
             COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                     -DSCENE=${scene} -DSECONDS=120 -DSEED=1 -DJSON=1 -DLANGUAGE=${language} -DCHOOSE=${choose}
                     -DREPLAY=${replay} -DGOLDEN=${whole_golden}/${scene}.${language}.jsonl
                     -DWORKDIR=${PROJECT_SOURCE_DIR} -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/CompareTranscript.cmake)
  endforeach()
  add_test(NAME whole_${scene}_sound
           COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                   -DWAV=${whole_out}/${scene}.wav "-DARGS=--scene|${scene}|--seconds|120|--seed|1|${whole_play_${scene}}"
                   -DGOLDEN=${whole_golden}/${scene}.audio.sha256 -DPLATFORM=${CMAKE_SYSTEM_NAME}
                   -DWORKDIR=${PROJECT_SOURCE_DIR} -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/CompareAudio.cmake)
endfunction()

# NAME's frames of SCENE in LANGUAGE at TIMES (a ;-list), played with PLAY.
function(whole_frames name scene language times play)
  string(REPLACE ";" "|" times "${times}")
  add_test(NAME whole_${name}_frames
           COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                   -DCHECKER=${output_check} -DOUT_DIR=${whole_out}/frames -DGOLDEN_DIR=${whole_golden}/frames
                   -DNAME=${name} -DSCENE=${scene} -DLANGUAGE=${language} -DTIMES=${times} "-DEXTRA=${play}"
                   -DSIZE=640x360 -DMAX_MEAN_DIFF=0.25 -DMAX_DIFFERING_FRACTION=0.0002
                   -DWORKDIR=${PROJECT_SOURCE_DIR} -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/CheckFrames.cmake)
  set_tests_properties(whole_${name}_frames PROPERTIES ENVIRONMENT "${render_env}")
endfunction()
function(whole_scene_frames scene language times)
  whole_frames(${scene}_${language} ${scene} ${language} "${times}" "${whole_play_${scene}}")
endfunction()

foreach(scene conversation openingScene handshake lighthouse harbour cove clocktower)
  whole_scene_events(${scene})
endforeach()

# The moments: each is 0.45 s after a line starts, so the line is being typed.
whole_scene_frames(conversation en "6.05;11.65;17.25")  # the scene ends at 24.22 s
whole_scene_frames(conversation fr "11.65")
whole_scene_frames(conversation ar "11.65")
whole_scene_frames(conversation ja "11.65")
whole_scene_frames(conversation zh "11.65")
whole_scene_frames(openingScene en "8.38;11.97;14.77")  # ends at 18.58 s
whole_scene_frames(openingScene fr "13.0")  # 20.42 s
whole_scene_frames(openingScene ar "11.8")  # 16.82 s
whole_scene_frames(openingScene ja "9.97")  # 14.12 s
whole_scene_frames(openingScene zh "8.87")  # 12.22 s
whole_scene_frames(handshake en "4.72;7.23;8.73")  # ends at 12.8 s
whole_scene_frames(handshake fr "7.23")
whole_scene_frames(handshake ar "7.23")
whole_scene_frames(handshake ja "7.23")
whole_scene_frames(handshake zh "7.23")
whole_scene_frames(lighthouse en "8.0;16.45;23.6")  # ends at 26.03 s
whole_scene_frames(lighthouse fr "18.02")  # 28.45 s
whole_scene_frames(lighthouse ar "15.82")  # 23.13 s
whole_scene_frames(lighthouse ja "11.72")  # 16.52 s
whole_scene_frames(lighthouse zh "10.35")  # 14.07 s
whole_scene_frames(harbour en "2.45;9.25;10.13")  # ends at 10.85 s
whole_scene_frames(harbour fr "9.25")
whole_scene_frames(harbour ar "9.25")
whole_scene_frames(harbour ja "9.25")
whole_scene_frames(harbour zh "9.25")
whole_scene_frames(cove en "13.95;28.2;48.05")  # ends at 54.95 s
whole_scene_frames(cove fr "30.2")  # 60.08 s
whole_scene_frames(cove ar "25.62")  # 52.52 s
whole_scene_frames(cove ja "20.45")  # 38.03 s
whole_scene_frames(cove zh "19.23")  # 34.63 s
whole_scene_frames(clocktower en "12.33;22.92;31.88")  # ends at 38.25 s
whole_scene_frames(clocktower fr "26.63")  # 42.5 s
whole_scene_frames(clocktower ar "21.47")  # 36.33 s
whole_scene_frames(clocktower ja "13.92")  # 26.0 s
whole_scene_frames(clocktower zh "11.1")  # 21.87 s
# The lighthouse's first menu, left open (no answer given), and the end card
# after the conversation, in every language.
foreach(language IN LISTS whole_languages)
  whole_frames(lighthouse_menu_${language} lighthouse ${language} "6" "")
  whole_frames(end_card_${language} conversation ${language} "26" "")
endforeach()
