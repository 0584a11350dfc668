# Makes a LÖVE game folder in OUT holding main.lua, conf.lua, the checks and a
# copy of scripts/WaitSupport.lua with scripts/wait/, then runs LÖVE on it.
#   cmake -DLOVE=love -DROOT=<repository> -DOUT=<folder> -P RunInLove.cmake
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT}/scripts)
set(here ${ROOT}/tests/scheduler_standalone)
file(COPY ${here}/love/main.lua ${here}/love/conf.lua ${here}/checks.lua DESTINATION ${OUT})
file(COPY ${ROOT}/scripts/WaitSupport.lua ${ROOT}/scripts/wait DESTINATION ${OUT}/scripts)
execute_process(COMMAND ${LOVE} ${OUT} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err
                TIMEOUT 60)
message("${out}${err}")
if(NOT status EQUAL 0 OR NOT out MATCHES "love: ok")
  message(FATAL_ERROR "LÖVE could not load the scheduler (status ${status})")
endif()
