-- expect: tests/hostile/loop_in_tostring.lua:5: watchdog
-- survivor
local function survivor() wait(1) print("survivor") end
function scene() runProcess(survivor) wait(0.1)
    print(setmetatable({}, { __tostring = function() while true do end end }))
end
