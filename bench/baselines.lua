-- The baselines the scheduler benchmarks compare against, in one place:
--   article(): the article's algorithm, a table of coroutine -> wake-up time
--              scanned in full every tick;
--   minimal(): the least a bucket scheduler can do (no handles, no checks);
--   checked(): the minimal one plus the checks and stores each wait and
--              wake-up needs to keep WaitSupport's rules: the floor for a
--              scheduler that keeps them.
-- Each returns { runProcess, waitSeconds, wakeUpWaitingThreads }, as
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

-- The minimal scheduler plus what every wait and wake-up must do to keep
-- WaitSupport's rules, and nothing more: how fast a scheduler can be and keep
-- them. Per wait: a wait from outside a process, from a coroutine that is not
-- the process's own (a script's coroutine, a pcall), from a cancelled process,
-- with seconds that are not a positive finite number, or with an observer set
-- leaves the fast path; the process's status and the current process are
-- kept; the time that passed is returned. Per wake-up: an entry may have
-- been removed (cancel); a pause made by a process woken earlier in the tick
-- is noticed; a resume that did not end in a wait (an error, the end of the
-- process, a bare coroutine.yield) is noticed. Per tick: a dt not accepted
-- before is checked. Left out, as features rather than rules: groups (one
-- clock here), frame waits, signals, predicates, handles, cancel itself, the
-- inspector and bucket reuse. Where WaitSupport takes a slow path this one
-- raises: the benchmark never goes there.
function B.checked()
    local buckets, clock, processed = {}, 0, 0
    local current, observer, pausesMade, acceptedDt = false, false, 0, false
    local WAITED = {} -- what a wait yields to the tick: anything else needs settling
    local running, yield, resume, create = coroutine.running, coroutine.yield, coroutine.resume, coroutine.create
    local huge = math.huge
    local function slowPath(what)
        error("checked baseline: " .. what .. " takes WaitSupport's slow path, which this floor leaves out", 3)
    end
    local C = {}
    function C.waitSeconds(seconds)
        local p = current -- a record: { coroutine, status }
        if not p or type(seconds) ~= "number" or not (seconds > 0) or seconds >= huge -- luacheck: ignore 581 (NaN)
            or p[2] == "cancelled" or running() ~= p[1] or observer then
            slowPath("this wait")
        end
        local start = clock
        -- The bucket key as WaitSupport's fast wait works it out (the minimal scheduler's,
        -- plus the clock's tolerance), inline as both have it: a shared helper would add
        -- a call to every wait.
        local x = (start + seconds) * 1000 - 1e-6
        local key = x - x % 1
        if key < x then
            key = key + 1
        end
        if key <= processed then
            key = processed + 1
        end
        local b = buckets[key]
        if not b then
            b = { 1 }
            buckets[key] = b
        end
        local k = b[1] + 1
        b[k], b[1] = p[1], k
        p[2], current = "waiting", false
        yield(WAITED)
        p[2], current = "running", p
        return clock - start
    end
    function C.wakeUpWaitingThreads(dt)
        if dt ~= acceptedDt then
            if type(dt) ~= "number" or not (dt >= 0) or dt >= huge then -- luacheck: ignore 581 (NaN)
                slowPath("this dt")
            end
            acceptedDt = dt
        end
        clock = clock + dt
        local x = clock * 1000 + 1e-6
        local to = x - x % 1
        local pausesBefore = pausesMade
        for key = processed + 1, to do
            local b = buckets[key]
            if b then
                buckets[key] = nil
                for i = 2, b[1] do
                    local co = b[i]
                    if co then
                        b[i] = false
                        if pausesMade ~= pausesBefore then
                            slowPath("a pause")
                        end
                        local _, yielded = resume(co)
                        if yielded ~= WAITED then
                            slowPath("an error, an end or a bare yield")
                        end
                    end
                end
            end
        end
        processed = to
    end
    function C.runProcess(fn)
        local p = { false, "running" }
        p[1] = create(function()
            fn()
        end)
        current = p
        local _, yielded = resume(p[1])
        current = false
        if yielded ~= WAITED then
            slowPath("a process that never waits")
        end
    end
    return C
end

return B
