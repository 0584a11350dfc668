-- --check: the fields of an options table (ApiDescription.lua's `fields`:
-- ranges, types, actors), a whole number of frames, a deadZone and a tween's
-- place. Each scene holds one mistake, so play is held to the same words
-- (tests/CMakeLists.txt); the calls after each mistake are right.
SCENES = { "loud", "blip", "music", "near", "zone", "frames", "slide" }

function loud()
    playSound("door", { volume = 9, pan = -1 }):wait()
    playSound("door", { volume = 4, pan = 0.5, fade = 1, loop = false, at = "jackie" }):wait()
end

function blip()
    setBlip("jackie", "blip_low", { pitch = 10 })
    setBlip("jackie", "blip_low", { pitch = 0.25, volume = 1 })
end

function music()
    playMusic("music_porch", { fade = -1 })
    playMusic("music_porch", { fade = 600, volume = 0, loop = true })
end

function near()
    playSound("door", { at = "jakcie" }):wait()
end

function zone()
    followCamera("jackie", 500)
    followCamera("jackie", 360)
end

function frames()
    waitFrames(1.5)
    waitFrames(2)
end

function slide()
    waitProcess(tween("jackie", "position", "forest.jakcie_stop", 1))
    waitProcess(tween("jackie", "position", "forest.jackie_stop", 1))
end
