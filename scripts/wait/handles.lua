--- What scripts hold: process and group handles, and the methods scenes call
-- on them (p:status(), p:cancel(), g:pause()... the group methods are in
-- groups.lua).
local K = ...

local type, error, rawget = type, error, rawget
local checkType, describe, isLive = K.checkType, K.describe, K.isLive
local STATUS, GROUP, RESULT, NAME, HANDLE = K.STATUS, K.GROUP, K.RESULT, K.NAME, K.HANDLE
local WAITING, DONE, FAILED, READY = K.WAITING, K.DONE, K.FAILED, K.READY
local nameOf = K.nameOf

-- Functions of parts loaded after this one, which hand them over when they
-- load (a method is called only once every part is loaded).
local cancelProcess -- processes.lua's, through setCancelProcess (below)
local joinResults -- joins.lua's, through setJoinResults (below)

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
local getRecord = debug.getfenv
local groupOf = {} -- handle -> group record (groups live as long as the scheduler)
local setRecord = debug.setfenv -- (handle, record): the record behind a new process handle

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

-- The process record behind a handle, or an error at the caller's caller.
local function checkProcess(fname, value)
    local p = processOf(value)
    if not p then
        error(string.format("%s: p must be a process (what runProcess returns). Was %s", fname, describe(value)), 3)
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

-- The handle of group record g.
local function newGroupHandle(g)
    local h = setmetatable({}, GroupHandle)
    groupOf[h] = g
    return h
end

-- A process READY to resume (woken while its group was paused) is still waiting.
local function statusOf(p)
    local s = p[STATUS]
    if s == READY then
        return WAITING
    end
    return s
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

return {
    Group = Group, handleProto = handleProto, setRecord = setRecord, checkProcess = checkProcess,
    newGroupHandle = newGroupHandle, processOf = processOf, checkSelf = checkSelf, statusOf = statusOf,
    setCancelProcess = function(fn) cancelProcess = fn end,
    setJoinResults = function(fn) joinResults = fn end,
}
