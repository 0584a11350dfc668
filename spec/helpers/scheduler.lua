-- The harness every WaitSupport spec shares: a fresh scheduler per test, its
-- reported errors collected, and ticks at 60 Hz. Load with
--   local harness = dofile("spec/helpers/scheduler.lua")
local H = { DT = 1 / 60 }

-- A fresh scheduler whose error handler collects { message, process } into
-- H.errors. Returns the scheduler and that list.
function H.load()
    H.S = dofile("scripts/WaitSupport.lua")
    H.errors = {}
    H.S.setErrorHandler(function(message, p)
        H.errors[#H.errors + 1] = { message = message, process = p }
    end)
    return H.S, H.errors
end

function H.ticks(n, dt)
    for _ = 1, n do
        H.S.wakeUpWaitingThreads(dt or H.DT)
    end
end

-- Ticks until fn() is true; returns the tick number (1-based) or nil.
function H.tickUntil(fn, limit)
    for i = 1, limit or 10000 do
        H.S.wakeUpWaitingThreads(H.DT)
        if fn() then
            return i
        end
    end
end

return H
