-- Behaviours of scripts/WaitSupport.lua the mutation check
-- (tools/mutation-check.sh, docs/TESTING.md) found no other spec holding;
-- each names the mutation of tools/mutations.txt it kills. Run from the
-- repository root: busted --lua=lua5.1 spec    and    busted --lua=luajit spec

local harness = dofile("spec/helpers/scheduler.lua")
local S

describe("WaitSupport (mutation guards)", function()
    before_each(function()
        S = harness.load()
    end)

    -- Kills process-waits-for-itself: the wait would never end, and nothing
    -- would say why.
    it("a_process_that_waits_for_itself_is_refused_by_name", function()
        local ok, message = harness.inProcess(function()
            return pcall(S.waitProcess, S.currentProcess())
        end)
        assert.is_false(ok)
        assert.matches("waitProcess: a process cannot wait for itself", message, 1, true)
    end)

    it("waitAll_and_waitEnded_refuse_the_waiting_process_too", function()
        for _, wait in ipairs({ S.waitAll, S.waitEnded }) do
            local ok, message = harness.inProcess(function()
                return pcall(wait, S.currentProcess())
            end)
            assert.is_false(ok)
            assert.matches("cannot wait for itself", message, 1, true)
        end
    end)

    -- Kills latched-timeout-says-timed-out: a latch already set answers
    -- waitSignalTimeout at once, as "signalled", with the latch's values.
    it("waitSignalTimeout_on_a_set_latch_returns_true_and_its_values_at_once", function()
        S.latch("door", "open", 2)
        local signalled, first, second, elapsed = harness.inProcess(function()
            local started = S.rootGroup():now()
            local ok, a, b = S.waitSignalTimeout("door", 5)
            return ok, a, b, S.rootGroup():now() - started
        end)
        assert.is_true(signalled)
        assert.are.equal("open", first)
        assert.are.equal(2, second)
        assert.are.equal(0, elapsed)
    end)
end)
