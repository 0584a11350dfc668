-- --check: literal arguments of the wrong type, outside an enum, or missing.
SCENES = { "scene" }

function scene()
    activate("jackie")
    face("jackie", "east")
    face("jackie", "Left")
    fade("dim", 2)
    say("jackie", 12)
    wait(-1)
    setPosition("jackie", 5)
    walkTo("jackie")
    banner("Chapter one", 2, "big")
    dialogue(nil, "Narration is fine.")
    image(nil)
    sayFor("jackie", "fine", 1)
end
