-- --check: literal names of actors, waypoints, images and places that do not exist.
SCENES = { "scene" }

function scene()
    activate("jakcie")
    walkTo("jackie", "forest.jackie_stpo")
    setCameraCenter("forest.camra")
    image("keepr")
    waitNear("jackie", "jonn", 50)
    waitNear("jackie", "forest.jon_stop", 50)
    isLookingAt("jackie", "vesper")
end
