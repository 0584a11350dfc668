-- A scene whose source is hard to read: every consumer of the one reader
-- (spec/scene_source_spec.lua, tests/test_host.cpp) is held to its facts.
-- say("jon", "in a line comment") signal("commented-out")
--[==[ dialogue("jon", "in a long comment") latch("long-commented")
]] still the comment ]==]
SCENES = { "scene" }
local note = [[option("not a call", "scene")]]

local function helper(say) -- a parameter named like a stage function
    say("jon", "shadowed")
    return note
end

function scene()
    local function aside()
        say("jon", "An aside: \"quoted\", \65.")
    end
    aside()
    helper(print)
    dialogue("jon", [[A long
line.]])
    dialogue("jon", "Joined " .. 'line.'
        .. "{#scene.joined}")
    text("A page that sends {signal=page-turned} as it types.")
    signal('door' .. "-open")
    waitSignal("door-open")
    waitSignal("page-turned")
    option("Left", "left_path")
    option("Back", "scene")
    menu()
end
