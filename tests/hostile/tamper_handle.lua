-- expect: tests/hostile/tamper_handle.lua:7: process and group handles are read-only
-- survivor
local function survivor() wait(1) print("survivor") end
function scene() local p = runProcess(survivor)
    assert(getmetatable(p) == "Process" and next(p) == nil and rawget(p, 1) == nil)
    assert(not pcall(setmetatable, p, {}))
    p.status = function() return "done" end
end
