-- How the ferry's people talk: a module of the game's own.
local people = {}

function people.captain(line)
    text("george", line)
end

function people.narrate(line)
    text(line)
end

function people.unused()
    text("A line no chapter shows.")
end

return people
