-- expect: tests/hostile/loop_in_cleanup.lua:5: watchdog
-- survivor
local function survivor() wait(1) print("survivor") end
function scene() runProcess(survivor) local p = runProcess(function() onCleanup(function()
    while true do end
end) wait(0.5) end) wait(2) end
