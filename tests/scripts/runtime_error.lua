-- A scene that calls say() with a misspelt actor on line 6; the error must
-- name the file, the line and the actor, and suggest the right one.
function brokenScene()
    activate("bob")
    wait(0.5)
    say("bobb", "This line never shows.")
end
