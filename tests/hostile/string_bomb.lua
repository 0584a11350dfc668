-- expect: tests/hostile/string_bomb.lua:[0-9]+: not enough memory
-- survivor
local function survivor() wait(1) print("survivor") end
function scene() runProcess(survivor) local keep, s = {}, "x"
    while true do s = s .. s; keep[#keep + 1] = s end
end
