-- The one reader of a scene's source (scripts/SceneSource.lua) and every
-- consumer of its facts, fed the same tricky source (tests/scripts/tricky_source.lua:
-- comments and long comments that hold calls, a long string that holds one,
-- escapes, `..` joins across lines, a local function, a parameter named like
-- a stage function): --check (CheckSupport.lua), the scheduler's
-- never-sendable report, the load-time story-target warnings (StageSupport.lua),
-- the tagger and the string tables all see the same lines, targets and
-- signals. tests/test_host.cpp holds the host's --strings/--explore lines to
-- the same facts.

local reader = dofile("scripts/SceneSource.lua")
local api = dofile("scripts/ApiDescription.lua")
local checker = loadfile("scripts/CheckSupport.lua")(reader)
local harness = dofile("spec/helpers/scheduler.lua")

local PATH = "tests/scripts/tricky_source.lua"
local SOURCE = assert(io.open(PATH)):read("*a")

-- The facts, written out by hand from the source.
local LINES = {
    { line = 16, call = "say", text = 'An aside: "quoted", A.', owner = "aside", top = "scene", speaker = "jon" },
    { line = 20, call = "dialogue", text = "A long\nline.", owner = "scene", top = "scene", speaker = "jon" },
    { line = 22, call = "dialogue", text = "Joined line.{#scene.joined}", owner = "scene", top = "scene",
        speaker = "jon", id = "scene.joined" },
    { line = 24, call = "text", text = "A page that sends {signal=page-turned} as it types.", owner = "scene",
        top = "scene" },
    { line = 28, call = "option", text = "Left", owner = "scene", top = "scene" },
    { line = 29, call = "option", text = "Back", owner = "scene", top = "scene" },
}
local TARGETS = {
    { call = "option", target = "left_path", line = 28 },
    { call = "option", target = "scene", line = 29 },
}
local SENT = { { value = "page-turned", line = 24 }, { value = "door-open", line = 25 } }
local WAITED = { { value = "door-open", line = 26 }, { value = "page-turned", line = 27 } }

local function pick(list, keys)
    local out = {}
    for i, item in ipairs(list) do
        out[i] = {}
        for _, k in ipairs(keys) do
            out[i][k] = item[k]
        end
    end
    return out
end

describe("the one reader of a scene's source", function()
    it("merges the sendable signals of a game's files: names and shapes of all, or any when one cannot tell",
        function()
            local a = { exact = { door = true }, shapes = { { "", "-at-meeting" } } }
            local b = { exact = { bell = true }, shapes = { { "lamp-", "" } } }
            local merged = reader.mergeSendable({ a, b, n = 2 })
            assert.are.same({ door = true, bell = true }, merged.exact)
            assert.are.same({ { "", "-at-meeting" }, { "lamp-", "" } }, merged.shapes)
            assert.is_false(reader.mergeSendable({ a, false, b, n = 3 }))
            assert.are.same({ exact = {}, shapes = {} }, reader.mergeSendable({ n = 0 }))
        end)

    local facts = reader.read(SOURCE, api)

    it("reads the lines, targets and signals, past comments, long strings, escapes and joins", function()
        assert.are.same(LINES, pick(facts.lines, { "line", "call", "text", "owner", "top", "speaker", "id" }))
        assert.are.same(TARGETS, facts.targets)
        assert.are.same(SENT, facts.sent)
        assert.are.same(WAITED, facts.waited)
        assert.are.same({ ["page-turned"] = true, ["door-open"] = true }, facts.sendable.exact)
    end)

    it("--check pairs the same signals and judges the same targets", function()
        local findings = checker.check(facts, PATH, { api = api, globals = { "print", "scene", "say", "dialogue",
            "text", "signal", "waitSignal", "option", "menu" }, functions = { "scene" }, scenes = { "scene" },
            closest = function() return nil end })
        assert.are.same({
            PATH .. ":16: hint: this line has no line ID ({#...}); tools/tag-lines.lua writes them",
            PATH .. ":20: hint: this line has no line ID ({#...}); tools/tag-lines.lua writes them",
            PATH .. ":24: hint: this line has no line ID ({#...}); tools/tag-lines.lua writes them",
            PATH .. ":28: hint: this line has no line ID ({#...}); tools/tag-lines.lua writes them",
            PATH .. ":28: option: no story function named 'left_path'",
            PATH .. ":29: hint: this line has no line ID ({#...}); tools/tag-lines.lua writes them",
        }, findings)
    end)

    it("the load-time warnings name the same targets at the same lines", function()
        local S = harness.load()
        local _, host = dofile("scripts/StageSupport.lua")({}, S, api)
        host.setEnvironment({ scene = function() end })
        assert.are.same({ PATH .. ":28: option: no story function named 'left_path'" },
            host.checkStoryTargets(facts.targets, PATH))
    end)

    it("the scheduler can tell a wait on a name the source sends from one no code sends", function()
        local S = harness.load()
        S.setSendableSignals(facts.sendable)
        S.runProcess(function() S.waitSeconds(10) end)
        for _, name in ipairs({ "door-open", "page-turned", "commented-out", "long-commented" }) do
            S.runProcess(function() S.waitSignal(name) end):setName(name)
        end
        harness.ticks(1)
        local certain = {}
        for _, e in ipairs(S.findDeadlocks()) do
            certain[e.name] = e.certain
        end
        assert.are.same({ ["door-open"] = false, ["page-turned"] = false, ["commented-out"] = true,
            ["long-commented"] = true }, certain)
    end)

    it("the tagger and the string tables (playerLines, what --strings reads) take the same lines", function()
        local tagged, count = reader.tagLines(SOURCE, api, "tricky", PATH)
        assert.are.equal(#LINES - 1, count) -- every line but the one with an ID
        local retold = reader.read(tagged, api)
        for i, l in ipairs(retold.lines) do
            assert.are.equal(LINES[i].call, l.call)
            assert.is_truthy(l.id)
        end
        local rowLines = {}
        for _, l in ipairs(reader.playerLines(SOURCE, api)) do
            if l.value ~= "" then
                rowLines[#rowLines + 1] = l.line
            end
        end
        assert.are.same({ 16, 20, 22, 24, 28, 29 }, rowLines)
    end)
end)
