# Every object but one is the same whatever folder the checkout is in, so a
# new clone's build reuses the objects an earlier clone compiled (ccache keys
# on the preprocessed text; CI builds each run in a new clone):
#  - no compile definition holds the checkout's or the build's path, but those
#    of src/platform/BuildTree.cpp, which compiles alone;
#  - with GCC and Clang, __FILE__ is relative to the checkout
#    (-fmacro-prefix-map): CMake's unity files include each source by its
#    absolute path, and GoogleTest's messages expand __FILE__.
# Reads the build's compile_commands.json.
#   cmake -DBUILD=<build folder> -DROOT=<checkout> -DCOMPILER_ID=<id> -P ClonePathFree.cmake
file(READ "${BUILD}/compile_commands.json" commands)
string(JSON count LENGTH "${commands}")
if(count EQUAL 0)
  message(FATAL_ERROR "${BUILD}/compile_commands.json lists no compile")
endif()
set(problems "")
math(EXPR last "${count} - 1")
foreach(i RANGE ${last})
  string(JSON file GET "${commands}" ${i} file)
  string(JSON command GET "${commands}" ${i} command)
  if(file MATCHES "/third_party/" OR file MATCHES "/BuildTree\\.cpp$")
    continue()
  endif()
  foreach(path IN ITEMS "${ROOT}" "${BUILD}")
    # -DNAME=\"PATH...\" as the shell sees it, or -DNAME="PATH..." as some generators write it
    string(FIND "${command}" "=\\\"${path}" escaped)
    string(FIND "${command}" "=\"${path}" plain)
    if(NOT escaped EQUAL -1 OR NOT plain EQUAL -1)
      string(APPEND problems "${file}: a definition holds the path ${path}\n")
    endif()
  endforeach()
  if(COMPILER_ID MATCHES "GNU|Clang" AND NOT command MATCHES "-fmacro-prefix-map=")
    string(APPEND problems "${file}: compiled without -fmacro-prefix-map (its __FILE__ names the clone's folder)\n")
  endif()
endforeach()
if(NOT problems STREQUAL "")
  message(FATAL_ERROR "objects that depend on the clone's folder (a new clone compiles them again):\n${problems}")
endif()
message(STATUS "${count} compiles, none depending on the clone's folder but BuildTree.cpp's")
