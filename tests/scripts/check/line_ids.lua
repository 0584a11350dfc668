-- --check: line IDs. One ID written twice (both lines named); once a script
-- has explicit IDs, every literal line without one is a hint. An escaped
-- brace ({{#x}) is text, not an ID; text built at run time is not judged;
-- an empty bubble ("") clears, it is not a line.
SCENES = { "scene" }

function scene()
    activate("jackie")
    dialogue("jackie", "Here, by the old oak.{#scene.oak}")
    dialogue("jackie", "A second line.{#scene.second}")
    dialogue("jackie", "The oak again?{#scene.oak}")
    dialogue("jackie", "Forgot mine.")
    text("jackie", "Braces: {{#not.an.id} in text.")
    say("jackie", "")
    banner("Chapter two{#scene.chapter}")
    option("Left{#scene.left}", "scene")
    option("Right", "scene")
    dialogue("jackie", line("You found {n} shells.{#scene.shells}", { n = 3 }))
    dialogue("jackie", "Built " .. tostring(3))
    menu()
end
