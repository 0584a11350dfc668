-- --check: a numeric for over literal bounds that never waits and goes round
-- more times than the watchdog's second of work allows.
SCENES = { "scene" }

function scene()
    local total = 0
    for i = 1, 1e9 do
        total = total + i
    end
    for i = 2e8, 0, -1 do
        total = total - i
    end
    for _ = 1, 1e9 do -- it waits: fine
        wait(1)
    end
    for i = 1, 1e9 do -- it leaves: fine
        if i > 10 then
            break
        end
    end
    for i = 1, 1e8 do -- at most 10^8 passes: not certain to outrun it
        total = total + i
    end
    print(total)
end
