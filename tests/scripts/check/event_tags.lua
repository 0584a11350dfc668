-- --check: the sounds a text's {sound=NAME} plays and a {voice = NAME} table
-- names are known sounds, a {face=NAME} is an expression some picture has (an escaped `{{sound=...}` is text); text(s) calls
-- its one argument `text`, as the binding's error does, and of two the first
-- is a speaker.
SCENES = { "scene" }

function scene()
    text("Thunder{sound=thundr} rolls.")
    dialogue("jon", "Then {sound=door}the door, and " .. "{sound=gul}a gull.")
    dialogue("jon", "Evening.", { voice = "dorr" })
    dialogue("jon", "Evening again.", { voice = "door" })
    text("Write {{sound=anything} to show the tag.")
    text(42)
    text("jakcie", "Who is that?")
    portrait("jon", "keeper")
    dialogue("jon", "Oh.{face=worried} Oh no.{face=woried}")
end
