--- chapters/lamp.lua: the second chapter. What the player chose at the gate (flags.wentIn, set in
-- main.lua) changes what Ada says here. Played alone from the title screen's Chapters before the
-- player has reached it, it starts with `flags` empty: the `else` is the default.
local people = require("people")

function lamp()
    people.atTheGate()
    if flags.wentIn then
        text("ada", "Sit by the fire. The lamp is lit for you tonight.")
    else
        text("ada", "The lamp is still on, if you change your mind.")
    end
    text("Night comes down over the hill, and the lamp burns on.")
end
