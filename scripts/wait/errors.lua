--- Errors: where a failure is told (the error handler, the host's kill) and
-- at which line (the author's, never the support libraries'), with "did you
-- mean" for a misspelt name; and the names of processes, which those
-- reports, the observer and the inspector give. Loaded after records.lua; it
-- calls no other part.
local K, M = ...

local type, tostring, pairs, ipairs, pcall = type, tostring, pairs, ipairs, pcall
local floor = math.floor
local getinfo = debug.getinfo
local checkType, optionalFunction, handle = K.checkType, K.optionalFunction, K.handle
local ID, FN = K.ID, K.FN

-- Sources of the support libraries (scripts/WaitSupport.lua and its parts,
-- which it registers, and the host's StageSupport.lua and scripts/stage/): an error is reported
-- at the first line outside them, where the scene's author called in.
local supportSources, supportShortSources = K.supportSources, K.supportShortSources

local sceneGlobals = _G -- where "did you mean" looks for names (the host sets the sandbox)
local quietFailures = setmetatable({}, { __mode = "k" }) -- processes run by try()

-- The host's answer to "is a runaway script being stopped?", and its "the
-- kill has stopped its process" (only that process fails): see setKillCheck.
-- The other parts call killPending and endKill, which stay the same
-- functions whatever the host sets.
local killCheck = function() return false end
local killEnd = function() end

local function killPending()
    return killCheck()
end

local function endKill()
    return killEnd()
end

-- Text for any error value: a table's __tostring may itself raise, loop or
-- return a non-string, and none of that may stop the scheduler.
local function errorText(err)
    local kind = type(err)
    if kind == "string" or kind == "number" then
        return tostring(err)
    end
    local ok, text = pcall(tostring, err)
    if ok and type(text) == "string" then
        return text
    end
    return "(error object is a " .. kind .. " value)"
end

-- file:line of the innermost frame of co (the running coroutine if co is nil)
-- in the author's code.
-- A frame without a current line (LuaJIT after a memory error) is located at
-- the line where its function begins.
local function authorLocation(co)
    local fallback
    for level = co and 0 or 1, 60 do
        local info
        if co then
            info = getinfo(co, level, "Sl")
        else
            info = getinfo(level, "Sl")
        end
        if not info then
            break
        end
        if info.what ~= "C" and not supportSources[info.source] then
            if info.currentline and info.currentline > 0 then
                return info.short_src .. ":" .. info.currentline
            end
            fallback = fallback or (info.linedefined > 0 and info.short_src .. ":" .. info.linedefined)
        end
    end
    return fallback or nil
end

local function editDistance(a, b)
    local prev = {}
    for j = 0, #b do
        prev[j] = j
    end
    for i = 1, #a do
        local row = { [0] = i }
        for j = 1, #b do
            local cost = a:byte(i) == b:byte(j) and 0 or 1
            row[j] = math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost)
        end
        prev = row
    end
    return prev[#b]
end

-- The candidate a misspelt name most likely meant, or nil. The same name but
-- for case and underscores wins outright (wait_signal is waitSignal).
local function closestName(name, candidates)
    local lowered = name:lower():gsub("_", "")
    for _, other in ipairs(candidates) do
        if other ~= name and other:lower():gsub("_", "") == lowered then
            return other
        end
    end
    local best, bestDistance = nil, math.max(3, floor(#name / 3)) + 1
    for _, other in ipairs(candidates) do
        local d = editDistance(name, other)
        if other ~= name and d < bestDistance then
            best, bestDistance = other, d
        end
    end
    return best
end

-- "attempt to call global 'wait_signal'" gets the closest name a scene can see.
local function suggestGlobal(message)
    local name = message:match("attempt to call global '([^']+)' %(a nil value%)")
    if not name or message:find("did you mean", 1, true) then
        return message
    end
    local names = {}
    for key, value in pairs(sceneGlobals) do
        if type(key) == "string" and type(value) == "function" then
            names[#names + 1] = key
        end
    end
    table.sort(names)
    local best = closestName(name, names)
    return best and message .. string.format(" (did you mean %s?)", best) or message
end

-- The message of an error raised in coroutine co, located at the author's
-- line: a location inside the support libraries, or none at all (an error
-- object, a memory error), is replaced by the author's file:line.
local function authorMessage(err, co)
    local message = errorText(err)
    local where = authorLocation(co)
    if where then
        local location, rest = message:match("^([^\n]-:%d+): (.*)$")
        if not location then
            message = where .. ": " .. message
        elseif supportShortSources[location:match("^(.*):%d+$")] then
            message = where .. ": " .. rest
        end
    end
    return suggestGlobal(message)
end

local function defaultErrorHandler(message)
    io.stderr:write(message, "\n")
end

local errorHandler = defaultErrorHandler

-- Tells the error handler that p failed with `message`, unless p runs under
-- try() (its caller has the failure) and the failure is not a kill.
local function report(message, p, evenIfQuiet)
    if quietFailures[p] and not evenIfQuiet then
        return
    end
    local ok, err = pcall(errorHandler, message, handle(p))
    if not ok then
        defaultErrorHandler(message)
        defaultErrorHandler("error handler failed: " .. errorText(err))
    end
end

---------------------------------------------------------------------------
-- Names and places of processes, for reports, the observer and the inspector
---------------------------------------------------------------------------

local function nameOf(p)
    local fn = p[FN]
    if type(fn) == "string" then
        return fn -- set by setName
    end
    if not fn then
        return string.format("process %d", p[ID])
    end
    local info = getinfo(fn, "S")
    if supportShortSources[info.short_src] then
        return string.format("process %d (stage library)", p[ID]) -- a line there would mean nothing to an author
    end
    return string.format("process %d (%s:%d)", p[ID], info.short_src, info.linedefined)
end

-- Where fn was defined: "file:line", or "(stage library)" for the support
-- scripts' own functions (the scene runner, walkToPointAndSignal's helper).
local function definedAt(fn)
    if not fn then
        return "?"
    end
    local info = getinfo(fn, "S")
    if supportShortSources[info.short_src] then
        return "(stage library)"
    end
    return info.short_src .. ":" .. info.linedefined
end

---------------------------------------------------------------------------
-- Host only: where errors go, and where they are located
---------------------------------------------------------------------------

---Sets the function called with (message with traceback, process) when a
---process fails. Default: write the message to stderr. nil restores the default.
---@param fn fun(message: string, p: Process)|nil
function M.setErrorHandler(fn)
    errorHandler = optionalFunction("setErrorHandler", fn) or defaultErrorHandler
end

---Host only: fn() returns true while the host stops a runaway script (the
---scene's pcall, xpcall and coroutine.resume then pass the error on);
---finish() ends the kill once the process it stopped has failed.
---@param fn fun(): boolean
---@param finish fun()|nil
function M.setKillCheck(fn, finish)
    checkType("setKillCheck", "fn", fn, "function")
    killCheck = fn
    killEnd = optionalFunction("setKillCheck", finish) or killEnd
end

---Host only: the table whose functions "did you mean" suggests from.
---@param env table
function M.setSceneGlobals(env)
    checkType("setSceneGlobals", "env", env, "table")
    sceneGlobals = env
end

---Host only: errors inside this chunk (e.g. "@scripts/StageSupport.lua") are
---reported at the scene line that called into it.
---@param source string
function M.addSupportSource(source)
    checkType("addSupportSource", "source", source, "string")
    supportSources[source] = true
    supportShortSources[source:gsub("^@", "")] = true
end

---Host only: the one "did you mean" rule, for the host's other checks
---(CheckSupport.lua). Returns the candidate `name` most likely meant, or nil.
M.closestName = closestName

return {
    quietFailures = quietFailures, killPending = killPending, endKill = endKill,
    authorLocation = authorLocation, closestName = closestName, authorMessage = authorMessage, report = report,
    nameOf = nameOf, definedAt = definedAt,
}
