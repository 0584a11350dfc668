--- Joins: waiting for other processes to end (waitProcess, waitEnded,
-- waitAll, waitAny) and try(), which runs a function as a child process and
-- waits for it like pcall across waits.
local K, M = ...

local select, error, tostring = select, error, tostring
local unpack = unpack or table.unpack -- luacheck: ignore 143
local checkType, checkProcess, processOf, describe = K.checkType, K.checkProcess, K.processOf, K.describe
local isLive, extraTable, wake, suspend, requireProcess = K.isLive, K.extraTable, K.wake, K.suspend, K.requireProcess
local stopIfCancelled, newProcess, launch = K.stopIfCancelled, K.newProcess, K.launch
local nameOf, quietFailures = K.nameOf, K.quietFailures
local STATUS, WAIT_KIND, WAIT_ON, GROUP, RESULT = K.STATUS, K.WAIT_KIND, K.WAIT_ON, K.GROUP, K.RESULT
local JOINERS, KIND_PROCESS, PROCESS = K.JOINERS, K.KIND_PROCESS, "a process (what runProcess returns)"
local DONE, FAILED, CANCELLED = K.DONE, K.FAILED, K.CANCELLED

local function endedError(q)
    if q[STATUS] == CANCELLED then
        return string.format("waited-on %s was cancelled", nameOf(q))
    end
    return string.format("waited-on %s failed: %s", nameOf(q), tostring(q[RESULT]))
end

-- Called for each join record on q when q ends (processes.lua's finishProcess).
-- record = { waiter, mode ("any"|"all"), procs, remaining }
local function resumeJoiner(record, q)
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
            local joiners = extraTable(q, JOINERS)
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
            error(string.format("%s: argument %d must be %s. Was %s", fname, i, PROCESS, describe(procs[i])), 3)
        end
        procs[i] = p
    end
    return procs
end

---------------------------------------------------------------------------
-- Public API: waiting for processes
---------------------------------------------------------------------------

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

K.setResumeJoiner(resumeJoiner) -- processes.lua's finishProcess tells each joiner
K.setJoinResults(joinResults) -- handles.lua's Process:results

return {}
