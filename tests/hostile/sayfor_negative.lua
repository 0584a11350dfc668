-- expect: tests/hostile/sayfor_negative.lua:5: sayFor: seconds must be a number from 0 to 1000000. Was -1
-- survivor
local function survivor() wait(1) print("survivor") end
function scene() runProcess(survivor) activate("jackie")
    sayFor("jackie", "hi", -1)
end
