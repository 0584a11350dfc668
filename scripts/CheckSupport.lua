--- CheckSupport: `stagehand --check`, a look at a scene script without
-- running its scenes. The host loads this file with full privileges and calls
-- it with the script's text, its label, what the script can name (the globals
-- it can see once loaded, its functions, scenes, actors, waypoints, images)
-- and scripts/ApiDescription.lua, which says what each stage function takes.
--
-- It reads tokens, with the scopes of locals, not a full syntax tree: it
-- judges what a call with literal arguments says. A finding is a likely
-- mistake; one that starts with "hint:" is a likely surprise. A line whose
-- comment says `check: ignore` (best with the reason) is left out.

local M = {}

local KEYWORDS = {}
for word in ("and break do else elseif end false for function if in local nil not or repeat return then true "
    .. "until while"):gmatch("%a+") do
    KEYWORDS[word] = true
end

-- Tokens of Lua source: { kind = "name"|"keyword"|"string"|"number"|"op", value, line }.
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
            at = at + 1
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
            local i, value = at + 1, {}
            while i <= n and source:sub(i, i) ~= c do
                local ch = source:sub(i, i)
                if ch == "\\" then
                    ch = source:sub(i, i + 1)
                    i = i + 1
                elseif ch == "\n" then
                    line = line + 1
                end
                value[#value + 1] = ch
                i = i + 1
            end
            add("string", table.concat(value))
            at = i + 1
        elseif c == "[" and source:match("^%[=*%[", at) then
            local startLine = line
            local body, after = longBracket(at)
            local _, newlines = body:gsub("\n", "")
            tokens[#tokens + 1] = { kind = "string", value = body, line = startLine }
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
-- "declare", or "global".
local function nameRoles(tokens)
    local roles, scopes, brackets = {}, { {} }, {}
    local pending -- names a `for` or `function` declares in the scope its body opens
    local function declare(name)
        scopes[#scopes][name] = true
    end
    local function isLocal(name)
        for s = #scopes, 1, -1 do
            if scopes[s][name] then
                return true
            end
        end
        return false
    end
    local function open()
        scopes[#scopes + 1] = {}
        for _, name in ipairs(pending or {}) do
            declare(name)
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
                pending = { method and "self" or nil }
                j = j + 1
                while tokens[j] and tokens[j].value ~= ")" do
                    if tokens[j].kind == "name" then
                        pending[#pending + 1] = tokens[j].value
                        roles[j] = "declare"
                    end
                    j = j + 1
                end
                open()
            elseif t.value == "for" then
                pending = {}
                local j = i + 1
                while tokens[j] and tokens[j].value ~= "in" and tokens[j].value ~= "=" do
                    if tokens[j].kind == "name" then
                        pending[#pending + 1] = tokens[j].value
                        roles[j] = "declare"
                    end
                    j = j + 1
                end
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
                -- local a, b: every name of the list
                local j = i
                while tokens[j] and tokens[j].kind == "name" do
                    roles[j] = "declare"
                    declare(tokens[j].value)
                    j = tokens[j + 1] and tokens[j + 1].value == "," and j + 2 or #tokens + 1
                end
            elseif prev and prev.value == "function" and tokens[i - 2] and tokens[i - 2].value == "local" then
                roles[i] = "declare"
                scopes[#scopes - 1][t.value] = true -- `local function f` is visible in its own body
            else
                roles[i] = isLocal(t.value) and "local" or "global"
            end
        end
    end
    return roles
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

-- What a literal argument is: "string", "number", "boolean", "nil", "table"
-- or "function", with its text as an error would show it; nil when the
-- argument is an expression whose value only running it tells.
local function literalOf(tokens, span, closeOf)
    local a, b = span[1], span[2]
    local t = tokens[a]
    if a == b then
        if t.kind == "string" then
            return "string", string.format("%q", t.value), t.value
        elseif t.kind == "number" then
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

local function setOf(list)
    local set = {}
    for _, v in ipairs(list or {}) do
        set[v] = true
    end
    return set
end

local function contains(list, value)
    for _, v in ipairs(list) do
        if v == value then
            return true
        end
    end
    return false
end

-- The noun an unknown name is called by, per list the host gives.
local NOUNS = { actors = "actor", waypoints = "waypoint", images = "image", sounds = "sound" }

---Returns the findings, one "label:line: ..." string each, in line order.
---@param source string the script's text
---@param label string its name in messages
---@param names table { globals, functions, scenes, actors, waypoints, images = {...} (sounds = {...} when
---  the host has them), api = ApiDescription.lua's table, closest = fun(name, candidates): string|nil }
function M.check(source, label, names)
    local api = names.api
    local tokens, ignored = tokenize(source)
    local closeOf, functionOf = blocks(tokens)
    local roles = nameRoles(tokens)
    local globals = setOf(names.globals)
    local lists = { actors = names.actors, waypoints = names.waypoints, images = names.images,
        sounds = names.sounds, storyFunctions = names.functions }
    local sets = {}
    for key, list in pairs(lists) do
        if type(list) == "table" then -- a list the host does not give is not judged
            sets[key] = setOf(list)
        end
    end
    local findings = {}
    local function find(line, message, ...)
        if not ignored[line] then
            findings[#findings + 1] = { line = line, text = string.format("%s:%d: " .. message, label, line, ...) }
        end
    end
    local function didYouMean(name, candidates)
        local guess = names.closest(name, candidates or {})
        return guess and string.format(" (did you mean '%s'?)", guess) or ""
    end

    -- A call: a global name followed by (, a string or a table.
    local function callOpen(i)
        local next = tokens[i + 1]
        if next and (next.value == "(" or next.kind == "string" or next.value == "{") then
            return i + 1
        end
    end

    -- Globals: assigned anywhere; then every read, write and call judged.
    local written = {}
    for i, t in ipairs(tokens) do
        if roles[i] == "global" and tokens[i + 1] and tokens[i + 1].value == "=" then
            written[t.value] = true
        elseif roles[i] == "global" and tokens[i - 1] and tokens[i - 1].value == "function" then
            written[t.value] = true
        end
    end
    for i, t in ipairs(tokens) do
        if roles[i] == "global" and not globals[t.value] then
            local assigned = tokens[i + 1] and tokens[i + 1].value == "="
                or (tokens[i - 1] and tokens[i - 1].value == "function")
            if assigned and functionOf[i] ~= 0 then
                find(t.line, "assignment to undefined global '%s' inside a function (declare it with local, or give "
                    .. "it a value at the top of the file)%s", t.value, didYouMean(t.value, names.globals))
            elseif not assigned and not written[t.value] then
                find(t.line, "%s undefined global '%s'%s", callOpen(i) and "call to" or "read of", t.value,
                    didYouMean(t.value, names.globals))
            end
        end
    end

    -- Calls of described functions: arity, literal types, enums, known names.
    local sent, waited = {}, {}
    local storyTargets = {}
    local function checkArgument(fname, param, kind, shown, value, line)
        local type = api.types[param.type]
        if kind == "nil" then
            if not (param.opt or param.orNil) then
                find(line, "%s: %s must be %s. Was nil", fname, param.name,
                    type.expects or "one of " .. table.concat(type.enum, ", "))
            end
            return
        end
        if not contains(type.literal, kind) then
            find(line, "%s: %s must be %s. Was %s", fname, param.name,
                type.expects or "one of " .. table.concat(type.enum, ", "), shown)
            return
        end
        if kind == "number" and type.atLeast and value and value < type.atLeast then
            find(line, "%s: %s must be %s. Was %s", fname, param.name, type.expects, shown)
        elseif kind == "string" and type.enum and not contains(type.enum, value) then
            -- (every choice is listed: no guess, as the binding's own error)
            find(line, "%s: %s must be one of %s. Was %s", fname, param.name, table.concat(type.enum, ", "), shown)
        elseif kind == "string" and type.names then
            local list = type.names
            if list == "places" then
                list = value:find(".", 1, true) and "waypoints" or "actors"
            end
            if list == "storyFunctions" then
                storyTargets[value] = true
            end
            if sets[list] and not sets[list][value] then
                if list == "storyFunctions" then
                    find(line, "%s: no story function named '%s'%s", fname, value, didYouMean(value, lists[list]))
                else
                    find(line, "%s: unknown %s '%s'%s", fname, NOUNS[list] or list, value,
                        didYouMean(value, lists[list]))
                end
            end
        end
        if kind == "string" and param.type == "signal" then
            return value
        end
    end
    for i, t in ipairs(tokens) do
        local entry = roles[i] == "global" and api.byName[t.value]
        local open = entry and callOpen(i)
        if open then
            local args, openEnded = callArguments(tokens, open, closeOf)
            local params = entry.params
            local varargs = params[#params] and params[#params].name == "..."
            for n, param in ipairs(params) do
                if param.name == "..." then
                    break
                end
                local span = args[n]
                if not span then
                    if not param.opt and not openEnded then
                        find(t.line, "%s: argument %d (%s) is missing", t.value, n, param.name)
                    end
                else
                    local kind, shown, value = literalOf(tokens, span, closeOf)
                    local signalName = kind and checkArgument(t.value, param, kind, shown, value,
                        tokens[span[1]].line)
                    if signalName and entry.signalRole then
                        local list = entry.signalRole == "sends" and sent or waited
                        list[#list + 1] = { value = signalName, line = tokens[span[1]].line }
                    end
                end
            end
            if not varargs and #args > #params and not (openEnded and #args == #params + 1) then
                find(t.line, "%s takes %d argument%s, not %d", t.value, #params, #params == 1 and "" or "s", #args)
            end
        end
    end

    M.checkSignals(sent, waited, find, didYouMean)
    M.checkScenes(tokens, closeOf, functionOf, roles, names, storyTargets, find, api)

    table.sort(findings, function(a, b)
        if a.line ~= b.line then
            return a.line < b.line
        end
        return a.text < b.text
    end)
    local out = {}
    for i, f in ipairs(findings) do
        out[i] = f.text
    end
    return out
end

-- Signals sent and never waited on, and the reverse: each a finding at its
-- literal, with the closest name of the other side.
function M.checkSignals(sent, waited, find, didYouMean)
    local sentNames, waitedNames = {}, {}
    for _, s in ipairs(sent) do
        sentNames[#sentNames + 1] = s.value
    end
    for _, w in ipairs(waited) do
        waitedNames[#waitedNames + 1] = w.value
    end
    local sentSet, waitedSet = setOf(sentNames), setOf(waitedNames)
    for _, w in ipairs(waited) do
        if not sentSet[w.value] then
            find(w.line, "signal '%s' is waited on but never sent%s", w.value, didYouMean(w.value, sentNames))
        end
    end
    for _, s in ipairs(sent) do
        if not waitedSet[s.value] then
            find(s.line, "signal '%s' is sent but never waited on%s", s.value, didYouMean(s.value, waitedNames))
        end
    end
end

-- Scenes that never end: an endless loop with no way out, and processes a
-- scene function starts and leaves running when it returns.
function M.checkScenes(tokens, closeOf, functionOf, roles, names, storyTargets, find, api)
    -- A scene function: a top-level `function NAME(` that is a scene or a
    -- story target, and that the script does not itself start as a process
    -- (without a SCENES list every global function is a scene).
    local sceneSet, startedAsProcess = setOf(names.scenes), {}
    for i, t in ipairs(tokens) do
        if t.value == "runProcess" and tokens[i + 1] and tokens[i + 1].value == "(" and tokens[i + 2] then
            startedAsProcess[tokens[i + 2].value] = true
        end
    end
    local sceneOf = {} -- function token -> scene name
    for i, t in ipairs(tokens) do
        local name = tokens[i + 1]
        local isScene = name and (sceneSet[name.value] or storyTargets[name.value]) and not startedAsProcess[name.value]
        if t.value == "function" and functionOf[i] == 0 and name and name.kind == "name"
            and tokens[i + 2] and tokens[i + 2].value == "(" and isScene then
            sceneOf[i] = name.value
        end
    end

    -- Calls directly in the span (not in a function literal inside it).
    local function callsIn(first, last, owner)
        local calls = {}
        for j = first, last do
            local t = tokens[j]
            local next = tokens[j + 1]
            if functionOf[j] == owner and t.kind == "name" and next
                and (next.value == "(" or next.kind == "string" or next.value == "{") then
                local qualified = (tokens[j - 1] and tokens[j - 1].value == "." and tokens[j - 2])
                    and tokens[j - 2].value .. "." .. t.value or t.value
                local method = tokens[j - 1] and tokens[j - 1].value == ":"
                calls[#calls + 1] = { index = j, name = qualified, method = method, global = roles[j] == "global" }
            end
        end
        return calls
    end
    local EXITS = { error = true, jump = true, menu = true }
    local NEVER_WAITS = { string = true, math = true, table = true } -- library tables

    local function checkLoop(loopToken, first, last)
        local owner = functionOf[loopToken]
        for j = first, last do
            if functionOf[j] == owner and (tokens[j].value == "break" or tokens[j].value == "return") then
                return
            end
        end
        local mayWait = false
        for _, call in ipairs(callsIn(first, last, owner)) do
            if call.global and EXITS[call.name] then
                return
            end
            local library = call.name:match("^(%a+)%.")
            local entry = call.global and api.byName[call.name]
            if call.name == "coroutine.yield" or (entry and entry.waits) then
                mayWait = true
            elseif not (entry or (library and NEVER_WAITS[library]) or call.name == "print"
                    or call.name == "tostring" or call.name == "tonumber" or call.name == "type") then
                mayWait = true -- a function of the script's own, or a method: it may wait
            end
        end
        local line = tokens[loopToken].line
        if not mayWait then
            find(line, "this loop never waits and has no break or return: it freezes the game until the watchdog "
                .. "stops it")
        elseif sceneOf[owner] then
            find(line, "hint: scene function '%s' never ends: this loop has no break or return (to run it beside "
                .. "the scene, start it with runProcess)", sceneOf[owner])
        end
    end
    for i, t in ipairs(tokens) do
        if t.value == "while" and tokens[i + 1] and tokens[i + 1].value == "true" and tokens[i + 2]
            and tokens[i + 2].value == "do" and closeOf[i + 2] then
            checkLoop(i, i + 3, closeOf[i + 2])
        elseif t.value == "repeat" and closeOf[i] and tokens[closeOf[i] + 1]
            and (tokens[closeOf[i] + 1].value == "false" or tokens[closeOf[i] + 1].value == "nil") then
            checkLoop(i, i + 1, closeOf[i])
        end
    end

    -- Processes a scene function starts and neither waits for nor cancels.
    local JOINS = { waitProcess = true, waitEnded = true, waitAll = true, waitAny = true }
    for f, scene in pairs(sceneOf) do
        local calls = callsIn(f + 1, closeOf[f] or #tokens, f)
        local handled = {} -- names of handles joined or cancelled anywhere in the function
        local lastExit = 0
        for _, call in ipairs(calls) do
            if call.global and (call.name == "jump" or call.name == "menu") then
                lastExit = call.index
            end
        end
        for j = f + 1, closeOf[f] or #tokens do
            local t = tokens[j]
            if t.kind == "name" and tokens[j + 1] and tokens[j + 1].value == ":" and tokens[j + 2]
                and tokens[j + 2].value == "cancel" then
                handled[t.value] = true
            end
        end
        for _, call in ipairs(calls) do
            if call.global and JOINS[call.name] then
                local args = callArguments(tokens, call.index + 1, closeOf)
                for _, span in ipairs(args) do
                    for k = span[1], span[2] do
                        handled[tokens[k].value] = true
                    end
                end
            end
        end
        for _, call in ipairs(calls) do
            if call.global and call.name == "runProcess" and call.index > lastExit then
                local j = call.index
                local handle = tokens[j - 1] and tokens[j - 1].value == "=" and tokens[j - 2]
                if not (handle and handled[handle.value]) then
                    find(tokens[j].line, "hint: scene function '%s' can return while the process started here "
                        .. "still runs, and the scene is over only when it ends (wait for it with waitProcess, or "
                        .. "cancel it)", scene)
                end
            end
        end
    end
end

return M
