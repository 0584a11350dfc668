-- Every wrong argument is refused alike: whichever function a scene calls (a
-- binding of the engine, a waiting form of the stage library, the
-- scheduler's own), a value its entry in scripts/ApiDescription.lua does not
-- allow is refused as "NAME: ARG must be WHAT. Was VALUE", WHAT in the
-- description's words. The rule is written again here, from the description's
-- data, and tried over generated wrong values for every argument of every
-- function; the engine's C functions are stand-ins that accept anything, so
-- what refuses is the description's check alone.
local harness = dofile("spec/helpers/scheduler.lua")
local description = dofile("scripts/ApiDescription.lua")
local types = description.types

-- A value of each type that its check lets through.
local GOOD = {
    actor = "jackie", waypoint = "forest.jackie_stop", point = "forest.jackie_stop", place = "jon", text = "hi",
    label = "hi", string = "hi", number = 1, seconds = 0.5, distance = 1, integer = 2, image = "keeper",
    sprite = "keeper", expression = "glad", signal = "s", story = "probe", chapter = "probe", module = "probe",
    facing = "down", fadeKind = "in", transition = "dissolve", voice = "door", sound = "door", musicOptions = {},
    soundOptions = {}, blipOptions = {}, lineValues = { n = 1 }, easing = "linear", tweenTarget = "camera",
    tweenProperty = "zoom", tweenValue = 2, backdrop = "keeper", character = "jackie", stagePlace = "left",
    showTransition = "dissolve", animation = "walk", boolean = true,
}

-- Values to try as each argument: every Lua kind, numbers at and past the usual edges, a misspelt word.
local TRIED = { true, false, {}, 0 / 0, math.huge, -1, 0, 0.5, 2.5, 1e9, "nope", "", "inQaud" }

local function shown(value)
    if value ~= value then
        return "nan"
    elseif type(value) == "string" then
        return string.format("%q", value)
    elseif type(value) == "number" or type(value) == "boolean" or value == nil then
        return tostring(value)
    end
    return type(value)
end

local function contains(list, value)
    for _, item in ipairs(list or {}) do
        if item == value then
            return true
        end
    end
    return false
end

-- Whether the description allows `value` for a param of `typeName` with `range`: the type's literal kinds (or
-- its metatable), its enum for a string, and for a number: finite, atLeast, above, whole, then the range.
local function allowed(typeName, range, value)
    local kind = types[typeName]
    if typeName == "any" then
        return true
    end
    if not contains(kind.literal, type(value)) then
        return kind.metatable ~= nil and getmetatable(value) == kind.metatable
    end
    if type(value) == "string" then
        return kind.enum == nil or contains(kind.enum, value)
    elseif type(value) == "number" then
        if value ~= value or ((value == math.huge or value == -math.huge) and not kind.infinite) then
            return false
        end
        if (kind.atLeast and value < kind.atLeast) or (kind.above and value <= kind.above) then
            return false
        end
        if kind.whole and value % 1 ~= 0 then
            return false
        end
        return not range or (value >= range[1] and value <= range[2])
    end
    return true
end

-- WHAT of the message: a range's bounds, an enum's choices for a string, else the type's `expects`.
local function what(typeName, range, value)
    local kind = types[typeName]
    if range then
        return string.format("a number from %.14g to %.14g", range[1], range[2])
    elseif kind.enum and (kind.expects == nil or type(value) == "string") then
        return "one of " .. table.concat(kind.enum, ", ")
    end
    return kind.expects
end

-- Every function a scene can call by name with described params, the engine's stood in for.
local function sceneFunctions(S)
    local scheduler = { processes = true, waiting = true, signals = true, groups = true, introspection = true }
    local stage = {}
    for name, entry in pairs(description.byName) do
        if not scheduler[entry.section] then
            stage[name] = function() end
        end
    end
    local api = dofile("scripts/StageSupport.lua")(stage, S, description)
    local functions = {}
    for name, entry in pairs(description.byName) do
        local fn = api[name] or S[name]
        if fn and not entry.standard and #entry.params > 0 then
            functions[#functions + 1] = { entry = entry, fn = fn }
        end
    end
    table.sort(functions, function(a, b) return a.entry.name < b.entry.name end)
    return functions, api
end

describe("every wrong argument is refused in the description's words", function()
    it("quotes at most 100 bytes of a string and guesses no choice for a long one", function()
        local S = harness.load()
        local _, api = sceneFunctions(S)
        harness.inProcess(function()
            for _, length in ipairs({ 101, 5000, 300000 }) do
                local ok, message = pcall(api.face, "jackie", string.rep("x", length))
                assert.is_false(ok)
                assert.truthy(message:find('Was "' .. string.rep("x", 100) .. '"...', 1, true), message:sub(1, 300))
                assert.is_true(#message < 400, tostring(#message))
                assert.falsy(message:find("did you mean", 1, true))
            end
            local _, message = pcall(api.face, "jackie", "dwn") -- a short one is guessed
            assert.truthy(message:find("(did you mean down?)", 1, true), message)
        end)
    end)

    it("names the first wrong field of an options table in name order, the same on both VMs", function()
        local S = harness.load()
        local _, api = sceneFunctions(S)
        harness.inProcess(function()
            local _, message = pcall(api.setBlip, "jackie", "blip", { volume = 9, pitch = 9 })
            assert.truthy(message:find("setBlip: options.pitch must be", 1, true), message)
        end)
    end)

    it("for every argument of every scene function, over generated wrong values", function()
        local S = harness.load()
        local functions, api = sceneFunctions(S)
        local refused, fieldsRefused, sections = 0, 0, {}
        harness.inProcess(function()
            local process = S.runProcess(function() end)
            local good = setmetatable({ Process = process, groupOrFunction = function() end,
                ["function"] = function() end, predicate = function() return true end }, { __index = GOOD })
            for _, f in ipairs(functions) do
                local params = f.entry.params
                for which, param in ipairs(params) do
                    if param.name ~= "..." and not param.speaker then
                        for _, value in ipairs(TRIED) do
                            if not allowed(param.type, param.range, value) then
                                local args = {}
                                for i = 1, which - 1 do
                                    args[i] = good[params[i].type]
                                    assert(args[i] ~= nil, "no good " .. params[i].type)
                                end
                                args[which] = value
                                local ok, message = pcall(f.fn, unpack(args, 1, which))
                                local call = f.entry.name .. "(... " .. shown(value) .. ")"
                                assert.is_false(ok, call .. " was not refused")
                                local expected = string.format("%s: %s must be %s. Was %s", f.entry.name,
                                    param.name, what(param.type, param.range, value), shown(value))
                                assert.truthy(tostring(message):find(expected, 1, true),
                                    call .. ": " .. tostring(message) .. "\nexpected: " .. expected)
                                refused = refused + 1
                                sections[f.entry.section] = true
                            end
                        end
                        -- an options table with one field wrong (the others left out)
                        for field, rule in pairs(types[param.type].fields or {}) do
                            for _, value in ipairs(TRIED) do
                                if not allowed(rule[1], rule.range, value) then
                                    local args = {}
                                    for i = 1, which - 1 do
                                        args[i] = good[params[i].type]
                                    end
                                    args[which] = { [field] = value }
                                    local ok, message = pcall(f.fn, unpack(args, 1, which))
                                    local expected = string.format("%s: %s.%s must be %s. Was %s", f.entry.name,
                                        param.name, field, what(rule[1], rule.range, value), shown(value))
                                    assert.is_false(ok, expected)
                                    assert.truthy(tostring(message):find(expected, 1, true),
                                        tostring(message) .. "\nexpected: " .. expected)
                                    fieldsRefused = fieldsRefused + 1
                                end
                            end
                        end
                    end
                end
            end
        end)
        -- The methods of the handles a scene holds, the same way, named CLASS:METHOD.
        local methodsRefused = 0
        harness.inProcess(function()
            local handles = { Process = S.runProcess(function() end), Group = S.newGroup("spec"),
                Sound = api.playSound("door") }
            for _, entry in ipairs(description.functions) do
                local handle = entry.of and handles[entry.of]
                for which, param in ipairs(entry.params) do
                    for _, value in ipairs(param.name ~= "..." and handle and TRIED or {}) do
                        if not allowed(param.type, param.range, value) then
                            local args = {}
                            for i = 1, which - 1 do
                                args[i] = GOOD[entry.params[i].type]
                            end
                            args[which] = value
                            local ok, message = pcall(handle[entry.name], handle, unpack(args, 1, which))
                            local expected = string.format("%s:%s: %s must be %s. Was %s", entry.of, entry.name,
                                param.name, what(param.type, param.range, value), shown(value))
                            assert.is_false(ok, expected)
                            assert.truthy(tostring(message):find(expected, 1, true),
                                tostring(message) .. "\nexpected: " .. expected)
                            methodsRefused = methodsRefused + 1
                        end
                    end
                end
            end
        end)
        assert.is_true(methodsRefused > 30, tostring(methodsRefused))
        -- every section of the description, the scheduler's included, was tried
        for _, section in ipairs({ "processes", "waiting", "signals", "groups", "stage", "camera", "story", "sound",
            "player" }) do
            assert.truthy(sections[section], section)
        end
        assert.is_true(refused > 600, tostring(refused))
        assert.is_true(fieldsRefused > 60, tostring(fieldsRefused)) -- playMusic's, playSound's and setBlip's
    end)
end)
