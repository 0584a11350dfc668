-- The dense workload of scheduler_bench.lua, for counting instructions under
-- valgrind (see scheduler_instructions.sh): no timing, just the ticks.
--   lua5.1 bench/scheduler_workload.lua ours|article|minimal|checked TICKS N
local which, ticks, n = arg[1], tonumber(arg[2]), tonumber(arg[3])
math.randomseed(1234)
local periods = {}
for i = 1, n do
    periods[i] = 0.5 + 2 * math.random()
end

local baselines = dofile("bench/baselines.lua")

local sched = which == "ours" and dofile("scripts/WaitSupport.lua")
    or assert(baselines[which], "which scheduler? ours, article, minimal or checked")()
for i = 1, n do
    local period = periods[i]
    sched.runProcess(function()
        while true do
            sched.waitSeconds(period)
        end
    end)
end
for _ = 1, 180 + ticks do
    sched.wakeUpWaitingThreads(1 / 60)
end
