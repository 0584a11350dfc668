# freetype-on-zlib's configure checks as x86_64-w64-mingw32-gcc-posix 12-posix answered them: the initial cache of tools/check-windows.sh.
# Written by `bash tools/check-windows.sh --record-answers` (with an empty library cache).
# key: x86_64-w64-mingw32-gcc-posix 12-posix, freetype-2.12.1+dfsg
