# Every link in the README and the docs leads somewhere: a relative link names
# a file or folder of the repository (from the page's own folder), and a
# link's #anchor names a heading of the page it points at (a page's, not a
# source file's line, #L12: spec/scheduler_doc_spec.lua checks those) (GitHub's rule: the
# heading in lower case, punctuation dropped, spaces as dashes). Nor does a page
# name a path of one machine (/home/..., /root/..., /tmp/..., C:\...). Fails
# with one line per broken link: page, the link, what is missing.
#   cmake -DROOT=<repository> -P DocLinks.cmake
cmake_policy(SET CMP0057 NEW)  # if(... IN_LIST ...)

set(pages README.md bench/RESULTS.md)
file(GLOB docs RELATIVE ${ROOT} ${ROOT}/docs/*.md)
list(APPEND pages ${docs})

# The anchors of a page's headings, as GitHub makes them.
function(anchors_of file out)
  file(STRINGS ${file} headings REGEX "^#+ ")
  set(result "")
  foreach(heading IN LISTS headings)
    string(REGEX REPLACE "^#+ +" "" text "${heading}")
    string(TOLOWER "${text}" text)
    string(REGEX REPLACE "[][`'\"!?.,:;()/*+=&@<>{}|\\\\^$#%~]" "" text "${text}")
    string(REPLACE " " "-" text "${text}")
    list(APPEND result "${text}")
  endforeach()
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

set(problems "")
set(count 0)
foreach(page IN LISTS pages)
  file(READ ${ROOT}/${page} text)
  get_filename_component(folder ${ROOT}/${page} DIRECTORY)
  # Fenced blocks are code, not links.
  string(REGEX REPLACE "```[^`]*```" "" prose "${text}")
  # Brackets and semicolons would make CMake's list splitting misread the
  # matches: a link's "](" becomes ">(" first.
  string(REPLACE ";" "," prose "${prose}")
  string(REPLACE "[" "<" prose "${prose}")
  string(REPLACE "]" ">" prose "${prose}")
  string(REGEX MATCHALL ">\\([^) ]+\\)" links "${prose}")
  foreach(link IN LISTS links)
    string(REGEX REPLACE "^>\\((.*)\\)$" "\\1" target "${link}")
    if(target MATCHES "^[a-z]+:")
      continue()  # http(s) and mailto: not ours to check offline
    endif()
    math(EXPR count "${count} + 1")
    set(anchor "")
    if(target MATCHES "^([^#]*)#(.*)$")
      set(target "${CMAKE_MATCH_1}")
      set(anchor "${CMAKE_MATCH_2}")
    endif()
    if(target STREQUAL "")
      set(file ${ROOT}/${page})
    else()
      set(file ${folder}/${target})
    endif()
    if(NOT EXISTS ${file})
      string(APPEND problems "\n  ${page}: (${target}) is no file of the repository")
      continue()
    endif()
    if(NOT anchor STREQUAL "" AND file MATCHES "\\.md$")  # a source file's #L12 is its line
      anchors_of(${file} known)
      if(NOT anchor IN_LIST known)
        string(APPEND problems "\n  ${page}: (${target}#${anchor}) names no heading of ${target}")
      endif()
    endif()
  endforeach()
  string(REGEX MATCHALL "(/home/|/root/|/tmp/|/work/|[A-Z]:\\\\Users)[^ `)]*" machine "${text}")
  foreach(path IN LISTS machine)
    string(APPEND problems "\n  ${page}: names a path of one machine: ${path}")
  endforeach()
endforeach()

if(NOT problems STREQUAL "")
  message(FATAL_ERROR "links in the README and the docs that lead nowhere:${problems}")
endif()
if(count LESS 20)
  message(FATAL_ERROR "found only ${count} links: the pattern no longer reads the pages' links")
endif()
message(STATUS "${count} links in the README and the docs lead somewhere")
