-- Loads scripts/WaitSupport.lua the two ways a plain Lua 5.1 or LuaJIT
-- program would, from a working directory other than the repository's:
-- dofile by its path, and require with the repository on package.path.
--   lua5.1 tests/scheduler_standalone/plain.lua REPOSITORY_ROOT
local root = assert(arg[1], "usage: plain.lua REPOSITORY_ROOT")
local checks = dofile(root .. "/tests/scheduler_standalone/checks.lua")

local failures = 0
local function try(how, load)
    local ok, S = pcall(load)
    local problem = ok and checks(S) or (not ok and tostring(S))
    if problem then
        failures = failures + 1
        print(how .. ": " .. problem)
    else
        print(how .. ": ok")
    end
end

try("dofile", function()
    return dofile(root .. "/scripts/WaitSupport.lua")
end)
try("require", function()
    package.path = root .. "/?.lua;" .. package.path
    return require("scripts.WaitSupport")
end)
os.exit(failures == 0 and 0 or 1)
