-- The inspector (F1) says what a stage wait waits for: a dialogue line, a
-- story page, a menu, a walk, a place. Its rows are processes()/allProcesses()
-- summaries, so these specs run the real stage library (scripts/StageSupport.lua)
-- over the real scheduler, with a stand-in for the engine's C functions.
local harness = dofile("spec/helpers/scheduler.lua")

-- The engine side StageSupport calls: lines and menus that stay up and
-- walks that go on until a test ends them.
local function newStage()
    local stage = { finished = {}, walking = {}, nextId = 0 }
    local function show()
        stage.nextId = stage.nextId + 1
        return stage.nextId
    end
    stage.dialogue, stage.text, stage.menu = show, show, show
    function stage.isLineFinished(id)
        return stage.finished[id] == true
    end
    function stage.menuChoice()
        return 0
    end
    function stage.walkToPoint(actor)
        stage.walking[actor] = true
    end
    function stage.isWalking(actor)
        return stage.walking[actor] == true
    end
    function stage.positionOf(actor)
        return actor == "pell" and 100 or 0, 0
    end
    return stage
end

describe("the inspector's words for a stage wait", function()
    local S, stage, api

    before_each(function()
        S = harness.load()
        stage = newStage()
        api = dofile("scripts/StageSupport.lua")(stage, S, dofile("scripts/ApiDescription.lua"))
        S.addSupportSource("@scripts/StageSupport.lua") -- as the host does: its waits are the library's
        for _, part in ipairs({ "stage", "camera", "story", "sound", "player" }) do -- and its parts' (scripts/stage/)
            S.addSupportSource("@scripts/stage/" .. part .. ".lua")
        end
    end)

    -- The summary of the live process named `name` (allProcesses: the stage
    -- library's own helper processes are rows of the inspector too).
    local function summaryOf(name)
        for _, entry in ipairs(S.allProcesses()) do
            if entry.name == name then
                return entry.summary
            end
        end
        error("no live process named " .. name)
    end

    local function startNamed(name, fn)
        S.runProcess(fn):setName(name)
    end

    it("says a dialogue line waits until it is read and a story page until the player turns it", function()
        startNamed("line", function()
            api.dialogue("jackie", "Here. We'll spread the blanket by the old oak.")
        end)
        startNamed("page", function()
            api.text("maren", "Well? The lamp won't trim itself.")
        end)
        startNamed("narration", function()
            api.text("A page is torn out.")
        end)
        harness.ticks(1)
        assert.are.equal("until the line is read", summaryOf("line"))
        assert.are.equal("until the player turns the page", summaryOf("page"))
        assert.are.equal("until the player turns the page", summaryOf("narration"))
    end)

    it("says a menu waits until the player chooses", function()
        startNamed("menu", function()
            api.option("Look at the logbook.", "keeper_logbook")
            api.option("Leave.", "keeper_leave")
            api.menu()
        end)
        harness.ticks(1)
        assert.are.equal("until the player chooses", summaryOf("menu"))
    end)

    it("names who a walk waits for, and whom a place", function()
        startNamed("walk", function()
            api.walkTo("jackie", "forest.jackie_stop")
        end)
        startNamed("arrival", function()
            api.waitArrival("jackie")
        end)
        startNamed("near", function()
            api.waitNear("ines", "pell", 40)
        end)
        api.walkToPointAndSignal("jon", "jon-arrived", "forest.jon_stop")
        harness.ticks(1)
        assert.are.equal("until jackie arrives", summaryOf("walk"))
        assert.are.equal("until jackie arrives", summaryOf("arrival"))
        assert.are.equal("until ines is near pell", summaryOf("near"))
        assert.are.equal("until jon arrives", summaryOf("jon walking, then signal jon-arrived"))
    end)

    it("never says 'a stage condition' for any of them", function()
        startNamed("line", function()
            api.dialogue(nil, "Narration.")
        end)
        startNamed("walk", function()
            api.walkTo("bob", "porch.shed")
        end)
        harness.ticks(1)
        for _, entry in ipairs(S.allProcesses()) do
            assert.is_nil(tostring(entry.summary):find("stage condition", 1, true), entry.summary)
        end
    end)

    it("keeps the transcript's labels as they were: the words are for the inspector only", function()
        local waits = {}
        S.setObserver(function(event, _, _, kind, target)
            if event == "wait" then
                waits[#waits + 1] = kind .. " " .. target
            end
        end)
        startNamed("line", function()
            api.dialogue("jackie", "Hello.")
        end)
        startNamed("walk", function()
            api.walkTo("jackie", "forest.jackie_stop")
        end)
        harness.ticks(1)
        assert.are.same({ "page jackie", "walk jackie" }, waits)
    end)

    it("drops the words when the wait is over", function()
        startNamed("line then a signal", function()
            api.dialogue("jackie", "Hello.")
            S.waitSignal("go")
        end)
        harness.ticks(1)
        assert.are.equal("until the line is read", summaryOf("line then a signal"))
        stage.finished[1] = true
        harness.ticks(1)
        assert.are.equal("signal go", summaryOf("line then a signal"))
        S.signal("go")
    end)
end)
