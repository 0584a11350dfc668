--- people.lua: what the chapters share about the people in them (main.lua and chapters/lamp.lua
-- require it). A module is a file that returns a table of its own functions.
local people = {}

-- Ada at her gate. Every chapter starts on a fresh stage (the cast back at their places, no backdrop,
-- the camera at its start), so each one sets the scene it needs.
function people.atTheGate()
    backdrop("gate")
    setCameraCenter(waypoint("gate.camera"))
    activate("ada")
end

return people
