--- WaitSupport: the coroutine scheduler that runs every Stagehand cutscene.
--
-- Pure Lua 5.1 (PUC Lua or LuaJIT). It never reads a clock: the host passes the
-- elapsed time to `wakeUpWaitingThreads(dt)` once per simulation tick.
--
-- Loading this file (dofile or require) defines the global names the original
-- article used (runProcess, waitSeconds, wait, waitSignal, signal,
-- wakeUpWaitingThreads, ...) and returns a module table with the same functions.
-- Every load makes a fresh, independent scheduler.
--
-- Ordering guarantees, per group, each tick:
--   1. wake-ups that arrived while the group was paused, in arrival order;
--   2. timers, in order of due time with a resolution of 1 ms; timers due in the
--      same millisecond resume in the order they began waiting;
--   3. frame waits, in the order they began waiting;
--   4. waitUntil predicates, in the order they began waiting.
-- Groups are stepped in the order they were created, the root group first.
-- `signal` resumes its waiters at once, inside the call, in the order they began waiting.

local M = {}

local coCreate, coResume, coYield, coRunning = coroutine.create, coroutine.resume, coroutine.yield, coroutine.running
local floor, huge = math.floor, math.huge
local select, type, tostring, error, pairs, ipairs = select, type, tostring, error, pairs, ipairs
local unpack = unpack or table.unpack -- luacheck: ignore 143
local traceback = debug.traceback
local getinfo, getlocal = debug.getinfo, debug.getlocal

---------------------------------------------------------------------------
-- Process records: named slots and statuses
---------------------------------------------------------------------------

-- A process record is an array of fixed slots rather than a table of named
-- fields: the array part costs 8 bytes a slot on LuaJIT (16 on PUC Lua) where a
-- hash node costs 24 (40), which keeps a waiting process near the size of a
-- bare coroutine (see bench/RESULTS.md). Each slot costs every process, so
-- what only some processes need lives elsewhere: a sleeping process's timer in
-- its waitSeconds frame (see timedWait), a checked wait's timer in a ticket
-- (see addTicket), children, cleanups and joiners in EXTRAS, made on first use.
-- The slots a timed wake-up touches come first, so they share cache lines.
local COROUTINE = 1 -- the process's own coroutine; false once it has ended
local STATUS = 2 -- one of the statuses below
local WAIT_KIND = 3 -- what kind of wait (KIND_* below), or false
local GROUP = 4 -- the group record
local WAIT_ON = 5 -- what is waited on: frame number, signal name, predicate, join record, timer ticket
local RESULT = WAIT_ON -- packed return values (done), the error message (failed), or the start arguments:
-- one slot, as a process waits only between its start and its end (detachWait keeps a result)
local WAIT_LIST, WAIT_LIST_INDEX = 6, 7 -- signal, frame or predicate list and index in it, or false
local ID = 8 -- creation order, from 1
local PARENT = 9 -- the record of the process that started it, or false
local FN = 10 -- the function it runs (for names and locations), until setName gives it a name
local NAME = FN -- one slot: the function is read only when the process starts, before any setName
local EXTRAS = 11 -- false, or { children, cleanups, joiners } (see extra())
local HANDLE = 12 -- the handle scripts hold (see handle())
local LIVE = 13 -- index in liveList while the process lives, else false

-- What EXTRAS holds, each false until used.
local CHILDREN = 1 -- set of live children's records
local CLEANUPS = 2 -- functions from onCleanup
local JOINERS = 3 -- join records of processes waiting for this one

-- runBuckets and timedWait spell the first slots as literal numbers (see there).
assert(COROUTINE == 1 and STATUS == 2 and WAIT_KIND == 3 and GROUP == 4,
    "WaitSupport: the hot paths' literal slot numbers no longer match the slot names")

local RUNNING, WAITING, DONE, FAILED, CANCELLED = "running", "waiting", "done", "failed", "cancelled"
local READY = "ready" -- woken while its group was paused: resumed on the group's next tick

-- Wait kinds.
local KIND_SECONDS, KIND_FRAMES, KIND_SIGNAL, KIND_SIGNAL_TIMEOUT, KIND_UNTIL, KIND_PROCESS =
    "seconds", "frames", "signal", "signal_timeout", "until", "process"

local MS = 1000 -- timer buckets per second
local EPSILON = 1e-6 -- float accumulation tolerance of the clock, in bucket units
-- timedWait's fast path spells both as constants (an upvalue costs PUC Lua an instruction).
assert(MS == 1000 and EPSILON == 1e-6, "WaitSupport: timedWait's constant MS and EPSILON no longer match")

---------------------------------------------------------------------------
-- Handles: what scripts hold instead of records
---------------------------------------------------------------------------

-- Scripts hold handles, never records. A process handle is an empty
-- userdata whose protected metatable reaches only the methods, so a scene
-- cannot read a record's coroutine or parent, reach these class tables, or
-- corrupt a slot the scheduler relies on. The record is the userdata's
-- environment table (readable only through the debug library, which scenes
-- do not have) and the record holds its handle: a plain reference cycle, so
-- no weak map is needed and both are collected together. That is 48 bytes a
-- process where a table handle and two weak maps cost 150-200.
local Process = { className = "Process", variable = "p" } -- methods of process handles

local Group = { className = "Group", variable = "g" } -- methods of group handles
local handleProto = newproxy(true)
local ProcessHandle = getmetatable(handleProto)
local getRecord, setRecord = debug.getfenv, debug.setfenv
local groupOf = {} -- handle -> group record (groups live as long as the scheduler)

-- Coroutines the script created and the scheduler adopted -> their process
-- record. A process's own coroutine is found from its stack instead (see
-- processOfCoroutine), so it costs no entry here.
local adoptedCoroutines = setmetatable({}, { __mode = "k" })

-- Coroutines of the protected-call wrappers -> the coroutine they pass their
-- waits up to (see M.pcall): a wait inside pcall is the wait of its process.
local passesWaitsTo = setmetatable({}, { __mode = "k" })

-- Coroutines made by the scene's coroutine.wrap: a wait inside one is an
-- error (its caller would take the wait for a return).
local wrappedCoroutines = setmetatable({}, { __mode = "k" })

---------------------------------------------------------------------------
-- Scheduler state
---------------------------------------------------------------------------

local current = false -- the process whose coroutine is executing, or false
local nextId = 0
local liveList = {} -- every process not yet ended, in no order (p[LIVE] is its index)
local liveCount = 0

-- Groups cost what runs: a tick steps only the active groups, those with live
-- processes (and the root); an idle group's clock catches up from the running
-- totals when it is next used (see catchUp).
local activeGroups = {} -- in creation order

local groupCount = 0
local totalTime, totalTicks, previousTotalTime = 0, 0, 0
local stepping = false -- position in activeGroups of the group being stepped
local steppingIndex = 0 -- creation index of that group
local lastIndexThisTick = 0 -- groups made during a tick are first stepped on the next
local signalWaiters = {} -- signal name -> list of waiting handles
local latched = {} -- signal name -> packed values of a latch still set
local namesSent = {} -- signal name -> scheduler time it was last sent, for deadlock hints
local errorHandler
local quietFailures = setmetatable({}, { __mode = "k" }) -- processes run by try()
local insideTick = false
-- Counts Group:pause() calls, so the timer loop notices a pause with an
-- upvalue read rather than a field read per wake-up (see runBuckets).
local pausesMade = 0

-- The host's sink for the mechanics (see setObserver): false when nobody
-- watches, so each hook costs one test. A stage helper labels its next
-- waitUntil (a page, a menu, a walk) with waitUntilLabelled.
local observer = false

-- What waitUntilLabelled was told: the kind and target of the next waitUntil,
-- for the observer, and the inspector's words for each labelled wait ("the
-- player chooses") by its predicate, weak so a finished wait's words go with
-- it. One table, not three locals: the main chunk is at Lua 5.1's 200.
local label = { kind = false, target = false, descriptions = setmetatable({}, { __mode = "k" }) }

-- The host's answer to "is a runaway script being stopped?" (see setKillCheck).
local killPending = function()
    return false
end

-- The host's "the kill has stopped its process": only that process fails.
local endKill = function() end

-- Timer buckets: one list per millisecond of group time that has a due timer.
-- Processed buckets are kept for reuse so a steady workload makes no garbage.
local bucketPool, bucketPoolSize = {}, 0

-- Only small buckets are kept, and only a few: the pool saves garbage on the
-- steady 60 Hz path without holding memory after a burst of processes ends.
local BUCKET_POOL = { MAX = 64, KEEP_MAX = 256 } -- one local: the main chunk is near Lua 5.1's 200
assert(BUCKET_POOL.MAX == 64 and BUCKET_POOL.KEEP_MAX == 256,
    "WaitSupport: runBuckets' constant pool sizes no longer match")

-- How deep processes and script coroutines may resume one another inside
-- one call: far beyond any scene, well before the C stack runs out (LuaJIT
-- has no limit of its own and crashes; PUC Lua fails with no location).
local MAX_NESTING = 64

local nesting = 0

-- Sources of the support libraries: an error is reported at the first line
-- outside them, where the scene's author called in.
local supportSources = { [getinfo(1, "S").source] = true }

local supportShortSources = { [getinfo(1, "S").short_src] = true }
local sceneGlobals = _G -- where "did you mean" looks for names (the host sets the sandbox)

---------------------------------------------------------------------------
-- Forward declarations (defined in the helper sections below)
---------------------------------------------------------------------------

local activateGroup -- forward (groups and their clocks)
local adoptCoroutine -- forward: makes a process of a coroutine the script created
local processBody -- forward: the bottom function of every process's coroutine
local editDistance, closestName -- forward (error text and reports)
local cancelProcess -- forward (a process's life)
local finishProcess -- forward: ends a process and wakes its joiners
local whereWaiting -- forward (introspection and deadlocks)
local suspendedTimer -- forward: the timer a process keeps in its waitSeconds frame
local resumeJoiner -- forward

---------------------------------------------------------------------------
-- Private helpers: values, argument checks and handles
---------------------------------------------------------------------------

local function pack(...)
    return { n = select("#", ...), ... }
end

local function describe(value)
    if type(value) == "string" then
        return string.format("%q", value)
    elseif value ~= value then
        return "nan" -- the C library may print -nan or nan(ind)
    end
    return tostring(value)
end

local function checkType(fname, argName, value, expected)
    if type(value) ~= expected then
        error(string.format("%s: %s must be a %s. Was %s", fname, argName, expected, describe(value)), 3)
    end
end

-- fn if it is a function, nil if nil; anything else raises at the caller's caller.
local function optionalFunction(fname, fn)
    if fn ~= nil and type(fn) ~= "function" then
        error(string.format("%s: fn must be a function. Was %s", fname, describe(fn)), 3)
    end
    return fn
end

local function checkNonNegative(fname, argName, value, level)
    if type(value) ~= "number" or value < 0 or value ~= value or value == huge then
        error(string.format("%s: %s must be a non-negative finite number. Was %s", fname, argName, describe(value)),
            level or 3)
    end
end

-- The process record behind a handle, or nil for any other value.
local function processOf(value)
    if type(value) ~= "userdata" then
        return nil
    end
    local p = getRecord(value)
    if type(p) == "table" and rawget(p, HANDLE) == value then
        return p
    end
    return nil
end

local function isLive(p)
    return p[LIVE] ~= false
end

-- The process record behind a handle, or an error at the caller's caller.
local function checkProcess(fname, value)
    local p = processOf(value)
    if not p then
        error(string.format("%s: expected a process handle (from runProcess). Was %s", fname, describe(value)), 3)
    end
    return p
end

-- Methods called with a dot (p.cancel()) get no self: say so at the caller.
-- Returns the record behind the handle.
local function checkSelf(self, class, method)
    local record
    if class == Process then
        record = processOf(self)
    else
        record = groupOf[self]
    end
    if not record then
        error(string.format("%s:%s: call it as a method, %s:%s(). Was called on %s", class.className, method,
            class.variable, method, describe(self)), 3)
    end
    return record
end

local function refuseWrite(_, key)
    error(string.format("process and group handles are read-only (tried to set %s)", describe(key)), 2)
end

ProcessHandle.__index, ProcessHandle.__newindex, ProcessHandle.__metatable = Process, refuseWrite, "Process"
local GroupHandle = { __index = Group, __newindex = refuseWrite, __metatable = "Group" }

-- The handle scripts see for process record p: one for the record's life.
local function handle(p)
    return p[HANDLE]
end

-- What EXTRAS holds at `which` (CHILDREN, CLEANUPS or JOINERS), or false.
local function extra(p, which)
    local extras = p[EXTRAS]
    return extras and extras[which]
end

-- p's EXTRAS, made on first use: a process with no children, cleanups or
-- joiners does not pay for them (bench/RESULTS.md, memory per process).
local function extrasOf(p)
    local extras = p[EXTRAS]
    if not extras then
        extras = { false, false, false }
        p[EXTRAS] = extras
    end
    return extras
end

---------------------------------------------------------------------------
-- Private helpers: which process is running
---------------------------------------------------------------------------

-- The coroutine whose process a wait belongs to: a protected-call wrapper
-- passes its waits up to the coroutine that called pcall.
local function waitingCoroutine(co)
    local up = passesWaitsTo[co]
    while up do
        co, up = up, passesWaitsTo[up]
    end
    return co
end

-- The process coroutine co runs, or nil. A slow path (a wait from inside a
-- protected call, a script resuming a coroutine): the bottom frame of a
-- process's own coroutine is processBody(p), whose first local is
-- the record, so no map from coroutines to records is kept for them.
local function processOfCoroutine(co)
    local adopted = adoptedCoroutines[co]
    if adopted then
        return adopted
    end
    local bottom = false
    for level = 0, huge do
        if not getinfo(co, level, "l") then
            break
        end
        bottom = level
    end
    if bottom and getinfo(co, bottom, "f").func == processBody then
        local _, p = getlocal(co, bottom, 1)
        if type(p) == "table" and p[COROUTINE] == co then
            return p
        end
    end
    return nil
end

-- Returns the process a wait belongs to, or raises at the caller's caller:
-- waits make sense only inside a coroutine. A coroutine the script made
-- itself (coroutine.create or wrap, as the original article does) becomes a
-- process at its first wait: the wait returns control to whoever resumed it,
-- and the scheduler resumes it when the wait is over.
local function requireProcess(fname, level)
    local p = current
    local co = coRunning()
    if not p or co ~= p[COROUTINE] then
        local owner = co and waitingCoroutine(co)
        if not owner then
            error(fname .. "() called from outside a process: waits only work inside a process. "
                .. "Start one with runProcess(fn), or put the code in a scene function", level or 3)
        end
        p = processOfCoroutine(owner)
        if not p and wrappedCoroutines[owner] then
            error(fname .. "() inside a function run by coroutine.wrap: the wrap's caller would receive "
                .. "the wait as if the function had returned. Run the function as a process with "
                .. "runProcess(fn), or with coroutine.create and coroutine.resume", level or 3)
        end
        p = p or adoptCoroutine(owner)
    end
    if p[STATUS] == CANCELLED then
        coYield() -- cancelled while running: never resumed again
    end
    return p
end

---------------------------------------------------------------------------
-- Private helpers: error text and reports
---------------------------------------------------------------------------

-- Text for any error value: a table's __tostring may itself raise, loop or
-- return a non-string, and none of that may stop the scheduler.
local function errorText(err)
    local kind = type(err)
    if kind == "string" or kind == "number" then
        return tostring(err)
    end
    local ok, text = pcall(tostring, err)
    if ok and type(text) == "string" then
        return text
    end
    return "(error object is a " .. kind .. " value)"
end

-- file:line of the innermost frame of co (the running coroutine if co is nil)
-- in the author's code.
-- A frame without a current line (LuaJIT after a memory error) is located at
-- the line where its function begins.
local function authorLocation(co)
    local fallback
    for level = co and 0 or 1, 60 do
        local info
        if co then
            info = getinfo(co, level, "Sl")
        else
            info = getinfo(level, "Sl")
        end
        if not info then
            break
        end
        if info.what ~= "C" and not supportSources[info.source] then
            if info.currentline and info.currentline > 0 then
                return info.short_src .. ":" .. info.currentline
            end
            fallback = fallback or (info.linedefined > 0 and info.short_src .. ":" .. info.linedefined)
        end
    end
    return fallback or nil
end

editDistance = function(a, b)
    local prev = {}
    for j = 0, #b do
        prev[j] = j
    end
    for i = 1, #a do
        local row = { [0] = i }
        for j = 1, #b do
            local cost = a:byte(i) == b:byte(j) and 0 or 1
            row[j] = math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost)
        end
        prev = row
    end
    return prev[#b]
end

-- The candidate a misspelt name most likely meant, or nil. The same name but
-- for case and underscores wins outright (wait_signal is waitSignal).
closestName = function(name, candidates)
    local lowered = name:lower():gsub("_", "")
    for _, other in ipairs(candidates) do
        if other ~= name and other:lower():gsub("_", "") == lowered then
            return other
        end
    end
    local best, bestDistance = nil, math.max(3, floor(#name / 3)) + 1
    for _, other in ipairs(candidates) do
        local d = editDistance(name, other)
        if other ~= name and d < bestDistance then
            best, bestDistance = other, d
        end
    end
    return best
end

-- "attempt to call global 'wait_signal'" gets the closest name a scene can see.
local function suggestGlobal(message)
    local name = message:match("attempt to call global '([^']+)' %(a nil value%)")
    if not name or message:find("did you mean", 1, true) then
        return message
    end
    local names = {}
    for key, value in pairs(sceneGlobals) do
        if type(key) == "string" and type(value) == "function" then
            names[#names + 1] = key
        end
    end
    table.sort(names)
    local best = closestName(name, names)
    return best and message .. string.format(" (did you mean %s?)", best) or message
end

-- The message of an error raised in coroutine co, located at the author's
-- line: a location inside the support libraries, or none at all (an error
-- object, a memory error), is replaced by the author's file:line.
local function authorMessage(err, co)
    local message = errorText(err)
    local where = authorLocation(co)
    if where then
        local location, rest = message:match("^([^\n]-:%d+): (.*)$")
        if not location then
            message = where .. ": " .. message
        elseif supportShortSources[location:match("^(.*):%d+$")] then
            message = where .. ": " .. rest
        end
    end
    return suggestGlobal(message)
end

local function defaultErrorHandler(message)
    io.stderr:write(message, "\n")
end

local function report(message, p, evenIfQuiet)
    if quietFailures[p] and not evenIfQuiet then
        return
    end
    local ok, err = pcall(errorHandler, message, handle(p))
    if not ok then
        defaultErrorHandler(message)
        defaultErrorHandler("error handler failed: " .. errorText(err))
    end
end

---------------------------------------------------------------------------
-- Private helpers: timer buckets and wait lists
---------------------------------------------------------------------------

local function byAge(a, b)
    return a[ID] < b[ID]
end

-- The processes among `count` entries of array `from` that pass `keep`, oldest
-- first: reports and cancels must not depend on table order, which differs
-- between VMs.
local function keptOldestFirst(from, count, keep)
    local list = {}
    for i = 1, count do
        local p = from[i]
        if not keep or keep(p) then
            list[#list + 1] = p
        end
    end
    table.sort(list, byAge)
    return list
end

-- The processes of a set (record -> true), oldest first.
local function oldestFirst(set)
    local members = {}
    for p in pairs(set) do
        members[#members + 1] = p
    end
    return keptOldestFirst(members, #members)
end

-- The live processes that pass `keep`, oldest first.
local function liveOldestFirst(keep)
    return keptOldestFirst(liveList, liveCount, keep)
end

local function cancelEach(list)
    for i = 1, #list do
        cancelProcess(list[i])
    end
end

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
-- (One table of names: the main chunk is near Lua 5.1's 200 locals. runBuckets
-- and timedWait spell the slots as literal numbers.)
local BUCKET = { LAST = 1, REMOVED = 2, KEY = 3, FIRST = 4 }
assert(BUCKET.LAST == 1 and BUCKET.REMOVED == 2 and BUCKET.KEY == 3 and BUCKET.FIRST == 4,
    "WaitSupport: the hot paths' literal bucket slots no longer match the slot names")

-- A bucket is recycled only when every slot is already false (fired by
-- runBuckets or removed by removeTimer), so its slots hold no process and need
-- no clearing: appends overwrite them and readers stop at LAST. runBuckets
-- inlines this for the bucket it has run.
local function recycleBucket(b)
    local entries = b[BUCKET.LAST] - BUCKET.FIRST + 1
    b[BUCKET.LAST], b[BUCKET.REMOVED], b[BUCKET.KEY] = BUCKET.FIRST - 1, 0, false
    if bucketPoolSize < BUCKET_POOL.MAX and entries <= BUCKET_POOL.KEEP_MAX then
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
        b[3] = key -- BUCKET.KEY: a literal slot, as in runBuckets (about every other wait comes here)
    else
        b = { 3, 0, key } -- LAST = BUCKET.FIRST - 1 (no entries), REMOVED, KEY
    end
    g.buckets[key] = b
    return b
end

-- A timer of a checked wait (waitSeconds off its fast path, or the timeout of
-- waitSignalTimeout) is a ticket in its bucket: { process, seconds or signal
-- name, wait kind, bucket, slot }. Slot 3 holds the kind as a record's does,
-- so runBuckets tells a ticket from a sleeping record (whose kind is false) with
-- the one read it already makes. The ticket is the process's WAIT_ON.
local TICKET = { PROCESS = 1, WHAT = 2, BUCKET = 4, SLOT = 5 } -- (slot 3 is the kind)

-- Puts p's timer, due at group time `due`, in its bucket as a ticket, and
-- makes it p's wait.
local function addTicket(p, g, due, kind, what)
    -- The first bucket whose time is not before `due` (a ceiling without a
    -- C call); runTimers runs a bucket once floor(clock * MS) reaches its key,
    -- so a timer never fires early.
    local x = due * MS - EPSILON
    local key = x - x % 1
    if key < x then
        key = key + 1
    end
    if key <= g.processedKey then
        key = g.processedKey + 1
    end
    local b = g.buckets[key] or newBucket(g, key)
    local slot = b[BUCKET.LAST] + 1
    local ticket = { p, what, kind, b, slot }
    b[slot], b[BUCKET.LAST] = ticket, slot
    p[WAIT_KIND], p[WAIT_ON] = kind, ticket
end

-- Where p's timer is: its bucket, its slot there and the entry the slot
-- holds while the timer is pending (a ticket, or p itself), or nil.
local function findTimer(p)
    local kind = p[WAIT_KIND]
    if kind == KIND_SECONDS or kind == KIND_SIGNAL_TIMEOUT then
        local ticket = p[WAIT_ON]
        return ticket[TICKET.BUCKET], ticket[TICKET.SLOT], ticket
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
    for _, bucket in pairs(p[GROUP].buckets) do
        for i = BUCKET.FIRST, bucket[BUCKET.LAST] do
            if bucket[i] == p then
                return bucket, i, p
            end
        end
    end
    return nil
end

local function removeTimer(p)
    local b, slot, entry = findTimer(p)
    if not b or b[slot] ~= entry then
        return -- no timer pending (none, or it fired)
    end
    b[slot] = false
    local removed = b[BUCKET.REMOVED] + 1
    b[BUCKET.REMOVED] = removed
    local key = b[BUCKET.KEY]
    if removed == b[BUCKET.LAST] - BUCKET.FIRST + 1 and key then -- every entry removed: the bucket is not needed
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

---------------------------------------------------------------------------
-- Private helpers: a process's life (start, resume, wait, end, cancel)
---------------------------------------------------------------------------

local function nameOf(p)
    local fn = p[FN]
    if type(fn) == "string" then
        return fn -- set by setName
    end
    if not fn then
        return string.format("process %d", p[ID])
    end
    local info = getinfo(fn, "S")
    if supportShortSources[info.short_src] then
        return string.format("process %d (stage library)", p[ID]) -- a line there would mean nothing to an author
    end
    return string.format("process %d (%s:%d)", p[ID], info.short_src, info.linedefined)
end

-- Where fn was defined: "file:line", or "(stage library)" for the support
-- scripts' own functions (the scene runner, walkToPointAndSignal's helper).
local function definedAt(fn)
    if not fn then
        return "?"
    end
    local info = getinfo(fn, "S")
    if supportShortSources[info.short_src] then
        return "(stage library)"
    end
    return info.short_src .. ":" .. info.linedefined
end

-- What p waits on, for the observer: kind, target and the author's line.
local function observeWait(p)
    local kind, on, target = p[WAIT_KIND], p[WAIT_ON], nil
    if kind == KIND_SECONDS then
        target = string.format("%.3f", on[TICKET.WHAT])
    elseif kind == KIND_FRAMES then
        kind, target = "frames", tostring(on - p[GROUP].tick)
    elseif kind == KIND_SIGNAL then
        target = on
    elseif kind == KIND_SIGNAL_TIMEOUT then
        local key = on[TICKET.BUCKET][BUCKET.KEY]
        local left = key and key / MS - p[GROUP].clock or 0
        kind, target = "signal", string.format("%s (timeout %.3f)", on[TICKET.WHAT], left)
    elseif kind == KIND_UNTIL then
        if label.kind then
            kind, target = label.kind, label.target
        else
            kind, target = "predicate", definedAt(on)
        end
    elseif kind == KIND_PROCESS then
        local names = {}
        for i = 1, #on.procs do
            names[i] = nameOf(on.procs[i])
        end
        target = table.concat(names, ", ")
    end
    label.kind, label.target = false, false
    observer("wait", p[ID], nameOf(p), kind, target or "", whereWaiting(p))
end

local function failProcess(p, message)
    local killed = killPending()
    if killed then
        endKill() -- the kill stopped this process; the one that started it goes on
    end
    p[STATUS] = FAILED
    detachWait(p) -- before the message: RESULT shares WAIT_ON's slot
    p[RESULT] = message
    report(message, p, killed) -- a watchdog stop is always told, even under try()
    finishProcess(p)
end

-- Handles a resume that did not end in a scheduler wait: an error, the end
-- of the process, or a bare coroutine.yield(), which is taken as "wait one
-- frame", like Unity's `yield return null`.
local function settleResume(p, ok, err)
    local status = p[STATUS]
    if not ok then
        if status == CANCELLED then
            return -- already finished by cancel(); the error is the cancel unwinding
        end
        failProcess(p, traceback(p[COROUTINE], authorMessage(err, p[COROUTINE])))
    elseif status == DONE or status == CANCELLED then
        finishProcess(p)
        p[COROUTINE] = false
    elseif status == RUNNING and coroutine.status(p[COROUTINE]) == "dead" then
        -- An adopted coroutine (see adoptCoroutine) returned: it has no
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

local function runCleanups(p)
    local cleanups = extra(p, CLEANUPS)
    if not cleanups then
        return
    end
    p[EXTRAS][CLEANUPS] = false
    for i = #cleanups, 1, -1 do
        local ok, err = xpcall(cleanups[i], traceback)
        if not ok then
            report("cleanup failed: " .. errorText(err), p)
        end
    end
end

finishProcess = function(p)
    if not isLive(p) then
        return
    end
    local last = liveList[liveCount] -- swap the last live process into p's place
    liveList[p[LIVE]], last[LIVE] = last, p[LIVE]
    liveList[liveCount], p[LIVE] = nil, false
    liveCount = liveCount - 1
    p[GROUP].live = p[GROUP].live - 1
    if observer then
        observer("process_end", p[ID], nameOf(p), p[STATUS] == RUNNING and DONE or p[STATUS])
    end
    detachWait(p)
    if p[STATUS] == CANCELLED then
        p[RESULT] = false -- what a finished wait left in the slot RESULT shares; a cancelled process has no result
    end
    local siblings = p[PARENT] and extra(p[PARENT], CHILDREN)
    if siblings then
        siblings[p] = nil
    end
    runCleanups(p)
    if coroutine.status(p[COROUTINE]) ~= "normal" and p ~= current then
        p[COROUTINE] = false -- the coroutine is garbage now; a running one is dropped by its resumer
    end
    local joiners = extra(p, JOINERS)
    if joiners then
        p[EXTRAS][JOINERS] = false
        for i = 1, #joiners do
            resumeJoiner(joiners[i], p)
        end
    end
end

-- The arguments runProcess passed wait in RESULT until the process first runs.
local function startArguments(p)
    local args = p[RESULT]
    if args then
        p[RESULT] = false
        return unpack(args, 1, args.n)
    end
end

-- The bottom frame of every process's coroutine, under each of its waits, so
-- it is kept as small as it can be: one argument (its record), no varargs.
-- LuaJIT grows a coroutine's stack when a C function is called near its top
-- (timedWait calls coroutine.running); with processBody(p, fn, ...) that
-- growth cost 96 B per waiting process (bench/scheduler_bench.lua, N = 10,000:
-- 875 B against 779 B).
processBody = function(p)
    p[RESULT] = pack(p[FN](startArguments(p)))
    p[STATUS] = DONE
end

-- Runs new process p until its first wait, p's function called with `...`.
local function launch(p, ...)
    if select("#", ...) > 0 then
        p[RESULT] = pack(...)
    end
    resumeProcess(p, p)
end

local function newProcess(fn, g, parent, co)
    nextId = nextId + 1
    co = co or coCreate(processBody)
    g.live = g.live + 1
    if g.idle then
        activateGroup(g)
    end
    -- Every value a variable: LuaJIT sizes a constructor with constants to
    -- the next power of two (16 slots here), one with none exactly.
    local no, h = false, newproxy(handleProto)
    liveCount = liveCount + 1
    local p = {
        co, RUNNING, no, g, no, no, no,
        nextId, parent or no, fn or no, no,
        h, liveCount,
    }
    setRecord(h, p)
    liveList[liveCount] = p
    if parent then
        local extras = extrasOf(parent)
        local children = extras[CHILDREN]
        if not children then
            children = {}
            extras[CHILDREN] = children
        end
        children[p] = true
    end
    if observer then
        observer("process_start", p[ID], nameOf(p), parent and parent[ID] or 0, definedAt(fn))
    end
    return p
end

local function startProcess(fname, g, fn, ...)
    checkType(fname, "fn", fn, "function")
    if nesting >= MAX_NESTING then
        error(string.format("%s: processes started inside one another %d deep (does a process start itself?)",
            fname, MAX_NESTING), 3)
    end
    local p = newProcess(fn, g, current)
    nesting = nesting + 1
    launch(p, ...)
    nesting = nesting - 1
    stopIfCancelled()
    return handle(p)
end

local function statusOf(p)
    local s = p[STATUS]
    if s == READY then
        return WAITING
    end
    return s
end

cancelProcess = function(p)
    local children = extra(p, CHILDREN)
    if children then
        cancelEach(oldestFirst(children))
    end
    if not isLive(p) then
        return false
    end
    p[STATUS] = CANCELLED
    finishProcess(p)
    stopIfCancelled()
    return true
end

---------------------------------------------------------------------------
-- Private helpers: groups and their clocks
---------------------------------------------------------------------------

local function newGroupObject(name)
    local g = {
        name = name,
        scale = 1,
        paused = false,
        clock = 0, -- group time in seconds
        tick = 0, -- ticks this group has run (not counting paused ones)
        processedKey = 0, -- last timer bucket already run
        buckets = {},
        frameBuckets = {},
        untilList = { n = 0, live = 0 },
        deferred = {},
        live = 0, -- live processes of the group
        idle = true, -- not stepped: clock and tick are as of syncTime/syncTicks
        inList = false, -- in activeGroups
        syncTime = totalTime,
        syncTicks = totalTicks,
    }
    groupCount = groupCount + 1
    g.index = groupCount
    g.handle = setmetatable({}, GroupHandle)
    groupOf[g.handle] = g
    return g
end

-- Brings an idle group's clock and tick count up to date. One whose step in
-- the tick under way is still to come catches up to the previous tick only:
-- the step adds this one, as if it had never been idle.
local function catchUp(g)
    if not g.idle then
        return
    end
    local time, ticks = totalTime, totalTicks
    if stepping and g.index > steppingIndex and g.index <= lastIndexThisTick then
        time, ticks = previousTotalTime, totalTicks - 1
    end
    if not g.paused then
        g.clock = g.clock + (time - g.syncTime) * g.scale
        g.tick = g.tick + (ticks - g.syncTicks)
    end
    g.syncTime, g.syncTicks = time, ticks
end

activateGroup = function(g)
    catchUp(g)
    g.idle = false
    if g.inList then
        return
    end
    g.inList = true
    local at = #activeGroups + 1
    while at > 1 and activeGroups[at - 1].index > g.index do
        activeGroups[at] = activeGroups[at - 1]
        at = at - 1
    end
    activeGroups[at] = g
    if stepping and at <= stepping then
        stepping = stepping + 1 -- the group being stepped moved one place on
    end
end

local root = newGroupObject("root")
activateGroup(root)

adoptCoroutine = function(co)
    local fn
    for level = 1, 200 do -- the coroutine's body is the outermost function on its stack
        local info = getinfo(level, "f")
        if not info then
            break
        end
        fn = info.func
    end
    local parent = current or nil
    local p = newProcess(fn, parent and parent[GROUP] or root, parent, co)
    adoptedCoroutines[co] = p
    return p
end

---------------------------------------------------------------------------
-- Private helpers: one tick of one group (the ordering guarantees above)
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
-- processes began waiting. The case of timedWait's fast path (a waiting
-- process with no wait kind) is inlined (a copy of resumeProcess): it is the
-- scheduler's hot path. Measured as for timedWait below: 1,009 M instructions
-- with the copy, 1,132 M (+12%) resuming through wake(). The resumed frame
-- works out the elapsed time itself. One call runs a tick's whole range, and
-- newBucket's and recycleBucket's work is done in one call or none: most
-- buckets hold one or two timers, so per-bucket calls cost a dense tick 6%
-- (callgrind, lua5.1, N = 1,000: 120,537 -> 112,987 instructions a tick).
local function runBuckets(g, fromKey, toKey)
    local buckets = g.buckets
    -- g is not paused now (stepGroup checked); a process woken here may pause it.
    local pausesBefore = pausesMade
    for key = fromKey, toKey do
        local b = buckets[key]
        if b then
            buckets[key] = nil
            -- Literal bucket slots (b[3] KEY, b[1] LAST, entries from 4), as for the record below.
            b[3] = false -- detached: removeTimer must not touch the bucket map
            local last = b[1]
            for i = 4, last do
                local entry = b[i] -- a sleeping process's record, or a checked wait's ticket
                if entry then
                    b[i] = false -- fired: removeTimer must no longer find it here
                    -- Literal slots and strings (p[3] is WAIT_KIND, p[2] STATUS, p[1] COROUTINE):
                    -- an upvalue key costs Lua 5.1 one more instruction per access, and
                    -- this loop runs for every timed wake-up.
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
                        local q = entry[TICKET.PROCESS]
                        q[WAIT_KIND] = false
                        if kind == KIND_SIGNAL_TIMEOUT then
                            removeFromList(q)
                            if observer then
                                observer("timeout", q[ID], nameOf(q), entry[TICKET.WHAT])
                            end
                            wake(q, false)
                        else
                            wake(q) -- waitSecondsChecked works out the elapsed time
                        end
                    end
                end
            end
            -- recycleBucket, inlined: every slot is false now, KEY is already false
            b[1], b[2] = 3, 0
            if bucketPoolSize < 64 and last <= 259 then -- BUCKET_POOL.MAX, BUCKET_POOL.KEEP_MAX + 3 (checked at load)
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

---------------------------------------------------------------------------
-- Private helpers: joining processes
---------------------------------------------------------------------------

local function endedError(q)
    if q[STATUS] == CANCELLED then
        return string.format("waited-on %s was cancelled", nameOf(q))
    end
    return string.format("waited-on %s failed: %s", nameOf(q), tostring(q[RESULT]))
end

-- record = { waiter, mode ("any"|"all"), procs, remaining }
resumeJoiner = function(record, q)
    local w = record.waiter
    if w[WAIT_ON] ~= record or w[WAIT_KIND] ~= KIND_PROCESS then
        return -- the waiter moved on (cancelled, or another process of waitAny won)
    end
    record.remaining = record.remaining - 1
    if q[STATUS] ~= DONE or record.mode == "any" or record.remaining == 0 then
        w[WAIT_KIND], w[WAIT_ON] = false, false
        wake(w, q)
    end
end

local function joinResults(q)
    local r = q[RESULT]
    return unpack(r, 1, r.n)
end

-- Suspends until the processes in procs end (mode "all") or the first does
-- ("any"). Returns the process that ended last / first, or the first that failed
-- or was cancelled; callers decide whether that raises.
local function awaitProcesses(fname, mode, procs)
    local p = requireProcess(fname)
    for i = 1, #procs do
        if procs[i] == p then
            error(fname .. ": a process cannot wait for itself", 3)
        end
    end
    local record = { waiter = p, mode = mode, procs = procs, remaining = 0 }
    for i = 1, #procs do
        local q = procs[i]
        if q[STATUS] ~= DONE and isLive(q) then
            record.remaining = record.remaining + 1
        elseif q[STATUS] ~= DONE or mode == "any" then
            return q
        end
    end
    if record.remaining == 0 then
        return procs[#procs]
    end
    for i = 1, #procs do
        local q = procs[i]
        if isLive(q) then
            local extras = extrasOf(q)
            local joiners = extras[JOINERS]
            if not joiners then
                joiners = {}
                extras[JOINERS] = joiners
            end
            joiners[#joiners + 1] = record
        end
    end
    p[WAIT_KIND], p[WAIT_ON] = KIND_PROCESS, record
    return suspend(p)
end

-- Raises at the caller of the public function if q did not finish cleanly.
local function requireDone(q)
    if q[STATUS] ~= DONE then
        error(endedError(q), 3)
    end
    return q
end

local function collectProcesses(fname, ...)
    local procs = { ... }
    if #procs == 0 or select("#", ...) ~= #procs then
        error(fname .. ": expected one or more process handles", 3)
    end
    for i = 1, #procs do
        local p = processOf(procs[i])
        if not p then
            error(string.format("%s: argument %d must be a process handle. Was %s", fname, i, describe(procs[i])), 3)
        end
        procs[i] = p
    end
    return procs
end

---------------------------------------------------------------------------
-- Private helpers: waits and signals
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

-- The closures timedWait makes: a process on their fast path keeps its timer
-- in their frame (see suspendedTimer).
local timedWaitFunctions = {}

-- Makes waitSeconds and its alias wait: one body, each naming itself in errors.
local function timedWait(fname)
  local function timedWaitFast(seconds)
    local p = current
    -- This runs on every wake of every timed process, so the checks and the
    -- wait are inlined (addTicket's bucket placement, with no ticket, and
    -- suspend). Measured, when the timer still lived in the record, with callgrind on
    -- lua5.1, 10,000 processes waking every 0.5-3 s for 780 ticks: 1,009 M
    -- instructions with this copy, 1,235 M (+22%) going through
    -- waitSecondsChecked instead.
    -- Literal slots here as in runBuckets (p[2] STATUS, p[1] COROUTINE, p[4] GROUP), checked at load.
    -- `not (seconds > 0)` also catches NaN, which no comparison holds for.
    if not p or type(seconds) ~= "number" or not (seconds > 0) or seconds >= huge -- luacheck: ignore 581
        or p[2] == "cancelled" or coRunning() ~= p[1] or observer then
        return (waitSecondsChecked(seconds, fname))
    end
    -- The timer lives in this frame, not in the record: its bucket and slot
    -- (for cancel), and the start time (for the elapsed time returned). The
    -- record only says "waiting" with no wait kind, which means "in this
    -- frame". Four stores fewer a wake-up than writing them to the record:
    -- 137,864 -> 125,317 instructions a tick at N = 1,000 (callgrind,
    -- lua5.1, the workload of bench/scheduler_instructions.sh), and waiting
    -- coroutines no larger (bench/scheduler_bench.lua's memory figure did not move).
    local g = p[4]
    local start = g.clock
    local x = (start + seconds) * 1000 - 1e-6 -- MS and EPSILON, as constants (checked at load)
    local key = x - x % 1 -- addTicket's ceiling, inlined
    if key < x then
        key = key + 1
    end
    if key <= g.processedKey then
        key = g.processedKey + 1
    end
    local timerBucket = g.buckets[key] or newBucket(g, key)
    local timerSlot = timerBucket[1] + 1 -- BUCKET.LAST
    timerBucket[timerSlot], timerBucket[1] = p, timerSlot
    p[2] = "waiting"
    coYield()
    -- Cancel reads timerBucket and timerSlot from this frame while it is
    -- suspended (see suspendedTimer). Using them after the yield keeps them
    -- there on LuaJIT, which leaving compiled code restores only the slots
    -- still to be read; without it, cancel found a number in timerBucket.
    if timerBucket and timerSlot then
        return g.clock - start
    end
  end
  timedWaitFunctions[timedWaitFast] = true
  return timedWaitFast
end

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

-- The timer of a process suspended on timedWait's fast path: the bucket and
-- slot locals of that frame, or nil. Read through the debug library: only
-- cancel and the inspector need it. Level 1 is the frame that called
-- coroutine.yield; its two local names are enough to know it is timedWait's
-- (getinfo, the other way, made cancelling 100,000 sleepers 5x slower on
-- LuaJIT), and findTimer still checks that the slot holds p.
suspendedTimer = function(p)
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

local function addSignalWaiter(p, name)
    local list = signalWaiters[name]
    if not list then
        list = { n = 0, live = 0, signal = name }
        signalWaiters[name] = list
    end
    p[WAIT_LIST], p[WAIT_LIST_INDEX] = list, appendTo(list, p)
end

-- Tells the observer who sends `name` (event "signal" or "latch") and which
-- processes it is about to wake, before they run.
local function observeSignal(event, name, list)
    local ids = {}
    if list then
        for i = 1, list.n do
            if list[i] then
                ids[#ids + 1] = list[i][ID]
            end
        end
    end
    observer(event, name, current and current[ID] or 0, current and nameOf(current) or "host",
        table.concat(ids, " "), #ids)
end

local function deliver(name, event, ...)
    namesSent[name] = totalTime
    local list = signalWaiters[name]
    if observer then
        observeSignal(event, name, list)
    end
    if not list then
        return 0
    end
    -- Detach the list first: a waiter that waits on `name` again while this
    -- delivery runs joins a new list and is not resumed a second time now.
    signalWaiters[name] = nil
    list.signal = nil
    local woken = 0
    for i = 1, list.n do
        local p = list[i]
        if p then
            p[WAIT_LIST], p[WAIT_LIST_INDEX] = false, false
            woken = woken + 1
            if p[WAIT_KIND] == KIND_SIGNAL_TIMEOUT then
                removeTimer(p)
                p[WAIT_KIND] = false
                wake(p, true, ...)
            else
                p[WAIT_KIND] = false
                wake(p, ...)
            end
        end
    end
    return woken
end

---------------------------------------------------------------------------
-- Private helpers: introspection and deadlocks
---------------------------------------------------------------------------

-- file:line where the process's coroutine is suspended, in the author's code
-- (the support libraries' frames are skipped).
whereWaiting = function(p)
    if not p[COROUTINE] then
        return "?"
    end
    return authorLocation(p[COROUTINE]) or "(stage library)" -- a helper of the stage API, e.g. a scene's runner
end

-- What p waits on: its wait kind, or KIND_SECONDS for a process suspended on
-- timedWait's fast path, which writes no kind to the record.
local function waitKindOf(p)
    local kind = p[WAIT_KIND]
    if not kind and p[STATUS] == WAITING then
        return KIND_SECONDS
    end
    return kind
end

-- The group time a waiting process's timer is due, or nil.
local function timerDue(p)
    local b = findTimer(p)
    local key = b and b[BUCKET.KEY]
    return key and key / MS
end

local function describeWait(p)
    local kind, on, g = waitKindOf(p), p[WAIT_ON], p[GROUP]
    if kind == KIND_SECONDS then
        return kind, math.max(0, (timerDue(p) or g.clock) - g.clock)
    elseif kind == KIND_FRAMES then
        return kind, on - g.tick
    elseif kind == KIND_SIGNAL then
        return kind, on
    elseif kind == KIND_SIGNAL_TIMEOUT then
        local left = math.max(0, (timerDue(p) or g.clock) - g.clock)
        return kind, string.format("%s (%.1f s left)", on[TICKET.WHAT], left)
    elseif kind == KIND_UNTIL then
        if label.descriptions[on] then -- walkTo, dialogue...: what the stage library said the wait is
            return kind, label.descriptions[on]
        end
        local info = getinfo(on, "S")
        if supportSources[info.source] then
            return kind, "a stage condition" -- where they were called says more
        end
        return kind, info.short_src .. ":" .. info.linedefined
    elseif kind == KIND_PROCESS then
        local names = {}
        for i = 1, #on.procs do
            names[i] = nameOf(on.procs[i])
        end
        return kind, table.concat(names, ", ")
    end
    return statusOf(p), nil
end

-- What describeWait found, in one line as the inspector shows it:
-- "seconds 1.5 s", "signal door", "running".
local function waitSummary(kind, detail)
    if kind == KIND_SECONDS then
        return string.format("%s %.1f s", kind, detail)
    elseif detail == nil then
        return kind
    end
    return kind .. " " .. tostring(detail)
end

-- A process is stuck when it waits (with no timeout) on a signal while no
-- live process could still send one, or on processes that are stuck.
local function stuckProcesses(list)
    local anyProgressing = false
    for _, p in ipairs(list) do
        local kind = p[WAIT_KIND]
        if kind ~= KIND_SIGNAL and kind ~= KIND_PROCESS then
            anyProgressing = true
        end
    end
    local stuck = {}
    if not anyProgressing then
        for _, p in ipairs(list) do
            stuck[p] = true
        end
        return stuck, false
    end
    -- Others still run, so any signal may yet come: only joins can be proven
    -- stuck. Start from every join and drop those that can still end (the
    -- greatest fixed point), which keeps cycles such as A waits B, B waits A.
    for _, p in ipairs(list) do
        stuck[p] = p[WAIT_KIND] == KIND_PROCESS or nil
    end
    local changed = true
    while changed do
        changed = false
        for _, p in ipairs(list) do
            if stuck[p] then
                local record = p[WAIT_ON]
                local anyStuck, allStuck = false, true
                for _, q in ipairs(record.procs) do
                    if isLive(q) then
                        if stuck[q] then
                            anyStuck = true
                        else
                            allStuck = false
                        end
                    end
                end
                local stillStuck = (record.mode == "all" and anyStuck) or (record.mode == "any" and allStuck)
                if not stillStuck then
                    stuck[p] = nil
                    changed = true
                end
            end
        end
    end
    return stuck, true
end

---Names the processes that wait on something nothing live can produce any
---more. Certain entries: every live process waits on a signal or a process, so
---nothing can run again; or processes wait on each other in a cycle. When other
---processes still run, a signal waiter whose name was never sent is listed as
---uncertain, with the closest name that was sent or waited on (a likely typo).
---@return table[] entries { process, name, waitingOn, where, certain, hint }
-- The one wording of a deadlock, for the report here and for the host's
-- transcript and screen (which read the entries' `line`).
local function deadlockLine(e)
    local line = string.format("%s: %s %s on %s", e.where, e.name,
        e.certain and "is stuck waiting" or "may be stuck waiting", e.waitingOn)
    if e.hint then
        return line .. string.format(' (never sent; did you mean "%s"?)', e.hint)
    elseif e.sentAt then
        return line .. string.format(" (sent at %.2f s, before this wait began; a latch keeps a signal for "
            .. "later waiters)", e.sentAt)
    end
    return line
end

---------------------------------------------------------------------------
-- Private helpers: protected calls and script coroutines
---------------------------------------------------------------------------

local function checkNesting(fname)
    if nesting >= MAX_NESTING then
        error(string.format("%s: coroutines resumed inside one another %d deep (runaway recursion?)", fname,
            MAX_NESTING), 3)
    end
end

-- Runs fn(...) in a coroutine that passes its waits up to the caller's
-- coroutine. Returns coroutine.resume's results of the final resume, the
-- error value untouched (as plain pcall returns it). A Lua function is the
-- coroutine's body itself, so error levels count as they would under pcall;
-- only a callable table or userdata needs a closure around it (Lua 5.1
-- coroutines take functions only).
local function runProtected(fname, fn, ...)
    checkNesting(fname)
    local body = fn
    if type(fn) ~= "function" then
        body = function(...)
            return fn(...)
        end
    end
    local co = coCreate(body)
    passesWaitsTo[co] = coRunning() or false
    nesting = nesting + 1
    local results = pack(coResume(co, ...))
    while results[1] and coroutine.status(co) == "suspended" do
        -- fn waited (or yielded): the caller's coroutine waits in its place.
        nesting = nesting - 1
        local resumedWith = pack(coYield(unpack(results, 2, results.n)))
        nesting = nesting + 1
        results = pack(coResume(co, unpack(resumedWith, 1, resumedWith.n)))
    end
    nesting = nesting - 1
    if not results[1] and killPending() then
        error(results[2], 0)
    end
    return results
end

-- A C function (string.find, error, a stage binding) cannot wait, so it runs
-- under the standard pcall: its errors and their levels are exactly plain
-- Lua's. A kill the host is carrying out is passed on, never caught.
local function protectedCFunction(fn, ...)
    local results = pack(pcall(fn, ...))
    if not results[1] and killPending() then
        error(results[2], 0)
    end
    return results
end

local function isCFunction(fn)
    return type(fn) == "function" and getinfo(fn, "S").what == "C"
end

local function checkScriptCoroutine(fname, co)
    if type(co) ~= "thread" then
        error(string.format("%s: expected a coroutine. Was %s", fname, describe(co)), 3)
    end
    local p = processOfCoroutine(co)
    if p then
        error(string.format("%s: that coroutine belongs to %s, which the scheduler resumes; "
            .. "coordinate with signal() and waitSignal(), or waitProcess()", fname, nameOf(p)), 3)
    end
end

local function resumeScriptCoroutine(co, ...)
    nesting = nesting + 1
    local results = pack(coResume(co, ...))
    nesting = nesting - 1
    if not results[1] and killPending() then
        error(results[2], 0)
    end
    return results
end

---------------------------------------------------------------------------
-- Public API: processes
---------------------------------------------------------------------------

---Starts fn(...) as a new process in the current group (the root group from
---outside a process). It runs at once until its first wait. Started from inside
---a process, the new one is that process's child: cancelling the parent cancels it.
---@param fn function
---@param ... any arguments for fn
---@return Process
function M.runProcess(fn, ...)
    return startProcess("runProcess", current and current[GROUP] or root, fn, ...)
end

---Runs fn(...) as a child process and waits for it, like pcall across waits
---(pcall cannot span a wait on PUC Lua 5.1). Returns true and fn's return
---values, or false and the error message with its traceback. The failure is
---not sent to the error handler: the caller has it.
---@param fn function
---@param ... any
---@return boolean ok
---@return any ... results, or the error message
function M.try(fn, ...)
    checkType("try", "fn", fn, "function")
    local p = requireProcess("try")
    local child = newProcess(fn, p[GROUP], p)
    quietFailures[child] = true
    launch(child, ...)
    stopIfCancelled()
    local q = awaitProcesses("try", "all", { child })
    if q[STATUS] == DONE then
        return true, joinResults(q)
    end
    return false, q[STATUS] == FAILED and q[RESULT] or endedError(q)
end

---Registers fn to run when the current process ends, however it ends (done,
---failed or cancelled). Cleanups run in reverse order of registration.
---@param fn function
function M.onCleanup(fn)
    checkType("onCleanup", "fn", fn, "function")
    local p = requireProcess("onCleanup")
    local extras = extrasOf(p)
    local cleanups = extras[CLEANUPS]
    if not cleanups then
        cleanups = {}
        extras[CLEANUPS] = cleanups
    end
    cleanups[#cleanups + 1] = fn
end

---@return Process|nil the running process, or nil outside any process
function M.currentProcess()
    return current and handle(current) or nil
end

---@return integer count the processes that have not ended
function M.liveProcessCount()
    return liveCount
end

---Cancels every live process in every group.
function M.cancelAll()
    cancelEach(liveOldestFirst())
end

---------------------------------------------------------------------------
-- Public API: waiting (time, frames, signals, conditions, other processes)
---------------------------------------------------------------------------

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

---Suspends until `signal(name, ...)` is sent, and returns its values. If the
---name is latched (see `latch`), returns the latched values at once.
---@param name string
---@return any ... the values passed to signal
function M.waitSignal(name)
    checkType("waitSignal", "name", name, "string")
    local p = requireProcess("waitSignal")
    local values = latched[name]
    if values then
        return unpack(values, 1, values.n)
    end
    p[WAIT_KIND], p[WAIT_ON] = KIND_SIGNAL, name
    addSignalWaiter(p, name)
    return suspend(p)
end

---Like waitSignal, but gives up after `seconds`.
---@param name string
---@param seconds number
---@return boolean signalled true if the signal came, false on timeout
---@return any ... the signal's values
function M.waitSignalTimeout(name, seconds)
    checkType("waitSignalTimeout", "name", name, "string")
    checkNonNegative("waitSignalTimeout", "seconds", seconds)
    local p = requireProcess("waitSignalTimeout")
    local values = latched[name]
    if values then
        return true, unpack(values, 1, values.n)
    end
    local g = p[GROUP]
    addTicket(p, g, g.clock + seconds, KIND_SIGNAL_TIMEOUT, name)
    addSignalWaiter(p, name)
    return suspend(p)
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

---Suspends until process q ends and returns its return values. Raises, with
---q's message and traceback, if q failed or was cancelled.
---@param q Process
---@return any ...
function M.waitProcess(q)
    q = checkProcess("waitProcess", q)
    return joinResults(requireDone(awaitProcesses("waitProcess", "all", { q })))
end

---Suspends until process q ends, however it ends, and says how; unlike
---waitProcess it never raises for q's failure or cancellation.
---@param q Process
---@return "done"|"failed"|"cancelled" status
function M.waitEnded(q)
    q = checkProcess("waitEnded", q)
    return awaitProcesses("waitEnded", "all", { q })[STATUS]
end

---Suspends until every process ends. Returns one packed table of return values
---per process ({n = count, ...}), in argument order. Raises as soon as one fails.
---@param ... Process
---@return table ...
function M.waitAll(...)
    local procs = collectProcesses("waitAll", ...)
    requireDone(awaitProcesses("waitAll", "all", procs))
    local results = {}
    for i = 1, #procs do
        results[i] = procs[i][RESULT]
    end
    return unpack(results, 1, #procs)
end

---Suspends until the first of the processes ends.
---@param ... Process
---@return integer index which argument ended first
---@return any ... its return values
function M.waitAny(...)
    local procs = collectProcesses("waitAny", ...)
    local q = requireDone(awaitProcesses("waitAny", "any", procs))
    for i = 1, #procs do
        if procs[i] == q then
            return i, joinResults(q)
        end
    end
end

---------------------------------------------------------------------------
-- Public API: signals and latches
---------------------------------------------------------------------------

---Wakes every process waiting on `name` at the moment of the call, in the order
---they began waiting, passing the values. A signal nobody waits for is dropped
---(use `latch` when the waiter may come later).
---@param name string
---@param ... any values for the waiters
---@return integer woken how many processes were resumed
function M.signal(name, ...)
    checkType("signal", "name", name, "string")
    local woken = deliver(name, "signal", ...)
    stopIfCancelled()
    return woken
end

---Sets a latch: wakes the current waiters like `signal`, and every later
---waitSignal(name) returns these values at once until `unlatch(name)`.
---@param name string
---@param ... any
---@return integer woken
function M.latch(name, ...)
    checkType("latch", "name", name, "string")
    latched[name] = pack(...)
    local woken = deliver(name, "latch", ...)
    stopIfCancelled()
    return woken
end

---Resets a latch set by `latch`; later waits block again.
---@param name string
function M.unlatch(name)
    checkType("unlatch", "name", name, "string")
    latched[name] = nil
    if observer then
        observer("unlatch", name, current and current[ID] or 0, current and nameOf(current) or "host", "", 0)
    end
end

---@param name string
---@return boolean
function M.isLatched(name)
    checkType("isLatched", "name", name, "string")
    return latched[name] ~= nil
end

---------------------------------------------------------------------------
-- Public API: process handles
---------------------------------------------------------------------------

---@class Process
---@return "running"|"waiting"|"done"|"failed"|"cancelled"
function Process:status()
    return statusOf(checkSelf(self, Process, "status"))
end

---Stops the process for good: it never resumes, its cleanups run, and every
---live process it started is cancelled too. Cancelling an ended process still
---cancels its live children. Returns true if this process was live.
---@return boolean
function Process:cancel()
    return cancelProcess(checkSelf(self, Process, "cancel"))
end

---@return boolean
function Process:isAlive()
    return isLive(checkSelf(self, Process, "isAlive"))
end

---Names the process for error reports and the inspector. Returns the process.
---@param name string
---@return Process
function Process:setName(name)
    local p = checkSelf(self, Process, "setName")
    checkType("Process:setName", "name", name, "string")
    p[NAME] = name
    return self
end

---@return string
function Process:name()
    return nameOf(checkSelf(self, Process, "name"))
end

---@return any ... the return values of a finished process
function Process:results()
    local p = checkSelf(self, Process, "results")
    if p[STATUS] ~= DONE then
        return
    end
    return joinResults(p)
end

---@return string|nil message the error (with traceback) of a failed process
function Process:errorMessage()
    local p = checkSelf(self, Process, "errorMessage")
    if p[STATUS] == FAILED then
        return p[RESULT]
    end
end

---@return Group
function Process:group()
    return checkSelf(self, Process, "group")[GROUP].handle
end

ProcessHandle.__tostring = function(h)
    local p = processOf(h)
    return nameOf(p) .. " [" .. statusOf(p) .. "]"
end

---------------------------------------------------------------------------
-- Public API: groups (time scale, pause and cancel for a set of processes)
---------------------------------------------------------------------------

---Makes a group with its own clock. Processes started by group:run(), and the
---processes they start, belong to it.
---@param name string
---@return Group
function M.newGroup(name)
    checkType("newGroup", "name", name, "string")
    return newGroupObject(name).handle
end

---@return Group the group every process belongs to unless told otherwise
function M.rootGroup()
    return root.handle
end

---@class Group
---Starts fn(...) as a process in this group.
---@param fn function
---@return Process
function Group:run(fn, ...)
    return startProcess("Group:run", checkSelf(self, Group, "run"), fn, ...)
end

---Scales the group's clock: 0.5 is slow motion, 0 stops timers (frames still count).
---@param scale number
function Group:setTimeScale(scale)
    local g = checkSelf(self, Group, "setTimeScale")
    checkNonNegative("Group:setTimeScale", "scale", scale)
    catchUp(g) -- time idle so far ran at the old scale
    g.scale = scale
end

---@return number
function Group:timeScale()
    return checkSelf(self, Group, "timeScale").scale
end

---Pauses the group: no timer, frame, predicate or signal resumes its processes
---until resume(); wake-ups that arrive meanwhile run on its first tick after.
function Group:pause()
    local g = checkSelf(self, Group, "pause")
    catchUp(g)
    g.paused = true
    pausesMade = pausesMade + 1
end

function Group:resume()
    local g = checkSelf(self, Group, "resume")
    catchUp(g)
    g.paused = false
end

---@return boolean
function Group:isPaused()
    return checkSelf(self, Group, "isPaused").paused
end

---@return number seconds of group time since it was made
function Group:now()
    local g = checkSelf(self, Group, "now")
    catchUp(g)
    return g.clock
end

---Cancels every live process of the group.
function Group:cancel()
    local g = checkSelf(self, Group, "cancel")
    cancelEach(liveOldestFirst(function(p)
        return p[GROUP] == g
    end))
end

---------------------------------------------------------------------------
-- Public API: introspection and the deadlock report
---------------------------------------------------------------------------

-- A process the stage library started for itself (a scene's runner): no
-- process started it, and the function at the bottom of its coroutine is
-- the library's. Scenes do not see it, so they cannot cancel or join it.
local function isLibraryProcess(p)
    local co = p[COROUTINE]
    if p[PARENT] or not co or adoptedCoroutines[co] then
        return false
    end
    local bottom = 0
    while getinfo(co, bottom + 1, "l") do
        bottom = bottom + 1
    end
    local info = bottom > 0 and getinfo(co, bottom - 1, "S") -- the frame above processBody: its function
    return info and supportSources[info.source] or false
end

local function processReport(includeLibrary)
    local out = {}
    for _, p in ipairs(liveOldestFirst()) do
        if includeLibrary or not isLibraryProcess(p) then
            local kind, detail = describeWait(p)
            out[#out + 1] = {
                process = handle(p), id = p[ID], name = nameOf(p), status = statusOf(p), group = p[GROUP].name,
                waiting = waitKindOf(p) or nil, detail = detail, summary = waitSummary(kind, detail),
                where = whereWaiting(p),
            }
        end
    end
    return out
end

---Describes every live process, oldest first: { process, id, name, status,
---group, waiting (kind or nil), detail (seconds left, signal name, frames
---left, predicate location or process names), summary (the two in one line,
---as the inspector shows it), where (file:line) }. The stage library's own
---processes (a scene's runner) are left out.
---@return table[]
function M.processes()
    return processReport(false)
end

---Host only: processes() with the stage library's own processes too.
function M.allProcesses()
    return processReport(true)
end

function M.findDeadlocks()
    local list = liveOldestFirst()
    local stuck, othersRun = stuckProcesses(list)
    local known = {}
    for name in pairs(namesSent) do
        known[#known + 1] = name
    end
    for name in pairs(signalWaiters) do
        known[#known + 1] = name
    end
    table.sort(known)
    local out = {}
    for _, p in ipairs(list) do
        local kind, detail = describeWait(p)
        local certain = stuck[p] == true
        local suspicious = kind == KIND_SIGNAL and not namesSent[detail]
        if certain or (othersRun and suspicious) then
            -- A waiter still waiting on a name that was sent missed it: the
            -- send came before the wait began.
            local sentAt = kind == KIND_SIGNAL and namesSent[detail] or nil
            local hint = kind == KIND_SIGNAL and not sentAt and closestName(detail, known) or nil
            local e = {
                process = handle(p), name = nameOf(p), waitingOn = kind .. " " .. tostring(detail),
                where = whereWaiting(p), certain = certain, hint = hint, sentAt = sentAt,
            }
            e.line = deadlockLine(e)
            out[#out + 1] = e
        end
    end
    return out
end

---The deadlock report as text, one line per stuck process, or nil if none.
---@return string|nil
function M.deadlockReport()
    local entries = M.findDeadlocks()
    if #entries == 0 then
        return nil
    end
    local lines = {}
    for _, e in ipairs(entries) do
        lines[#lines + 1] = e.line
    end
    return table.concat(lines, "\n")
end

---------------------------------------------------------------------------
-- Host only: the tick, error handling and hooks
---------------------------------------------------------------------------

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
                g.idle, g.syncTime, g.syncTicks = true, totalTime, totalTicks
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

---Sets the function called with (message with traceback, process) when a
---process fails. Default: write the message to stderr. nil restores the default.
---@param fn fun(message: string, p: Process)|nil
function M.setErrorHandler(fn)
    errorHandler = optionalFunction("setErrorHandler", fn) or defaultErrorHandler
end

errorHandler = defaultErrorHandler

---Host only: fn() returns true while the host stops a runaway script (the
---scene's pcall, xpcall and coroutine.resume then pass the error on);
---finish() ends the kill once the process it stopped has failed.
---@param fn fun(): boolean
---@param finish fun()|nil
function M.setKillCheck(fn, finish)
    checkType("setKillCheck", "fn", fn, "function")
    killPending = fn
    endKill = optionalFunction("setKillCheck", finish) or endKill
end

---Host only: fn(event, ...) hears the mechanics as they happen, for the
---transcript and the timeline; nil stops it. Events and their values:
---  process_start id, name, parent id (0: none), "file:line" of its function
---  process_end   id, name, status ("done", "failed", "cancelled")
---  wait          id, name, kind, target, the author's "file:line"
---  signal, latch, unlatch   signal name, sender id (0: the host), sender
---                name, ids woken ("3 5"), how many
---  timeout       id, name, signal name
---@param fn fun(event: string, ...)|nil
function M.setObserver(fn)
    observer = optionalFunction("setObserver", fn) or false
end

---Host only: waitUntil for a stage helper, telling the observer what the wait
---is (kind "page", "menu", "walk"...) and its target, and the inspector what
---it waits for ("the player turns the page": processes() gives it as the
---detail, so the summary reads "until the player turns the page").
---@param kind string
---@param target string
---@param predicate fun(): boolean
---@param description? string
function M.waitUntilLabelled(kind, target, predicate, description)
    label.kind, label.target = kind, target
    if description ~= nil then
        label.descriptions[predicate] = description
    end
    local elapsed = M.waitUntil(predicate)
    label.kind, label.target = false, false
    return elapsed
end

---Host only: the table whose functions "did you mean" suggests from.
---@param env table
function M.setSceneGlobals(env)
    checkType("setSceneGlobals", "env", env, "table")
    sceneGlobals = env
end

---Host only: errors inside this chunk (e.g. "@scripts/StageSupport.lua") are
---reported at the scene line that called into it.
---@param source string
function M.addSupportSource(source)
    checkType("addSupportSource", "source", source, "string")
    supportSources[source] = true
    supportShortSources[source:gsub("^@", "")] = true
end

---------------------------------------------------------------------------
-- Scene libraries: pcall, xpcall and coroutine, as scenes see them
-- The host installs these in the scene sandbox in place of the standard ones,
-- so that scenes behave the same on PUC Lua 5.1 and LuaJIT:
--  - pcall/xpcall run their function in a coroutine and pass its waits up, so
--    a wait inside pcall waits (PUC Lua 5.1 cannot yield across pcall);
--  - coroutine.resume/wrap refuse coroutines the scheduler owns, and bound how
--    deep coroutines resume one another;
--  - none of them catches a kill the host is carrying out (the watchdog).
---------------------------------------------------------------------------

---pcall for scenes: a wait inside it waits, on both VMs; otherwise it is
---the standard pcall (the same results and the same error values).
function M.pcall(...)
    if select("#", ...) == 0 then
        error("bad argument #1 to 'pcall' (value expected)", 2)
    end
    local fn = ...
    if type(fn) ~= "function" and not (getmetatable(fn) and true) then
        return false, "attempt to call a " .. type(fn) .. " value"
    end
    local results
    if isCFunction(fn) then
        results = protectedCFunction(...)
    else
        results = runProtected("pcall", ...)
    end
    return unpack(results, 1, results[1] and results.n or 2)
end

---xpcall for scenes: like pcall; the handler receives the error value after
---the failed function has unwound (scenes have no debug library to walk it)
---and xpcall returns false and the handler's first result. A handler that
---itself fails gives "error in error handling", as in Lua 5.1.
function M.xpcall(fn, handler)
    checkType("xpcall", "handler", handler, "function")
    local results
    if isCFunction(fn) then
        results = protectedCFunction(fn)
    else
        results = runProtected("xpcall", fn)
    end
    if results[1] then
        return unpack(results, 1, results.n)
    end
    local handled = protectedCFunction(handler, results[2])
    if not handled[1] then
        return false, "error in error handling"
    end
    return false, handled[2]
end

local sceneCoroutine = {
    create = function(fn)
        checkType("coroutine.create", "fn", fn, "function")
        return coCreate(fn)
    end,
    -- As in plain Lua, a failure is what resume returns (false and the
    -- error value): the script that resumed the coroutine decides.
    resume = function(co, ...)
        checkScriptCoroutine("coroutine.resume", co)
        checkNesting("coroutine.resume")
        local results = resumeScriptCoroutine(co, ...)
        return unpack(results, 1, results.n)
    end,
    -- A function run by wrap cannot wait: its caller would receive the
    -- scheduler's yield as if the function had returned (see requireProcess).
    wrap = function(fn)
        checkType("coroutine.wrap", "fn", fn, "function")
        local co = coCreate(fn)
        wrappedCoroutines[co] = true
        return function(...)
            checkScriptCoroutine("coroutine.wrap", co)
            checkNesting("coroutine.wrap")
            local results = resumeScriptCoroutine(co, ...)
            if not results[1] then
                error(results[2], 0)
            end
            return unpack(results, 2, results.n)
        end
    end,
    yield = coYield,
    status = coroutine.status,
    running = coRunning,
}

---A fresh copy of the coroutine library for one scene sandbox.
---@return table
function M.sceneCoroutineLibrary()
    local copy = {}
    for name, fn in pairs(sceneCoroutine) do
        copy[name] = fn
    end
    return copy
end

---------------------------------------------------------------------------
-- Global names, as in the original article
---------------------------------------------------------------------------

local GLOBAL_NAMES = {
    "runProcess", "waitSeconds", "wait", "waitFrames", "waitSignal", "waitSignalTimeout",
    "signal", "latch", "unlatch", "isLatched", "waitUntil", "waitProcess", "waitEnded", "waitAll", "waitAny",
    "try", "onCleanup", "currentProcess", "liveProcessCount", "wakeUpWaitingThreads", "setErrorHandler", "cancelAll",
    "newGroup", "rootGroup", "processes", "findDeadlocks", "deadlockReport",
}

M.GLOBAL_NAMES = GLOBAL_NAMES

---Host only: the one "did you mean" rule, for the host's other checks
---(CheckSupport.lua). Returns the candidate `name` most likely meant, or nil.
M.closestName = closestName

for _, name in ipairs(GLOBAL_NAMES) do
    _G[name] = M[name]
end

return M
