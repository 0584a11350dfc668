-- expect: tests/hostile/loop_in_predicate.lua:5: watchdog
-- survivor
local function survivor() wait(1) print("survivor") end
function scene() runProcess(survivor) waitUntil(function()
    while true do end
end) end
