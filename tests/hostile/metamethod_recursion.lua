-- expect: tests/hostile/metamethod_recursion.lua:[0-9]+: .*(stack overflow|C stack)
-- survivor
local function survivor() wait(1) print("survivor") end
local t = setmetatable({}, { __index = function(self, k) return self[k] end })
function scene() runProcess(survivor) return t.x end
