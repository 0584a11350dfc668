--- The scheduler's core: the clock, timer buckets, one tick and the plain
-- waits (wait, waitSeconds, waitFrames, waitUntil). One wait(1), from the call
-- to the wake-up, is all in this file: docs/SCHEDULER.md walks it.
--
-- Loaded by scripts/WaitSupport.lua after records.lua (what a process record
-- holds), errors.lua, senders.lua and handles.lua, with K, what those parts
-- give, and M, the module scripts see. What this file gives the parts after
-- it is the table at its end.
--
-- Ordering guarantees, per group, each tick:
--   1. wake-ups that arrived while the group was paused, in arrival order;
--   2. timers, in order of due time with a resolution of 1 ms; timers due in the
--      same millisecond resume in the order they began waiting;
--   3. frame waits, in the order they began waiting;
--   4. waitUntil predicates, in the order they began waiting.
-- Groups are stepped in the order they were created, the root group first.
-- `signal` resumes its waiters at once, inside the call, in the order they began waiting.
local K, M = ...

local coResume, coYield, coRunning = coroutine.resume, coroutine.yield, coroutine.running
local floor, huge = math.floor, math.huge
local type, error = type, error
local unpack = unpack or table.unpack -- luacheck: ignore 143
local traceback = debug.traceback

local COROUTINE, STATUS, WAIT_KIND, GROUP, WAIT_ON = K.COROUTINE, K.STATUS, K.WAIT_KIND, K.GROUP, K.WAIT_ON
local RESULT, WAIT_LIST, WAIT_LIST_INDEX = K.RESULT, K.WAIT_LIST, K.WAIT_LIST_INDEX
local RUNNING, WAITING, DONE, CANCELLED, READY = K.RUNNING, K.WAITING, K.DONE, K.CANCELLED, K.READY
local KIND_SECONDS, KIND_FRAMES, KIND_SIGNAL_TIMEOUT, KIND_UNTIL =
    K.KIND_SECONDS, K.KIND_FRAMES, K.KIND_SIGNAL_TIMEOUT, K.KIND_UNTIL
local MS, EPSILON = K.MS, K.EPSILON
local ID = K.ID
local pack, describe, checkType, checkNonNegative, isLive = K.pack, K.describe, K.checkType, K.checkNonNegative,
    K.isLive
local authorMessage, killPending, nameOf = K.authorMessage, K.killPending, K.nameOf

-- Functions of parts loaded after this one, which hand them over when they
-- load, through the setters at this file's end (no process runs, and no tick,
-- before every part is loaded).
local findTimer -- sleeptimers.lua's: where a waiting process's timer is (setFindTimer)
local finishProcess, failProcess -- processes.lua's: how a process ends (setProcessEnds)
local root -- the root group, which groups.lua makes (setRootGroup): a tick never idles it
local processOfWait -- protected.lua's: whose wait it is, off the fast path (setProcessOfWait)
local observeWait -- introspection.lua's: tells the observer a wait began (setObserveWait)

---------------------------------------------------------------------------
-- Scheduler state
---------------------------------------------------------------------------

local current = false -- the process whose coroutine is executing, or false

-- The scheduler's time, and where the tick is. Groups cost what runs: a tick
-- steps only the active groups, those with live processes (and the root); an
-- idle group's clock catches up from these totals when it is next used
-- (groups.lua's catchUp, through schedulerTime).
local totalTime, totalTicks, previousTotalTime = 0, 0, 0
local groupCount = 0 -- groups made so far; each group's `index` is its place in that order
local stepping = false -- position in activeGroups of the group being stepped
local steppingIndex = 0 -- creation index of that group
local lastIndexThisTick = 0 -- groups made during a tick are first stepped on the next
local activeGroups = {} -- in creation order (groups.lua's activateGroup adds, the tick drops)

local insideTick = false
-- Counts group pauses, so the timer loop notices a pause with an upvalue
-- read rather than a field read per wake-up (see runBuckets).
local pausesMade = 0

-- The host's sink for the mechanics (introspection.lua's setObserver): false
-- when nobody watches, so each hook costs one test.
local observer = false

-- Timer buckets: one list per millisecond of group time that has a due timer.
-- Processed buckets are kept for reuse so a steady workload makes no garbage:
-- only small buckets, and only a few, so a burst of processes leaves no memory held.
local bucketPool, bucketPoolSize = {}, 0
local POOL_MAX, POOL_KEEP_MAX = 64, 256

local signalWaiters = {} -- signal name -> list of waiting processes (signals.lua)

-- What the other parts read and change of this state.
local function getCurrent() return current end
local function getObserver() return observer end
local function setObserver(fn) observer = fn end
local function notePause() pausesMade = pausesMade + 1 end
local function nextGroupIndex() groupCount = groupCount + 1; return groupCount end -- a new group's index

-- The time and tick count an idle group g catches up to: the totals, or the
-- previous tick's when g's step in the tick under way is still to come (the
-- step adds this one, as if it had never been idle). No g: the totals.
local function schedulerTime(g)
    if g and stepping and g.index > steppingIndex and g.index <= lastIndexThisTick then
        return previousTotalTime, totalTicks - 1
    end
    return totalTime, totalTicks
end

-- activateGroup put a group at position `at` of activeGroups: the group being
-- stepped moves one place on if it was there or after.
local function groupInsertedAt(at)
    if stepping and at <= stepping then
        stepping = stepping + 1
    end
end

local dropRefusedWait -- below, with the timers and wait lists it drops a wait from

-- Returns the process a wait belongs to, or raises at the caller's caller:
-- waits make sense only inside a coroutine. Off the fast path (a wait inside
-- pcall, or in a coroutine the script made) protected.lua finds or adopts it.
local function requireProcess(fname, level)
    local p = current
    local co = coRunning()
    if not p or co ~= p[COROUTINE] then
        p = processOfWait(fname, co, (level or 3) + 1)
    end
    local status = p[STATUS]
    if status == CANCELLED then
        coYield() -- cancelled while running: never resumed again
    elseif status == WAITING then
        dropRefusedWait(p) -- running, yet "waiting": its last wait's yield was refused
    end
    return p
end

---------------------------------------------------------------------------
-- Timer buckets and wait lists
---------------------------------------------------------------------------

local function appendTo(list, p)
    local n = list.n + 1
    list[n] = p
    list.n = n
    list.live = list.live + 1
    return n
end

-- A timer bucket is an array with no hash part: three header slots, then
-- its entries in the order they began waiting (false once fired or removed).
-- LAST is the index of the last entry, REMOVED counts removals (so the bucket
-- can be dropped when all of its entries are gone, with one store on the
-- bucket a wait besides the entry), KEY is its key in the group's bucket map,
-- or false once runBuckets has taken it out. Named fields made LuaJIT's
-- traces guard on where each name sat in a bucket's hash part, which differs
-- with the bucket's history: in many runs of bench/scheduler_bench.lua
-- (dense, N = 1,000; 7 of 10 in one series) those guards kept failing and a
-- tick took 4-15 us instead of 3, slower than the article's full scan.
local LAST, REMOVED, KEY, FIRST = 1, 2, 3, 4

-- runBuckets and timedWait spell slots, statuses and constants as literals (see there).
assert(COROUTINE == 1 and STATUS == 2 and WAIT_KIND == 3 and GROUP == 4 and RUNNING == "running"
    and WAITING == "waiting" and CANCELLED == "cancelled" and MS == 1000 and EPSILON == 1e-6
    and LAST == 1 and REMOVED == 2 and KEY == 3 and FIRST == 4 and POOL_MAX == 64 and POOL_KEEP_MAX == 256,
    "WaitSupport: the hot paths' literal slots and constants no longer match their names")

-- A bucket is recycled only when every slot is already false (fired by
-- runBuckets or removed by removeTimer), so its slots hold no process and need
-- no clearing: appends overwrite them and readers stop at LAST.
local function recycleBucket(b)
    local entries = b[LAST] - FIRST + 1
    b[LAST], b[REMOVED], b[KEY] = FIRST - 1, 0, false
    if bucketPoolSize < POOL_MAX and entries <= POOL_KEEP_MAX then
        bucketPoolSize = bucketPoolSize + 1
        bucketPool[bucketPoolSize] = b
    end
end

-- The bucket for `key` in g, from the pool when it has one. Most buckets hold
-- one or two timers, so this runs for about every other wait: one call, not two.
local function newBucket(g, key)
    local b
    local size = bucketPoolSize
    if size > 0 then
        b = bucketPool[size]
        bucketPool[size] = nil
        bucketPoolSize = size - 1
        b[KEY] = key
    else
        b = { FIRST - 1, 0, key } -- LAST (no entries), REMOVED, KEY
    end
    g.buckets[key] = b
    return b
end

-- The key of the first bucket whose time is not before group time `due`:
-- runTimers runs a bucket once floor(clock * MS) reaches its key, so a timer
-- never fires early. Never a bucket already run.
local function bucketKey(g, due)
    return math.max(math.ceil(due * MS - EPSILON), g.processedKey + 1)
end

-- A timer of a checked wait (waitSeconds off its fast path, or the timeout of
-- waitSignalTimeout) is a ticket in its bucket: { process, seconds or signal
-- name, wait kind, bucket, slot }. Slot 3 holds the kind as a record's does,
-- so runBuckets tells a ticket from a sleeping record (whose kind is false) with
-- the one read it already makes. The ticket is the process's WAIT_ON.
local TICKET_PROCESS, TICKET_WHAT, TICKET_BUCKET, TICKET_SLOT = 1, 2, 4, 5 -- (slot 3 is the kind)

-- Puts p's timer, due at group time `due`, in its bucket as a ticket, and
-- makes it p's wait.
local function addTicket(p, g, due, kind, what)
    local key = bucketKey(g, due)
    local b = g.buckets[key] or newBucket(g, key)
    local slot = b[LAST] + 1
    local ticket = { p, what, kind, b, slot }
    b[slot], b[LAST] = ticket, slot
    p[WAIT_KIND], p[WAIT_ON] = kind, ticket
end

-- Takes p's pending timer out of its bucket (findTimer: sleeptimers.lua;
-- `lost`: a plain sleep whose frame is gone, see dropRefusedWait).
local function removeTimer(p, lost)
    local b, slot, entry = findTimer(p, lost)
    if not b or b[slot] ~= entry then
        return -- no timer pending (none, or it fired)
    end
    b[slot] = false
    local removed = b[REMOVED] + 1
    b[REMOVED] = removed
    local key = b[KEY]
    if removed == b[LAST] - FIRST + 1 and key then -- every entry removed: the bucket is not needed
        local g = p[GROUP]
        if g.buckets[key] == b then
            g.buckets[key] = nil
            recycleBucket(b)
        end
    end
end

local function removeFromList(p)
    local list = p[WAIT_LIST]
    if not list then
        return
    end
    list[p[WAIT_LIST_INDEX]] = false
    list.live = list.live - 1
    p[WAIT_LIST], p[WAIT_LIST_INDEX] = false, false
    if list.live == 0 and list.signal and signalWaiters[list.signal] == list then
        signalWaiters[list.signal] = nil
    end
end

-- Drops whatever p is registered on, so nothing else can wake it. WAIT_ON is
-- cleared only under a wait kind: out of a wait, the slot is RESULT's.
local function detachWait(p)
    removeTimer(p)
    removeFromList(p)
    if p[WAIT_KIND] then
        p[WAIT_KIND], p[WAIT_ON] = false, false
    end
end

-- A wait whose yield was refused: a C function between the wait and its
-- process's coroutine (PUC Lua 5.1's own pcall, a metamethod, a sort
-- comparator; the scene's pcall is ours and passes waits up) made
-- coroutine.yield raise after the wait had registered, and the process ran
-- on, its record still "waiting". Whenever the scheduler next meets such a
-- process (its next wait, its end or failure, a cancel, a wake that finds it
-- running) it drops that registration here, so that nothing resumes the
-- process for a wait it is no longer in: the seed's scheduler, keyed by
-- coroutine, forgot such a wait by itself, and so must this one.
dropRefusedWait = function(p)
    if not p[WAIT_KIND] then
        removeTimer(p, true) -- a plain sleep: its timer was in the frame the error unwound
    end
    detachWait(p)
    p[STATUS] = RUNNING
end

---------------------------------------------------------------------------
-- A process's life: resume, wait, wake, end
---------------------------------------------------------------------------

-- Handles a resume that did not end in a scheduler wait: an error, the end
-- of the process, or a bare coroutine.yield(), which is taken as "wait one
-- frame", like Unity's `yield return null`.
local function settleResume(p, ok, err)
    local status = p[STATUS]
    if not ok then
        if status == CANCELLED then
            return -- already finished by cancel(); the error is the cancel unwinding
        elseif coroutine.status(p[COROUTINE]) ~= "dead" then
            -- The resume itself was refused: p is running (or resuming another),
            -- and what woke it was a wait whose yield was refused.
            dropRefusedWait(p)
            return
        elseif status == WAITING then
            dropRefusedWait(p) -- it failed after a refused wait
        end
        failProcess(p, traceback(p[COROUTINE], authorMessage(err, p[COROUTINE])))
    elseif status == DONE or status == CANCELLED then
        finishProcess(p)
        p[COROUTINE] = false
    elseif status == RUNNING and coroutine.status(p[COROUTINE]) == "dead" then
        -- An adopted coroutine (see protected.lua) returned: it has no
        -- processBody to say so.
        p[STATUS], p[RESULT] = DONE, { n = 0 }
        finishProcess(p)
        p[COROUTINE] = false
    elseif status == RUNNING then
        local g = p[GROUP]
        p[STATUS], p[WAIT_KIND], p[WAIT_ON] = WAITING, KIND_FRAMES, g.tick + 1
        local list = g.frameBuckets[g.tick + 1]
        if not list then
            list = { n = 0, live = 0 }
            g.frameBuckets[g.tick + 1] = list
        end
        -- Every bare yield in this list began waiting at this group time:
        -- the one tick before the list's.
        list.since = g.clock
        p[WAIT_LIST], p[WAIT_LIST_INDEX] = list, appendTo(list, p)
        if observer then
            observeWait(p)
        end
    end
end

-- Runs p's coroutine until its next wait or its end.
local function resumeProcess(p, ...)
    p[STATUS] = RUNNING
    local saved = current
    current = p
    local ok, err = coResume(p[COROUTINE], ...)
    current = saved
    if not ok or p[STATUS] ~= WAITING then
        settleResume(p, ok, err)
        if not ok and killPending() and coRunning() then
            error(err, 0) -- a kill also stops the process whose call resumed this one
        end
    end
end

-- Wakes a waiting process with values: at once, or on its group's next tick
-- when the group is paused.
local function wake(p, ...)
    if not isLive(p) then
        return
    end
    local g = p[GROUP]
    if g.paused then
        p[STATUS] = READY
        local deferred = g.deferred
        deferred[#deferred + 1] = { p, pack(...) }
        return
    end
    resumeProcess(p, ...)
end

-- Called by the wait functions once the wait is registered.
local function suspend(p)
    p[STATUS] = WAITING
    if observer then
        observeWait(p)
    end
    return coYield()
end

-- After a call that may have run other processes (signal, runProcess, cancel),
-- the caller itself may have been cancelled; stop it here.
local function stopIfCancelled()
    local p = current
    if p and p[STATUS] == CANCELLED and coRunning() == p[COROUTINE] then
        coYield()
    end
end

---------------------------------------------------------------------------
-- One tick of one group (the ordering guarantees above)
---------------------------------------------------------------------------

-- Keys of the due timer buckets in order, for a step so long that scanning
-- every key in its range would be slower than sorting the live ones.
local function sortedBucketKeys(g, toKey)
    local keys = {}
    for key in pairs(g.buckets) do
        if key <= toKey then
            keys[#keys + 1] = key
        end
    end
    table.sort(keys)
    return keys
end

-- Runs the due timer buckets with keys fromKey..toKey, each in the order its
-- processes began waiting: the scheduler's hot path. What it does by hand is
-- kept because callgrind (lua5.1, bench/scheduler_instructions.sh: dense
-- instructions a tick at N = 1,000 and 10,000) shows it pays:
--  - a plain sleep is resumed with a copy of resumeProcess: 1,009 M
--    instructions with the copy, 1,132 M (+12%) through wake() (10,000
--    processes, 780 ticks); the resumed frame works out the elapsed time;
--  - the run bucket is recycled with a copy of recycleBucket: calling it
--    costs 103,242 -> 109,712 (+6.3%) and 768,634 -> 779,682 (+1.4%);
--  - one call runs a tick's whole range (per-bucket calls cost 6%);
--  - slots and statuses are literals (b[1] LAST, b[3] KEY, entries from b[4];
--    entry[1] COROUTINE, entry[2] STATUS, entry[3] WAIT_KIND; checked at
--    load): the names copied to locals once a call cost 104,604 -> 105,219
--    (+0.6%) and 782,171 -> 783,036 (+0.1%), an upvalue read per use more.
local function runBuckets(g, fromKey, toKey)
    local buckets = g.buckets
    -- g is not paused now (stepGroup checked); a process woken here may pause it.
    local pausesBefore = pausesMade
    for key = fromKey, toKey do
        local b = buckets[key]
        if b then
            buckets[key] = nil
            b[3] = false -- detached: removeTimer must not touch the bucket map
            local last = b[1]
            for i = 4, last do
                local entry = b[i] -- a sleeping process's record, or a checked wait's ticket
                if entry then
                    b[i] = false -- fired: removeTimer must no longer find it here
                    local kind = entry[3]
                    if not kind and pausesMade == pausesBefore then -- a sleeping process's record
                        entry[2] = "running"
                        current = entry
                        local ok, err = coResume(entry[1])
                        current = false
                        if not ok or entry[2] ~= "waiting" then
                            settleResume(entry, ok, err)
                        end
                    elseif not kind then
                        wake(entry) -- a process woken before it paused a group, maybe this one
                    else -- a ticket (see addTicket): a checked wait's timer
                        local q = entry[TICKET_PROCESS]
                        q[WAIT_KIND] = false
                        if kind == KIND_SIGNAL_TIMEOUT then
                            removeFromList(q)
                            if observer then
                                observer("timeout", q[ID], nameOf(q), entry[TICKET_WHAT])
                            end
                            wake(q, false)
                        else
                            wake(q) -- waitSecondsChecked works out the elapsed time
                        end
                    end
                end
            end
            -- recycleBucket's work: every slot is false now, KEY is already false
            b[1], b[2] = 3, 0
            if bucketPoolSize < 64 and last <= 259 then -- POOL_MAX, and POOL_KEEP_MAX entries from b[4]
                bucketPoolSize = bucketPoolSize + 1
                bucketPool[bucketPoolSize] = b
            end
        end
    end
end

-- runDeferred, runFrameWaits and runPredicates are called by stepGroup only
-- when their group has such waits pending.
local function runDeferred(g)
    local deferred = g.deferred
    g.deferred = {}
    for i = 1, #deferred do
        local p, values = deferred[i][1], deferred[i][2]
        if p[STATUS] == READY then
            resumeProcess(p, unpack(values, 1, values.n))
        end
    end
end

local function runTimers(g)
    local x = g.clock * MS + EPSILON
    local toKey = x - x % 1 -- floor without a C call (the clock is never negative)
    local fromKey = g.processedKey + 1
    if toKey < fromKey then
        return
    end
    -- Timers added while these run land after toKey: they wait for the next tick.
    g.processedKey = toKey
    -- A tick's span is a few keys: look at each (up to 4,096 of them). A long
    -- step (a hitch, a large time scale) sorts the due keys instead when there
    -- are far fewer buckets than keys in its span; counting them then costs
    -- less than the step, and not keeping a count saves two stores on every
    -- bucket made and run.
    local span = toKey - fromKey
    local scan = span <= 4096
    if not scan then
        local buckets = 0
        for _ in pairs(g.buckets) do
            buckets = buckets + 1
        end
        scan = span <= 4 * buckets + 64
    end
    if scan then
        runBuckets(g, fromKey, toKey)
    else
        local keys = sortedBucketKeys(g, toKey)
        for k = 1, #keys do
            runBuckets(g, keys[k], keys[k])
        end
    end
end

local function runFrameWaits(g)
    local list = g.frameBuckets[g.tick]
    g.frameBuckets[g.tick] = nil
    for i = 1, list.n do
        local p = list[i]
        if p then
            p[WAIT_LIST], p[WAIT_LIST_INDEX], p[WAIT_KIND] = false, false, false
            -- A bare coroutine.yield() returns the time of the one frame it
            -- waited; waitFrames works out its own.
            wake(p, g.clock - (list.since or g.clock))
        end
    end
end

local function runPredicates(g)
    local list = g.untilList
    -- Waiters added while predicates run go to the fresh list; survivors are put
    -- in front of them afterwards so wait order holds.
    g.untilList = { n = 0, live = 0 }
    local survivors = { n = 0, live = 0 }
    for i = 1, list.n do
        local p = list[i]
        if p then
            local ok, result = xpcall(p[WAIT_ON], traceback)
            if not ok then
                p[WAIT_LIST] = false
                failProcess(p, "waitUntil predicate failed: " .. tostring(result))
            elseif result then
                p[WAIT_LIST], p[WAIT_LIST_INDEX], p[WAIT_KIND] = false, false, false
                wake(p) -- waitUntil works out the elapsed time
            elseif p[WAIT_LIST] == list then
                p[WAIT_LIST], p[WAIT_LIST_INDEX] = survivors, appendTo(survivors, p)
            end
        end
    end
    local added = g.untilList
    for i = 1, added.n do
        local p = added[i]
        if p then
            p[WAIT_LIST], p[WAIT_LIST_INDEX] = survivors, appendTo(survivors, p)
        end
    end
    g.untilList = survivors
end

-- Each kind of wait is looked at only when it has something pending: a tick
-- with nothing else due costs the timers' scan and little more.
local function stepGroup(g, dt)
    if g.paused then
        return
    end
    g.clock = g.clock + dt * g.scale
    local tick = g.tick + 1
    g.tick = tick
    if g.deferred[1] then
        runDeferred(g)
    end
    runTimers(g)
    if g.frameBuckets[tick] then
        runFrameWaits(g)
    end
    if g.untilList.live > 0 then
        runPredicates(g)
    end
end

-- Takes the groups that went idle this tick out of activeGroups, in order.
local function dropIdleGroups()
    local kept = 0
    for i = 1, #activeGroups do
        local g = activeGroups[i]
        activeGroups[i] = nil
        if g.idle then
            g.inList = false
        else
            kept = kept + 1
            activeGroups[kept] = g
        end
    end
end

-- The last dt wakeUpWaitingThreads accepted. A host ticks with the same dt
-- frame after frame, and only a number that passed the check can equal it
-- (NaN equals nothing, a value of another type never equals a number), so an
-- equal dt skips checkNonNegative and its `type` call: 1% of a dense tick at
-- N = 1,000 (callgrind, lua5.1: 101,404 -> 100,372 instructions).
local acceptedDt = false

---The host's tick: advances every group's clock by dt (times its scale) and
---resumes what fell due. Script errors are reported, never raised.
---@param dt number seconds since the last tick
function M.wakeUpWaitingThreads(dt)
    if dt ~= acceptedDt then
        checkNonNegative("wakeUpWaitingThreads", "dt", dt)
        acceptedDt = dt
    end
    if insideTick or current then
        error("wakeUpWaitingThreads() called from inside a process or tick", 2)
    end
    insideTick = true
    previousTotalTime, totalTime, totalTicks = totalTime, totalTime + dt, totalTicks + 1
    lastIndexThisTick = groupCount
    stepping = 1
    local anyIdled = false
    while stepping <= #activeGroups do
        local g = activeGroups[stepping]
        if not g.idle and g.index <= lastIndexThisTick then
            steppingIndex = g.index
            stepGroup(g, dt)
            if g.live == 0 and g ~= root then
                g.idle, g.syncTime, g.syncTicks = true, totalTime, totalTicks -- caught up when next used
                anyIdled = true
            end
        end
        stepping = stepping + 1
    end
    stepping = false
    if anyIdled then
        dropIdleGroups()
    end
    insideTick = false
end

---------------------------------------------------------------------------
-- The plain waits: time, frames and conditions
---------------------------------------------------------------------------

-- waitSeconds off its fast path: checks every argument, and handles zero.
-- Errors name the function the author called (wait or waitSeconds).
local function waitSecondsChecked(seconds, fname)
    checkNonNegative(fname, "seconds", seconds, 4)
    local p = requireProcess(fname, 4)
    if seconds == 0 then
        return M.waitFrames(1) -- the next tick, however short it is
    end
    local g = p[GROUP]
    local start = g.clock
    addTicket(p, g, start + seconds, KIND_SECONDS, seconds)
    suspend(p)
    return g.clock - start
end

-- The closures timedWait makes: a plain sleep keeps its timer in their frame
-- (sleeptimers.lua reads it back).
local timedWaitFunctions = {}

-- Makes waitSeconds and its alias wait: one body, each naming itself in errors.
-- The fast path runs on every wake of every timed process, so it is
-- written out here rather than calling its helpers: bucketKey and newBucket's
-- lookup, and suspend. Measured (callgrind, lua5.1, 10,000 processes waking
-- every 0.5-3 s for 780 ticks): 1,009 M instructions with this copy, 1,235 M
-- (+22%) going through waitSecondsChecked. It spells the record's slots as
-- literals (p[1] COROUTINE, p[2] STATUS, p[4] GROUP, b[1] LAST; checked at
-- load): each named one would be an upvalue read a wake-up.
local function timedWait(fname)
    local function timedWaitFast(seconds)
        local p = current
        -- `not (seconds > 0)` also catches NaN, which no comparison holds for.
        -- `p[2] ~= "running"`: cancelled, or still "waiting" after a refused wait.
        if not p or type(seconds) ~= "number" or not (seconds > 0) or seconds >= huge -- luacheck: ignore 581
            or p[2] ~= "running" or coRunning() ~= p[1] or observer then
            return (waitSecondsChecked(seconds, fname))
        end
        -- A plain sleep: the record says "waiting" with no wait kind, and the
        -- timer lives in this frame: its bucket and slot (for cancel, read
        -- back by sleeptimers.lua) and the start time (for the elapsed time).
        -- Writing the bucket to the record instead (and finding the slot by
        -- looking) costs a store a wake-up: 103,242 -> 104,604 (+1.3%) and
        -- 768,634 -> 782,171 (+1.8%) instructions a dense tick at N = 1,000
        -- and 10,000 (callgrind, lua5.1).
        local g = p[4]
        local start = g.clock
        local x = (start + seconds) * 1000 - 1e-6 -- MS and EPSILON, as literals (checked at load)
        local key = x - x % 1 -- bucketKey, without its two C calls
        if key < x then
            key = key + 1
        end
        if key <= g.processedKey then
            key = g.processedKey + 1
        end
        local timerBucket = g.buckets[key] or newBucket(g, key)
        local timerSlot = timerBucket[1] + 1
        timerBucket[timerSlot], timerBucket[1] = p, timerSlot
        p[2] = "waiting"
        coYield()
        -- Using timerBucket and timerSlot after the yield keeps them in the
        -- frame on LuaJIT, which leaving compiled code restores only the slots
        -- still to be read; without it, cancel found a number in timerBucket.
        if timerBucket and timerSlot then
            return g.clock - start
        end
    end
    timedWaitFunctions[timedWaitFast] = true
    return timedWaitFast
end

---Suspends the running process for at least `seconds` of its group's time.
---waitSeconds(0) resumes on the next tick.
---@param seconds number
---@return number elapsed the group time that actually passed
M.waitSeconds = timedWait("waitSeconds")

---The article's short name for waitSeconds.
M.wait = timedWait("wait")

---Suspends the running process for exactly `frames` ticks of its group.
---@param frames integer at least 1
---@return number elapsed the group time that passed
function M.waitFrames(frames)
    if type(frames) ~= "number" or frames < 1 or frames ~= floor(frames) or frames >= huge then
        error("waitFrames: frames must be a positive integer. Was " .. describe(frames), 2)
    end
    local p = requireProcess("waitFrames")
    local g = p[GROUP]
    local target = g.tick + frames
    local list = g.frameBuckets[target]
    if not list then
        list = { n = 0, live = 0 }
        g.frameBuckets[target] = list
    end
    local start = g.clock
    p[WAIT_KIND], p[WAIT_ON] = KIND_FRAMES, target
    p[WAIT_LIST], p[WAIT_LIST_INDEX] = list, appendTo(list, p)
    suspend(p)
    return g.clock - start
end

---Suspends until predicate() returns true; it is called once per tick.
---@param predicate fun(): boolean
---@return number elapsed
function M.waitUntil(predicate)
    checkType("waitUntil", "predicate", predicate, "function")
    local p = requireProcess("waitUntil")
    if predicate() then
        return 0
    end
    local g = p[GROUP]
    local start = g.clock
    p[WAIT_KIND], p[WAIT_ON] = KIND_UNTIL, predicate
    p[WAIT_LIST], p[WAIT_LIST_INDEX] = g.untilList, appendTo(g.untilList, p)
    suspend(p)
    return g.clock - start
end

return {
    activeGroups = activeGroups, signalWaiters = signalWaiters, timedWaitFunctions = timedWaitFunctions,
    getCurrent = getCurrent, getObserver = getObserver, setObserver = setObserver, notePause = notePause,
    nextGroupIndex = nextGroupIndex, schedulerTime = schedulerTime, groupInsertedAt = groupInsertedAt,
    requireProcess = requireProcess,
    BUCKET_KEY = KEY, BUCKET_LAST = LAST, BUCKET_FIRST = FIRST,
    TICKET_WHAT = TICKET_WHAT, TICKET_BUCKET = TICKET_BUCKET, TICKET_SLOT = TICKET_SLOT,
    appendTo = appendTo, addTicket = addTicket, removeTimer = removeTimer, detachWait = detachWait,
    dropRefusedWait = dropRefusedWait,
    resumeProcess = resumeProcess, wake = wake, suspend = suspend, stopIfCancelled = stopIfCancelled,
    -- The setters of the functions declared at this file's top, for the parts that give them.
    setFindTimer = function(fn) findTimer = fn end,
    setProcessEnds = function(finish, fail) finishProcess, failProcess = finish, fail end,
    setRootGroup = function(g) root = g end,
    setProcessOfWait = function(fn) processOfWait = fn end,
    setObserveWait = function(fn) observeWait = fn end,
}
