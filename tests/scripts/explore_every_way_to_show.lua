-- --explore counts a line as shown whichever call shows it. Each call that takes a line of
-- text (ApiDescription.lua's `text` and `label` parameters; a test in test_api_description.cpp
-- holds this script to that list) shows one here, so the report must name none as never shown.
SCENES = { "everyWay" }

function everyWay()
    say("jon", "A bubble.")
    sayFor("jon", "A bubble held.", 0.5)
    dialogue("jon", "A line in the box.")
    dialogue(nil, "Narration in the box.")
    banner("A banner.", 0.5)
    text("A page.")
    text("jon", "A page with a speaker.")
    text(line("A page of {n} value.", { n = 1 }))
    option("The only way on.", "onward")
    menu()
end

function onward()
    text("The end of the way.")
end
