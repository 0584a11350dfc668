-- A game of the tests' own: its picture, sound and map sit in this folder;
-- the keeper's portrait and the gull come from the engine's assets/.
SCENES = {
    { name = "visit", title = "A visit to the tower" },
    { name = "mistake", title = "A sound that is nowhere" },
}

function visit()
    backdrop("tower")
    setCameraCenter(waypoint("square.camera"))
    activate("ada")
    playSound("bell")
    playSound("gull")
    portrait("ada", "ada/happy")
    image("keeper")
    text("ada", "The tower is ours.")
end

function mistake()
    playSound("bel")
end
