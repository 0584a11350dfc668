--- The section "sound" of the scene API (scripts/ApiDescription.lua): a one-shot's handle, which can be
-- waited on and stopped. The other sound functions are the engine's bindings (src/script/BindSound.cpp);
-- a voiced line is dialogue()'s and text()'s (stage.lua, story.lua).
-- A part of scripts/StageSupport.lua, called with what it may use (see there).

local shared = ...
local stage, S, api = shared.stage, shared.S, shared.api

local Sound = {}
Sound.__index = Sound
Sound.__metatable = false
shared.classes.Sound = Sound -- its methods' arguments are checked by their entries, as the API's are

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
