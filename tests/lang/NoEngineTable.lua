-- A game in a language the engine has no table of its own words for
-- (Esperanto): its lines are translated, the engine's words stay English,
-- and nothing on stderr says otherwise (tests/LangChecks.cmake).
function greeting()
    text("Good morning.{#eo.morning}")
end

SCENES = { { name = "greeting", title = "Greeting" } }
