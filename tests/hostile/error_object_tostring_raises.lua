-- expect: tests/hostile/error_object_tostring_raises.lua:4: \(error object is a table value\)
-- survivor
local function survivor() wait(1) print("survivor") end
function scene() runProcess(survivor) error(setmetatable({}, { __tostring = function() error("no") end }))
end
