-- expect: tests/hostile/wrap_recursion.lua:4: coroutine.wrap: coroutines resumed inside one another 64 deep
-- survivor
local function survivor() wait(1) print("survivor") end
local function dive() coroutine.wrap(dive)() end
function scene() runProcess(survivor) dive() end
