-- Seed article 004's two coroutines, written in Lua (the article's are Nim):
-- a countdown before the game starts, and a coroutine that runs every frame
-- and makes an NPC look back while the player's character looks at it. As in
-- the article they start at the top level of the file, so they run as the
-- implicit scene "main". Headless there is no player, so the script turns the
-- player's character itself after the countdown.
-- Run: stagehand --headless --script scripts/examples/seed004_countdown.lua --seconds 8

local isGameStart = false

setCameraCenter(waypoint("forest.camera_start"))
activate("jackie")
activate("vesper")
setPosition("jackie", { x = 820, y = 400 }) -- within sight of Vesper (forest.wizard_spot)

-- count down before game start
runProcess(function()
    for _, word in ipairs({ "3", "2", "1" }) do
        wait(1)
        banner(word, 0.8)
    end
    wait(1)
    banner("START", 0.8)
    isGameStart = true
end)

-- perform an action if the camera (here: Jackie) is facing the NPC
runProcess(function()
    local lookedBack = false
    while true do
        waitFrames(1)
        if isGameStart and isLookingAt("jackie", "vesper") then
            if not lookedBack then
                faceTowards("vesper", "jackie")
                say("vesper", "Yes? I saw you looking.", 2)
                lookedBack = true
            end
        else
            lookedBack = false
        end
    end
end)

-- The player: after the countdown, Jackie glances left, then right at Vesper.
runProcess(function()
    wait(4.5)
    face("jackie", "left")
    wait(1)
    face("jackie", "right")
end)
