-- expect: tests/hostile/rep_bomb.lua:5: string.rep: the result would be
-- survivor
local function survivor() wait(1) print("survivor") end
function scene() runProcess(survivor) local empty = (""):rep(1e15)
    local huge = ("x"):rep(1e12)
    print(#empty, #huge)
end
