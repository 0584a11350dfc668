-- expect: tests/hostile/loop_in_process.lua:5: watchdog
-- survivor
local function survivor() wait(1) print("survivor") end
function scene() runProcess(survivor) runProcess(function() wait(0.5)
    while true do end
end) wait(2) end
