--- Introspection and the observer: where processes are and what each waits
-- on (processes(), the inspector), the deadlock report, and the host's
-- observer, which hears the mechanics as they happen. Their names are
-- errors.lua's nameOf. The last part scripts/WaitSupport.lua loads.
local K, M = ...

local tostring, ipairs, pairs = tostring, ipairs, pairs
local getinfo = debug.getinfo
local optionalFunction, handle, isLive, statusOf = K.optionalFunction, K.handle, K.isLive, K.statusOf
local COROUTINE, STATUS, WAIT_KIND, GROUP, WAIT_ON = K.COROUTINE, K.STATUS, K.WAIT_KIND, K.GROUP, K.WAIT_ON
local ID, PARENT = K.ID, K.PARENT
local WAITING = K.WAITING
local KIND_SECONDS, KIND_FRAMES, KIND_SIGNAL, KIND_SIGNAL_TIMEOUT, KIND_UNTIL, KIND_PROCESS =
    K.KIND_SECONDS, K.KIND_FRAMES, K.KIND_SIGNAL, K.KIND_SIGNAL_TIMEOUT, K.KIND_UNTIL, K.KIND_PROCESS
local MS, TICKET_WHAT, TICKET_BUCKET, BUCKET_KEY = K.MS, K.TICKET_WHAT, K.TICKET_BUCKET, K.BUCKET_KEY
local supportSources = K.supportSources
local authorLocation, closestName, nameOf, definedAt = K.authorLocation, K.closestName, K.nameOf, K.definedAt
local liveOldestFirst, getObserver, setObserver, findTimer = K.liveOldestFirst, K.getObserver, K.setObserver,
    K.findTimer
local signalWaiters, namesSent, adoptedCoroutines = K.signalWaiters, K.namesSent, K.adoptedCoroutines
local neverSendable, namesTheSceneSends = K.neverSendable, K.namesTheSceneSends

-- What waitUntilLabelled was told: the kind and target of the next waitUntil,
-- for the observer, and the inspector's words for each labelled wait ("the
-- player chooses") by its predicate, weak so a finished wait's words go with it.
local label = { kind = false, target = false, descriptions = setmetatable({}, { __mode = "k" }) }

---------------------------------------------------------------------------
-- Places
---------------------------------------------------------------------------

-- file:line where the process's coroutine is suspended, in the author's code
-- (the support libraries' frames are skipped).
local function whereWaiting(p)
    if not p[COROUTINE] then
        return "?"
    end
    return authorLocation(p[COROUTINE]) or "(stage library)" -- a helper of the stage API, e.g. a scene's runner
end

-- The names of the processes a join waits for, "process 3 (x.lua:4), ...".
local function joinedNames(record)
    local names = {}
    for i = 1, #record.procs do
        names[i] = nameOf(record.procs[i])
    end
    return table.concat(names, ", ")
end

-- What p waits on, for the observer: kind, target and the author's line.
local function observeWait(p)
    local kind, on, target = p[WAIT_KIND], p[WAIT_ON], nil
    if kind == KIND_SECONDS then
        target = string.format("%.3f", on[TICKET_WHAT])
    elseif kind == KIND_FRAMES then
        kind, target = "frames", tostring(on - p[GROUP].tick)
    elseif kind == KIND_SIGNAL then
        target = on
    elseif kind == KIND_SIGNAL_TIMEOUT then
        local key = on[TICKET_BUCKET][BUCKET_KEY]
        local left = key and key / MS - p[GROUP].clock or 0
        kind, target = "signal", string.format("%s (timeout %.3f)", on[TICKET_WHAT], left)
    elseif kind == KIND_UNTIL then
        if label.kind then
            kind, target = label.kind, label.target
        else
            kind, target = "predicate", definedAt(on)
        end
    elseif kind == KIND_PROCESS then
        target = joinedNames(on)
    end
    label.kind, label.target = false, false
    getObserver()("wait", p[ID], nameOf(p), kind, target or "", whereWaiting(p))
end

---------------------------------------------------------------------------
-- What each process waits on
---------------------------------------------------------------------------

-- What p waits on: its wait kind, or KIND_SECONDS for a plain sleep
-- (core.lua's timedWait), which writes no kind to the record.
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
    local key = b and b[BUCKET_KEY]
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
        return kind, string.format("%s (%.1f s left)", on[TICKET_WHAT], left)
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
        return kind, joinedNames(on)
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

---------------------------------------------------------------------------
-- Deadlocks
---------------------------------------------------------------------------

-- Blocked: p cannot run again by itself. It waits on a signal or on other
-- processes, or its group is paused (only a running process can resume it).
local function isBlocked(p)
    local kind = p[WAIT_KIND]
    return kind == KIND_SIGNAL or kind == KIND_PROCESS or p[GROUP].paused
end

-- A join is stuck while the processes it waits for are: "all" on any stuck
-- one, "any" when every live one is.
local function joinStillStuck(record, stuck)
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
    return (record.mode == "all" and anyStuck) or (record.mode == "any" and allStuck)
end

-- A signal no code can send: never sent so far, and no send of it in the
-- scene's text (a name sent already came from somewhere that may send it again).
local function unsendable(name)
    return not namesSent[name] and neverSendable(name)
end

-- A process is stuck when nothing can ever wake it: every live process is
-- blocked (so none can send, resume or end); or it waits on a signal no code
-- can send (senders.lua); or on processes that are stuck.
local function stuckProcesses(list)
    local anyProgressing = false
    for _, p in ipairs(list) do
        if not isBlocked(p) then
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
    -- Others still run, so a signal the text can send may yet come. Start
    -- from every join and drop those that can still end (the greatest fixed
    -- point), which keeps cycles such as A waits B, B waits A.
    for _, p in ipairs(list) do
        local kind = p[WAIT_KIND]
        stuck[p] = (kind == KIND_PROCESS or (kind == KIND_SIGNAL and unsendable(p[WAIT_ON]))) or nil
    end
    local changed = true
    while changed do
        changed = false
        for _, p in ipairs(list) do
            if stuck[p] and p[WAIT_KIND] == KIND_PROCESS and not joinStillStuck(p[WAIT_ON], stuck) then
                stuck[p] = nil
                changed = true
            end
        end
    end
    return stuck, true
end

-- The one wording of a deadlock, for the report here and for the host's
-- transcript and screen (which read the entries' `line`).
local function deadlockLine(e)
    local line = string.format("%s: %s %s on %s", e.where, e.name,
        e.certain and "is stuck waiting" or "may be stuck waiting", e.waitingOn)
    if e.hint then
        return line .. string.format(' (never sent; did you mean "%s"?)', e.hint)
    elseif e.unsendable then
        return line .. " (no line of the scene sends it)"
    elseif e.sentAt then
        return line .. string.format(" (sent at %.2f s, before this wait began; a latch keeps a signal for "
            .. "later waiters)", e.sentAt)
    end
    return line
end

---Names the processes that wait on something nothing live can produce any
---more. Certain entries: every live process waits on a signal or a process or
---sits in a paused group, so nothing can run again (nothingRuns); a signal no
---line of the scene's text sends (unsendable; see senders.lua); processes
---that wait on stuck ones, or on each other in a cycle. When other processes
---still run, a signal waiter whose name was never sent is listed as uncertain.
---A signal waiter's hint is the closest name that was sent, waited on or that
---the scene's text sends (a likely typo).
---@return table[] entries { process, name, waitingOn, where, certain, nothingRuns, unsendable, hint, sentAt, line }
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
    for name in pairs(namesTheSceneSends()) do
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
                process = handle(p), name = nameOf(p), waitingOn = waitSummary(kind, detail),
                where = whereWaiting(p), certain = certain, hint = hint, sentAt = sentAt,
                unsendable = kind == KIND_SIGNAL and unsendable(detail) or nil,
                nothingRuns = certain and not othersRun or nil,
            }
            if p[GROUP].paused then
                e.waitingOn = e.waitingOn .. " in the paused group " .. p[GROUP].name
            end
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
-- Host only: the observer and labelled waits
---------------------------------------------------------------------------

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
    setObserver(optionalFunction("setObserver", fn) or false)
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

K.setObserveWait(observeWait) -- core.lua tells the observer of each wait through it

return {}
