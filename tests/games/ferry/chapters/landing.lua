-- The second chapter: what the first left in flags.
local people = require("people")

function landing()
    activate("george")
    if flags.sawTheLights then
        people.captain("You saw the lights before I did. Welcome ashore.")
    else
        people.captain("Ashore at last. You missed the lights.")
    end
end
