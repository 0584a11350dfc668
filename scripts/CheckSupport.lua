--- CheckSupport: `stagehand --check`, a look at a scene script without
-- running its scenes. The host loads this file with full privileges and calls
-- it with the script's text, its label, and what the script can name: the
-- globals it can see once loaded, the actors, waypoints and images.
--
-- It reads tokens, not a syntax tree, so it looks only at what a call with
-- literal arguments says; a finding is a likely mistake, worth a look.

local M = {}

local KEYWORDS = {}
for word in ("and break do else elseif end false for function if in local nil not or repeat return then true "
    .. "until while"):gmatch("%a+") do
    KEYWORDS[word] = true
end

-- Tokens of Lua source: { kind = "name"|"string"|"number"|"op", value, line }.
-- Comments are skipped; the caller has already checked the syntax.
local function tokenize(source)
    local tokens, at, line, n = {}, 1, 1, #source
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
                at = (source:find("\n", at, true) or n + 1)
            end
        elseif c:match("[%a_]") then
            local word = source:match("^[%w_]+", at)
            add(KEYWORDS[word] and "keyword" or "name", word)
            at = at + #word
        elseif c:match("%d") then
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
    return tokens
end

-- Names the file declares anywhere: locals, parameters, loop variables, and
-- globals it assigns (a function may set a global the load did not run).
local function declaredNames(tokens)
    local declared = {}
    for i, t in ipairs(tokens) do
        local prev = tokens[i - 1]
        if t.kind == "name" and prev then
            local afterLocal = prev.kind == "keyword" and (prev.value == "local" or prev.value == "for"
                or prev.value == "function")
            local inList = prev.value == "," or prev.value == "("
            local next = tokens[i + 1]
            local assigned = next and next.value == "=" and prev.value ~= "." and prev.value ~= ":"
            if afterLocal or assigned then
                declared[t.value] = true
            elseif inList then
                -- a name in a parameter or local list: look back to its opener
                for j = i - 1, math.max(1, i - 40), -1 do
                    local back = tokens[j]
                    if back.value == "function" or back.value == "local" or back.value == "for" then
                        declared[t.value] = true
                        break
                    end
                    if back.kind ~= "name" and back.value ~= "," and back.value ~= "(" then
                        break
                    end
                end
            end
        elseif t.kind == "name" then
            local next = tokens[i + 1]
            if next and next.value == "=" then
                declared[t.value] = true
            end
        end
    end
    return declared
end

local closest -- the scheduler's closestName, given by the host with the names

local function didYouMean(name, candidates)
    local guess = closest(name, candidates)
    return guess and string.format(" (did you mean '%s'?)", guess) or ""
end

local function setOf(list)
    local set = {}
    for _, v in ipairs(list) do
        set[v] = true
    end
    return set
end

-- Which literal arguments of which calls name an actor, a waypoint or an image.
local ACTOR_ARGS = {
    say = { 1 }, sayFor = { 1 }, walkTo = { 1 }, walkToPoint = { 1 }, walkToPointAndSignal = { 1 },
    setPosition = { 1 }, activate = { 1 }, deactivate = { 1 }, face = { 1 }, setPlayer = { 1 },
    positionOf = { 1 }, facingOf = { 1 }, isLookingAt = { 1, 2 }, faceTowards = { 1, 2 }, waitArrival = { 1 },
    waitNear = { 1 }, distance = { 1 }, dialogue = { 1 }, setBlip = { 1 },
}
-- Which literal argument of which calls names a sound (assets/audio).
local SOUND_ARGS = { playMusic = 1, playSound = 1, setBlip = 2, dialogue = 3, text = 3 }
local POINT_ARGS = { waypoint = 1, walkTo = 2, walkToPoint = 2, setPosition = 2, setCameraCenter = 1,
    walkToPointAndSignal = 3 }
local SIGNAL_WAITS = { waitSignal = 1, waitSignalTimeout = 1 }
local SIGNAL_SENDS = { signal = 1, latch = 1, walkToPointAndSignal = 2 }

-- The literal string arguments of the call whose name is token i: { [n] = token }.
local function literalArguments(tokens, i)
    local open = tokens[i + 1]
    local args = {}
    if open and open.kind == "string" then -- f "x"
        args[1] = open
        return args
    end
    if not open or open.value ~= "(" then
        return args
    end
    local n, depth, j = 1, 0, i + 2
    local first = j
    while tokens[j] do
        local t = tokens[j]
        if t.value == "(" or t.value == "{" or t.value == "[" then
            depth = depth + 1
        elseif t.value == ")" or t.value == "}" or t.value == "]" then
            if depth == 0 then
                if j == first + 1 and tokens[first].kind == "string" then
                    args[n] = tokens[first]
                end
                break
            end
            depth = depth - 1
        elseif t.value == "," and depth == 0 then
            if j == first + 1 and tokens[first].kind == "string" then
                args[n] = tokens[first]
            end
            n, first = n + 1, j + 1
        end
        j = j + 1
    end
    return args
end

---Returns the findings, one "label:line: ..." string each, in line order.
---@param source string the script's text
---@param label string its name in messages
---@param names table { globals = {...}, actors = {...}, waypoints = {...}, images = {...}, sounds = {...},
---  closest = fun(name, candidates): string|nil }
function M.check(source, label, names)
    closest = names.closest
    local tokens = tokenize(source)
    local declared = declaredNames(tokens)
    local globals, actors = setOf(names.globals), setOf(names.actors)
    local waypoints, images = setOf(names.waypoints), setOf(names.images)
    local sounds = setOf(names.sounds or {})
    local findings = {}
    local function find(line, message)
        findings[#findings + 1] = { line = line, text = string.format("%s:%d: %s", label, line, message) }
    end
    local waited, sent = {}, {}
    for i, t in ipairs(tokens) do
        local prev, next = tokens[i - 1], tokens[i + 1]
        local isCall = t.kind == "name" and next and (next.value == "(" or next.kind == "string" or next.value == "{")
            and not (prev and (prev.value == "." or prev.value == ":" or prev.value == "function"))
        if isCall then
            local name = t.value
            if not globals[name] and not declared[name] then
                find(t.line, string.format("call to undefined global '%s'%s", name, didYouMean(name, names.globals)))
            end
            local args = literalArguments(tokens, i)
            for _, n in ipairs(ACTOR_ARGS[name] or {}) do
                local a = args[n]
                if a and not actors[a.value] then
                    find(a.line, string.format("%s: unknown actor '%s'%s", name, a.value,
                        didYouMean(a.value, names.actors)))
                end
            end
            local p = POINT_ARGS[name] and args[POINT_ARGS[name]]
            if p and (name == "waypoint" or p.value:find(".", 1, true)) and not waypoints[p.value] then
                find(p.line, string.format("%s: unknown waypoint '%s'%s", name, p.value,
                    didYouMean(p.value, names.waypoints)))
            end
            if name == "image" and args[1] and not images[args[1].value] then
                find(args[1].line, string.format("image: unknown image '%s'%s", args[1].value,
                    didYouMean(args[1].value, names.images)))
            end
            local sound = SOUND_ARGS[name] and args[SOUND_ARGS[name]]
            if sound and not sounds[sound.value] then
                find(sound.line, string.format("%s: unknown sound '%s'%s", name, sound.value,
                    didYouMean(sound.value, names.sounds or {})))
            end
            local w = SIGNAL_WAITS[name] and args[SIGNAL_WAITS[name]]
            if w then
                waited[#waited + 1] = w
            end
            local s = SIGNAL_SENDS[name] and args[SIGNAL_SENDS[name]]
            if s then
                sent[#sent + 1] = s
            end
        end
    end
    local waitedNames, sentNames = {}, {}
    for _, w in ipairs(waited) do
        waitedNames[#waitedNames + 1] = w.value
    end
    for _, s in ipairs(sent) do
        sentNames[#sentNames + 1] = s.value
    end
    local waitedSet, sentSet = setOf(waitedNames), setOf(sentNames)
    for _, w in ipairs(waited) do
        if not sentSet[w.value] then
            find(w.line, string.format("signal '%s' is waited on but never sent%s", w.value,
                didYouMean(w.value, sentNames)))
        end
    end
    for _, s in ipairs(sent) do
        if not waitedSet[s.value] then
            find(s.line, string.format("signal '%s' is sent but never waited on%s", s.value,
                didYouMean(s.value, waitedNames)))
        end
    end
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

return M
