-- The stage library is scripts/StageSupport.lua and a file per section in
-- scripts/stage/: an error one of those files raises names the scene's line
-- that called in, never the part's own (StageSupport.lua's isLibraryFrame
-- knows each part's chunk), on either VM. Called through pcall, as a scene
-- may, the scheduler does not move the message: the library places it.
local harness = dofile("spec/helpers/scheduler.lua")
local description = dofile("scripts/ApiDescription.lua")

-- The stage library over a stand-in engine whose functions accept anything.
local function stageLibrary(S)
    local stage = {}
    for name in pairs(description.byName) do
        stage[name] = function() end
    end
    stage.isActor = function() return false end
    local api, host = dofile("scripts/StageSupport.lua")(stage, S, description)
    host.setEnvironment({ scene = function() end })
    return api
end

describe("an error raised in a section's file of the stage library", function()
    local api

    before_each(function()
        api = stageLibrary(harness.load())
    end)

    it("names the scene's line for the story's jump (scripts/stage/story.lua)", function()
        local line = debug.getinfo(1, "l").currentline + 1 -- the next line
        local ok, message = pcall(function() api.jump("nosuch") end)
        assert.is_false(ok)
        assert.are.equal(string.format("spec/stage_parts_spec.lua:%d: jump: no story function named 'nosuch'", line),
            message)
    end)

    it("names the scene's line for show's place (scripts/stage/story.lua)", function()
        local line = debug.getinfo(1, "l").currentline + 1 -- the next line
        local ok, message = pcall(function() api.show("jackie", nil, 7) end)
        assert.is_false(ok)
        assert.are.equal(string.format(
            "spec/stage_parts_spec.lua:%d: show: at must be left, center, right or a number from 0 to 1. Was 7", line),
            message)
    end)

    it("names the scene's line for a tween's property (scripts/stage/camera.lua)", function()
        local line = debug.getinfo(1, "l").currentline + 1 -- the next line
        local ok, message = pcall(function() api.tween("camera", "level", 1, 1) end)
        assert.is_false(ok)
        assert.are.equal(string.format('spec/stage_parts_spec.lua:%d: tween: "camera" has no property "level"; '
            .. "its properties are: center, zoom", line), message)
    end)
end)

describe("the stage library's parts", function()
    it("are found beside StageSupport.lua whatever path loaded it", function()
        local S = harness.load()
        local api = dofile("./scripts/StageSupport.lua")({}, S, description)
        for _, name in ipairs({ "walkTo", "moveCamera", "jump", "playSound", "waitNear" }) do
            assert.are.equal("function", type(api[name]), name)
        end
    end)
end)
