# The conformance suite (issue 25): tests/conformance/*.lua, one file per area
# of Lua 5.1 (closures, calls, varargs, coroutines, tables, sort, metatables,
# errors, strings, patterns, math), checked twice:
#  - under plain Lua, with this build's VM (lua5.1 or luajit): run.lua runs
#    every area; always registered;
#  - inside a scene, with this build's stagehand: RunInScene.cmake pastes
#    checker.lua and one area into a generated scene script, one test per
#    area. The results must be the same as plain Lua's but for the
#    documented differences (the checks guarded by unsandboxed(reason)).
# Included at the end of tests/CMakeLists.txt.

set(conformance_dir ${CMAKE_CURRENT_LIST_DIR})
get_filename_component(conformance_root ${conformance_dir}/../.. ABSOLUTE)

# The areas: every .lua file here but the checker and the runner. run.lua
# names them too (a plain Lua run cannot list a folder), so a file missing
# from its list is refused here rather than silently skipped there.
file(GLOB conformance_files RELATIVE ${conformance_dir} CONFIGURE_DEPENDS ${conformance_dir}/*.lua)
list(REMOVE_ITEM conformance_files checker.lua run.lua)
file(READ ${conformance_dir}/run.lua conformance_runner)
set(conformance_areas "")
foreach(file IN LISTS conformance_files)
  string(REGEX REPLACE "\\.lua$" "" area "${file}")
  if(NOT conformance_runner MATCHES "\"${area}\"")
    message(FATAL_ERROR "tests/conformance/${file} is not in the AREAS list of tests/conformance/run.lua")
  endif()
  list(APPEND conformance_areas ${area})
endforeach()

# Under plain Lua, the VM this build uses (as the busted specs do).
find_program(STAGEHAND_CONFORMANCE_LUA ${STAGEHAND_LUA_EXE})
if(STAGEHAND_CONFORMANCE_LUA)
  add_test(NAME conformance_plain_${STAGEHAND_LUA}
           COMMAND ${STAGEHAND_CONFORMANCE_LUA} ${conformance_dir}/run.lua
           WORKING_DIRECTORY ${conformance_root})
else()
  stagehand_missing_tool("${STAGEHAND_LUA_EXE}" "the plain-Lua conformance test")
endif()

# Inside a scene, one test per area.
foreach(area IN LISTS conformance_areas)
  add_test(NAME conformance_scene_${area}
           COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:stagehand> "-DEMULATOR=${CMAKE_CROSSCOMPILING_EMULATOR}"
                   -DAREA=${area} -DOUT=${CMAKE_CURRENT_BINARY_DIR}/conformance -DWORKDIR=${conformance_root}
                   -P ${conformance_dir}/RunInScene.cmake)
endforeach()
