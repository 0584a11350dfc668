-- --check: scene functions that return while a process they started still runs.
SCENES = { "forgets", "joins", "cancels", "jumps", "says_so" }

local function hum()
    while true do
        wait(1)
    end
end

function forgets()
    runProcess(hum)
    wait(1)
end

function joins()
    local p = runProcess(function() wait(1) end)
    waitProcess(p)
end

function cancels()
    local humming = runProcess(hum)
    wait(3)
    humming:cancel()
end

function jumps()
    runProcess(hum)
    jump("joins")
end

function says_so()
    runProcess(hum) -- check: ignore (the humming goes on after the scene, on purpose)
end
