--- SceneSource: the one reader of a scene's source. One scope-aware pass
-- over the tokens gives one record of facts (`M.read`): the lines a player
-- reads (call, text, speaker, owning function, line), story targets, explicit
-- line IDs, the signals sent and waited on (literals, strings joined with
-- `..`, `{signal=NAME}` in any string), the calls of described functions with
-- their literal arguments, and the loops with whether any path through them
-- can wait. `--check` (CheckSupport.lua), `--strings`, `--explore`, the
-- load-time warnings and the scheduler's "never sendable" report all read
-- that record; tools/tag-lines.lua reads it too.
--
-- Plain Lua 5.1: the host loads it with full privileges (once, beside the
-- scheduler), and tools and specs load it with dofile.

local M = {}

local KEYWORDS = {}
for word in ("and break do else elseif end false for function if in local nil not or repeat return then true "
    .. "until while"):gmatch("%a+") do
    KEYWORDS[word] = true
end

-- Tokens of Lua source: { kind = "name"|"keyword"|"string"|"number"|"op", value, line }; a
-- string also has `close`, the byte offset of its closing quote or `]=*]` (the tagger writes there).
-- Comments are skipped (the caller has already checked the syntax); the
-- lines of comments that say `check: ignore` are returned as a set.
local function tokenize(source)
    local tokens, ignored, at, line, n = {}, {}, 1, 1, #source
    local function add(kind, value)
        tokens[#tokens + 1] = { kind = kind, value = value, line = line }
    end
    local function longBracket(from)
        local level = source:match("^%[(=*)%[", from)
        if not level then
            return nil
        end
        local close = "]" .. level .. "]"
        local finish = source:find(close, from, true) or n
        local body = source:sub(from + #level + 2, finish - 1)
        return body, finish + #close
    end
    while at <= n do
        local c = source:sub(at, at)
        if c == "\n" then
            line, at = line + 1, at + 1
        elseif c:match("%s") then
            at = source:find("[^ \t\r\f\v]", at) or n + 1
        elseif source:sub(at, at + 1) == "--" then
            local body, after = longBracket(at + 2)
            if body then
                local _, newlines = body:gsub("\n", "")
                line, at = line + newlines, after
            else
                local finish = source:find("\n", at, true) or n + 1
                local comment = source:sub(at, finish)
                local directive = comment:find("check: ignore", 1, true)
                if directive and not comment:sub(directive - 1, directive - 1):match("%a") then
                    ignored[line] = true -- ("luacheck: ignore" is luacheck's own)
                end
                at = finish
            end
        elseif c:match("[%a_]") then
            local word = source:match("^[%w_]+", at)
            add(KEYWORDS[word] and "keyword" or "name", word)
            at = at + #word
        elseif c:match("%d") or (c == "." and source:match("^%.%d", at)) then
            local number = source:match("^0[xX]%x+", at) or source:match("^%d*%.?%d*[eE][%+%-]?%d+", at)
                or source:match("^%d*%.?%d*", at)
            add("number", number)
            at = at + math.max(1, #number)
        elseif c == '"' or c == "'" then
            -- runs of plain characters at once; an escape keeps its backslash (literalText decodes it)
            local i, value, startLine, stops = at + 1, {}, line, c == '"' and '[\\\n"]' or "[\\\n']"
            while i <= n do
                local stop = source:find(stops, i) or n + 1
                value[#value + 1] = source:sub(i, stop - 1)
                local ch = source:sub(stop, stop)
                if ch == "\\" then
                    local escaped = source:sub(stop + 1, stop + 1)
                    line = line + (escaped == "\n" and 1 or 0)
                    value[#value + 1] = ch .. escaped
                    i = stop + 2
                elseif ch == "\n" then
                    line, value[#value + 1], i = line + 1, ch, stop + 1
                else
                    i = stop
                    break
                end
            end
            tokens[#tokens + 1] = { kind = "string", value = table.concat(value), line = startLine, close = i }
            at = i + 1
        elseif c == "[" and source:match("^%[=*%[", at) then
            local startLine = line
            local body, after = longBracket(at)
            local _, newlines = body:gsub("\n", "")
            tokens[#tokens + 1] = { kind = "string", value = body, line = startLine, long = true,
                close = after - #source:match("^%[(=*)%[", at) - 2 }
            line, at = line + newlines, after
        else
            local op = source:match("^%.%.%.", at) or source:match("^[=~<>]=", at) or source:match("^%.%.", at) or c
            add("op", op)
            at = at + #op
        end
    end
    return tokens, ignored
end

-- Blocks: `function`, `if`, `do` (which also opens while and for bodies) and
-- `repeat` open one; `end` and `until` close it. Returns closeOf[opener] and
-- the innermost enclosing `function` token of every token (0 at top level).
local OPENERS = { ["function"] = true, ["if"] = true, ["do"] = true, ["repeat"] = true }
local function blocks(tokens)
    local closeOf, functionOf, stack, functions = {}, {}, {}, { 0 }
    for i, t in ipairs(tokens) do
        functionOf[i] = functions[#functions]
        if t.kind == "keyword" and OPENERS[t.value] then
            stack[#stack + 1] = i
            if t.value == "function" then
                functions[#functions + 1] = i
            end
        elseif t.kind == "keyword" and (t.value == "end" or t.value == "until") then
            local open = table.remove(stack)
            if open then
                closeOf[open] = i
                if tokens[open].value == "function" then
                    table.remove(functions)
                end
            end
        end
    end
    return closeOf, functionOf
end

-- Where each name token stands: a field (a.b, a:b), a table key ({b = 1}),
-- a local (declared in an enclosing scope), or a global (read, written or
-- called). Returns role[i] for name tokens: "field", "key", "local",
-- "declare", or "global"; and declaration[i], the token that declares the local a "local" token names.
local PARAMETERS_END, FOR_NAMES_END = { [")"] = true }, { ["in"] = true, ["="] = true }
-- Tokens after `local say = say` that make the value more than the global (say.x, say(...), say .. "").
local CONTINUES = {}
for op in (". : ( [ { .. + - * / ^ % == ~= < > <= >= and or ,"):gmatch("%S+") do
    CONTINUES[op] = true
end
local function nameRoles(tokens)
    local roles, declaration, scopes, brackets = {}, {}, { {} }, {}
    local pending -- the name tokens a `for` or `function` declares in the scope its body opens (0: self)
    local declaredAt = {} -- scope -> name -> its declaring token
    local function declare(name, how, token, scope)
        scope = scope or scopes[#scopes]
        scope[name] = how or true
        declaredAt[scope] = declaredAt[scope] or {}
        declaredAt[scope][name] = token
    end
    -- true for a local, "alias" for `local say = say` (the global under a local name), false for none; and
    -- the token that declares it
    local function isLocal(name)
        for s = #scopes, 1, -1 do
            if scopes[s][name] then
                return scopes[s][name], declaredAt[scopes[s]][name]
            end
        end
        return false
    end
    -- the names from token j to the first token in `stops`: declared in the scope the body opens
    local function declareUntil(j, stops)
        while tokens[j] and not stops[tokens[j].value] do
            if tokens[j].kind == "name" then
                pending[#pending + 1] = j
                roles[j] = "declare"
            end
            j = j + 1
        end
    end
    local function open()
        scopes[#scopes + 1] = {}
        for _, j in ipairs(pending or {}) do
            declare(j == 0 and "self" or tokens[j].value, nil, j)
        end
        pending = nil
    end
    for i, t in ipairs(tokens) do
        local prev, next = tokens[i - 1], tokens[i + 1]
        if t.kind == "keyword" then
            if t.value == "function" then
                -- skip the name chain (a.b:c), then the parameters open its scope
                local j, method = i + 1, false
                while tokens[j] and tokens[j].value ~= "(" do
                    method = method or tokens[j].value == ":"
                    j = j + 1
                end
                pending = { method and 0 or nil }
                declareUntil(j + 1, PARAMETERS_END)
                open()
            elseif t.value == "for" then
                pending = {}
                declareUntil(i + 1, FOR_NAMES_END)
            elseif t.value == "do" or t.value == "repeat" or t.value == "if" then
                open()
            elseif t.value == "else" or t.value == "elseif" then
                scopes[#scopes] = {}
            elseif t.value == "end" or t.value == "until" then
                scopes[#scopes] = nil
                if #scopes == 0 then
                    scopes[1] = {}
                end
            end
        elseif t.value == "(" or t.value == "{" or t.value == "[" then
            brackets[#brackets + 1] = t.value
        elseif t.value == ")" or t.value == "}" or t.value == "]" then
            brackets[#brackets] = nil
        elseif t.kind == "name" and not roles[i] then
            if prev and (prev.value == "." or prev.value == ":") then
                roles[i] = "field"
            elseif brackets[#brackets] == "{" and next and next.value == "=" and prev
                and (prev.value == "{" or prev.value == "," or prev.value == ";") then
                roles[i] = "key"
            elseif prev and prev.value == "local" then
                -- local a, b: every name of the list; `local say = say` keeps the global's role
                local value, after = tokens[i + 2], tokens[i + 3]
                local alias = next and next.value == "=" and value and value.value == t.value and not isLocal(t.value)
                    and not (after and (after.kind == "string" or CONTINUES[after.value]))
                local j = i
                while tokens[j] and tokens[j].kind == "name" do
                    roles[j] = "declare"
                    declare(tokens[j].value, alias and "alias", j)
                    j = tokens[j + 1] and tokens[j + 1].value == "," and j + 2 or #tokens + 1
                end
            elseif prev and prev.value == "function" and tokens[i - 2] and tokens[i - 2].value == "local" then
                roles[i] = "declare"
                declare(t.value, nil, i, scopes[#scopes - 1]) -- `local function f` is visible in its own body
            else
                local how, at = isLocal(t.value)
                roles[i] = (how == true) and "local" or "global"
                declaration[i] = how == true and at or nil
            end
        end
    end
    return roles, declaration
end

-- The arguments of the call whose `(` (or lone string or table) is token
-- `open`: a list of { first, last } token spans, and whether the last one
-- may stand for several values (a call or `...`).
local function callArguments(tokens, open, closeOf)
    local t = tokens[open]
    if t.kind == "string" then
        return { { open, open } }, false
    end
    local args, depth, first, j = {}, 0, open + 1, open + 1
    if t.value == "{" then -- f { ... }: one table argument
        depth = 1
        while tokens[j] and depth > 0 do
            if tokens[j].value == "{" then
                depth = depth + 1
            elseif tokens[j].value == "}" then
                depth = depth - 1
            end
            j = j + 1
        end
        return { { open, j - 1 } }, false
    end
    while tokens[j] do
        local v = tokens[j].value
        if v == "function" and closeOf[j] then
            j = closeOf[j] -- commas inside a function literal are its own
        elseif v == "(" or v == "{" or v == "[" then
            depth = depth + 1
        elseif v == ")" or v == "}" or v == "]" then
            if depth == 0 then
                if j > first then
                    args[#args + 1] = { first, j - 1 }
                end
                break
            end
            depth = depth - 1
        elseif v == "," and depth == 0 then
            args[#args + 1] = { first, j - 1 }
            first = j + 1
        end
        j = j + 1
    end
    local last = args[#args]
    local openEnded = last and (tokens[last[2]].value == ")" or tokens[last[2]].value == "...") or false
    return args, openEnded
end

-- The token that opens the arguments if token i is called: (, a string or a table.
local function callOpen(tokens, i)
    local next = tokens[i + 1]
    if next and (next.value == "(" or next.kind == "string" or next.value == "{") then
        return i + 1
    end
end


-- Line IDs (src/lang/LineId.h has the rules; this is their Lua side) ------

-- The explicit ID of a line's text: the first `{#ID}` tag that is not
-- behind a `{{` escape; nil when there is none.
local function lineIdOf(text)
    local at, n = 1, #text
    while at <= n do
        if text:sub(at, at + 1) == "{{" then
            at = at + 2
        else
            local id = text:match("^{#([%w_%.%-]+)}", at)
            if id then
                return id
            end
            at = at + 1
        end
    end
    return nil
end
M.lineIdOf = lineIdOf

---The event tags of a text, `{signal=NAME}`, `{sound=NAME}` and `{face=NAME}`, in order (none behind a `{{`
---escape): the tags whose names a scene must have (a signal sent, a sound, a face).
---@return table[] { { tag = "signal"|"sound"|"face", name } }
function M.eventTags(text)
    local tags, at, n = {}, 1, #text
    while at <= n do
        local escaped = text:sub(at, at + 1) == "{{"
        if escaped then
            at = at + 2
        else
            local tag, name = text:match("^{(%a+)=([%w_%.%-]+)}", at)
            if tag == "signal" or tag == "sound" or tag == "face" then
                tags[#tags + 1] = { tag = tag, name = name }
            end
            at = at + 1
        end
    end
    return tags
end

-- Which arguments of a call are text a player reads: the `text` parameters
-- and `label`s (and line()'s template), except that text(s) / text(actor, s) reads its
-- second argument when it has one.
local function lineArguments(entry, argCount)
    if entry.name == "text" then
        return { argCount >= 2 and 2 or 1 }
    end
    local list = {}
    for n, param in ipairs(entry.params) do
        if param.type == "text" or param.type == "label" or param.lineText then
            list[#list + 1] = n
        end
    end
    return list
end

-- The name of the function that token `f` (`function`) opens, as an ID may
-- spell it (a.b:c as a.b.c); nil for a function literal not assigned to a name.
local function functionName(tokens, f)
    local parts, j = {}, f + 1
    while tokens[j] and tokens[j].kind == "name" do
        parts[#parts + 1] = tokens[j].value
        if not (tokens[j + 1] and (tokens[j + 1].value == "." or tokens[j + 1].value == ":")) then
            break
        end
        j = j + 2
    end
    if #parts > 0 then
        return table.concat(parts, ".")
    end
    if tokens[f - 1] and tokens[f - 1].value == "=" and tokens[f - 2] and tokens[f - 2].kind == "name" then
        return tokens[f - 2].value
    end
    return nil
end

-- The string literals of an argument that is only literals joined with `..`
-- ("a" or "a" .. "b"), or nil.
local function literalPieces(tokens, span)
    local pieces = {}
    for j = span[1], span[2] do
        local t = tokens[j]
        local odd = (j - span[1]) % 2 == 0
        if odd and t.kind == "string" then
            pieces[#pieces + 1] = t
        elseif odd or t.value ~= ".." then
            return nil
        end
    end
    return #pieces > 0 and tokens[span[2]].kind == "string" and pieces or nil
end

local ESCAPES = { a = "\a", b = "\b", f = "\f", n = "\n", r = "\r", t = "\t", v = "\v", ["\\"] = "\\",
    ['"'] = '"', ["'"] = "'", ["\n"] = "\n" }

-- A string token's text as Lua reads it (escapes decoded; a long string
-- loses the newline right after its opening bracket): the text a line shows,
-- whose hash is its automatic ID and its string-table lock.
local function literalText(t)
    if not t.long and not t.value:find("\\", 1, true) then
        return t.value
    elseif t.long then
        return (t.value:gsub("^\r?\n", ""))
    end
    local out, at, n = {}, 1, #t.value
    while at <= n do
        local c = t.value:sub(at, at)
        if c ~= "\\" then
            out[#out + 1] = c
            at = at + 1
        else
            local digits = t.value:match("^%d%d?%d?", at + 1)
            if digits then
                out[#out + 1] = string.char(tonumber(digits) % 256)
                at = at + 1 + #digits
            else
                local e = t.value:sub(at + 1, at + 1)
                out[#out + 1] = ESCAPES[e] or e
                at = at + 2
            end
        end
    end
    return table.concat(out)
end

-- The speaker a call names with a literal first argument (dialogue, say,
-- sayFor, text with two arguments), or nil.
local SPEAKER_CALLS = { dialogue = true, say = true, sayFor = true }
local function speakerOf(tokens, name, args)
    local first = args[1]
    if not first or first[1] ~= first[2] or tokens[first[1]].kind ~= "string" then
        return nil
    end
    if SPEAKER_CALLS[name] or (name == "text" and #args >= 2) then
        return tokens[first[1]].value
    end
    return nil
end

-- What a literal argument is: "string", "number", "boolean", "nil", "table"
-- or "function", with its text as an error would show it; nil when the
-- argument is an expression whose value only running it tells. Strings
-- joined with `..` ("a" .. "b", the form the tagger writes) are one string,
-- as Lua reads it (escapes decoded).
local function literalOf(tokens, span, closeOf, constants)
    local a, b = span[1], span[2]
    local t = tokens[a]
    local constant = a == b and constants and constants[a]
    if constant then
        return "string", string.format("%q", constant), constant
    end
    local pieces = literalPieces(tokens, span)
    if pieces then
        local texts = {}
        for k, piece in ipairs(pieces) do
            texts[k] = literalText(piece)
        end
        local text = table.concat(texts)
        return "string", string.format("%q", text), text
    elseif a == b then
        if t.kind == "number" then
            return "number", t.value, tonumber(t.value)
        elseif t.value == "true" or t.value == "false" then
            return "boolean", t.value
        elseif t.value == "nil" then
            return "nil", "nil"
        end
    elseif t.value == "-" and a + 1 == b and tokens[b].kind == "number" then
        return "number", "-" .. tokens[b].value, -(tonumber(tokens[b].value) or 0)
    elseif t.value == "function" and closeOf[a] == b then
        return "function", "function"
    elseif t.value == "{" then
        local depth = 0
        for j = a, b do
            depth = depth + ((tokens[j].value == "{" and 1) or (tokens[j].value == "}" and -1) or 0)
            if depth == 0 then
                return j == b and "table" or nil, "table"
            end
        end
    end
    return nil
end

M.literalOf = literalOf

-- Operators that bind less tightly than `..`: ("a" .. x) == y is no name.
local LOWER_THAN_CONCAT = { ["and"] = true, ["or"] = true, ["=="] = true, ["~="] = true, ["<"] = true,
    [">"] = true, ["<="] = true, [">="] = true }

-- What a signal-name argument can be: { exact = "door" }; for a
-- concatenation with literal ends, { prefix, suffix } (actor .. "-at-meeting");
-- nil when the text cannot tell.
local function nameShape(tokens, span)
    local pieces, piece, depth = {}, {}, 0
    for j = span[1], span[2] do
        local t = tokens[j]
        if depth == 0 and t.kind ~= "string" and LOWER_THAN_CONCAT[t.value] then
            return nil
        elseif depth == 0 and t.kind == "op" and t.value == ".." then
            pieces[#pieces + 1], piece = piece, {}
        else
            piece[#piece + 1] = t
            if t.kind == "op" then
                depth = depth + ((t.value == "(" or t.value == "{" or t.value == "[") and 1
                    or (t.value == ")" or t.value == "}" or t.value == "]") and -1 or 0)
            end
        end
    end
    pieces[#pieces + 1] = piece
    local function literal(k) -- piece k's text if it is one string literal
        local p = pieces[k]
        return p and #p == 1 and p[1].kind == "string" and literalText(p[1]) or nil
    end
    local prefix, first = {}, 1
    while literal(first) do
        prefix[#prefix + 1], first = literal(first), first + 1
    end
    if first > #pieces then
        return { exact = table.concat(prefix) }
    end
    local suffix, last = {}, #pieces
    while last > first and literal(last) do
        table.insert(suffix, 1, literal(last))
        last = last - 1
    end
    if #prefix == 0 and #suffix == 0 then
        return nil
    end
    return { prefix = table.concat(prefix), suffix = table.concat(suffix) }
end

-- Lua's standard library as the sandbox gives it (.luacheckrc's list). None of it waits: the one function that
-- does, coroutine.yield, is described with `waits = true` in ApiDescription.lua's "waiting" section, as every
-- stage and scheduler function that waits is. Some call a function given to them, and so may wait as that
-- function may: CALLS_ITS_ARGUMENT says which arguments (coroutine.resume runs a coroutine's function, which
-- the call does not name).
local STANDARD = {}
for name in ("assert error getmetatable ipairs next pairs pcall print rawequal rawget rawset select setmetatable "
    .. "tonumber tostring type unpack xpcall string math table coroutine"):gmatch("%S+") do
    STANDARD[name] = true
end
local CALLS_ITS_ARGUMENT = { pcall = { 1 }, xpcall = { 1, 2 }, ["table.sort"] = { 2 }, ["table.foreach"] = { 2 },
    ["table.foreachi"] = { 2 }, ["string.gsub"] = { 3 }, ["coroutine.resume"] = { 1 } }
-- Calls after which a loop does not go round again.
local EXITS = { error = true, jump = true }
-- What a call may assign when what it runs only running tells: any name (no Lua name is "*").
local ANY_NAME = "*"

-- Whether name token i is (the last of) a function's name: function a.b:c(.
local function isDefinition(tokens, i)
    local j = i - 1
    while tokens[j] and (tokens[j].value == "." or tokens[j].value == ":") and tokens[j - 1]
        and tokens[j - 1].kind == "name" do
        j = j - 2
    end
    return tokens[j] ~= nil and tokens[j].value == "function"
end

-- Locals that hold one string all along: `local DOOR = "door-opened"`, the only declaration of
-- the name in the file, never assigned again. Returns token index of each use -> the string.
local function stringConstants(tokens, roles)
    local declared, assigned, value = {}, {}, {}
    for i, t in ipairs(tokens) do
        local nextValue = tokens[i + 1] and tokens[i + 1].value
        if roles[i] == "declare" then
            declared[t.value] = (declared[t.value] or 0) + 1
            local literal, after = tokens[i + 2], tokens[i + 3]
            if tokens[i - 1].value == "local" and nextValue == "=" and literal and literal.kind == "string"
                and not (after and (after.kind == "string" or CONTINUES[after.value])) then
                value[t.value] = literalText(literal)
            end
        elseif (roles[i] == "local" or roles[i] == "global") and nextValue == "=" then
            assigned[t.value] = true
        end
    end
    local uses = {}
    for i, t in ipairs(tokens) do
        if roles[i] == "local" and value[t.value] and declared[t.value] == 1 and not assigned[t.value] then
            uses[i] = value[t.value]
        end
    end
    return uses
end

-- Every call in the source: { index (the callee's token), name ("a.b" for a
-- field call), global, method (a:b()), entry (its description, if any),
-- owner (functionOf), line }; a described global call also has `args` (token
-- spans with kind/shown/value of literals) and `openEnded`.
local function readCalls(tokens, roles, closeOf, functionOf, api, constants)
    local calls = {}
    for i, t in ipairs(tokens) do
        local open = t.kind == "name" and callOpen(tokens, i)
        if open and not isDefinition(tokens, i) then
            local prev = tokens[i - 1]
            local field = prev and prev.value == "." and tokens[i - 2] and tokens[i - 2].kind == "name"
            local call = { index = i, name = field and tokens[i - 2].value .. "." .. t.value or t.value,
                global = roles[i] == "global", method = prev and prev.value == ":" or false,
                owner = functionOf[i], line = t.line, open = open }
            local described = (call.global or (field and roles[i - 2] == "global")) and api.byName[call.name]
            call.entry = described or nil
            if described then
                local args, openEnded = callArguments(tokens, open, closeOf)
                for _, span in ipairs(args) do
                    local kind, shown, value = literalOf(tokens, span, closeOf, constants)
                    span.line, span.kind, span.shown, span.value = tokens[span[1]].line, kind, shown, value
                end
                call.args, call.openEnded = args, openEnded
            end
            calls[#calls + 1] = call
        end
    end
    return calls
end

-- Whether name token j is assigned where it stands: declared (`local x`, a parameter, a loop's name) or a
-- target of `=` (`x = `, `a, x = `; `x.f = ` and `x[k] = ` too, as if x itself changed).
local function isAssigned(tokens, roles, j)
    if roles[j] == "declare" then
        return true
    elseif roles[j] ~= "local" and roles[j] ~= "global" then
        return false
    end
    local k, depth = j + 1, 0
    while tokens[k] do
        local v = tokens[k].value
        if v == "(" or v == "[" or v == "{" then
            depth = depth + 1
        elseif v == ")" or v == "]" or v == "}" then
            depth = depth - 1
            if depth < 0 then
                return false -- an argument, or an item of a table
            end
        elseif depth == 0 and v == "=" then
            return true
        elseif depth == 0 and v ~= "," and v ~= "." and tokens[k].kind ~= "name" then
            return false
        end
        k = k + 1
    end
    return false
end

-- Iterators a generic `for` calls on every pass that never wait: the standard library's.
local KNOWN_ITERATORS = { ipairs = true, pairs = true, next = true, ["string.gmatch"] = true }

-- Whether the `for` at token i is a generic one whose iterator only running tells: one that a function of
-- the script returns may wait, as a call of it would.
local function unknownIterator(tokens, roles, i)
    local j = i + 1
    while tokens[j] and (tokens[j].kind == "name" or tokens[j].value == ",") do
        j = j + 1
    end
    if not (tokens[j] and tokens[j].value == "in") then
        return false -- a numeric for
    end
    local name = tokens[j + 1].value
    if tokens[j + 2].value == "." and tokens[j + 3].kind == "name" then
        name = name .. "." .. tokens[j + 3].value
    end
    return not (roles[j + 1] == "global" and KNOWN_ITERATORS[name])
end

-- The script's own functions, each known by its `function` token (0 is the file's top level): which one a
-- call reaches (a global function by a global name, a local one by its local, `function t.f` by `t.f(...)`;
-- a method, a parameter or any other value only running tells), whether it can wait (a call in it that may:
-- a fixpoint, every function starting as "cannot"), and which names it can assign (its own assignments, its
-- function literals', and those of what it calls).
-- Returns { mayWait = fun(call): boolean, writes = fun(call): set of names (ANY_NAME: any) }.
local function readFunctions(tokens, roles, declaration, closeOf, functionOf, calls)
    -- global and field functions by name, local ones by the token that declares their local
    local defs, waitsOf, writesOf = { global = {}, ["local"] = {}, field = {} }, {}, {}
    local function define(j, f) -- the name token j is given the function f
        local kind, key = roles[j], tokens[j].value
        if kind == "field" and tokens[j - 1].value == "." and tokens[j - 2].kind == "name" then
            key = tokens[j - 2].value .. "." .. key -- t.f = function
        elseif kind == "local" or kind == "declare" then
            kind, key = "local", declaration[j] or j
        elseif kind ~= "global" then
            return
        end
        defs[kind][key] = defs[kind][key] or {}
        table.insert(defs[kind][key], f)
    end
    for f, t in ipairs(tokens) do
        if t.kind == "keyword" and t.value == "function" and closeOf[f] then
            waitsOf[f], writesOf[f] = false, {}
            local name = functionName(tokens, f)
            if tokens[f + 1].kind == "name" and name:find(".", 1, true) then
                defs.field[name] = defs.field[name] or {}
                table.insert(defs.field[name], f) -- function t.f(), function t:f()
            elseif tokens[f + 1].kind == "name" then
                define(f + 1, f) -- function f(), local function f()
            elseif f > 2 and tokens[f - 1].value == "=" and tokens[f - 2].kind == "name" then
                define(f - 2, f) -- f = function, local f = function
            end
        end
    end
    -- the functions the name token j reaches
    local function named(j)
        if roles[j] == "global" then
            return defs.global[tokens[j].value]
        end
        return roles[j] == "local" and declaration[j] and defs["local"][declaration[j]] or nil
    end
    -- the functions a value may be: {} for a literal that is none, nil when only running tells
    local function functionsOf(span)
        local a, b = span[1], span[2]
        local kind = literalOf(tokens, span, closeOf)
        if kind == "function" then
            return { a }
        elseif kind then
            return {}
        end
        return a == b and named(a) or nil
    end
    local function isStandard(call)
        local root = call.name:match("^([%a_][%w_]*)%.")
        if root then
            return STANDARD[root] and roles[call.index - 2] == "global"
        end
        return STANDARD[call.name] and call.global
    end
    -- the functions a call may run before it returns: the script's function it calls, or those it is given
    -- (a described function's `function` and `predicate` arguments, CALLS_ITS_ARGUMENT's); nil when only
    -- running tells
    local function runs(call)
        local given -- which arguments may be functions it calls
        if call.method then
            return nil
        elseif call.entry then
            given = {}
            for n, param in ipairs(call.entry.params) do
                if param.type == "function" or param.type == "predicate" then
                    given[#given + 1] = n
                end
            end
        elseif isStandard(call) then
            given = CALLS_ITS_ARGUMENT[call.name] or {}
        elseif call.name:find(".", 1, true) then
            return defs.field[call.name]
        else
            return named(call.index)
        end
        local list, args = {}, #given > 0 and callArguments(tokens, call.open, closeOf) or {}
        for _, n in ipairs(given) do
            local functions = {}
            if args[n] then
                functions = functionsOf(args[n])
            end
            if not functions then
                return nil
            end
            for _, f in ipairs(functions) do
                list[#list + 1] = f
            end
        end
        return list
    end
    local function mayWait(call)
        if call.entry then
            return call.entry.waits == true -- (runProcess's function waits in a process of its own)
        end
        local functions = runs(call)
        if not functions then
            return true -- a function the script does not define: it may wait
        end
        for _, f in ipairs(functions) do
            if waitsOf[f] then
                return true
            end
        end
        return false
    end
    local function writes(call)
        local functions, names = runs(call), {}
        if not functions then
            return { [ANY_NAME] = true }
        end
        for _, f in ipairs(functions) do
            for name in pairs(writesOf[f]) do
                names[name] = true
            end
        end
        return names
    end
    for i, t in ipairs(tokens) do
        if t.kind == "keyword" and t.value == "for" and functionOf[i] ~= 0 and unknownIterator(tokens, roles, i) then
            waitsOf[functionOf[i]] = true
        end
    end
    for f, names in pairs(writesOf) do
        for j = f + 1, closeOf[f] do
            if tokens[j].kind == "name" and isAssigned(tokens, roles, j) then
                names[tokens[j].value] = true
            end
        end
    end
    local changed = true
    while changed do
        changed = false
        for _, call in ipairs(calls) do
            local name = call.owner ~= 0 and call.owner or nil -- the function the call is in, by its token
            if name and not waitsOf[name] and mayWait(call) then
                waitsOf[name], changed = true, true
            end
            local f, assigned = call.owner, writes(call) -- what the call assigns, every function around it may
            while f ~= 0 do
                for written in pairs(assigned) do
                    changed = changed or not writesOf[f][written]
                    writesOf[f][written] = true
                end
                f = functionOf[f]
            end
        end
    end
    return { mayWait = mayWait, writes = writes }
end

-- The token of the `do` that opens the body of the `while` at `i`, or nil.
local function loopDo(tokens, i, closeOf)
    local j, depth = i + 1, 0
    while tokens[j] do
        local v = tokens[j].value
        if tokens[j].kind == "keyword" and v == "function" and closeOf[j] then
            j = closeOf[j]
        elseif v == "(" or v == "{" or v == "[" then
            depth = depth + 1
        elseif v == ")" or v == "}" or v == "]" then
            depth = depth - 1
        elseif depth == 0 and tokens[j].kind == "keyword" and v == "do" then
            return j
        end
        j = j + 1
    end
end

-- The tokens of an `if`/`elseif` condition (up to its `then`): first, last.
local function conditionOf(tokens, i, closeOf)
    local j = i + 1
    while tokens[j] and not (tokens[j].kind == "keyword" and tokens[j].value == "then") do
        if tokens[j].kind == "keyword" and tokens[j].value == "function" and closeOf[j] then
            j = closeOf[j]
        end
        j = j + 1
    end
    return i + 1, j - 1
end

-- How many times the numeric `for` whose control name is token i runs (its header up to the `do`
-- at d), when its start, stop and step are number literals; nil otherwise.
local function forCount(tokens, i, d)
    local bounds, j = {}, i + 2
    if not (tokens[i + 1] and tokens[i + 1].value == "=") then
        return nil -- a generic for (`in`)
    end
    while j < d do
        local sign = 1
        if tokens[j].value == "-" then
            sign, j = -1, j + 1
        end
        local value = tokens[j] and tokens[j].kind == "number" and tonumber(tokens[j].value)
        if not value or (tokens[j + 1].value ~= "," and j + 1 ~= d) then
            return nil
        end
        bounds[#bounds + 1], j = sign * value, j + 2
    end
    local first, last, step = bounds[1], bounds[2], bounds[3] or 1
    if #bounds < 2 or #bounds > 3 or step == 0 then
        return nil
    end
    return math.max(0, math.floor((last - first) / step) + 1)
end

-- How many passes a loop makes before the condition in token range `range` (`NAME op NUMBER`, either
-- way round) turns, when NAME is given a number literal before the loop and changed in it only by
-- `NAME = NAME + NUMBER` (or `-`): the counter loops an author writes; nil for any other condition.
local COMPARES = { ["<"] = true, ["<="] = true, [">"] = true, [">="] = true, ["~="] = true, ["=="] = true }
local function counterPasses(tokens, range, loop, functionOf)
    local a, b = range[1], range[2]
    if b - a ~= 2 or not COMPARES[tokens[a + 1].value] then
        return nil
    end
    local nameAt = tokens[a].kind == "name" and a or tokens[b].kind == "name" and b
    local limit = tonumber(tokens[nameAt == a and b or a].value)
    local name = nameAt and tokens[nameAt].value
    if not (name and limit) then
        return nil
    end
    local function numberAssigned(j) -- NAME = NUMBER (a whole statement) at token j
        local after = tokens[j + 3]
        return tokens[j].value == name and tokens[j + 1] and tokens[j + 1].value == "="
            and tokens[j + 2] and tokens[j + 2].kind == "number"
            and (not after or after.kind == "name" or after.kind == "keyword") and tonumber(tokens[j + 2].value)
    end
    local start
    for j = loop.first - 1, 1, -1 do
        if functionOf[j] == loop.owner and tokens[j].value == name and tokens[j + 1].value == "=" then
            start = numberAssigned(j)
            break
        end
    end
    local step
    for j = loop.first + 1, loop.last do
        if tokens[j].value == name and tokens[j + 1] and tokens[j + 1].value == "=" then
            local op, by = tokens[j + 3], tokens[j + 4] and tonumber(tokens[j + 4].value)
            if step or tokens[j + 2].value ~= name or not op or (op.value ~= "+" and op.value ~= "-") or not by then
                return nil -- set some other way, or twice
            end
            step = op.value == "+" and by or -by
        end
    end
    if not (start and step) or step == 0 or (limit - start) * step <= 0 then
        return nil
    end
    return math.floor((limit - start) / step)
end

-- The passes a loop that goes round until its conditions turn certainly makes: the fewest any of
-- them allows (a numeric for's bounds, the counters its condition and the guards of its exits read);
-- nil when one of them is not a counter's.
local function passesOf(tokens, loop, functionOf)
    local fewest = loop.count
    for n, range in ipairs(loop.conditions) do
        if n > 1 or not (loop.kind == "for" or loop.endless) then
            local passes = counterPasses(tokens, range, loop, functionOf)
            if not passes then
                return nil
            end
            fewest = math.min(fewest or passes, passes)
        end
    end
    return fewest
end

-- Keywords that start a statement: an assignment's value ends before them.
local STATEMENT = { ["local"] = true, ["if"] = true, ["while"] = true, ["for"] = true, ["repeat"] = true,
    ["return"] = true, ["break"] = true, ["do"] = true, ["end"] = true, ["then"] = true, ["else"] = true,
    ["elseif"] = true, ["until"] = true }

-- A question: a described function that answers at once what the world is like (isWalking, isLatched,
-- distance, facingOf...): it does not wait, sends no signal, and gives a flag, a number or one of some names,
-- not a thing it makes (a Process, a Point, a Line, a Sound).
local function isQuestion(entry)
    local gives = entry.returns[1] and entry.returns[1][1] or ""
    return not entry.waits and not entry.signalRole
        and (gives == "boolean" or gives == "number" or gives == "integer" or gives:sub(1, 1) == '"')
end

-- Tokens after which an expression may end.
local ENDS_OPERAND = { [")"] = true, ["]"] = true, ["}"] = true, ["..."] = true, ["true"] = true,
    ["false"] = true, ["nil"] = true, ["end"] = true }

-- The last token of the expression that starts at token k (a value assigned): before a `,` or `;`, a bracket
-- it did not open, a keyword that ends or starts a statement, or a name that starts the next statement.
local function expressionEnd(tokens, k, closeOf)
    local depth, j = 0, k
    while tokens[j] do
        local t, prev = tokens[j], tokens[j - 1]
        local ended = prev.kind == "name" or prev.kind == "number" or prev.kind == "string" or ENDS_OPERAND[prev.value]
        if t.kind == "keyword" and t.value == "function" and closeOf[j] then
            j = closeOf[j]
        elseif t.value == "(" or t.value == "[" or t.value == "{" then
            depth = depth + 1
        elseif t.value == ")" or t.value == "]" or t.value == "}" then
            depth = depth - 1
            if depth < 0 then
                return j - 1
            end
        elseif depth == 0 and (t.value == "," or t.value == ";" or (t.kind == "keyword" and STATEMENT[t.value])
            or (j > k and t.kind == "name" and ended)) then
            return j - 1
        end
        j = j + 1
    end
    return #tokens
end

-- What a condition judged for being stuck may not read: a field, an index or a length (a table's contents,
-- which an alias may change where no name shows it), a function literal.
local OPAQUE = { ["."] = true, [":"] = true, ["["] = true, ["#"] = true, ["function"] = true }

-- The question a loop that cannot wait is stuck on, or nil. Nothing else runs until the loop waits, so a
-- question answers on every pass what it answered on the first: a loop is stuck when every way out of it
-- (its condition, the guards of its exits) reads only questions' answers and names that change in it only as
-- answers decide (under guards that read nothing else, or given a value that reads nothing else), and reads a
-- question somewhere: `while steps < 3 do if isWalking("child") then steps = steps + 1 end end` counts to 3 at
-- once, or never. A condition that calls anything but a question, reads a table's contents, or a name that
-- changes otherwise (or in an inner loop, or by a call that may assign anything) is not judged.
local function stuckQuestion(ctx, loop)
    local tokens, roles, closeOf, functionOf = ctx.tokens, ctx.roles, ctx.closeOf, ctx.functionOf
    local known, visiting, decidedName = {}, {}, nil
    -- true when tokens a..b read no question and nothing else that changes, the first question when they read
    -- one, false when they read what may change otherwise
    local function decidedRange(a, b)
        local question = true
        for j = a, b do
            local q = true
            if ctx.questionAt[j] then
                q = ctx.questionAt[j]
            elseif ctx.callAt[j] or OPAQUE[tokens[j].value] then
                return false
            elseif roles[j] == "local" or roles[j] == "global" then
                q = decidedName(tokens[j].value)
            end
            if not q then
                return false
            end
            question = question == true and q or question
        end
        return question
    end
    local function decidedAll(ranges)
        local question = true
        for _, range in ipairs(ranges) do
            local q = decidedRange(range[1], range[2])
            if not q then
                return false
            end
            question = question == true and q or question
        end
        return question
    end
    -- the conditions that decide whether token j of the loop runs on a pass: those of the `if`s around it and
    -- of every `elseif` before it; nil in an inner loop or a function literal
    local function guardsOf(j)
        if functionOf[j] ~= loop.owner then
            return nil
        end
        for _, inner in ipairs(ctx.loops) do
            if inner.first > loop.first and inner.first < j and j <= inner.last then
                return nil
            end
        end
        local ranges = {}
        for g = loop.first + 1, j - 1 do
            local t = tokens[g]
            if t.kind == "keyword" and t.value == "if" and functionOf[g] == loop.owner and (closeOf[g] or 0) > j then
                ranges[#ranges + 1] = { conditionOf(tokens, g, closeOf) }
            elseif t.kind == "keyword" and t.value == "elseif" and functionOf[g] == loop.owner then
                ranges[#ranges + 1] = { conditionOf(tokens, g, closeOf) }
            end
        end
        return ranges
    end
    -- a change at token j (an assignment, or a call that may assign) as answers decide it
    local function decidedChange(j)
        local guards = guardsOf(j)
        local guarded = guards and #guards > 0 and decidedAll(guards)
        local alone = tokens[j + 1].value == "=" and tokens[j - 1].value ~= "," -- x = value, local x = value
        if not guarded and guards and alone then
            return decidedRange(j + 2, expressionEnd(tokens, j + 2, closeOf))
        end
        return guarded
    end
    function decidedName(name)
        if known[name] == nil then
            if visiting[name] then
                return false -- it changes as it is (n = n + 1): not as answers decide
            end
            visiting[name] = true
            local question = true
            for j = loop.first + 1, loop.last do
                local call = ctx.callAt[j]
                local changes = (tokens[j].value == name and isAssigned(tokens, roles, j))
                    or (call and (ctx.writes(call)[name] or ctx.writes(call)[ANY_NAME]))
                local q = not changes or decidedChange(j)
                if not q then
                    question = false
                    break
                end
                question = question == true and q or question
            end
            visiting[name], known[name] = nil, question
        end
        return known[name]
    end
    local ways = { loop.conditions[1] }
    for _, k in ipairs(loop.exitAt) do
        local guards = guardsOf(k)
        if not guards or #guards == 0 then
            return nil -- a way out that no answer decides
        end
        for _, range in ipairs(guards) do
            ways[#ways + 1] = range
        end
    end
    local question = decidedAll(ways)
    return question ~= true and question or nil
end

-- Loops: { kind (while, repeat, for), line, token, owner, first, last (its
-- condition and body), endless (while true, until false), count (the passes it
-- certainly makes, when its bounds are literals or it counts to one: passesOf), exits (a break,
-- return, error or jump that leaves it), mayWait (some path through it can
-- wait: a call that may, or a generic for's iterator only running tells), polled (a query it rereads to
-- decide whether to go on, e.g. "isLatched": in its condition or a guard of its exits, kept in a local first,
-- or the question that alone decides when what they read changes: stuckQuestion; the world it asks about
-- stands still while the loop cannot wait) }.
local function readLoops(tokens, roles, closeOf, functionOf, calls, functions)
    local loops = {}
    for i, t in ipairs(tokens) do
        if t.kind == "keyword" and (t.value == "while" or t.value == "for") then
            local d = loopDo(tokens, i, closeOf)
            if d and closeOf[d] then
                loops[#loops + 1] = { kind = t.value, token = i, line = t.line, owner = functionOf[i], first = i,
                    last = closeOf[d], body = d, conditions = { { i + 1, d - 1 } },
                    endless = t.value == "while" and d == i + 2 and tokens[i + 1].value == "true", exitAt = {},
                    count = t.value == "for" and forCount(tokens, i + 1, d) or nil }
            end
        elseif t.kind == "keyword" and t.value == "repeat" and closeOf[i] then
            local u = closeOf[i]
            local last = u
            while tokens[last + 1] and tokens[last + 1].line == tokens[u].line do
                last = last + 1
            end
            local after = tokens[u + 1]
            loops[#loops + 1] = { kind = "repeat", token = i, line = t.line, owner = functionOf[i], first = i,
                last = last, body = i, conditions = { { u + 1, last } }, exitAt = {},
                endless = after and last == u + 1 and (after.value == "false" or after.value == "nil") or false }
        end
    end
    -- the innermost loop of the same function around token k, and every one
    local function around(k)
        local list = {}
        for _, loop in ipairs(loops) do
            if loop.owner == functionOf[k] and loop.first < k and k <= loop.last then
                list[#list + 1] = loop
            end
        end
        table.sort(list, function(a, b)
            return a.first > b.first
        end)
        return list
    end
    -- the conditions of the `if`s between a loop and its exit at k
    local function guards(loop, k)
        loop.exitAt[#loop.exitAt + 1] = k
        for j = loop.first + 1, k - 1 do
            local v = tokens[j]
            local encloses = closeOf[j] and closeOf[j] > k and functionOf[j] == loop.owner
            if v.kind == "keyword" and v.value == "if" and encloses then
                local a, b = conditionOf(tokens, j, closeOf)
                loop.conditions[#loop.conditions + 1] = { a, b }
            end
        end
    end
    for k, t in ipairs(tokens) do
        local exit = t.kind == "keyword" and (t.value == "break" or t.value == "return")
        if exit then
            local list = around(k)
            for n, loop in ipairs(list) do
                if t.value == "return" or n == 1 then
                    loop.exits = true
                    guards(loop, k)
                end
            end
        end
    end
    for _, call in ipairs(calls) do
        if call.global and EXITS[call.name] then
            for _, loop in ipairs(around(call.index)) do
                loop.exits = true
                guards(loop, call.index)
            end
        end
    end
    -- queries: the questions asked (isLatched, isWalking...)
    local queryAt, callAt = {}, {}
    for _, call in ipairs(calls) do
        callAt[call.index] = call
        if call.entry and isQuestion(call.entry) and not call.method then
            queryAt[call.index] = call.name
        end
    end
    local ctx = { tokens = tokens, roles = roles, closeOf = closeOf, functionOf = functionOf, callAt = callAt,
        questionAt = queryAt, writes = functions.writes, loops = loops }
    for _, loop in ipairs(loops) do
        loop.mayWait = false
        for _, inner in ipairs(loops) do -- (a generic for calls its iterator on every pass)
            if inner.owner == loop.owner and inner.first >= loop.first and inner.first <= loop.last
                and inner.kind == "for" and unknownIterator(tokens, roles, inner.first) then
                loop.mayWait = true
            end
        end
        local polledNames = {} -- locals the loop sets from a query: local rang = isLatched("bell")
        for _, call in ipairs(calls) do
            if call.owner == loop.owner and call.index > loop.first and call.index <= loop.last
                and functions.mayWait(call) then
                loop.mayWait = true
            end
        end
        for j = loop.first + 1, loop.last do
            if tokens[j].value == "=" and tokens[j - 1].kind == "name" and functionOf[j] == loop.owner then
                -- its value: up to the end of the line or the next statement's keyword
                local k = j + 1
                while tokens[k] and tokens[k].line == tokens[j].line
                    and not (tokens[k].kind == "keyword" and STATEMENT[tokens[k].value]) do
                    if queryAt[k] then
                        polledNames[tokens[j - 1].value] = queryAt[k]
                        break
                    end
                    k = k + 1
                end
            end
        end
        for _, range in ipairs(loop.conditions) do
            for j = range[1], range[2] do
                local t = tokens[j]
                loop.polled = loop.polled or queryAt[j]
                    or (t.kind == "name" and roles[j] == "local" and polledNames[t.value]) or nil
            end
        end
        if not loop.polled and not loop.mayWait and loop.kind ~= "for" then
            loop.polled = stuckQuestion(ctx, loop)
        end
        loop.count = passesOf(tokens, loop, functionOf)
        loop.conditions, loop.exitAt = nil, nil
    end
    return loops
end

-- The entries that send a signal: name -> which argument is the signal's name.
local function sendersOf(api)
    local senders = {}
    for _, entry in ipairs(api.functions) do
        if entry.signalRole == "sends" then
            for n, param in ipairs(entry.params or {}) do
                if param.type == "signal" then
                    senders[entry.name] = n
                end
            end
        end
    end
    return senders
end

-- Signals: sent = { { value, line } } (literal names and `{signal=NAME}` in
-- any string, joined or not), waited = { { value, line } }, and sendable:
-- false when the text can send any name (a sender called with a name it
-- cannot tell, or reached other than by a plain call), else { exact = set,
-- shapes = { { prefix, suffix } } }.
local function readSignals(tokens, roles, calls, api)
    local senders, sent, waited, seen, waitedShapes = sendersOf(api), {}, {}, {}, {}
    local exact, shapes, any = {}, {}, false
    local function send(name, line)
        exact[name] = true
        if not seen[name .. "\0" .. line] then
            seen[name .. "\0" .. line] = true
            sent[#sent + 1] = { value = name, line = line }
        end
    end
    -- {signal=NAME} in every string, and in strings joined with `..`
    local i = 1
    while tokens[i] do
        if tokens[i].kind == "string" then
            local texts, j = { literalText(tokens[i]) }, i
            while tokens[j + 2] and tokens[j + 1].value == ".." and tokens[j + 2].kind == "string" do
                j = j + 2
                texts[#texts + 1] = literalText(tokens[j])
            end
            for _, tag in ipairs(M.eventTags(table.concat(texts))) do
                if tag.tag == "signal" then
                    send(tag.name, tokens[i].line)
                end
            end
            for k = i, j, 2 do
                if senders[literalText(tokens[k])] then
                    any = true -- a sender looked up by its name
                end
            end
            i = j + 1
        else
            if tokens[i].kind == "name" and senders[tokens[i].value] and roles[i] == "global"
                and not callOpen(tokens, i) then
                any = true -- a sender stored or passed: what it sends is not in the text
            end
            i = i + 1
        end
    end
    for _, call in ipairs(calls) do
        local entry = call.entry
        local n = entry and call.global and senders[entry.name]
        if n then
            local span = call.args[n]
            local shape = span and (span.kind == "string" and { exact = span.value } or nameShape(tokens, span))
            if not shape then
                any = true
            elseif shape.exact then
                send(shape.exact, span.line)
            else
                shapes[#shapes + 1] = shape
            end
        elseif entry and entry.signalRole == "waits" then
            for k, param in ipairs(entry.params) do
                local span = call.args[k]
                local shape = param.type == "signal" and span and span.kind ~= "string" and nameShape(tokens, span)
                if param.type == "signal" and span and span.kind == "string" then
                    waited[#waited + 1] = { value = span.value, line = span.line }
                elseif shape and not shape.exact then
                    waitedShapes[#waitedShapes + 1] = { prefix = shape.prefix, suffix = shape.suffix, line = span.line }
                end
            end
        end
    end
    return sent, waited, not any and { exact = exact, shapes = shapes }, waitedShapes
end

-- Lines, story targets and line IDs of the described calls.
local function readLines(tokens, functionOf, calls)
    local lines, targets = {}, {}
    local shownBy = {} -- the first token of an argument -> the described call it is an argument of
    for _, call in ipairs(calls) do
        for _, span in ipairs(call.entry and call.global and call.args or {}) do
            shownBy[span[1]] = call
        end
    end
    for _, call in ipairs(calls) do
        local entry = call.entry
        if entry and call.global then
            for k, param in ipairs(entry.params or {}) do
                local span = call.args[k]
                if param.type == "story" and span and span.kind == "string" then
                    targets[#targets + 1] = { call = call.name, target = span.value, line = span.line }
                end
            end
            for _, n in ipairs(lineArguments(entry, #call.args)) do
                local pieces = call.args[n] and literalPieces(tokens, call.args[n])
                if pieces then
                    local values = {}
                    for k, piece in ipairs(pieces) do
                        values[k] = piece.value
                    end
                    local value = table.concat(values)
                    local f, owner, top = functionOf[call.index], nil, nil
                    while f ~= 0 do
                        local name = functionName(tokens, f)
                        owner = owner or name
                        top = functionOf[f] == 0 and name or top
                        f = functionOf[f]
                    end
                    -- a line() template is shown by the call it is an argument of: say() shows it in a bubble
                    local outer = call.name == "line" and shownBy[call.index] or nil
                    lines[#lines + 1] = { line = pieces[1].line, close = pieces[#pieces].close, value = value,
                        text = call.args[n].value, id = lineIdOf(value), owner = owner, top = top,
                        call = call.name, shownBy = outer and outer.name,
                        speaker = outer and speakerOf(tokens, outer.name, outer.args)
                            or speakerOf(tokens, call.name, call.args),
                        markup = call.entry.params[n] and (call.entry.params[n].type == "label" and "shown")
                            or "typed" }
                end
            end
        end
    end
    return lines, targets
end

---Reads a scene's source once: the facts every consumer asks.
---@param source string the script's text (its syntax already known to be sound)
---@param api table ApiDescription.lua's table
---@return table facts { tokens, ignored (lines that say `check: ignore`), closeOf, functionOf, roles,
---  calls, lines = { { line, close (byte of its closing quote), value (as written), text (as Lua reads it),
---  id (explicit, or nil), owner (the innermost named function, or nil), top (the outermost, or nil),
---  call, shownBy (for a line() template, the call it is an argument of, or nil), speaker (a literal speaker,
---  or nil), markup ("typed"|"shown") } }, targets = { { call, target,
---  line } }, sent, waited = { { value, line } }, sendable (false, or { exact = set, shapes }), waitedShapes
---  = { { prefix, suffix, line } } (names waited on built with `..` around what only running tells),
---  loops = { { kind, line, owner, endless, exits, mayWait, polled, count } }, literals (the set of every string
---  literal's text as Lua reads it: which actors the script names, for --strings) }
function M.read(source, api)
    local tokens, ignored = tokenize(source)
    local closeOf, functionOf = blocks(tokens)
    local roles, declaration = nameRoles(tokens)
    local calls = readCalls(tokens, roles, closeOf, functionOf, api, stringConstants(tokens, roles))
    local functions = readFunctions(tokens, roles, declaration, closeOf, functionOf, calls)
    local facts = { tokens = tokens, ignored = ignored, closeOf = closeOf, functionOf = functionOf, roles = roles,
        calls = calls, mayWait = functions.mayWait }
    facts.lines, facts.targets = readLines(tokens, functionOf, calls)
    facts.sent, facts.waited, facts.sendable, facts.waitedShapes = readSignals(tokens, roles, calls, api)
    facts.loops = readLoops(tokens, roles, closeOf, functionOf, calls, functions)
    facts.literals = {}
    for _, t in ipairs(tokens) do
        if t.kind == "string" then
            facts.literals[literalText(t)] = true
        end
    end
    return facts
end

---The lines a player reads in `source` (the facts' `lines`).
--- The sendable signals of several sources (a game's main script and the
--- modules it requires) as one: false when any of them cannot tell, else the
--- union of their names and shapes.
function M.mergeSendable(list)
    local merged = { exact = {}, shapes = {} }
    for i = 1, list.n or #list do
        local sendable = list[i]
        if not sendable then
            return false
        end
        for name in pairs(sendable.exact) do
            merged.exact[name] = true
        end
        for _, shape in ipairs(sendable.shapes) do
            merged.shapes[#merged.shapes + 1] = shape
        end
    end
    return merged
end

function M.playerLines(source, api)
    return M.read(source, api).lines
end

---Explicit IDs written twice: one per later use, naming both lines.
---@return table[] { line, text = "label:LINE: line ID 'x' is also used at label:FIRST" }
function M.duplicateLineIds(lines, label)
    local first, out = {}, {}
    for _, l in ipairs(lines) do
        if l.id and first[l.id] then
            out[#out + 1] = { line = l.line, text = string.format("%s:%d: line ID '%s' is also used at %s:%d", label,
                l.line, l.id, label, first[l.id]) }
        elseif l.id then
            first[l.id] = l.line
        end
    end
    return out
end

-- A line ID's hash part: a 32-bit hash of the text in hex, `digits` long
-- (arithmetic only: PUC Lua 5.1 has no bit operations).
local function textHash(text, digits)
    local h = 5381
    for k = 1, #text do
        h = (h * 33 + text:byte(k)) % 4294967296
    end
    return string.format("%08x", h):sub(1, digits)
end

-- The tag for the string whose closing quote is at `close`: `{#ID}` before
-- the quote, or, when that would make the source line longer than `width`,
-- on a line of its own joined with `..` (a quoted string only).
local function tagText(source, close, id, width)
    local tag = "{#" .. id .. "}"
    local lineStart = close
    while lineStart > 1 and source:sub(lineStart - 1, lineStart - 1) ~= "\n" do
        lineStart = lineStart - 1
    end
    local lineEnd = source:find("\n", close, true) or #source + 1
    local quote = source:sub(close, close)
    if lineEnd - lineStart + #tag <= width or (quote ~= '"' and quote ~= "'") then
        return tag
    end
    local indent = source:match("^[ \t]*", lineStart)
    return quote .. "\n" .. indent .. "    .. " .. quote .. tag
end

---Adds `{#ID}` to every literal line of `source` that has none, at the end
---of the string (on a continuation line `.. "{#ID}"` where the source line
---would pass `width` columns, default 120); nothing else changes. An ID is
---the name of the function the line is in (`fallback` outside any) and a
---short hash of its text, longer or numbered when that is taken in the
---file. Refuses (returns nil and the messages) when the script already uses
---an ID twice.
---@return string|nil tagged, integer|string[] count or duplicate messages
function M.tagLines(source, api, fallback, label, width)
    width = width or 120
    local lines = M.playerLines(source, api)
    local duplicates = M.duplicateLineIds(lines, label or fallback)
    if #duplicates > 0 then
        local messages = {}
        for i, d in ipairs(duplicates) do
            messages[i] = d.text
        end
        return nil, messages
    end
    local used, inserts = {}, {}
    for _, l in ipairs(lines) do
        if l.id then
            used[l.id] = true
        end
    end
    for _, l in ipairs(lines) do
        if not l.id and l.value ~= "" then
            local prefix = (l.owner or fallback):gsub("[^%w_%.%-]", "_")
            local id
            local digits, n = 4, 1
            repeat
                id = prefix .. "." .. textHash(l.value, digits) .. (n > 1 and "-" .. n or "")
                if digits < 8 then
                    digits = digits + 2
                else
                    n = n + 1
                end
            until not used[id]
            used[id] = true
            inserts[#inserts + 1] = { at = l.close, text = tagText(source, l.close, id, width) }
        end
    end
    local parts, from = {}, 1
    for _, ins in ipairs(inserts) do
        parts[#parts + 1] = source:sub(from, ins.at - 1)
        parts[#parts + 1] = ins.text
        from = ins.at
    end
    parts[#parts + 1] = source:sub(from)
    return table.concat(parts), #inserts
end

-- --check: an ID used twice; and, once a script has explicit IDs, a line
return M
