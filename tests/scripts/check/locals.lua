-- --check: `local say = say` is the stage function under a local name, and a
-- local that holds one string all along is that string (a signal's name kept
-- in a constant); a local function of the same name is the script's own.
SCENES = { "scene" }

local say = say
local DOOR = "door-opened"
local WHO = "jakcie"

local function banner(text)
    print(text)
end

function scene()
    runProcess(function()
        wait(1)
        signal("door-open")
    end)
    say("jakcie", "Hi.", 1)
    say(WHO, "Hi again.", 1)
    banner(42)
    waitSignal(DOOR)
end
