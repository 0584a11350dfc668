--- Protected calls and adopted coroutines: the scene's pcall, xpcall and
-- coroutine library, and how a wait finds its process when it is made off
-- the fast path (inside pcall, or in a coroutine the script created).
--
-- The host installs pcall, xpcall and coroutine in the scene sandbox in place
-- of the standard ones, so that scenes behave the same on PUC Lua 5.1 and LuaJIT:
--  - pcall/xpcall run their function in a coroutine and pass its waits up, so
--    a wait inside pcall waits (PUC Lua 5.1 cannot yield across pcall);
--  - coroutine.resume/wrap refuse coroutines the scheduler owns, and bound how
--    deep coroutines resume one another;
--  - none of them catches a kill the host is carrying out (the watchdog).
local K, M = ...

local coCreate, coResume, coYield, coRunning = coroutine.create, coroutine.resume, coroutine.yield, coroutine.running
local select, type, error, pairs, pcall = select, type, error, pairs, pcall
local unpack = unpack or table.unpack -- luacheck: ignore 143
local getinfo, getlocal = debug.getinfo, debug.getlocal
local huge = math.huge
local checkType, describe, pack = K.checkType, K.describe, K.pack
local COROUTINE, GROUP = K.COROUTINE, K.GROUP
local killPending, nameOf = K.killPending, K.nameOf
local getCurrent = K.getCurrent
local processBody, newProcess, cleanupCoroutines, CLEANUP_CANNOT_WAIT = K.processBody, K.newProcess,
    K.cleanupCoroutines, K.CLEANUP_CANNOT_WAIT
local nesting, MAX_NESTING = K.nesting, K.MAX_NESTING -- shared with processes.lua: nesting.depth
local root = K.root

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
-- Which process a wait belongs to, off the fast path
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

-- Makes a process of a coroutine the script created (coroutine.create or
-- wrap, as the original article does), at its first wait: the wait returns
-- control to whoever resumed it, and the scheduler resumes it when the wait is over.
local function adoptCoroutine(co)
    local fn
    for level = 1, 200 do -- the coroutine's body is the outermost function on its stack
        local info = getinfo(level, "f")
        if not info then
            break
        end
        fn = info.func
    end
    local parent = getCurrent() or nil
    local p = newProcess(fn, parent and parent[GROUP] or root, parent, co)
    adoptedCoroutines[co] = p
    return p
end

-- The process a wait made in coroutine co belongs to (core.lua's
-- requireProcess, when co is not the current process's own), or an error
-- at `level`: waits make sense only inside a process.
local function processOfWait(fname, co, level)
    local owner = co and waitingCoroutine(co)
    if not owner then
        error(fname .. "() called from outside a process: waits only work inside a process. "
            .. "Start one with runProcess(fn), or put the code in a scene function", level)
    elseif cleanupCoroutines[owner] then
        error(fname .. "() " .. CLEANUP_CANNOT_WAIT, level)
    end
    local p = processOfCoroutine(owner)
    if not p and wrappedCoroutines[owner] then
        error(fname .. "() inside a function run by coroutine.wrap: the wrap's caller would receive "
            .. "the wait as if the function had returned. Run the function as a process with "
            .. "runProcess(fn), or with coroutine.create and coroutine.resume", level)
    end
    return p or adoptCoroutine(owner)
end

---------------------------------------------------------------------------
-- Protected calls
---------------------------------------------------------------------------

-- The results of a protected run, unless a kill the host is carrying out
-- stopped it: a kill is passed on, never caught.
local function unlessKilled(results)
    if not results[1] and killPending() then
        error(results[2], 0)
    end
    return results
end

local function checkNesting(fname)
    if nesting.depth >= MAX_NESTING then
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
    nesting.depth = nesting.depth + 1
    local results = pack(coResume(co, ...))
    while results[1] and coroutine.status(co) == "suspended" do
        -- fn waited (or yielded): the caller's coroutine waits in its place.
        nesting.depth = nesting.depth - 1
        local resumedWith = pack(coYield(unpack(results, 2, results.n)))
        nesting.depth = nesting.depth + 1
        results = pack(coResume(co, unpack(resumedWith, 1, resumedWith.n)))
    end
    nesting.depth = nesting.depth - 1
    return unlessKilled(results)
end

-- A C function (string.find, error, a stage binding) cannot wait, so it runs
-- under the standard pcall: its errors and their levels are exactly plain Lua's.
local function protectedCFunction(fn, ...)
    return unlessKilled(pack(pcall(fn, ...)))
end

local function isCFunction(fn)
    return type(fn) == "function" and getinfo(fn, "S").what == "C"
end

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

---------------------------------------------------------------------------
-- The scene's coroutine library
---------------------------------------------------------------------------

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
    nesting.depth = nesting.depth + 1
    local results = pack(coResume(co, ...))
    nesting.depth = nesting.depth - 1
    return unlessKilled(results)
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
    -- scheduler's yield as if the function had returned (see processOfWait).
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

K.setProcessOfWait(processOfWait) -- core.lua's requireProcess, off its fast path

return { adoptedCoroutines = adoptedCoroutines }
