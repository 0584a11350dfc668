-- Closures and upvalues (reference manual 2.6, "Visibility Rules").

section("a counter keeps its own upvalue", function()
    local function counter()
        local n = 0
        return function()
            n = n + 1
            return n
        end
    end
    local a, b = counter(), counter()
    check("first call of a", a(), 1)
    check("second call of a", a(), 2)
    check("b counts on its own", b(), 1)
    check("third call of a", a(), 3)
end)

section("closures made together share an upvalue", function()
    local function pair()
        local value = 10
        local function get()
            return value
        end
        local function set(v)
            value = v
        end
        return get, set
    end
    local get, set = pair()
    check("initial value", get(), 10)
    set(42)
    check("set is seen by get", get(), 42)
    local get2 = pair()
    check("another pair has its own value", get2(), 10)
end)

section("an upvalue sees assignments made after the closure was created", function()
    local x = 1
    local function read()
        return x
    end
    x = 2
    check("the later assignment", read(), 2)
    local function write(v)
        x = v
    end
    write(7)
    check("the local sees the closure's assignment", x, 7)
end)

section("each loop iteration has a fresh control variable", function()
    local fns = {}
    for i = 1, 5 do
        fns[i] = function()
            return i
        end
    end
    for i = 1, 5 do
        check("numeric for closure " .. i, fns[i](), i)
    end
    local byKey = {}
    for _, v in ipairs({ "a", "b", "c" }) do
        byKey[#byKey + 1] = function()
            return v
        end
    end
    check("generic for closure 1", byKey[1](), "a")
    check("generic for closure 3", byKey[3](), "c")
end)

section("a local declared in a loop body is fresh each iteration", function()
    local fns = {}
    local i = 0
    while i < 3 do
        i = i + 1
        local captured = i * 10
        fns[i] = function()
            captured = captured + 1
            return captured
        end
    end
    check("first closure", fns[1](), 11)
    check("first closure again", fns[1](), 12)
    check("second closure is independent", fns[2](), 21)
    check("third closure", fns[3](), 31)
    local reps = {}
    local k = 0
    repeat
        k = k + 1
        local r = k
        reps[k] = function()
            return r
        end
    until r >= 3 -- the until expression sees the body's locals
    check("repeat closure 1", reps[1](), 1)
    check("repeat closure 3", reps[3](), 3)
end)

section("loop closures share the loop's enclosing locals", function()
    local total = 0
    local adders = {}
    for i = 1, 3 do
        adders[i] = function()
            total = total + i
        end
    end
    for i = 1, 3 do
        adders[i]()
    end
    check("all three add to the same total", total, 6)
end)

section("upvalues outlive the function that declared them", function()
    local function make()
        local t = { "kept" }
        return function()
            return t[1]
        end
    end
    local f = make()
    local g = make()
    check("closed upvalue", f(), "kept")
    check("another closed upvalue", g(), "kept")
end)

section("upvalues through several levels of nesting", function()
    local function level1(a)
        return function(b)
            return function(c)
                return function(d)
                    a = a + 1
                    return a + b + c + d
                end
            end
        end
    end
    local f = level1(1)(10)(100)
    check("four levels", f(1000), 1112)
    check("the outermost upvalue changed", f(1000), 1113)
end)

section("a recursive local function sees itself", function()
    local function fact(n)
        if n <= 1 then
            return 1
        end
        return n * fact(n - 1)
    end
    check("fact(10)", fact(10), 3628800)
    local fib
    fib = function(n)
        if n < 2 then
            return n
        end
        return fib(n - 1) + fib(n - 2)
    end
    check("fib(20)", fib(20), 6765)
    local function isEven(n)
        local function isOdd(m)
            return m ~= 0 and isEven(m - 1)
        end
        return n == 0 or isOdd(n - 1)
    end
    check("mutual recursion through an upvalue", isEven(10), true)
    check("mutual recursion, odd", isEven(7), false)
end)

section("'local function' and 'local f = function' differ in scope", function()
    local function which()
        return "outer"
    end
    do
        -- `local f = function` : the new local is not in scope in its own body,
        -- so the call inside reaches the outer one.
        local which = function() -- luacheck: ignore 421 (the shadowing is the point)
            return "inner calls " .. which()
        end
        check("'local f = function' body sees the enclosing f", which(), "inner calls outer")
    end
    check("the old local is back after the block", which(), "outer")
    local function countdown(n)
        if n == 0 then
            return "done"
        end
        return countdown(n - 1) -- `local function`: in scope in its own body
    end
    check("'local function' body sees itself", countdown(3), "done")
end)

section("a closure over a parameter and a vararg", function()
    local function bind(f, ...)
        local args = pack(...)
        return function(...)
            local all = {}
            for i = 1, args.n do
                all[i] = args[i]
            end
            local more = pack(...)
            for i = 1, more.n do
                all[args.n + i] = more[i]
            end
            return f(unpack(all, 1, args.n + more.n))
        end
    end
    local function join(...)
        return table.concat({ ... }, ",")
    end
    local bound = bind(join, "a", "b")
    check("bound arguments first", bound("c", "d"), "a,b,c,d")
    check("bound with none more", bound(), "a,b")
end)

section("closures are values: equality and identity", function()
    local function make()
        return function() end
    end
    local f = make()
    check("a closure equals itself", f == f, true)
    check("two closures from the same code differ", make() == make(), false)
    check("type of a closure", type(f), "function")
end)

section("many closures, each with its own state", function()
    local fns = {}
    for i = 1, 1000 do
        local state = i
        fns[i] = function()
            state = state * 2
            return state
        end
    end
    local sum = 0
    for i = 1, 1000 do
        sum = sum + fns[i]()
    end
    check("sum of doubled states", sum, 1001000)
end)
