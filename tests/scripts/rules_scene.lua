-- The scheduler's rules, one at a time, for a test whose expected lines were
-- worked out by hand from docs/API.md: tests/golden/rules_scene_expected.txt
-- (its header derives each time). Every part starts on a quarter second of the
-- scene's clock, so the parts' lines never share a moment by accident.
SCENES = { { name = "rules", title = "The scheduler's rules, one at a time" } }

-- Starts fn as a process named "rules/NAME": the expected transcript keeps the
-- ends of these processes only. The name is given before fn runs, so a
-- process that ends without ever waiting is reported by name too.
local function spawn(name, fn)
    return runProcess(function()
        currentProcess():setName("rules/" .. name)
        return fn()
    end)
end

-- Several waiters on one signal: each wakes with the signal's values, in the
-- order they began waiting; then each sleeps a quarter second, so they also
-- end in that order (timers due in the same millisecond).
local function waitForTheBell(name)
    spawn(name, function()
        local sound, times = waitSignal("bell")
        print(name .. " heard " .. sound .. " " .. times)
        wait(0.25)
    end)
end

-- A process in a group of its own, for pausing: it sleeps 3.5 s of its
-- group's time and says how much group time passed.
local function startClockwork()
    local clockwork = newGroup("clockwork")
    clockwork:run(function()
        currentProcess():setName("rules/clockwork")
        local elapsed = wait(3.5)
        print(string.format("clockwork rang after %.2f s of its own time", elapsed))
    end)
    return clockwork
end

-- A parent, its child and its grandchild, each with a cleanup, all asleep far
-- longer than the scene lasts unless cancelled.
local function startFamily()
    local family = {}
    family.parent = spawn("parent", function()
        onCleanup(function() print("parent cleanup") end)
        family.child = spawn("child", function()
            onCleanup(function() print("child cleanup") end)
            family.grandchild = spawn("grandchild", function()
                onCleanup(function() print("grandchild cleanup") end)
                wait(10)
                print("grandchild was never cancelled")
            end)
            wait(10)
        end)
        wait(10)
    end)
    return family
end

function rules()
    -- 0.00: three waiters on the bell; the clockwork starts its 3.5 s.
    for _, name in ipairs({ "ann", "ben", "cal" }) do
        waitForTheBell(name)
    end
    local clockwork = startClockwork()
    wait(0.5)

    -- 0.50: one signal wakes all three.
    print("bell woke " .. signal("bell", "ding", 2))
    wait(0.5)

    -- 1.00: an early waiter on the door; 1.50: the door is latched.
    spawn("early", function() print("early got " .. waitSignal("door")) end)
    wait(0.5)
    latch("door", "open")
    wait(0.5)

    -- 2.00: a late waiter passes the latch at once; two waiters on an answer,
    -- one giving up after 0.25 s, one after 1 s; 2.50: the answer comes.
    spawn("late", function() print("late got " .. waitSignal("door")) end)
    spawn("patient", function()
        local answered, answer = waitSignalTimeout("answer", 1)
        print("patient got " .. tostring(answered) .. " " .. tostring(answer))
    end)
    spawn("impatient", function()
        local answered = waitSignalTimeout("answer", 0.25)
        print("impatient got " .. tostring(answered))
    end)
    wait(0.5)
    signal("answer", "yes")
    wait(0.5)

    -- 3.00 to 4.00: the clockwork's group is paused for a second.
    clockwork:pause()
    print("clockwork paused")
    wait(1)
    clockwork:resume()
    print("clockwork resumed")
    wait(1)

    -- 5.00: a family of three; 5.50: the parent is cancelled.
    local family = startFamily()
    wait(0.5)
    family.parent:cancel()
    print("statuses " .. family.parent:status() .. " " .. family.child:status() .. " " .. family.grandchild:status())
end
