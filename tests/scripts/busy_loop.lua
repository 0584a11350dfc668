-- Runs flags.turns turns of a loop without waiting, then prints. Each turn is
-- two VM instructions on both VMs (PUC Lua 5.1: ADD, FORLOOP; LuaJIT, whose
-- JIT is off for scenes: ADDVV, FORL), and a headless run's watchdog counts
-- 10^8 instructions a second (src/script/LuaState.h): N turns cost N / 5e7 s
-- of the budget. tests/OutputChecks.cmake picks N for 0.5 s and for 2 s.
function scene()
    local sum = 0
    for i = 1, flags.turns do
        sum = sum + i
    end
    print("looped " .. flags.turns .. " turns")
end
