-- A wait whose yield is refused, the scheduler used on its own as the seed
-- articles use it: dofile scripts/WaitSupport.lua and a plain host loop
-- calling wakeUpWaitingThreads. Plain Lua's pcall is a C function: PUC Lua
-- 5.1 cannot yield across it (LuaJIT can), and neither VM yields across a
-- table.sort comparator or a string.gsub callback. The wait is refused
-- there, the process gets pcall's false and goes on, and what the wait had
-- registered must never resume it later nor make the host's loop raise.
-- Run from the repository root: busted --lua=lua5.1 spec   and   busted --lua=luajit spec

local harness = dofile("spec/helpers/scheduler.lua")
local DT = harness.DT
local S

-- Whether this VM yields across plain pcall (LuaJIT does, PUC Lua 5.1 does not).
local YIELDS_ACROSS_PCALL = coroutine.wrap(function()
    return select(2, pcall(coroutine.yield, "crossed"))
end)() == "crossed"

-- The host's loop: n ticks, each in pcall so that an error raised by the
-- tick itself fails the test with the tick's number. Returns the time now.
local now, tickCount = 0, 0
local function hostTicks(n)
    for _ = 1, n do
        tickCount = tickCount + 1 -- what the processes this tick resumes read
        now = tickCount * DT
        local ok, err = pcall(S.wakeUpWaitingThreads, DT)
        assert(ok, string.format("wakeUpWaitingThreads raised at tick %d: %s", tickCount, tostring(err)))
    end
    return now
end

-- Ways to call fn where a yield is refused on both VMs, and plain pcall.
local function inSortComparator(fn)
    return pcall(table.sort, { 2, 1, 3 }, function(a, b)
        fn()
        return a < b
    end)
end
local function inGsubCallback(fn)
    return pcall(string.gsub, "x", "x", function() fn() end)
end
local function inPlainPcall(fn)
    return pcall(fn)
end

describe("a wait whose yield is refused", function()
    before_each(function()
        S = harness.load()
        now, tickCount = 0, 0
    end)

    it("the_articles_case_pcall_wait_1_then_wait_3_waits_3_and_the_host_loop_never_raises", function()
        local log = {}
        local p = S.runProcess(function()
            local ok, message = pcall(S.waitSeconds, 1)
            log[#log + 1] = { "pcall", ok, message, now }
            log[#log + 1] = { "waited", S.waitSeconds(3), now }
        end)
        hostTicks(6 * 60)
        assert.are.equal("done", p:status())
        if YIELDS_ACROSS_PCALL then -- LuaJIT: the pcall waited its second
            assert.is_true(log[1][2])
            assert.is_near(1, log[1][4], 1e-9)
        else
            assert.is_false(log[1][2])
            assert.are.equal("attempt to yield across metamethod/C-call boundary", log[1][3])
            assert.are.equal(0, log[1][4]) -- refused at once, no time passed
        end
        assert.is_near(3, log[2][2], DT) -- the second wait waited its 3 s, not the refused one's 1 s
        assert.is_near(log[1][4] + 3, log[2][3], DT)
    end)

    for name, refuse in pairs({ ["a sort comparator"] = inSortComparator, ["a gsub callback"] = inGsubCallback }) do
        it("refused_in_" .. name:gsub("^a ", ""):gsub(" ", "_") .. "_on_both_vms_and_the_process_goes_on", function()
            local log = {}
            local p = S.runProcess(function()
                log[#log + 1] = { refuse(function() S.waitSeconds(0.5) end) }
                log[#log + 1] = { "after", now }
                log[#log + 1] = { "waited", S.waitSeconds(2), now }
            end)
            hostTicks(3 * 60)
            assert.are.equal("done", p:status())
            assert.is_false(log[1][1])
            assert.matches("yield across", log[1][2])
            assert.are.same({ "after", 0 }, log[2])
            assert.is_near(2, log[3][2], DT)
            assert.is_near(2, log[3][3], DT) -- not woken at 0.5 by the refused wait's timer
        end)
    end

    it("every_kind_of_wait_refused_leaves_nothing_that_wakes_the_process_later", function()
        local waits = {
            seconds = function() S.waitSeconds(0.25) end,
            frames = function() S.waitFrames(2) end,
            signal = function() S.waitSignal("go") end,
            timeout = function() S.waitSignalTimeout("go", 0.25) end,
            ["until"] = function() S.waitUntil(function() return now >= 0.25 end) end,
        }
        local woken = {}
        for kind, wait in pairs(waits) do
            S.runProcess(function()
                assert(not inSortComparator(wait), kind .. ": the wait was not refused")
                woken[kind] = S.waitSeconds(1)
            end)
        end
        S.runProcess(function()
            S.waitSeconds(0.1)
            assert.are.equal(0, S.signal("go")) -- the refused waitSignal holds nobody here
        end)
        hostTicks(30)
        assert.are.same({}, woken) -- none woken early by what its refused wait left
        hostTicks(60)
        for kind in pairs(waits) do
            assert.is_near(1, woken[kind], DT, kind)
        end
        assert.are.equal(0, S.liveProcessCount())
    end)

    it("a_process_that_ends_fails_or_is_cancelled_after_a_refused_wait_leaves_no_timer_behind", function()
        local ended = S.runProcess(function() inSortComparator(function() S.waitSeconds(0.5) end) end)
        local failed = S.runProcess(function()
            inSortComparator(function() S.waitSeconds(0.5) end)
            error("planned failure")
        end)
        local cancelled = S.runProcess(function()
            inSortComparator(function() S.waitSeconds(0.5) end)
            S.currentProcess():cancel()
        end)
        local byParent
        S.runProcess(function()
            byParent = S.runProcess(function()
                inSortComparator(function() S.waitSeconds(0.5) end)
                S.runProcess(function() S.signal("cancel me") end)
                S.waitSeconds(0.25)
            end)
        end)
        hostTicks(2 * 60) -- the timers the refused waits left fall due at 0.5: none may raise
        assert.are.equal("done", ended:status())
        assert.are.equal("failed", failed:status())
        assert.are.equal("cancelled", cancelled:status())
        assert.are.equal("done", byParent:status())
        local errors = harness.takeErrors()
        assert.are.equal(1, #errors)
        assert.matches("planned failure", errors[1].message)
    end)

    it("a_process_signalled_while_it_runs_after_a_refused_waitSignal_is_not_resumed_nor_failed", function()
        local log = {}
        local p = S.runProcess(function()
            inSortComparator(function() S.waitSignal("ping") end)
            log[#log + 1] = S.signal("ping") -- its own refused wait is no waiter
            S.runProcess(function() log[#log + 1] = S.signal("ping") end)
            log[#log + 1] = S.waitSeconds(0.5)
        end)
        hostTicks(60)
        assert.are.equal("done", p:status())
        assert.are.equal(0, log[1])
        assert.are.equal(0, log[2])
        assert.is_near(0.5, log[3], DT)
    end)

    it("a_process_whose_refused_waitProcess_target_ends_while_it_runs_is_neither_resumed_nor_failed", function()
        local log = {}
        local p = S.runProcess(function()
            local q = S.runProcess(function() S.waitSeconds(5) end)
            log[#log + 1] = inSortComparator(function() S.waitProcess(q) end)
            q:cancel() -- q's end would wake p, which is running
            log[#log + 1] = S.waitSeconds(0.5)
        end)
        hostTicks(60)
        assert.are.equal("done", p:status())
        assert.is_false(log[1])
        assert.is_near(0.5, log[2], DT)
    end)
end)

-- Generated runs: processes made of random steps (waits, waits in plain pcall,
-- in a sort comparator or a gsub callback, signals, children, cancels,
-- failures), driven by a plain host loop. Invariants: the loop never raises;
-- no wait returns before its time (a timer or a signal left by a refused
-- wait would end one early); a waitSignal returns only a signal sent after it
-- began; only the planned failures are reported; cancelAll leaves nothing.
describe("generated runs of waits, refused waits and signals", function()
    local seed
    local function random(n) -- Park-Miller: exact in doubles, the same on both VMs
        seed = seed * 16807 % 2147483647
        return seed % n + 1
    end
    local function pick(list)
        return list[random(#list)]
    end

    local handles, sent, violations

    local function violation(text)
        violations[#violations + 1] = text
    end

    -- One timed or signal wait, checked against the clock and the signals sent.
    local function checkedWait(kind, arg)
        local start, startTick, sentBefore = now, tickCount, #sent
        if kind == "seconds" then
            local elapsed = S.waitSeconds(arg)
            if now < start + arg - 1e-9 or elapsed < arg - 1e-9 then
                violation(string.format("wait(%g) from %g returned at %g", arg, start, now))
            end
        elseif kind == "frames" then
            S.waitFrames(arg)
            if tickCount - startTick ~= arg then
                violation(string.format("waitFrames(%d) from tick %d returned at tick %d", arg, startTick, tickCount))
            end
        elseif kind == "signal" then
            local serial = S.waitSignal(arg)
            if type(serial) ~= "number" or serial <= sentBefore then
                violation(string.format("waitSignal(%q) begun after signal %d returned %s", arg, sentBefore,
                    tostring(serial)))
            end
        end
    end

    local program
    local function step(depth)
        local roll = random(20)
        if roll <= 5 then
            checkedWait("seconds", pick({ 1 / 120, 0.1, 0.25, 1 }))
        elseif roll <= 7 then
            checkedWait("frames", random(3))
        elseif roll <= 9 then
            checkedWait("signal", pick({ "a", "b" }))
        elseif roll <= 14 then
            local kind = pick({ "seconds", "frames", "signal" })
            local arg = kind == "seconds" and pick({ 0.1, 0.5 }) or kind == "frames" and 2 or pick({ "a", "b" })
            local wrap = pick({ inPlainPcall, inSortComparator, inGsubCallback })
            local before = now
            local ok = wrap(function() checkedWait(kind, arg) end)
            if not ok and now ~= before then
                violation("a refused wait let time pass")
            end
        elseif roll <= 16 then
            sent[#sent + 1] = true
            S.signal(pick({ "a", "b" }), #sent)
        elseif roll == 17 and depth < 3 then
            handles[#handles + 1] = S.runProcess(program, depth + 1)
        elseif roll == 18 and #handles > 0 then
            pick(handles):cancel()
        elseif roll == 19 and random(4) == 1 then
            error("planned failure")
        end
    end
    program = function(depth)
        for _ = 1, random(12) do
            step(depth)
        end
    end

    before_each(function()
        S = harness.load()
        now, tickCount = 0, 0
        handles, sent, violations = {}, {}, {}
    end)

    for run = 1, 40 do
        it("run_" .. run .. "_keeps_every_invariant", function()
            seed = run
            for _ = 1, 6 do
                handles[#handles + 1] = S.runProcess(program, 1)
            end
            -- The host sends a signal now and then, so that waiters get on.
            for _ = 1, 12 do
                hostTicks(random(40))
                sent[#sent + 1] = true
                S.signal(pick({ "a", "b" }), #sent)
            end
            S.cancelAll()
            hostTicks(120) -- whatever a refused wait left falls due now: nothing may raise
            assert.are.same({}, violations)
            assert.are.equal(0, S.liveProcessCount())
            for _, e in ipairs(harness.takeErrors()) do
                assert.matches("planned failure", e.message)
            end
        end)
    end
end)

-- A cleanup runs when its process ends, inside whatever ended it (cancel(),
-- the tick, a failure): a wait there is refused the same way on both VMs,
-- at the cleanup's line, and whoever ended the process is never held up.
describe("a wait inside an onCleanup handler", function()
    before_each(function()
        S = harness.load()
        now, tickCount = 0, 0
    end)

    it("is_refused_at_its_line_naming_onCleanup_and_the_canceller_goes_on_at_once", function()
        local log = {}
        local p = S.runProcess(function()
            S.onCleanup(function() log[#log + 1] = "the cleanup registered first runs last" end)
            S.onCleanup(function()
                log[#log + 1] = "cleanup starts"
                S.waitSeconds(1)
                log[#log + 1] = "the cleanup went on after its wait"
            end)
            S.waitSeconds(5)
        end)
        S.runProcess(function()
            S.waitSeconds(0.5)
            local cancelled = p:cancel() -- before the next line's #log: the cleanups log too
            log[#log + 1] = { "cancel", cancelled, now }
            log[#log + 1] = { "cancel returned", now }
        end)
        hostTicks(120)
        assert.are.same({ "cleanup starts", "the cleanup registered first runs last", { "cancel", true, 0.5 },
            { "cancel returned", 0.5 } }, log)
        local errors = harness.takeErrors()
        assert.are.equal(1, #errors)
        assert.are.equal(p, errors[1].process)
        local line = errors[1].message:match("^[^\n]*")
        assert.matches("^cleanup failed: spec/refused_waits_spec.lua:%d+: waitSeconds%(%) inside an onCleanup handler: "
            .. ".*cannot wait.*runProcess", line)
    end)

    it("refuses_every_form_of_wait_and_a_bare_yield_but_a_process_it_starts_may_wait", function()
        local forms = {
            function() S.wait(1) end,
            function() S.waitFrames(1) end,
            function() S.waitSignal("never") end,
            function() S.waitUntil(function() return false end) end,
            function() S.waitSignalTimeout("never", 1) end,
            function() S.try(function() end) end,
            function() coroutine.yield() end,
        }
        local names = { "wait", "waitFrames", "waitSignal", "waitUntil", "waitSignalTimeout", "try", "coroutine.yield" }
        local afterward
        local p = S.runProcess(function()
            for i = 1, #forms do
                S.onCleanup(forms[i])
            end
            S.onCleanup(function()
                S.runProcess(function() afterward = S.waitSeconds(1) end)
            end)
            S.waitSeconds(5)
        end)
        hostTicks(1)
        p:cancel()
        local errors = harness.takeErrors()
        assert.are.equal(#forms, #errors)
        for i = 1, #forms do -- cleanups run last registered first
            local line = errors[#forms + 1 - i].message:match("^[^\n]*")
            assert.matches("^cleanup failed: spec/refused_waits_spec.lua:%d+: " .. names[i]:gsub("%.", "%%.")
                .. "%(%) inside an onCleanup handler", line)
        end
        hostTicks(70)
        assert.is_true(afterward >= 1 - 1e-9 and afterward <= 1 + 2 * DT, tostring(afterward))
        assert.are.equal(0, S.liveProcessCount())
    end)
end)
