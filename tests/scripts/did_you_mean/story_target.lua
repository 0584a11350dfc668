-- did you mean (tests/cmake/DidYouMean.cmake): a jump to a misspelt story function.
SCENES = { "scene" }

function scene()
    text("Off we go.")
    jump("endnig")
end

function ending()
    text("The end.")
end
