-- Tables: constructors, keys, next/pairs/ipairs, the length of sequences,
-- table.insert/remove/concat/maxn (reference manual 2.2, 2.5.5, 2.5.7, 5.1, 5.5).

-- The keys of t, as strings, sorted: traversal order is unspecified.
local function keysOf(t)
    local keys = {}
    for k in pairs(t) do
        keys[#keys + 1] = tostring(k)
    end
    table.sort(keys)
    return table.concat(keys, ",")
end

section("constructors", function()
    local t = { 1, 2, 3, x = "x", ["y z"] = "yz", [10] = "ten", [1 + 1] = "ignored?" }
    check("positional fields", t[1], 1)
    -- A positional field and an explicit key for the same index: the
    -- manual leaves the order of assignment unspecified, so only check
    -- that one of them won.
    checkOneOf("positional and [2] collide", t[2], { 2, "ignored?" })
    check("name = value", t.x, "x")
    check("[expression] = value", t["y z"], "yz")
    check("numeric key", t[10], "ten")
    local sep = { 1, 2; 3; n = 4, }
    check("; and a trailing separator", sep[3], 3)
    check("a field after ;", sep.n, 4)
    local nested = { { { "deep" } } }
    check("nested constructors", nested[1][1][1], "deep")
    check("an empty table has no first key", next({}), nil)
end)

section("keys: numbers, strings, booleans, tables, functions", function()
    local t = {}
    local keyTable, keyFunction = {}, function() end
    t[1] = "int"
    t[1.5] = "float"
    t["1"] = "string one"
    t[true] = "true"
    t[false] = "false"
    t[keyTable] = "table"
    t[keyFunction] = "function"
    check("integer key", t[1], "int")
    check("float key", t[1.5], "float")
    check("the string '1' is another key", t["1"], "string one")
    check("1.0 is the same key as 1", t[1.0], "int")
    check("2/2 is the same key as 1", t[2 / 2], "int")
    check("true key", t[true], "true")
    check("false key", t[false], "false")
    check("table key by identity", t[keyTable], "table")
    check("another table is another key", t[{}], nil)
    check("function key", t[keyFunction], "function")
    check("a.name is a['name']", t.missing, t["missing"])
    check("reading a nil key gives nil", t[nil], nil)
    check("assigning with a nil key is an error", (pcall(function()
        t[nil] = 1
    end)), false)
    check("assigning with a NaN key is an error", (pcall(function()
        t[0 / 0] = 1
    end)), false)
    t[1] = nil
    check("assigning nil removes a key", t[1], nil)
end)

section("the length of sequences", function()
    check("# of {}", #{}, 0)
    check("# of {1, 2, 3}", #{ 1, 2, 3 }, 3)
    check("# with hash fields too", #{ 1, 2, x = 1, y = 2 }, 2)
    local t = {}
    for i = 1, 100 do
        t[#t + 1] = i
    end
    check("appending with t[#t + 1]", #t, 100)
    check("the last appended", t[#t], 100)
    t[#t] = nil
    check("removing the last with t[#t] = nil", #t, 99)
    local grown = {}
    for i = 1, 10000 do
        grown[i] = true
    end
    check("# of 10000 elements", #grown, 10000)
    local fromZero = { [0] = "zero", "one" }
    check("# ignores index 0", #fromZero, 1)
    check("# of a string", #"hello", 5)
end)

section("next", function()
    check("next of an empty table", next({}), nil)
    local single = { only = 1 }
    checkList("next of a one-key table", pack(next(single)), pack("only", 1))
    checkList("next after the last key", pack(next(single, "only")), pack(nil))
    local t = { a = 1, b = 2, c = 3, 10, 20 }
    local count, sum = 0, 0
    local k, v = next(t)
    while k ~= nil do
        count, sum = count + 1, sum + v
        k, v = next(t, k)
    end
    check("next visits every key once", count, 5)
    check("and every value", sum, 36)
    check("next with an unknown key is an error", (pcall(next, t, "no such key")), false)
end)

section("pairs", function()
    local t = { 1, 2, 3, a = "x", b = "y" }
    check("pairs visits every key", keysOf(t), "1,2,3,a,b")
    local f, s, init = pairs(t)
    check("pairs returns a function", type(f), "function")
    check("its iterator steps like next", t[(f(s, nil))] ~= nil, true)
    check("pairs returns the table", s, t)
    check("pairs starts at nil", init, nil)
    local sum = 0
    for _, v in pairs({ 5, 6, 7, x = 100 }) do
        sum = sum + v
    end
    check("sum over pairs", sum, 118)
end)

section("clearing fields during a traversal", function()
    local t = {}
    for i = 1, 100 do
        t[i] = i
        t["k" .. i] = i
    end
    local visited = 0
    for k in pairs(t) do
        t[k] = nil -- allowed: assigning nil to an existing field
        visited = visited + 1
    end
    check("every key visited while clearing", visited, 200)
    check("the table is empty", next(t), nil)
    local u = { a = 1, b = 2, c = 3 }
    for k in pairs(u) do
        u[k] = 10 -- allowed: changing an existing field
    end
    check("values changed during traversal", u.a + u.b + u.c, 30)
end)

section("ipairs", function()
    local t = { "a", "b", "c", x = "no" }
    local out = {}
    for i, v in ipairs(t) do
        out[#out + 1] = i .. v
    end
    check("ipairs in order, array part only", table.concat(out, " "), "1a 2b 3c")
    local holes = { 1, 2, nil, 4 }
    local n = 0
    for _ in ipairs(holes) do
        n = n + 1
    end
    check("ipairs stops at the first nil", n, 2)
    local none = 0
    for _ in ipairs({}) do
        none = none + 1
    end
    check("ipairs of {} runs no iteration", none, 0)
    local fromZero = 0
    for _ in ipairs({ [0] = 1 }) do
        fromZero = fromZero + 1
    end
    check("ipairs starts at 1", fromZero, 0)
    local f, s, init = ipairs(t)
    check("ipairs returns the table", s, t)
    check("ipairs starts at 0", init, 0)
    checkList("its iterator steps one", pack(f(t, 0)), pack(1, "a"))
    check("its iterator stops at a nil", (f(t, 3)), nil)
end)

section("table.insert", function()
    local t = {}
    table.insert(t, "a")
    table.insert(t, "b")
    check("append", table.concat(t, ","), "a,b")
    table.insert(t, 1, "first")
    check("insert at 1 shifts up", table.concat(t, ","), "first,a,b")
    table.insert(t, 3, "mid")
    check("insert in the middle", table.concat(t, ","), "first,a,mid,b")
    table.insert(t, #t + 1, "end")
    check("insert at #t + 1", table.concat(t, ","), "first,a,mid,b,end")
    check("length after inserts", #t, 5)
    checkList("insert returns nothing", pack(table.insert(t, "x")), pack())
    check("insert with four arguments is an error", (pcall(table.insert, t, 1, 2, 3)), false)
    local numbers = {}
    for i = 1, 1000 do
        table.insert(numbers, 1, i)
    end
    check("1000 inserts at the front: first", numbers[1], 1000)
    check("1000 inserts at the front: last", numbers[1000], 1)
end)

section("table.remove", function()
    local t = { "a", "b", "c", "d" }
    check("remove the last", table.remove(t), "d")
    check("length after", #t, 3)
    check("remove the first", table.remove(t, 1), "a")
    check("the rest shifted down", table.concat(t, ","), "b,c")
    check("remove the second", table.remove(t, 2), "c")
    check("one left", table.concat(t, ","), "b")
    check("remove the only one", table.remove(t), "b")
    check("now empty", #t, 0)
    checkList("remove from an empty table returns nothing", pack(table.remove(t)), pack())
    local queue = {}
    for i = 1, 100 do
        queue[i] = i
    end
    local sum = 0
    while #queue > 0 do
        sum = sum + table.remove(queue, 1)
    end
    check("a queue emptied from the front", sum, 5050)
end)

section("table.concat", function()
    check("no separator", table.concat({ "a", "b", "c" }), "abc")
    check("a separator", table.concat({ "a", "b", "c" }, ", "), "a, b, c")
    check("numbers are converted", table.concat({ 1, 2.5, "x" }, " "), "1 2.5 x")
    check("i and j", table.concat({ "a", "b", "c", "d" }, "-", 2, 3), "b-c")
    check("i only", table.concat({ "a", "b", "c" }, "-", 2), "b-c")
    check("i > j is empty", table.concat({ "a", "b" }, "-", 3, 2), "")
    check("an empty table", table.concat({}, ","), "")
    check("one element has no separator", table.concat({ "x" }, ","), "x")
    checkError("a table element is an error", "invalid value (table) at index 2 in table for 'concat'",
        table.concat, { 1, {}, 3 })
    check("a nil inside the range is an error", (pcall(table.concat, { 1, 2 }, ",", 1, 3)), false)
    local parts = {}
    for i = 1, 10000 do
        parts[i] = "x"
    end
    check("10000 parts", #table.concat(parts), 10000)
end)

section("table.maxn", function()
    check("maxn of {}", table.maxn({}), 0)
    check("maxn of a sequence", table.maxn({ 1, 2, 3 }), 3)
    check("maxn sees past holes", table.maxn({ 1, [10] = 2, [5] = 3 }), 10)
    check("maxn counts non-integer positive keys", table.maxn({ [1.5] = true }), 1.5)
    check("maxn ignores negative and string keys", table.maxn({ [-3] = 1, x = 2 }), 0)
end)

section("tables are references", function()
    local a = { 1 }
    local b = a
    b[1] = 2
    check("an alias sees the change", a[1], 2)
    check("two constructors make two tables", {} == {}, false)
    local function fill(t)
        t.filled = true
    end
    fill(a)
    check("a function changes the caller's table", b.filled, true)
end)

section("multiple assignment evaluates before assigning", function()
    local t = { 1, 2 }
    t[1], t[2] = t[2], t[1]
    checkList("swap through a table", pack(t[1], t[2]), pack(2, 1))
    local i = 1
    local u = {}
    i, u[i] = i + 1, "first"
    -- The manual leaves the order of evaluation of the targets
    -- unspecified; both VMs evaluate u[i] with the old i.
    checkOneOf("the subscript in a multiple assignment", u[1], { "first", nil })
    check("the new i", i, 2)
end)
