--- Signals and latches: waitSignal, waitSignalTimeout, signal, latch,
-- unlatch, isLatched. A signal wakes its waiters at once, inside the call.
local K, M = ...

local unpack = unpack or table.unpack -- luacheck: ignore 143
local checkType, checkNonNegative, pack = K.checkType, K.checkNonNegative, K.pack
local coStatus = coroutine.status
local COROUTINE, WAIT_KIND, WAIT_ON, WAIT_LIST, WAIT_LIST_INDEX, GROUP, ID = K.COROUTINE, K.WAIT_KIND, K.WAIT_ON,
    K.WAIT_LIST, K.WAIT_LIST_INDEX, K.GROUP, K.ID
local KIND_SIGNAL, KIND_SIGNAL_TIMEOUT = K.KIND_SIGNAL, K.KIND_SIGNAL_TIMEOUT
local appendTo, removeTimer, wake, suspend, stopIfCancelled, requireProcess, addTicket =
    K.appendTo, K.removeTimer, K.wake, K.suspend, K.stopIfCancelled, K.requireProcess, K.addTicket
local getCurrent, getObserver, schedulerTime, dropRefusedWait = K.getCurrent, K.getObserver, K.schedulerTime,
    K.dropRefusedWait
local nameOf, neverSendable, suspectHang = K.nameOf, K.neverSendable, K.suspectHang

local signalWaiters = K.signalWaiters -- signal name -> list of waiting processes (core.lua)
local latched = {} -- signal name -> packed values of a latch still set
local namesSent = {} -- signal name -> scheduler time it was last sent, for deadlock hints

local function addSignalWaiter(p, name)
    local list = signalWaiters[name]
    if not list then
        list = { n = 0, live = 0, signal = name }
        signalWaiters[name] = list
    end
    p[WAIT_LIST], p[WAIT_LIST_INDEX] = list, appendTo(list, p)
end

-- Tells the observer who sends `name` (event "signal", "latch" or "unlatch")
-- and which processes it is about to wake, before they run.
local function observeSignal(event, name, list)
    local ids = {}
    if list then
        for i = 1, list.n do
            if list[i] then
                ids[#ids + 1] = list[i][ID]
            end
        end
    end
    local current = getCurrent()
    getObserver()(event, name, current and current[ID] or 0, current and nameOf(current) or "host",
        table.concat(ids, " "), #ids)
end

local function deliver(name, event, ...)
    namesSent[name] = (schedulerTime())
    local list = signalWaiters[name]
    if getObserver() then
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
        if p and coStatus(p[COROUTINE]) ~= "suspended" then
            p[WAIT_LIST], p[WAIT_LIST_INDEX] = false, false
            dropRefusedWait(p) -- it runs: its waitSignal's yield was refused (core.lua)
        elseif p then
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
-- Public API: waiting on signals
---------------------------------------------------------------------------

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
    if not namesSent[name] and neverSendable(name) then
        suspectHang() -- the host looks for hangs on its next tick rather than at its next check
    end
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

---------------------------------------------------------------------------
-- Public API: sending signals and latches
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
    if getObserver() then
        observeSignal("unlatch", name, nil)
    end
end

---@param name string
---@return boolean
function M.isLatched(name)
    checkType("isLatched", "name", name, "string")
    return latched[name] ~= nil
end

return { namesSent = namesSent }
