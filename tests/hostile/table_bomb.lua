-- expect: tests/hostile/table_bomb.lua:[0-9]+: (not enough memory|watchdog)
-- survivor
local function survivor() wait(1) print("survivor") end
function scene() runProcess(survivor) local t = {}
    for i = 1, 1e9 do t[i] = { i, i, i, i } end
end
