-- --check: a signal name built with `..` around a value sends or waits on
-- every name of its shape: a literal wait or send it fits is no finding; a
-- built wait that no line's name fits is one.
SCENES = { "scene" }

local function arrive(actor)
    wait(1)
    signal(actor .. "-arrived")
end

local function await(actor)
    waitSignal(actor .. "-hello")
    waitSignal(actor .. "-done")
end

function scene()
    local who = "jackie"
    local waiter = runProcess(await, who)
    local walker = runProcess(arrive, who)
    waitSignal("jackie-arrived")
    signal("jackie-hello")
    waitAll(walker, waiter)
end
