-- expect: ^cleanup failed: tests/hostile/yield_in_cleanup.lua:11: coroutine.yield\(\) inside an onCleanup handler
-- survivor
local function survivor() wait(1) print("survivor") end
local function ending(name, cleanup) return runProcess(function() currentProcess():setName(name) onCleanup(cleanup) wait(5) end) end
function scene() runProcess(survivor)
    local ps = {
        ending("timed", function() runProcess(function() wait(1) print("the cleanup's own process waited") end) end),
        ending("pcall", function() print("pcall gives", pcall(waitSignal, "never")) end),
        ending("frames", function() waitFrames(1) end),
        ending("signal", function() waitSignal("never") end),
        ending("bare", function() coroutine.yield() end),
    }
    wait(0.5) for i = #ps, 1, -1 do ps[i]:cancel() end print("cancels returned") wait(2) end
