-- Patterns: string.find, match, gmatch and gsub with every character class,
-- sets, anchors, repetitions, captures, position captures, %b, %f and
-- back-references; the replacement forms of gsub; and the common idioms on
-- long inputs (reference manual 5.4, 5.4.1).

-- The characters among bytes 0-127 that a class matches, in order: only the
-- ASCII range, whose classes do not depend on the C locale.
local ascii = {}
for i = 0, 127 do
    ascii[#ascii + 1] = string.char(i)
end
ascii = table.concat(ascii)

local function members(class)
    return (ascii:gsub("[^" .. class .. "]", ""))
end

-- The characters among bytes 0-127 that match `pattern` on their own.
local function matching(pattern)
    local out = {}
    for i = 1, #ascii do
        local c = ascii:sub(i, i)
        if c:find(pattern) then
            out[#out + 1] = c
        end
    end
    return table.concat(out)
end

local function range(from, to)
    local out = {}
    for i = from:byte(), to:byte() do
        out[#out + 1] = string.char(i)
    end
    return table.concat(out)
end

local digits, lower, upper = range("0", "9"), range("a", "z"), range("A", "Z")
local controls = range("\0", "\31") .. "\127"
local punctuation = range("!", "/") .. range(":", "@") .. range("[", "`") .. range("{", "~")

section("character classes", function()
    check("%a letters", members("%a"), upper .. lower)
    check("%d digits", members("%d"), digits)
    check("%l lower case", members("%l"), lower)
    check("%u upper case", members("%u"), upper)
    check("%s space characters", members("%s"), "\t\n\v\f\r ")
    check("%w alphanumerics", members("%w"), digits .. upper .. lower)
    check("%x hexadecimal digits", members("%x"), digits .. "ABCDEF" .. "abcdef")
    check("%p punctuation", members("%p"), punctuation)
    check("%c control characters", members("%c"), controls)
    check("%z the zero byte", members("%z"), "\0")
    check(". matches every byte", #ascii:gsub(".", ""), 0)
    for _, class in ipairs({ "a", "d", "l", "u", "s", "w", "x", "p", "c", "z" }) do
        local complement = class:upper()
        check("%" .. complement .. " is the complement of %" .. class,
            #members("%" .. complement) + #members("%" .. class), 128)
    end
    check("a class outside a set", ("abc123"):match("%d"), "1")
    check("an escaped magic character", ("a.b"):find("%."), 2)
    check("an escaped percent", ("100%"):match("%d+%%"), "100%")
    check("an escaped non-alphanumeric is itself", ("(x)"):match("%(x%)"), "(x)")
end)

section("sets", function()
    check("[abc]", ("xxbxx"):find("[abc]"), 3)
    check("[a-c] range", matching("[a-c]"), "abc")
    check("several ranges", matching("[0-2x-z]"), "012xyz")
    check("[%a_] a class in a set", matching("[%a_]"), upper .. "_" .. lower)
    check("[^%d] complement set", #matching("[^%d]"), 118)
    check("[^abc]", ("abcd"):match("[^abc]"), "d")
    check("[%]] an escaped bracket", ("a]b"):match("[%]]"), "]")
    check("[]] a leading ] is literal", ("a]b"):match("[]]"), "]")
    check("[^]] a leading ] after ^", ("]]x"):match("[^]]"), "x")
    check("[a-] a trailing - is literal", matching("[a-]"), "-a")
    check("[%-] an escaped -", matching("[%-]"), "-")
    check("[.] a dot in a set is literal", ("abc.d"):find("[.]"), 4)
    check("[%z] the zero byte in a set", ("a\0b"):find("[%z]"), 2)
end)

section("anchors", function()
    checkList("^ anchors at the start", pack(("hello"):find("^he")), pack(1, 2))
    check("^ fails elsewhere", ("hello"):find("^el"), nil)
    checkList("$ anchors at the end", pack(("hello"):find("lo$")), pack(4, 5))
    check("$ fails elsewhere", ("hello"):find("l$"), nil)
    checkList("both anchors", pack(("hello"):find("^hello$")), pack(1, 5))
    check("both anchors, longer subject", ("hello!"):find("^hello$"), nil)
    checkList("^ with init anchors at init", pack(("hello"):find("^l", 3)), pack(3, 3))
    checkList("$ not at the end is literal", pack(("a$b"):find("a$b")), pack(1, 3))
    checkList("^ not at the start is literal", pack(("a^b"):find("a^b")), pack(1, 3))
    checkList("an empty pattern matches at once", pack(("abc"):find("")), pack(1, 0))
    checkList("the empty subject and pattern", pack((""):find("")), pack(1, 0))
    check("gsub with ^ replaces once", (("aaa"):gsub("^a", "b")), "baa")
end)

section("repetitions", function()
    check("* is greedy", ("aaab"):match("a*"), "aaa")
    check("* may match nothing", ("baaa"):match("a*"), "")
    check("+ needs one", ("baaa"):match("a+"), "aaa")
    check("+ fails on none", ("bbb"):match("a+"), nil)
    check("- is lazy", ("<a><b>"):match("<.->"), "<a>")
    check("* is greedy across", ("<a><b>"):match("<.*>"), "<a><b>")
    check("- may match nothing", ("ab"):match("a-b"), "ab")
    check("? optional present", ("colour"):match("colou?r"), "colour")
    check("? optional absent", ("color"):match("colou?r"), "color")
    check("a class with +", ("  42  "):match("%d+"), "42")
    check("a set with *", ("aabbc"):match("[ab]*"), "aabb")
    check("backtracking * then a literal", ("aaa"):match("a*a"), "aaa")
    check("backtracking - before an anchor", ("key = value"):match("^(.-)%s*=%s*(.-)$"), "key")
end)

section("find", function()
    checkList("start and end", pack(("hello world"):find("wor")), pack(7, 9))
    checkList("with captures", pack(("key=val"):find("(%w+)=(%w+)")), pack(1, 7, "key", "val"))
    check("no match is nil", ("hello"):find("xyz"), nil)
    checkList("init", pack(("abcabc"):find("b", 3)), pack(5, 5))
    checkList("negative init counts from the end", pack(("hello"):find("l", -2)), pack(4, 4))
    check("negative init past the match", ("hello"):find("l", -1), nil)
    checkList("plain find ignores magic characters", pack(("a.b+c"):find(".b+", 1, true)), pack(2, 4))
    checkList("plain find of %", pack(("50% off"):find("%", 1, true)), pack(3, 3))
    checkList("plain find of a zero byte", pack(("a\0b"):find("\0", 1, true)), pack(2, 2))
    check("plain find with no match", ("abc"):find("b.", 1, true), nil)
end)

section("match", function()
    check("the whole match without captures", ("hello world"):match("o w"), "o w")
    checkList("the captures", pack(("2024-01-15"):match("(%d+)-(%d+)-(%d+)")), pack("2024", "01", "15"))
    check("no match is nil", ("abc"):match("%d"), nil)
    check("init", ("a1b2"):match("%d", 3), "2")
    check("negative init", ("a1b2"):match(".", -1), "2")
    checkList("nested captures in order of their (", pack(("abc"):match("((a)(b))")), pack("ab", "a", "b"))
    check("an empty capture", ("abc"):match("a()"), 2)
    checkList("key = value", pack(("name = stagehand"):match("^(%w+)%s*=%s*(%w+)$")), pack("name", "stagehand"))
end)

section("position captures", function()
    checkList("() around a match", pack(("hello"):match("()ll()")), pack(3, 5))
    check("a position capture is a number", type(("abc"):match("()b")), "number")
    checkList("find with a position capture", pack(("hello"):find("()l")), pack(3, 3, 3))
    local positions = {}
    for p in ("a,b,c"):gmatch("(),") do
        positions[#positions + 1] = p
    end
    check("gmatch of positions", table.concat(positions, " "), "2 4")
    checkList("an empty match at the end", pack(("abc"):match("()$")), pack(4))
end)

section("balanced %b", function()
    check("%b()", ("f(a(b)c) d"):match("%b()"), "(a(b)c)")
    check("%b[] with gsub", (("x [a] y [b [c]] z"):gsub("%b[]", "")), "x  y  z")
    check("%b with the same open and close", ("say 'it' now"):match("%b''"), "'it'")
    check("unbalanced is no match", ("f(a(b"):match("%b()"), nil)
    check("%b<> nested", ("<<a><b>>rest"):match("^%b<>"), "<<a><b>>")
    check("malformed %b is an error", (pcall(string.find, "a", "%b")), false)
end)

section("frontier %f", function()
    checkList("%f[%a] words", pack(("THE (quick) fox"):gsub("%f[%a]%a+", "X")), pack("X (X) X", 3))
    checkList("a whole word", pack(("the cat concatenates"):find("%f[%w]cat%f[%W]")), pack(5, 7))
    check("not inside a word", ("concatenate"):find("%f[%w]cat%f[%W]"), nil)
    check("%f at the start of the subject", ("word"):find("%f[%w]"), 1)
    checkList("%f[%z] at the end of the subject", pack(("abc"):find("%f[%z]")), pack(4, 3))
    local caps = {}
    for w in ("one Two three FOUR"):gmatch("%f[%u]%u%l*") do
        caps[#caps + 1] = w
    end
    check("capitalised words by frontier", table.concat(caps, ","), "Two,F")
end)

section("back-references", function()
    checkList("a quoted string, either quote", pack(("say 'hi' and \"yo\""):match("([\"'])(.-)%1")), pack("'", "hi"))
    checkList("a repeated word", pack(("abcabc"):find("(abc)%1")), pack(1, 6, "abc"))
    check("a doubled letter", ("hello"):match("(%a)%1"), "l")
    check("no repeat, no match", ("abcd"):match("(%a)%1"), nil)
    check("an invalid back-reference is an error", (pcall(string.find, "aa", "(a)%2")), false)
end)

section("malformed patterns are errors", function()
    checkError("an unfinished capture", "unfinished capture", string.find, "a", "(")
    checkError("a missing ]", "malformed pattern (missing ']')", string.find, "a", "[a")
    checkError("a trailing %", "malformed pattern (ends with '%')", string.find, "a", "%")
    checkError("an unmatched )", "invalid pattern capture", string.match, "a", ")")
end)

section("gmatch", function()
    local words = {}
    for w in ("the quick  brown fox"):gmatch("%a+") do
        words[#words + 1] = w
    end
    check("words", table.concat(words, "|"), "the|quick|brown|fox")
    local pairsFound = {}
    for k, v in ("a=1, b=2, c=3"):gmatch("(%w+)=(%w+)") do
        pairsFound[#pairsFound + 1] = k .. v
    end
    check("two captures per match", table.concat(pairsFound, " "), "a1 b2 c3")
    local none = 0
    for _ in ("abc"):gmatch("%d") do
        none = none + 1
    end
    check("no match runs no iteration", none, 0)
    local iter = ("x1y2"):gmatch("%d")
    check("the iterator by hand: first", iter(), "1")
    check("the iterator by hand: second", iter(), "2")
    check("the iterator by hand: done", iter(), nil)
    local chars = {}
    for c in ("abc"):gmatch(".") do
        chars[#chars + 1] = c
    end
    check("every character", table.concat(chars, ","), "a,b,c")
end)

section("gsub with a string replacement", function()
    checkList("replace every match and count", pack(("hello world"):gsub("o", "0")), pack("hell0 w0rld", 2))
    checkList("%0 is the whole match", pack(("abc"):gsub("%w", "%0%0")), pack("aabbcc", 3))
    checkList("%1 is the first capture", pack(("hello world"):gsub("(o)", "[%1]")), pack("hell[o] w[o]rld", 2))
    checkList("captures swapped", pack(("key=val"):gsub("(%w+)=(%w+)", "%2=%1")), pack("val=key", 1))
    checkList("%% is a percent sign", pack(("50 percent"):gsub(" percent", "%%")), pack("50%", 1))
    checkList("%1 without captures is the whole match", pack(("abc"):gsub("b", "<%1>")), pack("a<b>c", 1))
    checkList("no match: the subject and 0", pack(("abc"):gsub("x", "y")), pack("abc", 0))
    checkList("an empty pattern between every character", pack(("abc"):gsub("", "-")), pack("-a-b-c-", 4))
    check("an invalid capture index is an error", (pcall(string.gsub, "abc", "(b)", "%2")), false)
    checkList("a replacement with magic characters is literal", pack(("a.b"):gsub("%.", "[.*]")), pack("a[.*]b", 1))
end)

section("gsub with a limit", function()
    checkList("n = 1", pack(("aaa"):gsub("a", "b", 1)), pack("baa", 1))
    checkList("n = 2", pack(("aaa"):gsub("a", "b", 2)), pack("bba", 2))
    checkList("n larger than the matches", pack(("aaa"):gsub("a", "b", 10)), pack("bbb", 3))
    checkList("n = 0", pack(("aaa"):gsub("a", "b", 0)), pack("aaa", 0))
    checkList("an empty pattern with n", pack(("abc"):gsub("", "-", 2)), pack("-a-bc", 2))
    checkList("a table replacement with n", pack(("abc"):gsub(".", { a = "[A]", b = "[B]" }, 1)), pack("[A]bc", 1))
end)

section("gsub with a table replacement", function()
    local map = { cat = "dog", bird = false }
    checkList("keys by the first capture", pack(("cat and bird and cow"):gsub("%a+", map)),
        pack("dog and bird and cow", 5))
    checkList("numbers become strings", pack(("a b"):gsub("%a", { a = 1 })), pack("1 b", 2))
    checkList("keyed by the capture", pack(("$x + $y"):gsub("%$(%a)", { x = "10", y = "20" })), pack("10 + 20", 2))
end)

section("gsub with a function replacement", function()
    local seen = {}
    local result = pack(("hello"):gsub("l+", function(m)
        seen[#seen + 1] = m
        return #m
    end))
    checkList("a number result becomes a string", result, pack("he2o", 1))
    check("the function got the match", seen[1], "ll")
    checkList("nil keeps the original", pack(("abc"):gsub("%w", function(c)
        if c ~= "b" then
            return c:upper()
        end
    end)), pack("AbC", 3))
    checkList("false keeps the original", pack(("abc"):gsub("%w", function()
        return false
    end)), pack("abc", 3))
    checkList("the function gets the captures", pack(("a=1,b=2"):gsub("(%w)=(%w)", function(k, v)
        return v .. k
    end)), pack("1a,2b", 2))
    checkList("with a position capture", pack(("abc"):gsub("()b", function(p)
        return "<" .. p .. ">"
    end)), pack("a<2>c", 1))
    check("a table result is an error", (pcall(string.gsub, "abc", "b", function()
        return {}
    end)), false)
end)

section("the common idioms", function()
    check("trim", ("  trim me  "):match("^%s*(.-)%s*$"), "trim me")
    check("trim an all-space string", ("   "):match("^%s*(.-)%s*$"), "")
    check("split on commas", (function()
        local out = {}
        for field in ("a,b,,c"):gmatch("([^,]*),?") do
            out[#out + 1] = "<" .. field .. ">"
        end
        return out[1] .. out[2] .. out[3] .. out[4]
    end)(), "<a><b><><c>")
    check("collapse whitespace", (("a  b \t\n c"):gsub("%s+", " ")), "a b c")
    check("starts with", ("prefix-rest"):sub(1, #"prefix") == "prefix", true)
    check("escape magic characters", (("a.b*c"):gsub("[%^%$%(%)%%%.%[%]%*%+%-%?]", "%%%0")), "a%.b%*c")
    check("count occurrences", select(2, ("banana"):gsub("a", "")), 3)
    check("capitalise words", (("hello big world"):gsub("(%a)(%a*)", function(a, b)
        return a:upper() .. b
    end)), "Hello Big World")
end)

-- Each long input in its own section: a refusal of one does not hide the others.
section("gsub('%s+', ' ') on 100 KB", function()
    local unit = "lorem  ipsum\t\n"
    local n = 7500 -- 105,000 bytes
    local collapsed, count = unit:rep(n):gsub("%s+", " ")
    check("the result", collapsed, ("lorem ipsum "):rep(n))
    check("the count", count, 2 * n)
end)

section("trim '^%s*(.-)%s*$' on 200 bytes", function()
    local core = ("word "):rep(38) .. "word"
    local padded = " \t " .. core .. "\n  "
    check("the input's length", #padded, 200)
    check("the trimmed text", padded:match("^%s*(.-)%s*$"), core)
end)

section("trim '^%s*(.-)%s*$' on 10 KB", function()
    local core = ("word "):rep(2045) .. "word"
    local padded = "  \t\n " .. core .. " \r\n\t  "
    check("the input's length", #padded, 10240)
    check("the trimmed text", padded:match("^%s*(.-)%s*$"), core)
end)

section("('a'):rep(300000):find('^a*.?$')", function()
    checkList("the whole string matches", pack(("a"):rep(300000):find("^a*.?$")), pack(1, 300000))
end)

section("gmatch over long inputs", function()
    local words = 0
    for _ in ("word "):rep(20000):gmatch("%a+") do
        words = words + 1
    end
    check("gmatch('%a+') over 100 KB", words, 20000)
    local lines = 0
    for line in ("a line of text\n"):rep(5000):gmatch("([^\n]*)\n") do
        if line == "a line of text" then
            lines = lines + 1
        end
    end
    check("gmatch over 5000 lines (75 KB)", lines, 5000)
end)

section("plain find on long inputs", function()
    check("plain find at the end of 1 MB", (("x"):rep(1000000) .. "needle"):find("needle", 1, true), 1000001)
end)
