-- did you mean (tests/cmake/DidYouMean.cmake): a misspelt map in a waypoint's name.
SCENES = { "scene" }

function scene()
    activate("jackie")
    walkTo("jackie", "forset.jackie_stop")
end
