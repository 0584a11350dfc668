-- A script with its own maps: tests/maps/beside/maps/yard.map sits beside it,
-- and --maps tests/maps/extra adds shed.map (tests/CMakeLists.txt, cli_maps_*).
SCENES = { { name = "yard" }, { name = "shed" }, { name = "lost" }, { name = "wrongMap" }, { name = "whichShed" } }

function yard()
    activate("hen")
    walkTo("hen", "yard.gate")
    print("the hen is at the gate")
end

function shed()
    activate("hen")
    walkTo("hen", "shed.door")
    print("the hen is at the shed door")
end

function lost()
    walkTo("hen", "yard.gaet")
end

function wrongMap()
    walkTo("hen", "yrad.gate")
end

-- Which shed.map was read, when two --maps folders both have one.
function whichShed()
    local door = waypoint("shed.door")
    print("the shed door is at " .. door.x .. "," .. door.y)
end
