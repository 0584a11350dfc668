--- The section "camera" of the scene API (scripts/ApiDescription.lua): the camera's moves, zoom, shake and
-- follow, tweens of the stage's properties and the easing curves' values. A move, a zoom or a tween is a
-- process of the caller's group that sets its property once a tick from the group's clock (StageSupport.lua's
-- startTween, which the story's transitions use too), so the group's time scale and pause apply, and it
-- can be waited on, joined and cancelled like any process.
-- A part of scripts/StageSupport.lua, called with what it may use (see there).

local shared = ...
local stage, S, api, apiDescription = shared.stage, shared.S, shared.api, shared.apiDescription
local raise, describe, number = shared.raise, shared.describe, shared.number
local checkRange, easingOf = shared.checkRange, shared.easingOf
local tweening, startTween, stopTween = shared.tweening, shared.startTween, shared.stopTween

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

-- The numbers a described parameter allows (ApiDescription.lua's `range`, which --check reads too).
local function rangeOf(fname, argName)
    for _, param in ipairs(apiDescription.byName[fname].params) do
        if param.name == argName then
            return unpack(param.range)
        end
    end
end
local ZOOM_LOW, ZOOM_HIGH = rangeOf("zoomCamera", "zoom")

local function moveCameraTween(fname, place, seconds, easing, argName)
    local toValues, name = placeOf(fname, place, argName)
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

-- What each target can tween (ApiDescription.lua's, which --check reads too).
local TARGETS = apiDescription.types.tweenTarget.properties
local TWEEN_RANGES = apiDescription.types.tweenValue.ranges

local function tweenNumber(key, target, property, to, seconds, easing, now, set)
    checkRange("tween", "to", to, unpack(TWEEN_RANGES[property]))
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
    local f, easingName = easingOf("tween", easing)
    return startTween(key, seconds, { target = target, property = property, to = name,
        from = { stage.positionOf(target) }, toValues = toValues, easing = f, easingName = easingName,
        set = function(x, y) stage.setActorStep(target, x, y) end })
end

---The value of an easing curve at `t` (0..1): 0 at 0, 1 at 1; back and elastic overshoot.
---@param easing string
---@param t number
---@return number
function api.ease(easing, t)
    local f = easingOf("ease", easing) -- (its description requires the easing: a tween's may be left out)
    return f(math.max(0, math.min(1, t)))
end
