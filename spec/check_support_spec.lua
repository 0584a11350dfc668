-- Specs for scripts/CheckSupport.lua (`stagehand --check`) in plain Lua: its
-- scopes (a local, a parameter, a loop variable or `self` is never an
-- undefined global; a table key or a field is not a name at all), literal
-- arguments against scripts/ApiDescription.lua, and `check: ignore`. The
-- command-line tests (tests/scripts/check/) pin each kind of finding's words.

local reader = dofile("scripts/SceneSource.lua")
local checker = loadfile("scripts/CheckSupport.lua")(reader)
local api = dofile("scripts/ApiDescription.lua")

local function findings(source, extra)
    local names = {
        api = api,
        globals = { "print", "ipairs", "string", "table", "flags", "scene", "wait", "face", "say",
            "option", "menu", "jump", "setPosition", "waitSignal", "signal", "image", "walkTo", "expression" },
        functions = { "scene" },
        scenes = { "scene" },
        actors = { "jackie" },
        waypoints = { "forest.stop" },
        images = { "keeper" },
        closest = function()
            return nil
        end,
    }
    for key, value in pairs(extra or {}) do
        names[key] = value
    end
    return checker.check(reader.read(source, api), "s.lua", names)
end

describe("--check", function()
    it("finds nothing wrong with locals, parameters, loop variables, self, keys and fields", function()
        assert.are.same({}, findings([[
local count = 0
local function helper(a, b, ...)
    local t = { x = a, y = b, [1] = count }
    for i, v in ipairs({}) do count = count + i + #v end
    for k = 1, 3 do count = count + k end
    return t.x, string.format("%d", count), ...
end
local M = {}
function M:method() return self end
function scene()
    local ok = helper(1, 2)
    if ok then local inner = 1 print(inner) else print(ok) end
    flags.done = true
end
]]))
    end)

    it("a local is visible only inside its block", function()
        assert.are.same({ "s.lua:4: read of undefined global 'inner'", "s.lua:5: read of undefined global 'branch'" },
            findings([[
function scene()
    if true then local inner = 1 print(inner) end
    do local other = 2 print(other) end
    print(inner)
    if flags then local branch = 1 print(branch) else print(branch) end
end
]]))
    end)

    it("judges literal arguments by the description: type, enum, arity", function()
        assert.are.same({
            's.lua:2: face: direction must be one of down, up, left, right. Was "north"',
            "s.lua:3: say: text must be a string or a line(...). Was true",
            "s.lua:4: wait takes 1 argument, not 2",
            "s.lua:5: setPosition: argument 2 (point) is missing",
        }, findings([[
function scene()
    face("jackie", "north")
    say("jackie", true)
    wait(1, 2)
    setPosition("jackie")
    setPosition("jackie", { x = 1, y = 2 })
    face("jackie", someDirection)
end
]], { globals = { "face", "say", "wait", "setPosition", "scene", "someDirection" } }))
    end)

    it("a call whose last argument is a call may give the missing ones", function()
        assert.are.same({}, findings([[
local function spot() return "jackie", "forest.stop" end
function scene() setPosition(spot()) end
]]))
    end)

    it("leaves out a line whose comment says check: ignore, and not one that says luacheck: ignore", function()
        assert.are.same({ 's.lua:3: face: direction must be one of down, up, left, right. Was "east"' }, findings([[
function scene()
    face("jackie", "east") -- check: ignore (on purpose)
    face("jackie", "east") -- luacheck: ignore
end
]]))
    end)

    it("takes a break for a way out of its own loop only, not of the loop around it", function()
        assert.are.same({ "s.lua:3: this loop never waits and has no break or return: it freezes the game until "
            .. "the watchdog stops it" }, findings([[
local n = 0
function scene()
    while true do
        for i = 1, 3 do
            if i > 1 then break end
            n = n + i
        end
    end
end
]]))
    end)

    it("judges names of a type only when the host gives their list (sounds, once they exist)", function()
        local source = 'function scene()\n    image("keeper")\n    image("kepeer")\nend\n'
        assert.are.same({ "s.lua:3: image: unknown image 'kepeer'" }, findings(source))
        assert.are.same({}, findings(source, { images = false }))
    end)

    it("takes an expression as any picture's: a sprite folder's pictures, a portrait's X_E", function()
        local images = { "ada/happy", "ada/neutral", "ada_cross", "maren", "maren_worried", "clocktower_night" }
        local names = checker.expressionNames(images)
        table.sort(names)
        -- ("night": clocktower is no picture or folder, so clocktower_night is a picture, not a face)
        assert.are.same({ "cross", "happy", "neutral", "worried" }, names)
        -- An animation's frames are no expressions (src/game/SpriteFrames.cpp reads the same names).
        local framed = checker.expressionNames({ "ada/neutral", "ada/talk_1", "ada/happy_blink_2", "ada/walk_up_3",
            "ada/talk_0", "ada/sideways_1", "ada/happy", "ada/happy_talk_1" })
        table.sort(framed)
        assert.are.same({ "happy", "neutral", "sideways_1", "talk_0" }, framed)
        assert.is_nil(checker.expressionNames(nil))
        local source = 'function scene()\n    expression("jackie", "worried")\n    expression("jackie", "wored")\n'
            .. '    expression("jackie", nil)\nend\n'
        assert.are.same({ "s.lua:3: expression: unknown expression 'wored'" }, findings(source, { images = images }))
    end)

    it("takes a character of show() as a map's actor or a folder of pictures, an actor from then on", function()
        local images = { "ada/neutral", "ada/happy", "keeper", "forest/0.2-sky" }
        local characters = checker.characterNames({ "jackie" }, images)
        table.sort(characters)
        assert.are.same({ "ada", "forest", "jackie" }, characters)
        assert.is_nil(checker.characterNames(nil, images))
        assert.is_nil(checker.characterNames({ "jackie" }, nil))
        local globals = { "scene", "show", "hide", "say" }
        local source = 'function scene()\n    show("ada", "happy", "left")\n    say("ada", "Hi.")\n'
            .. '    show("jackie")\n    show("adda")\n    hide("ada")\n    say("bea", "Hi.")\nend\n'
        assert.are.same({ "s.lua:5: show: unknown character 'adda'", "s.lua:7: say: unknown actor 'bea'" },
            findings(source, { images = images, globals = globals }))
        -- With no show() of it, a folder of pictures is no actor.
        assert.are.same({ "s.lua:2: say: unknown actor 'ada'" },
            findings('function scene()\n    say("ada", "Hi.")\nend\n', { images = images, globals = globals }))
    end)
    it("tells a sprite's run of frames with a gap or no frame 1 at the first call that brings it on", function()
        local images = { "ada/neutral", "ada/talk_1", "ada/talk_2", "ada/talk_4", "ada/blink_2", "ada/walk_up_1",
            "ada/happy_talk_1", "ada/happy_talk_3", "ada/talk_x", "bob/talk_1", "bob/talk_2" }
        assert.are.same({ "blink_2 is never shown: ada has no blink_1 (frames are numbered from 1)",
            "happy_talk_3 is never shown: ada's happy_talk stops at happy_talk_1 (no happy_talk_2)",
            "talk_4 is never shown: ada's talk stops at talk_2 (no talk_3)" }, checker.frameGaps(images, "ada"))
        assert.are.same({}, checker.frameGaps(images, "bob"))
        local globals = { "scene", "show", "sprite", "frameRate" }
        local source = 'function scene()\n    sprite("jackie", "bob")\n    show("ada")\n    sprite("jackie", "ada")\n'
            .. '    frameRate("ada", "talk", 4)\nend\n'
        assert.are.same({ "s.lua:3: show: blink_2 is never shown: ada has no blink_1 (frames are numbered from 1)",
            "s.lua:3: show: happy_talk_3 is never shown: ada's happy_talk stops at happy_talk_1 (no happy_talk_2)",
            "s.lua:3: show: talk_4 is never shown: ada's talk stops at talk_2 (no talk_3)" },
            findings(source, { images = images, globals = globals }))
        -- sprite's folder is its second argument (the first is the actor), frameRate's its first.
        local calls = { ['sprite("jackie", "ada")'] = "sprite", ['frameRate("ada", "talk", 4)'] = "frameRate" }
        for call, fname in pairs(calls) do
            local found = findings("function scene()\n    " .. call .. "\nend\n",
                { images = images, globals = globals })
            assert.are.equal(3, #found)
            assert.are.equal("s.lua:2: " .. fname .. ": blink_2", found[1]:sub(1, #fname + 18))
        end
        assert.are.same({}, findings('function scene()\n    sprite("ada", "bob")\nend\n',
            { images = images, globals = globals, actors = { "ada" } }))
    end)

    it("finds a gap in a generated run of frames exactly when its numbers are not 1 to N", function()
        local random = 62
        local function nextRandom(n) -- a small generator of its own: the same runs on both VMs
            random = random * 16807 % 2147483647
            return random % n
        end
        for _ = 1, 200 do
            local images, has, highest = { "ada/neutral" }, {}, 0
            for n = 1, 6 do
                if nextRandom(4) ~= 0 then
                    has[n], highest = true, n
                    images[#images + 1] = "ada/walk_down_" .. n
                end
            end
            local last = 0
            while has[last + 1] do
                last = last + 1
            end
            local gaps = checker.frameGaps(images, "ada")
            if highest == last then
                assert.are.same({}, gaps)
            else
                assert.are.equal(1, #gaps)
                assert.truthy(gaps[1]:find("^walk_down_" .. highest .. " is never shown"))
                assert.truthy(gaps[1]:find(last == 0 and "no walk_down_1" or "stops at walk_down_" .. last, 1, true))
            end
        end
    end)
end)
