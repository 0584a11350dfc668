-- Specs for the demo's string tables (scripts/strings/Demo.CODE.csv, issue 28) and the Lua side that
-- writes and checks them (tools/string-tables.lua): every table is complete for scripts/Demo.lua, has no
-- ID the script lost, no stale lock, the source's event and timing tags and a well-formed CSV row; and
-- each of those rules, broken on purpose in a copy, is a finding naming the table's line.

local tables = dofile("tools/string-tables.lua")
local checker = dofile("scripts/SceneSource.lua")
local api = dofile("scripts/ApiDescription.lua")

local SCRIPT = "scripts/Demo.lua"

local function read(path)
    local f = assert(io.open(path, "rb"))
    local content = f:read("*a")
    f:close()
    return content
end

local demoLines = tables.sourceLines(read(SCRIPT), api, checker, SCRIPT)

local function findingsOf(content, code)
    return tables.checkTable("Demo." .. (code or "fr") .. ".csv", content, demoLines, code or "fr", SCRIPT)
end

-- `content` with the first occurrence of `from` (plain text) replaced by `to`.
local function edit(content, from, to)
    local at = assert(content:find(from, 1, true), "not in the table: " .. from)
    return content:sub(1, at - 1) .. to .. content:sub(at + #from)
end

-- The row of `id` in `content` (its whole line: the demo's rows have no line breaks).
local function rowOf(content, id)
    return assert(content:match("\n([^\n]*," .. id:gsub("%p", "%%%0") .. ",[^\n]*)\n"), "no row " .. id)
end

-- One of the findings matches (a break may cost a second finding: a row that does not parse has no row).
local function hasFinding(findings, pattern)
    for _, f in ipairs(findings) do
        if f:find(pattern) then
            return
        end
    end
    error("no finding matches " .. pattern .. ":\n" .. table.concat(findings, "\n"))
end

local function oneFinding(findings, pattern)
    assert.are.equal(1, #findings, table.concat(findings, "\n"))
    assert.truthy(findings[1]:find(pattern), findings[1] .. "\n  does not match: " .. pattern)
end

describe("the demo's string tables", function()
    it("are the source (en) and four translations: French, Arabic, Japanese and Simplified Chinese", function()
        assert.are.same({ "ar", "en", "fr", "ja", "zh" }, tables.languagesOf(SCRIPT))
    end)

    it("name every line of the demo: 86 lines, each with an explicit ID", function()
        assert.are.equal(86, #demoLines)
        for _, l in ipairs(demoLines) do
            assert.falsy(l.id:find("^auto%."), l.id .. " at line " .. l.line .. " has no {#ID}")
        end
    end)

    for _, code in ipairs({ "en", "fr", "ar", "ja", "zh" }) do
        it(code .. " is complete, current and keeps the source's tags", function()
            local path = tables.tablePath(SCRIPT, code)
            local content = read(path)
            assert.are.same({}, tables.checkTable(path, content, demoLines, code, SCRIPT))
            assert.falsy(content:find("\r", 1, true), "rows end with LF")
            assert.falsy(content:sub(1, 3) == "\239\187\191", "no BOM is written")
        end)
    end

    it("the translations are translated (no row simply copies the English, beyond names and digits)", function()
        local en = {}
        for _, r in ipairs((tables.parseCsv(read(tables.tablePath(SCRIPT, "en")), "en"))) do
            en[r[2]] = r[3]
        end
        local same = {}
        for _, code in ipairs({ "fr", "ar", "ja", "zh" }) do
            for _, r in ipairs((tables.parseCsv(read(tables.tablePath(SCRIPT, code)), code))) do
                if r[3] == en[r[2]] and not (code == "fr" and r[2]:match("^actor%.")) then -- French keeps the names
                    same[#same + 1] = code .. ":" .. r[2]
                end
            end
        end
        -- The countdown's digits are the same in French, Japanese and Chinese; "{cps=4}...{/cps}" is a silence.
        assert.are.same({ "fr:lighthouse_oil.6756", "fr:harbour.count-3", "fr:harbour.count-2",
            "fr:harbour.count-1", "ar:lighthouse_oil.6756", "ja:harbour.count-3", "ja:harbour.count-2",
            "ja:harbour.count-1", "zh:harbour.count-3", "zh:harbour.count-2", "zh:harbour.count-1" }, same)
    end)
end)

describe("the check of a string table", function()
    local fr = read(tables.tablePath(SCRIPT, "fr"))
    local appended = tostring(select(2, fr:gsub("\n", "")) + 1) -- the line of a row added at the table's end

    it("finds nothing in the French table as it is", function()
        assert.are.same({}, findingsOf(fr))
    end)

    it("finds a line of the script that has no row", function()
        oneFinding(findingsOf(edit(fr, rowOf(fr, "cove_sea.0083") .. "\n", "")),
            "^Demo%.fr%.csv:1: cove_sea%.0083 %(scripts/Demo%.lua:%d+%) has no row$")
    end)

    it("finds a row with an empty text", function()
        local row = rowOf(fr, "harbour.0b87")
        oneFinding(findingsOf(edit(fr, row, (row:gsub(",Hm\194\160%?,", ",,")))),
            "^Demo%.fr%.csv:%d+: harbour%.0b87 has no text")
    end)

    it("finds an ID the script does not have, and an ID with two rows", function()
        local row = rowOf(fr, "harbour.0b87")
        oneFinding(findingsOf(fr .. row:gsub("harbour%.0b87", "harbour.gone") .. "\n"),
            "^Demo%.fr%.csv:" .. appended .. ": ID 'harbour%.gone' is not a line of scripts/Demo%.lua$")
        oneFinding(findingsOf(fr .. row .. "\n"),
            "^Demo%.fr%.csv:" .. appended .. ": ID 'harbour%.0b87' has a row already %(line %d+%)$")
    end)

    it("finds a stale row: its lock is not the hash of the source line as it is now", function()
        local row = rowOf(fr, "cove.0ba8")
        local lock = row:match(",(%x%x%x%x%x%x%x%x),")
        oneFinding(findingsOf(edit(fr, row, (row:gsub(lock, "0badf00d")))),
            "cove%.0ba8 is stale: its lock 0badf00d is not the source's " .. lock)
    end)

    it("finds a lost event tag and an added one", function()
        oneFinding(findingsOf(edit(fr, "{sound=thunder}", "")),
            "lighthouse_storm%.3a1e: event tags , the source has {sound=thunder}")
        oneFinding(findingsOf(edit(fr, "{signal=pell-hears}", "{signal=pell-hears}{sound=gull}")),
            "harbour%.d7a2: event tags {signal=pell%-hears} {sound=gull}, the source has {signal=pell%-hears}")
        oneFinding(findingsOf(edit(fr, "{face=glad}Celui", "Celui")), "harbour_boat%.415b: event tags")
    end)

    it("finds a lost or changed pause", function()
        oneFinding(findingsOf(edit(fr, "{w=0.6}", "")), "lighthouse_oil%.8d28: timing tags , the source has {w=0.6}")
        oneFinding(findingsOf(edit(fr, "{cps=4}", "{cps=9}")), "lighthouse_oil%.6756: timing tags")
    end)

    it("finds markup that would not show: an unknown tag, a span never closed, an ID tag", function()
        hasFinding(findingsOf(edit(fr, "{color=#e05a3a}", "{colour=#e05a3a}")), "an unknown tag {colour=#e05a3a}")
        oneFinding(findingsOf(edit(fr, "{/b} est-elle", " est-elle")), "{b} is never closed")
        oneFinding(findingsOf(edit(fr, "Hm\194\160?", "Hm\194\160?{#x}")), "an ID tag {#x}")
    end)

    it("finds a line() value name the translation lost", function()
        local lines = { { id = "beach.shells", text = "You found {count} shells.", lock = tables.fnv1a(
            "You found {count} shells.") } }
        local csv = tables.HEADER .. "\nfr,beach.shells,Tu as trouvé des coquillages.,s.lua,1," .. lines[1].lock ..
            ",\n"
        oneFinding(tables.checkTable("t.csv", csv, lines, "fr", "s.lua"),
            "^t%.csv:2: beach%.shells: placeholders {}, the source has {count}$")
        assert.are.same({}, tables.checkTable("t.csv", csv:gsub("des coquillages", "{count} coquillages"), lines,
            "fr", "s.lua"))
    end)

    it("finds a bad CSV row: a quote in the middle, a quote never closed, a column too many or too few", function()
        local row = rowOf(fr, "harbour.0b87")
        hasFinding(findingsOf(edit(fr, row, (row:gsub("Hm", 'H"m')))), "^Demo%.fr%.csv:%d+: a quote in the middle")
        hasFinding(findingsOf(fr .. 'fr,cove.0ba8,"Doucement.\n'),
            "^Demo%.fr%.csv:" .. appended .. ": a quoted field is never closed$")
        hasFinding(findingsOf(edit(fr, row, row .. ",extra")), "^Demo%.fr%.csv:%d+: 8 columns instead of 7$")
        local short = findingsOf(edit(fr, row, (row:gsub(",[^,]*$", ""))))
        assert.truthy(short[1]:find("6 columns instead of 7"), short[1])
    end)

    it("finds a wrong header, a row of another language, a bad lock or line, bytes that are not UTF-8", function()
        oneFinding(findingsOf(edit(fr, "language,id,text", "lang,id,text")), "^Demo%.fr%.csv:1: the header is not")
        oneFinding(findingsOf(edit(fr, "\nfr,harbour.0b87", "\nde,harbour.0b87")),
            "language 'de' in the table of 'fr'")
        local row = rowOf(fr, "cove.0ba8")
        local lock = row:match(",(%x%x%x%x%x%x%x%x),")
        hasFinding(findingsOf(edit(fr, row, (row:gsub(lock, lock:upper())))), "is not 8 lowercase hex digits")
        oneFinding(findingsOf(edit(fr, row, (row:gsub(",scripts/Demo%.lua,%d+,", ",scripts/Demo.lua,x,")))),
            "line 'x' is not a line number")
        oneFinding(findingsOf(edit(fr, "Doucement", "Douc\255ment")), "not UTF%-8")
    end)

    it("finds an empty file", function()
        local findings = findingsOf("")
        assert.truthy(findings[1]:find("^Demo%.fr%.csv:1: an empty file"), findings[1])
    end)
end)

describe("string tables as CSV", function()
    it("write a field with a comma, a quote or a line break quoted, its quotes doubled, and read it back", function()
        local rows = { { language = "fr", id = "a.1", text = 'Il dit : "Non, merci."\nFin', file = "s.lua", line = 3,
            lock = "0123abcd", comment = "x; y" } }
        local csv = tables.formatCsv(rows)
        assert.are.equal(tables.HEADER .. '\nfr,a.1,"Il dit : ""Non, merci.""\nFin",s.lua,3,0123abcd,x; y\n', csv)
        local back, problems = tables.parseCsv(csv, "t")
        assert.are.same({}, problems)
        assert.are.same({ "fr", "a.1", 'Il dit : "Non, merci."\nFin', "s.lua", "3", "0123abcd", "x; y", n = 2 },
            back[1])
    end)

    it("read a BOM and CRLF line ends", function()
        local rows, problems = tables.parseCsv("\239\187\191" .. tables.HEADER .. "\r\nfr,a,b,c,1,d,e\r\n", "t")
        assert.are.same({}, problems)
        assert.are.same({ "fr", "a", "b", "c", "1", "d", "e", n = 2 }, rows[1])
    end)
end)

describe("a line's lock", function()
    it("is FNV-1a, 32 bits (the hash of src/lang/LineId.cpp's automaticLineId)", function()
        assert.are.equal("811c9dc5", tables.fnv1a(""))
        assert.are.equal("e40c292c", tables.fnv1a("a"))
        assert.are.equal("6a0dd219", tables.fnv1a("Here, by the old oak."))
        assert.are.equal("c57de6a9", tables.fnv1a("Ünïcødé ٣ 「」"))
    end)

    it("hashes the text as the script writes it, markup kept and its {#ID} taken out", function()
        local source = 'function s()\n    text("maren", "Then {b}write{/b} it.{w=0.5}{#s.1}")\n'
            .. '    text("A page " .. "in two{{#x}{#s.2}")\nend\n'
        local lines = tables.sourceLines(source, api, checker, "s.lua")
        assert.are.equal(2, #lines)
        assert.are.same({ "s.1", "Then {b}write{/b} it.{w=0.5}", 2, tables.fnv1a("Then {b}write{/b} it.{w=0.5}"),
            "maren; s" }, { lines[1].id, lines[1].text, lines[1].line, lines[1].lock, lines[1].comment })
        assert.are.same({ "s.2", "A page in two{{#x}", "narration; s" }, { lines[2].id, lines[2].text,
            lines[2].comment })
    end)
end)

describe("tools/string-tables.lua write", function()
    local source = 'function s()\n    say("jo", "Hello.{#s.hello}")\n    text("New line.{#s.new}")\nend\n'
    local lines = tables.sourceLines(source, api, checker, "s.lua")
    local old = tables.HEADER .. "\nfr,s.gone,Parti.,s.lua,9,00000000,\n"
        .. "fr,s.hello,Bonjour.,s.lua,7,0badf00d,a translator's note\n"

    it("keeps a row's text, lock and comment, adds a row for a new line and drops a line the script lost", function()
        local content, problems, dropped = tables.refresh(old, lines, "fr", "s.lua")
        assert.are.same({}, problems)
        assert.are.same({ "s.gone" }, dropped)
        assert.are.equal(tables.HEADER .. "\nfr,s.hello,Bonjour.,s.lua,2,0badf00d,a translator's note\n"
            .. "fr,s.new,,s.lua,3," .. tables.fnv1a("New line.") .. ",narration; s\n", content)
        assert.are.equal(content, (tables.refresh(content, lines, "fr", "s.lua")))
    end)

    it("writes the source table's text and lock from the script", function()
        local content = tables.refresh(nil, lines, "en", "s.lua")
        assert.are.equal(tables.HEADER .. "\nen,s.hello,Hello.,s.lua,2," .. tables.fnv1a("Hello.")
            .. ",jo (bubble); s\n" .. "en,s.new,New line.,s.lua,3," .. tables.fnv1a("New line.")
            .. ",narration; s\n", content)
    end)

    it("refuses a table that does not parse", function()
        local content, problems = tables.refresh(tables.HEADER .. '\nfr,"s.hello\n', lines, "fr", "s.lua")
        assert.is_nil(content)
        assert.truthy(problems[1]:find("never closed"), problems[1])
    end)
end)
