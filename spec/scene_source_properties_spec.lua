-- The one reader of a scene's source (scripts/SceneSource.lua) held equal to
-- what play does, over generated sources (issue 45):
-- * string forms: a generated text written as a double- or single-quoted
--   string with escapes, a long string at some level with and without a
--   newline after its opening bracket, or joined from two such pieces: the
--   reader's text, and the string tables' text, ID and lock, are those of the
--   string Lua itself loads (what the game hashes when the line is shown).
-- * loops: a generated `while true do ... end` body of calls that wait (a
--   wait, a script function that waits, a function the script does not
--   define, a method) or do not (the standard library, a script function that
--   does not): the reader says the loop may wait, and --check stays quiet,
--   exactly when running the body, with the undefined names bound to
--   functions that wait, does wait.

local reader = dofile("scripts/SceneSource.lua")
local api = dofile("scripts/ApiDescription.lua")
local checker = loadfile("scripts/CheckSupport.lua")(reader)
local Gen = dofile("spec/helpers/generate.lua")

local CASES = 200
local PATH = "gen.lua"

local load51 = loadstring or load

-- What Lua reads from an expression written in source.
local function luaValue(expression)
    return assert(load51("return " .. expression))()
end

local ALPHABET = { "a", "b", "Z", " ", " ", ",", ".", '"', "'", "\\", "\n", "\t", "]", "[", "=", "é", "—", "!" }

local function genText(gen)
    local out = { gen:pick({ "A", "b", "Q" }) } -- a letter somewhere: never an empty line
    for _ = 1, gen:int(0, 12) do
        local c = gen:pick(ALPHABET)
        if gen:chance(50) then
            table.insert(out, 1, c)
        else
            out[#out + 1] = c
        end
    end
    return table.concat(out)
end

local function quoted(gen, text, q)
    return q .. text:gsub("[\\\n\t\"'\128-\255]", function(c)
        if c == "\\" then
            return "\\\\"
        elseif c == "\n" then
            return gen:pick({ "\\n", "\\\n", "\\10" })
        elseif c == "\t" then
            return gen:pick({ "\\t", "\\9" })
        elseif c == q then
            return "\\" .. q
        elseif c:byte() >= 128 and gen:chance(50) then
            return "\\" .. c:byte()
        end
        return c
    end) .. q
end

-- `text` as a long string at a level that does not close (nor, for Lua 5.1, nest) inside it; with a
-- newline after the bracket (Lua drops it) or, when text does not start
-- with one, without.
local function long(gen, text)
    local level = ""
    while (text .. "]"):find("]" .. level .. "]", 1, true) or text:find("[" .. level .. "[", 1, true) do
        level = level .. "="
    end
    local lead = (gen:chance(50) or text:sub(1, 1) == "\n") and "\n" or ""
    return "[" .. level .. "[" .. lead .. text .. "]" .. level .. "]"
end

local function form(gen, text)
    local kind = gen:int(1, 3)
    if kind == 1 then
        return quoted(gen, text, '"')
    elseif kind == 2 then
        return quoted(gen, text, "'")
    end
    return long(gen, text)
end

describe("the reader held equal to what play does, over generated sources", function()
    it("every string form gives the text, ID and lock of the string Lua loads", function()
        for seed = 1, CASES do
            local gen = Gen.new(seed)
            local expression = form(gen, genText(gen))
            if gen:chance(30) then
                expression = expression .. " ..\n    " .. form(gen, genText(gen))
            end
            local source = "function scene()\n    dialogue(\"jon\", " .. expression .. ")\nend\n"
            local context = "seed " .. seed .. ":\n" .. source
            local played = luaValue(expression)
            local lines = reader.read(source, api).lines
            assert.are.equal(1, #lines, context)
            assert.are.equal(played, lines[1].text, context)
        end
    end)

    -- name, source, waits when run (with undefined names bound to waiting functions)
    local PIECES = {
        { "waitSeconds(0.1)", true },
        { "helperWaits()", true },
        { "fromModule()", true },
        { "shared.helper()", true },
        { "obj:step()", true },
        { "math.floor(1.5)", false },
        { "print(\"x\")", false },
        { "string.rep(\"a\", 2)", false },
        { "helperQuiet()", false },
        { "tostring(1)", false },
    }
    local DEFINITIONS = "local function helperWaits()\n    waitSeconds(0.1)\nend\n"
        .. "local function helperQuiet()\n    return 1\nend\n"

    it("a loop may wait, and --check is quiet about it, exactly when its body waits when run", function()
        for seed = 1, CASES do
            local gen = Gen.new(seed)
            local body = {}
            for i = 1, gen:int(1, 3) do
                body[i] = gen:pick(PIECES)[1]
            end
            local bodyText = table.concat(body, "\n        ")
            local source = DEFINITIONS .. "function scene()\n    while true do\n        " .. bodyText
                .. "\n    end\nend\n"
            local context = "seed " .. seed .. ":\n" .. source

            -- play: the body once, in a coroutine, every undefined name waiting
            local function waits()
                coroutine.yield()
            end
            local env = { waitSeconds = waits, fromModule = waits, shared = { helper = waits },
                obj = { step = waits }, math = math, string = string, tostring = tostring,
                print = function() end }
            local chunk = assert(load51(DEFINITIONS .. "return function()\n" .. bodyText .. "\nend\n"))
            setfenv(chunk, env)
            local co = coroutine.create(chunk())
            assert(coroutine.resume(co))
            local played = coroutine.status(co) == "suspended"

            local facts = reader.read(source, api)
            assert.are.equal(1, #facts.loops, context)
            assert.are.equal(played, facts.loops[1].mayWait, context)
            local findings = checker.check(facts, PATH, { api = api, globals = { "print", "scene", "dialogue",
                "waitSeconds", "math", "string", "tostring", "fromModule", "shared", "obj" },
                functions = { "scene" }, scenes = { "scene" }, closest = function() return nil end })
            local frozen = false
            for _, f in ipairs(findings) do
                frozen = frozen or f:find("never waits", 1, true) ~= nil
            end
            assert.are.equal(not played, frozen, context .. table.concat(findings, "\n"))
        end
    end)
end)
