-- expect: tests/hostile/loop_in_own_coroutine.lua:5: watchdog
-- survivor
local function survivor() wait(1) print("survivor") end
function scene() runProcess(survivor) wait(0.1)
    while true do coroutine.resume(coroutine.create(function() while true do end end)) end
end
