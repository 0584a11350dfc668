-- A runaway loop that counts its turns, for tests/MutationGuards.cmake: a
-- headless run counts the watchdog's budget in VM instructions (10^8 a
-- second), so under --watchdog 0.01 the loop is stopped after the same
-- number of turns on every run, and its cleanup prints that number.
function counted()
    local turns = 0
    onCleanup(function() print("ran " .. turns .. " turns") end)
    while true do turns = turns + 1 end
end
