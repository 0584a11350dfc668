-- The dense workload of scheduler_bench.lua, for counting instructions under
-- valgrind (see scheduler_instructions.sh): no timing, just the ticks.
--   lua5.1 bench/scheduler_workload.lua ours|article|minimal TICKS N
local which, ticks, n = arg[1], tonumber(arg[2]), tonumber(arg[3])
math.randomseed(1234)
local periods = {}
for i = 1, n do
    periods[i] = 0.5 + 2 * math.random()
end

local function article()
    local waiting, now = {}, 0
    local A = {}
    function A.waitSeconds(s)
        local co = coroutine.running()
        waiting[co] = now + s
        return coroutine.yield(co)
    end
    function A.wakeUpWaitingThreads(dt)
        now = now + dt
        local due = {}
        for co, t in pairs(waiting) do
            if t < now then
                table.insert(due, co)
            end
        end
        for _, co in ipairs(due) do
            waiting[co] = nil
            coroutine.resume(co)
        end
    end
    function A.runProcess(fn)
        coroutine.resume(coroutine.create(fn))
    end
    return A
end

-- The least a bucket scheduler can do: no handles, no checks, no bookkeeping.
local function minimal()
    local buckets, now, processed = {}, 0, 0
    local running, yield, resume = coroutine.running, coroutine.yield, coroutine.resume
    local M = {}
    function M.waitSeconds(s)
        local x = (now + s) * 1000
        local key = x - x % 1
        if key < x then
            key = key + 1
        end
        if key <= processed then
            key = processed + 1
        end
        local b = buckets[key]
        if not b then
            b = { n = 0 }
            buckets[key] = b
        end
        local k = b.n + 1
        b[k], b.n = running(), k
        return yield()
    end
    function M.wakeUpWaitingThreads(dt)
        now = now + dt
        local to = math.floor(now * 1000 + 1e-6)
        for key = processed + 1, to do
            local b = buckets[key]
            if b then
                buckets[key] = nil
                for i = 1, b.n do
                    resume(b[i])
                end
            end
        end
        processed = to
    end
    function M.runProcess(fn)
        resume(coroutine.create(fn))
    end
    return M
end

local sched = which == "article" and article() or which == "minimal" and minimal()
    or dofile("scripts/WaitSupport.lua")
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
