# harfbuzz's configure checks as x86_64-w64-mingw32-gcc-posix 12-posix answered them: the initial cache of tools/check-windows.sh.
# Written by `bash tools/check-windows.sh --record-answers` (with an empty library cache).
# key: x86_64-w64-mingw32-gcc-posix 12-posix, harfbuzz-6.0.0+dfsg
set(COMPILER_SUPPORTS_CXX11 "1" CACHE INTERNAL "")
set(CXX_SUPPORTS_FLAG_BSYMB_FUNCS "1" CACHE INTERNAL "")
set(HAVE_ATEXIT "1" CACHE INTERNAL "")
set(HAVE_FT_DONE_MM_VAR "1" CACHE INTERNAL "")
set(HAVE_FT_GET_VAR_BLEND_COORDINATES "1" CACHE INTERNAL "")
set(HAVE_FT_SET_VAR_BLEND_COORDINATES "1" CACHE INTERNAL "")
set(HAVE_GETPAGESIZE "1" CACHE INTERNAL "")
set(HAVE_ISATTY "1" CACHE INTERNAL "")
set(HAVE_MMAP "" CACHE INTERNAL "")
set(HAVE_MPROTECT "1" CACHE INTERNAL "")
set(HAVE_STDBOOL_H "1" CACHE INTERNAL "")
set(HAVE_SYSCONF "" CACHE INTERNAL "")
set(HAVE_SYS_MMAN_H "" CACHE INTERNAL "")
set(HAVE_UNISTD_H "1" CACHE INTERNAL "")
