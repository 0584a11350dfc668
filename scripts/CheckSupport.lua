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
            tokens[#tokens].close = i
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

-- One finding at `line` unless its comment says `check: ignore`.
local function find(ctx, line, message, ...)
    if not ctx.ignored[line] then
        ctx.findings[#ctx.findings + 1] = { line = line,
            text = string.format("%s:%d: " .. message, ctx.label, line, ...) }
    end
end

local function didYouMean(ctx, name, candidates)
    local guess = ctx.names.closest(name, candidates or {})
    return guess and string.format(" (did you mean '%s'?)", guess) or ""
end

-- The token that opens the arguments if token i is called: (, a string or a table.
local function callOpen(tokens, i)
    local next = tokens[i + 1]
    if next and (next.value == "(" or next.kind == "string" or next.value == "{") then
        return i + 1
    end
end

-- Globals the script reads, calls or assigns inside a function that the
-- loaded script does not have; a global assigned anywhere may be read.
local function checkGlobals(ctx)
    local tokens, written = ctx.tokens, {}
    local function assigns(i)
        return (tokens[i + 1] and tokens[i + 1].value == "=") or (tokens[i - 1] and tokens[i - 1].value == "function")
    end
    for i, t in ipairs(tokens) do
        if ctx.roles[i] == "global" and assigns(i) then
            written[t.value] = true
        end
    end
    for i, t in ipairs(tokens) do
        if ctx.roles[i] == "global" and not ctx.globals[t.value] then
            if assigns(i) and ctx.functionOf[i] ~= 0 then
                find(ctx, t.line, "assignment to undefined global '%s' inside a function (declare it with local, or "
                    .. "give it a value at the top of the file)%s", t.value,
                    didYouMean(ctx, t.value, ctx.names.globals))
            elseif not assigns(i) and not written[t.value] then
                find(ctx, t.line, "%s undefined global '%s'%s", callOpen(tokens, i) and "call to" or "read of",
                    t.value, didYouMean(ctx, t.value, ctx.names.globals))
            end
        end
    end
end

-- A known name of the list `list` (a list the host does not give is not judged).
local function checkName(ctx, fname, list, value, line)
    if list == "places" then
        list = value:find(".", 1, true) and "waypoints" or "actors"
    end
    if list == "storyFunctions" then
        ctx.storyTargets[value] = true
    end
    local known = ctx.sets[list]
    if known and not known[value] then
        if list == "storyFunctions" then
            find(ctx, line, "%s: no story function named '%s'%s", fname, value, didYouMean(ctx, value, ctx.lists[list]))
        else
            find(ctx, line, "%s: unknown %s '%s'%s", fname, NOUNS[list] or list, value,
                didYouMean(ctx, value, ctx.lists[list]))
        end
    end
end

-- One literal argument against its described parameter, in the binding's own words.
local function checkArgument(ctx, fname, param, literal, line)
    local type = ctx.api.types[param.type]
    local expects = type.expects or "one of " .. table.concat(type.enum, ", ")
    if literal.kind == "nil" then
        if not (param.opt or param.orNil) then
            find(ctx, line, "%s: %s must be %s. Was nil", fname, param.name, expects)
        end
    elseif not contains(type.literal, literal.kind) then
        find(ctx, line, "%s: %s must be %s. Was %s", fname, param.name, expects, literal.shown)
    elseif literal.kind == "number" and type.atLeast and literal.value and literal.value < type.atLeast then
        find(ctx, line, "%s: %s must be %s. Was %s", fname, param.name, type.expects, literal.shown)
    elseif literal.kind == "string" and type.enum and not contains(type.enum, literal.value) then
        -- (every choice is listed: no guess, as the binding's own error)
        find(ctx, line, "%s: %s must be one of %s. Was %s", fname, param.name, table.concat(type.enum, ", "),
            literal.shown)
    elseif literal.kind == "string" and type.names then
        checkName(ctx, fname, type.names, literal.value, line)
    elseif literal.kind == "string" and type.markup and ctx.names.markupError then
        -- the engine's own parser (src/text/Markup.cpp) judges the tags, in the words of the call's error
        local problem = ctx.names.markupError(literal.value, type.markup)
        if problem then
            find(ctx, line, "%s: %s: %s", fname, param.name, problem)
        end
    end
end

-- A call of a described function (token i): its arity and each literal
-- argument; signal names sent and waited on are collected for checkSignals.
local function checkCall(ctx, i, entry)
    local tokens = ctx.tokens
    local fname = tokens[i].value
    local args, openEnded = callArguments(tokens, i + 1, ctx.closeOf)
    local params = entry.params
    for n, param in ipairs(params) do
        if param.name == "..." then
            break
        end
        local span = args[n]
        if not span and not param.opt and not openEnded then
            find(ctx, tokens[i].line, "%s: argument %d (%s) is missing", fname, n, param.name)
        elseif span then
            local kind, shown, value = literalOf(tokens, span, ctx.closeOf)
            local line = tokens[span[1]].line
            if kind then
                checkArgument(ctx, fname, param, { kind = kind, shown = shown, value = value }, line)
            end
            if kind == "string" and param.type == "signal" and entry.signalRole then
                local list = entry.signalRole == "sends" and ctx.sent or ctx.waited
                list[#list + 1] = { value = value, line = line }
            end

        end
    end
    local varargs = params[#params] and params[#params].name == "..."
    if not varargs and #args > #params and not (openEnded and #args == #params + 1) then
        find(ctx, tokens[i].line, "%s takes %d argument%s, not %d", fname, #params, #params == 1 and "" or "s", #args)
    end
end

local function checkCalls(ctx)
    for i, t in ipairs(ctx.tokens) do
        local entry = ctx.roles[i] == "global" and ctx.api.byName[t.value]
        if entry and callOpen(ctx.tokens, i) then
            checkCall(ctx, i, entry)
        end
    end
end

-- Signals sent and never waited on, and the reverse: each a finding at its
-- literal, with the closest name of the other side.
local function checkSignals(ctx)
    -- A line's {signal=NAME} sends NAME when the typewriter gets there: any
    -- string of the script may be (a part of) a line's text.
    for _, t in ipairs(ctx.tokens) do
        if t.kind == "string" then
            for name in t.value:gmatch("{signal=([%w_%.%-]+)}") do
                ctx.sent[#ctx.sent + 1] = { value = name, line = t.line }
            end
        end
    end
    local sentNames, waitedNames = {}, {}
    for _, s in ipairs(ctx.sent) do
        sentNames[#sentNames + 1] = s.value
    end
    for _, w in ipairs(ctx.waited) do
        waitedNames[#waitedNames + 1] = w.value
    end
    local sentSet, waitedSet = setOf(sentNames), setOf(waitedNames)
    for _, w in ipairs(ctx.waited) do
        if not sentSet[w.value] then
            find(ctx, w.line, "signal '%s' is waited on but never sent%s", w.value, didYouMean(ctx, w.value, sentNames))
        end
    end
    for _, s in ipairs(ctx.sent) do
        if not waitedSet[s.value] then
            find(ctx, s.line, "signal '%s' is sent but never waited on%s", s.value,
                didYouMean(ctx, s.value, waitedNames))
        end
    end
end

-- Scene functions: a top-level `function NAME(` that is a scene or a story
-- target, and that the script does not itself start as a process (without a
-- SCENES list every global function is a scene). Returns function token -> name.
local function sceneFunctions(ctx)
    local tokens, sceneSet, startedAsProcess = ctx.tokens, setOf(ctx.names.scenes), {}
    for i, t in ipairs(tokens) do
        if t.value == "runProcess" and tokens[i + 1] and tokens[i + 1].value == "(" and tokens[i + 2] then
            startedAsProcess[tokens[i + 2].value] = true
        end
    end
    local sceneOf = {}
    for i, t in ipairs(tokens) do
        local name = tokens[i + 1]
        local isScene = name and (sceneSet[name.value] or ctx.storyTargets[name.value])
            and not startedAsProcess[name.value]
        if t.value == "function" and ctx.functionOf[i] == 0 and name and name.kind == "name"
            and tokens[i + 2] and tokens[i + 2].value == "(" and isScene then
            sceneOf[i] = name.value
        end
    end
    return sceneOf
end

-- Calls directly in tokens first..last of the function `owner` (not in a
-- function literal inside it): { index, name ("string.format" too), global }.
local function callsIn(ctx, first, last, owner)
    local tokens, calls = ctx.tokens, {}
    for j = first, last do
        local t = tokens[j]
        if ctx.functionOf[j] == owner and t.kind == "name" and callOpen(tokens, j) then
            local qualified = (tokens[j - 1] and tokens[j - 1].value == "." and tokens[j - 2])
                and tokens[j - 2].value .. "." .. t.value or t.value
            calls[#calls + 1] = { index = j, name = qualified, global = ctx.roles[j] == "global" }
        end
    end
    return calls
end

local EXITS = { error = true, jump = true, menu = true }
local NEVER_WAITS = { string = true, math = true, table = true, print = true, tostring = true, tonumber = true,
    type = true }

-- An endless loop (tokens first..last its body) with no break, return or
-- jump: a freeze if nothing in it can wait, a scene that never ends if it
-- stands in a scene function.
local function checkLoop(ctx, sceneOf, loopToken, first, last)
    local owner = ctx.functionOf[loopToken]
    for j = first, last do
        local value = ctx.tokens[j].value
        if ctx.functionOf[j] == owner and (value == "break" or value == "return") then
            return
        end
    end
    local mayWait = false
    for _, call in ipairs(callsIn(ctx, first, last, owner)) do
        if call.global and EXITS[call.name] then
            return
        end
        local entry = call.global and ctx.api.byName[call.name]
        local library = call.name:match("^(%a+)%.") or call.name
        if call.name == "coroutine.yield" or (entry and entry.waits) then
            mayWait = true
        elseif not (entry or NEVER_WAITS[library]) then
            mayWait = true -- a function of the script's own, or a method: it may wait
        end
    end
    local line = ctx.tokens[loopToken].line
    if not mayWait then
        find(ctx, line, "this loop never waits and has no break or return: it freezes the game until the watchdog "
            .. "stops it")
    elseif sceneOf[owner] then
        find(ctx, line, "hint: scene function '%s' never ends: this loop has no break or return (to run it beside "
            .. "the scene, start it with runProcess)", sceneOf[owner])
    end
end

local function checkLoops(ctx, sceneOf)
    local tokens, closeOf = ctx.tokens, ctx.closeOf
    for i, t in ipairs(tokens) do
        if t.value == "while" and tokens[i + 1] and tokens[i + 1].value == "true" and tokens[i + 2]
            and tokens[i + 2].value == "do" and closeOf[i + 2] then
            checkLoop(ctx, sceneOf, i, i + 3, closeOf[i + 2])
        elseif t.value == "repeat" and closeOf[i] and tokens[closeOf[i] + 1]
            and (tokens[closeOf[i] + 1].value == "false" or tokens[closeOf[i] + 1].value == "nil") then
            checkLoop(ctx, sceneOf, i, i + 1, closeOf[i])
        end
    end
end

-- Names of process handles the function (its token f) joins or cancels anywhere.
local JOINS = { waitProcess = true, waitEnded = true, waitAll = true, waitAny = true }
local function handledHandles(ctx, f, calls)
    local tokens, handled = ctx.tokens, {}
    for j = f + 1, ctx.closeOf[f] or #tokens do
        if tokens[j].kind == "name" and tokens[j + 1] and tokens[j + 1].value == ":" and tokens[j + 2]
            and tokens[j + 2].value == "cancel" then
            handled[tokens[j].value] = true
        end
    end
    for _, call in ipairs(calls) do
        if call.global and JOINS[call.name] then
            for _, span in ipairs((callArguments(tokens, call.index + 1, ctx.closeOf))) do
                for k = span[1], span[2] do
                    handled[tokens[k].value] = true
                end
            end
        end
    end
    return handled
end

-- Processes a scene function starts after its last jump or menu (which
-- cancel what it started) and neither waits for nor cancels.
local function checkChildren(ctx, sceneOf)
    for f, scene in pairs(sceneOf) do
        local calls = callsIn(ctx, f + 1, ctx.closeOf[f] or #ctx.tokens, f)
        local handled, lastExit = handledHandles(ctx, f, calls), 0
        for _, call in ipairs(calls) do
            if call.global and (call.name == "jump" or call.name == "menu") then
                lastExit = call.index
            end
        end
        for _, call in ipairs(calls) do
            local j = call.index
            local handle = ctx.tokens[j - 1] and ctx.tokens[j - 1].value == "=" and ctx.tokens[j - 2]
            local kept = handle and handled[handle.value]
            if call.global and call.name == "runProcess" and j > lastExit and not kept then
                find(ctx, ctx.tokens[j].line, "hint: scene function '%s' can return while the process started here "
                    .. "still runs, and the scene is over only when it ends (wait for it with waitProcess, or "
                    .. "cancel it)", scene)
            end
        end
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
    if t.long then
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

---The literal strings a player reads in a script: every text argument of a
---described call (dialogue, text, say, sayFor, banner, option, line) that is
---a string literal, or literals joined with `..` (the ID goes in the last).
---Text built at run time from anything else is not among them.
---@param source string
---@param api table ApiDescription.lua's table
---@return table[] { line, close (byte of its closing quote), value (as written), text (as Lua reads it),
---  id (explicit, or nil), owner (the named function it is in, or nil), call (dialogue, option...),
---  speaker (a literal speaker, or nil) }, in the order they are written
function M.playerLines(source, api)
    local tokens = tokenize(source)
    local closeOf, functionOf = blocks(tokens)
    local roles = nameRoles(tokens)
    local out = {}
    for i, t in ipairs(tokens) do
        local entry = roles[i] == "global" and api.byName[t.value]
        local open = entry and callOpen(tokens, i)
        if open then
            local args = callArguments(tokens, open, closeOf)
            for _, n in ipairs(lineArguments(entry, #args)) do
                local pieces = args[n] and literalPieces(tokens, args[n])
                if pieces then
                    local values, texts = {}, {}
                    for k, piece in ipairs(pieces) do
                        values[k] = piece.value
                        texts[k] = literalText(piece)
                    end
                    local value, last = table.concat(values), pieces[#pieces]
                    local f, owner = functionOf[i], nil
                    while f ~= 0 and not owner do
                        owner = functionName(tokens, f)
                        f = functionOf[f]
                    end
                    out[#out + 1] = { line = pieces[1].line, close = last.close, value = value,
                        text = table.concat(texts), id = lineIdOf(value), owner = owner, call = t.value,
                        speaker = speakerOf(tokens, t.value, args) }
                end
            end
        end
    end
    return out
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
-- without one (a script with none has not been tagged yet: nothing to say).
local function checkLineIds(ctx, source)
    local lines = M.playerLines(source, ctx.api)
    for _, d in ipairs(M.duplicateLineIds(lines, ctx.label)) do
        if not ctx.ignored[d.line] then
            ctx.findings[#ctx.findings + 1] = d
        end
    end
    local tagged = false
    for _, l in ipairs(lines) do
        tagged = tagged or l.id ~= nil
    end
    for _, l in ipairs(lines) do
        if tagged and not l.id and l.value ~= "" then
            find(ctx, l.line, "hint: this line has no line ID ({#...}); tools/tag-lines.lua writes them")
        end
    end
end

---Returns the findings, one "label:line: ..." string each, in line order.
---@param source string the script's text
---@param label string its name in messages
---@param names table { globals, functions, scenes, actors, waypoints, images = {...} (sounds = {...} when
---  the host has them), api = ApiDescription.lua's table, closest = fun(name, candidates): string|nil }
function M.check(source, label, names)
    local tokens, ignored = tokenize(source)
    local closeOf, functionOf = blocks(tokens)
    local ctx = { tokens = tokens, ignored = ignored, closeOf = closeOf, functionOf = functionOf,
        roles = nameRoles(tokens), label = label, names = names, api = names.api, globals = setOf(names.globals),
        lists = { actors = names.actors, waypoints = names.waypoints, images = names.images, sounds = names.sounds,
            storyFunctions = names.functions },
        sets = {}, findings = {}, sent = {}, waited = {}, storyTargets = {} }
    for key, list in pairs(ctx.lists) do
        if type(list) == "table" then -- a list the host does not give is not judged
            ctx.sets[key] = setOf(list)
        end
    end
    checkGlobals(ctx)
    checkCalls(ctx)
    checkSignals(ctx)
    local sceneOf = sceneFunctions(ctx)
    checkLoops(ctx, sceneOf)
    checkChildren(ctx, sceneOf)
    checkLineIds(ctx, source)
    table.sort(ctx.findings, function(a, b)
        if a.line ~= b.line then
            return a.line < b.line
        end
        return a.text < b.text
    end)
    local out = {}
    for i, f in ipairs(ctx.findings) do
        out[i] = f.text
    end
    return out
end

return M
