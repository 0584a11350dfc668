# tools/generate-api.lua --check against a copy of the sources whose
# docs/API.md has one hand edit in a generated table: it must fail and name
# the file (else api_docs_and_meta_match_the_description could pass forever).
#   cmake -DLUA=lua5.1 -DSOURCE=<repo> -DOUT=<scratch dir> -P GeneratorNoticesStale.cmake
file(REMOVE_RECURSE "${OUT}")
foreach(path docs/API.md scripts/ApiDescription.lua scripts/meta/stagehand.lua .luacheckrc)
  get_filename_component(dir "${OUT}/${path}" DIRECTORY)
  file(MAKE_DIRECTORY "${dir}")
  file(COPY_FILE "${SOURCE}/${path}" "${OUT}/${path}")
endforeach()
file(READ "${OUT}/docs/API.md" docs)
string(REPLACE "Shows or hides an actor" "Shows or hides the actor" edited "${docs}")
if(edited STREQUAL docs)
  message(FATAL_ERROR "the row this test edits is no longer in docs/API.md: pick another")
endif()
file(WRITE "${OUT}/docs/API.md" "${edited}")
execute_process(COMMAND ${LUA} ${SOURCE}/tools/generate-api.lua --check ${OUT}
                RESULT_VARIABLE status ERROR_VARIABLE err OUTPUT_VARIABLE out)
if(status EQUAL 0)
  message(FATAL_ERROR "generate-api.lua --check passed a docs/API.md with a hand-edited table")
endif()
if(NOT err MATCHES "docs/API.md differs from scripts/ApiDescription.lua")
  message(FATAL_ERROR "generate-api.lua --check did not name docs/API.md:\n${err}${out}")
endif()
