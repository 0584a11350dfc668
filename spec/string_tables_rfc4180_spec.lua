-- RFC 4180's rules (section 2) for the Lua side's CSV reader and writer (tools/string-tables.lua), the
-- ones the demo's tables are written and checked with; tests/test_references.cpp holds the game's own
-- reader and writer to the same rules. Then a seeded round trip: random fields with commas, quotes,
-- line breaks and spaces are written and read back unchanged.

local tables = dofile("tools/string-tables.lua")

local HEADER = tables.HEADER .. "\r\n"

-- A row of a table whose text, file and comment hold the example's three fields.
local function row(id, text, file, comment, ending)
    return "fr," .. id .. "," .. text .. "," .. file .. ",1,," .. comment .. (ending or "\r\n")
end

local function parsed(content)
    local rows, problems = tables.parseCsv(content, "rfc.fr.csv")
    assert.are.same({}, problems)
    return rows
end

describe("RFC 4180 in the Lua string-table reader", function()
    it("ends records with CRLF, and the last record may have no line break (2.1, 2.2)", function()
        for _, last in ipairs({ "\r\n", "" }) do
            local rows = parsed(HEADER .. row("a", "aaa", "bbb", "ccc") .. row("z", "zzz", "yyy", "xxx", last))
            assert.are.equal(2, #rows)
            assert.are.same({ "fr", "a", "aaa", "bbb", "1", "", "ccc", n = 2 }, rows[1])
            assert.are.same({ "fr", "z", "zzz", "yyy", "1", "", "xxx", n = 3 }, rows[2])
        end
    end)

    it("keeps spaces as part of a field (2.4)", function()
        local rows = parsed(HEADER .. row("a", " aaa ", "b bb", "  "))
        assert.are.equal(" aaa ", rows[1][3])
        assert.are.equal("b bb", rows[1][4])
        assert.are.equal("  ", rows[1][7])
    end)

    it("takes any field enclosed in double quotes (2.5)", function()
        local rows = parsed(HEADER .. '"fr","a","aaa","bbb","1","","ccc"\r\n' .. row("z", "zzz", "yyy", "xxx"))
        assert.are.same({ "fr", "a", "aaa", "bbb", "1", "", "ccc", n = 2 }, rows[1])
        assert.are.equal("zzz", rows[2][3])
    end)

    it("keeps line breaks, commas and doubled quotes inside quotes, and counts the lines (2.6, 2.7)", function()
        local rows = parsed(HEADER .. row("a", '"aaa"', '"b\r\nbb"', '"ccc"')
            .. row("b", '"b""bb"', '"x,y"', '"a ""quoted"", with, commas\nand LF"') .. row("c", "zzz", "yyy", "xxx"))
        assert.are.equal("b\r\nbb", rows[1][4])
        assert.are.equal('b"bb', rows[2][3])
        assert.are.equal("x,y", rows[2][4])
        assert.are.equal('a "quoted", with, commas\nand LF', rows[2][7])
        assert.are.same({ 2, 4, 6 }, { rows[1].n, rows[2].n, rows[3].n })
    end)

    it("refuses a quote inside an unquoted field or after a closing quote, at its line (2.5, 2.7)", function()
        for _, bad in ipairs({ row("a", 'b"bb', "f", "c"), row("a", '"b"bb"', "f", "c") }) do
            local _, problems = tables.parseCsv(HEADER .. bad, "rfc.fr.csv")
            assert.are.equal(1, #problems)
            assert.truthy(problems[1]:find("^rfc%.fr%.csv:2: "), problems[1])
        end
    end)
end)

describe("RFC 4180 in the Lua string-table writer", function()
    it("encloses exactly the fields with quotes, commas or line breaks and doubles quotes (2.6, 2.7)", function()
        local cases = {
            { "aaa", "aaa" }, { " a a ", " a a " }, { 'b"bb', '"b""bb"' }, { "b,bb", '"b,bb"' },
            { "b\nbb", '"b\nbb"' }, { "b\r\nbb", '"b\r\nbb"' }, { "b\rbb", '"b\rbb"' }, { '"', '""""' },
            { "", "" },
        }
        local rows, expected = {}, { tables.HEADER }
        for i, case in ipairs(cases) do
            rows[i] = { language = "fr", id = "r" .. i, text = case[1], file = "s.lua", line = 1, lock = "",
                comment = case[1] }
            expected[#expected + 1] = "fr,r" .. i .. "," .. case[2] .. ",s.lua,1,," .. case[2]
        end
        local csv = tables.formatCsv(rows)
        assert.are.equal(table.concat(expected, "\n") .. "\n", csv)
        local back = parsed(csv)
        for i, case in ipairs(cases) do
            assert.are.equal(case[1], back[i][3])
            assert.are.equal(case[1], back[i][7])
        end
    end)

    it("reads back what it writes for random fields (seeded)", function()
        local pieces = { "a", "word", ",", '"', '""', "\n", "\r\n", "\r", " ", "'", "\\", "\195\169", "\216\167", ";" }
        local seed = 12345
        local function random(n) -- a small LCG: the same cases on every VM
            seed = (seed * 1103515245 + 12345) % 2147483648
            return seed % n + 1
        end
        for _ = 1, 200 do
            local fields = {}
            for f = 1, 2 do
                local parts = {}
                for _ = 1, random(8) - 1 do
                    parts[#parts + 1] = pieces[random(#pieces)]
                end
                fields[f] = table.concat(parts)
            end
            local csv = tables.formatCsv({ { language = "fr", id = "x", text = fields[1], file = "s.lua", line = 3,
                lock = "", comment = fields[2] } })
            local back = parsed(csv)
            assert.are.equal(fields[1], back[1][3])
            assert.are.equal(fields[2], back[1][7])
        end
    end)
end)
