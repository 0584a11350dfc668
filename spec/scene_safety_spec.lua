-- Specs for what WaitSupport gives the scene sandbox: pcall and xpcall that
-- wait on both VMs, a coroutine library that cannot reach the scheduler's
-- coroutines, handles that cannot be tampered with, and error reports at the
-- author's line. Run under lua5.1 and luajit like wait_support_spec.lua.

local harness = dofile("spec/helpers/scheduler.lua")
local ticks = harness.ticks
local S

describe("scene safety", function()
    before_each(function()
        S = harness.load()
    end)

    describe("pcall and xpcall", function()
        it("a wait inside pcall waits and the results come back", function()
            local got
            S.runProcess(function()
                got = { S.pcall(function(a, b)
                    S.waitSeconds(1)
                    return a + b, "done"
                end, 2, 3) }
            end)
            assert.is_nil(got)
            ticks(61)
            assert.are.same({ true, 5, "done" }, got)
        end)

        it("an error after a wait inside pcall is caught with the author's location", function()
            local ok, err
            S.runProcess(function()
                ok, err = S.pcall(function()
                    S.waitFrames(2)
                    error("broke")
                end)
            end)
            ticks(3)
            assert.is_false(ok)
            assert.matches("scene_safety_spec.lua:%d+: broke", err)
            assert.are.same({}, harness.takeErrors())
        end)

        it("xpcall hands the error to the handler and returns what it returns", function()
            local result
            S.runProcess(function()
                result = { S.xpcall(function()
                    S.waitFrames(1)
                    error({ code = 7 })
                end, function(e) return "handled " .. e.code end) }
            end)
            ticks(2)
            assert.are.same({ false, "handled 7" }, result)
        end)

        it("pcall does not catch a kill the host is carrying out", function()
            local killing = false
            S.setKillCheck(function() return killing end)
            local afterPcall = false
            S.runProcess(function()
                S.waitFrames(1)
                S.pcall(function()
                    killing = true
                    error("watchdog: stopped")
                end)
                afterPcall = true
            end)
            ticks(1)
            assert.is_false(afterPcall)
            local errors = harness.takeErrors()
            assert.are.equal(1, #errors)
            assert.matches("watchdog: stopped", errors[1].message)
        end)
    end)

    describe("the scene's coroutine library", function()
        it("refuses to resume a coroutine the scheduler owns", function()
            local lib = S.sceneCoroutineLibrary()
            local co
            S.runProcess(function()
                co = coroutine.running()
                S.waitSeconds(5)
            end)
            assert.has_error(function() lib.resume(co) end)
            local ok, err = pcall(lib.resume, co)
            assert.is_false(ok)
            assert.matches("belongs to process", err)
            assert.are.equal(1, S.liveProcessCount())
        end)

        it("bounds how deep coroutines resume one another", function()
            local lib = S.sceneCoroutineLibrary()
            local function dive()
                lib.wrap(dive)()
            end
            local ok, err = pcall(dive)
            assert.is_false(ok)
            assert.matches("64 deep", err)
        end)

        it("a process that starts itself stops with a clear error", function()
            local function boom()
                S.runProcess(boom)
            end
            S.runProcess(boom)
            local errors = harness.takeErrors()
            assert.are.equal(1, #errors) -- the innermost; the 63 around it end normally
            assert.matches("processes started inside one another 64 deep", errors[1].message)
        end)
    end)

    describe("handles", function()
        it("keep the class tables and the records out of reach", function()
            local p = S.runProcess(function() S.waitSeconds(1) end)
            assert.are.equal("Process", getmetatable(p))
            -- An opaque userdata: no slot of the record can be read through it.
            assert.are.equal("userdata", type(p))
            for key = 1, 24 do
                assert.is_nil(p[key])
            end
            assert.is_nil(p.co)
            assert.has_error(function() rawget(p, 1) end)
            assert.has_error(function() getfenv(p) end)
            assert.has_error(function() setmetatable(p, {}) end)
            assert.has_error(function() p.cancel = print end)
            assert.are.equal("Group", getmetatable(S.rootGroup()))
            assert.is_nil(next(S.rootGroup()))
        end)

        it("a handle is the same object for the life of its process", function()
            local p
            local seen = {}
            p = S.runProcess(function()
                S.waitFrames(1)
                seen[1] = S.currentProcess()
                S.waitFrames(1)
                seen[2] = S.currentProcess()
            end)
            ticks(2)
            assert.are.equal(p, seen[1])
            assert.are.equal(p, seen[2])
            assert.are.equal("done", p:status())
        end)
    end)

    describe("error reports", function()
        it("an error object whose __tostring raises is reported with its location", function()
            S.runProcess(function()
                error(setmetatable({}, { __tostring = function() error("no text for you") end }))
            end)
            S.runProcess(function() S.waitFrames(1) end)
            ticks(2)
            local errors = harness.takeErrors()
            assert.are.equal(1, #errors)
            assert.matches("scene_safety_spec.lua:%d+: %(error object is a table value%)", errors[1].message)
            assert.are.equal(0, S.liveProcessCount())
        end)

        it("an error raised inside a support library points at the author's line", function()
            local support = assert(loadstring("return function(x) error('bad x: ' .. tostring(x)) end",
                "@scripts/FakeSupport.lua"))()
            S.addSupportSource("@scripts/FakeSupport.lua")
            S.runProcess(function()
                support(0 / 0)
            end)
            local errors = harness.takeErrors()
            assert.are.equal(1, #errors)
            assert.matches("^[^\n]*scene_safety_spec.lua:%d+: bad x", errors[1].message)
        end)

        it("a misspelt function name suggests the one the scene can see", function()
            S.setSceneGlobals({ waitSignal = S.waitSignal })
            S.runProcess(function()
                wait_signal("x") -- luacheck: ignore 113
            end)
            local errors = harness.takeErrors()
            assert.are.equal(1, #errors)
            assert.matches("did you mean waitSignal%?", errors[1].message)
        end)

        it("an error reads the same wherever the author's code runs: the body, a cleanup, a nested process", function()
            S.setSceneGlobals({ waitSignal = S.waitSignal })
            local places = {
                body = function()
                    S.runProcess(function()
                        wait_signal("x") -- luacheck: ignore 113
                    end)
                end,
                cleanup = function()
                    local p = S.runProcess(function()
                        S.onCleanup(function()
                            wait_signal("x") -- luacheck: ignore 113
                        end)
                        S.waitSeconds(5)
                    end)
                    p:cancel()
                end,
                nested = function()
                    S.runProcess(function()
                        S.runProcess(function()
                            wait_signal("x") -- luacheck: ignore 113
                        end)
                    end)
                end,
            }
            for _, place in ipairs({ "body", "cleanup", "nested" }) do
                places[place]()
                local errors = harness.takeErrors()
                assert.are.equal(1, #errors, place)
                local first = errors[1].message:match("^[^\n]*")
                assert.matches("^[^\n]-spec/scene_safety_spec%.lua:%d+: .*wait_signal.*did you mean waitSignal%?",
                    first, nil, place)
            end
        end)
    end)
end)
