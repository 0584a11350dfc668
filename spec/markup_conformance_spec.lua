-- The markup's one grammar on the Lua side: scripts/SceneSource.lua's
-- eventTags and lineIdOf read each case of tests/conformance/markup_events.txt
-- as the file says, the file the engine's parser is held to as well
-- (tests/test_markup.cpp, MarkupGrammar). A text the parser refuses is left out:
-- --check names it, and no player reads it.

local reader = dofile("scripts/SceneSource.lua")

local function sharedCases()
    local cases = {}
    local number = 0
    for line in io.lines("tests/conformance/markup_events.txt") do
        number = number + 1
        if line ~= "" and line:sub(1, 1) ~= "#" then
            local text, id, events = line:match("^(.-) | (.-) | (.*)$")
            assert(text, "markup_events.txt:" .. number .. ": not TEXT | ID | EVENTS")
            cases[#cases + 1] = { line = number, text = text, id = id, events = events }
        end
    end
    return cases
end

local function eventsOf(text)
    local words = {}
    for _, tag in ipairs(reader.eventTags(text)) do
        words[#words + 1] = tag.tag .. "=" .. tag.name
    end
    return #words == 0 and "-" or table.concat(words, " ")
end

describe("the markup's shared cases, read by the source reader", function()
    local cases = sharedCases()

    it("are there to read", function()
        assert.is_true(#cases >= 20)
    end)

    for _, case in ipairs(cases) do
        if case.id ~= "refused" then
            it("line " .. case.line .. ": " .. case.text, function()
                assert.are.equal(case.id, reader.lineIdOf(case.text) or "-")
                assert.are.equal(case.events, eventsOf(case.text))
            end)
        end
    end
end)
