# The demo's own pictures (scripts/images/) are what the project's painters make:
# tools/make-demo-art.py (the clock tower, the title), make-scene-art.py (the
# layered backdrops) and make-cast-art.py (the cast and their frames). Each runs
# into a scratch folder and every file it writes must equal the committed one
# byte for byte, and a folder it paints must hold only what it writes (a picture
# edited by hand, or a change to a script whose pictures were not written again,
# fails here, naming the file). The clock tower's script runs whole; the other
# two paint a sample (a backdrop, two of the cast: the whole of them takes a
# minute and a half of CPU), which is what a change to their shared parts shows in.
#   cmake -DPYTHON=python3 -DSOURCE=<repo> -DOUT=<scratch dir> -P DemoArt.cmake
file(REMOVE_RECURSE "${OUT}")

function(paint script)
  execute_process(COMMAND ${PYTHON} ${SOURCE}/tools/${script} --out ${OUT} ${ARGN}
                  RESULT_VARIABLE status ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "tools/${script} failed (${status}):\n${err}")
  endif()
endfunction()

paint(make-demo-art.py)
paint(make-scene-art.py --only porch)
paint(make-cast-art.py --only bob kit)

file(GLOB_RECURSE made RELATIVE "${OUT}/scripts/images" "${OUT}/scripts/images/*.png")
foreach(file ${made})
  if(NOT EXISTS "${SOURCE}/scripts/images/${file}")
    message(FATAL_ERROR "the painters write scripts/images/${file}, which is not committed")
  endif()
  file(SHA256 "${OUT}/scripts/images/${file}" madeHash)
  file(SHA256 "${SOURCE}/scripts/images/${file}" committedHash)
  if(NOT madeHash STREQUAL committedHash)
    message(FATAL_ERROR "scripts/images/${file} is not what the painters in tools/ paint: "
                        "run python3 tools/make-demo-art.py, make-scene-art.py and make-cast-art.py "
                        "and commit the pictures")
  endif()
endforeach()
# Where the painters ran whole (the top of the folder, the sampled folders), nothing else is there.
file(GLOB committed RELATIVE "${SOURCE}/scripts/images" "${SOURCE}/scripts/images/*.png"
     "${SOURCE}/scripts/images/porch/*.png" "${SOURCE}/scripts/images/bob/*.png" "${SOURCE}/scripts/images/kit/*.png")
foreach(file ${committed})
  list(FIND made "${file}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "scripts/images/${file} is committed but no painter in tools/ writes it")
  endif()
endforeach()
list(LENGTH made count)
message(STATUS "${count} pictures, each as its painter in tools/ paints it")
