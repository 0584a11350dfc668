-- runForScene: a process that lives for the rest of the scene. A jump (or a
-- menu choice, which jumps) cancels what its branch started, and says so in
-- the transcript; a scene-long process goes on until the story ends. These
-- specs run the real stage library (scripts/StageSupport.lua) and its story
-- runner over the real scheduler, with a stand-in for the engine's C functions
-- that keeps the transcript events the library records.
local harness = dofile("spec/helpers/scheduler.lua")

local function newStage()
    local stage = { events = {} }
    function stage.jump(target)
        stage.events[#stage.events + 1] = "jump target=" .. target
    end
    function stage.recordStageEvent(name, ...)
        local line = name
        for i = 1, select("#", ...), 2 do
            local key, value = select(i, ...)
            line = line .. " " .. key .. "=" .. value
        end
        stage.events[#stage.events + 1] = line
    end
    return stage
end

describe("runForScene", function()
    local S, stage, api, host, env

    before_each(function()
        S = harness.load()
        stage = newStage()
        api, host = dofile("scripts/StageSupport.lua")(stage, S, dofile("scripts/ApiDescription.lua"))
        env = {}
        host.setEnvironment(env)
    end)

    -- Plays story function `name` as the host does: the runner is a process of its own.
    local function playScene(name)
        return S.runProcess(host.runScene, name):setName("scene " .. name)
    end

    -- A loop that counts its rounds into `counts[key]`, one a second.
    local function counter(counts, key)
        return function()
            counts[key] = 0
            while true do
                S.wait(1)
                counts[key] = counts[key] + 1
            end
        end
    end

    local function cancelledLines()
        local lines = {}
        for _, line in ipairs(stage.events) do
            if line:find("^cancelled ") then
                lines[#lines + 1] = line
            end
        end
        return lines
    end

    it("keeps a scene-long process through a jump that cancels the branch's own", function()
        local counts = {}
        function env.street()
            api.runForScene(counter(counts, "pigeon")):setName("pigeon")
            S.runProcess(counter(counts, "branch loop")):setName("branch loop")
            S.wait(2.5)
            api.jump("market")
        end
        function env.market()
            S.wait(3)
        end
        playScene("street")
        harness.ticks(60 * 5)
        assert.are.equal(5, counts.pigeon, "the pigeon pecks on in the next branch")
        assert.are.equal(2, counts["branch loop"], "the branch's own loop stopped at the jump")
        assert.are.same({ "cancelled process=branch loop by=jump target=market" }, cancelledLines())
    end)

    it("ends with the story, and says so", function()
        local counts = {}
        function env.street()
            api.runForScene(counter(counts, "rain")):setName("rain")
            S.wait(1.5)
            api.jump("market")
        end
        function env.market()
            S.wait(1)
        end
        local scene = playScene("street")
        harness.ticks(60 * 4)
        assert.are.equal("done", scene:status())
        assert.are.equal(2, counts.rain, "it rained until the market branch returned, 2.5 s in")
        assert.are.equal(0, S.liveProcessCount(), "nothing of the scene is left running")
        assert.are.same({ "cancelled process=rain by=scene_end" }, cancelledLines())
    end)

    it("survives a jump when a process the branch started starts it", function()
        local counts = {}
        function env.street()
            S.runProcess(function()
                api.runForScene(counter(counts, "gulls")):setName("gulls")
                S.wait(100)
            end):setName("helper")
            S.wait(1.5)
            api.jump("market")
        end
        function env.market()
            S.wait(3)
        end
        playScene("street")
        harness.ticks(60 * 4)
        assert.are.equal(4, counts.gulls)
        assert.are.same({ "cancelled process=helper by=jump target=market" }, cancelledLines())
    end)

    it("runs in the group given first, with the arguments after fn", function()
        local bg = S.newGroup("bg")
        local seen
        function env.street()
            local p = api.runForScene(bg, function(a, b)
                seen = { a, b }
                S.wait(10)
            end, "x", "y")
            assert.are.equal(bg, p:group())
            bg:setTimeScale(0.5)
            S.wait(1)
            api.jump("market")
        end
        function env.market()
            S.wait(30)
        end
        playScene("street")
        harness.ticks(60 * 2)
        assert.are.same({ "x", "y" }, seen)
        bg:cancel() -- cancelled explicitly: gone at once, and no scene_end line later
        harness.ticks(60 * 30)
        assert.are.same({}, cancelledLines())
        assert.are.equal(0, S.liveProcessCount())
    end)

    it("runs in the caller's group by default", function()
        local bg, group = S.newGroup("bg"), nil
        function env.street()
            bg:run(function()
                group = api.runForScene(function() S.wait(1) end):group()
            end)
        end
        playScene("street")
        assert.are.equal(bg, group)
    end)

    it("checks parameters", function()
        local messages = {}
        function env.street()
            for _, args in ipairs({ { 42 }, { S.newGroup("bg"), "rain" }, {} }) do
                local ok, err = pcall(api.runForScene, unpack(args))
                assert.is_false(ok)
                messages[#messages + 1] = err
            end
        end
        playScene("street")
        assert.are.equal(3, #messages)
        assert.truthy(messages[1]:find("runForScene: fn must be a function (or a group, then a function). Was 42",
            1, true))
        assert.truthy(messages[2]:find('runForScene: fn must be a function. Was "rain"', 1, true))
        assert.truthy(messages[3]:find("runForScene: fn must be a function (or a group, then a function). Was nil",
            1, true))
    end)

    it("refuses to run outside a scene, naming what it needs", function()
        local ok, err = pcall(api.runForScene, function() end)
        assert.is_false(ok)
        assert.truthy(err:find("runForScene: call it inside a scene", 1, true))
        S.runProcess(function()
            local inside, message = pcall(api.runForScene, function() end)
            assert.is_false(inside)
            assert.truthy(message:find("call it inside a scene", 1, true))
        end)
    end)
end)
