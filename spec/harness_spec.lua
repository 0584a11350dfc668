-- Specs for the harness itself (spec/helpers/scheduler.lua): an assertion
-- that fails inside a process must fail its test. Inside a process a failing
-- assert.* is only an error raised in a coroutine; the scheduler hands it to
-- the harness's collector, and the harness's after_each fails the test when
-- the collector holds anything the test did not take.

local harness = dofile("spec/helpers/scheduler.lua")
local S

-- The command that runs busted on one file with the interpreter and the
-- busted script running this spec (arg[-1] and arg[0] under busted's own
-- runner, which re-runs itself as `<lua> <busted> --ignore-lua ...`).
local function bustedOn(file)
    local function quote(s) return "'" .. s:gsub("'", "'\\''") .. "'" end
    local args = rawget(_G, "arg")
    if args and args[0] and args[-1] then
        local first = -1
        while args[first - 1] do first = first - 1 end
        return quote(args[first]) .. " " .. quote(args[0]) .. " --ignore-lua -o TAP " .. quote(file)
    end
    return "busted --lua=" .. (rawget(_G, "jit") and "luajit" or "lua5.1") .. " -o TAP " .. quote(file)
end

local function run(command)
    local pipe = assert(io.popen(command .. " 2>&1; echo \"exit status $?\""))
    local output = pipe:read("*a")
    pipe:close()
    local status = tonumber(output:match("exit status (%d+)%s*$"))
    return output, status
end

describe("the scheduler harness", function()
    before_each(function()
        S = harness.load()
    end)

    describe("assertNoErrors, the check its after_each makes", function()
        it("raises with the collected errors in its message", function()
            local ok, err = pcall(harness.assertNoErrors, {
                { message = "spec/x_spec.lua:3: first" },
                { message = "spec/x_spec.lua:9: second" },
            }, '"a test"')
            assert.is_false(ok)
            assert.matches('2 process errors were collected in "a test" and not taken with harness.takeErrors', err)
            assert.matches("[1] no process:\n    spec/x_spec.lua:3: first", err, 1, true)
            assert.matches("[2] no process:\n    spec/x_spec.lua:9: second", err, 1, true)
        end)

        it("lists the first ten and counts the rest", function()
            local list = {}
            for i = 1, 12 do
                list[i] = { message = "error " .. i }
            end
            local _, err = pcall(harness.assertNoErrors, list)
            assert.matches("12 process errors were collected and not taken", err, 1, true)
            assert.matches("[10] no process:\n    error 10\n  ... and 2 more", err, 1, true)
            assert.is_nil(err:find("error 11", 1, true))
        end)

        it("is quiet on an empty collector", function()
            assert.has_no.errors(function() harness.assertNoErrors({}) end)
            assert.has_no.errors(function() harness.assertNoErrors() end)
        end)

        it("raises for an assertion that failed inside a process, naming the process", function()
            S.runProcess(function()
                S.waitFrames(1)
                assert.are.equal(1, 2)
            end):setName("checker")
            harness.ticks(1)
            local ok, err = pcall(harness.assertNoErrors)
            assert.is_false(ok)
            assert.matches("1 process error was collected and not taken", err, 1, true)
            assert.matches("%[1%] checker:\n    spec/harness_spec.lua:%d+: Expected objects to be equal%.", err)
            -- Taken, so this test itself passes.
            assert.are.equal(1, #harness.takeErrors())
        end)
    end)

    describe("takeErrors", function()
        it("hands over what was collected, in order, and leaves the collector empty", function()
            local first = S.runProcess(function() error("one") end)
            local second = S.runProcess(function() error("two") end)
            local taken = harness.takeErrors()
            assert.are.equal(2, #taken)
            assert.are.equal(first, taken[1].process)
            assert.matches("one", taken[1].message)
            assert.are.equal(second, taken[2].process)
            assert.matches("two", taken[2].message)
            assert.are.same({}, harness.takeErrors())
            assert.has_no.errors(function() harness.assertNoErrors() end)
        end)
    end)

    describe("inProcess", function()
        it("returns what the process returned once it has finished", function()
            local a, b = harness.inProcess(function()
                S.waitSeconds(0.5)
                return "a", "b"
            end)
            assert.are.equal("a", a)
            assert.are.equal("b", b)
        end)

        it("raises in the test what failed in the process, and takes it from the collector", function()
            local ok, err = pcall(harness.inProcess, function()
                S.waitFrames(2)
                assert.are.equal("expected", "actual")
            end)
            assert.is_false(ok)
            assert.matches("inside the process: spec/harness_spec.lua:%d+: Expected objects to be equal", err)
            assert.are.same({}, harness.takeErrors())
        end)

        it("raises when the process has not finished by the limit", function()
            local ok, err = pcall(harness.inProcess, function() S.waitSignal("never") end, 5)
            assert.is_false(ok)
            assert.matches("the process was to finish but is waiting after 5 ticks", err, 1, true)
        end)
    end)

    describe("its reach", function()
        -- The after_each comes with the harness: a spec file that made its own
        -- scheduler would have no collector, and no check.
        it("every spec file that runs processes gets its scheduler from the harness", function()
            local files = require("pl.dir").getfiles("spec", "*_spec.lua")
            assert.is_true(#files >= 7, "spec files found: " .. #files)
            for _, file in ipairs(files) do
                local handle = assert(io.open(file, "rb"))
                local text = handle:read("*a")
                handle:close()
                for loader in text:gmatch("(%a+)%s*%(?%s*[\"']scripts[/.]WaitSupport") do
                    error(file .. " loads WaitSupport itself, with " .. loader)
                end
                if text:find("runProcess", 1, true) then
                    assert.truthy(text:find('dofile("spec/helpers/scheduler.lua")', 1, true),
                        file .. " runs processes without the harness")
                end
            end
        end)
    end)

    -- The whole chain, as busted reports it: busted runs a fixture file in a
    -- subprocess, under this VM.
    describe("under busted", function()
        local output, status

        lazy_setup(function()
            output, status = run(bustedOn("spec/fixtures/process_errors.lua"))
        end)

        it("fails the run", function()
            assert.is_number(status, output)
            assert.is_true(status ~= 0, output)
            assert.matches("\n1%.%.5\n", output)
        end)

        it("fails a test whose process had an assertion fail, saying what failed", function()
            assert.matches("not ok %d+ %- after_each\n# [^\n]*\n# Failure message: [^\n]*"
                .. '1 process error was collected in "fixture fails: an assertion fails inside a process"', output)
            assert.matches("process_errors.lua:%d+: Expected objects to be equal.", output)
            assert.matches("'what the process had'", output, 1, true)
        end)

        it("fails a test whose inProcess check failed, in the test itself", function()
            assert.matches("not ok %d+ %- fixture fails: an assertion fails inside inProcess\n", output)
            assert.matches("inside the process: [^\n]*process_errors.lua:%d+: checked inside inProcess", output)
        end)

        it("passes the tests that took their errors or had none", function()
            assert.matches("\nok %d+ %- fixture passes: a process error is taken and checked\n", output)
            assert.matches("\nok %d+ %- fixture passes: no process error\n", output)
            local _, reports = output:gsub("process errors? w[a-z]+ collected", "")
            assert.are.equal(1, reports)
        end)
    end)
end)
