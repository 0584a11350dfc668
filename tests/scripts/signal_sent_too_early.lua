-- The article's warning: a signal sent before anyone waits is lost.
function scene()
    signal("door open")
    wait(1)
    waitSignal("door open")
end
