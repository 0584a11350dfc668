# The demo's own pictures (scripts/images/) are what tools/make-demo-art.py
# paints: the script runs into a scratch folder and every file it writes must
# equal the committed one byte for byte, and every committed picture must be
# one it writes (a picture edited by hand, or a change to the script whose
# pictures were not written again, fails here, naming the file).
#   cmake -DPYTHON=python3 -DSOURCE=<repo> -DOUT=<scratch dir> -P DemoArt.cmake
file(REMOVE_RECURSE "${OUT}")
execute_process(COMMAND ${PYTHON} ${SOURCE}/tools/make-demo-art.py --out ${OUT}
                RESULT_VARIABLE status ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "tools/make-demo-art.py failed (${status}):\n${err}")
endif()
file(GLOB_RECURSE made RELATIVE "${OUT}/scripts/images" "${OUT}/scripts/images/*.png")
file(GLOB_RECURSE committed RELATIVE "${SOURCE}/scripts/images" "${SOURCE}/scripts/images/*.png")
list(SORT made)
list(SORT committed)
if(NOT made STREQUAL committed)
  message(FATAL_ERROR "scripts/images holds ${committed}\nbut tools/make-demo-art.py writes ${made}")
endif()
foreach(file ${made})
  file(SHA256 "${OUT}/scripts/images/${file}" madeHash)
  file(SHA256 "${SOURCE}/scripts/images/${file}" committedHash)
  if(NOT madeHash STREQUAL committedHash)
    message(FATAL_ERROR "scripts/images/${file} is not what tools/make-demo-art.py paints: "
                        "run python3 tools/make-demo-art.py and commit the pictures")
  endif()
endforeach()
list(LENGTH made count)
message(STATUS "${count} pictures, each as tools/make-demo-art.py paints it")
