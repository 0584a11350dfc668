-- table.sort: the default order, comparators, inputs of every shape
-- (reference manual 5.5). Invalid order functions are not checked.

-- A deterministic pseudo-random sequence (Park-Miller), so a failure repeats.
local function generator(seed)
    local state = seed
    return function(n)
        state = (state * 16807) % 2147483647
        return state % n + 1
    end
end

local function isSorted(t, lessThan)
    lessThan = lessThan or function(a, b)
        return a < b
    end
    for i = 2, #t do
        if lessThan(t[i], t[i - 1]) then
            return false, i
        end
    end
    return true
end

-- A string summary of the multiset of values, to check that sort only permutes.
local function tally(t)
    local counts = {}
    for _, v in ipairs(t) do
        counts[v] = (counts[v] or 0) + 1
    end
    local keys = {}
    for k, c in pairs(counts) do
        keys[#keys + 1] = tostring(k) .. "x" .. c
    end
    table.sort(keys)
    return table.concat(keys, " ")
end

section("small inputs", function()
    local empty = {}
    table.sort(empty)
    check("an empty table", #empty, 0)
    local one = { 5 }
    table.sort(one)
    check("one element", one[1], 5)
    local two = { 2, 1 }
    table.sort(two)
    check("two elements", table.concat(two, ","), "1,2")
    local three = { 3, 1, 2 }
    table.sort(three)
    check("three elements", table.concat(three, ","), "1,2,3")
    checkList("sort returns nothing", pack(table.sort({ 2, 1 })), pack())
end)

section("numbers and strings in the default order", function()
    local numbers = { 5, -2, 3.5, 0, 100, -7.25, 3 }
    table.sort(numbers)
    check("numbers", table.concat(numbers, " "), "-7.25 -2 0 3 3.5 5 100")
    local words = { "pear", "Apple", "apple", "banana", "", "a", "ab" }
    table.sort(words)
    check("strings compare byte by byte", table.concat(words, ","), ",Apple,a,ab,apple,banana,pear")
    local digits = { "10", "9", "100", "1" }
    table.sort(digits)
    check("numeric strings sort as strings", table.concat(digits, ","), "1,10,100,9")
    check("mixing numbers and strings is an error", (pcall(table.sort, { 1, "x", 2 })), false)
end)

section("comparators", function()
    local t = { 3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5 }
    table.sort(t, function(a, b)
        return a > b
    end)
    check("descending", table.concat(t, ""), "96555433211")
    local people = {
        { name = "cleo", age = 30 }, { name = "ann", age = 25 }, { name = "bob", age = 35 }, { name = "dan", age = 20 },
    }
    table.sort(people, function(a, b)
        return a.age < b.age
    end)
    local names = {}
    for i, p in ipairs(people) do
        names[i] = p.name
    end
    check("records by a field", table.concat(names, ","), "dan,ann,cleo,bob")
    table.sort(people, function(a, b)
        return a.name > b.name
    end)
    names = {}
    for i, p in ipairs(people) do
        names[i] = p.name
    end
    check("records by another field, descending", table.concat(names, ","), "dan,cleo,bob,ann")
    local byLength = { "ccc", "a", "bb", "dddd" }
    table.sort(byLength, function(a, b)
        return #a < #b
    end)
    check("strings by length", table.concat(byLength, ","), "a,bb,ccc,dddd")
    local twoKeys = { { 2, "b" }, { 1, "z" }, { 2, "a" }, { 1, "a" } }
    table.sort(twoKeys, function(a, b)
        if a[1] ~= b[1] then
            return a[1] < b[1]
        end
        return a[2] < b[2]
    end)
    local out = {}
    for i, pair in ipairs(twoKeys) do
        out[i] = pair[1] .. pair[2]
    end
    check("two keys", table.concat(out, ","), "1a,1z,2a,2b")
end)

section("inputs of every shape", function()
    local n = 1000
    local ascending, descending, equal, organ = {}, {}, {}, {}
    for i = 1, n do
        ascending[i] = i
        descending[i] = n - i + 1
        equal[i] = 7
        organ[i] = i <= n / 2 and i or n - i + 1
    end
    table.sort(ascending)
    check("already sorted", isSorted(ascending), true)
    check("already sorted: first and last", ascending[1] + ascending[n], 1 + n)
    table.sort(descending)
    check("reverse sorted", isSorted(descending), true)
    check("reverse sorted: first", descending[1], 1)
    table.sort(equal)
    check("all equal", isSorted(equal), true)
    check("all equal: still all there", tally(equal), "7x" .. n)
    local before = tally(organ)
    table.sort(organ)
    check("organ pipe", isSorted(organ), true)
    check("organ pipe: the same values", tally(organ), before)
end)

section("pseudo-random inputs", function()
    local random = generator(12345)
    for _, size in ipairs({ 10, 100, 5000 }) do
        local t = {}
        for i = 1, size do
            t[i] = random(size)
        end
        local before = tally(t)
        table.sort(t)
        check(size .. " numbers sorted", isSorted(t), true)
        check(size .. " numbers: the same values", tally(t), before)
    end
    local few = {}
    for i = 1, 2000 do
        few[i] = random(3)
    end
    local before = tally(few)
    table.sort(few, function(a, b)
        return a > b
    end)
    check("2000 values of 3 kinds, descending", isSorted(few, function(a, b)
        return a > b
    end), true)
    check("2000 values of 3 kinds: the same values", tally(few), before)
    local strings = {}
    for i = 1, 500 do
        strings[i] = ("%05d"):format(random(100000))
    end
    table.sort(strings)
    check("500 strings", isSorted(strings), true)
end)

section("a comparator sees only elements of the table", function()
    local t = { 4, 2, 3, 1 }
    local foreign = false
    local members = { [1] = true, [2] = true, [3] = true, [4] = true }
    table.sort(t, function(a, b)
        if not members[a] or not members[b] then
            foreign = true
        end
        return a < b
    end)
    check("sorted", table.concat(t, ","), "1,2,3,4")
    check("only elements were compared", foreign, false)
end)

section("sort uses __lt for tables", function()
    local mt = {
        __lt = function(a, b)
            return a.v < b.v
        end,
    }
    local t = {}
    for i, v in ipairs({ 5, 3, 8, 1 }) do
        t[i] = setmetatable({ v = v }, mt)
    end
    table.sort(t)
    local out = {}
    for i, item in ipairs(t) do
        out[i] = item.v
    end
    check("tables ordered by their __lt", table.concat(out, ","), "1,3,5,8")
end)
