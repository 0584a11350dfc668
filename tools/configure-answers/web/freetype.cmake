# freetype's configure checks as Emscripten answered them: the initial cache of tools/build-web.sh.
# Written by `bash tools/build-web.sh --record-answers` (with STAGEHAND_WEB_CACHE an empty folder).
# key: emcc 3.1.6, freetype-2.12.1+dfsg
set(HAVE_FCNTL_H "1" CACHE INTERNAL "")
set(HAVE_UNISTD_H "1" CACHE INTERNAL "")
