-- Scenes for `stagehand --explore`: each hides one mistake on one branch.
SCENES = {
    { name = "secretDoor" },
    { name = "brokenBranch" },
    { name = "stuckBranch" },
    { name = "quietLine" },
    { name = "tideBranch" },
}

function secretDoor()
    text("Two ways on.")
    option("Go left.", "secretDoor_left")
    if flags.neverSet then
        option("Take the secret door.", "secretDoor_left")
    end
    menu()
end

function secretDoor_left()
    text("Left it is.")
end

function brokenBranch()
    text("Which cup?")
    option("The plain one.", "brokenBranch_plain")
    option("The cracked one.", "brokenBranch_cracked")
    menu()
end

function brokenBranch_plain()
    text("Tea, hot and plain.")
end

function brokenBranch_cracked()
    error("the cup is cracked")
    text("It leaks.")
end

function stuckBranch()
    text("Wait for the bell?")
    option("No.", "stuckBranch_no")
    option("Yes.", "stuckBranch_yes")
    menu()
end

function stuckBranch_no()
    text("You go.")
end

function stuckBranch_yes()
    waitSignal("bell rung")
    text("Ding.")
end

function quietLine()
    text("The room is quiet.")
    if flags.neverSet then
        dialogue("jackie", "Is anyone there?")
    end
end

-- Something still runs (and might send), so this wait is only "may be stuck",
-- known at the time limit.
function tideBranch()
    text("Wait for the tide?")
    option("No.", "tideBranch_no")
    option("Yes.", "tideBranch_yes")
    menu()
end

function tideBranch_no()
    text("You go.")
end

function tideBranch_yes()
    runProcess(function()
        while true do
            wait(1)
            if flags.neverSet then
                signal(flags.neverSet) -- a name the scan cannot read: any name may come
            end
        end
    end)
    waitSignal("tide turns")
    text("The tide turns.")
end
