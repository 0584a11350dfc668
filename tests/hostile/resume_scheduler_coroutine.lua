-- expect: tests/hostile/resume_scheduler_coroutine.lua:6: coroutine.resume: that coroutine belongs to
-- survivor
local function survivor() wait(1) print("survivor") end
local co
function scene() runProcess(function() co = coroutine.running() survivor() end)
    coroutine.resume(co)
end
