-- One mistake of each kind `stagehand --check` reports (tests/CMakeLists.txt).
SCENES = { "scene" }

local function helper(who)
    say(who, "fine: a variable, not a literal", 1)
end

function scene()
    activate("jackie")
    wiat(1)
    say("jakcie", "Hello", 2)
    walkTo("jackie", "forest.jackie_stpo")
    image("keepr")
    waitSignal("door opened")
    signal("door opend")
    helper("jackie")
end
