# googletest's configure checks as x86_64-w64-mingw32-gcc-posix 12-posix answered them: the initial cache of tools/check-windows.sh.
# Written by `bash tools/check-windows.sh --record-answers` (with an empty library cache).
# key: x86_64-w64-mingw32-gcc-posix 12-posix, googletest-1.12.1
set(cmake_package_name "GTest" CACHE INTERNAL "")
set(targets_export_name "GTestTargets" CACHE INTERNAL "")
