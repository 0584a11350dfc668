-- Specs for issue 25's rule: the scene's pcall, xpcall and coroutine library
-- keep plain Lua 5.1's results (error values untouched, levels counted as
-- plain pcall counts them), while waits inside them still wait. Each case
-- runs inside a process, as scene code does; results are asserted outside it
-- so a failed assertion fails the spec itself.

local harness = dofile("spec/helpers/scheduler.lua")
local ticks = harness.ticks
local S

-- Runs fn as a process for `frames` ticks; returns what it returned, packed.
local function inProcess(fn, frames)
    local got
    S.runProcess(function()
        local function pack(...)
            return { n = select("#", ...), ... }
        end
        got = pack(fn())
    end)
    ticks(frames or 1)
    assert.is_table(got, "the process did not finish")
    return got
end

local function lineOf(offset)
    return debug.getinfo(2, "l").currentline + offset
end

describe("faithful Lua in scenes", function()
    before_each(function()
        S = harness.load() -- the harness fails a test that leaves a process error untaken
    end)

    describe("pcall", function()
        it("returns a level-0 error exactly as raised", function()
            local got = inProcess(function() return S.pcall(error, "quiet", 0) end)
            assert.are.same({ false, "quiet", n = 2 }, got)
            got = inProcess(function() return S.pcall(function() error("quiet", 0) end) end)
            assert.are.same({ false, "quiet", n = 2 }, got)
        end)

        it("pcall() with no function raises, as the standard pcall does", function()
            local got = inProcess(function() return S.pcall(S.pcall) end)
            assert.are.equal(false, got[1])
            assert.matches("bad argument #1 to 'pcall' %(value expected%)", got[2])
        end)

        it("pcall(error, 'x') is false, 'x' (the caller of error is pcall, a C function)", function()
            assert.are.same({ false, "x", n = 2 }, inProcess(function() return S.pcall(error, "x") end))
            assert.are.same({ false, nil, n = 2 }, inProcess(function() return S.pcall(error) end))
        end)

        it("error(msg, 2) blames the line that called the failing function", function()
            local function fails() error("blame my caller", 2) end
            local line
            local got = inProcess(function()
                return S.pcall(function()
                    line = lineOf(1)
                    fails()
                end)
            end)
            assert.are.equal(false, got[1])
            assert.are.equal("spec/faithful_lua_spec.lua:" .. line .. ": blame my caller", got[2])
        end)

        it("error(msg, 2) in the protected function itself names no location, as under plain pcall", function()
            local got = inProcess(function() return S.pcall(function() error("lvl2", 2) end) end)
            assert.are.same({ false, "lvl2", n = 2 }, got)
        end)

        it("passes error objects through untouched, the same table", function()
            local object = { code = 7 }
            local got = inProcess(function() return S.pcall(function() error(object) end) end)
            assert.are.equal(false, got[1])
            assert.are.equal(object, got[2])
            got = inProcess(function() return S.pcall(error, 42, 0) end)
            assert.are.same({ false, 42, n = 2 }, got)
        end)

        it("adds no 'did you mean' to the message the script receives", function()
            local got = inProcess(function()
                return S.pcall(function() return rawget(_G, "wiat")() end)
            end)
            assert.are.equal(false, got[1])
            assert.is_nil(got[2]:find("did you mean", 1, true))
        end)

        it("still waits inside, after which the error is the raw one", function()
            local got = inProcess(function()
                return S.pcall(function()
                    S.waitFrames(2)
                    error("after the wait", 0)
                end)
            end, 3)
            assert.are.same({ false, "after the wait", n = 2 }, got)
        end)

        it("returns every result of a C function", function()
            local got = inProcess(function() return S.pcall(string.find, "hello", "(l)(l)") end)
            assert.are.same({ true, 3, 4, "l", "l", n = 5 }, got)
        end)
    end)

    describe("xpcall", function()
        it("a failing handler gives 'error in error handling'", function()
            assert.are.same({ false, "error in error handling", n = 2 },
                inProcess(function() return S.xpcall(error, error) end))
        end)

        it("returns false and the handler's first result only", function()
            local got = inProcess(function()
                return S.xpcall(function() error("a", 0) end, function(m) return m .. "!", "dropped" end)
            end)
            assert.are.same({ false, "a!", n = 2 }, got)
        end)

        it("hands the handler the error object itself", function()
            local object = {}
            local seen
            inProcess(function()
                return S.xpcall(function() error(object) end, function(e) seen = e end)
            end)
            assert.are.equal(object, seen)
        end)
    end)

    describe("coroutine.resume", function()
        it("a failure the script handles is not a process failure", function()
            local lib = S.sceneCoroutineLibrary()
            local line
            local got = inProcess(function()
                local co = lib.create(function()
                    line = lineOf(1)
                    error("inside")
                end)
                return lib.resume(co)
            end)
            assert.are.same({ false, "spec/faithful_lua_spec.lua:" .. line .. ": inside", n = 2 }, got)
            -- after_each: nothing was reported
        end)
    end)

    describe("coroutine.wrap", function()
        it("a wait inside a wrapped function is a clear error naming the call", function()
            local lib = S.sceneCoroutineLibrary()
            local got = inProcess(function()
                local f = lib.wrap(function() S.waitSeconds(1) end)
                return S.pcall(f)
            end)
            assert.are.equal(false, got[1])
            assert.matches("waitSeconds%(%) inside a function run by coroutine.wrap", got[2])
            assert.matches("runProcess", got[2])
        end)

        it("a wrapped function that only yields works as plain Lua's", function()
            local lib = S.sceneCoroutineLibrary()
            local got = inProcess(function()
                local gen = lib.wrap(function()
                    for i = 1, 3 do
                        lib.yield(i)
                    end
                end)
                return gen(), gen(), gen()
            end)
            assert.are.same({ 1, 2, 3, n = 3 }, got)
        end)
    end)

    describe("a watchdog kill", function()
        it("fails only the process it stopped; the one that started it goes on", function()
            local killing = false
            local ended = 0
            S.setKillCheck(function() return killing end, function()
                killing = false
                ended = ended + 1
            end)
            local after = false
            S.runProcess(function()
                S.runProcess(function()
                    killing = true
                    error("watchdog: stopped", 0)
                end)
                after = true
            end)
            ticks(1)
            assert.is_true(after)
            assert.are.equal(1, ended)
            local errors = harness.takeErrors()
            assert.are.equal(1, #errors)
            assert.matches("watchdog: stopped", errors[1].message)
        end)
    end)
end)
