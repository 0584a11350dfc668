--- What a process is: the slots of a process record, its statuses and wait
-- kinds, and the small helpers every part uses (values, argument checks).
-- The first part scripts/WaitSupport.lua loads; it keeps no state, takes
-- nothing from the others, and gives what its end returns.

local select, type, tostring, error = select, type, tostring, error
local huge = math.huge

-- A process record is an array of fixed slots rather than a table of named
-- fields: the array part costs 8 bytes a slot on LuaJIT (16 on PUC Lua) where a
-- hash node costs 24 (40), which keeps a waiting process near the size of a
-- bare coroutine (see bench/RESULTS.md). Each slot costs every process, so
-- what only some processes need lives elsewhere: a plain sleep's timer in its
-- frame, a checked wait's timer in a ticket (see core.lua's timedWait and
-- addTicket), children, cleanups and joiners in
-- EXTRAS, made on first use. The slots a timed wake-up touches come first, so
-- they share cache lines.
local COROUTINE = 1 -- the process's own coroutine; false once it has ended
local STATUS = 2 -- one of the statuses below
local WAIT_KIND = 3 -- what kind of wait (KIND_* below), or false: with status "waiting", a plain sleep, whose
-- timer is in its frame (core.lua's timedWait)
local GROUP = 4 -- the group record (groups.lua's newGroup)
local WAIT_ON = 5 -- what is waited on: frame number, signal name, predicate, join record, timer ticket
local RESULT = WAIT_ON -- packed return values (done), the error message (failed), or the start arguments:
-- one slot, as a process waits only between its start and its end (detachWait keeps a result)
local WAIT_LIST, WAIT_LIST_INDEX = 6, 7 -- signal, frame or predicate list and index in it, or false
local ID = 8 -- creation order, from 1
local PARENT = 9 -- the record of the process that started it, or false
local FN = 10 -- the function it runs (for names and locations), until setName gives it a name
local NAME = FN -- one slot: the function is read only when the process starts, before any setName
local EXTRAS = 11 -- false, or { children, cleanups, joiners } (see extra())
local HANDLE = 12 -- the handle scripts hold (see handles.lua)
local LIVE = 13 -- index in the live list while the process lives, else false (processes.lua)

-- What EXTRAS holds, each false until used.
local CHILDREN = 1 -- set of live children's records
local CLEANUPS = 2 -- functions from onCleanup
local JOINERS = 3 -- join records of processes waiting for this one

local RUNNING, WAITING, DONE, FAILED, CANCELLED = "running", "waiting", "done", "failed", "cancelled"
local READY = "ready" -- woken while its group was paused: resumed on the group's next tick

-- Wait kinds.
local KIND_SECONDS, KIND_FRAMES, KIND_SIGNAL, KIND_SIGNAL_TIMEOUT, KIND_UNTIL, KIND_PROCESS =
    "seconds", "frames", "signal", "signal_timeout", "until", "process"

local MS = 1000 -- timer buckets per second
local EPSILON = 1e-6 -- float accumulation tolerance of the clock, in bucket units

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

local function isLive(p)
    return p[LIVE] ~= false
end

-- The handle scripts see for process record p: one for the record's life.
local function handle(p)
    return p[HANDLE]
end

-- What EXTRAS holds at `which` (CHILDREN, CLEANUPS or JOINERS), or false.
local function extra(p, which)
    local extras = p[EXTRAS]
    return extras and extras[which]
end

-- The table EXTRAS holds at `which` (the CHILDREN set, the CLEANUPS or
-- JOINERS list), made on first use with EXTRAS itself: a process with no
-- children, cleanups or joiners does not pay for them (bench/RESULTS.md,
-- memory per process).
local function extraTable(p, which)
    local extras = p[EXTRAS]
    if not extras then
        extras = { false, false, false }
        p[EXTRAS] = extras
    end
    local t = extras[which]
    if not t then
        t = {}
        extras[which] = t
    end
    return t
end

return {
    COROUTINE = COROUTINE, STATUS = STATUS, WAIT_KIND = WAIT_KIND, GROUP = GROUP, WAIT_ON = WAIT_ON, RESULT = RESULT,
    WAIT_LIST = WAIT_LIST, WAIT_LIST_INDEX = WAIT_LIST_INDEX, ID = ID, PARENT = PARENT, FN = FN, NAME = NAME,
    EXTRAS = EXTRAS, HANDLE = HANDLE, LIVE = LIVE,
    CHILDREN = CHILDREN, CLEANUPS = CLEANUPS, JOINERS = JOINERS,
    RUNNING = RUNNING, WAITING = WAITING, DONE = DONE, FAILED = FAILED, CANCELLED = CANCELLED, READY = READY,
    KIND_SECONDS = KIND_SECONDS, KIND_FRAMES = KIND_FRAMES, KIND_SIGNAL = KIND_SIGNAL,
    KIND_SIGNAL_TIMEOUT = KIND_SIGNAL_TIMEOUT, KIND_UNTIL = KIND_UNTIL, KIND_PROCESS = KIND_PROCESS,
    MS = MS, EPSILON = EPSILON,
    pack = pack, describe = describe, checkType = checkType, optionalFunction = optionalFunction,
    checkNonNegative = checkNonNegative, isLive = isLive, handle = handle, extra = extra, extraTable = extraTable,
}
