-- --check: a signal name built with `..` around a value sends or waits on
-- every name of its shape: a literal wait it fits is no finding; a built wait
-- that no line's name fits is one.
SCENES = { "scene" }

local function arrive(actor)
    wait(1)
    signal(actor .. "-arrived")
end

local function await(actor)
    waitSignal(actor .. "-arrived")
    waitSignal(actor .. "-done")
end

function scene()
    local who = "jackie"
    local walker = runProcess(arrive, who)
    local waiter = runProcess(await, who)
    waitSignal("jackie-arrived")
    signal("jackie-arrived")
    waitAll(walker, waiter)
end
