-- expect: tests/hostile/nan_walk.lua:5: walkTo: point needs finite numeric x and y
-- survivor
local function survivor() wait(1) print("survivor") end
function scene() runProcess(survivor) activate("jackie")
    walkTo("jackie", { x = 0/0, y = 0 })
end
