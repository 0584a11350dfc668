-- A scene for the timeline's marks: a process that fails with a message, one
-- stuck on a signal nobody sends, and a signal that wakes a waiter.
function troubles()
    runProcess(function()
        wait(1)
        error("the rope snapped")
    end):setName("rigger")
    runProcess(function()
        waitSignal("curtain up")
    end):setName("stagehand")
    runProcess(function()
        waitSignal("cue")
        say("jackie", "That's my cue.")
    end):setName("actor")
    wait(0.5)
    signal("cue")
    wait(2)
end
