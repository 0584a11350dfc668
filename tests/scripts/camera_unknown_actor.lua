-- moveCamera to an actor that does not exist: play's error names moveCamera, as
-- --check's finding does (not positionOf, which it is built on).
function scene()
    moveCamera("jonn", 1)
end

SCENES = { "scene" }
