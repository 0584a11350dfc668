--- The section "stage" of the scene API (scripts/ApiDescription.lua): walks a scene waits on or is told of
-- by a signal, a line of dialogue read, a bubble held for its seconds, and the stage's direct sets (an
-- actor's place, the camera's centre, a walk, a fade), each stopping a tween of what it sets.
-- A part of scripts/StageSupport.lua, called with what it may use (see there).

local shared = ...
local stage, S, api = shared.stage, shared.S, shared.api
local voiceOf = shared.voiceOf
local waitUntilRead, stopTween = shared.waitUntilRead, shared.stopTween

local function arrived(actor)
    return function()
        return not stage.isWalking(actor)
    end
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

---Shows a line in the dialogue box (speaker nil for narration) and waits
---until it has been typed out and read; with a voice clip, until the voice
---has ended too (the next line stops it).
---@param speaker string|nil
---@param text string
---@param voice? string|table a sound name, or { voice = name }
function api.dialogue(speaker, text, voice)
    voice = voiceOf("dialogue", voice)
    local id = stage.dialogue(speaker, text)
    if voice then
        stage.playVoice(speaker, voice)
    end
    waitUntilRead(id, speaker, "the line is read") -- it turns itself once read
end

---Shows a speech bubble for `seconds` and waits that long; the engine
---clears the bubble itself, so a cancelled speaker does not leave it up.
---@param actor string
---@param text string
---@param seconds number
function api.sayFor(actor, text, seconds)
    stage.say(actor, text, seconds)
    S.waitSeconds(seconds)
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
