--- main.lua: your game, a story in two chapters. Edit any of its files and save: the window plays the change.
--
-- A chapter is a global function; SCENES lists them in order, and Start plays them one after the other,
-- `flags` carrying what the player chose into the next. The first chapter is below; the second is in a file
-- of its own, chapters/lamp.lua, and what both share is in people.lua: require("NAME") runs NAME.lua
-- once (a dot is a folder: "chapters.lamp" is chapters/lamp.lua) and returns what that file returned.
-- Names you write are looked up in this folder first, then in Stagehand's own assets/: pictures
-- are images/NAME.png, sounds audio/NAME.ogg or .wav. Maps (maps/NAME.map) are this folder's alone;
-- game.json's "engineMaps": true adds the demo's. Stage and scheduler functions: Stagehand's docs/API.md.
local people = require("people")
require("chapters.lamp")

SCENES = {
    { name = "arrival", title = "Arrival: a choice at the gate" },
    { name = "lamp", title = "The lamp" },
}

function arrival()
    people.atTheGate()
    playSound("chime")
    text("The gate stands open. Evening comes down over the hill.")
    text("ada", "Are you coming in, or not?")
    option("Go in.", "goIn")
    option("Stay outside.", "stayOutside")
    menu()
end

function goIn()
    flags.wentIn = true
    walkTo("ada", "gate.path")
    text("ada", "Good. Mind the step.")
end

function stayOutside()
    flags.wentIn = false
    text("ada", "Suit yourself. I'll leave the lamp on.")
end
