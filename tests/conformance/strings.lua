-- Strings: literals, length, sub/byte/char/rep/upper/lower/reverse, format,
-- methods through the string metatable, comparison, concatenation and
-- coercion, embedded zeros (reference manual 2.1, 2.2.1, 2.5.4, 2.5.6, 5.4).

section("literals and escapes", function()
    check("decimal escape", "\97\98\99", "abc")
    check("three-digit decimal escape", "\065\066", "AB")
    check("control escapes", "\a\b\f\n\r\t\v", string.char(7, 8, 12, 10, 13, 9, 11))
    check("quote and backslash escapes", "\"\'\\", string.char(34, 39, 92))
    check("single and double quotes", 'it\'s', "it's")
    check("a long string", [[a "quoted" \n not an escape]], "a \"quoted\" \\n not an escape")
    check("a long string skips its first newline", [[
first]], "first")
    check("a long string with level", [==[has ]] inside]==], "has ]] inside")
    check("a backslash-newline is a newline", "a\
b", "a\nb")
    check("a zero byte", #"\0", 1)
end)

section("length and embedded zeros", function()
    local s = "a\0b"
    check("# counts the zero", #s, 3)
    check("string.len counts the zero", string.len(s), 3)
    check("the zero byte", s:byte(2), 0)
    check("sub after the zero", s:sub(3), "b")
    check("upper keeps the zero", s:upper(), "A\0B")
    check("concatenation keeps zeros", #(s .. "\0" .. s), 7)
    check("rep of a zero", string.rep("\0", 3), "\0\0\0")
    check("zeros compare as bytes", "a\0b" < "a\0c", true)
    check("a string and its prefix before a zero differ", "a\0b" == "a", false)
    check("a prefix is less", "a" < "a\0", true)
    check("table.concat with zeros", table.concat({ "x\0", "\0y" }), "x\0\0y")
    check("char of zero", string.char(0, 0), "\0\0")
    check("# of the empty string", #"", 0)
end)

section("sub with positive and negative indices", function()
    local s = "hello"
    check("sub(2, 4)", s:sub(2, 4), "ell")
    check("sub(2)", s:sub(2), "ello")
    check("sub(-3)", s:sub(-3), "llo")
    check("sub(2, -2)", s:sub(2, -2), "ell")
    check("sub(-100, 2) clamps", s:sub(-100, 2), "he")
    check("sub(0) is the whole string", s:sub(0), "hello")
    check("sub(10) is empty", s:sub(10), "")
    check("sub(3, 2) is empty", s:sub(3, 2), "")
    check("sub(-1, -1)", s:sub(-1, -1), "o")
    check("sub(1, 100) clamps", s:sub(1, 100), "hello")
    check("sub(5, 5)", s:sub(5, 5), "o")
end)

section("byte and char", function()
    check("byte() is the first", ("ABC"):byte(), 65)
    check("byte(-1) is the last", ("ABC"):byte(-1), 67)
    checkList("byte(1, -1) is every byte", pack(("ABC"):byte(1, -1)), pack(65, 66, 67))
    checkList("byte(2, 3)", pack(("ABC"):byte(2, 3)), pack(66, 67))
    checkList("byte past the end gives nothing", pack(("ABC"):byte(10)), pack())
    checkList("byte of the empty string gives nothing", pack((""):byte()), pack())
    check("byte of a high byte", ("\255"):byte(), 255)
    check("char of several", string.char(72, 105, 33), "Hi!")
    check("char() is empty", string.char(), "")
    check("char(255)", string.char(255), "\255")
    check("char(256) is an error", (pcall(string.char, 256)), false)
    check("char(-1) is an error", (pcall(string.char, -1)), false)
    local all = {}
    for i = 0, 255 do
        all[#all + 1] = string.char(i)
    end
    local bytes = table.concat(all)
    check("256 bytes round trip: length", #bytes, 256)
    local same = true
    for i = 0, 255 do
        same = same and bytes:byte(i + 1) == i
    end
    check("256 bytes round trip: values", same, true)
end)

section("rep, reverse, upper and lower", function()
    check("rep 3", string.rep("ab", 3), "ababab")
    check("rep 1", string.rep("ab", 1), "ab")
    check("rep 0 is empty", string.rep("ab", 0), "")
    check("rep negative is empty", string.rep("ab", -2), "")
    check("rep of the empty string", string.rep("", 5), "")
    check("rep to a megabyte", #string.rep("x", 1000000), 1000000)
    check("reverse", ("abc"):reverse(), "cba")
    check("reverse of empty", (""):reverse(), "")
    check("upper", ("Hello, World 1!"):upper(), "HELLO, WORLD 1!")
    check("lower", ("Hello, World 1!"):lower(), "hello, world 1!")
    check("len as a method", ("four"):len(), 4)
end)

section("format", function()
    check("%d", string.format("%d", 42), "42")
    check("%d negative", string.format("%d", -7), "-7")
    check("%5d pads", string.format("%5d", 42), "   42")
    check("%-5d pads right", string.format("%-5d|", 42), "42   |")
    check("%05d pads with zeros", string.format("%05d", 42), "00042")
    check("%+d", string.format("%+d", 5), "+5")
    check("%d of a numeric string", string.format("%d", "17"), "17")
    check("%d of 2^31", string.format("%d", 2 ^ 31), "2147483648")
    check("%5.2f", string.format("%5.2f", 3.14159), " 3.14")
    check("%.3f", string.format("%.3f", 2 / 3), "0.667")
    check("%10.3f", string.format("%10.3f", -1.5), "    -1.500")
    check("%.0f rounds", string.format("%.0f", 2.75), "3")
    check("%e", string.format("%e", 12345.678), "1.234568e+04")
    check("%g large", string.format("%g", 1e20), "1e+20")
    check("%g small", string.format("%g", 0.1), "0.1")
    check("%x", string.format("%x", 255), "ff")
    check("%X", string.format("%X", 255), "FF")
    check("%#x", string.format("%#x", 255), "0xff")
    check("%o", string.format("%o", 8), "10")
    check("%c", string.format("%c", 65), "A")
    check("%c%c%c", string.format("%c%c%c", 76, 117, 97), "Lua")
    check("%%", string.format("100%%"), "100%")
    check("%s", string.format("%s and %s", "this", "that"), "this and that")
    check("%s of a number", string.format("%s", 1.5), "1.5")
    check("%5s", string.format("%5s", "ab"), "   ab")
    check("%-5s", string.format("%-5s|", "ab"), "ab   |")
    check("%.3s truncates", string.format("%.3s", "abcdef"), "abc")
    check("%s of a long string is kept whole", #string.format("%s", ("x"):rep(500)), 500)
    check("several kinds at once", string.format("%s=%d (%5.1f%%)", "n", 3, 42.26), "n=3 ( 42.3%)")
    check("a missing argument is an error", (pcall(string.format, "%d")), false)
    check("%d of a non-number is an error", (pcall(string.format, "%d", "x")), false)
    check("an invalid option is an error", (pcall(string.format, "%y", 1)), false)
    check("format as a method", ("%d-%d"):format(1, 2), "1-2")
end)

section("format %q", function()
    check("%q of a plain string", string.format("%q", "hello"), '"hello"')
    check("%q escapes quotes and backslashes", string.format("%q", 'say "hi" \\ now'), '"say \\"hi\\" \\\\ now"')
    check("%q writes a newline as backslash-newline", string.format("%q", "a\nb"), '"a\\\nb"')
    -- PUC Lua writes a zero byte as \000, LuaJIT as \0; both read back as a zero.
    checkOneOf("%q of a zero byte", string.format("%q", "\0"), { '"\\000"', '"\\0"' })
    -- PUC Lua writes a carriage return as \r, LuaJIT as \13.
    checkOneOf("%q of a carriage return", string.format("%q", "\r"), { '"\\r"', '"\\13"' })
    if unsandboxed("loadstring is not in the sandbox: %q cannot be read back") then
        local tricky = "q\"uote\\ new\nline \r\0zero \1\2\255 end"
        local back = loadstring("return " .. string.format("%q", tricky))()
        check("%q reads back as the same string", back, tricky)
    end
end)

section("methods through the string metatable", function()
    check("(\"x\"):upper()", ("x"):upper(), "X")
    local s = "method"
    check("s:len()", s:len(), 6)
    check("s:sub(1, 3)", s:sub(1, 3), "met")
    check("a method on a literal call", ("%s!"):format("hi"), "hi!")
    check("a number key on a string is nil", ("abc")[1], nil)
    local mt = getmetatable("")
    check("strings have a metatable table", type(mt), "table")
    check("getmetatable(\"\").__index is string", type(mt) == "table" and mt.__index or mt, string)
    check("every string shares it", getmetatable("a") == getmetatable("b"), true)
end)

section("comparison", function()
    check("a < b", "a" < "b", true)
    check("abc < abd", "abc" < "abd", true)
    check("the empty string is least", "" < "a", true)
    check("a prefix is less", "ab" < "abc", true)
    check("upper case before lower case", "Z" < "a", true)
    check("digits compare as characters", "10" < "9", true)
    check("<= on equal strings", "same" <= "same", true)
    check(">", "b" > "a", true)
    check("equality by value", "con" .. "cat" == "concat", true)
    check("inequality", "a" ~= "A", true)
    check("a string is not equal to a number", "1" == 1, false)
end)

section("concatenation and coercion", function()
    check("strings", "con" .. "cat", "concat")
    check("numbers concatenate as strings", 1 .. 2, "12")
    check("a float", 1.5 .. "", "1.5")
    check("a negative number", -3 .. "x", "-3x")
    check("an integral float", 10 / 2 .. "", "5")
    check("a large number", 1e100 .. "", "1e+100")
    check("2^53", 2 ^ 53 .. "", "9.007199254741e+15")
    check("one third", 1 / 3 .. "", "0.33333333333333")
    check("right associative chain", "a" .. "b" .. "c" .. 1 .. 2, "abc12")
    check("a numeric string in arithmetic", "10" + 5, 15)
    check("two numeric strings multiplied", "3" * "4", 12)
    check("a hexadecimal string", "0x10" + 0, 16)
    check("spaces around a numeric string", " 5 " + 0, 5)
    check("an exponent string", "1e2" * 1, 100)
    check("a non-numeric string in arithmetic is an error", (pcall(function()
        return "abc" + 1
    end)), false)
    check("nil cannot be concatenated", (pcall(function()
        local missing = nil
        return "a" .. missing
    end)), false)
    check("a boolean cannot be concatenated", (pcall(function()
        return "a" .. tostring(true) .. true
    end)), false)
    local parts = ""
    for i = 1, 1000 do
        parts = parts .. (i % 10)
    end
    check("a string grown by 1000 concatenations", #parts, 1000)
    check("its tail", parts:sub(-3), "890")
end)

section("tostring and strings", function()
    check("tostring of a string is itself", tostring("x"), "x")
    check("tostring(nil)", tostring(nil), "nil")
    check("tostring(true)", tostring(true), "true")
    check("tostring(false)", tostring(false), "false")
    check("type of a string", type(""), "string")
end)

section("string.dump", function()
    if unsandboxed("string.dump and loadstring are not in the sandbox") then
        local function answer(x)
            return x * 2
        end
        local copy = loadstring(string.dump(answer))
        check("a dumped function loads and runs", copy(21), 42)
    end
end)
