-- expect: tests/hostile/deep_recursion.lua:4: stack overflow
-- survivor
local function survivor() wait(1) print("survivor") end
local function f(n) return f(n + 1) + 1 end
function scene() runProcess(survivor) f(1) end
