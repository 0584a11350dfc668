--- StageSupport: the stage API that scene scripts see, built from the
-- engine's C functions (`stage`) and the scheduler (`S`). The host loads this
-- file with full privileges; scenes only see the table it returns.
--
-- The C functions check their arguments and blame the scene line that called
-- them (frames of this file are skipped), so the wrappers here need not
-- repeat those checks.

local function checkString(fname, argName, value)
    if type(value) ~= "string" then
        error(string.format("%s: %s must be a string. Was %s", fname, argName, tostring(value)), 3)
    end
end

return function(stage, S)
    local api = {}
    for name, fn in pairs(stage) do
        if name ~= "showLine" and name ~= "isLineFinished" then
            api[name] = fn
        end
    end

    local function arrived(actor)
        return function()
            return not stage.isWalking(actor)
        end
    end

    ---Starts `actor` walking to `point` and returns at once; when it arrives,
    ---`signal(signalName)` is sent (the article's walkToPointAndSignal).
    ---@param actor string
    ---@param signalName string
    ---@param point table|string a waypoint() result or a waypoint name
    ---@return Process the helper process that sends the signal
    function api.walkToPointAndSignal(actor, signalName, point)
        checkString("walkToPointAndSignal", "signalName", signalName)
        stage.walkToPoint(actor, point)
        return S.runProcess(function()
            S.waitUntil(arrived(actor))
            S.signal(signalName)
        end):setName(actor .. " walking, then signal " .. signalName)
    end

    ---Walks `actor` to `point` and waits until it arrives.
    ---@param actor string
    ---@param point table|string
    function api.walkTo(actor, point)
        stage.walkToPoint(actor, point)
        S.waitUntil(arrived(actor))
    end

    ---Waits until `actor` stops walking.
    ---@param actor string
    function api.waitArrival(actor)
        stage.isWalking(actor) -- checks the name
        S.waitUntil(arrived(actor))
    end

    ---Shows a line in the dialogue box (speaker nil for narration) and waits
    ---until it has been typed out and read.
    ---@param speaker string|nil
    ---@param text string
    function api.dialogue(speaker, text)
        local id = stage.showLine(speaker, text)
        S.waitUntil(function()
            return stage.isLineFinished(id)
        end)
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

    return api
end
