-- --check: a loop that asks the world a question (isLatched, isWalking...)
-- but cannot wait on any path: nothing else runs until it waits, so the answer
-- never changes and the game freezes; with a break or without, with the
-- question asked in the condition or kept in a local first.
SCENES = { "scene" }

local function turn()
    face("jackie", "up") -- never waits: calling it does not let time pass
end

local function pause()
    wait(0.1)
end

function scene()
    local ringer = runProcess(function()
        wait(1)
        latch("bell-rang")
    end)
    while true do local rang = isLatched("bell-rang") if rang then break end walkToPoint("jackie", "forest.jackie_stop") end
    while isWalking("jackie") do
        turn()
    end
    repeat
        face("jackie", "down")
    until isLatched("bell-rang")
    while not isLatched("bell-rang") do -- waits on one path: fine
        if isWalking("jackie") then
            pause()
        end
    end
    local n = 0
    while true do -- counts: it asks the world nothing
        n = n + 1
        if n > 3 then
            break
        end
    end
    waitSignal("bell-rang")
    waitProcess(ringer)
end
