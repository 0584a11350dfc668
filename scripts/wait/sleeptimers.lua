--- Where a waiting process's timer is, for cancel (core.lua's removeTimer)
-- and the inspector. A checked wait's timer is a ticket its record points
-- to. A plain sleep, wait(s) on its fast path (core.lua's timedWait), keeps
-- its timer's bucket and slot as locals of its own frame, not in the record:
-- they are read back from the suspended frame with the debug library.
local K = ...

local getinfo, getlocal = debug.getinfo, debug.getlocal
local huge = math.huge
local type, pairs = type, pairs
local COROUTINE, WAIT_KIND, WAIT_ON, GROUP = K.COROUTINE, K.WAIT_KIND, K.WAIT_ON, K.GROUP
local KIND_SECONDS, KIND_SIGNAL_TIMEOUT = K.KIND_SECONDS, K.KIND_SIGNAL_TIMEOUT
local TICKET_BUCKET, TICKET_SLOT, LAST, FIRST = K.TICKET_BUCKET, K.TICKET_SLOT, K.BUCKET_LAST, K.BUCKET_FIRST
local timedWaitFunctions = K.timedWaitFunctions

-- Where timerBucket is among the locals of a suspended timedWait frame
-- (timerSlot is the next one), learnt from the first such frame read.
local timerLocalIndex = false

-- Finds timerLocalIndex in co's frame at `level` if that is a timedWait frame.
local function learnTimerLocals(co, level)
    local info = getinfo(co, level, "f")
    if not (info and timedWaitFunctions[info.func]) then
        return false
    end
    for i = 1, huge do
        local name = getlocal(co, level, i)
        if name == nil then
            return false
        elseif name == "timerBucket" then
            timerLocalIndex = i
            return i
        end
    end
end

-- The timer of a plain sleep: the bucket and slot locals of its timedWait
-- frame, or nil. Read through the debug library: only cancel and the
-- inspector need it. Level 1 is the frame that called coroutine.yield; its
-- two local names are enough to know it is timedWait's (getinfo, the other
-- way, made cancelling 100,000 sleepers 5x slower on LuaJIT), and findTimer
-- still checks that the slot holds p.
local function suspendedTimer(p)
    local co = p[COROUTINE]
    if not co or p[WAIT_KIND] or coroutine.status(co) ~= "suspended" then
        return nil
    end
    local at = timerLocalIndex or learnTimerLocals(co, 1)
    if not at then
        return nil
    end
    local bucketName, b = getlocal(co, 1, at)
    local slotName, slot = getlocal(co, 1, at + 1)
    if bucketName ~= "timerBucket" or slotName ~= "timerSlot" then
        return nil
    end
    return b, slot
end

-- p's entry among its group's pending timers, looked for: its bucket, slot
-- and p, or nil.
local function pendingEntry(p)
    for _, bucket in pairs(p[GROUP].buckets) do
        for i = FIRST, bucket[LAST] do
            if bucket[i] == p then
                return bucket, i, p
            end
        end
    end
    return nil
end

-- Where p's timer is: its bucket, its slot there and the entry the slot
-- holds while the timer is pending (a ticket, or p itself), or nil. `lost`:
-- p's plain sleep has no frame left to read (its yield was refused, see
-- core.lua's dropRefusedWait), so it is looked for.
local function findTimer(p, lost)
    local kind = p[WAIT_KIND]
    if kind == KIND_SECONDS or kind == KIND_SIGNAL_TIMEOUT then
        local ticket = p[WAIT_ON]
        return ticket[TICKET_BUCKET], ticket[TICKET_SLOT], ticket
    elseif lost then
        return pendingEntry(p)
    end
    local b, slot = suspendedTimer(p)
    if not b then
        return nil
    end
    if type(b) == "table" and b[slot] == p then
        return b, slot, p
    end
    -- Fired already (woken while its group was paused), or the frame did not
    -- keep the slots: look for p among its group's pending timers, so that a
    -- cancelled process can never be resumed by a stale entry.
    return pendingEntry(p)
end

K.setFindTimer(findTimer) -- core.lua's removeTimer calls it

return { findTimer = findTimer }
