-- Function calls: multiple results and their adjustment, select, unpack, tail
-- calls and recursion (reference manual 2.5, 2.5.8, 2.5.9, 5.1).

local function none() end
local function one()
    return 1
end
local function three()
    return 1, 2, 3
end

section("multiple results are adjusted to the context", function()
    local a, b, c, d = three()
    checkList("all results, extra variable nil", pack(a, b, c, d), pack(1, 2, 3, nil))
    local x, y = one()
    checkList("missing results are nil", pack(x, y), pack(1, nil))
    checkList("a call last in a list expands", pack(0, three()), pack(0, 1, 2, 3))
    checkList("a call not last gives one value", pack(three(), 0), pack(1, 0))
    checkList("parentheses give one value", pack((three())), pack(1))
    checkList("parentheses around no result give nil", pack((none())), pack(nil))
    checkList("no results", pack(none()), pack())
    local t = { three(), three() }
    check("table constructor: only the last call expands (#)", #t, 4)
    checkList("table constructor values", pack(unpack(t)), pack(1, 1, 2, 3))
    local u = { three(), nil }
    check("a call followed by a field is truncated", u[2], nil)
    check("string from a call in concatenation", three() .. "", "1")
end)

section("return passes results through", function()
    local function passAll()
        return three()
    end
    local function passOne()
        return (three())
    end
    checkList("return f() keeps every result", pack(passAll()), pack(1, 2, 3))
    checkList("return (f()) keeps one", pack(passOne()), pack(1))
    local function mixed()
        return three(), three()
    end
    checkList("return f(), f()", pack(mixed()), pack(1, 1, 2, 3))
end)

section("select", function()
    check("select('#') with none", select("#"), 0)
    check("select('#') counts nils", select("#", nil, nil), 2)
    check("select('#') with a trailing nil", select("#", 1, nil), 2)
    checkList("select(1, ...)", pack(select(1, "a", "b", "c")), pack("a", "b", "c"))
    checkList("select(2, ...)", pack(select(2, "a", "b", "c")), pack("b", "c"))
    checkList("select(3, ...)", pack(select(3, "a", "b", "c")), pack("c"))
    checkList("select past the end", pack(select(4, "a", "b", "c")), pack())
    checkList("select(-1, ...) is the last", pack(select(-1, "a", "b", "c")), pack("c"))
    checkList("select(-2, ...)", pack(select(-2, "a", "b", "c")), pack("b", "c"))
    check("select(0) is an error", (pcall(select, 0, "a")), false)
    check("select('x') is an error", (pcall(select, "x", "a")), false)
end)

section("unpack", function()
    checkList("unpack a sequence", pack(unpack({ 1, 2, 3 })), pack(1, 2, 3))
    checkList("unpack empty", pack(unpack({})), pack())
    checkList("unpack with i", pack(unpack({ 1, 2, 3 }, 2)), pack(2, 3))
    checkList("unpack with i and j", pack(unpack({ 1, 2, 3 }, 2, 2)), pack(2))
    checkList("unpack with j beyond the end gives nils", pack(unpack({ 1, 2 }, 1, 4)), pack(1, 2, nil, nil))
    checkList("unpack with holes and explicit bounds", pack(unpack({ 1, nil, 3 }, 1, 3)), pack(1, nil, 3))
    checkList("unpack with i > j", pack(unpack({ 1, 2, 3 }, 3, 2)), pack())
    checkList("unpack of non-integer keys", pack(unpack({ [0] = "z", "a" }, 0, 1)), pack("z", "a"))
    local many = {}
    for i = 1, 200 do
        many[i] = i
    end
    check("unpack 200 values", select("#", unpack(many)), 200)
    check("the 200th", select(200, unpack(many)), 200)
end)

section("arguments are adjusted to the parameters", function()
    local function two(a, b)
        return a, b
    end
    checkList("missing arguments are nil", pack(two(1)), pack(1, nil))
    checkList("extra arguments are dropped", pack(two(1, 2, 3)), pack(1, 2))
    checkList("a call as the last argument expands", pack(two(three())), pack(1, 2))
    checkList("a call in the middle gives one", pack(two(three(), 9)), pack(1, 9))
end)

section("method calls and call sugar", function()
    local obj = { name = "obj" }
    function obj:who(suffix)
        return self.name .. suffix
    end
    check("a:m(x) passes a as self", obj:who("!"), "obj!")
    check("a.m(a, x) is the same", obj.who(obj, "?"), "obj?")
    local function id(x)
        return x
    end
    check("f'literal'", id "literal", "literal")
    check("f{table}", type(id { 1 }), "table")
    check("f[[long]]", id [[long]], "long")
    check("(\"x\"):method", ("abc"):len(), 3)
end)

section("tail calls do not grow the stack", function()
    local function loop(n, acc)
        if n == 0 then
            return acc
        end
        return loop(n - 1, acc + 1)
    end
    check("100000 tail calls", loop(100000, 0), 100000)
    local isOdd
    local function isEven(n)
        if n == 0 then
            return true
        end
        return isOdd(n - 1)
    end
    isOdd = function(n)
        if n == 0 then
            return false
        end
        return isEven(n - 1)
    end
    check("mutual tail calls, 100001 deep", isEven(100001), false)
    local function tailToThree()
        return three()
    end
    checkList("a tail call keeps every result", pack(tailToThree()), pack(1, 2, 3))
end)

section("recursion", function()
    local function depth(n)
        if n == 0 then
            return 0
        end
        return 1 + depth(n - 1)
    end
    check("5000 deep non-tail recursion", depth(5000), 5000)
    local function ackermann(m, n)
        if m == 0 then
            return n + 1
        elseif n == 0 then
            return ackermann(m - 1, 1)
        end
        return ackermann(m - 1, ackermann(m, n - 1))
    end
    check("ackermann(2, 3)", ackermann(2, 3), 9)
    local function hanoi(n, from, to, via, moves)
        if n > 0 then
            hanoi(n - 1, from, via, to, moves)
            moves[#moves + 1] = from .. to
            hanoi(n - 1, via, to, from, moves)
        end
        return moves
    end
    local moves = hanoi(4, "a", "c", "b", {})
    check("hanoi(4) move count", #moves, 15)
    check("hanoi(4) first move", moves[1], "ab")
    check("hanoi(4) middle move", moves[8], "ac")
end)

section("functions are first-class values", function()
    local ops = {
        add = function(a, b)
            return a + b
        end,
        mul = function(a, b)
            return a * b
        end,
    }
    check("a function from a table", ops.add(2, 3), 5)
    check("a function from a computed key", ops["m" .. "ul"](2, 3), 6)
    local function compose(f, g)
        return function(...)
            return f(g(...))
        end
    end
    local function inc(x)
        return x + 1
    end
    check("composition", compose(inc, ops.add)(2, 3), 6)
    check("call the result of a call", (function()
        return inc
    end)()(1), 2)
end)

section("calling a non-function is an error", function()
    local notFunction = 3
    check("calling a number", (pcall(function()
        notFunction()
    end)), false)
    check("calling nil", (pcall(function()
        local missing = nil
        missing()
    end)), false)
end)
