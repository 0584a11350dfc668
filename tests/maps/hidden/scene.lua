-- An actor placed where the dialogue box covers it: the map's load warns.
SCENES = { { name = "pit" } }

function pit()
    activate("mole")
    dialogue("mole", "Can anyone see me down here?")
end
