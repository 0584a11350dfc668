-- --check: undefined globals read, written inside a function, and called.
SCENES = { "scene" }

local visits = 0
score = 0 -- a global given a value at the top: fine

function scene()
    visits = visits + 1
    score = score + 1
    dialogue("jackie", tostring(scor))
    counter = 1
    wiat(1)
    local helper = function() return visits end
    helper()
    flags.seen = true
end
