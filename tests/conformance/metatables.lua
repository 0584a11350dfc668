-- Metatables and metamethods (reference manual 2.8, 5.1: getmetatable,
-- setmetatable, rawget, rawset, rawequal).

section("setmetatable and getmetatable", function()
    local t, mt = {}, {}
    check("setmetatable returns its table", setmetatable(t, mt), t)
    check("getmetatable returns the metatable", getmetatable(t), mt)
    check("a plain table has none", getmetatable({}), nil)
    setmetatable(t, nil)
    check("setmetatable(t, nil) removes it", getmetatable(t), nil)
    check("numbers have no metatable", getmetatable(1), nil)
    check("setmetatable on a non-table is an error", (pcall(setmetatable, 1, {})), false)
    check("a non-table metatable is an error", (pcall(setmetatable, {}, 1)), false)
end)

section("__metatable protects the metatable", function()
    local t = setmetatable({}, { __metatable = "locked" })
    check("getmetatable returns the __metatable field", getmetatable(t), "locked")
    checkError("setmetatable refuses to change it", "cannot change a protected metatable", setmetatable, t, {})
    checkError("nor remove it", "cannot change a protected metatable", setmetatable, t, nil)
    local falseGuard = setmetatable({}, { __metatable = false })
    check("a false __metatable is returned too", getmetatable(falseGuard), false)
end)

section("__index as a table", function()
    local base = { greeting = "hello", shared = "base" }
    local derived = setmetatable({ shared = "own" }, { __index = base })
    check("a missing key comes from __index", derived.greeting, "hello")
    check("a present key does not consult __index", derived.shared, "own")
    check("a key missing in both is nil", derived.nothing, nil)
    check("rawget does not consult __index", rawget(derived, "greeting"), nil)
    local falseValue = setmetatable({ flag = false }, { __index = { flag = true } })
    check("a present false value does not consult __index", falseValue.flag, false)
    local c = { deep = "from c" }
    local b = setmetatable({}, { __index = c })
    local a = setmetatable({}, { __index = b })
    check("a chain of __index tables", a.deep, "from c")
    base.added = "later"
    check("__index sees later changes to the base", derived.added, "later")
end)

section("__index as a function", function()
    local calls = {}
    local t = setmetatable({ present = 1 }, {
        __index = function(_, key)
            calls[#calls + 1] = key
            return key .. "!"
        end,
    })
    check("the function's result", t.missing, "missing!")
    check("it is called with the key", calls[1], "missing")
    check("present keys do not call it", t.present, 1)
    check("called once per missing read", #calls, 1)
    local selfSeen
    local u = setmetatable({}, {
        __index = function(self)
            selfSeen = self
        end,
    })
    local _ = u.x
    check("it is called with the table", selfSeen, u)
    check("numeric keys too", t[5], "5!")
    local squares = setmetatable({}, {
        __index = function(self, n)
            local v = n * n
            rawset(self, n, v)
            return v
        end,
    })
    check("a memoizing __index", squares[12], 144)
    check("the value was stored", rawget(squares, 12), 144)
end)

section("__newindex", function()
    local log = {}
    local t = setmetatable({ existing = 1 }, {
        __newindex = function(self, key, value)
            log[#log + 1] = key .. "=" .. tostring(value)
            rawset(self, key, value * 10)
        end,
    })
    t.new = 2
    check("__newindex was called for a new key", log[1], "new=2")
    check("it stored through rawset", t.new, 20)
    t.existing = 3
    check("an existing key is assigned directly", t.existing, 3)
    check("__newindex not called for it", #log, 1)
    t.new = 4
    check("a key rawset earlier is now existing", t.new, 4)
    local store = {}
    local proxy = setmetatable({}, { __newindex = store })
    proxy.x = "stored"
    check("__newindex as a table: the value goes there", store.x, "stored")
    check("and not into the proxy", rawget(proxy, "x"), nil)
    local readOnly = setmetatable({}, {
        __index = { a = 1 },
        __newindex = function()
            error("read-only table", 2)
        end,
    })
    check("a read-only table still reads", readOnly.a, 1)
    check("a read-only table refuses writes", (pcall(function()
        readOnly.b = 2
    end)), false)
    rawset(readOnly, "b", 2)
    check("rawset bypasses __newindex", rawget(readOnly, "b"), 2)
end)

section("__call", function()
    local callable = setmetatable({ factor = 3 }, {
        __call = function(self, a, b)
            return self.factor * a, b
        end,
    })
    checkList("a table called like a function", pack(callable(2, "x")), pack(6, "x"))
    check("pcall of a callable table", select(2, pcall(callable, 5)), 15)
    local counter = setmetatable({ n = 0 }, {
        __call = function(self)
            self.n = self.n + 1
            return self.n
        end,
    })
    counter()
    counter()
    check("state kept between calls", counter(), 3)
    local varargs = setmetatable({}, {
        __call = function(_, ...)
            return select("#", ...), ...
        end,
    })
    checkList("__call passes every argument", pack(varargs(1, nil, 3)), pack(3, 1, nil, 3))
end)

section("arithmetic metamethods", function()
    local V = {}
    V.__index = V
    local function vec(x, y)
        return setmetatable({ x = x, y = y }, V)
    end
    V.__add = function(a, b)
        return vec(a.x + b.x, a.y + b.y)
    end
    V.__sub = function(a, b)
        return vec(a.x - b.x, a.y - b.y)
    end
    V.__mul = function(a, b)
        if type(a) == "number" then
            return vec(a * b.x, a * b.y)
        elseif type(b) == "number" then
            return vec(a.x * b, a.y * b)
        end
        return a.x * b.x + a.y * b.y
    end
    V.__div = function(a, b)
        return vec(a.x / b, a.y / b)
    end
    V.__mod = function(a, b)
        return vec(a.x % b, a.y % b)
    end
    V.__pow = function(a, b)
        return vec(a.x ^ b, a.y ^ b)
    end
    V.__unm = function(a)
        return vec(-a.x, -a.y)
    end
    local a, b = vec(1, 2), vec(3, 5)
    local s = a + b
    checkList("__add", pack(s.x, s.y), pack(4, 7))
    local d = b - a
    checkList("__sub", pack(d.x, d.y), pack(2, 3))
    check("__mul of two vectors", a * b, 13)
    local m = a * 3
    checkList("__mul with a number on the right", pack(m.x, m.y), pack(3, 6))
    local m2 = 2 * b
    checkList("__mul with a number on the left", pack(m2.x, m2.y), pack(6, 10))
    local q = b / 2
    checkList("__div", pack(q.x, q.y), pack(1.5, 2.5))
    local r = b % 2
    checkList("__mod", pack(r.x, r.y), pack(1, 1))
    local p = b ^ 2
    checkList("__pow", pack(p.x, p.y), pack(9, 25))
    local n = -a
    checkList("__unm", pack(n.x, n.y), pack(-1, -2))
    check("arithmetic without a metamethod is an error", (pcall(function()
        return {} + 1
    end)), false)
    local onlyRight = setmetatable({}, {
        __add = function(x, y)
            return type(x) .. "+" .. type(y)
        end,
    })
    check("the right operand's __add when the left has none", 1 + onlyRight, "number+table")
    check("a non-numeric string operand reaches __add", "a" + onlyRight, "string+table")
    check("a numeric string is converted, no metamethod", "10" + 1, 11)
end)

section("__concat", function()
    local mt = {
        __concat = function(a, b)
            local function part(v)
                return type(v) == "table" and "<" .. v.name .. ">" or tostring(v)
            end
            return part(a) .. part(b)
        end,
    }
    local obj = setmetatable({ name = "obj" }, mt)
    check("table .. string", obj .. "!", "<obj>!")
    check("string .. table", "!" .. obj, "!<obj>")
    check("number .. table", 1 .. obj, "1<obj>")
    check("table .. table", obj .. obj, "<obj><obj>")
    check("a chain is right associative", "a" .. "b" .. obj, "a" .. "b<obj>")
    check("concatenating a plain table is an error", (pcall(function()
        return "x" .. {}
    end)), false)
end)

section("__eq", function()
    local eqCalls = 0
    local mt = {
        __eq = function(a, b)
            eqCalls = eqCalls + 1
            return a.id == b.id
        end,
    }
    local a = setmetatable({ id = 1 }, mt)
    local b = setmetatable({ id = 1 }, mt)
    local c = setmetatable({ id = 2 }, mt)
    check("__eq says equal", a == b, true)
    check("__eq says different", a == c, false)
    check("~= is the negation", a ~= b, false)
    check("~= is the negation, different", a ~= c, true)
    local before = eqCalls
    check("the same table is equal without __eq", a == a, true)
    check("__eq not called for the same table", eqCalls, before)
    check("a table and a number are never equal", a == 1, false)
    check("__eq not called across types", eqCalls, before)
    local other = setmetatable({ id = 1 }, {
        __eq = function()
            return true
        end,
    })
    check("different __eq metamethods: not equal (5.1)", a == other, false)
    check("rawequal ignores __eq", rawequal(a, b), false)
    check("rawequal of the same table", rawequal(a, a), true)
    local truthy = setmetatable({}, {
        __eq = function()
            return "yes"
        end,
    })
    local truthy2 = setmetatable({}, getmetatable(truthy))
    check("the result of __eq becomes a boolean", truthy == truthy2, true)
end)

section("__lt and __le", function()
    local mt = {}
    mt.__lt = function(a, b)
        return a.v < b.v
    end
    mt.__le = function(a, b)
        return a.v <= b.v
    end
    local one, two, alsoTwo = setmetatable({ v = 1 }, mt), setmetatable({ v = 2 }, mt), setmetatable({ v = 2 }, mt)
    check("__lt true", one < two, true)
    check("__lt false", two < one, false)
    check("> swaps the operands of __lt", two > one, true)
    check("__le true on equal", two <= alsoTwo, true)
    check("__le false", two <= one, false)
    check(">= swaps the operands of __le", two >= one, true)
    local ltOnly = {
        __lt = function(a, b)
            return a.v < b.v
        end,
    }
    local x, y = setmetatable({ v = 1 }, ltOnly), setmetatable({ v = 2 }, ltOnly)
    check("without __le, a <= b is not (b < a): true", x <= y, true)
    check("without __le, a <= b is not (b < a): false", y <= x, false)
    check("comparing a table and a number is an error", (pcall(function()
        return one < 1
    end)), false)
    check("comparing plain tables is an error", (pcall(function()
        return {} < {}
    end)), false)
    local truthy = { __lt = function()
        return 1
    end }
    check("the result of __lt becomes a boolean",
        setmetatable({}, truthy) < setmetatable({}, truthy), true)
end)

section("__len does not apply to tables in Lua 5.1", function()
    local t = setmetatable({ 1, 2 }, {
        __len = function()
            return 99
        end,
    })
    check("# of a table ignores __len", #t, 2)
end)

section("__tostring", function()
    local t = setmetatable({}, {
        __tostring = function(self)
            return "custom " .. rawget(self, "tag")
        end,
    })
    rawset(t, "tag", "object")
    check("tostring uses __tostring", tostring(t), "custom object")
    check("a plain table's tostring", tostring({}):find("^table: ") ~= nil, true)
    check("a function's tostring", tostring(tostring):find("^function") ~= nil, true)
    local withName = setmetatable({}, { __tostring = function()
        return "named"
    end })
    check("table.concat does not use __tostring", (pcall(table.concat, { withName })), false)
end)

section("rawget, rawset and rawequal", function()
    local trap = setmetatable({}, {
        __index = function()
            return "trapped"
        end,
        __newindex = function()
            error("no writes")
        end,
    })
    check("rawget of a missing key", rawget(trap, "k"), nil)
    check("rawset returns the table", rawset(trap, "k", "v"), trap)
    check("rawget after rawset", rawget(trap, "k"), "v")
    check("a normal read of that key", trap.k, "v")
    check("rawget on a non-table is an error", (pcall(rawget, "s", 1)), false)
    check("rawset with a nil key is an error", (pcall(rawset, {}, nil, 1)), false)
    check("rawequal of equal numbers", rawequal(1, 1.0), true)
    check("rawequal of equal strings", rawequal("a" .. "b", "ab"), true)
    check("rawequal across types", rawequal(1, "1"), false)
end)

section("inheritance with metatables", function()
    local Animal = {}
    Animal.__index = Animal
    function Animal.new(name, sound)
        return setmetatable({ name = name, sound = sound }, Animal)
    end
    function Animal:speak()
        return self.name .. " says " .. self.sound
    end
    function Animal.kind()
        return "animal"
    end
    local Dog = setmetatable({}, { __index = Animal })
    Dog.__index = Dog
    function Dog.new(name)
        return setmetatable(Animal.new(name, "woof"), Dog)
    end
    function Dog:kind()
        return "dog, an " .. Animal.kind(self)
    end
    local d = Dog.new("rex")
    check("an inherited method", d:speak(), "rex says woof")
    check("an overriding method calling its parent", d:kind(), "dog, an animal")
    check("the instance's metatable", getmetatable(d), Dog)
end)

section("weak tables", function()
    if unsandboxed("collectgarbage is not in the sandbox") then
        local weak = setmetatable({}, { __mode = "k" })
        local key = {}
        weak[key] = "value"
        weak[{}] = "garbage"
        collectgarbage()
        collectgarbage()
        local count = 0
        for _ in pairs(weak) do
            count = count + 1
        end
        check("a weak-keyed table keeps only reachable keys", count, 1)
        check("the reachable key", weak[key], "value")
        local weakValues = setmetatable({}, { __mode = "v" })
        weakValues[1] = {}
        weakValues[2] = key
        collectgarbage()
        check("a collected weak value", weakValues[1], nil)
        check("a reachable weak value", weakValues[2], key)
    end
end)
