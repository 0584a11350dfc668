-- The baselines the scheduler benchmarks compare against, in one place:
--   article(): the article's algorithm, a table of coroutine -> wake-up time
--              scanned in full every tick;
--   minimal(): the least a bucket scheduler can do (no handles, no checks).
-- Both return { runProcess, waitSeconds, wakeUpWaitingThreads }, as
-- WaitSupport's module does. Load with dofile("bench/baselines.lua").

local B = {}

function B.article()
    local WAITING_ON_TIME = {}
    local CURRENT_TIME = 0
    local A = {}
    function A.waitSeconds(seconds)
        local co = coroutine.running()
        assert(co ~= nil, "The main thread cannot wait!")
        WAITING_ON_TIME[co] = CURRENT_TIME + seconds
        return coroutine.yield(co)
    end
    function A.wakeUpWaitingThreads(deltaTime)
        CURRENT_TIME = CURRENT_TIME + deltaTime
        local threadsToWake = {}
        for co, wakeupTime in pairs(WAITING_ON_TIME) do
            if wakeupTime < CURRENT_TIME then
                table.insert(threadsToWake, co)
            end
        end
        for _, co in ipairs(threadsToWake) do
            WAITING_ON_TIME[co] = nil
            coroutine.resume(co)
        end
    end
    function A.runProcess(func)
        local co = coroutine.create(func)
        return coroutine.resume(co)
    end
    return A
end

-- The least a bucket scheduler can do: no handles, no checks, no bookkeeping.
function B.minimal()
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
            b = { 1 } -- b[1]: index of the last entry; an array with no hash part (see WaitSupport's buckets)
            buckets[key] = b
        end
        local k = b[1] + 1
        b[k], b[1] = running(), k
        return yield()
    end
    function M.wakeUpWaitingThreads(dt)
        now = now + dt
        local to = math.floor(now * 1000 + 1e-6)
        for key = processed + 1, to do
            local b = buckets[key]
            if b then
                buckets[key] = nil
                for i = 2, b[1] do
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

return B
