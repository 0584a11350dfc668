# Sourced by tools/build-web.sh and tools/check-windows.sh, which build their
# platform's libraries from Debian's source packages.
#
# A library's configure asks the cross-compiler a few hundred questions (is
# there this header, this function; does this flag compile), each a compile
# and often a link: SDL2's took 8 to 10 minutes of a cold run under Emscripten
# and 89 s under mingw-w64. The answers depend only on the compiler's version
# and the library's source, so they are kept, with the key they were recorded
# under, in tools/configure-answers/PLATFORM/NAME.cmake (CMake's cache) or
# NAME.cache (autoconf's) and given to the configure: the checks whose answer
# is there are not asked again. Under another key the configure asks them all
# and says how to record them anew (--record-answers, into an empty cache).
#
# The caller sets, before calling these:
#   answers_dir       tools/configure-answers/PLATFORM
#   answers_compiler  the compiler and its version, e.g. "emcc 3.1.6"
#   record_answers    yes (write the answers after each configure) or no
#   cache             the library cache, whose build/NAME holds a configured build

answers_key() {  # source dir
  echo "$answers_compiler, $(basename "$1")"
}

# Prints the -C option of a CMake configure when its recorded answers fit.
cmake_answers_option() {  # name, source dir
  local file=$answers_dir/$1.cmake recorded
  [ "$record_answers" = yes ] || [ ! -f "$file" ] && return 0
  recorded=$(sed -n 's/^# key: //p' "$file")
  if [ "$recorded" = "$(answers_key "$2")" ]; then
    echo "-C$file"
  else
    echo "$(basename "$0"): $file was recorded for $recorded, this is $(answers_key "$2"): its configure asks" \
      "every question again (minutes); record the answers anew with --record-answers" >&2
  fi
}

# The answers in a configured CMake build's cache: the checks' results
# (internal entries), not CMake's own entries and nothing that names a path.
record_cmake_answers() {  # name, source dir
  local file=$answers_dir/$1.cmake
  mkdir -p "$answers_dir"
  {
    echo "# $1's configure checks as $answers_compiler answered them: the initial cache of tools/$(basename "$0")."
    echo "# Written by \`bash tools/$(basename "$0") --record-answers\` (with an empty library cache)."
    echo "# key: $(answers_key "$2")"
    { grep -E '^[A-Za-z][A-Za-z0-9_]*:INTERNAL=' "$cache/build/$1/CMakeCache.txt" \
        | grep -vE '^(CMAKE_|FIND_PACKAGE_MESSAGE_)|-ADVANCED:|/' || true; } | LC_ALL=C sort \
      | sed -E 's/^([^:]*):INTERNAL=(.*)$/set(\1 "\2" CACHE INTERNAL "")/'
  } > "$file"
}

# Copies autoconf's recorded cache into the build folder when it fits.
use_autotools_answers() {  # name, source dir
  local file=$answers_dir/$1.cache
  [ "$record_answers" = no ] && [ -f "$file" ] || return 0
  if [ "$(sed -n 's/^# key: //p' "$file")" = "$(answers_key "$2")" ]; then
    cp "$file" "$cache/build/$1/config.cache"
  else
    echo "$(basename "$0"): $file was recorded under another key, not $(answers_key "$2"): its configure" \
      "asks every question again; record the answers anew with --record-answers" >&2
  fi
}

# The checks' answers in autoconf's cache: not the environment it was run in,
# nothing that names a path.
record_autotools_answers() {  # name, source dir
  local file=$answers_dir/$1.cache
  [ "$record_answers" = yes ] || return 0
  mkdir -p "$answers_dir"
  {
    echo "# $1's configure checks as $answers_compiler answered them: autoconf's cache for tools/$(basename "$0")."
    echo "# Written by \`bash tools/$(basename "$0") --record-answers\` (with an empty library cache)."
    echo "# key: $(answers_key "$2")"
    { grep -E '^(ac_cv|lt_cv)_' "$cache/build/$1/config.cache" \
        | grep -vE '^ac_cv_(env_|(build|host|target)=)|/' || true; } | LC_ALL=C sort
  } > "$file"
}
