-- A process for the whole scene (runForScene) and one of a branch's own
-- (runProcess): the menu's choice jumps, which cancels the branch's drizzle
-- and says so in the transcript; the pigeon pecks on in the next branch
-- until the story ends, which cancels it and says so too.
SCENES = { "street" }

function street()
    runForScene(function()
        while true do
            wait(1)
            print("peck")
        end
    end):setName("pigeon")
    runProcess(function()
        while true do
            wait(1)
            print("drip")
        end
    end):setName("drizzle")
    wait(1.5)
    option("Walk to the market.", "market")
    menu()
end

function market()
    wait(2.5)
    print("the market")
end
