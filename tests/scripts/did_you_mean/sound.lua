-- did you mean (tests/cmake/DidYouMean.cmake): a misspelt sound.
SCENES = { "scene" }

function scene()
    playSound("thunedr")
end
