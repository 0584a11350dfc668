-- did you mean (tests/cmake/DidYouMean.cmake): a misspelt picture.
SCENES = { "scene" }

function scene()
    image("keepr")
end
