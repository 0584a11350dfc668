-- expect: ^tests/hostile/runaway_child_in_first_moment.lua:6: watchdog
-- survivor
-- once
function scene()
    -- A runaway process started in the scene's first moment: only it fails.
    runProcess(function() while true do end end)
    wait(0.5)
    print("survivor") -- the scene that started it goes on
end
