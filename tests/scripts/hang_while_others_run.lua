-- The issue's hang: a misspelt waitSignal while another process plays on. No
-- line sends "jackie-arived", so it is reported at once (not as a "may be
-- stuck" note at the end), and the run exits 1.
function opening()
    runProcess(function()
        for _ = 1, 40 do wait(0.5) end -- ambient: runs for 20 s
    end)
    walkToPointAndSignal("jackie", "jackie-arrived", "forest.jackie_stop")
    waitSignal("jackie-arived")
    say("jackie", "Never said.")
end
