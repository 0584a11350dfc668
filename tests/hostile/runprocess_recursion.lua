-- expect: tests/hostile/runprocess_recursion.lua:4: runProcess: processes started inside one another 64 deep
-- survivor
local function survivor() wait(1) print("survivor") end
function boom() runProcess(boom) end
function scene() runProcess(survivor) boom() end
