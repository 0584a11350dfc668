-- did you mean (tests/cmake/DidYouMean.cmake): a misspelt waypoint of a known map.
SCENES = { "scene" }

function scene()
    activate("jackie")
    walkTo("jackie", "forest.jackie_stpo")
end
