-- Coroutines: create, resume, yield, status, wrap, running; values passed both
-- ways; errors inside a coroutine; dead coroutines (reference manual 2.11, 5.2).

section("create and status", function()
    local co = coroutine.create(function() end)
    check("type of a coroutine", type(co), "thread")
    check("a new coroutine is suspended", coroutine.status(co), "suspended")
    checkList("resuming a body that returns nothing", pack(coroutine.resume(co)), pack(true))
    check("after its body returns it is dead", coroutine.status(co), "dead")
    check("create refuses a non-function", (pcall(coroutine.create, 42)), false)
    check("resume refuses a non-coroutine", (pcall(coroutine.resume, {})), false)
    check("status refuses a non-coroutine", (pcall(coroutine.status, "x")), false)
end)

section("values pass both ways", function()
    local log = {}
    local co = coroutine.create(function(a, b)
        log[#log + 1] = "start " .. a .. " " .. b
        local c = coroutine.yield(a + b)
        log[#log + 1] = "got " .. c
        local d, e = coroutine.yield(c * 2, "two values")
        log[#log + 1] = "got " .. d .. " " .. tostring(e)
        return "end", d + 1
    end)
    checkList("first resume: arguments become parameters", pack(coroutine.resume(co, 1, 2)), pack(true, 3))
    check("status while yielded", coroutine.status(co), "suspended")
    checkList("second resume: its argument is yield's result", pack(coroutine.resume(co, 10)),
        pack(true, 20, "two values"))
    checkList("third resume: the return values", pack(coroutine.resume(co, 5)), pack(true, "end", 6))
    check("what the body saw", table.concat(log, "|"), "start 1 2|got 10|got 5 nil")
    check("dead after returning", coroutine.status(co), "dead")
end)

section("yield with no values and resume with many", function()
    local co = coroutine.create(function()
        local got = pack(coroutine.yield())
        return got.n, got[1], got[got.n]
    end)
    checkList("yield() gives resume just true", pack(coroutine.resume(co)), pack(true))
    checkList("resume with nils counts them", pack(coroutine.resume(co, nil, 2, nil)), pack(true, 3, nil, nil))
    local echo = coroutine.create(function(...)
        local args = pack(...)
        while true do
            args = pack(coroutine.yield(unpack(args, 1, args.n)))
        end
    end)
    checkList("echo the first arguments", pack(coroutine.resume(echo, "a", nil)), pack(true, "a", nil))
    checkList("echo none", pack(coroutine.resume(echo)), pack(true))
    local many = {}
    for i = 1, 100 do
        many[i] = i
    end
    local result = pack(coroutine.resume(echo, unpack(many)))
    check("echo 100 values: count", result.n, 101)
    check("echo 100 values: the last", result[101], 100)
end)

section("yield from functions the coroutine calls", function()
    local function deep(n)
        if n == 0 then
            return coroutine.yield("bottom")
        end
        return deep(n - 1)
    end
    local co = coroutine.create(function()
        local v = deep(50)
        return "after " .. v
    end)
    checkList("yield 50 calls down", pack(coroutine.resume(co)), pack(true, "bottom"))
    checkList("resume back into the call chain", pack(coroutine.resume(co, "x")), pack(true, "after x"))
end)

section("running and normal status", function()
    local outer, inner
    local seen = {}
    inner = coroutine.create(function()
        seen.innerRunning = coroutine.running() == inner
        seen.innerStatus = coroutine.status(inner)
        seen.outerStatus = coroutine.status(outer)
    end)
    outer = coroutine.create(function()
        seen.outerRunning = coroutine.running() == outer
        coroutine.resume(inner)
        seen.outerAfter = coroutine.status(outer)
    end)
    coroutine.resume(outer)
    check("running() inside the outer coroutine", seen.outerRunning, true)
    check("running() inside the inner coroutine", seen.innerRunning, true)
    check("a coroutine sees itself running", seen.innerStatus, "running")
    check("the coroutine that resumed it is normal", seen.outerStatus, "normal")
    check("running again once the inner one ends", seen.outerAfter, "running")
    check("both end dead", coroutine.status(outer) .. " " .. coroutine.status(inner), "dead dead")
    if unsandboxed("a scene itself runs in a coroutine (its process): running() is not nil there") then
        check("running() on the main thread is nil", coroutine.running(), nil)
    end
end)

section("resuming a coroutine that is not suspended", function()
    local co
    co = coroutine.create(function()
        return coroutine.resume(co)
    end)
    checkList("a coroutine resuming itself", pack(coroutine.resume(co)),
        pack(true, false, "cannot resume running coroutine"))
    local outer
    local inner = coroutine.create(function()
        return coroutine.resume(outer)
    end)
    outer = coroutine.create(function()
        return coroutine.resume(inner)
    end)
    local r = pack(coroutine.resume(outer))
    checkList("resuming the coroutine that resumed us: the outer and inner results",
        pack(r[1], r[2], r[3], r.n), pack(true, true, false, 4))
    -- PUC Lua names the status ("normal"); LuaJIT calls every non-suspended
    -- live coroutine "running".
    checkOneOf("resuming a normal coroutine: the message", r[4],
        { "cannot resume normal coroutine", "cannot resume running coroutine" })
end)

section("errors inside a coroutine", function()
    -- Both errors are raised on the same line, so the position prefixed to
    -- "mark" is the one the "boom" message must carry.
    local function body(fail) if fail then error("boom") else error("mark") end end -- luacheck: ignore 542
    local co = coroutine.create(body)
    local result = pack(coroutine.resume(co, true))
    local mark = select(2, coroutine.resume(coroutine.create(body), false))
    check("the marker error has a position", type(mark) == "string" and mark:find("^.+:%d+: mark$") ~= nil, true)
    checkList("resume returns false and the message with its position", result,
        pack(false, mark:sub(1, -5) .. "boom"))
    check("the coroutine is dead after an error", coroutine.status(co), "dead")
    checkList("resuming it again", pack(coroutine.resume(co)), pack(false, "cannot resume dead coroutine"))
    local errorObject = {}
    local withTable = coroutine.create(function()
        error(errorObject)
    end)
    checkList("a table error object comes back as is", pack(coroutine.resume(withTable)), pack(false, errorObject))
    local withNil = coroutine.create(function()
        error()
    end)
    checkList("error() comes back as nil", pack(coroutine.resume(withNil)), pack(false, nil))
    local withLevel0 = coroutine.create(function()
        coroutine.yield(1)
        error("plain", 0)
    end)
    checkList("first resume yields", pack(coroutine.resume(withLevel0)), pack(true, 1))
    checkList("an error after a yield", pack(coroutine.resume(withLevel0)), pack(false, "plain"))
    local function index(real) local t = nil if real then return t.field else error("mark") end end
    local runtimeMark = select(2, coroutine.resume(coroutine.create(index), false))
    checkList("a runtime error: false and the message with its position",
        pack(coroutine.resume(coroutine.create(index), true)),
        pack(false, tostring(runtimeMark):sub(1, -5) .. "attempt to index local 't' (a nil value)"))
end)

section("a coroutine that fails does not disturb the one that resumed it", function()
    local outer = coroutine.create(function()
        local inner = coroutine.create(function()
            error("inner failed", 0)
        end)
        local ok, message = coroutine.resume(inner)
        coroutine.yield(ok, message)
        return "outer goes on"
    end)
    checkList("the inner failure as the outer sees it", pack(coroutine.resume(outer)),
        pack(true, false, "inner failed"))
    checkList("the outer one resumes normally", pack(coroutine.resume(outer)), pack(true, "outer goes on"))
end)

section("wrap", function()
    local gen = coroutine.wrap(function(a)
        local b = coroutine.yield(a + 1)
        local c = coroutine.yield(b * 2)
        return "done", c
    end)
    check("first call: argument in, yield out", gen(1), 2)
    check("second call", gen(5), 10)
    checkList("last call: the return values", pack(gen("x")), pack("done", "x"))
    checkList("calling it again is an error", pack(pcall(gen)), pack(false, "cannot resume dead coroutine"))
    check("wrap returns a function", type(coroutine.wrap(function() end)), "function")
    check("wrap refuses a non-function", (pcall(coroutine.wrap, 42)), false)
end)

section("errors through wrap", function()
    local errorObject = { "object" }
    local failing = coroutine.wrap(function()
        error(errorObject)
    end)
    checkList("a table error propagates as is", pack(pcall(failing)), pack(false, errorObject))
    local withString = coroutine.wrap(function()
        error("wrapped failure", 0)
    end)
    local ok, message = pcall(withString)
    check("a string error propagates", ok, false)
    check("its message", message, "wrapped failure")
end)

section("generators", function()
    local function range(n)
        return coroutine.wrap(function()
            for i = 1, n do
                coroutine.yield(i)
            end
        end)
    end
    local sum = 0
    for i in range(100) do
        sum = sum + i
    end
    check("a generic for over a wrapped generator", sum, 5050)
    local function permutations(items)
        local function permute(n)
            if n <= 1 then
                coroutine.yield(table.concat(items))
            else
                for i = 1, n do
                    items[n], items[i] = items[i], items[n]
                    permute(n - 1)
                    items[n], items[i] = items[i], items[n]
                end
            end
        end
        return coroutine.wrap(function()
            permute(#items)
        end)
    end
    local seen = {}
    for p in permutations({ "a", "b", "c", "d" }) do
        seen[#seen + 1] = p
    end
    table.sort(seen)
    check("24 permutations", #seen, 24)
    check("the first in order", seen[1], "abcd")
    check("the last in order", seen[24], "dcba")
    local unique = {}
    for _, p in ipairs(seen) do
        unique[p] = true
    end
    local count = 0
    for _ in pairs(unique) do
        count = count + 1
    end
    check("all different", count, 24)
end)

section("producer and consumer", function()
    local producer = coroutine.create(function()
        for _, word in ipairs({ "one", "two", "three" }) do
            coroutine.yield(word)
        end
        return nil
    end)
    local got = {}
    while true do
        local ok, word = coroutine.resume(producer)
        if not ok or word == nil then
            break
        end
        got[#got + 1] = word
    end
    check("every item in order", table.concat(got, " "), "one two three")
    check("the producer is dead", coroutine.status(producer), "dead")
end)

section("many coroutines at once", function()
    local list = {}
    for i = 1, 1000 do
        list[i] = coroutine.create(function(x)
            local y = coroutine.yield(x * 2)
            return x + y
        end)
    end
    local sum = 0
    for i = 1, 1000 do
        local _, v = coroutine.resume(list[i], i)
        sum = sum + v
    end
    check("first round", sum, 1001000)
    sum = 0
    for i = 1, 1000 do
        local _, v = coroutine.resume(list[i], 1)
        sum = sum + v
    end
    check("second round", sum, 501500)
    local dead = 0
    for i = 1, 1000 do
        if coroutine.status(list[i]) == "dead" then
            dead = dead + 1
        end
    end
    check("all dead", dead, 1000)
end)

section("yield inside pcall inside a coroutine", function()
    local co = coroutine.create(function()
        return pcall(function()
            local v = coroutine.yield("paused")
            return v * 2
        end)
    end)
    local first = pack(coroutine.resume(co))
    if SANDBOXED or first[2] == "paused" then
        -- LuaJIT, and scenes on both VMs (the scene pcall passes waits up).
        checkList("the yield reaches the resumer", first, pack(true, "paused"))
        checkList("pcall returns the function's results", pack(coroutine.resume(co, 21)), pack(true, true, 42))
    else
        -- PUC Lua 5.1 cannot yield across pcall, a C function.
        checkList("PUC Lua 5.1: pcall catches the refused yield", first,
            pack(true, false, "attempt to yield across metamethod/C-call boundary"))
    end
end)

section("yield outside any coroutine", function()
    if unsandboxed("a scene runs in its process's coroutine: a yield there would pause the process") then
        local ok, message = pcall(coroutine.yield, 1)
        check("yield on the main thread fails", ok, false)
        -- PUC says "attempt to yield across metamethod/C-call boundary" here
        -- (pcall is between), LuaJIT "attempt to yield across C-call boundary".
        checkOneOf("its message", message, {
            "attempt to yield across metamethod/C-call boundary", "attempt to yield across C-call boundary",
            "attempt to yield from outside a coroutine",
        })
    end
end)
