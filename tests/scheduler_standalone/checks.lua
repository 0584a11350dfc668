-- A few waits on a scheduler loaded outside Stagehand (plain Lua or LÖVE):
-- the article's global names are defined, waits wake on time and in order, a
-- signal passes its value, and an error and a wait are placed at this file's
-- lines, not at lines inside the scheduler's parts. Returns nil, or what went
-- wrong.
return function(S)
    for _, name in ipairs(S.GLOBAL_NAMES) do
        if _G[name] ~= S[name] or type(S[name]) ~= "function" then
            return "global " .. name .. " is not the module's function"
        end
    end
    local log, reported = {}, {}
    S.setErrorHandler(function(message)
        reported[#reported + 1] = message
    end)
    runProcess(function()
        local elapsed = wait(1)
        log[#log + 1] = string.format("waited %.3f", elapsed)
        log[#log + 1] = "got " .. tostring(waitSignal("go"))
    end)
    runProcess(function()
        waitFrames(2)
        log[#log + 1] = "two frames"
        waitSeconds(1)
        signal("go", "value")
    end)
    runProcess(function()
        wait(0.5)
        error("on purpose")
    end)
    -- Where a process waits is the author's line, not the scheduler's: its
    -- parts count as library code once loaded.
    local where = processes()[1].where
    if not where:find("checks.lua:%d+$") then
        return "a waiting process is shown waiting at " .. where
    end
    for _ = 1, 180 do
        wakeUpWaitingThreads(1 / 60)
    end
    local expected = { "two frames", "waited 1.000", "got value" }
    if table.concat(log, ", ") ~= table.concat(expected, ", ") then
        return "waits ran as: " .. table.concat(log, ", ")
    end
    local first = (reported[1] or ""):match("^[^\n]*")
    if #reported ~= 1 or not first:find("checks.lua:%d+: on purpose$") then
        return "the error was told as: " .. tostring(first)
    end
    if liveProcessCount() ~= 0 then
        return liveProcessCount() .. " processes still live"
    end
    return nil
end
