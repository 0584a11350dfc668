-- --explore-paths N at and around a scene's own number of menu paths (three):
-- N of them are played, and the report says every path only when N reaches three.
SCENES = { "pick" }

function pick()
    option("One.", "one")
    option("Two.", "two")
    option("Three.", "three")
    menu()
end

function one() text("1") end

function two() text("2") end

function three() text("3") end
