# --strings extract and merge on a copy of tests/lang/Greeting.lua and its
# French table: extract writes the source table (its lines, and the names of
# the actors it names: jon and jackie); after an edit of one line and
# a new one, merge keeps every translation, keeps the edited line's old lock
# (so it reads as stale: --check says so), adds the new line with an empty
# text; a malformed table is refused and left as it was.
#   cmake -DEXE=stagehand [-DEMULATOR=wine] -DSOURCE=<repo> -DOUT=<scratch dir> -P StringsTool.cmake
file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}/strings")
file(RELATIVE_PATH script "${SOURCE}" "${OUT}/Greeting.lua")
file(COPY_FILE "${SOURCE}/tests/lang/Greeting.lua" "${OUT}/Greeting.lua")
file(COPY_FILE "${SOURCE}/tests/lang/strings/Greeting.fr.csv" "${OUT}/strings/Greeting.fr.csv")

function(run_strings expect_status result)
  execute_process(COMMAND ${EMULATOR} ${EXE} --strings ${ARGN} --script ${script}
                  WORKING_DIRECTORY ${SOURCE} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL expect_status)
    message(FATAL_ERROR "--strings ${ARGN}: exit ${status}, expected ${expect_status}:\n${out}${err}")
  endif()
  set(${result} "${out}${err}" PARENT_SCOPE)
endfunction()

run_strings(0 out extract)
if(NOT out MATCHES "wrote .*strings/Greeting.en.csv \\(11 lines\\)")
  message(FATAL_ERROR "extract said: ${out}")
endif()
file(READ "${OUT}/strings/Greeting.en.csv" english)
# The file column is the script's path in its game's folder (the same on every machine), whatever path
# the command was given; each row has its source, its context and the box it is shown in (a line()
# template: who says it and the box of the call that shows it).
if(NOT english MATCHES "^language,id,source,text,context,max_width,font_size,file,line,lock,comment\n" OR
   NOT english MATCHES "\nen,actor.jon,Jon,Jon,actor name \\(over its lines\\); jon,,,Greeting.lua,0,[0-9a-f]+,\n" OR
   NOT english MATCHES "\nen,greet.apples,You have {count} apples.,You have {count} apples.,jackie; greeting; values: {count}; dialogue box \\(beside a portrait\\),[1-9][0-9]+,24,Greeting.lua,12,067e9718,\n" OR
   NOT english MATCHES "\nen,greet.hello,Hello there.,Hello there.,jon; greeting; speech bubble: 3 lines at most,280,19,Greeting.lua,10,")
  message(FATAL_ERROR "the source table is not as expected:\n${english}")
endif()

# Edit one line (explicit ID: same row, now stale) and add one.
file(READ "${OUT}/Greeting.lua" text)
string(REPLACE "Hello there.{#greet.hello}" "Hello, there!{#greet.hello}" text "${text}")
string(REPLACE "    text(\"The path goes on.\")" "    text(\"The path goes on.\")\n    text(\"A new page.{#greet.new}\")" text "${text}")
file(WRITE "${OUT}/Greeting.lua" "${text}")
run_strings(0 out merge --lang fr)
if(NOT out MATCHES "\\(12 lines: 3 new, 1 stale, 0 removed but kept for their text, 0 removed\\)")
  message(FATAL_ERROR "merge said: ${out}")
endif()
file(READ "${OUT}/strings/Greeting.fr.csv" french)
foreach(expected "\nfr,greet.hello,\"Hello, there!\",Salut.,jon; greeting; speech bubble: 3 lines at most,280,19,Greeting.lua,10,7872ef55,\n"
                 "\nfr,greet.new,A new page.,,text; greeting; dialogue box,[1-9][0-9]+,24,Greeting.lua,12,[0-9a-f]+,\n"
                 "\nfr,greet.morning,Good morning.,Bonjour.,")
  if(NOT french MATCHES "${expected}")
    message(FATAL_ERROR "the merged table lacks '${expected}':\n${french}")
  endif()
endforeach()

# A malformed table is not overwritten.
file(WRITE "${OUT}/strings/Greeting.fr.csv" "language,id,text,file,line,lock,comment\nfr,a,\"open\n")
run_strings(2 out merge --lang fr)
if(NOT out MATCHES "Greeting.fr.csv:2: bad quoting")
  message(FATAL_ERROR "merge of a malformed table said: ${out}")
endif()
file(READ "${OUT}/strings/Greeting.fr.csv" after)
if(NOT after STREQUAL "language,id,text,file,line,lock,comment\nfr,a,\"open\n")
  message(FATAL_ERROR "merge changed a table it could not read")
endif()
