-- did you mean (tests/cmake/DidYouMean.cmake): a misspelt markup tag.
SCENES = { "scene" }

function scene()
    text("A {wav}rolling{/wav} sea.")
end
