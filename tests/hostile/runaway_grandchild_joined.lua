-- expect: ^tests/hostile/runaway_grandchild_joined.lua:7: watchdog
-- survivor
-- once
function scene()
    -- A loop two levels down, in the scene's first moment: only it stops.
    local child = runProcess(function()
        local looping = runProcess(function() while true do end end)
        local ok, err = pcall(waitProcess, looping) -- a join: the child's error, as any failure
        wait(0.25)
        return ok, err
    end)
    local ok, err = waitProcess(child) -- the child itself ended normally
    wait(0.25)
    print((ok == false and tostring(err):find("watchdog", 1, true)) and "survivor" or "wrong")
end
