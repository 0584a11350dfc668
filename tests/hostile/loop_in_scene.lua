-- expect: tests/hostile/loop_in_scene.lua:5: watchdog: ran for more than
-- survivor
local function survivor() wait(1) print("survivor") end
function scene() runProcess(survivor)
    while true do end
end
