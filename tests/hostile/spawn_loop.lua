-- expect: tests/hostile/spawn_loop.lua:5: watchdog
-- survivor
local function survivor() wait(1) print("survivor") end
function scene() runProcess(survivor) wait(0.1)
    while true do runProcess(function() while true do end end) end
end
