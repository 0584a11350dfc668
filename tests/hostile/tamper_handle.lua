-- expect: tests/hostile/tamper_handle.lua:7: process and group handles are read-only
-- survivor
local function survivor() wait(1) print("survivor") end
function scene() local p = runProcess(survivor)
    assert(getmetatable(p) == "Process" and p[1] == nil and not pcall(next, p) and not pcall(rawget, p, 1))
    assert(not pcall(setmetatable, p, {}))
    p.status = function() return "done" end
end
