-- How long a string s:gsub("%s+", " ") may take in a scene before the
-- pattern guard refuses it (its step budget, src/script/PatternCost.h): a
-- bisection through the real sandbox, for three kinds of text. Deterministic
-- (the guard counts steps, not time), so one run is enough.
--   ./build/lua51/stagehand --headless --script bench/gsub_limit.lua --scene gsubLimit --seconds 10
-- luacheck: globals SCENES gsubLimit, read globals waitFrames
SCENES = { { name = "gsubLimit", title = "gsub('%s+', ' ') size limit" } }

local TEXTS = {
    { name = "prose", unit = "The quick brown fox jumps over the lazy dog. " },
    { name = "short words", unit = "lorem " },
    { name = "runs of blanks", unit = "word  \t" },
}

local function allowed(unit, bytes)
    local ok, message = pcall(string.gsub, unit:rep(math.floor(bytes / #unit)), "%s+", " ")
    if not ok and not tostring(message):find("steps", 1, true) then
        error(message, 0) -- not the guard's refusal: say so rather than count it as one
    end
    return ok
end

function gsubLimit()
    for _, text in ipairs(TEXTS) do
        local lo, hi = 1e6, 64e6 -- bytes: allowed, refused
        while hi - lo > 5e4 do
            local middle = (lo + hi) / 2
            if allowed(text.unit, middle) then
                lo = middle
            else
                hi = middle
            end
            waitFrames(1) -- one trial a frame: the watchdog times each slice, not the whole search
        end
        print(string.format("gsub limit: %s up to %.1f MB", text.name, lo / 1e6))
    end
end
