-- An author's script beside a copy of the demo's cove (maps/garden.tmj, the
-- same actors wren and tam): the copy is the author's, the cove's second
-- definitions are left out with a warning, and both places play
-- (tests/CMakeLists.txt, cli_maps_copied_*).
SCENES = { { name = "garden" }, { name = "cove" } }

function garden()
    activate("wren")
    walkTo("wren", "garden.bench")
    say("wren", "The garden is mine now.")
end

function cove()
    activate("tam")
    walkTo("tam", "cove.steps")
    say("tam", "The cove is still here.")
end
