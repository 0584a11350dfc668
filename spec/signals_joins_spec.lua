-- Specs for scripts/WaitSupport.lua: signals, joins and cancelling. Run from the repository root:
--   busted --lua=lua5.1 spec    and    busted --lua=luajit spec
-- Each test loads a fresh scheduler, so no state leaks between tests.

local harness = dofile("spec/helpers/scheduler.lua")
local ticks, tickUntil = harness.ticks, harness.tickUntil
local S

describe("WaitSupport", function()
    before_each(function()
        S = harness.load()
    end)

    describe("signals", function()
        it("signal_wakes_every_waiter_in_wait_order", function()
            local order = {}
            for i = 1, 5 do
                S.runProcess(function() S.waitSignal("go"); order[#order + 1] = i end)
            end
            assert.are.equal(5, S.signal("go"))
            assert.are.same({ 1, 2, 3, 4, 5 }, order)
        end)

        it("passes_values_to_the_waiters", function()
            local function pack(...) return { n = select("#", ...), ... } end
            local got = {}
            S.runProcess(function() got[1] = pack(S.waitSignal("door")) end)
            S.runProcess(function() got[2] = pack(S.waitSignal("door")) end)
            S.signal("door", "open", nil, 3)
            -- Every waiter gets every value, a nil in the middle included.
            assert.are.same({ n = 3, "open", nil, 3 }, got[1])
            assert.are.same({ n = 3, "open", nil, 3 }, got[2])
        end)

        it("a_waiter_that_waits_again_during_delivery_is_not_resumed_twice", function()
            local count = 0
            S.runProcess(function()
                while true do
                    S.waitSignal("tick")
                    count = count + 1
                end
            end)
            S.signal("tick")
            assert.are.equal(1, count)
            S.signal("tick")
            assert.are.equal(2, count)
        end)

        it("a signal sent before anyone waits is dropped", function()
            local got = false
            S.signal("early")
            S.runProcess(function() S.waitSignal("early"); got = true end)
            assert.is_false(got)
        end)

        it("latch_is_never_lost_by_a_late_waiter", function()
            S.latch("doorOpen", "north")
            local got
            S.runProcess(function() got = S.waitSignal("doorOpen") end)
            assert.are.equal("north", got)
            assert.is_true(S.isLatched("doorOpen"))
            S.unlatch("doorOpen")
            got = nil
            S.runProcess(function() got = S.waitSignal("doorOpen") end)
            assert.is_nil(got)
        end)

        it("latch wakes the current waiters too", function()
            local got
            S.runProcess(function() got = S.waitSignal("bell") end)
            S.latch("bell", 7)
            assert.are.equal(7, got)
        end)

        it("waitSignalTimeout_reports_the_signal_and_its_values", function()
            local result
            S.runProcess(function() result = { S.waitSignalTimeout("answer", 1) } end)
            ticks(10)
            S.signal("answer", 42)
            assert.are.same({ true, 42 }, result)
            ticks(100) -- the cancelled timeout must not resume it again
            assert.are.same({ true, 42 }, result)
        end)

        it("waitSignalTimeout_reports_the_timeout", function()
            local result
            S.runProcess(function() result = { S.waitSignalTimeout("answer", 0.5) } end)
            local tick = tickUntil(function() return result end)
            assert.are.same({ false }, result)
            assert.is_true(tick == 30 or tick == 31)
            S.runProcess(function() S.waitSignal("answer") end)
            assert.are.equal(1, S.signal("answer")) -- the timed-out waiter is gone
        end)

        it("checks_parameters", function()
            assert.has_error(function() S.signal(5) end, "signal: name must be a string. Was 5")
            harness.inProcess(function()
                local ok, err = pcall(S.waitSignal, nil)
                assert.is_false(ok)
                assert.matches("waitSignal: name must be a string. Was nil", err, 1, true)
                ok, err = pcall(S.waitSignalTimeout, "x", -2)
                assert.is_false(ok)
                assert.matches("waitSignalTimeout: seconds must be a non-negative finite number. Was -2", err, 1, true)
            end)
            local ok, err = pcall(S.latch, {})
            assert.is_false(ok)
            assert.matches("latch: name must be a string. Was table", err, 1, true)
            assert.has_error(function() S.unlatch(1) end, "unlatch: name must be a string. Was 1")
        end)
    end)

    describe("joining", function()
        it("waitProcess_returns_the_return_values", function()
            local got
            local worker = S.runProcess(function() S.waitSeconds(0.2); return "a", nil, 3 end)
            S.runProcess(function() got = { S.waitProcess(worker) } end)
            ticks(13)
            assert.are.same({ "a", nil, 3 }, got)
        end)

        it("try_returns_a_failed_process's_message_and_traceback_across_waits", function()
            local caught
            S.runProcess(function()
                caught = { S.try(function() S.waitSeconds(0.1); error("boom in worker") end) }
            end)
            ticks(10)
            assert.is_false(caught[1])
            assert.matches("boom in worker", caught[2])
            assert.matches("stack traceback", caught[2])
            -- The caller has the failure: it is not reported as well.
            assert.are.same({}, harness.takeErrors())
        end)

        it("try returns true and the values when fn succeeds", function()
            local caught
            S.runProcess(function() caught = { S.try(function(a) S.waitFrames(1); return a * 2 end, 21) } end)
            ticks(1)
            assert.are.same({ true, 42 }, caught)
        end)

        it("the waiter of a failed process fails with the worker's message", function()
            local worker = S.runProcess(function() S.waitSeconds(0.1); error("worker broke") end)
            local waiter = S.runProcess(function() S.waitProcess(worker) end)
            ticks(10)
            assert.are.equal("failed", worker:status())
            assert.are.equal("failed", waiter:status())
            assert.matches("waited%-on .*failed: .*worker broke", waiter:errorMessage())
            -- Both failures are reported, the worker's first.
            local errors = harness.takeErrors()
            assert.are.equal(2, #errors)
            assert.are.equal(worker, errors[1].process)
            assert.matches("worker broke", errors[1].message)
            assert.are.equal(waiter, errors[2].process)
            assert.matches("waited%-on .*failed: .*worker broke", errors[2].message)
        end)

        it("waitProcess of a finished process returns at once", function()
            local worker = S.runProcess(function() return 1, 2 end)
            local got
            S.runProcess(function() got = { S.waitProcess(worker) } end)
            assert.are.same({ 1, 2 }, got)
        end)

        it("waitEnded_says_how_a_process_ended_and_never_raises", function()
            local ok = S.runProcess(function() S.waitSeconds(0.1) end)
            local bad = S.runProcess(function() S.waitSeconds(0.1); error("oops") end)
            local gone = S.runProcess(function() S.waitSeconds(5) end)
            local seen = {}
            S.runProcess(function()
                seen[1] = S.waitEnded(ok)
                seen[2] = S.waitEnded(bad)
                seen[3] = S.waitEnded(gone)
            end)
            ticks(10)
            assert.are.same({ "done", "failed" }, seen)
            gone:cancel()
            assert.are.same({ "done", "failed", "cancelled" }, seen)
            local errors = harness.takeErrors() -- bad's own failure, reported as any other
            assert.are.equal(1, #errors)
            assert.are.equal(bad, errors[1].process)
            assert.matches("oops", errors[1].message)
        end)

        it("waitAll_waits_for_every_process_and_returns_their_results", function()
            local a = S.runProcess(function() S.waitSeconds(0.5); return "a" end)
            local b = S.runProcess(function() S.waitSeconds(0.1); return "b" end)
            local got
            S.runProcess(function() got = { S.waitAll(a, b) } end)
            ticks(10)
            assert.is_nil(got)
            ticks(25)
            assert.are.equal("a", got[1][1])
            assert.are.equal("b", got[2][1])
        end)

        it("waitAny_says_which_finished_first", function()
            local a = S.runProcess(function() S.waitSeconds(0.5); return "slow" end)
            local b = S.runProcess(function() S.waitSeconds(0.1); return "fast" end)
            local index, value
            S.runProcess(function() index, value = S.waitAny(a, b) end)
            ticks(10)
            assert.are.equal(2, index)
            assert.are.equal("fast", value)
        end)

        it("checks_parameters", function()
            harness.inProcess(function()
                local ok, err = pcall(S.waitProcess, {})
                assert.is_false(ok)
                assert.matches("waitProcess: p must be a process (what runProcess returns)", err, 1, true)
                ok, err = pcall(S.waitAll)
                assert.is_false(ok)
                assert.matches("waitAll: expected one or more process handles", err, 1, true)
                ok, err = pcall(S.waitEnded, "p")
                assert.is_false(ok)
                assert.matches("waitEnded: p must be a process (what runProcess returns)", err, 1, true)
                ok, err = pcall(S.waitAny, S.currentProcess(), 3)
                assert.is_false(ok)
                assert.matches("waitAny: argument 2 must be a process (what runProcess returns). Was 3", err, 1, true)
            end)
        end)
    end)

    describe("cancel", function()
        it("a_cancelled_process_never_resumes_and_runs_its_cleanups", function()
            local log = {}
            local p = S.runProcess(function()
                S.onCleanup(function() log[#log + 1] = "hide bubble" end)
                S.onCleanup(function() log[#log + 1] = "stop walking" end)
                S.waitSeconds(1)
                log[#log + 1] = "resumed"
            end)
            assert.is_true(p:cancel())
            ticks(120)
            assert.are.same({ "stop walking", "hide bubble" }, log)
            assert.are.equal("cancelled", p:status())
            assert.is_false(p:cancel())
        end)

        it("cleanups_run_when_a_process_ends_normally_or_fails", function()
            local log = {}
            S.runProcess(function() S.onCleanup(function() log[#log + 1] = "done" end) end)
            local failing = S.runProcess(function()
                S.onCleanup(function() log[#log + 1] = "failed" end)
                error("x")
            end)
            assert.are.same({ "done", "failed" }, log)
            local errors = harness.takeErrors()
            assert.are.equal(1, #errors)
            assert.are.equal(failing, errors[1].process)
        end)

        it("cancelling_a_scene_cancels_everything_it_started", function()
            local log = {}
            local scene = S.runProcess(function()
                S.runProcess(function()
                    S.runProcess(function() S.waitSeconds(1); log[#log + 1] = "grandchild" end)
                    S.waitSeconds(1); log[#log + 1] = "child"
                end)
                S.waitSeconds(1); log[#log + 1] = "scene"
            end)
            scene:cancel()
            ticks(120)
            assert.are.same({}, log)
        end)

        it("cancelling a finished scene still cancels the loops it started", function()
            local chatter = 0
            local scene = S.runProcess(function()
                S.runProcess(function() while true do S.waitSeconds(0.1); chatter = chatter + 1 end end)
            end)
            assert.are.equal("done", scene:status())
            ticks(12)
            local before = chatter
            assert.is_true(before > 0)
            scene:cancel()
            ticks(60)
            assert.are.equal(before, chatter)
        end)

        it("methods_called_without_a_colon_say_so", function()
            local p = S.runProcess(function() S.waitSeconds(1) end)
            assert.has_error(function() p.cancel() end,
                "Process:cancel: call it as a method, p:cancel(). Was called on nil")
            local ok, err = pcall(function() p.status({}) end)
            assert.is_false(ok)
            assert.matches("Process:status: call it as a method, p:status(). Was called on table", err, 1, true)
            local g = S.newGroup("g")
            assert.has_error(function() g.pause() end, "Group:pause: call it as a method, g:pause(). Was called on nil")
            assert.has_error(function() p:setName(3) end, "Process:setName: name must be a string. Was 3")
        end)

        it("a process that cancels itself stops at once", function()
            local log = {}
            local p
            p = S.runProcess(function()
                S.waitFrames(1)
                log[#log + 1] = "before"
                p:cancel()
                log[#log + 1] = "after"
            end)
            ticks(3)
            assert.are.same({ "before" }, log)
            assert.are.equal("cancelled", p:status())
        end)

        it("a process cancelled by the one it woke stops when the signal returns", function()
            local log = {}
            local a
            a = S.runProcess(function()
                S.waitFrames(1)
                S.signal("wake b")
                log[#log + 1] = "a continued"
            end)
            S.runProcess(function()
                S.waitSignal("wake b")
                a:cancel()
                log[#log + 1] = "b cancelled a"
            end)
            ticks(2)
            assert.are.same({ "b cancelled a" }, log)
        end)

        it("waiting on a cancelled process raises", function()
            local worker = S.runProcess(function() S.waitSeconds(5) end)
            local waiter = S.runProcess(function() S.waitProcess(worker) end)
            worker:cancel()
            assert.are.equal("failed", waiter:status())
            assert.matches("was cancelled", waiter:errorMessage())
            local errors = harness.takeErrors()
            assert.are.equal(1, #errors)
            assert.are.equal(waiter, errors[1].process)
            assert.matches("was cancelled", errors[1].message)
        end)
    end)
end)
