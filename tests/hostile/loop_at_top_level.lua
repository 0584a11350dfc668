-- expect: tests/hostile/loop_at_top_level.lua:3: watchdog
-- exit: 2
while true do end
function scene() end
