-- Variable arguments: `...` in expressions, lists, table constructors and
-- nested functions (reference manual 2.5.9).

section("... expands where a list is expected", function()
    local function all(...)
        return ...
    end
    checkList("pass every value", pack(all(1, 2, 3)), pack(1, 2, 3))
    checkList("pass none", pack(all()), pack())
    checkList("pass nils", pack(all(nil, nil)), pack(nil, nil))
    checkList("trailing nils are kept", pack(all(1, nil, nil)), pack(1, nil, nil))
    local function first(...)
        local a = ...
        return a
    end
    check("local a = ... takes the first", first(7, 8), 7)
    local function parens(...)
        return (...)
    end
    checkList("(...) is one value", pack(parens(4, 5, 6)), pack(4))
    checkList("(...) of none is nil", pack(parens()), pack(nil))
    local function middle(...)
        return ..., "end"
    end
    checkList("... not last gives one value", pack(middle(1, 2)), pack(1, "end"))
    checkList("... not last with none gives nil", pack(middle()), pack(nil, "end"))
end)

section("... in table constructors", function()
    local function count(...)
        local t = { ... }
        return #t, t
    end
    local n, t = count("a", "b", "c")
    check("# of {...}", n, 3)
    check("{...}[2]", t[2], "b")
    local function withN(...)
        return { n = select("#", ...), ... }
    end
    local packed = withN(nil, 2, nil)
    check("select('#') keeps the count with nils", packed.n, 3)
    check("{...} keeps the middle value", packed[2], 2)
    local function prefixed(...)
        return { "first", ... }
    end
    local p = prefixed("x", "y")
    checkList("{ value, ... }", pack(unpack(p, 1, 3)), pack("first", "x", "y"))
    local function notLast(...)
        return { ..., "last" }
    end
    local q = notLast("x", "y")
    checkList("{ ..., value } takes one from ...", pack(unpack(q, 1, 2)), pack("x", "last"))
    check("... then a value: length", #q, 2)
end)

section("parameters before ...", function()
    local function f(a, b, ...)
        return a, b, select("#", ...), ...
    end
    checkList("fewer arguments than parameters", pack(f(1)), pack(1, nil, 0))
    checkList("exactly the parameters", pack(f(1, 2)), pack(1, 2, 0))
    checkList("the rest goes to ...", pack(f(1, 2, 3, 4)), pack(1, 2, 2, 3, 4))
end)

section("select over ...", function()
    local function sum(...)
        local total = 0
        for i = 1, select("#", ...) do
            total = total + (select(i, ...))
        end
        return total
    end
    check("sum with select", sum(1, 2, 3, 4, 5), 15)
    check("sum of none", sum(), 0)
    local function last(...)
        return (select(-1, ...))
    end
    check("select(-1, ...)", last("a", "b", "c"), "c")
    local function nilsInside(...)
        local seen = {}
        for i = 1, select("#", ...) do
            seen[#seen + 1] = tostring((select(i, ...)))
        end
        return table.concat(seen, " ")
    end
    check("every value including nils", nilsInside(1, nil, 3, nil), "1 nil 3 nil")
end)

section("... passed on to another vararg function", function()
    local function inner(...)
        return select("#", ...), ...
    end
    local function outer(...)
        return inner(...)
    end
    checkList("forwarded with a nil at the end", pack(outer(1, nil)), pack(2, 1, nil))
    local function outerPlus(...)
        return inner("pre", ...)
    end
    checkList("forwarded after a value", pack(outerPlus(1, 2)), pack(3, "pre", 1, 2))
    local function many(n, ...)
        if n == 0 then
            return select("#", ...)
        end
        return many(n - 1, n, ...)
    end
    check("... growing through 150 calls", many(150), 150)
end)

section("a closure cannot see the enclosing function's ...", function()
    local function outer(...)
        local args = { ... }
        return function()
            return args[1], #args
        end
    end
    checkList("captured through a table", pack(outer("x", "y")()), pack("x", 2))
end)

section("unpack and ... together", function()
    local function id(...)
        return ...
    end
    local big = {}
    for i = 1, 250 do
        big[i] = i * 2
    end
    local out = pack(id(unpack(big)))
    check("250 values through unpack and ...", out.n, 250)
    check("the last of them", out[250], 500)
    check("string.format with ...", (function(...)
        return string.format("%s-%s-%s", ...)
    end)("a", "b", "c"), "a-b-c")
    check("math.max with ...", (function(...)
        return math.max(...)
    end)(3, 9, 4), 9)
end)
