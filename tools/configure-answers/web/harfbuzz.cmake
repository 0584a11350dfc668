# harfbuzz's configure checks as Emscripten answered them: the initial cache of tools/build-web.sh.
# Written by `bash tools/build-web.sh --record-answers` (with STAGEHAND_WEB_CACHE an empty folder).
# key: emcc 3.1.6, harfbuzz-6.0.0+dfsg
set(COMPILER_SUPPORTS_CXX11 "1" CACHE INTERNAL "")
set(CXX_SUPPORTS_FLAG_BSYMB_FUNCS "1" CACHE INTERNAL "")
set(HAVE_ATEXIT "1" CACHE INTERNAL "")
set(HAVE_FT_DONE_MM_VAR "1" CACHE INTERNAL "")
set(HAVE_FT_GET_VAR_BLEND_COORDINATES "1" CACHE INTERNAL "")
set(HAVE_FT_SET_VAR_BLEND_COORDINATES "1" CACHE INTERNAL "")
set(HAVE_GETPAGESIZE "1" CACHE INTERNAL "")
set(HAVE_ISATTY "1" CACHE INTERNAL "")
set(HAVE_MMAP "1" CACHE INTERNAL "")
set(HAVE_MPROTECT "1" CACHE INTERNAL "")
set(HAVE_STDBOOL_H "1" CACHE INTERNAL "")
set(HAVE_SYSCONF "1" CACHE INTERNAL "")
set(HAVE_SYS_MMAN_H "1" CACHE INTERNAL "")
set(HAVE_UNISTD_H "1" CACHE INTERNAL "")
