-- expect: ^tests/hostile/runaway_inside_try.lua:6: watchdog
-- survivor
-- once
function scene()
    -- try() keeps a child's failure to its caller, but a watchdog stop is told once.
    local ok = try(function() while true do end end)
    wait(0.5)
    print(ok and "wrong" or "survivor")
end
