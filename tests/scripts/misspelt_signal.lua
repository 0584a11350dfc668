-- The article's demo hangs silently on a misspelt signal name; ours reports it.
function opening()
    walkToPointAndSignal("jackie", "jackie-arrived", "forest.jackie_stop")
    waitSignal("jackie-arived")
    say("jackie", "Never said.")
end
