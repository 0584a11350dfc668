--- A process's life around its waits: how it starts (runProcess, the
-- bottom frame of its coroutine), how it ends (done, failed or cancelled;
-- its cleanups, then its joiners) and the list of the live ones.
local K, M = ...

local coCreate, coResume, coStatus = coroutine.create, coroutine.resume, coroutine.status
local select, error, traceback = select, error, debug.traceback
local unpack = unpack or table.unpack -- luacheck: ignore 143

local COROUTINE, STATUS, GROUP, RESULT, ID = K.COROUTINE, K.STATUS, K.GROUP, K.RESULT, K.ID
local PARENT, FN, EXTRAS, LIVE = K.PARENT, K.FN, K.EXTRAS, K.LIVE
local CHILDREN, CLEANUPS, JOINERS = K.CHILDREN, K.CLEANUPS, K.JOINERS
local RUNNING, WAITING, DONE, FAILED, CANCELLED = K.RUNNING, K.WAITING, K.DONE, K.FAILED, K.CANCELLED
local pack, checkType, isLive, handle, extra, extraTable = K.pack, K.checkType, K.isLive, K.handle, K.extra,
    K.extraTable
local report, authorMessage, authorLocation, killPending, endKill = K.report, K.authorMessage, K.authorLocation,
    K.killPending, K.endKill
local nameOf, definedAt = K.nameOf, K.definedAt
local handleProto, setRecord, checkProcess, checkSelf, Group = K.handleProto, K.setRecord, K.checkProcess,
    K.checkSelf, K.Group
local getCurrent, getObserver, requireProcess = K.getCurrent, K.getObserver, K.requireProcess
local detachWait, dropRefusedWait, resumeProcess, stopIfCancelled = K.detachWait, K.dropRefusedWait,
    K.resumeProcess, K.stopIfCancelled

-- Functions of parts loaded after this one, which hand them over when they
-- load, through the setters at this file's end (no process starts before
-- every part is loaded).
local activateGroup, root -- groups.lua's: steps an idle group again; the root group (setGroupsForProcesses)
local resumeJoiner -- joins.lua's: tells a process joined on one that ended (setResumeJoiner)

local nextId = 0
local liveList = {} -- every process not yet ended, in no order (p[LIVE] is its index)
local liveCount = 0

-- How deep processes and script coroutines may resume one another inside
-- one call (startProcess here, protected.lua's pcall and coroutine.resume):
-- far beyond any scene, well before the C stack runs out (LuaJIT has no
-- limit of its own and crashes; PUC Lua fails with no location). The depth
-- is a table's field, as protected.lua counts in it too.
local MAX_NESTING = 64
local nesting = { depth = 0 }

---------------------------------------------------------------------------
-- Start
---------------------------------------------------------------------------

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
local function processBody(p)
    local results = pack(p[FN](startArguments(p)))
    if p[STATUS] == WAITING then
        dropRefusedWait(p) -- it ended after a wait whose yield was refused (core.lua)
    end
    p[RESULT] = results
    p[STATUS] = DONE
end

-- Runs new process p until its first wait, p's function called with `...`.
local function launch(p, ...)
    if select("#", ...) > 0 then
        p[RESULT] = pack(...)
    end
    resumeProcess(p, p)
end

-- The record of a new process of group g (see records.lua), with its handle:
-- an empty userdata made from handles.lua's prototype.
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
        extraTable(parent, CHILDREN)[p] = true
    end
    local observer = getObserver()
    if observer then
        observer("process_start", p[ID], nameOf(p), parent and parent[ID] or 0, definedAt(fn))
    end
    return p
end

-- Starts fn(...) in group g as a child of `parent` (a record, or nil for none).
local function startProcessUnder(fname, g, parent, fn, ...)
    checkType(fname, "fn", fn, "function")
    if nesting.depth >= MAX_NESTING then
        error(string.format("%s: processes started inside one another %d deep (does a process start itself?)",
            fname, MAX_NESTING), 3)
    end
    local p = newProcess(fn, g, parent)
    nesting.depth = nesting.depth + 1
    launch(p, ...)
    nesting.depth = nesting.depth - 1
    stopIfCancelled()
    return handle(p)
end

-- The caller's child (none outside a process).
local function startProcess(fname, g, fn, ...)
    return startProcessUnder(fname, g, getCurrent(), fn, ...)
end

---------------------------------------------------------------------------
-- End
---------------------------------------------------------------------------

-- Coroutines running an onCleanup handler: a wait made in one is refused
-- (protected.lua's processOfWait), whatever its form.
local cleanupCoroutines = setmetatable({}, { __mode = "k" })

-- What a cleanup that tried to wait is told, after "NAME() " or "coroutine.yield() ".
local CLEANUP_CANNOT_WAIT = "inside an onCleanup handler: a cleanup runs to its end at once, when its process ends, "
    .. "and cannot wait. Run what takes time as a process of its own: "
    .. "onCleanup(function() runProcess(function() ... end) end)"

-- Runs one cleanup of p in a coroutine of its own. Under xpcall, a wait in
-- a cleanup was the wait of whoever ended p: LuaJIT yields across xpcall,
-- so the process that called cancel() waited in the cleanup's place, while
-- PUC Lua 5.1 raised "attempt to yield across metamethod/C-call boundary"
-- with no line. In its own coroutine every wait is refused the same way on
-- both VMs, at the author's line, and a bare coroutine.yield() is caught.
local function runCleanup(p, fn)
    local co = coCreate(fn)
    cleanupCoroutines[co] = true
    nesting.depth = nesting.depth + 1
    local ok, err = coResume(co)
    nesting.depth = nesting.depth - 1
    if not ok then
        report("cleanup failed: " .. traceback(co, authorMessage(err, co)), p)
    elseif coStatus(co) == "suspended" then
        local where = authorLocation(co)
        report("cleanup failed: " .. traceback(co, (where and where .. ": " or "") .. "coroutine.yield() "
            .. CLEANUP_CANNOT_WAIT), p)
    end
end

local function runCleanups(p)
    local cleanups = extra(p, CLEANUPS)
    if not cleanups then
        return
    end
    p[EXTRAS][CLEANUPS] = false
    for i = #cleanups, 1, -1 do
        runCleanup(p, cleanups[i])
    end
end

-- Takes p out of the live list, drops its wait, and runs what its end
-- triggers: its cleanups, then the processes joined on it (joins.lua).
local function finishProcess(p)
    if not isLive(p) then
        return
    end
    local last = liveList[liveCount] -- swap the last live process into p's place
    liveList[p[LIVE]], last[LIVE] = last, p[LIVE]
    liveList[liveCount], p[LIVE] = nil, false
    liveCount = liveCount - 1
    p[GROUP].live = p[GROUP].live - 1
    local observer = getObserver()
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
    if coroutine.status(p[COROUTINE]) ~= "normal" and p ~= getCurrent() then
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

---------------------------------------------------------------------------
-- Cancel, and the live list in a fixed order
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

-- The live processes that pass `keep`, oldest first.
local function liveOldestFirst(keep)
    return keptOldestFirst(liveList, liveCount, keep)
end

local cancelProcess

local function cancelEach(list)
    for i = 1, #list do
        cancelProcess(list[i])
    end
end

-- Cancels p's live children, oldest first, then p: it never resumes again.
cancelProcess = function(p)
    local children = extra(p, CHILDREN)
    if children then
        local members = {}
        for child in pairs(children) do
            members[#members + 1] = child
        end
        cancelEach(keptOldestFirst(members, #members))
    end
    if not isLive(p) then
        return false
    end
    if p[STATUS] == WAITING and coroutine.status(p[COROUTINE]) ~= "suspended" then
        dropRefusedWait(p) -- cancelled while it runs on after a refused wait (core.lua)
    end
    p[STATUS] = CANCELLED
    finishProcess(p)
    stopIfCancelled()
    return true
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
    local current = getCurrent()
    return startProcess("runProcess", current and current[GROUP] or root, fn, ...)
end

---Registers fn to run when the current process ends, however it ends (done,
---failed or cancelled). Cleanups run in reverse order of registration, at
---once: a wait inside one is refused (runProcess what must take time).
---@param fn function
function M.onCleanup(fn)
    checkType("onCleanup", "fn", fn, "function")
    local cleanups = extraTable(requireProcess("onCleanup"), CLEANUPS)
    cleanups[#cleanups + 1] = fn
end

---@return Process|nil the running process, or nil outside any process
function M.currentProcess()
    local current = getCurrent()
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

-- The host's (scripts/stage/story.lua): starts fn(...) in group `group` as
-- a child of process `owner`, not of the caller, so cancelling the caller
-- leaves it be and cancelling `owner` cancels it. The story runner owns a
-- scene's scene-long processes (runForScene) this way.
function M.runProcessOwnedBy(owner, group, fn, ...)
    local parent = checkProcess("runProcessOwnedBy", owner)
    local g = checkSelf(group, Group, "run")
    return startProcessUnder("runProcessOwnedBy", g, parent, fn, ...)
end

-- The host's: the process that started `p` (its owner, for runProcessOwnedBy's), or nil.
function M.parentProcess(p)
    local parent = checkProcess("parentProcess", p)[PARENT]
    return parent and handle(parent) or nil
end

-- The host's: the live processes `p` started, and theirs, oldest first (the
-- ones a cancel of `p` is about to take with it).
function M.liveDescendants(p)
    local list, seen = {}, {}
    local function add(record)
        local children = extra(record, CHILDREN)
        if not children then
            return
        end
        for child in pairs(children) do
            if not seen[child] then
                seen[child] = true
                if isLive(child) then
                    list[#list + 1] = child
                end
                add(child)
            end
        end
    end
    add(checkProcess("liveDescendants", p))
    table.sort(list, byAge)
    for i = 1, #list do
        list[i] = handle(list[i])
    end
    return list
end

K.setProcessEnds(finishProcess, failProcess) -- core.lua's settleResume and runPredicates end processes
K.setCancelProcess(cancelProcess) -- handles.lua's Process:cancel

return {
    MAX_NESTING = MAX_NESTING, nesting = nesting, processBody = processBody, launch = launch, newProcess = newProcess,
    startProcess = startProcess, cleanupCoroutines = cleanupCoroutines, CLEANUP_CANNOT_WAIT = CLEANUP_CANNOT_WAIT,
    liveOldestFirst = liveOldestFirst, cancelEach = cancelEach,
    -- The setters of the functions declared at this file's top, for the parts that give them.
    setGroupsForProcesses = function(activate, rootGroup) activateGroup, root = activate, rootGroup end,
    setResumeJoiner = function(fn) resumeJoiner = fn end,
}
