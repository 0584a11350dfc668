-- --check: a line() template's markup, judged as the text it is shown in and
-- in that call's words (a template kept in a table for later is judged as a
-- line or page); `{name}` the values fill is a value, not a tag.
SCENES = { "scene" }

local later = {
    line("Is he a {i}wizard?"),
    line("The sea {wav}" .. "rolls{/wav} in."),
}

function scene()
    local values = { who = "Ada" }
    dialogue("jon", line("You found {count} {i}shells.", { count = 3 }))
    say("jon", line("Well{w=1} then, {who}.", values), 1)
    text(line("Hi {who}.", { name = "Ada" }))
    text(line("You found {count} {b}shells{/b}, {who}.", { count = 3, who = "Ada" }))
    dialogue("jon", line("{b}Hello{/b}, {who}.", values))
    dialogue("jon", later[1])
end
