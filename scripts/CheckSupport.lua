--- CheckSupport: `stagehand --check`, a look at a scene script without
-- running its scenes. The host runs this file with full privileges, giving it
-- the one reader (scripts/SceneSource.lua's module), and calls `check` with
-- the facts that reader gave for the script, its label, what the script can
-- name (the globals it can see once loaded, its functions, scenes, actors,
-- waypoints, images) and scripts/ApiDescription.lua, which says what each
-- stage function takes.
--
-- It judges the facts, not the text: what a call with literal arguments says
-- (strings joined with `..` too), signals, loops, line IDs. A finding is a
-- likely mistake; one that starts with "hint:" is a likely surprise. A line
-- whose comment says `check: ignore` (best with the reason) is left out.

local reader = assert(..., "CheckSupport.lua is run with SceneSource.lua's module")
local M = {}
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
local NOUNS = { actors = "actor", waypoints = "waypoint", images = "image", sprites = "image",
    characters = "character", sounds = "sound",
    expressions = "expression", modules = "module" }

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
                find(ctx, t.line, "%s undefined global '%s'%s", ctx.callAt[i] and "call to" or "read of",
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
    local known = ctx.sets[list]
    if known and not known[value] then
        if list == "storyFunctions" then
            find(ctx, line, "%s: no story function named '%s'%s", fname, value, didYouMean(ctx, value, ctx.lists[list]))
        elseif list == "chapters" then
            find(ctx, line, "%s: no chapter named '%s' in SCENES%s", fname, value,
                didYouMean(ctx, value, ctx.lists[list]))
        else
            find(ctx, line, "%s: unknown %s '%s'%s", fname, NOUNS[list] or list, value,
                didYouMean(ctx, value, ctx.lists[list]))
        end
    end
end

local checkFields

-- The string literal of the field `key` of the table literal in token span `span`, or nil.
local function tableField(ctx, span, key)
    local tokens = ctx.tokens
    for j = span[1] + 1, span[2] do
        local value, after = tokens[j + 2], tokens[j + 3]
        if ctx.roles[j] == "key" and tokens[j].value == key and value and value.kind == "string" and after
            and (after.value == "," or after.value == ";" or after.value == "}") then
            return value
        end
    end
    return nil
end

-- Markup and the names its event tags give ({sound=NAME}), as play judges the text when it is shown.
local function checkMarkup(ctx, fname, param, text, markup, line)
    local problem = ctx.names.markupError and ctx.names.markupError(text, markup)
    if problem then
        find(ctx, line, "%s: %s: %s", fname, param.name, problem)
        return
    end
    for _, tag in ipairs(reader.eventTags(text)) do
        local sounds, faces = ctx.sets.sounds, ctx.sets.expressions
        if tag.tag == "sound" and sounds and not sounds[tag.name] then
            find(ctx, line, "%s: {sound=%s}: no sound named '%s'%s", fname, tag.name, tag.name,
                didYouMean(ctx, tag.name, ctx.lists.sounds))
        elseif tag.tag == "face" and faces and not faces[tag.name] then
            -- Which picture the speaker shows is play's to know: a face no picture has is an error for anyone.
            find(ctx, line, "%s: {face=%s}: unknown expression '%s'%s", fname, tag.name, tag.name,
                didYouMean(ctx, tag.name, ctx.lists.expressions))
        end
    end
end

-- A line() template as it is shown: each `{name}` the values fill is a value, not a tag. With
-- values that only running tells, a `{name}` the markup does not know is taken for one.
local function filledTemplate(ctx, call)
    local text, values = call.args[1].value, call.args[2]
    local keys = values and values.kind == "table" and {} or nil
    for j = values and values[1] or 1, values and values[2] or 0 do
        if keys and ctx.roles[j] == "key" then
            keys[#keys + 1] = ctx.tokens[j].value
        end
    end
    for _, key in ipairs(keys or {}) do
        text = text:gsub("{" .. key .. "}", "x")
    end
    while values and not keys and ctx.names.markupError do
        local name = (ctx.names.markupError(text, "typed") or ""):match("^unknown tag {([%a_][%w_]*)}")
        if not name then
            break
        end
        text = text:gsub("{" .. name .. "}", "x")
    end
    return text
end

local checkArgument

-- Each field of an options table literal whose value is a literal, against the field's description
-- (named `options.KEY`, as the binding's error names it).
function checkFields(ctx, fname, fields, span, line)
    local tokens = ctx.tokens
    for j = span[1] + 1, span[2] do
        local field = ctx.roles[j] == "key" and fields[tokens[j].value]
        if field then
            local k, depth = j + 2, 0
            while tokens[k] and k <= span[2] and not (depth == 0 and (tokens[k].value == "," or tokens[k].value == ";"
                or k == span[2])) do
                local v = tokens[k].value
                depth = depth + ((v == "(" or v == "{" or v == "[") and 1 or (v == ")" or v == "}" or v == "]") and -1
                    or 0)
                k = k + 1
            end
            local value = { j + 2, k - 1 }
            local kind, shown, literal = reader.literalOf(tokens, value, ctx.closeOf)
            if kind then
                value.kind, value.shown, value.value = kind, shown, literal
                local param = { name = "options." .. tokens[j].value, type = field[1], range = field.range }
                checkArgument(ctx, fname, param, value, line)
            end
        end
    end
end

-- One literal argument against its described parameter, in the binding's own words.
function checkArgument(ctx, fname, param, literal, line)
    local type = ctx.api.types[param.type]
    local expects = type.expects or "one of " .. table.concat(type.enum, ", ")
    local range = param.range
    if literal.kind == "nil" then
        if not (param.opt or param.orNil) then
            find(ctx, line, "%s: %s must be %s. Was nil", fname, param.name, expects)
        end
    elseif not contains(type.literal, literal.kind) then
        find(ctx, line, "%s: %s must be %s. Was %s", fname, param.name, expects, literal.shown)
    elseif literal.kind == "number" and type.atLeast and literal.value and literal.value < type.atLeast then
        find(ctx, line, "%s: %s must be %s. Was %s", fname, param.name, type.expects, literal.shown)
    elseif literal.kind == "number" and type.above and literal.value and literal.value <= type.above then
        find(ctx, line, "%s: %s must be %s. Was %s", fname, param.name, type.expects, literal.shown)
    elseif literal.kind == "number" and type.whole and literal.value and literal.value % 1 ~= 0 then
        find(ctx, line, "%s: %s must be %s. Was %s", fname, param.name, type.expects, literal.shown)
    elseif literal.kind == "number" and range and literal.value and not (literal.value >= range[1]
        and literal.value <= range[2]) then
        find(ctx, line, "%s: %s must be a number from %s to %s. Was %s", fname, param.name, tostring(range[1]),
            tostring(range[2]), literal.shown)
    elseif literal.kind == "table" and type.fields then
        checkFields(ctx, fname, type.fields, literal, line)
    elseif literal.kind == "table" and type.field and type.names then
        local named = tableField(ctx, literal, type.field)
        if named then
            checkName(ctx, fname, type.names, named.value, line)
        end
    elseif literal.kind == "string" and type.enum and not contains(type.enum, literal.value) then
        -- (every choice is listed: no guess, as the binding's own error)
        find(ctx, line, "%s: %s must be one of %s. Was %s", fname, param.name, table.concat(type.enum, ", "),
            literal.shown)
    elseif literal.kind == "string" and type.names then
        checkName(ctx, fname, type.names, literal.value, line)
    elseif literal.kind == "string" and type.markup then
        -- the engine's own parser (src/text/Markup.cpp) judges the tags, in the words of the call's error
        checkMarkup(ctx, fname, param, literal.value, type.markup, line)
    end
end

-- The parameter argument n of a described call is, under the name its error gives it.
local function paramAt(call, n)
    local param = call.entry.params[n]
    if param and param.alone and #call.args <= 1 then
        return { name = param.alone, type = param.type } -- text(s): the one argument is the text
    elseif param and param.alone then
        return { name = "speaker", type = param.speaker, orNil = true } -- text(actor, s): nil is narration
    end
    return param
end

-- A call of a described function: its arity and each literal argument
-- (strings joined with `..` are judged as the string they make).
local function checkCall(ctx, call)
    local fname, args, params = call.name, call.args, call.entry.params or {}
    for n, param in ipairs(params) do
        if param.name == "..." then
            break
        end
        local span = args[n]
        param = paramAt(call, n)
        if not span and not param.opt and not param.orNil and not call.openEnded then -- (f() is f(nil))
            find(ctx, call.line, "%s: argument %d (%s) is missing", fname, n, param.name)
        elseif span and span.kind == "string" and param.lineText then
            -- a line() template: judged as the text it is shown in, in that call's words (any line's tags
            -- where it is not a call's argument)
            local shown = ctx.lineMarkup[call.index]
                or { markup = "typed", fname = fname, param = param, line = call.line }
            checkMarkup(ctx, shown.fname, shown.param, filledTemplate(ctx, call), shown.markup, shown.line)
        elseif span and span.kind then
            checkArgument(ctx, fname, param, span, call.line) -- play's error is at the call's line
        end
    end
    local varargs = params[#params] and params[#params].name == "..."
    if not varargs and #args > #params and not (call.openEnded and #args == #params + 1) then
        find(ctx, call.line, "%s takes %d argument%s, not %d", fname, #params, #params == 1 and "" or "s", #args)
    end
end

-- tween(target, property, to, ...): what the arguments say of each other, by the rules play keeps
-- (ApiDescription.lua's tweenTarget.properties and tweenValue.ranges), in play's words.
local function checkTween(ctx, call)
    local target, property, to = call.args[1], call.args[2], call.args[3]
    if not (target and target.kind == "string" and property and property.kind == "string") then
        return
    end
    local properties = ctx.api.types.tweenTarget.properties
    local isActor = ctx.sets.actors and ctx.sets.actors[target.value]
    local allowed = properties[isActor and "actor" or target.value]
    if not allowed or (target.value == "actor" and not isActor) then
        if ctx.sets.actors then -- (with no actor list, any name may be one)
            find(ctx, call.line, "tween: target must be an actor, camera, fade or picture. Was %s", target.shown)
        end
        return
    end
    local fitting = false
    for _, name in ipairs(allowed) do
        fitting = fitting or name == property.value
    end
    if not fitting then
        if contains(ctx.api.types.tweenProperty.enum, property.value) then -- (else the enum's finding says it)
            find(ctx, call.line, "tween: %s has no property %s; %s: %s", target.shown, property.shown,
                isActor and "an actor's property is" or "its properties are", table.concat(allowed, ", "))
        end
        return
    end
    local range = ctx.api.types.tweenValue.ranges[property.value]
    if range and to and to.kind and not (to.kind == "number" and to.value and to.value >= range[1]
        and to.value <= range[2]) then
        find(ctx, call.line, "tween: to must be a number from %s to %s. Was %s", tostring(range[1]),
            tostring(range[2]), to.shown)
    elseif not range and to and to.kind == "number" then
        find(ctx, call.line, "tween: to must be an actor, a waypoint name or a {x =, y =} table. Was %s", to.shown)
    end
end

local function checkCalls(ctx)
    ctx.lineMarkup = {} -- line() call's token -> the markup of the text argument it is
    for _, call in ipairs(ctx.facts.calls) do
        for n, span in ipairs(call.entry and call.global and call.args or {}) do
            local param = paramAt(call, n)
            local type = param and ctx.api.types[param.type]
            local inner = ctx.callAt[span[1]]
            if type and type.markup and inner and inner.name == "line" and inner.global then
                ctx.lineMarkup[span[1]] = { markup = type.markup, fname = call.name, param = param, line = call.line }
            end
        end
    end
    for _, call in ipairs(ctx.facts.calls) do
        if call.entry and call.global then
            checkCall(ctx, call)
            if call.name == "tween" then
                checkTween(ctx, call)
            end
        end
    end
end

-- Whether a name built as prefix .. ? .. suffix can be `name`, and whether two such shapes can meet.
local function fits(shape, name)
    return #name >= #shape.prefix + #shape.suffix and name:sub(1, #shape.prefix) == shape.prefix
        and name:sub(#name - #shape.suffix + 1) == shape.suffix
end
local function meet(a, b)
    local function ends(x, y)
        return x:sub(#x - #y + 1) == y or y:sub(#y - #x + 1) == x
    end
    local starts = a.prefix:sub(1, #b.prefix) == b.prefix or b.prefix:sub(1, #a.prefix) == a.prefix
    return starts and ends(a.suffix, b.suffix)
end

-- Signals sent and never waited on, and the reverse: each a finding at its
-- literal, with the closest name of the other side. (A line's {signal=NAME}
-- sends NAME when the typewriter gets there.) A name built with `..` around a
-- value (actor .. "-arrived") sends or waits on every name of its shape.
local function checkSignals(ctx)
    local sent, waited, shapes = ctx.facts.sent, ctx.facts.waited, ctx.facts.waitedShapes or {}
    local sendShapes = ctx.facts.sendable and ctx.facts.sendable.shapes or {}
    local sentNames, waitedNames = {}, {}
    for _, s in ipairs(sent) do
        sentNames[#sentNames + 1] = s.value
    end
    for _, w in ipairs(waited) do
        waitedNames[#waitedNames + 1] = w.value
    end
    local sentSet, waitedSet = setOf(sentNames), setOf(waitedNames)
    local function anyFits(list, name)
        for _, shape in ipairs(list) do
            if fits(shape, name) then
                return true
            end
        end
        return false
    end
    for _, w in ipairs(waited) do
        if not sentSet[w.value] and not anyFits(sendShapes, w.value) then
            find(ctx, w.line, "signal '%s' is waited on but never sent%s", w.value, didYouMean(ctx, w.value, sentNames))
        end
    end
    for _, s in ipairs(sent) do
        if not waitedSet[s.value] and not anyFits(shapes, s.value) then
            find(ctx, s.line, "signal '%s' is sent but never waited on%s", s.value,
                didYouMean(ctx, s.value, waitedNames))
        end
    end
    for _, w in ipairs(shapes) do
        local met = false
        for _, name in ipairs(sentNames) do
            met = met or fits(w, name)
        end
        for _, shape in ipairs(sendShapes) do
            met = met or meet(w, shape)
        end
        if ctx.facts.sendable and not met then
            find(ctx, w.line, "a signal '%s...%s' is waited on, and no line sends a name like it", w.prefix, w.suffix)
        end
    end
end

-- Scene functions: a top-level `function NAME(` that is a scene or a story
-- target, and that the script does not itself start as a process (without a
-- SCENES list every global function is a scene). Returns function token -> name.
local function sceneFunctions(ctx)
    local tokens, sceneSet, startedAsProcess, targets = ctx.tokens, setOf(ctx.names.scenes), {}, {}
    for _, t in ipairs(ctx.facts.targets) do
        targets[t.target] = true
    end
    for i, t in ipairs(tokens) do
        if t.value == "runProcess" and tokens[i + 1] and tokens[i + 1].value == "(" and tokens[i + 2] then
            startedAsProcess[tokens[i + 2].value] = true
        end
    end
    local sceneOf = {}
    for i, t in ipairs(tokens) do
        local name = tokens[i + 1]
        local isScene = name and (sceneSet[name.value] or targets[name.value])
            and not startedAsProcess[name.value]
        if t.value == "function" and ctx.functionOf[i] == 0 and name and name.kind == "name"
            and tokens[i + 2] and tokens[i + 2].value == "(" and isScene then
            sceneOf[i] = name.value
        end
    end
    return sceneOf
end

-- Calls directly in tokens first..last of the function `owner` (not in a
-- function literal inside it).
local function callsIn(ctx, first, last, owner)
    local calls = {}
    for _, call in ipairs(ctx.facts.calls) do
        if call.owner == owner and call.index >= first and call.index <= last then
            calls[#calls + 1] = call
        end
    end
    return calls
end

-- Passes of a loop that cannot wait past which it certainly outruns the watchdog: a headless run counts
-- 10^8 VM instructions a second (docs/API.md, "Runaway code") and a pass costs at least one.
local WATCHDOG_PASSES = 1e8

-- Endless loops with no way out, and loops that reread a query (isLatched,
-- isWalking...) but cannot wait on any path, whether they ask it to decide
-- whether to go on or to decide when what decides that changes (the reader's
-- `polled`): the world they ask about stands still until they wait, so either
-- one freezes the game. An endless loop that waits in a scene function is a
-- scene that never ends.
local function checkLoops(ctx, sceneOf)
    for _, loop in ipairs(ctx.facts.loops) do
        local judged = loop.kind ~= "for" -- a for loop ends by itself
        if not loop.mayWait and loop.count and loop.count > WATCHDOG_PASSES then
            find(ctx, loop.line, "this loop goes round %.0f times and never waits: more than the watchdog's second "
                .. "allows, so it freezes the game until the watchdog stops it (wait in it, or do less)", loop.count)
        elseif judged and not loop.mayWait and loop.polled then
            find(ctx, loop.line, "this loop never waits on any path, so what it asks %s() cannot change while it "
                .. "runs: it freezes the game until the watchdog stops it (wait in it, or use waitUntil)",
                loop.polled)
        elseif judged and loop.endless and not loop.exits and not loop.mayWait then
            find(ctx, loop.line, "this loop never waits and has no break or return: it freezes the game until the "
                .. "watchdog stops it")
        elseif judged and loop.endless and not loop.exits and sceneOf[loop.owner] then
            find(ctx, loop.line, "hint: scene function '%s' never ends: this loop has no break or return (to run "
                .. "it beside the scene, start it with runProcess)", sceneOf[loop.owner])
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
            for _, span in ipairs(call.args) do
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

-- A sprite folder a call brings on (sprite(actor, FOLDER), show(FOLDER), frameRate(FOLDER, ...)) whose
-- numbered frames have a gap: told at the first call that names it.
local FOLDER_ARGUMENT = { sprite = 2, show = 1, frameRate = 1 }
local function checkFrameRuns(ctx)
    if not ctx.lists.images then
        return
    end
    local told = {}
    for _, call in ipairs(ctx.facts.calls) do
        local at = call.global and FOLDER_ARGUMENT[call.name]
        local name = at and call.args[at]
        local folder = name and name.kind == "string" and name.value
        if folder and not told[folder] then
            told[folder] = true
            for _, gap in ipairs(M.frameGaps(ctx.lists.images, folder)) do
                find(ctx, call.line, "%s: %s", call.name, gap)
            end
        end
    end
end

local function checkLineIds(ctx)
    local lines = ctx.facts.lines
    for _, d in ipairs(reader.duplicateLineIds(lines, ctx.label)) do
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

---The names a sprite may take: every image, and every folder of them ("ada" for "ada/happy"), as
---sprite() itself takes them (src/script/BindStage.cpp); nil when the host gives no images.
---@param images string[]|nil
---@return string[]|nil
function M.spriteNames(images)
    if type(images) ~= "table" then
        return nil
    end
    local names, seen = {}, {}
    local function add(name)
        if name and not seen[name] then
            seen[name] = true
            names[#names + 1] = name
        end
    end
    for _, image in ipairs(images) do
        add(image)
        add(image:match("^([^/]+)/"))
    end
    return names
end

local ANIMATIONS = { "talk", "blink", "idle", "walk_left", "walk_right", "walk_up", "walk_down" }

-- Whether a picture's name in its folder is an animation's frame ([EXPRESSION_]ANIMATION_N:
-- src/game/SpriteFrames.cpp), which is no expression.
local function isFrame(name)
    local key, number = name:match("^(.+)_(%d+)$")
    if not key or #number > 4 or tonumber(number) < 1 then
        return false
    end
    for _, form in ipairs(ANIMATIONS) do
        if key == form or key:sub(-#form - 1) == "_" .. form and #key > #form + 1 then
            return true
        end
    end
    return false
end

---What would keep a sprite folder's animations from playing as their pictures are named: a run of
---numbered frames (talk_1, talk_2, ...) plays from 1 up to its first gap (src/game/SpriteFrames.cpp), so
---a frame past a gap, or a run with no frame 1, is never shown. One sentence per such run, in name order.
---@param images string[] every picture's name
---@param folder string the sprite's folder ("ada" for "ada/talk_1")
---@return string[]
function M.frameGaps(images, folder)
    local numbers, prefix = {}, folder .. "/"
    for _, image in ipairs(images) do
        if image:sub(1, #prefix) == prefix and isFrame(image:sub(#prefix + 1)) then
            local key, number = image:sub(#prefix + 1):match("^(.+)_(%d+)$")
            numbers[key] = numbers[key] or {}
            numbers[key][tonumber(number)] = true
        end
    end
    local gaps = {}
    for key, has in pairs(numbers) do
        local last, highest = 0, 0
        while has[last + 1] do
            last = last + 1
        end
        for n in pairs(has) do
            highest = math.max(highest, n)
        end
        if last == 0 then
            gaps[#gaps + 1] = string.format("%s_%d is never shown: %s has no %s_1 (frames are numbered from 1)",
                key, highest, folder, key)
        elseif highest > last then
            gaps[#gaps + 1] = string.format("%s_%d is never shown: %s's %s stops at %s_%d (no %s_%d)", key,
                highest, folder, key, key, last, key, last + 1)
        end
    end
    table.sort(gaps)
    return gaps
end

---The expressions some picture has, as expression() finds them (src/game/Cast.cpp): E of an image
---"X/E" (a sprite's folder), and of an image "X_E" when X is an image or a folder too (a portrait and
---its faces).
---Which actor shows which picture is play's to know: a name no picture has is an error for any actor.
---nil when the host gives no images.
---@param images string[]|nil
---@return string[]|nil
function M.expressionNames(images)
    if type(images) ~= "table" then
        return nil
    end
    local isBase, names, seen = setOf(M.spriteNames(images)), {}, {}
    local function add(name)
        if name and name ~= "" and not seen[name] then
            seen[name] = true
            names[#names + 1] = name
        end
    end
    for _, image in ipairs(images) do
        local inFolder = image:match("^[^/]+/(.+)$")
        add(inFolder and not isFrame(inFolder) and inFolder or nil)
        for at in image:gmatch("()_") do
            if isBase[image:sub(1, at - 1)] and not isFrame(image:sub(at + 1)) then
                add(image:sub(at + 1))
            end
        end
    end
    return names
end

---The names show() and hide() take: every actor of the maps, and every folder of pictures (a character
---shown by its pictures alone: images/NAME/neutral.png); nil when the host gives no actors or no images.
---@param actors string[]|nil
---@param images string[]|nil
---@return string[]|nil
function M.characterNames(actors, images)
    if type(actors) ~= "table" or type(images) ~= "table" then
        return nil
    end
    local names, seen = {}, {}
    for _, name in ipairs(actors) do
        seen[name] = true
        names[#names + 1] = name
    end
    for _, image in ipairs(images) do
        local folder = image:match("^([^/]+)/")
        if folder and not seen[folder] then
            seen[folder] = true
            names[#names + 1] = folder
        end
    end
    return names
end

---Returns the findings, one "label:line: ..." string each, in line order.
---@param facts table what SceneSource.lua's `read` gave for the script
---@param label string its name in messages
---@param names table { globals, functions, scenes, actors, waypoints, images = {...} (sounds = {...} when
---  the host has them), api = ApiDescription.lua's table, closest = fun(name, candidates): string|nil,
---  markupError = fun(text, "typed"|"shown"): string|nil (optional) }
function M.check(facts, label, names)
    local callAt = {}
    for _, call in ipairs(facts.calls) do
        callAt[call.index] = call
    end
    local ctx = { facts = facts, tokens = facts.tokens, ignored = facts.ignored, closeOf = facts.closeOf,
        functionOf = facts.functionOf, roles = facts.roles, callAt = callAt, label = label, names = names,
        api = names.api, globals = setOf(names.globals),
        lists = { actors = names.actors, waypoints = names.waypoints, images = names.images, sounds = names.sounds,
            sprites = M.spriteNames(names.images), expressions = M.expressionNames(names.images),
            characters = M.characterNames(names.actors, names.images),
            storyFunctions = names.functions, chapters = names.scenes, modules = names.modules },
        sets = {}, findings = {} }
    for key, list in pairs(ctx.lists) do
        if type(list) == "table" then -- a list the host does not give is not judged
            ctx.sets[key] = setOf(list)
        end
    end
    -- A character show() brings on by its pictures is an actor from then on (as play makes it one).
    if ctx.sets.actors and ctx.sets.characters then
        local actors = {} -- a copy: the host's list stays as it was
        for i, actor in ipairs(ctx.lists.actors) do
            actors[i] = actor
        end
        for _, call in ipairs(facts.calls) do
            local name = call.entry and call.global and call.name == "show" and call.args[1]
            local value = name and name.kind == "string" and name.value
            if value and ctx.sets.characters[value] and not ctx.sets.actors[value] then
                ctx.sets.actors[value] = true
                actors[#actors + 1] = value
            end
        end
        ctx.lists.actors = actors
    end
    checkGlobals(ctx)
    checkCalls(ctx)
    checkSignals(ctx)
    local sceneOf = sceneFunctions(ctx)
    checkLoops(ctx, sceneOf)
    checkChildren(ctx, sceneOf)
    checkLineIds(ctx)
    checkFrameRuns(ctx)
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
