-- expect: tests/hostile/nan_wait.lua:5: wait: seconds must be a non-negative finite number. Was nan
-- survivor
local function survivor() wait(1) print("survivor") end
function scene() runProcess(survivor)
    wait(0/0)
end
