-- --timeline draws each wait as a bar in its kind's colour, with a legend entry for each. This scene
-- waits in every way a scene can (the scheduler's kinds, and every kind scripts/ labels with
-- waitUntilLabelled: a test in test_timeline.cpp holds this script to that list).
SCENES = { "everyWait" }

function everyWait()
    activate("jon")
    local child = runProcess(function() waitSeconds(0.2) end)
    waitSeconds(0.1)
    waitFrames(2)
    waitProcess(child)
    runProcess(function()
        waitSeconds(0.1)
        signal("go")
    end)
    waitSignal("go")
    waitSignalTimeout("never", 0.1)
    local asked = 0
    waitUntil(function()
        asked = asked + 1
        return asked > 3
    end)
    waitProcess(tween("camera", "zoom", 1.2, 0.3))
    moveCamera({ x = 100, y = 100 }, 0.3)
    waitCamera()
    playSound("door"):wait()
    walkToPoint("jon", { x = 300, y = 300 })
    waitArrival("jon")
    walkToPoint("jon", { x = 500, y = 300 })
    waitNear("jon", { x = 500, y = 300 }, 10)
    text("A page.")
    option("The only way on.", "onward")
    menu() -- a menu's own wait is drawn when a player takes time to choose: --choose answers at once
end

function onward() end
