-- Specs for scripts/WaitSupport.lua. Run from the repository root:
--   busted --lua=lua5.1 spec    and    busted --lua=luajit spec
-- Each test loads a fresh scheduler, so no state leaks between tests.

local DT = 1 / 60

local S
local errors

local function load()
    S = dofile("scripts/WaitSupport.lua")
    errors = {}
    S.setErrorHandler(function(message, p)
        errors[#errors + 1] = { message = message, process = p }
    end)
end

local function ticks(n, dt)
    for _ = 1, n do
        S.wakeUpWaitingThreads(dt or DT)
    end
end

-- Ticks until fn() is true; returns the tick number (1-based) or nil.
local function tickUntil(fn, limit)
    for i = 1, limit or 10000 do
        S.wakeUpWaitingThreads(DT)
        if fn() then
            return i
        end
    end
end

describe("WaitSupport", function()
    before_each(load)

    describe("loading", function()
        it("defines the article's global names and returns them in a module table", function()
            for _, name in ipairs({ "runProcess", "waitSeconds", "wait", "waitSignal", "signal",
                                    "wakeUpWaitingThreads" }) do
                assert.is_function(_G[name], name)
                assert.are.equal(S[name], _G[name], name)
            end
        end)

        it("wait is waitSeconds under the article's name, and its errors say wait", function()
            local elapsed = {}
            S.runProcess(function() elapsed[1] = S.wait(0.5) end)
            S.runProcess(function() elapsed[2] = S.waitSeconds(0.5) end)
            ticks(30)
            assert.are.same(elapsed[1], elapsed[2])
            local _, err = pcall(S.wait, 1)
            assert.matches("wait%(%) called from outside a process", err)
            S.runProcess(function() S.wait(-1) end)
            assert.matches("wait: seconds must be a non%-negative finite number. Was %-1", errors[1].message)
        end)
    end)

    describe("runProcess", function()
        it("starts_at_once_and_runs_until_the_first_wait", function()
            local log = {}
            S.runProcess(function(a, b)
                log[#log + 1] = a + b
                S.waitSeconds(1)
                log[#log + 1] = "after"
            end, 2, 3)
            assert.are.same({ 5 }, log)
        end)

        it("started_during_a_tick_runs_at_once_up_to_its_first_wait", function()
            local log = {}
            S.runProcess(function()
                S.waitSeconds(0.5)
                log[#log + 1] = "parent"
                S.runProcess(function()
                    log[#log + 1] = "child start"
                    S.waitSeconds(1)
                    log[#log + 1] = "child end"
                end)
                log[#log + 1] = "parent after start"
            end)
            ticks(30)
            assert.are.same({ "parent", "child start", "parent after start" }, log)
        end)

        it("checks_parameters", function()
            assert.has_error(function() S.runProcess(42) end, "runProcess: fn must be a function. Was 42")
        end)

        it("returns a handle whose status follows the process", function()
            local p = S.runProcess(function() S.waitSeconds(1); return "x" end)
            assert.are.equal("waiting", p:status())
            ticks(61)
            assert.are.equal("done", p:status())
            assert.are.equal("x", p:results())
        end)

        it("reports running from inside the process", function()
            local seen
            local p
            p = S.runProcess(function() S.waitFrames(1); seen = p:status() end)
            ticks(1)
            assert.are.equal("running", seen)
        end)
    end)

    describe("waitSeconds", function()
        it("resumes_two_seconds_at_60_ticks_per_second_on_tick_120_or_121", function()
            local resumed
            S.runProcess(function() S.waitSeconds(2); resumed = true end)
            local tick = tickUntil(function() return resumed end)
            assert.is_true(tick == 120 or tick == 121, "resumed on tick " .. tostring(tick))
        end)

        it("never_resumes_early_with_uneven_ticks", function()
            local clock, resumedAt = 0, nil
            S.runProcess(function() S.waitSeconds(1); resumedAt = clock end)
            local steps = { 0.3, 0.3, 0.3, 0.09, 0.02 }
            for _, dt in ipairs(steps) do
                clock = clock + dt
                S.wakeUpWaitingThreads(dt)
            end
            assert.is_true(resumedAt >= 1 - 1e-9, "resumed at " .. tostring(resumedAt))
            assert.is_true(resumedAt < 1.02 + 1e-9)
        end)

        it("zero_resumes_on_the_next_tick_never_the_current_one", function()
            local count = 0
            S.runProcess(function()
                while true do
                    S.waitSeconds(0)
                    count = count + 1
                end
            end)
            assert.are.equal(0, count)
            ticks(1)
            assert.are.equal(1, count)
            ticks(1, 0.00001)
            assert.are.equal(2, count)
        end)

        it("returns the time that actually elapsed", function()
            local elapsed
            S.runProcess(function() elapsed = S.waitSeconds(0.1) end)
            ticks(7) -- 0.1 s falls between tick 6 and 7 (0.1000... is at 6 ticks within 1 ms)
            assert.is_true(math.abs(elapsed - 6 * DT) < 1e-9 or math.abs(elapsed - 7 * DT) < 1e-9)
        end)

        it("checks_parameters", function()
            S.runProcess(function()
                local ok, err = pcall(S.waitSeconds, -1)
                assert.is_false(ok)
                assert.matches("waitSeconds: seconds must be a non%-negative finite number. Was %-1", err)
                ok, err = pcall(S.waitSeconds, "soon")
                assert.is_false(ok)
                assert.matches('Was "soon"', err)
            end)
        end)
    end)

    describe("ordering", function()
        it("processes_due_in_one_tick_resume_in_due_time_order", function()
            local order = {}
            for _, d in ipairs({ 0.050, 0.020, 0.035, 0.010 }) do
                S.runProcess(function() S.waitSeconds(d); order[#order + 1] = d end)
            end
            S.wakeUpWaitingThreads(0.1)
            assert.are.same({ 0.010, 0.020, 0.035, 0.050 }, order)
        end)

        it("equal_due_times_resume_in_the_order_they_began_waiting", function()
            local order = {}
            for i = 1, 20 do
                S.runProcess(function() S.waitSeconds(0.5); order[#order + 1] = i end)
            end
            ticks(31)
            local expected = {}
            for i = 1, 20 do expected[i] = i end
            assert.are.same(expected, order)
        end)

        it("a timer set during a tick does not fire in that tick", function()
            local log = {}
            S.runProcess(function()
                S.waitSeconds(0.01)
                log[#log + 1] = "first"
                S.waitSeconds(0.001)
                log[#log + 1] = "second"
            end)
            S.wakeUpWaitingThreads(0.5)
            assert.are.same({ "first" }, log)
            S.wakeUpWaitingThreads(DT)
            assert.are.same({ "first", "second" }, log)
        end)

        it("a long step runs every due timer in order", function()
            local order = {}
            for _, d in ipairs({ 500, 3, 90, 1 }) do
                S.runProcess(function() S.waitSeconds(d); order[#order + 1] = d end)
            end
            S.wakeUpWaitingThreads(1000)
            assert.are.same({ 1, 3, 90, 500 }, order)
        end)
    end)

    describe("waitFrames", function()
        it("resumes_after_exactly_n_ticks", function()
            local resumed
            S.runProcess(function() S.waitFrames(3); resumed = true end)
            ticks(2)
            assert.is_nil(resumed)
            ticks(1)
            assert.is_true(resumed)
        end)

        it("a bare coroutine.yield waits one frame", function()
            local n = 0
            S.runProcess(function() while true do coroutine.yield(); n = n + 1 end end)
            ticks(5)
            assert.are.equal(5, n)
        end)

        it("checks_parameters", function()
            S.runProcess(function()
                local _, err = pcall(S.waitFrames, 1.5)
                assert.matches("waitFrames: frames must be a positive integer. Was 1.5", err, 1, true)
            end)
        end)
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
            local got
            S.runProcess(function() got = { S.waitSignal("door", "open", 3) } end)
            S.runProcess(function() got = { S.waitSignal("door") } end)
            S.signal("door", "open", nil, 3)
            assert.are.same({ "open", nil, 3 }, got)
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
            S.runProcess(function()
                local _, err = pcall(S.waitSignal, nil)
                assert.matches("waitSignal: name must be a string. Was nil", err, 1, true)
                _, err = pcall(S.waitSignalTimeout, "x", -2)
                assert.matches("Was -2", err, 1, true)
            end)
            assert.has_error(function() S.latch({}) end)
            assert.has_error(function() S.unlatch(1) end, "unlatch: name must be a string. Was 1")
        end)
    end)

    describe("waitUntil", function()
        it("checks_the_predicate_once_per_tick", function()
            local calls, ready, resumedTick = 0, false, nil
            local tick = 0
            S.runProcess(function()
                S.waitUntil(function() calls = calls + 1; return ready end)
                resumedTick = tick
            end)
            local callsBefore = calls
            for i = 1, 5 do tick = i; S.wakeUpWaitingThreads(DT) end
            assert.are.equal(callsBefore + 5, calls)
            ready = true
            tick = 6; S.wakeUpWaitingThreads(DT)
            assert.are.equal(6, resumedTick)
        end)

        it("a predicate that throws fails only its process", function()
            local p = S.runProcess(function() S.waitUntil(function() error("bad predicate") end) end)
            local q = S.runProcess(function() S.waitFrames(2) end)
            ticks(2)
            assert.are.equal("failed", p:status())
            assert.are.equal("done", q:status())
            assert.matches("bad predicate", errors[1].message)
        end)

        it("checks_parameters", function()
            S.runProcess(function()
                local _, err = pcall(S.waitUntil, true)
                assert.matches("waitUntil: predicate must be a function. Was true", err, 1, true)
            end)
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
            assert.are.equal(0, #errors) -- the caller has the failure; it is not reported twice
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
            assert.are.equal("failed", waiter:status())
            assert.matches("waited%-on .*failed: .*worker broke", waiter:errorMessage())
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
            gone:cancel()
            assert.are.same({ "done", "failed", "cancelled" }, seen)
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
            S.runProcess(function()
                local _, err = pcall(S.waitProcess, {})
                assert.matches("waitProcess: expected a process handle", err, 1, true)
                _, err = pcall(S.waitAll)
                assert.matches("waitAll: expected one or more process handles", err, 1, true)
                _, err = pcall(S.waitEnded, "p")
                assert.matches("waitEnded: expected a process handle", err, 1, true)
                _, err = pcall(S.waitAny, S.currentProcess(), 3)
                assert.matches("argument 2 must be a process handle. Was 3", err, 1, true)
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
            S.runProcess(function() S.onCleanup(function() log[#log + 1] = "failed" end); error("x") end)
            assert.are.same({ "done", "failed" }, log)
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
            assert.has_error(function() p.status({}) end)
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
        end)
    end)

    describe("groups", function()
        it("an idle group's clock keeps time, at its scale, and not while paused", function()
            local g = S.newGroup("idle")
            ticks(60)
            assert.is_true(math.abs(g:now() - 1) < 1e-9)
            g:setTimeScale(0.5)
            ticks(60)
            assert.is_true(math.abs(g:now() - 1.5) < 1e-9)
            g:pause()
            ticks(60)
            assert.is_true(math.abs(g:now() - 1.5) < 1e-9)
            g:resume()
            ticks(30)
            assert.is_true(math.abs(g:now() - 1.75) < 1e-9)
        end)

        it("a group idle for a while times its new process from the right clock", function()
            local g = S.newGroup("later")
            local idle = S.newGroup("never used")
            ticks(120)
            local woke
            g:run(function()
                S.waitSeconds(1)
                woke = g:now()
            end)
            assert.is_nil(woke)
            ticks(59)
            assert.is_nil(woke)
            ticks(2)
            assert.is_true(woke > 3 - 1e-6 and woke < 3.05)
            assert.is_true(math.abs(idle:now() - g:now()) < 1e-9)
        end)

        it("a group started from a process mid-tick is stepped in order like any other", function()
            local first = S.newGroup("first")
            local later = S.newGroup("later")
            local order = {}
            first:run(function()
                S.waitFrames(1)
                later:run(function()
                    S.waitFrames(1)
                    order[#order + 1] = "later " .. later:now()
                end)
                order[#order + 1] = "first " .. first:now()
            end)
            ticks(2)
            assert.are.same({ "first " .. DT, "later " .. DT }, order)
        end)

        it("idle groups are not visited by a tick", function()
            local function instructionsPerTick()
                local count = 0
                debug.sethook(function() count = count + 1 end, "", 1)
                S.wakeUpWaitingThreads(DT)
                debug.sethook()
                return count
            end
            S.runProcess(function() while true do S.waitFrames(1) end end)
            ticks(2)
            local before = instructionsPerTick()
            for i = 1, 5000 do
                S.newGroup("idle " .. i)
            end
            ticks(2)
            assert.is_true(instructionsPerTick() <= before + 20)
        end)

        it("time_scale_slows_a_group's_timers", function()
            local slow = S.newGroup("slow motion")
            slow:setTimeScale(0.5)
            local normalTick, slowTick
            local tick = 0
            S.runProcess(function() S.waitSeconds(1); normalTick = tick end)
            slow:run(function() S.waitSeconds(1); slowTick = tick end)
            for i = 1, 130 do tick = i; S.wakeUpWaitingThreads(DT) end
            assert.is_true(normalTick == 60 or normalTick == 61)
            assert.is_true(slowTick == 120 or slowTick == 121)
        end)

        it("a_paused_group_resumes_nothing_until_resumed", function()
            local menuOpen = S.newGroup("scene")
            local log = {}
            menuOpen:run(function()
                S.waitSignal("go")
                log[#log + 1] = "signal"
                S.waitSeconds(0.1)
                log[#log + 1] = "timer"
            end)
            menuOpen:pause()
            S.signal("go")
            ticks(30)
            assert.are.same({}, log)
            menuOpen:resume()
            ticks(1)
            assert.are.same({ "signal" }, log)
            ticks(7)
            assert.are.same({ "signal", "timer" }, log)
        end)

        it("children inherit their parent's group", function()
            local g = S.newGroup("cutscene")
            local child
            g:run(function() child = S.runProcess(function() S.waitSeconds(1) end) end)
            assert.are.equal(g, child:group())
            g:cancel()
            assert.are.equal("cancelled", child:status())
        end)

        it("checks_parameters", function()
            local g = S.newGroup("g")
            assert.has_error(function() g:setTimeScale(-1) end,
                "Group:setTimeScale: scale must be a non-negative finite number. Was -1")
            assert.has_error(function() S.newGroup(nil) end, "newGroup: name must be a string. Was nil")
        end)
    end)

    describe("errors", function()
        it("an_error_ends_only_its_process_with_a_traceback_and_the_tick_goes_on", function()
            local log = {}
            local bad = S.runProcess(function() S.waitSeconds(0.1); error("script broke") end)
            local good = S.runProcess(function() S.waitSeconds(0.1); log[#log + 1] = "good" end)
            assert.has_no.errors(function() ticks(10) end)
            assert.are.same({ "good" }, log)
            assert.are.equal("failed", bad:status())
            assert.are.equal("done", good:status())
            assert.are.equal(1, #errors)
            assert.matches("script broke", errors[1].message)
            assert.matches("stack traceback", errors[1].message)
            assert.matches("wait_support_spec.lua:%d+", errors[1].message)
            assert.are.equal(bad, errors[1].process)
        end)

        it("a failing error handler does not break the tick", function()
            S.setErrorHandler(function() error("handler broke") end)
            local stderr = io.stderr
            local written = {}
            io.stderr = { write = function(_, ...) written[#written + 1] = table.concat({ ... }) end } -- luacheck: ignore
            local ok = pcall(function()
                S.runProcess(function() S.waitFrames(1); error("x") end)
                ticks(1)
            end)
            io.stderr = stderr -- luacheck: ignore
            assert.is_true(ok)
            assert.is_true(#written >= 1)
        end)

        it("waiting_outside_a_process_raises_pointing_at_the_caller", function()
            local ok, err = pcall(function() S.waitSeconds(1) end)
            assert.is_false(ok)
            local _
            assert.matches("wait_support_spec.lua:%d+: waitSeconds%(%) called from outside a process", err)
            _, err = pcall(function() S.waitSignal("x") end)
            assert.matches("waitSignal%(%) called from outside a process", err)
            _, err = pcall(function() S.waitFrames(1) end)
            assert.matches("waitFrames%(%) called from outside a process", err)
        end)

        it("a coroutine the script made becomes a process at its first wait", function()
            local said = {}
            local co = coroutine.create(function()
                said[#said + 1] = "hello"
                S.waitSeconds(1)
                said[#said + 1] = "after"
            end)
            assert.is_true((coroutine.resume(co)))
            assert.are.same({ "hello" }, said)
            assert.are.equal(1, S.liveProcessCount())
            ticks(59)
            assert.are.same({ "hello" }, said)
            ticks(2)
            assert.are.same({ "hello", "after" }, said)
            assert.are.equal(0, S.liveProcessCount())
        end)

        it("a wrapped coroutine started inside a process runs alongside it as its child", function()
            local said = {}
            local scene = S.runProcess(function()
                coroutine.wrap(function()
                    while true do
                        S.waitSeconds(1)
                        said[#said + 1] = "idle"
                    end
                end)()
                said[#said + 1] = "scene goes on"
                S.waitSeconds(10)
            end)
            assert.are.same({ "scene goes on" }, said)
            ticks(121)
            assert.are.same({ "scene goes on", "idle", "idle" }, said)
            scene:cancel()
            assert.are.equal(0, S.liveProcessCount())
        end)

        it("wakeUpWaitingThreads checks its parameter", function()
            assert.has_error(function() S.wakeUpWaitingThreads(-0.1) end,
                "wakeUpWaitingThreads: dt must be a non-negative finite number. Was -0.1")
        end)
    end)

    describe("memory", function()
        local function settle()
            for _ = 1, 4 do collectgarbage("collect") end
            return collectgarbage("count")
        end

        it("finished_and_cancelled_processes_leave_nothing_behind", function()
            -- LuaJIT counts its compiled traces as GC objects; measure without them.
            local jit = rawget(_G, "jit")
            if jit then jit.off(); jit.flush() end
            finally(function() if jit then jit.on() end end)
            local function round()
                local handles = {}
                for i = 1, 10000 do
                    if i % 3 == 0 then
                        handles[i] = S.runProcess(function() S.waitSeconds(60 + i % 7) end)
                    elseif i % 3 == 1 then
                        handles[i] = S.runProcess(function() S.waitSignalTimeout("never" .. (i % 5), 90) end)
                    else
                        handles[i] = S.runProcess(function() S.waitSeconds(0.05); return i end)
                    end
                end
                ticks(5)
                for i = 1, 10000 do handles[i]:cancel() end
            end
            round() -- warm up the pools and the tables' capacity
            round()
            local baseline = settle()
            round()
            local after = settle()
            -- One leaked table per process would be 10,000 * 56 bytes, about 550 KiB;
            -- the allowance covers only the interpreter's own noise.
            assert.is_true(after - baseline < 32, string.format("grew by %.1f KiB", after - baseline))
        end)
    end)

    describe("introspection", function()
        it("counts_live_processes", function()
            assert.are.equal(0, S.liveProcessCount())
            local p = S.runProcess(function() S.waitSeconds(1) end)
            S.runProcess(function() S.waitFrames(1) end)
            S.runProcess(function() end)
            assert.are.equal(2, S.liveProcessCount())
            p:cancel()
            ticks(1)
            assert.are.equal(0, S.liveProcessCount())
        end)

        it("lists_live_processes_with_what_they_wait_on_and_where", function()
            S.runProcess(function() S.waitSeconds(2) end):setName("sleeper")
            S.runProcess(function() S.waitSignal("door") end):setName("listener")
            S.runProcess(function() S.waitFrames(3) end)
            local list = S.processes()
            assert.are.equal(3, #list)
            assert.are.equal("sleeper", list[1].name)
            assert.are.equal("seconds", list[1].waiting)
            assert.are.equal(2, list[1].detail)
            assert.are.equal("signal", list[2].waiting)
            assert.are.equal("door", list[2].detail)
            assert.are.equal("frames", list[3].waiting)
            assert.are.equal(3, list[3].detail)
            assert.matches("wait_support_spec.lua:%d+", list[1].where)
            assert.matches("wait_support_spec.lua:%d+", list[3].name)
        end)
    end)

    describe("process report", function()
        it("shows the time left on a signal timeout", function()
            S.runProcess(function() S.waitSignalTimeout("bell", 3) end)
            ticks(60)
            local entry = S.processes()[1]
            assert.are.equal("signal_timeout", entry.waiting)
            assert.are.equal("bell (2.0 s left)", entry.detail)
        end)
    end)

    describe("deadlock report", function()
        it("says when a signal was sent before its waiter began waiting", function()
            S.runProcess(function()
                S.waitSeconds(0.5)
                S.signal("door")
            end)
            S.runProcess(function()
                S.waitSeconds(1)
                S.waitSignal("door")
            end):setName("late")
            ticks(90)
            local entries = S.findDeadlocks()
            assert.are.equal(1, #entries)
            assert.is_true(math.abs(entries[1].sentAt - 0.5) < 0.02)
            assert.is_nil(entries[1].hint)
            assert.matches("late is stuck waiting on signal door %(sent at 0%.5%d s, before this wait began; a latch",
                S.deadlockReport())
        end)

        it("names_waiters_no_live_process_can_wake", function()
            S.runProcess(function() S.waitSignal("jackie-arived") end):setName("opening")
            assert.matches("opening is stuck waiting on signal jackie%-arived", S.deadlockReport())
        end)

        it("suggests_the_signal_that_was_meant_when_others_still_run", function()
            S.runProcess(function() S.waitSignal("jackie-arived") end):setName("opening")
            S.runProcess(function() while true do S.waitSeconds(1); S.signal("jackie-arrived") end end)
            ticks(70)
            local entries = S.findDeadlocks()
            assert.are.equal(1, #entries)
            assert.is_false(entries[1].certain)
            assert.are.equal("jackie-arrived", entries[1].hint)
        end)

        it("finds_processes_waiting_on_each_other", function()
            local a, b
            S.runProcess(function() while true do S.waitSeconds(1) end end)
            a = S.runProcess(function() S.waitFrames(1); S.waitProcess(b) end)
            b = S.runProcess(function() S.waitFrames(1); S.waitProcess(a) end)
            ticks(2)
            local entries = S.findDeadlocks()
            assert.are.equal(2, #entries)
            assert.is_true(entries[1].certain and entries[2].certain)
        end)

        it("is_quiet_when_everything_can_progress", function()
            S.runProcess(function() S.waitSignal("later") end)
            S.runProcess(function() S.waitSeconds(1); S.signal("later") end)
            S.signal("later") -- the name is known to be sent
            S.runProcess(function() S.waitSignal("later") end)
            assert.is_nil(S.deadlockReport())
        end)
    end)
end)
