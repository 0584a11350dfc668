-- A game whose game.json has a mistake in every field it gives but the title:
-- it plays all the same, each mistake one line (tests/CMakeLists.txt).
function hello()
    text("It plays.")
end

SCENES = { { name = "hello", title = "Hello" } }
