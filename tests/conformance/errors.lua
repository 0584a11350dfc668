-- Errors: error and its levels, error objects of every type, pcall, xpcall,
-- assert, and the messages of runtime errors (reference manual 2.7, 5.1).
--
-- Positions: a message's "chunk:line: " prefix is compared with the prefix of
-- a marker error raised on the SAME source line (`error("mark")`), so the
-- checks hold wherever the chunk is loaded from and whatever its line
-- offset (run.lua loads the file itself; a scene pastes it into a script).

-- The "chunk:line: " prefix of a "...: mark" message, or the message itself
-- when it has no such shape (the check then fails showing it).
local function prefixOf(markMessage)
    if type(markMessage) ~= "string" then
        return markMessage
    end
    return markMessage:match("^(.*)mark$") or markMessage
end

-- pcall(fn, ...) and the prefix of the message of pcall(fn, false): each
-- function below raises its real error when given true and a marker on the
-- same line when given false.
local function positioned(fn)
    local _, mark = pcall(fn, false)
    return prefixOf(mark), pack(pcall(fn, true))
end

section("error(message) adds the position of the line that called error", function()
    local function raise(real) if real then error("message") else error("mark") end end
    local where, result = positioned(raise)
    check("the marker has a chunk:line: prefix", type(where) == "string" and where:find("^.+:%d+: $") ~= nil, true)
    checkList("error('message')", result, pack(false, where .. "message"))
    local function raise1(real) if real then error("message", 1) else error("mark") end end
    local where1, result1 = positioned(raise1)
    checkList("error('message', 1) is the same", result1, pack(false, where1 .. "message"))
end)

section("positions name the line", function()
    local function first() error("mark") end
    local function second() error("mark") end
    local _, a = pcall(first)
    local _, b = pcall(second)
    local chunkA, lineA = tostring(a):match("^(.*):(%d+): mark$")
    local chunkB, lineB = tostring(b):match("^(.*):(%d+): mark$")
    check("the same chunk for both", chunkA ~= nil and chunkA == chunkB, true)
    check("consecutive lines", tonumber(lineB), tonumber(lineA) + 1)
end)

section("error(message, 0) adds no position", function()
    checkList("level 0 in a function", pack(pcall(function()
        error("exactly this", 0)
    end)), pack(false, "exactly this"))
    checkList("pcall(error, 'x')", pack(pcall(error, "x")), pack(false, "x"))
    checkList("pcall(error, 'x', 0)", pack(pcall(error, "x", 0)), pack(false, "x"))
end)

section("error(message, 2) blames the caller's line", function()
    local function callee()
        error("blame the caller", 2)
    end
    local function caller(real) if real then callee() else error("mark") end end
    local where, result = positioned(caller)
    checkList("level 2", result, pack(false, where .. "blame the caller"))
    local function deeper()
        error("two levels up", 3)
    end
    local function middle()
        deeper()
    end
    local function top(real) if real then middle() else error("mark") end end
    local where3, result3 = positioned(top)
    checkList("level 3", result3, pack(false, where3 .. "two levels up"))
    -- Level 2 of a function that pcall called directly is pcall itself, a C
    -- function: no position.
    checkList("level 2 when the caller is pcall", pack(pcall(callee)), pack(false, "blame the caller"))
end)

section("error objects that are not strings pass through untouched", function()
    local object = { code = 42 }
    local result = pack(pcall(function()
        error(object)
    end))
    checkList("a table, the same table", result, pack(false, object))
    checkList("a table through pcall(error, t)", pack(pcall(error, object)), pack(false, object))
    checkList("nil", pack(pcall(function()
        error(nil)
    end)), pack(false, nil))
    checkList("error() is error(nil)", pack(pcall(function()
        error()
    end)), pack(false, nil))
    checkList("pcall(error)", pack(pcall(error)), pack(false, nil))
    checkList("true", pack(pcall(function()
        error(true)
    end)), pack(false, true))
    checkList("false", pack(pcall(function()
        error(false)
    end)), pack(false, false))
    checkList("a number at level 0", pack(pcall(function()
        error(42, 0)
    end)), pack(false, 42))
    checkList("pcall(error, 42, 0)", pack(pcall(error, 42, 0)), pack(false, 42))
    local fn = function() end
    checkList("a function", pack(pcall(error, fn)), pack(false, fn))
    local withTostring = setmetatable({}, { __tostring = function()
        return "shown"
    end })
    checkList("a table with __tostring is not converted", pack(pcall(error, withTostring)), pack(false, withTostring))
end)

section("a number error at level 1 becomes a positioned string", function()
    -- error adds a position to any value lua_isstring accepts, numbers included.
    local function raise(real) if real then error(42) else error("mark") end end
    local where, result = positioned(raise)
    checkList("error(42)", result, pack(false, where .. "42"))
end)

section("pcall", function()
    checkList("success: true and every result", pack(pcall(function()
        return 1, nil, 3
    end)), pack(true, 1, nil, 3))
    checkList("success with no results", pack(pcall(function() end)), pack(true))
    checkList("arguments are passed", pack(pcall(function(a, b)
        return a + b
    end, 2, 3)), pack(true, 5))
    checkList("pcall(nil)", pack(pcall(nil)), pack(false, "attempt to call a nil value"))
    checkList("pcall of a table without __call", pack(pcall({})), pack(false, "attempt to call a table value"))
    check("pcall with no function is an error", (pcall(pcall)), false)
    -- The function's name in the message depends on how it was called (PUC
    -- and LuaJIT say '?' under pcall): only the rest is checked.
    local ok, message = pcall(string.rep)
    check("pcall of a C function that fails: false", ok, false)
    check("pcall of a C function that fails: the message, no position", type(message) == "string"
        and message:match("^bad argument #1 to '[^']*' %(string expected, got no value%)$") ~= nil
        or message, true)
end)

section("nested pcall", function()
    checkList("pcall(pcall, error, 'x')", pack(pcall(pcall, error, "x")), pack(true, false, "x"))
    local log = {}
    local ok, message = pcall(function()
        local innerOk, innerMessage = pcall(function()
            error("inner", 0)
        end)
        log[#log + 1] = tostring(innerOk) .. " " .. innerMessage
        error("outer " .. innerMessage, 0)
    end)
    check("the inner failure was caught inside", log[1], "false inner")
    checkList("the outer failure", pack(ok, message), pack(false, "outer inner"))
    local object = {}
    checkList("rethrowing an object keeps it", pack(pcall(function()
        local _, e = pcall(error, object)
        error(e)
    end)), pack(false, object))
    checkList("rethrowing a message at level 0 keeps it", pack(pcall(function()
        local _, e = pcall(error, "first")
        error(e, 0)
    end)), pack(false, "first"))
    local depth = 0
    local function nest(n)
        if n == 0 then
            error("bottom", 0)
        end
        local _, e = pcall(nest, n - 1)
        depth = depth + 1
        error(e, 0)
    end
    checkList("50 nested pcalls pass the message up", pack(pcall(nest, 50)), pack(false, "bottom"))
    check("every level caught it", depth, 50)
end)

section("xpcall", function()
    local received
    local result = pack(xpcall(function()
        error("failed", 0)
    end, function(message)
        received = message
        return "handled: " .. message
    end))
    checkList("false and the handler's value", result, pack(false, "handled: failed"))
    check("the handler received the error", received, "failed")
    local object = {}
    local seen
    xpcall(function()
        error(object)
    end, function(e)
        seen = e
    end)
    check("the handler receives an object untouched", seen, object)
    checkList("a handler returning nothing gives nil", pack(xpcall(function()
        error("x", 0)
    end, function() end)), pack(false, nil))
    checkList("only the handler's first value", pack(xpcall(function()
        error("x", 0)
    end, function(m)
        return m .. "1", m .. "2"
    end)), pack(false, "x1"))
    checkList("success: true and every result", pack(xpcall(function()
        return 1, 2, nil
    end, error)), pack(true, 1, 2, nil))
    local function raise(real) if real then error("positioned") else error("mark") end end
    local where = prefixOf(select(2, pcall(raise, false)))
    checkList("the handler sees the position", pack(xpcall(function()
        raise(true)
    end, function(m)
        return m
    end)), pack(false, where .. "positioned"))
    checkList("xpcall(error, error)", pack(xpcall(error, error)), pack(false, "error in error handling"))
    checkList("a handler that raises", pack(xpcall(function()
        error("x")
    end, function(m)
        error("again " .. m)
    end)), pack(false, "error in error handling"))
end)

section("an error in a metamethod", function()
    local function index(_, key) if key ~= "mark" then error("no field " .. key) else error("mark") end end
    local proxy = setmetatable({}, { __index = index })
    local where = prefixOf(select(2, pcall(function()
        return proxy.mark
    end)))
    checkList("an error raised in __index", pack(pcall(function()
        return proxy.colour
    end)), pack(false, where .. "no field colour"))
    local object = {}
    local objectProxy = setmetatable({}, { __index = function()
        error(object)
    end })
    checkList("an error object raised in __index", pack(pcall(function()
        return objectProxy.x
    end)), pack(false, object))
    local strict = setmetatable({}, { __newindex = function(_, key)
        error("cannot set " .. key, 0)
    end })
    checkList("an error raised in __newindex", pack(pcall(function()
        strict.x = 1
    end)), pack(false, "cannot set x"))
    local add = setmetatable({}, { __add = function()
        error("no adding", 0)
    end })
    checkList("an error raised in __add", pack(pcall(function()
        return add + 1
    end)), pack(false, "no adding"))
    local called = setmetatable({}, { __call = function()
        error({ "called" })
    end })
    local ok, e = pcall(called)
    check("an error raised in __call", ok == false and type(e) == "table" and e[1], "called")
end)

section("assert", function()
    checkList("assert(false, message)", pack(pcall(assert, false, "message")), pack(false, "message"))
    checkList("assert(nil) says assertion failed!", pack(pcall(assert, nil)), pack(false, "assertion failed!"))
    checkList("assert(false)", pack(pcall(assert, false)), pack(false, "assertion failed!"))
    checkList("a true assert returns every argument", pack(assert(1, 2, 3)), pack(1, 2, 3))
    checkList("assert('value', nil)", pack(assert("value", nil)), pack("value", nil))
    check("assert() with no value is an error", (pcall(assert)), false)
    local function failing(real) if real then assert(false, "checked") else error("mark") end end
    local where, result = positioned(failing)
    -- assert raises like error(message) at level 1 of the C function: the
    -- position of the line that called assert.
    checkList("assert(false, message) in a function", result, pack(false, where .. "checked"))
    local function failingNil(real) if real then assert(nil) else error("mark") end end
    local whereNil, resultNil = positioned(failingNil)
    checkList("assert(nil) in a function", resultNil, pack(false, whereNil .. "assertion failed!"))
end)

section("runtime error messages", function()
    local undefined = nil
    local t = {}
    local function f1(real) if real then return undefined + 1 else error("mark") end end
    local w, r = positioned(f1)
    checkList("arithmetic on a nil upvalue", r,
        pack(false, w .. "attempt to perform arithmetic on upvalue 'undefined' (a nil value)"))
    local function f2(real) if real then return t.field.sub else error("mark") end end
    w, r = positioned(f2)
    checkList("indexing a nil field", r, pack(false, w .. "attempt to index field 'field' (a nil value)"))
    local function f3(real) if real then t.method() else error("mark") end end
    w, r = positioned(f3)
    checkList("calling a nil field", r, pack(false, w .. "attempt to call field 'method' (a nil value)"))
    local function f4(real) if real then return t:method() else error("mark") end end
    w, r = positioned(f4)
    checkList("calling a nil method", r, pack(false, w .. "attempt to call method 'method' (a nil value)"))
    local function f5(real) if real then return 1 < "2" else error("mark") end end
    w, r = positioned(f5)
    checkList("comparing a number with a string", r, pack(false, w .. "attempt to compare number with string"))
    local function f6(real) if real then return "a" .. t else error("mark") end end
    w, r = positioned(f6)
    checkList("concatenating a table", r, pack(false, w .. "attempt to concatenate upvalue 't' (a table value)"))
    local function f7(real) if real then return #undefined else error("mark") end end
    w, r = positioned(f7)
    checkList("the length of nil", r, pack(false, w .. "attempt to get length of upvalue 'undefined' (a nil value)"))
    local function f8(real) local x = nil if real then return x.y else error("mark") end end
    w, r = positioned(f8)
    checkList("indexing a nil local", r, pack(false, w .. "attempt to index local 'x' (a nil value)"))
    local function f9(real) if real then return -{} else error("mark") end end
    w, r = positioned(f9)
    checkList("negating a table", r, pack(false, w .. "attempt to perform arithmetic on a table value"))
end)

section("stack overflow is an error pcall catches", function()
    local function infinite()
        return 1 + infinite()
    end
    local ok, message = pcall(infinite)
    check("pcall returns false", ok, false)
    check("the message says stack overflow", type(message) == "string" and message:find("stack overflow") ~= nil, true)
    check("the program goes on", select("#", pcall(function() end)), 1)
end)

section("errors from library functions name the function and the argument", function()
    local function bad(real) if real then local s = string.rep("x", "many") return s else error("mark") end end
    local where, result = positioned(bad)
    checkList("string.rep with a bad count", result,
        pack(false, where .. "bad argument #2 to 'rep' (number expected, got string)"))
end)
