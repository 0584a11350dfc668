-- --check: signals sent but never waited on, and waited on but never sent.
SCENES = { "scene" }

local function door()
    wait(1)
    latch("door open")
    signal("bell rang")
end

function scene()
    local d = runProcess(door)
    walkToPointAndSignal("jackie", "jackie there", "forest.jackie_stop")
    waitSignal("door opened")
    waitSignalTimeout("jackie there", 5)
    waitProcess(d)
end
