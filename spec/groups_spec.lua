-- Specs for scripts/WaitSupport.lua: groups. Run from the repository root:
--   busted --lua=lua5.1 spec    and    busted --lua=luajit spec
-- Each test loads a fresh scheduler, so no state leaks between tests.

local harness = dofile("spec/helpers/scheduler.lua")
local DT = harness.DT
local ticks = harness.ticks
local S

describe("WaitSupport", function()
    before_each(function()
        S = harness.load()
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
end)
