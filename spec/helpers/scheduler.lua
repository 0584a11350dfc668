-- The harness every WaitSupport spec shares: a fresh scheduler per test, its
-- reported errors collected, and ticks at 60 Hz. Load it at the top of a spec
-- file (outside any describe):
--   local harness = dofile("spec/helpers/scheduler.lua")
--
-- An error raised inside a process (a failing assert.* included) does not
-- reach busted: the scheduler hands it to its error handler, which here
-- collects it. So that such an error cannot pass unseen, loading the harness
-- registers an after_each for the whole file that fails when anything is left
-- in the collector, and prints what was collected. A test that means to
-- provoke a process error takes it with harness.takeErrors() and asserts on
-- what it got; whatever it does not take fails it. Checks that must be made
-- inside a process go in harness.inProcess(fn), which also fails the test
-- itself when fn fails or never finishes. spec/harness_spec.lua proves all
-- this, a busted run on spec/fixtures/process_errors.lua included.
local H = { DT = 1 / 60 }

-- The collector: a list of { message = string, process = handle or nil }.
H.errors = {}

-- A fresh scheduler whose error handler collects into H.errors (emptied).
-- Returns the scheduler. Read errors with H.takeErrors(), not H.errors.
function H.load()
    H.S = dofile("scripts/WaitSupport.lua")
    H.errors = {}
    H.S.setErrorHandler(function(message, p)
        H.errors[#H.errors + 1] = { message = message, process = p }
    end)
    return H.S
end

-- Everything collected so far, in the order it was reported; the collector
-- is left empty. Taking is what tells the after_each check "I expected these".
function H.takeErrors()
    local taken = H.errors
    H.errors = {}
    return taken
end

local function describeError(i, e)
    local who = "no process"
    if e.process ~= nil then
        local ok, name = pcall(function() return e.process:name() end)
        who = ok and tostring(name) or "process"
    end
    local message = tostring(e.message):gsub("\n", "\n    ")
    return string.format("  [%d] %s:\n    %s", i, who, message)
end

-- Raises, with the collected errors in the message (the first ten), when list
-- (H.errors by default) is not empty. The after_each below calls it; a spec may too.
function H.assertNoErrors(list, context)
    list = list or H.errors
    if #list == 0 then
        return
    end
    local lines = {
        string.format("%d process error%s collected%s and not taken with harness.takeErrors():",
            #list, #list == 1 and " was" or "s were", context and " in " .. context or ""),
    }
    for i = 1, math.min(#list, 10) do
        lines[#lines + 1] = describeError(i, list[i])
    end
    if #list > 10 then
        lines[#lines + 1] = string.format("  ... and %d more", #list - 10)
    end
    error(table.concat(lines, "\n"), 2)
end

-- Registered only under busted (require "busted" is its API once a run has
-- begun; elsewhere it has no after_each). The test's name comes from busted's
-- "test start" event: each file that loads the harness subscribes once.
local ok, busted = pcall(require, "busted")
if ok and type(busted) == "table" and busted.after_each then
    local testName
    busted.subscribe({ "test", "start" }, function(element, parent)
        local names = { element.name }
        while parent and parent.descriptor ~= "file" and parent.name do
            table.insert(names, 1, parent.name)
            parent = busted.parent(parent)
        end
        testName = table.concat(names, " ")
        return nil, true -- let the other subscribers (the output handler) have it too
    end)
    busted.after_each(function()
        local left = H.takeErrors()
        H.assertNoErrors(left, testName and '"' .. testName .. '"')
    end)
end

function H.ticks(n, dt)
    for _ = 1, n do
        H.S.wakeUpWaitingThreads(dt or H.DT)
    end
end

-- Runs fn as a process and ticks until it has ended (at most limit ticks, 600
-- by default), for checks that must be made from inside a process. A check
-- that fails in it fails the test here, with the process's own message (its
-- reports are taken out of the collector, so they are not told twice); a
-- process that is still waiting at the limit, or was cancelled, fails it too.
-- Returns what the process returned.
function H.inProcess(fn, limit)
    local p = H.S.runProcess(fn)
    local n = 0
    while p:status() == "waiting" and n < (limit or 600) do
        H.S.wakeUpWaitingThreads(H.DT)
        n = n + 1
    end
    local status = p:status()
    if status == "failed" then
        local kept, mine = {}, {}
        for _, e in ipairs(H.errors) do
            local list = rawequal(e.process, p) and mine or kept
            list[#list + 1] = e
        end
        H.errors = kept
        local message = p:errorMessage() or (mine[1] and mine[1].message) or "(no message)"
        error("inside the process: " .. tostring(message), 2)
    elseif status ~= "done" then
        error(string.format("the process was to finish but is %s after %d ticks", status, n), 2)
    end
    return p:results()
end

-- Ticks until fn() is true; returns the tick number (1-based) or nil.
function H.tickUntil(fn, limit)
    for i = 1, limit or 10000 do
        H.S.wakeUpWaitingThreads(H.DT)
        if fn() then
            return i
        end
    end
end

return H
