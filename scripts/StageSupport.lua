--- StageSupport: the stage API that scene scripts see, built from the
-- engine's C functions (`stage`) and the scheduler (`S`). The host loads this
-- file with full privileges; scenes only see the table it returns.
--
-- The C functions check their arguments and blame the scene line that called
-- them (frames of this file are skipped), so the wrappers here need not
-- repeat those checks.

local function describe(value)
    if value ~= value then
        return "nan" -- the C library may print -nan or nan(ind)
    end
    if type(value) == "string" then
        return string.format("%q", value)
    elseif type(value) == "number" or type(value) == "boolean" or value == nil then
        return tostring(value)
    end
    return type(value) -- a table, not "table: 0x55d0...": the same words on every run, as --check's
end

-- This file's chunk name: its frames are the stage library's, never the line an error is blamed on.
local librarySource = debug.getinfo(1, "S").source

-- Whether a frame is the library's, not the author's: this file's, the scheduler's (the host names its
-- chunks scripts/WaitSupport.lua and scripts/wait/NAME.lua, as BindHelpers.cpp's isHostChunk knows them),
-- or PUC Lua's mark of a tail call, whose caller's frame is gone (LuaJIT leaves no mark).
local function isLibraryFrame(info)
    local source = info.source
    return source == librarySource or info.what == "tail" or source:find("WaitSupport%.lua$") ~= nil
        or source:find("scripts/wait/[%w_]+%.lua$") ~= nil
end

-- Raises `message` at the first frame outside the library: the scene line that called the stage function,
-- however many of this file's helpers lie between (error(message, 3) from a helper's helper would name the
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

-- Text a player reads: a string, or a template from line() (the binding
-- checks what a template holds).
local function checkLineText(fname, argName, value)
    if type(value) ~= "string" and getmetatable(value) ~= "line" then
        raise(string.format("%s: %s must be a string or a line(...). Was %s", fname, argName, describe(value)))
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
        return isFinite(value) and not (kind.atLeast and not (value >= kind.atLeast)) -- luacheck: ignore 581
            and not (kind.above and not (value > kind.above)) -- luacheck: ignore 581
            and not (kind.whole and value % 1 ~= 0)
            and not (range and (value < range[1] or value > range[2]))
    end
    return true
end

-- Raises "FNAME: ARG must be WHAT. Was VALUE" at the scene's line, with the closest choice to a misspelt one.
local function refuse(context, fname, argName, typeName, range, value)
    local kind = context.types[typeName]
    local guess = kind.enum and type(value) == "string" and context.closestName(value, kind.enum)
    raise(string.format("%s: %s must be %s. Was %s%s", fname, argName,
        expectation(context.types, typeName, range, value), describe(value),
        guess and string.format(" (did you mean %s?)", guess) or ""))
end

-- Raises unless each field of an options table an options type describes (`fields`) is what it says.
local function checkFields(context, fname, argName, kind, options)
    for field, rule in pairs(kind.fields) do
        local value = options[field]
        if value ~= nil and not fits(context.types, rule[1], rule.range, value) then
            refuse(context, fname, argName .. "." .. field, rule[1], rule.range, value)
        end
    end
end

-- Raises at the scene's line unless `value`, the argument `param` of `entry`, is what it describes. `nextGiven`:
-- an argument follows it (a `speaker` param is then the speaker, and may be nil: narration).
local function checkArgument(context, entry, param, value, nextGiven)
    local typeName, range, argName = param.type, param.range, param.name
    if param.speaker and nextGiven then
        typeName, range = param.speaker, nil
    elseif param.alone and not nextGiven then
        argName = param.alone
    end
    if value == nil and (param.opt or param.orNil or (param.speaker and nextGiven)) then
        return
    end
    local kind = context.types[typeName]
    if not fits(context.types, typeName, range, value) then
        refuse(context, entry.name, argName, typeName, range, value)
    end
    if type(value) == "table" and kind.fields then
        checkFields(context, entry.name, argName, kind, value)
    end
end

-- `fn` behind the checks its description's params make. The call to `fn` is a tail call: the binding, or the
-- waiting form, sees the scene's frame next to its own (LuaJIT) or a tail call's mark (PUC Lua), never this one.
-- `context`: the description's `types`, and `closestName(name, names)` for "did you mean".
local function checkedByDescription(context, entry, fn)
    local params = {}
    for _, param in ipairs(entry.params) do
        if param.name ~= "..." then
            params[#params + 1] = param
        end
    end
    local count = #params
    return function(...)
        for i = 1, count do
            checkArgument(context, entry, params[i], (select(i, ...)), select(i + 1, ...) ~= nil)
        end
        return fn(...)
    end
end

-- The sections whose functions are the scheduler's own (scripts/wait/): it checks their arguments itself, in
-- the same words (a test holds them to the description), as it runs without the stage too.
local SCHEDULER_SECTIONS = { processes = true, waiting = true, signals = true, groups = true, introspection = true }

-- `apiDescription` is scripts/ApiDescription.lua's table: a scene sees the
-- engine's functions it describes; the others (showLine, setCameraStep...)
-- are reached through the waiting forms below. A waiting form of the same
-- name as its binding (playSound) replaces it.
return function(stage, S, apiDescription)
    -- Story functions are the script's global functions; the closest name is
    -- a likely typo. The rule is the scheduler's (S.closestName), as for every
    -- "did you mean" Stagehand says.
    local function closestName(name, env)
        local names = {}
        for key, value in pairs(env) do
            if type(key) == "string" and type(value) == "function" then
                names[#names + 1] = key
            end
        end
        table.sort(names)
        return S.closestName(name, names)
    end
    local api = {}
    for name, fn in pairs(stage) do
        if apiDescription.byName[name] then
            api[name] = fn
        end
    end
    local host = {}
    local env = {} -- the scene sandbox, set by the host once it exists

    local function arrived(actor)
        return function()
            return not stage.isWalking(actor)
        end
    end

    -- Waits until dialogue line or story page `id` has been read (typed,
    -- held and turned): dialogue() and text() differ only in how it is shown,
    -- and in who turns it, which the inspector says (`description`).
    local function waitUntilRead(id, speaker, description)
        S.waitUntilLabelled("page", speaker or "narration", function()
            return stage.isLineFinished(id)
        end, description)
    end

    -- What a walk waits for, in the inspector's words.
    local function arrives(actor)
        return actor .. " arrives"
    end

    ---Starts `actor` walking to `point` and returns at once; when it arrives,
    ---`signal(signalName)` is sent (the article's walkToPointAndSignal).
    ---@param actor string
    ---@param signalName string
    ---@param point table|string a waypoint() result or a waypoint name
    ---@return Process the helper process that sends the signal
    function api.walkToPointAndSignal(actor, signalName, point)
        checkString("walkToPointAndSignal", "signalName", signalName)
        api.walkToPoint(actor, point) -- a walk takes over from a tween of the position, as walkToPoint does
        return S.runProcess(function()
            S.waitUntilLabelled("walk", actor, arrived(actor), arrives(actor))
            S.signal(signalName)
        end):setName(actor .. " walking, then signal " .. signalName)
    end

    ---Walks `actor` to `point` and waits until it arrives.
    ---@param actor string
    ---@param point table|string
    function api.walkTo(actor, point)
        api.walkToPoint(actor, point) -- a tween of the position stops
        S.waitUntilLabelled("walk", actor, arrived(actor), arrives(actor))
    end

    ---Waits until `actor` stops walking.
    ---@param actor string
    function api.waitArrival(actor)
        stage.isWalking(actor) -- checks the name
        S.waitUntilLabelled("walk", actor, arrived(actor), arrives(actor))
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

    ---Shows a line in the dialogue box (speaker nil for narration) and waits
    ---until it has been typed out and read; with a voice clip, until the voice
    ---has ended too (the next line stops it).
    ---@param speaker string|nil
    ---@param text string
    ---@param voice? string|table a sound name, or { voice = name }
    function api.dialogue(speaker, text, voice)
        voice = voiceOf("dialogue", voice)
        local id = stage.showLine(speaker, text)
        if voice then
            stage.playVoice(speaker, voice)
        end
        waitUntilRead(id, speaker, "the line is read") -- it turns itself once read
    end

    ---------------------------------------------------------------------------
    -- Sound: a one-shot's handle can be waited on and stopped.
    ---------------------------------------------------------------------------

    local Sound = {}
    Sound.__index = Sound
    Sound.__metatable = false

    ---Waits until the sound has ended (or was stopped). A loop never ends by itself.
    function Sound:wait()
        S.waitUntilLabelled("sound", self.name, function()
            return not stage.isSoundPlaying(self.id)
        end, "the sound " .. self.name .. " ends")
    end

    ---Stops the sound, fading out over `fade` seconds (default 0).
    function Sound:stop(fade)
        stage.stopSoundId(self.id, fade)
    end

    function Sound:isPlaying()
        return stage.isSoundPlaying(self.id)
    end

    ---Plays a sound from assets/audio and returns its handle at once.
    ---@param name string
    ---@param options? table { volume =, pan =, at = actor, loop =, fade = }
    ---@return table handle with :wait(), :stop(fade), :isPlaying()
    function api.playSound(name, options)
        local id = stage.playSound(name, options)
        return setmetatable({ id = id, name = name }, Sound)
    end

    ---Shows a speech bubble for `seconds` and waits that long; the engine
    ---clears the bubble itself, so a cancelled speaker does not leave it up.
    ---@param actor string
    ---@param text string
    ---@param seconds number
    function api.sayFor(actor, text, seconds)
        checkSeconds("sayFor", "seconds", seconds)
        stage.say(actor, text, seconds)
        S.waitSeconds(seconds)
    end

    ---------------------------------------------------------------------------
    -- Story scripts (the idea of seed article 001): pages, pictures, choices
    -- and jumps between story functions.
    ---------------------------------------------------------------------------

    local pendingOptions = setmetatable({}, { __mode = "k" }) -- process -> options so far
    local storyOf = setmetatable({}, { __mode = "k" }) -- branch process, and the scene's runner -> its story

    -- The story `p` plays in: its own (a branch's, the runner's), else that of
    -- the process that started it; nil outside a scene.
    local function sceneStoryOf(p)
        while p do
            if storyOf[p] then
                return storyOf[p]
            end
            p = S.parentProcess(p)
        end
        return nil
    end

    -- One transcript line for each process a jump or the scene's end cancels,
    -- so a loop that stopped is never a mystery.
    local function recordCancelled(list, by, target)
        for _, p in ipairs(list) do
            if target then
                stage.recordStageEvent("cancelled", "process", p:name(), "by", by, "target", target)
            else
                stage.recordStageEvent("cancelled", "process", p:name(), "by", by)
            end
        end
    end

    local function storyFunction(fname, target)
        checkString(fname, "target", target)
        if type(env[target]) ~= "function" then
            local guess = closestName(target, env)
            raise(string.format("%s: no story function named '%s'%s", fname, target,
                guess and string.format(" (did you mean '%s'?)", guess) or ""))
        end
        return env[target]
    end

    ---Shows a page in the dialogue box and waits for the player to turn it.
    ---text(s) is narration; text(actor, s) names the speaker.
    ---@param speakerOrText string
    ---@param text? string
    ---@param voice? string|table a sound name, or { voice = name }
    function api.text(speakerOrText, text, voice)
        local speaker = nil
        if text == nil then
            text = speakerOrText
        else
            speaker = speakerOrText
        end
        checkLineText("text", "text", text)
        voice = voiceOf("text", voice)
        local id = stage.showPage(speaker, text)
        if voice then
            stage.playVoice(speaker, voice)
        end
        waitUntilRead(id, speaker, "the player turns the page")
    end

    ---Shows a picture (assets/images/NAME.png, or .jpg, .bmp, .tga, .gif) beside the text; nil hides it.
    ---@param name string|nil
    function api.image(name)
        stage.setImage(name)
    end

    ---Adds a choice for the next menu(): its text, and the name of the story
    ---function it leads to. The name is looked up when the option is chosen (as
    ---in the article), so the function may be defined later in the file.
    ---@param text string
    ---@param target string
    function api.option(text, target)
        checkLineText("option", "text", text)
        checkString("option", "target", target)
        local p = S.currentProcess()
        if not p then
            raise("option() called from outside a process")
        end
        local list = pendingOptions[p] or {}
        pendingOptions[p] = list
        list[#list + 1] = { text = text, target = target }
    end

    ---Continues the story at another story function; the current one stops here.
    ---@param target string
    function api.jump(target)
        storyFunction("jump", target)
        local p = S.currentProcess()
        local story = p and storyOf[p]
        if not story then
            raise("jump: only a scene's own process can jump (not one it started)")
        end
        stage.recordJump(target)
        recordCancelled(S.liveDescendants(p), "jump", target) -- runForScene's are not the branch's: they go on
        story.next = target
        p:cancel() -- stops this branch; the scene goes on at `target`
    end

    -- The chapters of the story: the names in the script's SCENES list, in its order.
    local function chapterNames()
        local names, list = {}, rawget(env, "SCENES")
        if type(list) ~= "table" then
            return names
        end
        for i = 1, #list do
            local entry = rawget(list, i)
            local name = type(entry) == "table" and rawget(entry, "name") or entry
            if type(name) == "string" then
                names[#names + 1] = name
            end
        end
        return names
    end

    -- The story record of the calling scene, or an error at the caller's caller's line.
    local function chapterStory(fname)
        local story = sceneStoryOf(S.currentProcess())
        if not story then
            raise(fname .. ": call it inside a scene (a story function, or a process one started)")
        end
        return story
    end

    ---Where the story goes when this chapter ends: the chapter (a name in SCENES) played next, in place of
    ---the one after it in the list. The chapter itself goes on to its end.
    ---@param chapter string
    function api.nextChapter(chapter)
        checkString("nextChapter", "chapter", chapter)
        if type(rawget(env, "SCENES")) ~= "table" then -- no story: every scene function stands alone
            storyFunction("nextChapter", chapter)
            chapterStory("nextChapter").after = chapter
            return
        end
        local names = chapterNames()
        local known = false
        for _, name in ipairs(names) do
            known = known or name == chapter
        end
        if not known then
            local guess = S.closestName(chapter, names)
            raise(string.format("nextChapter: no chapter named '%s' in SCENES%s", chapter,
                guess and string.format(" (did you mean '%s'?)", guess) or ""))
        end
        chapterStory("nextChapter").after = chapter
    end

    ---The story ends with this chapter: no chapter follows it. `ending` names the ending reached (the
    ---transcript's story_end says it; the window keeps the endings a player has seen).
    ---@param ending? string
    function api.endStory(ending)
        if ending ~= nil then
            checkString("endStory", "ending", ending)
        end
        local story = chapterStory("endStory")
        story.after, story.endingName = false, ending
    end

    ---The chapter ends here, as if its story had returned and all it started had ended: every process of
    ---the chapter stops (one transcript line each, by="chapter_end"), the caller too, and the story goes on
    ---at the next chapter (a chapter played alone is over). For a chapter whose loops run on (a crowd that
    ---chatters, a player who walks about) and which must still end.
    function api.endChapter()
        local story = chapterStory("endChapter")
        story.ending = true
        local live, me = S.liveDescendants(story.runner), S.currentProcess()
        recordCancelled(live, "chapter_end")
        -- The caller's ancestors (the branch that started it...): a cancel takes a process's
        -- children first, so cancelling one of them here would stop the caller before it.
        local ancestors, p = {}, S.parentProcess(me)
        while p and p ~= story.runner do
            ancestors[p] = true
            p = S.parentProcess(p)
        end
        for i = #live, 1, -1 do -- the newest first, the caller and its ancestors left
            if live[i] ~= me and not ancestors[live[i]] and live[i]:isAlive() then
                live[i]:cancel()
            end
        end
        if next(ancestors) then -- the runner's own process ends them, a frame on
            S.runProcessOwnedBy(story.runner, me:group(), function()
                S.waitFrames(1)
                for _, q in ipairs(S.liveDescendants(story.runner)) do
                    if q ~= S.currentProcess() and q:isAlive() then
                        q:cancel()
                    end
                end
            end):setName("the chapter's end")
        end
        me:cancel()
    end

    ---Starts fn(...) as a process that lives for the rest of the scene: a jump or a menu choice,
    ---which cancel what their branch started, leaves it running. It ends when the scene ends
    ---(the story's last branch returns) or when cancelled (p:cancel(), its group's cancel()).
    ---runForScene(group, fn, ...) starts it in `group`; else it runs in the caller's group.
    ---@param fn function|Group
    ---@param ... any
    ---@return Process
    function api.runForScene(fn, ...)
        local grouped = getmetatable(fn) == "Group"
        if grouped and type((...)) ~= "function" then
            raise(string.format("runForScene: fn must be a function. Was %s", describe((...))))
        elseif not grouped and type(fn) ~= "function" then
            raise(string.format("runForScene: fn must be a function (or a group, then a function). Was %s",
                describe(fn)))
        end
        local story = sceneStoryOf(S.currentProcess())
        if not story then
            raise("runForScene: call it inside a scene (a story function, or a process one started)")
        end
        if grouped then
            local p = S.runProcessOwnedBy(story.runner, fn, ...)
            story.forScene[#story.forScene + 1] = p
            return p
        end
        local group = S.currentProcess():group()
        local p = S.runProcessOwnedBy(story.runner, group, fn, ...)
        story.forScene[#story.forScene + 1] = p
        return p
    end

    ---Shows the options collected with option(), waits for a choice and
    ---continues at its story function.
    function api.menu()
        local p = S.currentProcess()
        local options = p and pendingOptions[p]
        if p then
            pendingOptions[p] = nil
        end
        if not options or #options == 0 then
            raise("menu: no options to show (call option(text, target) first)")
        end
        local texts = {}
        for i, o in ipairs(options) do
            texts[i] = o.text
        end
        local id = stage.showMenu(texts)
        S.waitUntilLabelled("menu", #texts .. " options", function()
            return stage.menuChoice(id) ~= 0
        end, "the player chooses")
        local target = options[stage.menuChoice(id)].target
        storyFunction("menu: the chosen option", target)
        api.jump(target)
    end

    ---------------------------------------------------------------------------
    -- Free movement: the player's character, places and looks.
    ---------------------------------------------------------------------------

    -- Raises at the scene line unless `place` can name a place (its names are
    -- checked where it is used).
    local function checkPlace(fname, place)
        if type(place) ~= "string" and type(place) ~= "table" then
            raise(string.format("%s: place must be an actor, a waypoint name or a {x =, y =} table. Was %s", fname,
                describe(place)))
        end
    end

    ---Distance between two actors, or an actor and a point.
    ---@param actor string
    ---@param other string|table
    ---@return number
    function api.distance(actor, other)
        checkPlace("distance", other)
        local x, y = stage.positionOf(actor)
        local ox, oy
        if type(other) == "table" then
            ox, oy = other.x, other.y
        elseif type(other) == "string" and other:find(".", 1, true) then -- "map.name" is a waypoint
            local point = stage.waypoint(other)
            ox, oy = point.x, point.y
        else
            ox, oy = stage.positionOf(other)
        end
        return math.sqrt((x - ox) ^ 2 + (y - oy) ^ 2)
    end

    ---Waits until `actor` is within `radius` of `place` (an actor, a waypoint name or a point).
    function api.waitNear(actor, place, radius)
        checkPlace("waitNear", place)
        api.distance(actor, place) -- checks the names now, at the caller's line
        local placeName = type(place) == "table" and "a point" or place
        S.waitUntilLabelled("near", actor .. " near " .. placeName, function()
            return api.distance(actor, place) <= radius
        end, actor .. " is near " .. placeName)
    end

    ---------------------------------------------------------------------------
    -- Camera direction and tweens. A tween is a process of the caller's group
    -- that sets its property once a tick from the group's clock, so the
    -- group's time scale and pause apply, and it can be waited on, joined and
    -- cancelled like any process. The curves are Robert Penner's.
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
    local BACKDROP_SECONDS = describedDefault("backdrop", "seconds")

    local function oneOf(fname, argName, value, choices, known)
        if type(value) ~= "string" or not known[value] then
            local guess = type(value) == "string" and S.closestName(value, choices)
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

    ---The value of an easing curve at `t` (0..1): 0 at 0, 1 at 1; back and elastic overshoot.
    ---@param easing string
    ---@param t number
    ---@return number
    function api.ease(easing, t)
        local f = easingOf("ease", easing) -- (its description requires the easing: a tween's may be left out)
        return f(math.max(0, math.min(1, t)))
    end

    local function number(value)
        return string.format("%.6g", value)
    end

    -- A place a camera or actor goes to: returns a function giving its x, y
    -- now (an actor may move meanwhile) and its name for the transcript.
    local function placeOf(fname, place, argName)
        if type(place) == "table" then
            local x, y = stage.pointOf(place, fname)
            return function() return x, y end, type(place.name) == "string" and place.name
                or number(x) .. "," .. number(y)
        elseif type(place) == "string" and not place:find(".", 1, true) then
            -- an unknown actor is an error here, with the closest name, in the caller's name
            local known, message = pcall(stage.positionOf, place)
            if not known then
                error((tostring(message):gsub("positionOf: ", fname .. ": ", 1)), 0)
            end
            return function() return stage.positionOf(place) end, place
        elseif type(place) == "string" then
            local x, y = stage.pointOf(place, fname)
            return function() return x, y end, place
        end
        raise(string.format("%s: %s must be an actor, a waypoint name or a {x =, y =} table. Was %s", fname,
            argName or "place", describe(place)))
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

    -- The numbers a described parameter allows (ApiDescription.lua's `range`, which --check reads too).
    local function rangeOf(fname, argName)
        for _, param in ipairs(apiDescription.byName[fname].params) do
            if param.name == argName then
                return unpack(param.range)
            end
        end
    end
    local ZOOM_LOW, ZOOM_HIGH = rangeOf("zoomCamera", "zoom")
    local SHAKE_LOW, SHAKE_HIGH = rangeOf("shakeCamera", "strength")

    local function moveCameraTween(fname, place, seconds, easing, argName)
        local toValues, name = placeOf(fname, place, argName)
        checkSeconds(fname, "seconds", seconds)
        local f, easingName = easingOf(fname, easing)
        stage.followCamera(nil) -- a move takes the camera off an actor it followed
        if type(place) == "string" then
            stage.setCameraPlaceOf(place)
        end
        local x, y = stage.cameraState()
        return startTween("camera.center", seconds, { target = "camera", property = "center", to = name,
            from = { x, y }, toValues = toValues, easing = f, easingName = easingName,
            set = function(cx, cy) stage.setCameraStep(cx, cy) end })
    end

    local function zoomCameraTween(fname, zoom, seconds, easing, argName)
        checkRange(fname, argName or "zoom", zoom, ZOOM_LOW, ZOOM_HIGH)
        checkSeconds(fname, "seconds", seconds)
        local f, easingName = easingOf(fname, easing)
        local _, _, now = stage.cameraState()
        return startTween("camera.zoom", seconds, { target = "camera", property = "zoom", to = number(zoom),
            from = { now }, toValues = function() return zoom end, easing = f, easingName = easingName,
            set = function(z) stage.setCameraStep(nil, nil, z) end })
    end

    ---Eases the camera to `place` (an actor, followed as it moves, a waypoint or a point) over `seconds`.
    function api.moveCamera(place, seconds, easing)
        return moveCameraTween("moveCamera", place, seconds, easing)
    end

    ---Eases the camera's zoom to `zoom` (1 is the stage's size, 2 twice as close) over `seconds`.
    function api.zoomCamera(zoom, seconds, easing)
        return zoomCameraTween("zoomCamera", zoom, seconds, easing)
    end

    ---Shakes the camera by up to `strength` view units, dying away over `seconds`.
    function api.shakeCamera(strength, seconds)
        checkRange("shakeCamera", "strength", strength, SHAKE_LOW, SHAKE_HIGH)
        checkSeconds("shakeCamera", "seconds", seconds)
        stopTween("camera.shake")
        stage.recordStageEvent("shake", "strength", number(strength), "seconds", number(seconds))
        local p = S.runProcess(function()
            local self = S.currentProcess()
            self:setName("tween camera.shake")
            local group = self:group()
            local start, finished = group:now(), false
            S.onCleanup(function()
                if tweening["camera.shake"] == self then
                    tweening["camera.shake"] = nil
                end
                stage.setCameraShake(0, 0)
                stage.recordStageEvent("shake_end", "ended", finished and "done" or "cancelled")
            end)
            local function step()
                local elapsed = group:now() - start
                if elapsed >= seconds - 1e-9 then
                    return true
                end
                -- Two quick wobbles at unrelated rates read as a jolt; the
                -- strength falls off with the square of the time left.
                local _, _, zoom = stage.cameraState()
                local a = strength * (1 - elapsed / seconds) ^ 2 / zoom
                stage.setCameraShake(a * math.sin(elapsed * 2 * math.pi * 11 + 0.4),
                    a * 0.8 * math.sin(elapsed * 2 * math.pi * 14.3 + 1.9))
                return false
            end
            S.waitUntilLabelled("tween", "camera.shake", step, "the shake ends")
            finished = true
        end)
        if p:isAlive() then
            tweening["camera.shake"] = p
        end
        return p
    end

    ---Waits until the camera's moves, zooms and shakes have ended.
    function api.waitCamera()
        S.waitUntilLabelled("camera", "camera", function()
            return not (tweening["camera.center"] or tweening["camera.zoom"] or tweening["camera.shake"])
        end, "the camera stops")
    end

    ---Keeps `actor` in view with a dead zone (view units); nil stops following.
    function api.followCamera(actor, deadZone)
        stage.followCamera(actor, deadZone)
        if actor ~= nil then
            stopTween("camera.center") -- following takes over from a move
        end
    end

    ---Places the camera at once (a move under way stops).
    function api.setCameraCenter(point)
        stage.setCameraCenter(point)
        stopTween("camera.center")
    end

    ---Places an actor at once (a tween of its position stops).
    function api.setPosition(actor, point)
        stage.setPosition(actor, point)
        stopTween(actor .. ".position")
    end

    ---Starts a walk (a tween of the actor's position stops).
    function api.walkToPoint(actor, point)
        stage.walkToPoint(actor, point)
        stopTween(actor .. ".position")
    end

    ---Starts a fade (a tween of the fade level stops).
    function api.fade(kind, seconds)
        stage.fade(kind, seconds)
        stopTween("fade.level")
    end

    local TWEEN_PROPERTIES = { "position", "center", "zoom", "level", "opacity" }
    local IS_PROPERTY = {}
    for _, name in ipairs(TWEEN_PROPERTIES) do
        IS_PROPERTY[name] = true
    end
    -- What each target can tween (ApiDescription.lua's, which --check reads too).
    local TARGETS = apiDescription.types.tweenTarget.properties
    local TWEEN_RANGES = apiDescription.types.tweenValue.ranges

    local function tweenNumber(key, target, property, to, seconds, easing, now, set)
        checkRange("tween", "to", to, unpack(TWEEN_RANGES[property]))
        checkSeconds("tween", "seconds", seconds)
        local f, easingName = easingOf("tween", easing)
        return startTween(key, seconds, { target = target, property = property, to = number(to), from = { now },
            toValues = function() return to end, easing = f, easingName = easingName, set = set })
    end

    ---Eases a property of the stage to `to` over `seconds`.
    ---@return Process
    function api.tween(target, property, to, seconds, easing)
        local isActor = stage.isActor(target)
        if not isActor and (target == "actor" or not TARGETS[target]) then
            raise(string.format("tween: target must be an actor, camera, fade or picture. Was %s", describe(target)))
        end
        oneOf("tween", "property", property, TWEEN_PROPERTIES, IS_PROPERTY)
        local allowed = TARGETS[isActor and "actor" or target]
        local hasProperty = false
        for _, name in ipairs(allowed) do
            hasProperty = hasProperty or name == property
        end
        if not hasProperty then
            raise(string.format("tween: %s has no property %s; %s: %s", describe(target), describe(property),
                isActor and "an actor's property is" or "its properties are", table.concat(allowed, ", ")))
        end
        local key = target .. "." .. property
        if property == "center" then
            return moveCameraTween("tween", to, seconds, easing, "to")
        elseif property == "zoom" then
            return zoomCameraTween("tween", to, seconds, easing, "to")
        elseif property == "level" then
            return tweenNumber(key, target, property, to, seconds, easing, stage.fadeLevel(), stage.setFadeLevel)
        elseif property == "opacity" then
            return tweenNumber(key, target, property, to, seconds, easing, stage.pictureOpacity(),
                stage.setPictureOpacity)
        end
        local toValues, name = placeOf("tween", to, "to")
        checkSeconds("tween", "seconds", seconds)
        local f, easingName = easingOf("tween", easing)
        return startTween(key, seconds, { target = target, property = property, to = name,
            from = { stage.positionOf(target) }, toValues = toValues, easing = f, easingName = easingName,
            set = function(x, y) stage.setActorStep(target, x, y) end })
    end


    -- A choice's names as the description lists them (scripts/ApiDescription.lua), and the set of them.
    local function describedChoices(typeName)
        local names, set = apiDescription.types[typeName].enum, {}
        for _, name in ipairs(names) do
            set[name] = true
        end
        return names, set
    end

    local TRANSITIONS, IS_TRANSITION = describedChoices("transition")

    ---Shows a picture as the backdrop: at once, or by a transition that is a
    ---tween of the backdrop (a process to wait on, cancelled by a newer one).
    ---@return Process|nil
    function api.backdrop(name, transition, seconds, easing)
        stopTween("backdrop.transition")
        if transition == nil then
            stage.setBackdrop(name)
            return nil
        end
        oneOf("backdrop", "transition", transition, TRANSITIONS, IS_TRANSITION)
        seconds = seconds == nil and BACKDROP_SECONDS or seconds
        checkSeconds("backdrop", "seconds", seconds)
        local f, easingName = easingOf("backdrop", easing)
        stage.setBackdrop(name, transition)
        return startTween("backdrop.transition", seconds, { target = "backdrop", property = "transition",
            to = transition, from = { 0 }, toValues = function() return 1 end, easing = f, easingName = easingName,
            set = stage.setBackdropTransition })
    end

    local SHOW_PLACES = { left = 0.25, center = 0.5, right = 0.75 }
    local SHOW_TRANSITIONS, IS_SHOW_TRANSITION = describedChoices("showTransition")
    local SHOW_SECONDS = describedDefault("show", "seconds")

    -- show()'s and hide()'s transition and its seconds, checked in the caller's name.
    local function stageTransition(fname, transition, seconds)
        if transition ~= nil then
            oneOf(fname, "transition", transition, SHOW_TRANSITIONS, IS_SHOW_TRANSITION)
        end
        seconds = seconds == nil and SHOW_SECONDS or seconds
        checkSeconds(fname, "seconds", seconds)
        return seconds
    end

    -- The engine's half of show/hide raises in its own name: the caller's line is the scene's.
    local function onStage(call, ...)
        local results = { pcall(call, ...) }
        if not results[1] then
            raise((tostring(results[2]):gsub("^[^:]*:%d+: ", "")))
        end
        return unpack(results, 2, table.maxn(results))
    end

    local function opacityTween(name, seconds, from, to, done)
        local f, easingName = easingOf("show", nil)
        return startTween(name .. ".opacity", seconds, { target = name, property = "opacity", to = number(to),
            from = { from }, toValues = function() return to end, easing = f, easingName = easingName,
            set = function(v)
                stage.setActorOpacity(name, v)
                if v == to and done then
                    done()
                end
            end })
    end

    local function glide(name, seconds, fromX, fromY, toX, toY, done)
        local f, easingName = easingOf("show", nil)
        return startTween(name .. ".position", seconds, { target = name, property = "position",
            to = number(toX) .. "," .. number(toY), from = { fromX, fromY },
            toValues = function() return toX, toY end, easing = f, easingName = easingName,
            set = function(x, y)
                stage.setActorStep(name, x, y)
                if x == toX and y == toY and done then
                    done()
                end
            end })
    end

    ---Puts a character on stage by its pictures (or a map's actor) at left, center, right or a
    ---fraction of the width; with a transition, returns its process.
    ---@return Process|nil
    function api.show(name, expression, at, transition, seconds)
        local fraction = at
        if type(at) == "string" then
            oneOf("show", "at", at, { "left", "center", "right" }, SHOW_PLACES)
            fraction = SHOW_PLACES[at]
        elseif at ~= nil and not (type(at) == "number" and at >= 0 and at <= 1) then
            raise(string.format("show: at must be left, center, right or a number from 0 to 1. Was %s",
                describe(at)))
        end
        seconds = stageTransition("show", transition, seconds)
        stopTween(tostring(name) .. ".position")
        stopTween(tostring(name) .. ".opacity")
        local x, y, offLeft, offRight, wasX, wasY, wasOnStage =
            onStage(stage.showOnStage, name, expression, fraction or 0.5)
        if at == nil and wasOnStage then -- shown already: it stays where it stands
            x, y = wasX, wasY
            stage.setActorStep(name, x, y)
        end
        if transition == "dissolve" and not wasOnStage then
            stage.setActorOpacity(name, 0)
            return opacityTween(name, seconds, 0, 1)
        elseif transition == "slide" then
            local fromX, fromY = wasX, wasY
            if not wasOnStage then
                fromX, fromY = (fraction or 0.5) < 0.5 and offLeft or offRight, y
            end
            stage.setActorStep(name, fromX, fromY)
            return glide(name, seconds, fromX, fromY, x, y)
        end
        return nil
    end

    local ANIMATIONS = { "talk", "blink", "idle", "walk" }
    local IS_ANIMATION = { talk = true, blink = true, idle = true, walk = true }
    local FPS_LOW, FPS_HIGH = unpack(apiDescription.byName.frameRate.params[3].range)

    ---Plays a sprite's animation (talk, blink, idle, walk) at `fps` frames a second.
    function api.frameRate(sprite, animation, fps)
        oneOf("frameRate", "animation", animation, ANIMATIONS, IS_ANIMATION)
        checkRange("frameRate", "fps", fps, FPS_LOW, FPS_HIGH)
        onStage(stage.setFrameRate, sprite, animation, fps)
    end

    ---Takes a character off stage: at once, or by a transition whose process it returns.
    ---@return Process|nil
    function api.hide(name, transition, seconds)
        seconds = stageTransition("hide", transition, seconds)
        stopTween(tostring(name) .. ".position")
        stopTween(tostring(name) .. ".opacity")
        if transition == nil then
            onStage(stage.hideFromStage, name)
            return nil
        end
        local ok, x, y = pcall(stage.positionOf, name)
        if not ok then
            onStage(stage.hideFromStage, name) -- the unknown name's error, in the caller's name
        end
        local function gone()
            stage.hideFromStage(name)
        end
        if transition == "dissolve" then
            return opacityTween(name, seconds, 1, 0, gone)
        end
        local cx, _, zoom = stage.cameraState()
        local off = (640 + 90) / zoom
        return glide(name, seconds, x, y, x < cx and cx - off or cx + off, y, gone)
    end

    ---------------------------------------------------------------------------
    -- The host's side: the scene runner.
    ---------------------------------------------------------------------------

    function host.setEnvironment(sceneEnvironment)
        env = sceneEnvironment
    end

    -- Story targets written as literals (option("...", "name"), jump "name")
    -- that name no function of the loaded script: `targets` is what the one
    -- reader (scripts/SceneSource.lua) found, { call, target, line } each;
    -- returns "file:line: ..." warnings in the words of --check's finding and
    -- of the error when chosen, so a typo shows up at load time and not only
    -- when chosen.
    function host.checkStoryTargets(targets, label)
        local warnings = {}
        for _, t in ipairs(targets) do
            if type(env[t.target]) ~= "function" then
                local guess = closestName(t.target, env)
                warnings[#warnings + 1] = string.format("%s:%d: %s: no story function named '%s'%s", label, t.line,
                    t.call, t.target, guess and string.format(" (did you mean '%s'?)", guess) or "")
            end
        end
        return warnings
    end

    -- Runs a scene as a story: each story function runs as a branch process;
    -- when a branch jumps, the next one starts. Returns how the last branch
    -- ended: "done", "failed" or "cancelled".
    -- Ends the scene's scene-long processes (runForScene) still live, oldest first.
    local function endSceneProcesses(story)
        local live = {}
        for _, p in ipairs(story.forScene) do
            if p:isAlive() then
                live[#live + 1] = p
            end
        end
        recordCancelled(live, "scene_end")
        for i = 1, #live do
            live[i]:cancel()
        end
    end

    function host.runScene(name, ...)
        local story = { runner = S.currentProcess(), forScene = {} }
        if story.runner then
            storyOf[story.runner] = story
        end
        local target, args = name, { n = select("#", ...), ... }
        while target do
            story.next = nil
            local fn = env[target]
            -- The branch knows its story before its first line runs: it may jump at once.
            -- Named before its first line, so the scene sees its own name at once.
            local branch = S.runProcess(function(...)
                local self = S.currentProcess()
                self:setName(target)
                storyOf[self] = story
                return fn(...)
            end, unpack(args, 1, args.n))
            args = { n = 0 }
            local status = S.waitEnded(branch)
            if story.ending then -- endChapter: the chapter is done, whatever its branch was doing
                break
            end
            if status == "failed" or (status == "cancelled" and not story.next) then
                endSceneProcesses(story)
                return status
            end
            target = story.next
        end
        endSceneProcesses(story)
        -- What follows, when the scene is a chapter of a story: a chapter's name
        -- (nextChapter), false for none (endStory), nil for the next in SCENES;
        -- and the ending's name, when endStory gave one.
        return "done", story.after, story.endingName
    end

    local checking = { types = apiDescription.types, closestName = S.closestName }
    for name, entry in pairs(apiDescription.byName) do
        if api[name] and not SCHEDULER_SECTIONS[entry.section] and not entry.standard then
            api[name] = checkedByDescription(checking, entry, api[name])
        end
    end
    return api, host
end
