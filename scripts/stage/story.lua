--- The section "story" of the scene API (scripts/ApiDescription.lua), the idea of seed article 001: pages,
-- pictures, backdrops, characters on stage, choices and jumps between story functions, chapters; and the
-- host's side of it, the scene runner (host.runScene) that plays a scene's story functions as branches.
-- A part of scripts/StageSupport.lua, called with what it may use (see there).

local shared = ...
local stage, S, api, host, apiDescription = shared.stage, shared.S, shared.api, shared.host, shared.apiDescription
local raise, describe, number = shared.raise, shared.describe, shared.number
local checkString, checkSeconds, voiceOf = shared.checkString, shared.checkSeconds, shared.voiceOf
local waitUntilRead, describedDefault = shared.waitUntilRead, shared.describedDefault
local oneOf, easingOf, startTween, stopTween = shared.oneOf, shared.easingOf, shared.startTween, shared.stopTween

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

local env = {} -- the scene sandbox, set by the host once it exists

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
    voice = voiceOf("text", voice)
    local id = stage.text(speaker, text)
    if voice then
        stage.playVoice(speaker, voice)
    end
    waitUntilRead(id, speaker, "the player turns the page")
end

---Adds a choice for the next menu(): its text, and the name of the story
---function it leads to. The name is looked up when the option is chosen (as
---in the article), so the function may be defined later in the file.
---@param text string
---@param target string
function api.option(text, target)
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
    stage.jump(target)
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
    local id = stage.menu(texts)
    S.waitUntilLabelled("menu", #texts .. " options", function()
        return stage.menuChoice(id) ~= 0
    end, "the player chooses")
    local target = options[stage.menuChoice(id)].target
    storyFunction("menu: the chosen option", target)
    api.jump(target)
end

-- A choice's names as the description lists them (scripts/ApiDescription.lua), and the set of them.
local function describedChoices(typeName)
    local names, set = apiDescription.types[typeName].enum, {}
    for _, name in ipairs(names) do
        set[name] = true
    end
    return names, set
end

local BACKDROP_SECONDS = describedDefault("backdrop", "seconds")

---Shows a picture as the backdrop: at once, or by a transition that is a
---tween of the backdrop (a process to wait on, cancelled by a newer one).
---@return Process|nil
function api.backdrop(name, transition, seconds, easing)
    stopTween("backdrop.transition")
    if transition == nil then
        stage.backdrop(name)
        return nil
    end
    seconds = seconds == nil and BACKDROP_SECONDS or seconds
    local f, easingName = easingOf("backdrop", easing)
    local setProgress = stage.backdrop(name, transition)
    return startTween("backdrop.transition", seconds, { target = "backdrop", property = "transition",
        to = transition, from = { 0 }, toValues = function() return 1 end, easing = f, easingName = easingName,
        set = setProgress })
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
        onStage(stage.show, name, expression, fraction or 0.5)
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


---Plays a sprite's animation (talk, blink, idle, walk) at `fps` frames a second.
function api.frameRate(sprite, animation, fps)
    onStage(stage.frameRate, sprite, animation, fps)
end

---Takes a character off stage: at once, or by a transition whose process it returns.
---@return Process|nil
function api.hide(name, transition, seconds)
    seconds = stageTransition("hide", transition, seconds)
    stopTween(tostring(name) .. ".position")
    stopTween(tostring(name) .. ".opacity")
    if transition == nil then
        onStage(stage.hide, name)
        return nil
    end
    local ok, x, y = pcall(stage.positionOf, name)
    if not ok then
        onStage(stage.hide, name) -- the unknown name's error, in the caller's name
    end
    local function gone()
        stage.hide(name)
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

-- Runs a scene as a story: each story function runs as a branch process;
-- when a branch jumps, the next one starts. Returns how the last branch
-- ended: "done", "failed" or "cancelled".
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
