-- did you mean (tests/cmake/DidYouMean.cmake): a misspelt actor.
SCENES = { "scene" }

function scene()
    activate("jakcie")
end
