--- WaitSupport: the coroutine scheduler that runs every Stagehand cutscene.
--
-- Pure Lua 5.1 (PUC Lua or LuaJIT). It never reads a clock: the host passes the
-- elapsed time to `wakeUpWaitingThreads(dt)` once per simulation tick.
--
-- Loading this file (dofile or require, in plain Lua or LÖVE) defines the
-- global names the original article used (runProcess, waitSeconds, wait,
-- waitSignal, signal, wakeUpWaitingThreads, ...) and returns a module table
-- with the same functions. Every load makes a fresh, independent scheduler.
--
-- The scheduler is in the folder wait/ beside this file, one file per job
-- (docs/SCHEDULER.md follows one wait through them), in the order loaded:
--   records.lua       what a process record holds; value and argument helpers
--   errors.lua        errors at the author's line, "did you mean", the error handler; process names
--   senders.lua       which signal names the scene's text can send (hangs are told at once)
--   handles.lua       the handles scripts hold and the process methods
--   core.lua          the clock, timer buckets, one tick, the plain waits
--   sleeptimers.lua   where a waiting process's timer is (a plain sleep's: in its frame)
--   processes.lua     a process's start, end and cancel; runProcess, onCleanup
--   groups.lua        groups: their clocks, pause, time scale, cancel
--   signals.lua       signals and latches
--   joins.lua         waiting for processes to end, and try()
--   protected.lua     the scene's pcall, xpcall and coroutine library; adopted coroutines
--   introspection.lua processes(), the deadlock report, the host's observer
-- Each part is a chunk called with (K, M): K holds what the parts before it
-- gave, M is the module returned here. A part copies what it uses of K into
-- locals at its top and returns, at its end, a table of what it gives, which
-- goes into K. A function a part calls of a part loaded after it is a local
-- the later part sets as it loads, through a setter the earlier part gives
-- (core.lua's findTimer, through setFindTimer); the load order keeps them
-- few. The ordering guarantees are at core.lua's top.
--
-- Finding the parts: the Stagehand host passes a loader as this chunk's
-- argument (it reads the data folder itself, and names each chunk for its
-- file). Loaded any other way, the parts are read from the folder this file
-- was loaded from: with LÖVE's filesystem when LÖVE can see them, else loadfile.

local PARTS = {
    "records", "errors", "senders", "handles", "core", "sleeptimers", "processes", "groups", "signals", "joins",
    "protected", "introspection",
}

local hostLoader = ...

-- "@scripts/WaitSupport.lua" -> "scripts/"; "" when loaded from the current folder.
local here = debug.getinfo(1, "S")
local folder = here.source:match("^@(.*[/\\])") or ""

local function loadPartFile(name)
    local path = folder .. "wait/" .. name .. ".lua"
    local chunk, err
    if love and love.filesystem and love.filesystem.getInfo and love.filesystem.getInfo(path) then
        chunk, err = love.filesystem.load(path)
    else
        chunk, err = loadfile(path)
    end
    if not chunk then
        error("WaitSupport.lua: cannot load its part " .. path .. ": " .. tostring(err), 0)
    end
    return chunk
end

local loadPart = type(hostLoader) == "function" and hostLoader or loadPartFile

-- supportSources: the chunks an error is never blamed on (errors.lua).
local supportSources, supportShortSources = {}, {}
local K = { supportSources = supportSources, supportShortSources = supportShortSources }
local M = {}

local function addSupportChunk(info)
    supportSources[info.source] = true
    supportShortSources[info.short_src] = true
end

addSupportChunk(here)
for _, name in ipairs(PARTS) do
    local chunk = loadPart(name)
    addSupportChunk(debug.getinfo(chunk, "S"))
    for key, value in pairs(chunk(K, M)) do
        if K[key] ~= nil then -- one name, one meaning: a part never replaces what another gave
            error("WaitSupport.lua: its part " .. name .. ".lua gives " .. key .. ", which an earlier part gave", 0)
        end
        K[key] = value
    end
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

for _, name in ipairs(GLOBAL_NAMES) do
    _G[name] = M[name]
end

return M
