-- Specs for line IDs on the Lua side (scripts/SceneSource.lua): which
-- literals are lines, the tagger behind tools/tag-lines.lua (idempotent,
-- changes nothing but the strings it tags, IDs that survive edits), and
-- duplicate IDs. The C++ side (src/lang/LineId.cpp) has tests/test_lang.cpp.

local checker = dofile("scripts/SceneSource.lua")
local api = dofile("scripts/ApiDescription.lua")

local function tag(source)
    return checker.tagLines(source, api, "scenes", "scenes.lua")
end

-- The IDs of the lines of `source`, by their text without the tag.
local function idsByText(source)
    local out = {}
    for _, l in ipairs(checker.playerLines(source, api)) do
        out[(l.value:gsub("{#[%w_%.%-]+}", ""))] = l.id
    end
    return out
end

-- `tagged` with every `{#ID}` the tagger wrote taken out.
local function untagged(tagged)
    return (tagged:gsub("{#[%w_%.%-]+}", ""))
end

local SCRIPT = [==[
-- a comment: dialogue("jackie", "not a call")
local greeting = "Hello" -- not an argument
function openingScene()
    dialogue("jackie", "Here. We'll spread the blanket by the old oak.")
    dialogue(nil, 'It\'s "quoted"')
    text "A page alone"
    text("A page " .. "in two pieces")
    text("A page " .. greeting)
    text("jon", "A page spoken", "door")
    say("jon", "")
    sayFor("jon", [[A long
bubble]], 2)
    banner("Chapter one", 2)
    option("Stay", "openingScene")
    dialogue("jon", line("You found {count} shells.", { count = 3 }))
    dialogue("jon", greeting .. "!")
    print("a print is no line")
    onCleanup(function()
        say("kayla", "Inside a function literal")
    end)
end
local function chatter()
    say("colin", "Ha")
end
]==]

describe("line IDs", function()
    it("finds every literal a player reads, and only those", function()
        local texts = {}
        for _, l in ipairs(checker.playerLines(SCRIPT, api)) do
            texts[#texts + 1] = l.value
        end
        assert.are.same({ "Here. We'll spread the blanket by the old oak.", 'It\\\'s "quoted"', "A page alone",
            "A page in two pieces",
            "A page spoken", "", "A long\nbubble", "Chapter one", "Stay", "You found {count} shells.",
            "Inside a function literal", "Ha" }, texts)
    end)

    it("reads an ID as the first {#ID} not behind a {{ escape", function()
        assert.are.equal("a.b-1_c", checker.lineIdOf("Text.{#a.b-1_c}"))
        assert.is_nil(checker.lineIdOf("Text {{#a.b} more"))
        assert.are.equal("real", checker.lineIdOf("Text {{#a.b} more{#real}"))
        assert.is_nil(checker.lineIdOf("Text {#} and {#a b}"))
        assert.are.equal("first", checker.lineIdOf("{#first} and {#second}"))
    end)

    it("tags every untagged line before its closing quote and changes nothing else", function()
        local tagged, count = tag(SCRIPT)
        assert.are.equal(11, count) -- every line but the empty bubble and the one built at run time
        assert.are.equal(SCRIPT, untagged(tagged))
        assert.truthy(tagged:find('"Here. We\'ll spread the blanket by the old oak.{#openingScene.%x%x%x%x}"'))
        assert.truthy(tagged:find("bubble{#openingScene.%x%x%x%x}]]"))
        assert.truthy(tagged:find('"Inside a function literal{#openingScene.%x%x%x%x}"'))
        assert.truthy(tagged:find('"Ha{#chatter.%x%x%x%x}"'))
        assert.truthy(tagged:find('"A page " .. "in two pieces{#openingScene.%x%x%x%x}"'))
        assert.truthy(tagged:find('"A page " .. greeting)', 1, true))
        assert.truthy(tagged:find('"A page spoken{#openingScene.%x%x%x%x}", "door"'))
        assert.truthy(tagged:find('"jon", "A page'), "text(actor, s) tags s, not the actor")
        assert.truthy(assert(loadstring(tagged)), "the tagged script still loads")
    end)

    it("puts the ID on a line of its own where the source line would grow past 120 columns", function()
        local long = string.rep("word ", 19) -- a line of 116 columns
        local source = 'function s()\n    dialogue(nil, "' .. long .. '")\n    text("short")\nend\n'
        local tagged = tag(source)
        assert.truthy(tagged:find('    dialogue(nil, "' .. long .. '"\n        .. "{#s.', 1, true), tagged)
        assert.truthy(tagged:find('    text("short{#s.', 1, true))
        for line in tagged:gmatch("[^\n]+") do
            assert.is_true(#line <= 120, line)
        end
        assert.are.equal(tagged, (tag(tagged)))
        assert.are.same({ "s." .. tagged:match('{#s%.(%x+)}') }, { checker.playerLines(tagged, api)[1].id })
    end)

    it("gives IDs unique in the file, even to lines with the same text", function()
        local tagged = tag('function s()\n    dialogue("a", "Same")\n    dialogue("a", "Same")\nend\n')
        local seen = {}
        for _, l in ipairs(checker.playerLines(tagged, api)) do
            assert.is_nil(seen[l.id], l.id)
            seen[l.id] = true
        end
        assert.truthy(tagged:find("Same{#s.%x%x%x%x}"))
        assert.truthy(tagged:find("Same{#s.%x%x%x%x%x%x}"))
    end)

    it("widens a taken ID to 6 hex digits, then 8, then numbers it -2, -3, each a prefix of the next", function()
        local tagged = tag("function s()\n" .. string.rep('    dialogue("a", "Same")\n', 5) .. "end\n")
        local ids = {}
        for id in tagged:gmatch("Same{#(s%.[^}]+)}") do
            ids[#ids + 1] = id
        end
        assert.are.equal(5, #ids)
        assert.matches("^s%.%x%x%x%x$", ids[1])
        assert.matches("^s%.%x%x%x%x%x%x$", ids[2])
        assert.matches("^s%.%x%x%x%x%x%x%x%x$", ids[3])
        assert.are.equal(ids[3] .. "-2", ids[4])
        assert.are.equal(ids[3] .. "-3", ids[5])
        assert.are.equal(ids[1], ids[2]:sub(1, #ids[1]))
        assert.are.equal(ids[2], ids[3]:sub(1, #ids[2]))
    end)

    it("is idempotent: a second run changes nothing", function()
        local once = tag(SCRIPT)
        local twice, count = tag(once)
        assert.are.equal(0, count)
        assert.are.equal(once, twice)
    end)

    it("keeps the IDs it wrote when other lines are edited, added or removed, and through a typo fix", function()
        local before = idsByText(tag(SCRIPT))
        local tagged = tag(SCRIPT)
        local edited = tagged:gsub("A page alone", "A page, alone, edited")
            :gsub('    banner%("Chapter one{#[^}]+}", 2%)\n', "")
            :gsub('    dialogue%(nil,', '    dialogue("jon", "A new line first")\n    dialogue(nil,')
            :gsub("spread the blanket", "spraed the blanket") -- a typo put in
        local after = idsByText(tag(edited))
        assert.are.equal(before["A page spoken"], after["A page spoken"])
        assert.are.equal(before["Stay"], after["Stay"])
        assert.are.equal(before["Ha"], after["Ha"])
        assert.are.equal(before["Here. We'll spread the blanket by the old oak."],
            after["Here. We'll spraed the blanket by the old oak."])
        assert.are.equal(before["A page alone"], after["A page, alone, edited"])
        assert.truthy(after["A new line first"], "the new line gets one of its own")
        local count = 0
        for _, id in pairs(after) do
            count = count + (id == after["A new line first"] and 1 or 0)
        end
        assert.are.equal(1, count)
    end)

    it("refuses a script that uses an ID twice, naming both lines", function()
        local source = 'function s()\n    dialogue("a", "One{#x}")\n    dialogue("a", "Two")\n'
            .. '    dialogue("a", "Three{#x}")\nend\n'
        local tagged, messages = tag(source)
        assert.is_nil(tagged)
        assert.are.same({ "scenes.lua:4: line ID 'x' is also used at scenes.lua:2" }, messages)
    end)

    it("reports duplicates and, once a script has IDs, untagged lines in --check", function()
        local names = { api = api, globals = { "dialogue", "s" }, functions = { "s" }, scenes = { "s" },
            closest = function() return nil end }
        local check = loadfile("scripts/CheckSupport.lua")(checker)
        local function findings(source)
            return check.check(checker.read(source, api), "s.lua", names)
        end
        local untouched = 'function s()\n    dialogue(nil, "One")\nend\n'
        assert.are.same({}, findings(untouched))
        local partly = 'function s()\n    dialogue(nil, "One{#a}")\n    dialogue(nil, "Two")\n'
            .. '    dialogue(nil, "Three{#a}")\nend\n'
        assert.are.same({
            "s.lua:3: hint: this line has no line ID ({#...}); tools/tag-lines.lua writes them",
            "s.lua:4: line ID 'a' is also used at s.lua:2",
        }, findings(partly))
        assert.are.same({}, findings(tag(untouched)))
    end)

    -- Over lines of every length around the limit, in both quotes and with indents: a tagged line
    -- stays whole when it fits in `width` columns (the limit itself included) and is split onto a
    -- `.. "{#ID}"` continuation only when whole it would pass them; either way its text is unchanged.
    it("splits a line onto a continuation exactly when the tagged line would pass the width", function()
        local width = 60
        for _, quote in ipairs({ '"', "'" }) do
            for _, indent in ipairs({ "", "    ", "\t\t" }) do
                for length = 20, 50 do
                    local text = string.rep("w", length)
                    local call = "dialogue(nil, " .. quote .. text .. quote .. ")"
                    local source = "function s()\n" .. indent .. call .. "\nend\n"
                    local tagged = checker.tagLines(source, api, "s", "s.lua", width)
                    assert.are.equal(source, (untagged(tagged):gsub("\n[ \t]*%.%. " .. quote .. quote, "")))
                    local whole = source:gsub(quote .. "%)", tagged:match("({#[%w_%.%-]+})") .. quote .. ")")
                    local wholeLine = whole:match("\n([^\n]*dialogue[^\n]*)\n")
                    local split = select(2, tagged:gsub("\n", "")) > select(2, source:gsub("\n", ""))
                    assert.are.equal(#wholeLine > width, split, ("%q at %d columns"):format(wholeLine, #wholeLine))
                end
            end
        end
    end)
end)
