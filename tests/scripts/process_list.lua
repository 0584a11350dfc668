-- processes() lists the scene's processes, never the stage library's own
-- (the runner that plays the scene): cancelling everything it lists ends
-- the scene's work but not the story.
SCENES = { "main", "after" }

function main()
    runProcess(function() wait(5) end):setName("helper")
    local names = {}
    for _, entry in ipairs(processes()) do
        names[#names + 1] = entry.name
    end
    print("listed: " .. table.concat(names, ", "))
    jump("after")
end

function after()
    print("the story went on")
end
