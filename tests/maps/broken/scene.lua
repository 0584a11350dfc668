-- A script beside a map that does not load (maps/bog.map has a bad line) and
-- one that does (maps/yard.map): the bog is left out with one error line, the
-- yard's scene plays, and the bog's scene fails at its own line naming why
-- (tests/CMakeLists.txt cli_maps_broken_*, tests/test_window_runs.cpp).
SCENES = { { name = "yard" }, { name = "bog" }, { name = "newt" } }

function yard()
    activate("hen")
    walkTo("hen", "yard.gate")
    text("The hen is at the gate.")
end

function bog()
    walkToPoint("hen", "bog.reeds")
end

function newt()
    say("newt", "I live in the bog.")
end
