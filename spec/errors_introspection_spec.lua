-- Specs for scripts/WaitSupport.lua: errors, memory and introspection. Run from the repository root:
--   busted --lua=lua5.1 spec    and    busted --lua=luajit spec
-- Each test loads a fresh scheduler, so no state leaks between tests.

local harness = dofile("spec/helpers/scheduler.lua")
local ticks = harness.ticks
local S

describe("WaitSupport", function()
    before_each(function()
        S = harness.load()
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
            local errors = harness.takeErrors()
            assert.are.equal(1, #errors)
            assert.matches("script broke", errors[1].message)
            assert.matches("stack traceback", errors[1].message)
            assert.matches("errors_introspection_spec.lua:%d+", errors[1].message)
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
            -- The process's error still reaches stderr, then why the handler failed.
            written = table.concat(written)
            assert.matches("errors_introspection_spec.lua:%d+: x\n", written)
            assert.matches("error handler failed: [^\n]*handler broke", written)
        end)

        it("waiting_outside_a_process_raises_pointing_at_the_caller", function()
            local ok, err = pcall(function() S.waitSeconds(1) end)
            assert.is_false(ok)
            local _
            assert.matches("errors_introspection_spec.lua:%d+: waitSeconds%(%) called from outside a process", err)
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

        it("wakeUpWaitingThreads checks every new dt, after any number of good ones", function()
            S.wakeUpWaitingThreads(1 / 60)
            S.wakeUpWaitingThreads(1 / 60)
            for _, bad in ipairs({ 0 / 0, -1 / 60, 1 / 0, "0.016", { 1 / 60 } }) do
                local ok, err = pcall(S.wakeUpWaitingThreads, bad)
                assert.is_false(ok)
                assert.matches("wakeUpWaitingThreads: dt must be a non-negative finite number. Was ", err, 1, true)
                S.wakeUpWaitingThreads(1 / 60) -- a good dt after a bad one is still taken
            end
            local nan = 0 / 0
            assert.has_error(function() S.wakeUpWaitingThreads(nan) end)
            assert.has_error(function() S.wakeUpWaitingThreads(nan) end, -- NaN twice: still refused
                "wakeUpWaitingThreads: dt must be a non-negative finite number. Was nan")
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

    -- RESULT shares its record slot with what a wait is on (WaitSupport's
    -- record layout): every way out of a wait must leave the result whole.
    describe("results after waits", function()
        it("a_process_keeps_its_results_whatever_it_waited_on_last", function()
            local waits = {
                function() S.waitSignal("go") end,
                function() S.waitSignalTimeout("go", 5) end,
                function() S.waitSignalTimeout("never", 0.1) end,
                function() S.waitUntil(function() return S.isLatched("go") end) end,
                function() S.waitFrames(2) end,
                function() S.waitProcess(S.runProcess(function() S.waitSeconds(0.1) end)) end,
                function() S.pcall(S.waitSeconds, 0.1) end,
                function() coroutine.yield() end,
            }
            local procs = {}
            for i, waitOnce in ipairs(waits) do
                procs[i] = S.runProcess(function() waitOnce(); return i, nil, "end" end)
            end
            S.latch("go")
            ticks(30)
            for i, p in ipairs(procs) do
                assert.are.equal("done", p:status())
                assert.are.same({ i, nil, "end" }, { p:results() })
            end
        end)

        it("a_process_failing_in_its_waitUntil_predicate_keeps_the_message", function()
            local p = S.runProcess(function() S.waitUntil(function() error("lamp broke") end) end)
            ticks(1)
            assert.are.equal("failed", p:status())
            assert.matches("lamp broke", p:errorMessage())
            local errors = harness.takeErrors()
            assert.are.equal(1, #errors)
            assert.matches("lamp broke", errors[1].message)
        end)

        it("a_cancelled_process_has_no_results_and_no_message", function()
            local p = S.runProcess(function() S.waitSignalTimeout("bell", 5) end)
            p:cancel()
            assert.are.same({}, { p:results() })
            assert.is_nil(p:errorMessage())
        end)
    end)

    describe("memory per process", function()
        -- The issue's rule (bench/scheduler_bench.lua measures the same):
        -- a process waiting on waitSeconds costs at most 1.5 times a bare
        -- suspended coroutine, the scheduler's bookkeeping included.
        it("a_sleeping_process_costs_at_most_one_and_a_half_bare_coroutines", function()
            local jit = rawget(_G, "jit")
            if jit then jit.off(); jit.flush() end
            finally(function() if jit then jit.on() end end)
            local function settled()
                for _ = 1, 4 do collectgarbage("collect") end
                return collectgarbage("count")
            end
            local n = 5000
            local function idle() while true do coroutine.yield() end end
            local before, keep = settled(), {}
            for i = 1, n do
                keep[i] = coroutine.create(idle)
                coroutine.resume(keep[i])
            end
            local bare = settled() - before
            keep = nil -- luacheck: ignore 311
            settled()
            local waitSeconds = S.waitSeconds
            local function sleep() while true do waitSeconds(1e6) end end
            before = settled()
            for _ = 1, n do S.runProcess(sleep) end
            local ours = settled() - before
            assert.is_true(ours <= 1.5 * bare, string.format("%.0f B against %.0f B a bare coroutine (%.2fx)",
                ours * 1024 / n, bare * 1024 / n, ours / bare))
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
            assert.matches("errors_introspection_spec.lua:%d+", list[1].where)
            assert.matches("errors_introspection_spec.lua:%d+", list[3].name)
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
