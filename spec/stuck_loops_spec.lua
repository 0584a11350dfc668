-- --check's loops that never wait (issue 59): a loop whose way out can change only through questions
-- (isWalking, isLatched, distance...) that answer the same until it waits, and whose body has no call that can
-- wait, is found as a loop that polls without waiting:
--   while steps < 3 do if isWalking("child") then steps = steps + 1 end end
-- Which calls wait comes from scripts/ApiDescription.lua (`waits`), the script's own functions (followed), Lua's
-- standard library (never, but for what it is given to call) and anything else (it may). Each case is also
-- played: the scene in a coroutine, every question answering "no" (and counting: past PASSES it is stuck),
-- every wait and every unknown function yielding. A loop found is one that play finds stuck; one not found
-- yields, or ends.

local reader = dofile("scripts/SceneSource.lua")
local api = dofile("scripts/ApiDescription.lua")
local checker = loadfile("scripts/CheckSupport.lua")(reader)

local load51 = loadstring or load
local PATH = "s.lua"
local PASSES = 1000
local FINDING = "this loop never waits on any path, so what it asks %s() cannot change while it runs: it freezes "
    .. "the game until the watchdog stops it (wait in it, or use waitUntil)"

-- The script around a scene function: a helper that never waits, one that does, an iterator that does and a
-- helper that uses it, a list to sort.
local HELPERS = [[
local list = { 3, 1, 2 }
local function note()
    print("step")
end
local function pause()
    wait(0.1)
end
local function ticks() -- an iterator that waits before each step
    local n = 0
    return function()
        wait(0.1)
        n = n + 1
        return n <= 2 and n or nil
    end
end
local function drain()
    for _ in ticks() do
    end
end
]]

-- The never-waits findings of --check for a scene whose function is `scene` (text after "s.lua:").
local function stuckFindings(source)
    local findings = checker.check(reader.read(source, api), PATH, { api = api, globals = {}, functions = { "scene" },
        scenes = { "scene" }, closest = function() return nil end })
    local out = {}
    for _, f in ipairs(findings) do
        if f:find("never waits", 1, true) then
            out[#out + 1] = f:sub(#PATH + 2)
        end
    end
    return out
end

-- How play ends the scene with `argument`: "stuck" (a question asked PASSES times with no wait between),
-- "waits" (it yielded) or "ends".
local function play(source, argument)
    local asked = 0
    local function question(answer)
        return function()
            asked = asked + 1
            if asked > PASSES then
                error("stuck", 0)
            end
            return answer
        end
    end
    local waits = function()
        coroutine.yield()
        asked = 0
    end
    -- the sandbox's pcall is the scheduler's: a wait inside it waits, on both VMs (docs/API.md)
    local function pcallAcrossWaits(fn, ...)
        local co = coroutine.create(fn)
        local results = { coroutine.resume(co, ...) }
        while coroutine.status(co) == "suspended" do
            coroutine.yield()
            results = { coroutine.resume(co) }
        end
        return unpack(results)
    end
    local quiet = function() end
    local env = { isWalking = question(false), isLatched = question(false), distance = question(100),
        print = quiet, say = quiet, face = quiet, ease = function() return 0.5 end, flags = {},
        string = string, math = math, table = table, ipairs = ipairs, tostring = tostring,
        pcall = pcallAcrossWaits,
        runForScene = function(fn) fn() end, coroutine = { yield = waits }, -- (it starts fn at once)
        wait = waits, waitSignal = waits, walkTo = waits, dialogue = waits, mystery = waits,
        shared = { helper = waits }, obj = { step = waits } }
    local chunk = assert(load51(source))
    setfenv(chunk, env)
    chunk()
    local co = coroutine.create(env.scene)
    local ok, message = coroutine.resume(co, argument)
    if not ok and tostring(message):find("attempt to yield across", 1, true) then
        return "waits" -- (PUC Lua 5.1 cannot yield from a for's iterator: the wait fails there, it never freezes)
    elseif not ok then
        assert(message == "stuck", message)
        return "stuck"
    end
    return coroutine.status(co) == "suspended" and "waits" or "ends"
end

-- Loops that poll: each with BODY where more statements go (outside the question's guard).
local SHAPES = {
    { question = "isWalking", source = [[
function scene()
    local steps = 0
    while steps < 3 do
        BODY
        if isWalking("child") then
            steps = steps + 1
        end
    end
end
]] },
    { question = "isWalking", source = [[
function scene()
    local steps = 0
    while true do
        if isWalking("child") then
            steps = steps + 1
        end
        BODY
        if steps >= 3 then
            break
        end
    end
end
]] },
    { question = "distance", source = [[
function scene()
    local near = false
    repeat
        BODY
        if distance("child", "forest.stop") < 5 then
            near = true
        end
    until near
end
]] },
}

-- Statements that never wait, and statements that can (or may: a function no source tells).
local QUIET = { 'print("step")', 'say("child", "Hi.")', 'face("child", "up")', 'local s = string.format("%d", 1)',
    "local n = math.floor(1.5)", "local t = tostring(list)", "local met = flags.met", "note()", "pcall(note)",
    "table.sort(list, function(a, b) return a < b end)", 'local rang = isLatched("bell")',
    'local e = ease("linear", 0.5)', "for _, v in ipairs(list) do print(v) end" }
local WAITING = { "wait(0)", 'waitSignal("bell")', 'walkTo("child", "forest.stop")', 'dialogue("child", "Hi.")',
    "pause()", "pcall(pause)", "coroutine.yield()", "mystery()", "shared.helper()", "obj:step()",
    "for _ in ticks() do end", "drain()" }

local function sourceOf(shape, body)
    return HELPERS .. shape.source:gsub("BODY", table.concat(body, "\n        "))
end

-- The line of the loop in a shape's source.
local function loopLine(source)
    local n = 0
    for line in (source .. "\n"):gmatch("(.-)\n") do
        n = n + 1
        if line:match("^%s*while") or line:match("^%s*repeat") then
            return n
        end
    end
end

describe("a loop that polls a question and never waits", function()
    it("is found where the issue met it, at its line, in the never-waiting loop's words", function()
        local source = HELPERS .. 'function scene()\n    local steps = 0\n'
            .. '    while steps < 3 do if isWalking("child") then steps = steps + 1 end end\nend\n'
        assert.are.same({ loopLine(source) .. ": " .. FINDING:format("isWalking") }, stuckFindings(source))
        assert.are.equal("stuck", play(source))
    end)

    it("is not found once it can wait: a wait, a scene function that waits, a waiting stage call, an unknown call",
        function()
            for _, call in ipairs({ "wait(0)", "pause()", 'walkTo("child", "forest.stop")', "mystery()" }) do
                local source = HELPERS .. 'function scene()\n    local steps = 0\n    while steps < 3 do ' .. call
                    .. ' if isWalking("child") then steps = steps + 1 end end\nend\n'
                assert.are.same({}, stuckFindings(source), call)
                assert.are.equal("waits", play(source), call)
            end
        end)

    it("is found exactly when no statement of its body can wait, in every combination, as play finds it stuck",
        function()
            local items = {}
            for _, s in ipairs(QUIET) do
                items[#items + 1] = { s, waits = false }
            end
            for _, s in ipairs(WAITING) do
                items[#items + 1] = { s, waits = true }
            end
            local bodies = {}
            for i, a in ipairs(items) do
                bodies[#bodies + 1] = { a }
                for j = i + 1, #items do
                    bodies[#bodies + 1] = { a, items[j] }
                end
            end
            for _, shape in ipairs(SHAPES) do
                for _, body in ipairs(bodies) do
                    local statements, waits = {}, false
                    for k, item in ipairs(body) do
                        statements[k], waits = item[1], waits or item.waits
                    end
                    local source = sourceOf(shape, statements)
                    local expected = {}
                    if not waits then
                        expected[1] = loopLine(source) .. ": " .. FINDING:format(shape.question)
                    end
                    assert.are.same(expected, stuckFindings(source), source)
                    assert.are.equal(waits and "waits" or "stuck", play(source), source)
                end
            end
        end)

    it("counts a parameter as any function, even one named like a helper that never waits", function()
        local source = HELPERS .. 'function scene(note)\n    local steps = 0\n'
            .. '    while steps < 3 do note() if isWalking("child") then steps = steps + 1 end end\nend\n'
        assert.are.same({}, stuckFindings(source))
        assert.are.equal("waits", play(source, coroutine.yield))
    end)

    it("still finds a question asked in the condition with an argument only running tells", function()
        local source = 'local names = { "bell" }\nfunction scene()\n    while not isLatched(names[1]) do end\nend\n'
        assert.are.same({ "3: " .. FINDING:format("isLatched") }, stuckFindings(source))
        assert.are.equal("stuck", play(source))
    end)
end)

describe("a loop whose way out changes otherwise is not found", function()
    -- each ends in play with every question answering "no": no finding may be made of it
    local CORRECT = {
        { "a counter stepped on every pass", [[
    while steps < 3 do
        if isWalking("child") then
            steps = steps + 2
        end
        steps = steps + 1
    end]] },
        { "a search that moves on", [[
    local i, found = 1, nil
    while not found and i <= 3 do
        if isWalking("child") then
            found = i
        end
        i = i + 1
    end]] },
        { "a helper of the scene that steps the counter", [[
    local function bump()
        steps = steps + 1
    end
    while steps < 3 do
        if isWalking("child") then
            steps = steps + 1
        end
        bump()
    end]] },
        { "a function given to pcall that steps it", [[
    while steps < 3 do
        if isWalking("child") then
            steps = steps + 1
        end
        pcall(function() steps = steps + 1 end)
    end]] },
        { "a process that sets it as it starts", [[
    while steps < 3 do
        if isWalking("child") then
            steps = steps + 1
        end
        runForScene(function() steps = 3 end)
    end]] },
        { "a way out that counts tries", [[
    local tries = 0
    while steps < 3 do
        if isWalking("child") then
            steps = steps + 1
        end
        if tries > 5 then
            break
        end
        tries = tries + 1
    end]] },
        { "a multiple assignment", [[
    local other = 0
    while steps < 3 do
        if isWalking("child") then
            other = other + 1
        end
        other, steps = 1, steps + 1
    end]] },
    }
    for _, case in ipairs(CORRECT) do
        it(case[1], function()
            local source = HELPERS .. "function scene()\n    local steps = 0\n" .. case[2] .. "\nend\n"
            assert.are.same({}, stuckFindings(source), source)
            assert.are.equal("ends", play(source), source)
        end)
    end
end)
