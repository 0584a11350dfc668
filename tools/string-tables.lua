--- string-tables: the rows of a script's string tables (scripts/strings/Foo.CODE.csv), and a check of them.
--
--   lua5.1 tools/string-tables.lua write SCRIPT CODE   writes or refreshes SCRIPT's table for CODE
--   lua5.1 tools/string-tables.lua check SCRIPT        checks every table of SCRIPT; exit 1 on a finding
--
-- The format is the one of issue 28 (header `language,id,text,file,line,lock,comment`, RFC 4180, UTF-8,
-- LF): `lock` is the 32-bit FNV-1a hash of the source line's text as written (markup kept, `{#ID}` taken
-- out), the hash src/lang/LineId.cpp's automaticLineId uses. The lines are the ones tools/tag-lines.lua
-- tags (scripts/SceneSource.lua, the one reader of a scene). The game's own `--strings extract` and `--check`
-- read the same files; this is the small Lua side the demo's tables were written with and that
-- spec/string_tables_spec.lua checks them by.
--
-- `write` keeps what a table has: a row's text, lock and comment stay as they are (so a changed source line
-- shows as stale, not silently re-locked); a new line gets a row (for `en`, the source table, its text is the
-- source and it is always re-locked); `file` and `line` follow the script; a row whose ID the script no
-- longer has is dropped and named on stderr.
--
-- `check` finds, per table: a bad CSV row (quoting, column count, header, language, lock, line, UTF-8), an ID
-- used twice, an ID the script does not have, a line of the script with no row or an empty text, a stale
-- lock, and a text whose markup differs from its source's where it must not: the event tags ({signal=...},
-- {sound=...}, {face=...}) and timing tags ({w}, {w=...}, {speed}, {cps}, {instant}) as a multiset, line()'s
-- {name} placeholders as a set, style spans that close, no unknown tag, no `{#ID}`.

local M = {}

M.HEADER = "language,id,text,file,line,lock,comment"

-- FNV-1a, 32 bits, in arithmetic only (PUC Lua 5.1 has no bit operations): h = (h xor byte) * 16777619.
local function xor8(a, b)
    local out, bit = 0, 1
    for _ = 1, 8 do
        if a % 2 ~= b % 2 then
            out = out + bit
        end
        a, b, bit = math.floor(a / 2), math.floor(b / 2), bit * 2
    end
    return out
end

function M.fnv1a(text)
    local h = 2166136261
    for k = 1, #text do
        local low = h % 256
        h = h - low + xor8(low, text:byte(k))
        -- 16777619 = 2^24 + 403; h * 2^24 mod 2^32 only needs h's low byte (no product passes 2^53).
        h = ((h % 256) * 16777216 + h * 403) % 4294967296
    end
    return string.format("%08x", h)
end

-- A Lua string literal's body as the scanner keeps it (escapes as written) -> the string Lua makes.
local ESCAPES = { n = "\n", t = "\t", r = "\r", a = "\a", b = "\b", f = "\f", v = "\v", ["\\"] = "\\",
    ['"'] = '"', ["'"] = "'", ["\n"] = "\n" }
function M.unescape(raw)
    return (raw:gsub("\\(%d%d?%d?)", function(d)
        return string.char(tonumber(d))
    end):gsub("\\(.)", function(c)
        return ESCAPES[c] or c
    end))
end

-- The text without its `{#ID}` tags (not those behind a `{{` escape), as splitLineId leaves it.
function M.stripId(text)
    local out, at = {}, 1
    while at <= #text do
        if text:sub(at, at + 1) == "{{" then
            out[#out + 1] = "{{"
            at = at + 2
        else
            local tag = text:match("^{#[%w_%.%-]+}", at)
            if tag then
                at = at + #tag
            else
                out[#out + 1] = text:sub(at, at)
                at = at + 1
            end
        end
    end
    return table.concat(out)
end

local function folderOf(path)
    return path:match("^(.*)[/\\]") or "."
end

local function stemOf(path)
    return ((path:match("([^/\\]+)$") or path):gsub("%.[^.]*$", ""))
end

---The table of `scriptPath` for language `code`: X/Foo.lua -> X/strings/Foo.CODE.csv.
function M.tablePath(scriptPath, code)
    return folderOf(scriptPath) .. "/strings/" .. stemOf(scriptPath) .. "." .. code .. ".csv"
end

local function readFile(path)
    local f = io.open(path, "rb")
    if not f then
        return nil
    end
    local content = f:read("*a")
    f:close()
    return content
end

-- Who says a line and what call shows it, from the source line where its literal starts:
-- "george; georgeTrack", "narration; lighthouse", "option; lighthouse_questions".
local NARRATED = { dialogue = true, text = true }
local function commentOf(sourceLine, value, owner, fallback)
    local scene = owner or fallback
    local prefix
    for p = 1, #sourceLine do
        local q = sourceLine:sub(p, p)
        local piece = (q == '"' or q == "'") and sourceLine:match("^(.-)" .. q, p + 1)
        if piece and #piece > 0 and value:sub(1, #piece) == piece then
            prefix = sourceLine:sub(1, p - 1)
            break
        end
    end
    local call, args
    if prefix then
        for name, after in prefix:gmatch("([%w_]+)%s*%(([^(]*)") do
            call, args = name, after
        end
    end
    local who = args and args:match('^%s*"([%w_%-]+)"%s*,')
    if who then
        return who .. ((call == "say" or call == "sayFor") and " (bubble)" or "") .. "; " .. scene
    elseif call and NARRATED[call] then
        return "narration; " .. scene
    elseif call == "option" or call == "banner" then
        return call .. "; " .. scene
    end
    return scene
end

---The lines of a script a player reads, as its string tables know them.
---@return table[] { id, text (the source, ID tag removed), line, lock, comment }, in script order
function M.sourceLines(source, api, checker, scriptPath)
    local sourceLines = {}
    for l in (source .. "\n"):gmatch("([^\n]*)\n") do
        sourceLines[#sourceLines + 1] = l
    end
    local stem = stemOf(scriptPath)
    local out = {}
    for _, l in ipairs(checker.playerLines(source, api)) do
        if l.value ~= "" then
            local text = M.stripId(l.text) -- as Lua reads it: what the game hashes
            out[#out + 1] = { id = l.id or ("auto." .. stem:gsub("[^%w_%-]", "_") .. "." .. M.fnv1a(text)),
                text = text, line = l.line, lock = M.fnv1a(text),
                comment = commentOf(sourceLines[l.line] or "", l.value, l.owner, stem) }
        end
    end
    return out
end

-- CSV (RFC 4180) ---------------------------------------------------------

---Parses a string table. Returns the rows ({ n = row's line, fields... }) after the header, and the
---problems as "label:LINE: what".
function M.parseCsv(content, label)
    local rows, problems = {}, {}
    local function problem(line, fmt, ...)
        problems[#problems + 1] = string.format("%s:%d: " .. fmt, label, line, ...)
    end
    if content:sub(1, 3) == "\239\187\191" then
        content = content:sub(4)
    end
    local at, n, line = 1, #content, 1
    local header = true
    while at <= n do
        local fields, rowLine, bad = {}, line, false
        while true do
            local field
            if content:sub(at, at) == '"' then
                local parts, i = {}, at + 1
                while true do
                    local q = content:find('"', i, true)
                    if not q then
                        problem(rowLine, "a quoted field is never closed")
                        return rows, problems
                    end
                    parts[#parts + 1] = content:sub(i, q - 1)
                    if content:sub(q + 1, q + 1) == '"' then
                        parts[#parts + 1] = '"'
                        i = q + 2
                    else
                        at = q + 1
                        break
                    end
                end
                field = table.concat(parts)
                local _, newlines = field:gsub("\n", "")
                line = line + newlines
                local after = content:sub(at, at)
                if after ~= "," and after ~= "\n" and after ~= "\r" and after ~= "" then
                    bad = true
                    at = content:find("[,\n]", at) or n + 1
                end
            else
                local stop = content:find("[,\r\n]", at) or n + 1
                field = content:sub(at, stop - 1)
                if field:find('"', 1, true) then
                    bad = true
                end
                at = stop
            end
            fields[#fields + 1] = field
            local c = content:sub(at, at)
            if c == "," then
                at = at + 1
            else
                if c == "\r" and content:sub(at + 1, at + 1) == "\n" then
                    at = at + 2
                elseif c == "\n" then
                    at = at + 1
                elseif c == "\r" then
                    bad = true
                    at = at + 1
                end
                line = line + 1
                break
            end
        end
        if bad then
            problem(rowLine, "a quote in the middle of a field (a field with `\"` is quoted, its `\"` doubled)")
        elseif header then
            if table.concat(fields, ",") ~= M.HEADER then
                problem(rowLine, "the header is not '%s'", M.HEADER)
            end
        elseif #fields ~= 7 then
            problem(rowLine, "%d columns instead of 7", #fields)
        else
            fields.n = rowLine
            rows[#rows + 1] = fields
        end
        header = false
    end
    if header then
        problem(1, "an empty file: the header '%s' is missing", M.HEADER)
    end
    return rows, problems
end

local function csvField(s)
    s = tostring(s)
    if s:find('[,"\r\n]') then
        return '"' .. s:gsub('"', '""') .. '"'
    end
    return s
end

---A table's text: the header, then one row per entry { language, id, text, file, line, lock, comment }.
function M.formatCsv(rows)
    local out = { M.HEADER }
    for _, r in ipairs(rows) do
        out[#out + 1] = table.concat({ csvField(r.language), csvField(r.id), csvField(r.text), csvField(r.file),
            csvField(r.line), csvField(r.lock), csvField(r.comment) }, ",")
    end
    return table.concat(out, "\n") .. "\n"
end

-- Markup ----------------------------------------------------------------

local EVENT = { signal = true, sound = true, face = true }
local TIMING = { w = true, speed = true, cps = true, instant = true }
local STYLE = { color = true, b = true, i = true, size = true, wave = true, shake = true }

---The tags of a text: events and timing tags (sorted lists of the tags as written), placeholders (sorted
---names), and problems (unknown tags, spans that do not close, an ID tag).
function M.tagsOf(text)
    local tags = { events = {}, timing = {}, placeholders = {}, problems = {} }
    local open, at = {}, 1
    while at <= #text do
        if text:sub(at, at + 1) == "{{" then
            at = at + 2
        elseif text:sub(at, at) == "{" then
            local close = text:find("}", at, true)
            if not close then
                tags.problems[#tags.problems + 1] = "a '{' that no '}' closes (write '{{' for a brace)"
                break
            end
            local body = text:sub(at + 1, close - 1)
            local slash, name, value = body:match("^(/?)([%a_#][%w_]*)(=?.*)$")
            if name and name:sub(1, 1) == "#" or body:sub(1, 1) == "#" then
                tags.problems[#tags.problems + 1] = "an ID tag {" .. body .. "} (a table's text has none)"
            elseif not name then
                tags.problems[#tags.problems + 1] = "a malformed tag {" .. body .. "}"
            elseif slash == "/" then
                if open[#open] ~= name then
                    tags.problems[#tags.problems + 1] = "{/" .. name .. "} closes " ..
                        (open[#open] and "{" .. open[#open] .. "}" or "nothing")
                else
                    open[#open] = nil
                end
                if TIMING[name] then
                    tags.timing[#tags.timing + 1] = "{" .. body .. "}"
                end
            elseif EVENT[name] then
                tags.events[#tags.events + 1] = "{" .. body .. "}"
            elseif TIMING[name] then
                tags.timing[#tags.timing + 1] = "{" .. body .. "}"
                if name ~= "w" then
                    open[#open + 1] = name -- unclosed {speed}/{cps} run to the end: allowed below
                end
            elseif STYLE[name] then
                open[#open + 1] = name
            elseif value == "" then
                tags.placeholders[#tags.placeholders + 1] = name
            else
                tags.problems[#tags.problems + 1] = "an unknown tag {" .. body .. "}"
            end
            at = close + 1
        else
            at = at + 1
        end
    end
    for _, name in ipairs(open) do
        if STYLE[name] then
            tags.problems[#tags.problems + 1] = "{" .. name .. "} is never closed"
        end
    end
    table.sort(tags.events)
    table.sort(tags.timing)
    table.sort(tags.placeholders)
    return tags
end

local function same(a, b)
    return table.concat(a, " ") == table.concat(b, " ")
end

local function validUtf8(s)
    local at, n = 1, #s
    while at <= n do
        local c = s:byte(at)
        local len = c < 0x80 and 1 or (c >= 0xC2 and c <= 0xDF) and 2 or (c >= 0xE0 and c <= 0xEF) and 3
            or (c >= 0xF0 and c <= 0xF4) and 4 or nil
        if not len or at + len - 1 > n then
            return false
        end
        for k = at + 1, at + len - 1 do
            local b = s:byte(k)
            if b < 0x80 or b > 0xBF then
                return false
            end
        end
        at = at + len
    end
    return true
end

---The findings of one table: "path:LINE: what", in row order (a missing line names the table's line 1).
---@param lines table[] M.sourceLines' list
function M.checkTable(path, content, lines, code, scriptPath)
    local rows, findings = M.parseCsv(content, path)
    if not validUtf8(content) then
        findings[#findings + 1] = path .. ":1: not UTF-8"
    end
    local byId, seen = {}, {}
    for _, l in ipairs(lines) do
        byId[l.id] = l
    end
    local function find(n, fmt, ...)
        findings[#findings + 1] = string.format("%s:%d: " .. fmt, path, n, ...)
    end
    for _, r in ipairs(rows) do
        local language, id, text, file, line, lock = r[1], r[2], r[3], r[4], r[5], r[6]
        local source = byId[id]
        if language ~= code then
            find(r.n, "language '%s' in the table of '%s'", language, code)
        end
        if not line:match("^%d+$") then
            find(r.n, "line '%s' is not a line number", line)
        end
        if file ~= scriptPath then
            find(r.n, "file '%s' is not %s", file, scriptPath)
        end
        if not lock:match("^%x%x%x%x%x%x%x%x$") or lock:lower() ~= lock then
            find(r.n, "lock '%s' is not 8 lowercase hex digits", lock)
        end
        if seen[id] then
            find(r.n, "ID '%s' has a row already (line %d)", id, seen[id])
        elseif not source and (id:match("^scene%.") or id:match("^actor%.")) then
            seen[id] = r.n -- a scene's title or an actor's name: the game's --strings writes, --check checks them
        elseif not source then
            find(r.n, "ID '%s' is not a line of %s", id, scriptPath)
        else
            seen[id] = r.n
            if text == "" then
                find(r.n, "%s has no text (not translated)", id)
            elseif lock ~= source.lock then
                find(r.n, "%s is stale: its lock %s is not the source's %s (the source line changed: %s)", id, lock,
                    source.lock, source.text)
            elseif code == "en" and text ~= source.text then
                find(r.n, "%s: the source table's text is not the source line", id)
            else
                local want, got = M.tagsOf(source.text), M.tagsOf(text)
                for _, p in ipairs(got.problems) do
                    find(r.n, "%s: %s", id, p)
                end
                if not same(want.events, got.events) then
                    find(r.n, "%s: event tags %s, the source has %s", id, table.concat(got.events, " "),
                        table.concat(want.events, " "))
                end
                if not same(want.timing, got.timing) then
                    find(r.n, "%s: timing tags %s, the source has %s", id, table.concat(got.timing, " "),
                        table.concat(want.timing, " "))
                end
                if not same(want.placeholders, got.placeholders) then
                    find(r.n, "%s: placeholders {%s}, the source has {%s}", id,
                        table.concat(got.placeholders, "} {"), table.concat(want.placeholders, "} {"))
                end
            end
        end
    end
    for _, l in ipairs(lines) do
        if not seen[l.id] then
            find(1, "%s (%s:%d) has no row", l.id, scriptPath, l.line)
        end
    end
    return findings
end

---A table brought up to date with the script's lines (`write`): a row keeps its text, lock and comment;
---a new line gets a row (empty text, or for `en` the source; its comment from the source table `enContent`
---when that has one); file and line follow the script; rows of IDs the script no longer has are dropped.
---@return string|nil content, string[] problems (when `old` does not parse), string[] dropped IDs
function M.refresh(old, lines, code, scriptPath, enContent)
    local byId = {}
    if old then
        local rows, problems = M.parseCsv(old, M.tablePath(scriptPath, code))
        if #problems > 0 then
            return nil, problems, {}
        end
        for _, r in ipairs(rows) do
            byId[r[2]] = r
        end
    end
    local sourceComments = {}
    for _, r in ipairs(enContent and M.parseCsv(enContent, "en") or {}) do
        sourceComments[r[2]] = r[7] ~= "" and r[7] or nil
    end
    local rows, kept, dropped = {}, {}, {}
    for _, l in ipairs(lines) do
        local o = byId[l.id]
        kept[l.id] = true
        rows[#rows + 1] = { language = code, id = l.id, text = code == "en" and l.text or (o and o[3] or ""),
            file = scriptPath, line = l.line, lock = (o and code ~= "en") and o[6] or l.lock,
            comment = o and o[7] ~= "" and o[7] or sourceComments[l.id] or l.comment }
    end
    local names = {}
    for id in pairs(byId) do
        if not kept[id] and (id:match("^scene%.") or id:match("^actor%.")) then
            names[#names + 1] = id -- a scene's title or an actor's name (the game's --strings writes them): kept
        elseif not kept[id] then
            dropped[#dropped + 1] = id
        end
    end
    table.sort(names)
    for _, id in ipairs(names) do
        local o = byId[id]
        rows[#rows + 1] = { language = code, id = id, text = o[3], file = o[4], line = tonumber(o[5]) or 0,
            lock = o[6], comment = o[7] }
    end
    table.sort(dropped)
    return M.formatCsv(rows), {}, dropped
end

-- The command line --------------------------------------------------------

local function main(command, scriptPath, code)
    local root = folderOf(arg and arg[0] or "tools/string-tables.lua") .. "/.."
    local checker = dofile(root .. "/scripts/SceneSource.lua")
    local api = dofile(root .. "/scripts/ApiDescription.lua")
    local source = scriptPath and readFile(scriptPath)
    if not source or (command ~= "write" and command ~= "check") or (command == "write") ~= (code ~= nil) then
        io.stderr:write("usage: lua5.1 tools/string-tables.lua write SCRIPT CODE | check SCRIPT\n")
        os.exit(2)
    end
    local lines = M.sourceLines(source, api, checker, scriptPath)
    if command == "check" then
        local total = 0
        for _, c in ipairs(M.languagesOf(scriptPath)) do
            local path = M.tablePath(scriptPath, c)
            for _, f in ipairs(M.checkTable(path, readFile(path), lines, c, scriptPath)) do
                print(f)
                total = total + 1
            end
        end
        os.exit(total > 0 and 1 or 0)
    end
    if not code:match("^[%w%-]+$") then
        io.stderr:write("string-tables: '", code, "' is not a language code (letters, digits, '-')\n")
        os.exit(2)
    end
    local path = M.tablePath(scriptPath, code)
    local content, problems, dropped = M.refresh(readFile(path), lines, code, scriptPath,
        code ~= "en" and readFile(M.tablePath(scriptPath, "en")))
    if not content then
        io.stderr:write(table.concat(problems, "\n"), "\n")
        os.exit(1)
    end
    for _, id in ipairs(dropped) do
        io.stderr:write("string-tables: ", path, ": dropped ", id, " (no longer in ", scriptPath, ")\n")
    end
    local out = assert(io.open(path .. ".writing", "wb"))
    out:write(content)
    out:close()
    assert(os.rename(path .. ".writing", path))
    print(string.format("%s: %d rows", path, #lines))
end

---The language codes that have a table beside `scriptPath` (a listing of its strings/ folder).
function M.languagesOf(scriptPath)
    local codes = {}
    local folder = folderOf(M.tablePath(scriptPath, "x"))
    local listing = io.popen and io.popen('ls "' .. folder .. '" 2>/dev/null')
    if listing then
        local prefix = stemOf(scriptPath) .. "."
        for name in listing:lines() do
            local c = name:sub(1, #prefix) == prefix and name:match("^[^.]+%.(.+)%.csv$")
            if c then
                codes[#codes + 1] = c
            end
        end
        listing:close()
    end
    table.sort(codes)
    return codes
end

if select("#", ...) > 0 then
    main(...)
end
return M
