-- did you mean (tests/cmake/DidYouMean.cmake): a wait on a misspelt signal.
SCENES = { "scene" }

function scene()
    runProcess(function()
        wait(0.5)
        signal("door opened")
    end)
    waitSignal("door opnede")
end
