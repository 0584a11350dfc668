-- Specs for scripts/WaitSupport.lua: processes, waits and their order. Run from the repository root:
--   busted --lua=lua5.1 spec    and    busted --lua=luajit spec
-- Each test loads a fresh scheduler, so no state leaks between tests.

local harness = dofile("spec/helpers/scheduler.lua")
local DT = harness.DT
local ticks, tickUntil = harness.ticks, harness.tickUntil
local S

describe("WaitSupport", function()
    before_each(function()
        S = harness.load()
    end)

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
            assert.is_near(0.5, elapsed[1], 1e-9)
            assert.are.same(elapsed[1], elapsed[2])
            local _, err = pcall(S.wait, 1)
            assert.matches("wait%(%) called from outside a process", err)
            S.runProcess(function() S.wait(-1) end)
            local errors = harness.takeErrors()
            assert.are.equal(1, #errors)
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

        it("passes_every_start_argument_nils_included_and_keeps_them_apart_from_results", function()
            local seen
            local p = S.runProcess(function(...)
                seen = { n = select("#", ...), ... }
                S.waitFrames(1)
            end, nil, "two", nil)
            assert.are.same({ n = 3, nil, "two", nil }, seen)
            ticks(1)
            assert.are.equal("done", p:status())
            assert.are.same({}, { p:results() }) -- it returned nothing: its arguments are not its results
            local q = S.runProcess(function() return 7 end)
            assert.are.same({ 7 }, { q:results() })
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
            harness.inProcess(function()
                local ok, err = pcall(S.waitSeconds, -1)
                assert.is_false(ok)
                assert.matches("waitSeconds: seconds must be a non%-negative finite number. Was %-1", err)
                ok, err = pcall(S.waitSeconds, "soon")
                assert.is_false(ok)
                assert.matches('waitSeconds: seconds must be a non%-negative finite number. Was "soon"', err)
            end)
        end)
    end)

    -- A process on waitSeconds' fast path keeps only its timer's bucket in its
    -- record, not the slot (scripts/wait/core.lua's timedWait); these pin what
    -- cancel, pause and the inspector must still do with it.
    describe("timers kept by the waiting frame", function()
        it("a_cancelled_sleeper_never_wakes_and_the_others_in_its_bucket_still_do", function()
            local woke = {}
            local sleepers = {}
            for i = 1, 3 do
                sleepers[i] = S.runProcess(function() S.waitSeconds(0.5); woke[#woke + 1] = i end)
            end
            sleepers[2]:cancel()
            ticks(31)
            assert.are.same({ 1, 3 }, woke)
            assert.are.equal(0, S.liveProcessCount())
        end)

        it("a_sleeper_cancelled_by_a_bucket_mate_woken_before_it_never_wakes", function()
            -- The bucket is out of the group's map while it runs: cancel must
            -- still find the sleeper's slot in it.
            local woke = {}
            local second
            S.runProcess(function() S.waitSeconds(0.5); woke[#woke + 1] = 1; second:cancel() end)
            second = S.runProcess(function() S.waitSeconds(0.5); woke[#woke + 1] = 2 end)
            S.runProcess(function() S.waitSeconds(0.5); woke[#woke + 1] = 3 end)
            ticks(31)
            assert.are.same({ 1, 3 }, woke)
            assert.are.equal("cancelled", second:status())
            assert.are.same({}, harness.takeErrors())
        end)

        it("a_sleeper_cancelled_inside_a_protected_call_never_wakes", function()
            local woke = false
            local p = S.runProcess(function()
                S.pcall(function() S.waitSeconds(0.5); woke = true end)
                woke = true
            end)
            p:cancel()
            ticks(60)
            assert.is_false(woke)
            assert.are.equal("cancelled", p:status())
        end)

        it("a_sleeper_whose_group_is_paused_by_its_bucket_mate_wakes_on_resume_with_the_time_waited", function()
            local g = S.newGroup("scene")
            local elapsed
            g:run(function() S.waitSeconds(0.5); g:pause() end)
            g:run(function() elapsed = S.waitSeconds(0.5) end)
            ticks(31)
            assert.is_nil(elapsed)
            assert.are.equal("waiting", S.processes()[1].status)
            g:resume()
            ticks(1)
            assert.is_true(elapsed >= 0.5 and elapsed <= 0.5 + 2 * DT, "elapsed " .. tostring(elapsed))
        end)

        it("a_sleeper_whose_bucket_mate_pauses_and_resumes_its_group_still_wakes_that_tick_in_order", function()
            local g = S.newGroup("scene")
            local order = {}
            g:run(function() S.waitSeconds(0.5); order[#order + 1] = "first"; g:pause(); g:resume() end)
            g:run(function() S.waitSeconds(0.5); order[#order + 1] = "second" end)
            S.runProcess(function() S.waitSeconds(0.5); order[#order + 1] = "root" end)
            ticks(31)
            -- Groups are stepped in creation order: the root group first.
            assert.are.same({ "root", "first", "second" }, order)
        end)

        it("pausing_another_group_does_not_delay_this_groups_sleepers", function()
            local other = S.newGroup("other")
            local order = {}
            other:run(function() S.waitSeconds(5) end)
            S.runProcess(function() S.waitSeconds(0.5); other:pause(); order[#order + 1] = "pauser" end)
            S.runProcess(function() S.waitSeconds(0.5); order[#order + 1] = "mate" end)
            ticks(31)
            assert.are.same({ "pauser", "mate" }, order)
            assert.is_true(other:isPaused())
        end)

        it("a_sleeper_can_be_cancelled_while_deferred_by_a_pause", function()
            local g = S.newGroup("scene")
            local woke = false
            g:run(function() S.waitSeconds(0.5); g:pause() end)
            local late = g:run(function() S.waitSeconds(0.5); woke = true end)
            ticks(31)
            late:cancel()
            g:resume()
            ticks(2)
            assert.is_false(woke)
            assert.are.equal("cancelled", late:status())
        end)

        it("the_inspector_shows_a_sleepers_time_left", function()
            S.runProcess(function() S.waitSeconds(2) end)
            ticks(60)
            local entry = S.processes()[1]
            assert.are.equal("seconds", entry.waiting)
            assert.is_true(math.abs(entry.detail - 1) < 0.01, "detail " .. tostring(entry.detail))
            assert.are.equal("seconds 1.0 s", entry.summary)
        end)

        it("sleepers_cancelled_after_the_wait_has_run_hot_never_wake", function()
            -- Hot enough for LuaJIT to compile the wait: leaving compiled code,
            -- it restores only the frame slots still to be read.
            local woke = 0
            for _ = 1, 50 do
                S.runProcess(function() while true do S.waitSeconds(DT / 2) end end)
            end
            ticks(200)
            local list = {}
            for i = 1, 100 do
                list[i] = S.runProcess(function() S.waitSeconds(3); woke = woke + 1 end)
            end
            for i = 1, 100 do
                list[i]:cancel()
            end
            ticks(200)
            assert.are.equal(0, woke)
            assert.are.same({}, harness.takeErrors())
        end)

        it("cancelled_sleepers_leave_no_timer_behind", function()
            local woke = 0
            local list = {}
            for i = 1, 100 do
                list[i] = S.runProcess(function() S.waitSeconds(1e6); woke = woke + 1 end)
            end
            for i = 1, 100 do
                list[i]:cancel()
            end
            -- A new sleeper in a fresh bucket is the only one the long step finds.
            S.runProcess(function() S.waitSeconds(1e6); woke = woke + 1 end)
            S.wakeUpWaitingThreads(2e6)
            assert.are.equal(1, woke)
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

        it("a long step survives a timer cancelling a later one due in that step", function()
            local log = {}
            local later = S.runProcess(function() S.waitSeconds(200); log[#log + 1] = "later" end)
            S.runProcess(function() S.waitSeconds(100); later:cancel(); log[#log + 1] = "canceller" end)
            S.runProcess(function() S.waitSeconds(300); log[#log + 1] = "last" end)
            S.wakeUpWaitingThreads(1000)
            assert.are.same({ "canceller", "last" }, log)
            assert.are.equal("cancelled", later:status())
        end)

        it("a long step runs every due timer in order", function()
            local order = {}
            for _, d in ipairs({ 500, 3, 90, 1 }) do
                S.runProcess(function() S.waitSeconds(d); order[#order + 1] = d end)
            end
            S.wakeUpWaitingThreads(1000)
            assert.are.same({ 1, 3, 90, 500 }, order)
        end)

        -- A 5 s step spans 5,000 bucket keys: with a few timers the due keys
        -- are sorted, with thousands each key is looked at. Both keep the order.
        for _, count in ipairs({ 4, 3000 }) do
            it("a 5 s step with " .. count .. " timers runs them in due order, later ones left", function()
                local order = {}
                for i = 1, count do
                    local d = (i * 7919) % 6000 / 1000 + 0.001 -- 0.001 .. 6 s, in a scrambled order
                    S.runProcess(function() S.waitSeconds(d); order[#order + 1] = d end)
                end
                S.wakeUpWaitingThreads(5)
                local due = 0
                for i = 1, count do
                    if (i * 7919) % 6000 / 1000 + 0.001 <= 5 then due = due + 1 end
                end
                assert.are.equal(due, #order)
                for i = 2, #order do
                    assert.is_true(order[i - 1] <= order[i], "out of order at " .. i)
                end
                S.wakeUpWaitingThreads(2)
                assert.are.equal(count, #order)
            end)
        end
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

        it("a_bare_yield_and_waitFrames_return_the_group_time_they_waited", function()
            local g = S.newGroup("slow")
            g:setTimeScale(0.5)
            local bare, framed
            g:run(function()
                S.waitFrames(1) -- into a tick, so the next waits begin inside one
                S.runProcess(function() framed = S.waitFrames(3) end)
                bare = coroutine.yield()
            end)
            ticks(1)
            assert.is_nil(bare)
            ticks(1, 0.1)
            assert.is_true(math.abs(bare - 0.05) < 1e-9, "bare yield returned " .. tostring(bare))
            ticks(2, 0.1)
            assert.is_true(math.abs(framed - 0.15) < 1e-9, "waitFrames returned " .. tostring(framed))
        end)

        it("a bare coroutine.yield waits one frame", function()
            local n = 0
            S.runProcess(function() while true do coroutine.yield(); n = n + 1 end end)
            ticks(5)
            assert.are.equal(5, n)
        end)

        it("checks_parameters", function()
            harness.inProcess(function()
                local ok, err = pcall(S.waitFrames, 1.5)
                assert.is_false(ok)
                assert.matches("waitFrames: frames must be a positive integer. Was 1.5", err, 1, true)
                ok, err = pcall(S.waitFrames, 0)
                assert.is_false(ok)
                assert.matches("waitFrames: frames must be a positive integer. Was 0", err, 1, true)
            end)
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
            local errors = harness.takeErrors()
            assert.are.equal(1, #errors)
            assert.matches("bad predicate", errors[1].message)
            assert.are.equal(p, errors[1].process)
        end)

        it("checks_parameters", function()
            harness.inProcess(function()
                local ok, err = pcall(S.waitUntil, true)
                assert.is_false(ok)
                assert.matches("waitUntil: predicate must be a function. Was true", err, 1, true)
            end)
        end)
    end)
end)
