-- --check: a loop that never waits and goes round more times than the
-- watchdog's second of work allows: a numeric for over literal bounds, or a
-- counter that its condition, or the guard of its break, compares to a literal.
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
    local n = 0
    repeat
        n = n + 1
    until n > 1e12
    local k = 0
    while true do
        k = k + 1
        if k >= 5e8 then
            break
        end
    end
    local left = 1e9
    while left > 0 do
        left = left - 1
    end
    local few = 5
    while few < 100 do -- 95 passes: fine
        few = few + 1
    end
    local grows = 1
    while grows < 1e9 do -- not a counter by a step: not judged
        grows = grows * 2
    end
    local tries = 0
    while tries < 1e9 do -- changed twice a pass (it jumps ahead): not judged
        tries = tries + 1e9
        tries = tries + 1
    end
    for i = 0, 1e8 do -- 10^8 + 1 passes: one past the line
        total = total + i
    end
    print(total, n, k, left, few, grows, tries)
end
