-- --check: strings joined with `..` (the form tools/tag-lines.lua writes when
-- a line would run past its width) are judged as the string they make, like
-- a single literal: markup, enums, names, story targets and signals.
SCENES = { "scene" }

function scene()
    runProcess(function()
        waitSignal("door-" .. "open")
        waitSignal("gate" .. "-opne")
    end)
    signal("door" .. "-open")
    signal("gate-" .. "open")
    dialogue("jon", "Who is {wave}there?"
        .. "{#scene.who}")
    face("jon", "u" .. "p")
    face("jon", "no" .. "rth")
    walkToPoint("jo" .. "ckie", "forest" .. ".jackie_stop")
    option("Go on" .. "{#scene.go}", "sce" .. "en")
    menu()
end
