-- --check: loops with no way out.
SCENES = { "scene", "endless" }

local function chatter()
    while true do -- a process of its own: looping for ever is its job
        wait(2)
        say("jackie", "la la", 1)
    end
end

local function spin()
    local n = 0
    while true do
        n = n + 1
    end
end

function scene()
    local chattering = runProcess(chatter)
    repeat
        if isWalking("jackie") then
            break
        end
        wait(0.5)
    until false
    chattering:cancel()
    spin()
end

function endless()
    while true do
        wait(1)
        say("jon", "Are we there yet?", 1)
    end
end
