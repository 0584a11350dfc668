-- Loud hangs: a wait that can never end is certain as soon as it is knowable,
-- not only when every process is blocked. The scene's text says which signal
-- names can be sent (scripts/wait/senders.lua); a paused group nobody can
-- resume holds its processes for ever.
local harness = dofile("spec/helpers/scheduler.lua")
local reader = dofile("scripts/SceneSource.lua")
local api = dofile("scripts/ApiDescription.lua")

describe("hangs", function()
    local S
    before_each(function()
        S = harness.load()
    end)

    -- What the host does at load: the one reader's facts, given to the scheduler.
    local function readSource(text)
        S.setSendableSignals(reader.read(text, api).sendable)
    end

    local function ticks(n)
        harness.ticks(n)
    end

    -- Another process that runs for a long while: the scene is not blocked.
    local function ambient()
        S.runProcess(function()
            for _ = 1, 100 do
                S.waitSeconds(0.5)
            end
        end):setName("ambient")
    end

    local function entryFor(name)
        for _, e in ipairs(S.findDeadlocks()) do
            if e.name == name then
                return e
            end
        end
        return nil
    end

    describe("a signal no line of the scene sends", function()
        it("is a certain hang while others still run, with the name the text sends", function()
            readSource([[
                function opening()
                    runProcess(function() wait(3) signal("door-open") end)
                    waitSignal("door-opne")
                end
            ]])
            ambient()
            S.runProcess(function() S.waitSignal("door-opne") end):setName("opening")
            ticks(1)
            local e = entryFor("opening")
            assert.is_truthy(e)
            assert.is_true(e.certain)
            assert.is_true(e.unsendable)
            assert.is_nil(e.nothingRuns)
            assert.are.equal("door-open", e.hint)
            assert.matches('opening is stuck waiting on signal door%-opne %(never sent; did you mean "door%-open"%?%)',
                e.line)
        end)

        it("says no line sends it when no name is close", function()
            readSource('signal("x")')
            ambient()
            S.runProcess(function() S.waitSignal("the-curtain-rises") end):setName("opening")
            ticks(1)
            assert.matches("opening is stuck waiting on signal the%-curtain%-rises %(no line of the scene sends it%)",
                entryFor("opening").line)
        end)

        it("stays a doubt when the text sends it, or when nothing was read", function()
            readSource('latch "bell" walkToPointAndSignal(a, "x", p)')
            ambient()
            S.runProcess(function() S.waitSignal("bell") end):setName("bell waiter")
            ticks(1)
            assert.is_false(entryFor("bell waiter").certain)
            S.setSendableSignals(nil)
            S.runProcess(function() S.waitSignal("nobody") end):setName("no text")
            ticks(1)
            assert.is_false(entryFor("no text").certain)
        end)

        it("counts a line's {signal=NAME} markup as sending NAME", function()
            readSource('dialogue("ines", "Pell{signal=pell-hears} said...")')
            ambient()
            S.runProcess(function() S.waitSignal("pell-hears") end):setName("pell")
            S.runProcess(function() S.waitSignal("pell-hear") end):setName("typo")
            ticks(1)
            assert.is_false(entryFor("pell").certain)
            assert.is_true(entryFor("typo").certain)
        end)

        it("reads the name of a sender the stage library adds from its own argument", function()
            readSource('walkToPointAndSignal("jackie", "jackie-arrived", "forest.stop")')
            ambient()
            S.runProcess(function() S.waitSignal("jackie-arrived") end):setName("right")
            S.runProcess(function() S.waitSignal("jackie") end):setName("actor, not signal")
            ticks(1)
            assert.is_false(entryFor("right").certain)
            assert.is_true(entryFor("actor, not signal").certain)
        end)

        for _, case in ipairs({
            { "a computed name with no literal end", 'signal(prefix .. i)' },
            { "a concatenation inside and/or", 'signal(x and "a" .. y or z)' },
            { "a concatenation then and", 'signal("never" .. y and z)' },
            { "a name in a variable", "signal(name)" },
            { "the sender stored", "local send = latch" },
            { "the sender looked up by its name", 'rawget(_G, "signal")("x")' },
        }) do
            it("knows nothing when the text holds " .. case[1], function()
                readSource(case[2])
                ambient()
                S.runProcess(function() S.waitSignal("never") end):setName("waiter")
                ticks(1)
                assert.is_false(entryFor("waiter").certain)
            end)
        end

        it("knows the literal ends of a built name", function()
            readSource('latch(actor .. "-at-meeting") signal("door-" .. n .. "-open") signal("a" .. "b")')
            ambient()
            local function certain(name)
                S.runProcess(function() S.waitSignal(name) end):setName(name)
                ticks(1)
                return entryFor(name) ~= nil and entryFor(name).certain
            end
            assert.is_false(certain("jackie-at-meeting"))
            assert.is_false(certain("door-3-open"))
            assert.is_false(certain("ab"))
            assert.is_true(certain("jackie-at-meting"))
            assert.is_true(certain("door-3-opne"))
            assert.is_true(certain("door-open")) -- too short to hold both ends
        end)

        it("reads escapes and long strings as Lua does", function()
            readSource('signal("a\\65") latch([[door]]) signal("b" .. [==[c]==])')
            ambient()
            for _, name in ipairs({ "aA", "door", "bc" }) do
                S.runProcess(function() S.waitSignal(name) end):setName(name)
            end
            S.runProcess(function() S.waitSignal("a\\65") end):setName("as written")
            ticks(1)
            assert.is_false(entryFor("aA").certain)
            assert.is_false(entryFor("door").certain)
            assert.is_false(entryFor("bc").certain)
            assert.is_true(entryFor("as written").certain)
        end)

        it("reads past comments and strings that mention a sender", function()
            readSource([==[
                -- signal the door later
                --[[ latch
                     it ]]
                local s = "signal"  .. ""
                signal('door')
            ]==])
            -- "signal" as a string is a lookup by name: nothing is known
            ambient()
            S.runProcess(function() S.waitSignal("never") end):setName("waiter")
            ticks(1)
            assert.is_false(entryFor("waiter").certain)
            readSource("-- signal the door later\n--[[ latch\n it ]]\nsignal('door')")
            assert.is_true(entryFor("waiter").certain)
        end)

        it("is no hang once the name has been sent (whoever sent it may again)", function()
            readSource("")
            ambient()
            S.runProcess(function() S.signal("door") end)
            S.runProcess(function() S.waitSignal("door") end):setName("waiter")
            ticks(1)
            assert.is_nil(entryFor("waiter"))
        end)

        it("makes a join on its waiter a certain hang too", function()
            readSource("")
            ambient()
            local waiter = S.runProcess(function() S.waitSignal("never") end):setName("waiter")
            S.runProcess(function() S.waitProcess(waiter) end):setName("joiner")
            ticks(1)
            assert.is_true(entryFor("joiner").certain)
        end)
    end)

    describe("the host's hang flag", function()
        it("is raised by a wait on a name no line sends and by a pause, not by other waits", function()
            local raised = 0
            S.setHangListener(function() raised = raised + 1 end)
            readSource('signal("door")')
            S.runProcess(function() S.waitSignal("door") end)
            S.runProcess(function() S.waitSeconds(1) end)
            assert.are.equal(0, raised)
            S.runProcess(function() S.waitSignal("dor") end)
            assert.are.equal(1, raised)
            S.newGroup("g"):pause()
            assert.are.equal(2, raised)
            S.setHangListener(nil)
            S.runProcess(function() S.waitSignal("dor") end)
            assert.are.equal(2, raised)
        end)
    end)

    describe("a paused group", function()
        it("paused root group: nothing runs, so nobody can resume it", function()
            S.runProcess(function()
                S.waitSeconds(1)
                print("never")
            end):setName("sleeper")
            S.runProcess(function() S.rootGroup():pause() end)
            ticks(1)
            local e = entryFor("sleeper")
            assert.is_truthy(e)
            assert.is_true(e.certain and e.nothingRuns)
            assert.matches("in the paused group", e.line)
        end)

        it("holds its processes for ever once nothing outside it can run", function()
            local g = S.newGroup("cutaway")
            g:run(function() S.waitSeconds(1) end):setName("held")
            g:pause()
            S.runProcess(function() S.waitSignal("go") end):setName("waiter")
            ticks(1)
            local e = entryFor("held")
            assert.is_truthy(e)
            assert.is_true(e.certain and e.nothingRuns)
            assert.matches("held is stuck waiting on seconds 1%.0 s in the paused group cutaway", e.line)
        end)

        it("is no hang while a process outside it runs and may resume it", function()
            local g = S.newGroup("cutaway")
            g:run(function() S.waitSeconds(1) end):setName("held")
            g:pause()
            S.runProcess(function()
                S.waitSeconds(2)
                g:resume()
            end)
            ticks(1)
            assert.is_nil(entryFor("held"))
        end)
    end)

    -- The report against a model of its definition, over generated wait
    -- graphs: a process can still end when it runs on a timer, waits on a
    -- signal the text sends (while something runs), or joins processes of
    -- which every live one (waitAll) or some live one (waitAny) can still end.
    -- Stuck is the rest, all of them when nothing runs; the report must list
    -- exactly those as certain, naming what each waits on.
    describe("over generated wait graphs", function()
        local Gen = dofile("spec/helpers/generate.lua")

        it("a wait is unsendable exactly when no literal and no built shape of the text can make its name",
            function()
                local pieces = { "door", "-", "open", "a", "", "3" }
                for seed = 1, 150 do
                    S = harness.load()
                    local gen = Gen.new(seed)
                    local function word()
                        return gen:pick(pieces) .. gen:pick(pieces)
                    end
                    local lines, exact, shapes = {}, {}, {}
                    for _ = 1, gen:int(1, 4) do
                        local form, a, b = gen:int(1, 4), word(), word()
                        if form == 1 then
                            lines[#lines + 1] = string.format("signal(%q)", a)
                            exact[a] = true
                        elseif form == 2 then
                            lines[#lines + 1] = string.format("signal(%q .. n)", a)
                            shapes[#shapes + 1] = { a, "" }
                        elseif form == 3 then
                            lines[#lines + 1] = string.format("signal(n .. %q)", b)
                            shapes[#shapes + 1] = { "", b }
                        else
                            lines[#lines + 1] = string.format("signal(%q .. n .. %q)", a, b)
                            shapes[#shapes + 1] = { a, b }
                        end
                    end
                    readSource("local n = 1\n" .. table.concat(lines, "\n"))
                    ambient()
                    local name = word() .. word()
                    if name == "" then
                        name = "door"
                    end
                    S.runProcess(function() S.waitSignal(name) end):setName("waiter")
                    ticks(1)
                    local sendable = exact[name] == true
                    for _, shape in ipairs(shapes) do
                        local prefix, suffix = shape[1], shape[2]
                        sendable = sendable or (#name >= #prefix + #suffix and name:sub(1, #prefix) == prefix
                            and name:sub(#name - #suffix + 1) == suffix)
                    end
                    local e = entryFor("waiter")
                    assert.are.equal(not sendable, e ~= nil and e.unsendable == true,
                        "seed " .. seed .. ": " .. name .. " after " .. table.concat(lines, "; "))
                    S.cancelAll()
                end
            end)

        it("lists as stuck exactly the processes that the model says can never end", function()
            for seed = 1, 150 do
                S = harness.load()
                local gen = Gen.new(seed)
                S.setSendableSignals({ exact = { sent = true }, shapes = {} })
                local n = gen:int(2, 7)
                local plan, handles = {}, {}
                for i = 1, n do
                    local kind = gen:pick({ "timer", "sendable", "unsendable", "all", "any" })
                    plan[i] = { kind = kind, targets = {} }
                    if kind == "all" or kind == "any" then
                        for _ = 1, gen:int(1, 3) do
                            local t = gen:int(1, n)
                            if t ~= i then
                                plan[i].targets[#plan[i].targets + 1] = t
                            end
                        end
                        if #plan[i].targets == 0 then
                            plan[i].kind = "timer"
                        end
                    end
                end
                -- Processes start waiting in order; a join's targets are all started first.
                for i = 1, n do
                    local step = plan[i]
                    handles[i] = S.runProcess(function()
                        S.waitFrames(1)
                        if step.kind == "timer" then
                            S.waitSeconds(1000)
                        elseif step.kind == "sendable" then
                            S.waitSignal("sent")
                        elseif step.kind == "unsendable" then
                            S.waitSignal("never")
                        else
                            local joined = {}
                            for k, t in ipairs(step.targets) do
                                joined[k] = handles[t]
                            end
                            if step.kind == "all" then
                                S.waitAll(unpack(joined))
                            else
                                S.waitAny(unpack(joined))
                            end
                        end
                    end):setName("p" .. i)
                end
                harness.ticks(3)
                -- The model: the least set of processes that can still end.
                local runs = false
                for i = 1, n do
                    runs = runs or plan[i].kind == "timer"
                end
                local canEnd, changed = {}, true
                while runs and changed do
                    changed = false
                    for i = 1, n do
                        local step, ends = plan[i], false
                        if step.kind == "timer" or step.kind == "sendable" then
                            ends = true
                        elseif step.kind == "all" then
                            ends = true
                            for _, t in ipairs(step.targets) do
                                ends = ends and canEnd[t] == true
                            end
                        elseif step.kind == "any" then
                            for _, t in ipairs(step.targets) do
                                ends = ends or canEnd[t] == true
                            end
                        end
                        if ends and not canEnd[i] then
                            canEnd[i], changed = true, true
                        end
                    end
                end
                local reported = {}
                for _, e in ipairs(S.findDeadlocks()) do
                    if e.certain then
                        reported[e.name] = e.waitingOn
                    end
                end
                local context = "seed " .. seed .. ":"
                for i = 1, n do
                    context = context .. " p" .. i .. "=" .. plan[i].kind .. "(" .. table.concat(plan[i].targets, ",")
                        .. ")"
                end
                for i = 1, n do
                    local stuck = not canEnd[i]
                    assert.are.equal(stuck, reported["p" .. i] ~= nil, context .. "; p" .. i)
                end
                S.cancelAll()
            end
        end)
    end)
end)
