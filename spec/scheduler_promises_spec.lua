-- The scheduler's promises in docs/API.md that one example each left half
-- tried: a wait whose condition already holds, the order of the kinds of
-- wake-up within one tick, a group at time scale 0 and a paused group's
-- frames and predicates, waitAll's counted tables, a process's default name
-- and xpcall's handler checked at once.

local harness = dofile("spec/helpers/scheduler.lua")
local DT = harness.DT
local ticks = harness.ticks
local S

describe("the scheduler's promises", function()
    before_each(function()
        S = harness.load()
    end)

    it("waitUntil on a predicate already true returns at once, within the call, after zero seconds", function()
        local log = {}
        S.runProcess(function()
            log[#log + 1] = "before"
            log[#log + 1] = S.waitUntil(function() return true end)
            log[#log + 1] = "after"
        end)
        assert.are.same({ "before", 0, "after" }, log)
    end)

    it("in one tick a group wakes timers, then frame waits, then predicates, whatever the start order", function()
        -- Started in the reverse of the promised order, all due on tick 3.
        local log = {}
        S.runProcess(function()
            S.waitUntil(function() return S.rootGroup():now() >= 2.5 * DT end)
            log[#log + 1] = "predicate"
        end)
        S.runProcess(function()
            S.waitFrames(3)
            log[#log + 1] = "frames"
        end)
        S.runProcess(function()
            S.waitSeconds(2.5 * DT)
            log[#log + 1] = "timer"
        end)
        ticks(2)
        assert.are.same({}, log)
        ticks(1)
        assert.are.same({ "timer", "frames", "predicate" }, log)
    end)

    it("a wake-up that arrived while its group was paused runs first on the tick after resume", function()
        local log = {}
        local g = S.newGroup("held")
        g:run(function()
            S.waitSeconds(1.5 * DT)
            log[#log + 1] = "timer"
        end)
        g:run(function()
            S.waitSignal("go")
            log[#log + 1] = "signal"
        end)
        ticks(1)
        g:pause()
        S.signal("go")
        assert.are.same({}, log, "a paused group's waiter does not run at the call")
        ticks(3)
        assert.are.same({}, log)
        g:resume()
        ticks(1)
        assert.are.same({ "signal", "timer" }, log)
    end)

    it("at time scale 0 a group's timers stop and its clock holds, while its frames still count", function()
        local log = {}
        local g = S.newGroup("frozen")
        g:setTimeScale(0)
        g:run(function()
            S.waitSeconds(0.1)
            log[#log + 1] = "timer"
        end)
        g:run(function()
            S.waitFrames(5)
            log[#log + 1] = "frames"
        end)
        ticks(4)
        assert.are.same({}, log)
        ticks(1)
        assert.are.same({ "frames" }, log)
        ticks(60)
        assert.are.same({ "frames" }, log)
        assert.are.equal(0, g:now())
        g:setTimeScale(1)
        ticks(math.ceil(0.1 / DT) + 1)
        assert.are.same({ "frames", "timer" }, log)
    end)

    it("a paused group resumes neither its frame waits nor its predicates, and both after resume", function()
        local log = {}
        local ready = false
        local g = S.newGroup("paused")
        g:run(function()
            S.waitFrames(1)
            log[#log + 1] = "frames"
        end)
        g:run(function()
            S.waitUntil(function() return ready end)
            log[#log + 1] = "predicate"
        end)
        g:pause()
        ready = true
        ticks(10)
        assert.are.same({}, log)
        g:resume()
        ticks(2)
        table.sort(log)
        assert.are.same({ "frames", "predicate" }, log)
    end)

    it("waitAll gives each process's results as one table counted by n, nils and nothing included", function()
        local got
        S.runProcess(function()
            local a = S.runProcess(function()
                S.waitFrames(1)
                return nil, "b", nil
            end)
            local b = S.runProcess(function() S.waitFrames(2) end)
            got = { S.waitAll(a, b) }
        end)
        ticks(3)
        assert.are.equal(2, #got)
        assert.are.same({ n = 3, nil, "b", nil }, got[1])
        assert.are.same({ n = 0 }, got[2])
    end)

    it("a process's default name is 'process N (file:line)', N counting the processes started", function()
        local first = S.runProcess(function() S.waitFrames(1) end)
        local second = S.runProcess(function() S.waitFrames(1) end)
        local n1 = first:name():match("^process (%d+) %(.+:%d+%)$")
        local n2 = second:name():match("^process (%d+) %(.+:%d+%)$")
        assert.is_not_nil(n1, first:name())
        assert.is_not_nil(n2, second:name())
        assert.are.equal(tonumber(n1) + 1, tonumber(n2))
        assert.matches("scheduler_promises_spec.lua:%d+%)$", first:name())
    end)

    it("xpcall refuses a handler that is not a function at once, before the function runs", function()
        local ran, ok, err = false, nil, nil
        S.runProcess(function()
            ok, err = pcall(S.xpcall, function() ran = true end, "not a handler")
        end)
        assert.is_false(ok)
        assert.is_false(ran)
        assert.matches("xpcall", tostring(err))
        assert.matches("handler", tostring(err))
    end)
end)
