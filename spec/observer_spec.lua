-- Specs for the scheduler's observer (setObserver): the mechanics the
-- transcript and the timeline are built from. Run under lua5.1 and luajit.

local harness = dofile("spec/helpers/scheduler.lua")
local ticks = harness.ticks
local S
local seen

-- A fresh scheduler from the shared harness, its observer collecting events.
local function load()
    S = harness.load()
    seen = {}
    S.setObserver(function(event, ...)
        seen[#seen + 1] = { event = event, ... }
    end)
end

local function events(name)
    local list = {}
    for _, e in ipairs(seen) do
        if e.event == name then
            list[#list + 1] = e
        end
    end
    return list
end

describe("the observer", function()
    before_each(load)

    it("sees each process start with its parent and end with its status", function()
        local child
        local parent = S.runProcess(function()
            child = S.runProcess(function()
                S.waitSeconds(1)
            end)
            S.waitProcess(child)
            error("boom")
        end)
        ticks(90)
        local errors = harness.takeErrors()
        assert.are.equal(1, #errors)
        assert.matches("observer_spec.lua:%d+: boom", errors[1].message)
        local starts, ends = events("process_start"), events("process_end")
        assert.are.equal(2, #starts)
        assert.are.equal(0, starts[1][3]) -- no parent
        assert.are.equal(starts[1][1], starts[2][3]) -- the child's parent is the first
        assert.matches("observer_spec.lua:%d+", starts[2][4])
        assert.are.same({ "done", "failed" }, { ends[1][3], ends[2][3] })
        assert.are.equal(parent:status(), "failed")
    end)

    it("names each wait's kind and target at the author's line", function()
        S.runProcess(function()
            S.waitSeconds(0.5)
            S.waitFrames(3)
            S.waitSignal("go")
            S.waitUntil(function()
                return true
            end) -- true at once: no wait
            S.waitUntilLabelled("page", "narration", function()
                return false
            end)
        end)
        ticks(40)
        S.signal("go")
        local waits = events("wait")
        assert.are.same({ "seconds", "0.500" }, { waits[1][3], waits[1][4] })
        assert.are.same({ "frames", "3" }, { waits[2][3], waits[2][4] })
        assert.are.same({ "signal", "go" }, { waits[3][3], waits[3][4] })
        assert.are.same({ "page", "narration" }, { waits[4][3], waits[4][4] })
        assert.are.equal(4, #waits)
        for _, w in ipairs(waits) do
            assert.matches("^spec/observer_spec.lua:%d+$", w[5])
        end
    end)

    it("tells a signal's sender and exactly the processes it wakes, before they run", function()
        local order = {}
        local ids, waiters = {}, {}
        for i = 1, 3 do
            waiters[i] = S.runProcess(function()
                S.waitSignal(i == 3 and "other" or "ready")
                order[#order + 1] = #seen
            end)
            ids[i] = events("process_start")[i][1]
        end
        local sender = S.runProcess(function()
            S.signal("ready")
        end)
        assert.are.equal("done", sender:status())
        assert.are.same({ "done", "done", "waiting" },
            { waiters[1]:status(), waiters[2]:status(), waiters[3]:status() })
        local signal = events("signal")[1]
        assert.are.equal("ready", signal[1])
        assert.are.equal(events("process_start")[4][1], signal[2])
        assert.are.equal(ids[1] .. " " .. ids[2], signal[4])
        assert.are.equal(2, signal[5])
        -- The woken ran after the signal was told.
        local signalAt
        for i, e in ipairs(seen) do
            if e.event == "signal" then
                signalAt = i
            end
        end
        assert.are.equal(2, #order)
        assert.is_true(order[1] >= signalAt and order[2] >= signalAt)
    end)

    it("tells latches, unlatches from the host and timeouts", function()
        S.runProcess(function()
            S.waitSignalTimeout("never", 0.25)
        end)
        S.latch("door")
        S.unlatch("door")
        ticks(30)
        assert.are.same({ "door", 0, "host", "", 0 }, { unpack(events("latch")[1], 1, 5) })
        assert.are.equal("door", events("unlatch")[1][1])
        local timeout = events("timeout")[1]
        assert.are.equal("never", timeout[3])
        assert.are.equal("signal", events("wait")[1][3])
        assert.matches("^never %(timeout 0%.25", events("wait")[1][4])
    end)

    it("costs nothing once removed", function()
        S.setObserver(nil)
        S.runProcess(function()
            S.waitSeconds(0.1)
        end)
        ticks(10)
        assert.are.equal(0, #seen)
    end)

    it("is for the host only: scenes cannot see it", function()
        local names = {}
        for _, name in ipairs(S.GLOBAL_NAMES) do
            names[name] = true
        end
        assert.is_nil(names.setObserver)
        assert.is_nil(names.waitUntilLabelled)
    end)
end)
