--- Groups: sets of processes with their own clock (time scale, pause) and
-- cancel. Their records and the catch-up of an idle group's clock live
-- here; core.lua steps the active ones each tick (stepGroup) and drops the
-- idle ones from its list.
local K, M = ...

local checkType, checkNonNegative = K.checkType, K.checkNonNegative
local GROUP = K.GROUP
local activeGroups, schedulerTime, nextGroupIndex, groupInsertedAt, notePause = K.activeGroups, K.schedulerTime,
    K.nextGroupIndex, K.groupInsertedAt, K.notePause
local Group, checkSelf, newGroupHandle = K.Group, K.checkSelf, K.newGroupHandle
local startProcess, cancelEach, liveOldestFirst = K.startProcess, K.cancelEach, K.liveOldestFirst
local suspectHang = K.suspectHang

---------------------------------------------------------------------------
-- Group records and their clocks
---------------------------------------------------------------------------

-- A new group's record, with its handle.
local function newGroup(name)
    local g = {
        name = name,
        scale = 1,
        paused = false,
        clock = 0, -- group time in seconds
        tick = 0, -- ticks this group has run (not counting paused ones)
        processedKey = 0, -- last timer bucket already run
        buckets = {}, -- timer buckets by key (core.lua)
        frameBuckets = {}, -- frame waits by the tick they end on
        untilList = { n = 0, live = 0 },
        deferred = {}, -- wake-ups that came while paused: { record, packed values }
        live = 0, -- live processes of the group
        idle = true, -- not stepped: clock and tick are as of syncTime/syncTicks
        inList = false, -- in activeGroups
    }
    g.syncTime, g.syncTicks = schedulerTime()
    g.index = nextGroupIndex() -- creation order: groups are stepped in it
    g.handle = newGroupHandle(g)
    return g
end

-- Brings an idle group's clock and tick count up to date (to the time
-- core.lua's schedulerTime gives).
local function catchUp(g)
    if not g.idle then
        return
    end
    local time, ticks = schedulerTime(g)
    if not g.paused then
        g.clock = g.clock + (time - g.syncTime) * g.scale
        g.tick = g.tick + (ticks - g.syncTicks)
    end
    g.syncTime, g.syncTicks = time, ticks
end

-- Puts g back among the groups a tick steps (it has a live process again).
local function activateGroup(g)
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
    groupInsertedAt(at)
end

local root = newGroup("root")
activateGroup(root)

---------------------------------------------------------------------------
-- Public API: groups (time scale, pause and cancel for a set of processes)
---------------------------------------------------------------------------

---Makes a group with its own clock. Processes started by group:run(), and the
---processes they start, belong to it.
---@param name string
---@return Group
function M.newGroup(name)
    checkType("newGroup", "name", name, "string")
    return newGroup(name).handle
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
    notePause() -- the timer loop looks for pauses between wake-ups
    suspectHang() -- if nothing outside the group runs, nobody can resume it
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

K.setRootGroup(root) -- core.lua's tick never idles it
K.setGroupsForProcesses(activateGroup, root) -- processes.lua: a new process's group; runProcess's default

return { root = root }
