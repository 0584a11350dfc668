-- The first chapter: the player chooses, and the landing remembers.
local people = require("people")

function crossing()
    activate("george")
    people.narrate("Fog on the water. The ferry's horn sounds twice.")
    people.captain("Will you stay below, or stand at the rail?")
    option("Stay below.", "crossing_below")
    option("Stand at the rail.", "crossing_rail")
    menu()
end

function crossing_below()
    flags.sawTheLights = false
    people.narrate("You stay below, where it is warm.")
end

function crossing_rail()
    flags.sawTheLights = true
    people.narrate("At the rail, you see the harbour lights come out of the fog.")
end
