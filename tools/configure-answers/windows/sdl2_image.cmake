# sdl2_image's configure checks as x86_64-w64-mingw32-gcc-posix 12-posix answered them: the initial cache of tools/check-windows.sh.
# Written by `bash tools/check-windows.sh --record-answers` (with an empty library cache).
# key: x86_64-w64-mingw32-gcc-posix 12-posix, libsdl2-image-2.6.3+dfsg
set(HAVE_WL_NO_UNDEFINED "1" CACHE INTERNAL "")
