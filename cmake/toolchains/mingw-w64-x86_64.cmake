# Cross-compiles for 64-bit Windows with Debian's mingw-w64 (posix threads,
# so std::thread and std::mutex exist). Libraries come from CMAKE_PREFIX_PATH
# (tools/check-windows.sh builds them there); programs run under wine.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(STAGEHAND_MINGW_TRIPLE x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${STAGEHAND_MINGW_TRIPLE}-gcc-posix)
set(CMAKE_CXX_COMPILER ${STAGEHAND_MINGW_TRIPLE}-g++-posix)
set(CMAKE_RC_COMPILER ${STAGEHAND_MINGW_TRIPLE}-windres)

# Look for libraries and packages only in the prefixes given; run host programs.
set(CMAKE_FIND_ROOT_PATH ${CMAKE_PREFIX_PATH})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# Programs run under wine through tools/wine-run.sh, which passes the
# program's exit status on and, when wine itself failed (a signal, an NTSTATUS,
# a failure too quick for any program to have run), says so in one line.
find_program(STAGEHAND_WINE NAMES wine64 wine)
if(STAGEHAND_WINE)
  get_filename_component(STAGEHAND_WINE_RUN "${CMAKE_CURRENT_LIST_DIR}/../../tools/wine-run.sh" ABSOLUTE)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${STAGEHAND_WINE_RUN})
endif()
