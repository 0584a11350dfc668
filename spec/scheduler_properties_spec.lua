-- Properties of the scheduler held over generated cases rather than one
-- hand-written example each (issue 45): process trees spread over groups,
-- where cancelling one group must end exactly that group's processes (and,
-- through them, their children) and leave every other one, the root group's
-- included, as it was; and joins over processes that finish, fail or are
-- cancelled at distinct generated frames, where waitAll must wake at the first
-- failure or cancel (raising, naming it) and otherwise at the last finish, and
-- waitAny at the first end of any kind. Run under lua5.1 and luajit.

local harness = dofile("spec/helpers/scheduler.lua")
local Gen = dofile("spec/helpers/generate.lua")
local ticks = harness.ticks
local S

local CASES = 60

-- Builds a random tree: top processes in random groups (the root's through
-- runProcess), each starting 0..3 children (which join its group) after a
-- few frames; some processes finish early, the rest wait long. Returns the
-- list of { handle, parent (index or nil) } once every start has happened.
local function buildTree(gen, groups)
    local nodes = {}
    local function body(depth, me)
        return function()
            S.waitFrames(gen:int(1, 2))
            if depth < 3 then
                for _ = 1, gen:int(0, 3) do
                    local index = #nodes + 1
                    nodes[index] = { parent = me }
                    nodes[index].handle = S.runProcess(body(depth + 1, index))
                end
            end
            if gen:chance(25) then
                S.waitFrames(gen:int(1, 3))
            else
                S.waitSeconds(1000)
            end
        end
    end
    for _ = 1, gen:int(1, 6) do
        local g = groups[gen:int(0, #groups)]
        local index = #nodes + 1
        nodes[index] = {}
        local fn = body(1, index)
        nodes[index].handle = g and g:run(fn) or S.runProcess(fn)
    end
    harness.ticks(12)
    return nodes
end

describe("scheduler properties over generated cases", function()
    before_each(function()
        S = harness.load()
    end)

    it("cancelling a group ends its processes and their children, and no process of another group", function()
        for seed = 1, CASES do
            S = harness.load()
            local gen = Gen.new(seed)
            local groups = {}
            for i = 1, gen:int(1, 3) do
                groups[i] = S.newGroup("g" .. i)
            end
            local nodes = buildTree(gen, groups)
            local victim = groups[gen:int(1, #groups)]
            local before = {}
            for i, n in ipairs(nodes) do
                before[i] = { alive = n.handle:isAlive(), group = n.handle:group() }
                if n.parent and before[n.parent] and before[n.parent].alive and before[i].alive then
                    -- a child started with runProcess is in its parent's group
                    assert.are.equal(before[n.parent].group, before[i].group, "seed " .. seed)
                end
            end
            victim:cancel()
            harness.ticks(1)
            for i, n in ipairs(nodes) do
                local context = string.format("seed %d, process %d (%s)", seed, i, tostring(n.handle))
                if before[i].alive and before[i].group == victim then
                    assert.are.equal("cancelled", n.handle:status(), context)
                elseif before[i].alive then
                    assert.is_true(n.handle:isAlive(), context .. " was in another group and was ended")
                else
                    assert.are.equal("done", n.handle:status(), context)
                end
            end
        end
    end)

    -- One case: k processes, each ending at its own frame (3 apart, in a
    -- random order) as done, failed or cancelled from outside.
    local function joinCase(seed, join, late)
        S = harness.load()
        local gen = Gen.new(seed)
        local k = gen:int(1, 5)
        local order = gen:shuffled(k)
        local frame = 0
        local procs, plan = {}, {}
        for i = 1, k do
            local kind = gen:pick({ "done", "done", "failed", "cancelled" })
            local at = 3 * order[i]
            plan[i] = { kind = kind, at = at }
            procs[i] = S.runProcess(function()
                S.waitFrames(kind == "cancelled" and at + 1000 or at)
                if kind == "failed" then
                    error("boom " .. i, 0)
                end
                return i
            end):setName("p" .. i)
            if kind == "cancelled" then
                S.runProcess(function()
                    S.waitFrames(at)
                    procs[i]:cancel()
                end)
            end
        end
        local woke, ok, result
        -- late: the join is called at frame 3m + 2, after the processes due by 3m have ended (at 3m or 3m + 1)
        -- and before the next are due, so some of what it waits on may have ended already.
        local joinAt = late and 3 * gen:int(0, k) + 2 or 0
        S.runProcess(function()
            if joinAt > 0 then
                S.waitFrames(joinAt)
            end
            ok, result = S.pcall(join, unpack(procs, 1, k))
            woke = frame
        end)
        for f = 1, 3 * k + 6 do
            frame = f
            harness.ticks(1)
        end
        harness.takeErrors() -- the failures are reported as well as joined
        return plan, woke, ok, result, joinAt
    end

    -- The process of a join case's plan that ends first (of any kind).
    local function firstToEnd(plan)
        local first = 1
        for i, p in ipairs(plan) do
            if p.at < plan[first].at then
                first = i
            end
        end
        return first
    end

    it("waitAll wakes at the first failure or cancel, raising and naming it, or else at the last finish", function()
        for seed = 1, CASES do
            local plan, woke, ok, result = joinCase(seed, function(...) return S.waitAll(...) end)
            local firstBad, lastDone
            for i, p in ipairs(plan) do
                if p.kind ~= "done" and (not firstBad or p.at < plan[firstBad].at) then
                    firstBad = i
                end
                if p.kind == "done" and (not lastDone or p.at > plan[lastDone].at) then
                    lastDone = i
                end
            end
            local context = "seed " .. seed
            assert.is_not_nil(woke, context .. ": waitAll never returned")
            if firstBad then
                assert.is_false(ok, context)
                assert.matches("waited-on p" .. firstBad .. " ", tostring(result), 1, true)
                assert.is_true(woke >= plan[firstBad].at and woke <= plan[firstBad].at + 1,
                    string.format("%s: woke at frame %d, the failure was at %d", context, woke, plan[firstBad].at))
            else
                assert.is_true(ok, context)
                assert.is_true(woke >= plan[lastDone].at and woke <= plan[lastDone].at + 1, context)
            end
        end
    end)

    it("waitAny wakes at the first end of any kind, raising when that one did not finish cleanly", function()
        for seed = 1, CASES do
            local plan, woke, ok, result = joinCase(seed, function(...) return S.waitAny(...) end)
            local first = firstToEnd(plan)
            local context = "seed " .. seed
            assert.is_not_nil(woke, context)
            assert.is_true(woke >= plan[first].at and woke <= plan[first].at + 1, context)
            if plan[first].kind == "done" then
                assert.is_true(ok, context .. ": " .. tostring(result))
            else
                assert.is_false(ok, context)
                assert.matches("waited-on p" .. first .. " ", tostring(result), 1, true)
            end
        end
    end)

    -- Joins called after some of their processes have ended (fresh18's survivor: every generated join
    -- above began before any of them ended). waitAll returns at once when one has already failed or been
    -- cancelled, else waits for every one still running as above, counting those already done as done;
    -- waitAny returns at once with one that has already ended, of whatever kind.
    it("a join called after some of its processes ended counts them as ended, waitAll and waitAny both", function()
        for seed = 1, CASES do
            for _, mode in ipairs({ "all", "any" }) do
                local join = mode == "all" and function(...) return S.waitAll(...) end
                    or function(...) return S.waitAny(...) end
                local plan, woke, ok, result, joinAt = joinCase(seed, join, true)
                local context = string.format("seed %d, wait%s called at frame %d", seed, mode == "all" and "All"
                    or "Any", joinAt)
                local endedBad, endedDone, firstPendingBad, lastDone = {}, {}, nil, joinAt
                for i, p in ipairs(plan) do
                    if p.at < joinAt then
                        (p.kind == "done" and endedDone or endedBad)[i] = true
                    elseif p.kind ~= "done" and (not firstPendingBad or p.at < plan[firstPendingBad].at) then
                        firstPendingBad = i
                    end
                    if p.kind == "done" and p.at > lastDone then
                        lastDone = p.at
                    end
                end
                local function named(set)
                    for i in pairs(set) do
                        if tostring(result):find("waited-on p" .. i .. " ", 1, true) then
                            return true
                        end
                    end
                    return false
                end
                local anyEnded = next(endedBad) or next(endedDone)
                local wakeAt
                if mode == "all" and next(endedBad) then
                    wakeAt = joinAt
                    assert.is_false(ok, context)
                    assert.is_true(named(endedBad), context .. ": " .. tostring(result))
                elseif mode == "all" then
                    wakeAt = firstPendingBad and plan[firstPendingBad].at or lastDone
                    assert.are.equal(firstPendingBad == nil, ok, context .. ": " .. tostring(result))
                elseif anyEnded then
                    wakeAt = joinAt
                    if ok then
                        assert.is_true(endedDone[result] or false, context .. ": returned " .. tostring(result))
                    else
                        assert.is_true(named(endedBad), context .. ": " .. tostring(result))
                    end
                else
                    local first = firstToEnd(plan)
                    wakeAt = plan[first].at
                    assert.are.equal(plan[first].kind == "done", ok, context .. ": " .. tostring(result))
                end
                assert.is_not_nil(woke, context .. ": never returned")
                assert.is_true(woke >= wakeAt and woke <= wakeAt + 1,
                    string.format("%s: woke at frame %d, not %d", context, woke, wakeAt))
            end
        end
    end)

    -- Found by tools/coverage.sh: no test woke a process while its group was
    -- paused, nor stepped the clock by a long hitch over few timers.
    it("wake-ups while a group is paused leave it waiting, then run on its next tick with their values, in order",
        function()
            for seed = 1, CASES do
                local gen = Gen.new(seed)
                local g = S.newGroup("paused " .. seed)
                local log, handles, names = {}, {}, {}
                for i = 1, gen:int(1, 6) do
                    names[i] = "s" .. gen:int(1, 3)
                    handles[i] = g:run(function()
                        local value = S.waitSignal(names[i])
                        log[#log + 1] = i .. "=" .. tostring(value)
                    end)
                end
                ticks(1)
                g:pause()
                local sent, expected = {}, {}
                for _ = 1, gen:int(1, 4) do
                    local name = "s" .. gen:int(1, 3)
                    if not sent[name] then
                        sent[name] = true
                        local value = gen:int(1, 99)
                        S.signal(name, value)
                        for i = 1, #handles do
                            if names[i] == name then
                                expected[#expected + 1] = i .. "=" .. value
                            end
                        end
                    end
                end
                ticks(gen:int(1, 5))
                local context = "seed " .. seed
                assert.are.same({}, log, context)
                for _, p in ipairs(handles) do
                    assert.are.equal("waiting", p:status(), context)
                    assert.matches("%[waiting%]$", tostring(p), nil, false)
                end
                g:resume()
                ticks(1)
                assert.are.same(expected, log, context)
            end
        end)

    it("timers wake in due order however long a step is, hitches of hours over a few timers included", function()
        for seed = 1, CASES do
            local gen = Gen.new(seed)
            local woke, due = {}, {}
            for i = 1, gen:int(1, 12) do
                due[i] = gen:int(1, 400) * (gen:chance(50) and 1 or 37)
                S.runProcess(function()
                    S.waitSeconds(due[i])
                    woke[#woke + 1] = i
                end)
            end
            local order = {}
            for i = 1, #due do
                order[i] = i
            end
            table.sort(order, function(a, b)
                if due[a] ~= due[b] then
                    return due[a] < due[b]
                end
                return a < b
            end)
            local elapsed, steps = 0, {}
            while #woke < #due and elapsed < 20000 do
                local step = gen:pick({ 1 / 60, 0.5, 7, 90, 3600 })
                steps[#steps + 1] = step
                S.wakeUpWaitingThreads(step)
                elapsed = elapsed + step
            end
            assert.are.same(order, woke, "seed " .. seed .. ": due " .. table.concat(due, " ") .. "; steps "
                .. table.concat(steps, " "))
        end
    end)

    it("a group's clock is its scale summed over the time it was not paused, idle or busy", function()
        for seed = 1, CASES do
            local gen = Gen.new(seed)
            local g = S.newGroup("clock " .. seed)
            local model, scale, paused, trail = 0, 1, false, {}
            for _ = 1, gen:int(3, 12) do
                local step = gen:int(1, 4)
                if step == 1 then
                    scale = gen:pick({ 0, 0.5, 1, 2, 3 })
                    g:setTimeScale(scale)
                    trail[#trail + 1] = "scale " .. scale
                elseif step == 2 then
                    paused = not paused
                    if paused then
                        g:pause()
                    else
                        g:resume()
                    end
                    trail[#trail + 1] = paused and "pause" or "resume"
                elseif step == 3 and gen:chance(50) then
                    g:run(function() S.waitSeconds(0.05) end)
                    trail[#trail + 1] = "run"
                end
                local n = gen:int(1, 40)
                ticks(n)
                if not paused then
                    model = model + n * harness.DT * scale
                end
                trail[#trail + 1] = n .. " ticks"
            end
            -- Read at the end only: reading the clock brings an idle group's time up to date.
            assert.is_true(math.abs(g:now() - model) <= 0.005, string.format("seed %d: now %.4f, model %.4f after %s",
                seed, g:now(), model, table.concat(trail, ", ")))
        end
    end)
end)
