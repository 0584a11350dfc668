-- A loop that calls into the stage's C functions and never waits (issue 59):
-- its time is spent in C, where no VM instruction counts, so it met only the
-- watchdog's wall-clock backstop (5 s). Each call is charged to the budget
-- (LuaLimits::kInstructionsPerHostCall): it stops after about 10^5 calls, at
-- the same call on every machine, and the other process tells how many.
calls = 0
SCENES = { { name = "scene" } }
function scene()
    runProcess(function()
        wait(0.1)
        print("calls before the stop: " .. calls)
    end)
    while true do
        calls = calls + 1
        isWalking("bob")
    end
end
