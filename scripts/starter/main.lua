--- main.lua: your game's scenes. Edit this file and save: the window plays the change.
--
-- A scene is a global function; SCENES lists the scenes in the menu's order.
-- Names you write are looked up in this folder first, then in Stagehand's own assets/: pictures
-- are images/NAME.png, sounds audio/NAME.ogg or .wav. Maps (maps/NAME.map) are this folder's alone;
-- game.json's "engineMaps": true adds the demo's. Stage and scheduler functions: Stagehand's docs/API.md.

SCENES = {
    { name = "arrival", title = "Arrival: a choice at the gate" },
}

function arrival()
    backdrop("gate")
    setCameraCenter(waypoint("gate.camera"))
    activate("ada")
    playSound("chime")
    text("The gate stands open. Evening comes down over the hill.")
    text("ada", "Are you coming in, or not?")
    option("Go in.", "goIn")
    option("Stay outside.", "stayOutside")
    menu()
end

function goIn()
    walkTo("ada", "gate.path")
    text("ada", "Good. Mind the step.")
end

function stayOutside()
    text("ada", "Suit yourself. I'll leave the lamp on.")
end
