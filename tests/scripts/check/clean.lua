-- --check: a script that uses every kind of call correctly has no finding.
SCENES = { "scene", "left_path" }

local lines = { "one", "two" }

local function walker(actor)
    for i = 1, #lines do
        say(actor, lines[i], 1)
        wait(1)
    end
    signal("walked")
end

function scene()
    local n = 0
    activate("jackie")
    face("jackie", "left")
    fade("in", 1)
    local w = runProcess(walker, "jackie")
    waitSignal("walked")
    waitProcess(w)
    while true do
        n = n + 1
        if n > 3 then
            break
        end
        wait(0.1)
    end
    setPosition("jackie", { x = 10, y = 20 })
    option("Left", "left_path")
    menu()
end

function left_path()
    image("keeper")
    text("jackie", "Left it is.")
    text(nil, "Narration, said by nobody.")
    text(line("You went {where}.", { where = "left" }))
    playSound("door", { volume = 4, pan = -1, at = "jackie" }):wait()
    flags.left = true
end
