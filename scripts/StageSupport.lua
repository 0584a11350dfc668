--- StageSupport: the stage API that scene scripts see, built from the
-- engine's C functions (`stage`) and the scheduler (`S`). The host loads this
-- file with full privileges; scenes only see the table it returns.
--
-- The C functions check their arguments and blame the scene line that called
-- them (frames of this file and of its parts are skipped), so the wrappers
-- here need not repeat those checks.
--
-- Each section of the API (the second field of an entry of
-- scripts/ApiDescription.lua) is a file of the folder stage/ beside this one,
-- loaded in this order:
--   stage.lua   walks, dialogue, sayFor, and the direct sets that stop a tween
--   camera.lua  the camera's moves, zoom, shake and follow; tween and ease
--   story.lua   pages, pictures, characters on stage, choices, jumps, chapters;
--               and the scene runner, the host's side (host.runScene...)
--   sound.lua   a one-shot sound's handle
--   player.lua  distances and waiting near a place
-- This file keeps what they share: the errors at the scene's line (raise),
-- the checks of every argument by its description, and the helpers of more
-- than one section (the easing curves and the tweens, the waits for a line
-- read). Each part is a chunk called with one table of what it may use,
-- which it copies into locals at its top; it adds its forms to `api` (and
-- the runner to `host`) and gives nothing back.
--
-- Finding the parts: the Stagehand host passes a loader as this chunk's
-- argument (it reads the data folder itself and names each chunk
-- "@scripts/stage/NAME.lua"). Loaded any other way (the specs' dofile), the
-- parts are read with loadfile from the folder this file was loaded from.

local PARTS = { "stage", "camera", "story", "sound", "player" }

local hostLoader = ...

-- The longest string a message quotes whole (the engine's messages stop at about as many bytes), and the
-- longest a "did you mean" compares: the comparison costs its length times each choice's.
local QUOTED_BYTES = 100
local GUESSED_BYTES = 64

local function describe(value)
    if value ~= value then
        return "nan" -- the C library may print -nan or nan(ind)
    end
    if type(value) == "string" then
        return #value > QUOTED_BYTES and string.format("%q...", value:sub(1, QUOTED_BYTES))
            or string.format("%q", value)
    elseif type(value) == "number" or type(value) == "boolean" or value == nil then
        return tostring(value)
    end
    return type(value) -- a table, not "table: 0x55d0...": the same words on every run, as --check's
end

-- This file's chunk, "@scripts/StageSupport.lua" -> "scripts/"; "" when loaded from the current folder.
local here = debug.getinfo(1, "S")
local folder = here.source:match("^@(.*[/\\])") or ""

local function loadPartFile(name)
    local path = folder .. "stage/" .. name .. ".lua"
    local chunk, err = loadfile(path)
    if not chunk then
        error("StageSupport.lua: cannot load its part " .. path .. ": " .. tostring(err), 0)
    end
    return chunk
end

local loadPart = type(hostLoader) == "function" and hostLoader or loadPartFile

-- The chunks of this file and of its parts: their frames are the stage library's, never the line an error is
-- blamed on.
local librarySources = { [here.source] = true }
local partChunks = {}
for i, name in ipairs(PARTS) do
    partChunks[i] = loadPart(name)
    librarySources[debug.getinfo(partChunks[i], "S").source] = true
end

-- Whether a frame is the library's, not the author's: this file's or a part's, the scheduler's (the host names
-- its chunks scripts/WaitSupport.lua and scripts/wait/NAME.lua, as BindHelpers.cpp's isHostChunk knows them),
-- or PUC Lua's mark of a tail call, whose caller's frame is gone (LuaJIT leaves no mark).
local function isLibraryFrame(info)
    local source = info.source
    return librarySources[source] == true or info.what == "tail" or source:find("WaitSupport%.lua$") ~= nil
        or source:find("scripts/wait/[%w_]+%.lua$") ~= nil
end

-- Raises `message` at the first frame outside the library: the scene line that called the stage function,
-- however many of the library's helpers lie between (error(message, 3) from a helper's helper would name the
-- stage function's own line), on either VM. Called through pcall(stageFunction, ...), that frame is pcall's:
-- no line, as Lua's own error(message, 2) gives.
local function raise(message)
    local level = 2
    while true do
        local info = debug.getinfo(level, "S")
        if not info or not isLibraryFrame(info) then
            error(message, info and level or 0)
        end
        level = level + 1
    end
end

-- Raises at the scene line that called the stage function.
local function checkString(fname, argName, value)
    if type(value) ~= "string" then
        raise(string.format("%s: %s must be a string. Was %s", fname, argName, describe(value)))
    end
end

-- Raises at the scene line unless value is a finite number >= 0 (NaN, which
-- compares false with everything, and infinity are refused by name).
local function checkSeconds(fname, argName, value)
    -- (not (value >= 0) is deliberate: NaN fails every comparison)
    if type(value) ~= "number" or not (value >= 0) or value == math.huge then -- luacheck: ignore 581
        raise(string.format("%s: %s must be a non-negative finite number. Was %s", fname, argName, describe(value)))
    end
end

-- Arguments as the description says (scripts/ApiDescription.lua): every stage function a scene calls is
-- checked here, before its binding or waiting form runs, so each wrong argument is refused in the same words
-- ("FNAME: ARG must be WHAT. Was VALUE") at the scene's line. What needs the world (is there an actor of that
-- name, a waypoint, a picture?) is the engine's to say, after this.

local function isFinite(value)
    return type(value) == "number" and value == value and value ~= math.huge and value ~= -math.huge
end

local function formatNumber(value)
    return string.format("%.14g", value)
end

-- What `value`, refused, must be as a `typeName`, in an error's words: `range` (the param's) is what a number
-- must lie in; a string given for a type with an `enum` hears the choices.
local function expectation(types, typeName, range, value)
    local kind = types[typeName]
    if range then
        return string.format("a number from %s to %s", formatNumber(range[1]), formatNumber(range[2]))
    elseif kind.enum and (not kind.expects or type(value) == "string") then
        return "one of " .. table.concat(kind.enum, ", ")
    end
    return kind.expects
end

local function inList(list, value)
    for _, item in ipairs(list) do
        if item == value then
            return true
        end
    end
    return false
end

-- Whether `value` is a `typeName` as the description's types table says: the Lua kinds its `literal` lists
-- (a string of an `enum` among them, a number at or above `atLeast`, above `above`, whole when `whole`), or a
-- value whose metatable is its `metatable` (a line template, a process handle); then within `range`.
local function fits(types, typeName, range, value)
    local kind = types[typeName]
    if typeName == "any" then
        return true
    end
    local valueType = type(value)
    local ofKind = inList(kind.literal, valueType) or (kind.metatable ~= nil and getmetatable(value) == kind.metatable)
    if not ofKind then
        return false
    elseif valueType == "string" then
        return not kind.enum or inList(kind.enum, value)
    elseif valueType == "number" then
        -- (not (value >= x) is deliberate: NaN fails every comparison)
        local number = isFinite(value) or (kind.infinite and value == value)
        return number and not (kind.atLeast and not (value >= kind.atLeast)) -- luacheck: ignore 581
            and not (kind.above and not (value > kind.above)) -- luacheck: ignore 581
            and not (kind.whole and value % 1 ~= 0)
            and not (range and (value < range[1] or value > range[2]))
    end
    return true
end

-- Raises "FNAME: ARG must be WHAT. Was VALUE" at the scene's line, with the closest choice to a misspelt one.
local function refuse(context, fname, argName, typeName, range, value)
    local kind = context.types[typeName]
    local guess = kind.enum and type(value) == "string" and #value <= GUESSED_BYTES
        and context.closestName(value, kind.enum)
    raise(string.format("%s: %s must be %s. Was %s%s", fname, argName,
        expectation(context.types, typeName, range, value), describe(value),
        guess and string.format(" (did you mean %s?)", guess) or ""))
end

-- Raises unless each field of an options table an options type describes (`fields`) is what it says.
local function checkFields(context, fname, argName, kind, options)
    if not kind.fieldOrder then -- in name order, so the first wrong field named is the same on both VMs
        kind.fieldOrder = {}
        for field in pairs(kind.fields) do
            kind.fieldOrder[#kind.fieldOrder + 1] = field
        end
        table.sort(kind.fieldOrder)
    end
    for _, field in ipairs(kind.fieldOrder) do
        local rule = kind.fields[field]
        local value = options[field]
        if value ~= nil and not fits(context.types, rule[1], rule.range, value) then
            refuse(context, fname, argName .. "." .. field, rule[1], rule.range, value)
        end
    end
end

-- Raises at the scene's line unless `value`, the argument `param` of `entry`, is what it describes. `nextGiven`:
-- an argument follows it (a `speaker` param is then the speaker, and may be nil: narration).
local function checkArgument(context, fname, param, value, nextGiven)
    local typeName, range, argName = param.type, param.range, param.name
    if param.speaker and nextGiven then
        typeName, range, argName = param.speaker, nil, "speaker"
    elseif param.alone and not nextGiven then
        argName = param.alone
    end
    if value == nil and (param.opt or param.orNil or (param.speaker and nextGiven)) then
        return
    end
    local kind = context.types[typeName]
    if not fits(context.types, typeName, range, value) then
        refuse(context, fname, argName, typeName, range, value)
    end
    if type(value) == "table" and kind.fields then
        checkFields(context, fname, argName, kind, value)
    end
end

local function passOn(...)
    return ...
end

-- `fn` behind the checks its description's params make. `fn` is called, not tail-called: this frame, the one
-- the scene called by its name, stays below it, so a binding that a form calls (walkTo's walkToPoint) names
-- its error by the scene's call on PUC Lua too, which keeps no name for a tail-called frame.
-- `context`: the description's `types`, and `closestName(name, names)` for "did you mean". A method's entry
-- (`of`: its class) is checked past its self and named as CLASS:METHOD.
local function checkedByDescription(context, entry, fn)
    local params = {}
    for _, param in ipairs(entry.params) do
        if param.name ~= "..." then
            params[#params + 1] = param
        end
    end
    local count, fname = #params, entry.of and entry.of .. ":" .. entry.name or entry.name
    local checked
    if entry.of then
        checked = function(self, ...)
            for i = 1, count do
                checkArgument(context, fname, params[i], (select(i, ...)), select(i + 1, ...) ~= nil)
            end
            return passOn(fn(self, ...))
        end
    else
        checked = function(...)
            for i = 1, count do
                checkArgument(context, fname, params[i], (select(i, ...)), select(i + 1, ...) ~= nil)
            end
            return passOn(fn(...))
        end
    end
    context.checkedNames[checked] = fname -- the engine names its errors by it (BindHelpers.cpp's calledName)
    return checked
end

-- The sections whose functions are the scheduler's own (scripts/wait/): it checks their arguments itself, in
-- the same words (a test holds them to the description), as it runs without the stage too.
local SCHEDULER_SECTIONS = { processes = true, waiting = true, signals = true, groups = true, introspection = true }

-- `apiDescription` is scripts/ApiDescription.lua's table: a scene sees the
-- engine's functions it describes; the others (isLineFinished, setCameraStep...)
-- are reached through the waiting forms of the parts. A binding is named after
-- the scene function it serves: a waiting form of the same name (dialogue,
-- show, backdrop, playSound) replaces it in the scene's API and calls it.
return function(stage, S, apiDescription)
    local api = {}
    for name, fn in pairs(stage) do
        if apiDescription.byName[name] then
            api[name] = fn
        end
    end
    local host = {}

    -- Waits until dialogue line or story page `id` has been read (typed,
    -- held and turned): dialogue() and text() differ only in how it is shown,
    -- and in who turns it, which the inspector says (`description`).
    local function waitUntilRead(id, speaker, description)
        S.waitUntilLabelled("page", speaker or "narration", function()
            return stage.isLineFinished(id)
        end, description)
    end

    -- The voice clip a line carries: a name, or { voice = name }.
    local function voiceOf(fname, voice)
        if type(voice) == "table" then
            voice = voice.voice
        end
        if voice ~= nil and type(voice) ~= "string" then
            raise(string.format("%s: voice must be a sound name. Was %s", fname, describe(voice)))
        end
        return voice
    end

    ---------------------------------------------------------------------------
    -- Tweens: the camera's moves and tweens (camera.lua), the backdrop's and
    -- a character's transitions (story.lua), stopped by the stage's direct
    -- sets (stage.lua). A tween is a process of the caller's group that sets
    -- its property once a tick from the group's clock, so the group's time
    -- scale and pause apply, and it can be waited on, joined and cancelled
    -- like any process. The curves are Robert Penner's.
    ---------------------------------------------------------------------------

    local function outBounce(t)
        if t < 1 / 2.75 then
            return 7.5625 * t * t
        elseif t < 2 / 2.75 then
            t = t - 1.5 / 2.75
            return 7.5625 * t * t + 0.75
        elseif t < 2.5 / 2.75 then
            t = t - 2.25 / 2.75
            return 7.5625 * t * t + 0.9375
        end
        t = t - 2.625 / 2.75
        return 7.5625 * t * t + 0.984375
    end

    local function inBack(s) -- overshoot s
        return function(t) return t * t * ((s + 1) * t - s) end
    end
    local function inElastic(period) -- amplitude 1
        return function(t)
            if t == 0 or t == 1 then
                return t
            end
            return -(2 ^ (10 * (t - 1))) * math.sin((t - 1 - period / 4) * 2 * math.pi / period)
        end
    end

    -- Each curve's "in" form, f(0) = 0 and f(1) = 1; "out" is made from it, and
    -- "inOut" from the third entry when there is one: Penner's inOutBack
    -- overshoots with s * 1.525 and his inOutElastic swings with period 0.45.
    local CURVES = {
        { "Quad", function(t) return t * t end },
        { "Cubic", function(t) return t * t * t end },
        { "Sine", function(t) return 1 - math.cos(t * math.pi / 2) end },
        { "Back", inBack(1.70158), inBack(1.70158 * 1.525) },
        { "Elastic", inElastic(0.3), inElastic(0.3 * 1.5) },
        { "Bounce", function(t) return 1 - outBounce(1 - t) end },
    }

    local EASINGS = { linear = function(t) return t end }
    local EASING_NAMES = { "linear" }
    for _, curve in ipairs(CURVES) do
        local name, f, g = curve[1], curve[2], curve[3] or curve[2]
        EASINGS["in" .. name] = f
        EASINGS["out" .. name] = function(t) return 1 - f(1 - t) end
        EASINGS["inOut" .. name] = function(t)
            if t < 0.5 then
                return g(2 * t) / 2
            end
            return 1 - g(2 - 2 * t) / 2
        end
        for _, form in ipairs({ "in", "out", "inOut" }) do
            EASING_NAMES[#EASING_NAMES + 1] = form .. name
        end
    end
    -- What a described parameter is when left out (ApiDescription.lua's `default`, which the docs show).
    local function describedDefault(fname, argName)
        for _, param in ipairs(apiDescription.byName[fname].params) do
            if param.name == argName then
                return param.default
            end
        end
    end
    local DEFAULT_EASING = describedDefault("moveCamera", "easing")

    local function oneOf(fname, argName, value, choices, known)
        if type(value) ~= "string" or not known[value] then
            local guess = type(value) == "string" and #value <= GUESSED_BYTES and S.closestName(value, choices)
            raise(string.format("%s: %s must be one of %s. Was %s%s", fname, argName, table.concat(choices, ", "),
                describe(value), guess and string.format(" (did you mean %s?)", guess) or ""))
        end
        return value
    end

    local function easingOf(fname, easing)
        if easing == nil then
            return EASINGS[DEFAULT_EASING], DEFAULT_EASING
        end
        oneOf(fname, "easing", easing, EASING_NAMES, EASINGS)
        return EASINGS[easing], easing
    end

    local function number(value)
        return string.format("%.6g", value)
    end

    local tweening = {} -- "camera.center" -> the live process that sets it

    local function stopTween(key)
        local p = tweening[key]
        if p then
            p:cancel()
        end
    end

    -- Starts the process that moves `key` from where it is to where `spec`
    -- says over `seconds` of its group's time. spec: target, property, to
    -- (its name in the transcript), from (the values now), toValues() (the
    -- values at the end, asked each tick), set(...values), easing, easingName.
    local function startTween(key, seconds, spec)
        stopTween(key) -- the newer tween of a property takes over
        stage.recordStageEvent("tween", "target", spec.target, "property", spec.property, "to", spec.to,
            "seconds", number(seconds), "easing", spec.easingName)
        local p = S.runProcess(function()
            local self = S.currentProcess()
            self:setName("tween " .. key)
            local group = self:group()
            local start, finished, from = group:now(), false, spec.from
            S.onCleanup(function()
                if tweening[key] == self then
                    tweening[key] = nil
                end
                stage.recordStageEvent("tween_end", "target", spec.target, "property", spec.property,
                    "ended", finished and "done" or "cancelled")
            end)
            -- One step a tick, from the group's clock, as the wait's condition:
            -- one wait in the transcript, and a paused group takes no step.
            local function step()
                local t = seconds > 0 and (group:now() - start) / seconds or 1
                if t >= 1 - 1e-9 then
                    t = 1
                end
                local k, to = spec.easing(t), { spec.toValues() }
                local values = {}
                for i = 1, #from do
                    values[i] = from[i] + (to[i] - from[i]) * k
                end
                spec.set(unpack(values, 1, #from))
                return t == 1
            end
            S.waitUntilLabelled("tween", key, step, "the tween of " .. key .. " ends")
            finished = true
        end)
        if p:isAlive() then
            tweening[key] = p
        end
        return p
    end

    local function checkRange(fname, argName, value, low, high)
        if type(value) ~= "number" or not (value >= low and value <= high) then
            raise(string.format("%s: %s must be a number from %s to %s. Was %s", fname, argName, number(low),
                number(high), describe(value)))
        end
    end

    -- What the parts may use (each copies what it uses into locals at its top).
    local shared = {
        stage = stage, S = S, api = api, host = host, apiDescription = apiDescription, classes = {},
        raise = raise, describe = describe, number = number, checkString = checkString,
        checkSeconds = checkSeconds, checkRange = checkRange, oneOf = oneOf, describedDefault = describedDefault,
        voiceOf = voiceOf, waitUntilRead = waitUntilRead,
        easingOf = easingOf, tweening = tweening, startTween = startTween, stopTween = stopTween,
    }
    for _, part in ipairs(partChunks) do
        part(shared)
    end

    -- (host.checkedNames: each check's function -> the scene function it is, whatever a scene calls it)
    host.checkedNames = {}
    local checking = { types = apiDescription.types, closestName = S.closestName, checkedNames = host.checkedNames }
    for name, entry in pairs(apiDescription.byName) do
        if api[name] and not SCHEDULER_SECTIONS[entry.section] and not entry.standard then
            api[name] = checkedByDescription(checking, entry, api[name])
        end
    end
    -- The methods of the handles the parts make (shared.classes: Sound), by their entries (`of`).
    for _, entry in ipairs(apiDescription.functions) do
        local class = entry.of and shared.classes[entry.of]
        if class and #entry.params > 0 then
            class[entry.name] = checkedByDescription(checking, entry, class[entry.name])
        end
    end
    return api, host
end
