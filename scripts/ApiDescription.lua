--- ApiDescription: every function a scene can call, described once.
--
-- docs/API.md's function tables and scripts/meta/stagehand.lua are written
-- from this file by tools/generate-api.lua (a test fails when they differ);
-- `stagehand --check` reads it to judge literal arguments; a test calls every
-- stage function with a wrong argument and expects the binding's error to
-- name the function, the argument and what it was given.
--
-- To add a stage function: one entry below (in the section where docs/API.md
-- should list it), its behaviour (an engine command in src/game/StageCommands.cpp
-- when its arguments are actors, points, numbers, strings or an engine enum;
-- else a binding named after it in its section's src/script/BindNAME.cpp, with
-- a waiting form in scripts/stage/NAME.lua if it waits), its test, then
-- `lua5.1 tools/generate-api.lua` to rewrite the docs and the meta file.
--
-- An entry: { name, section, params = { { NAME, TYPE [, opt = true] [, orNil = true] [, default = V] }, ... },
--   returns = { { TYPE [, NAME] }, ... }, doc = "one line for the docs table",
--   waits = true (the caller waits: --check's loop rule), signalRole = "sends"|"waits" (its
--   signal argument, for --check's pairing of sends and waits), builtOn = "walkToPoint" (the engine
--   function whose errors it raises), of = "Process" (a method), joinRow = " / " (shares the
--   row of the entry before it, whose doc the row shows; its own doc goes to the meta file only),
--   inProse = true (the docs mention it in prose, no row) }.
-- opt: the argument may be left out (trailing); orNil: nil is a meaningful value; range = { low, high }:
-- the numbers allowed (the engine's check reads it); default: what play takes when the argument is left out
-- (a test holds play to it); alone: its name when it is the only argument, and
-- speaker: its type (nil allowed: narration) when more follow; lineText: a
-- string a player reads though its type is not `text` (line()'s template: tools/tag-lines.lua tags it).
-- Data only: no function is called when this file loads (plain lua5.1, luajit or the host).

local M = {}

-- The zoom the camera takes, by zoomCamera or a tween of its zoom.
local ZOOM_RANGE = { 0.25, 8 }
-- The host's own limit on a duration it keeps (BindHelpers.h kMaxSeconds), so --check refuses what play refuses.
local HOST_SECONDS = { 0, 1000000 }

-- What an argument may be. `lua` is its LuaLS type; `literal` which kinds of
-- literal --check accepts for it (string, number, boolean, table, function);
-- `names` the list of known names a string literal must be in (the host gives
-- --check the lists: actors, waypoints, images, storyFunctions; a `sound`
-- type with names = "sounds" needs only the host to pass that list too);
-- `enum` the only strings allowed; `expects` what an error says it must be; `metatable` the metatable of a
-- value the type takes besides its literals (a line template, a process handle). StageSupport.lua checks
-- every stage function's arguments by these (the scheduler's own, in scripts/wait/, in the same words).
M.types = {
    any = { lua = "any", literal = { "string", "number", "boolean", "table", "function" }, expects = "any value" },
    string = { lua = "string", literal = { "string" }, expects = "a string" },
    -- text a player reads, with inline markup (docs/API.md "Markup") and its line ID `{#ID}` if written:
    -- a string, or a template from line(). `markup` says which tags it takes, "typed" (a line or page:
    -- every tag) or "shown" (a bubble, option or banner: how it looks only)
    text = { lua = "string|Line", literal = { "string" }, metatable = "line", markup = "typed",
        expects = "a string or a line(...)" },
    label = { lua = "string|Line", literal = { "string" }, metatable = "line", markup = "shown",
        expects = "a string or a line(...)" },
    number = { lua = "number", literal = { "number" }, expects = "a finite number" },
    -- a point along a curve: any number but NaN (ease holds it to 0..1; `infinite`: infinity allowed)
    curveTime = { lua = "number", literal = { "number" }, infinite = true, expects = "a number (not NaN)" },
    seconds = { lua = "number", literal = { "number" }, atLeast = 0, expects = "a non-negative finite number" },
    distance = { lua = "number", literal = { "number" }, above = 0, expects = "a positive number" },
    -- a clock's rate: 1 as fast as the world's, 0 stopped
    scale = { lua = "number", literal = { "number" }, atLeast = 0, expects = "a non-negative finite number" },
    -- (`whole`: a number with no fraction)
    integer = { lua = "integer", literal = { "number" }, atLeast = 1, whole = true, expects = "a positive integer" },
    ["function"] = { lua = "function", literal = { "function" }, expects = "a function" },
    predicate = { lua = "fun(): boolean", literal = { "function" }, expects = "a function" },
    -- what runProcess-like calls start: a function, or a group and then the function to run in it
    groupOrFunction = { lua = "function|Group", literal = { "function" }, metatable = "Group",
        expects = "a function (or a group, then a function)" },
    Process = { lua = "Process", literal = {}, metatable = "Process", expects = "a process (what runProcess returns)" },
    actor = { lua = "string", literal = { "string" }, names = "actors", expects = "a string" },
    waypoint = { lua = "string", literal = { "string" }, names = "waypoints", expects = "a string" },
    point = { lua = "PointLike", literal = { "string", "table" }, names = "waypoints",
        expects = "a waypoint name or a {x =, y =} table" },
    -- an actor, or a waypoint ("map.name", with a dot), or a point table
    place = { lua = "string|Point", literal = { "string", "table" }, names = "places",
        expects = "an actor, a waypoint name or a {x =, y =} table" },
    image = { lua = "string", literal = { "string" }, names = "images", expects = "a string" },
    -- an image, or a folder of them, one per expression ("ada" for images/ada/neutral.png, ada/happy.png)
    sprite = { lua = "string", literal = { "string" }, names = "sprites", expects = "a string" },
    -- who show() and hide() name: an actor of a map, or a folder of pictures alone (images/NAME/neutral.png)
    character = { lua = "string", literal = { "string" }, names = "characters", expects = "a string" },
    -- where show() stands a character: a third of the way in, the middle, two thirds, or a fraction of the width
    stagePlace = { lua = '"left"|"center"|"right"|number', literal = { "string", "number" },
        enum = { "left", "center", "right" }, expects = "left, center, right or a number from 0 to 1" },
    showTransition = { lua = '"dissolve"|"slide"', literal = { "string" }, enum = { "dissolve", "slide" } },
    animation = { lua = '"talk"|"blink"|"idle"|"walk"', literal = { "string" },
        enum = { "talk", "blink", "idle", "walk" } },
    -- a picture, or a folder of layered pictures ("forest" for images/forest/0.2-sky.png, 1-ground.png)
    backdrop = { lua = "string", literal = { "string" }, names = "sprites", expects = "a string" },
    -- an expression some picture has ("happy" for images/ada/happy.png or images/maren_happy.png)
    expression = { lua = "string", literal = { "string" }, names = "expressions", expects = "a string" },
    signal = { lua = "string", literal = { "string" }, expects = "a string" },
    story = { lua = "string", literal = { "string" }, names = "storyFunctions", expects = "a string" },
    -- a scene of the SCENES list: a chapter of the story
    chapter = { lua = "string", literal = { "string" }, names = "chapters", expects = "a string" },
    -- a module of the game's own: a .lua file of its folder named without .lua, dots for folders
    module = { lua = "string", literal = { "string" }, names = "modules", expects = "a module's name" },
    -- a file of assets/audio named without its extension (the host gives --check the `sounds` list)
    sound = { lua = "string", literal = { "string" }, names = "sounds", expects = "a string" },
    -- (`field`: in a table, the name is that field's value)
    voice = { lua = "string|{voice: string}", literal = { "string", "table" }, names = "sounds", field = "voice",
        expects = "a sound name" },
    lineValues = { lua = "table<string, string|number>", literal = { "table" }, expects = "a table" },
    -- `fields`: what each field of an options table may be (src/script/BindSound.cpp reads the same
    -- ranges; a test plays one of each out of range)
    musicOptions = { lua = "{volume?: number, fade?: number, loop?: boolean}", literal = { "table" },
        expects = "a table", fields = { volume = { "number", range = { 0, 4 } },
            fade = { "number", range = { 0, 600 } }, loop = { "boolean" } } },
    soundOptions = { lua = "{volume?: number, pan?: number, at?: string, loop?: boolean, fade?: number}",
        literal = { "table" }, expects = "a table", fields = { volume = { "number", range = { 0, 4 } },
            fade = { "number", range = { 0, 600 } }, pan = { "number", range = { -1, 1 } }, at = { "actor" },
            loop = { "boolean" } } },
    blipOptions = { lua = "{pitch?: number, volume?: number}", literal = { "table" }, expects = "a table",
        fields = { pitch = { "number", range = { 0.25, 4 } }, volume = { "number", range = { 0, 4 } } } },
    boolean = { lua = "boolean", literal = { "boolean" }, expects = "true or false" },
    facing = { lua = '"down"|"up"|"left"|"right"', literal = { "string" }, enum = { "down", "up", "left", "right" } },
    fadeKind = { lua = '"out"|"in"|"flash"', literal = { "string" }, enum = { "out", "in", "flash" } },
    transition = { lua = '"dissolve"|"fade"|"slide"', literal = { "string" }, enum = { "dissolve", "fade", "slide" } },
    -- Robert Penner's curves (scripts/StageSupport.lua draws them)
    easing = { lua = "Easing", literal = { "string" }, enum = { "linear",
        "inQuad", "outQuad", "inOutQuad", "inCubic", "outCubic", "inOutCubic", "inSine", "outSine", "inOutSine",
        "inBack", "outBack", "inOutBack", "inElastic", "outElastic", "inOutElastic",
        "inBounce", "outBounce", "inOutBounce" } },
    -- `properties`: what each target can tween (any actor: its position); play (StageSupport.lua) and --check
    -- both read it
    tweenTarget = { lua = 'string|"camera"|"fade"|"picture"', literal = { "string" },
        expects = "an actor, camera, fade or picture",
        properties = { actor = { "position" }, camera = { "center", "zoom" }, fade = { "level" },
            picture = { "opacity" } } },
    tweenProperty = { lua = '"position"|"center"|"zoom"|"level"|"opacity"', literal = { "string" },
        enum = { "position", "center", "zoom", "level", "opacity" } },
    -- a place for position and center, a number in `ranges` for zoom (zoomCamera's), level and opacity
    tweenValue = { lua = "number|string|Point", literal = { "number", "string", "table" }, names = "places",
        expects = "a place or a number", ranges = { zoom = ZOOM_RANGE, level = { 0, 1 }, opacity = { 0, 1 } } },
}

-- The sections of docs/API.md that hold a generated table, in its order. A
-- section's rows sit between `<!-- api:NAME -->` and `<!-- /api:NAME -->`.
-- `columns`: the doc fields after the function column (default: doc).
M.sections = {
    { name = "processes", header = { "function", "what it does" } },
    { name = "waiting", header = { "function", "resumes", "returns" }, columns = { "resumes", "gives" } },
    { name = "signals", header = { "function", "what it does" } },
    { name = "groups", header = { "function", "what it does" } },
    { name = "introspection" },
    { name = "stage", header = { "function", "what it does" } },
    { name = "camera", header = { "function", "what it does" } },
    { name = "story", header = { "function", "what it does" } },
    { name = "sound", header = { "function", "what it does" } },
    { name = "player", header = { "function", "what it does" } },
}

M.functions = {
    -- The scheduler (scripts/WaitSupport.lua) -------------------------------
    { "runProcess", "processes", params = { { "fn", "function" }, { "...", "any" } }, returns = { { "Process" } },
        doc = "Starts `fn(...)` as a process **at once**; it runs until its first wait. Started from inside a "
            .. "process, the new one is its child (and joins its group)." },
    { "status", "processes", of = "Process", returns = { { '"running"|"waiting"|"done"|"failed"|"cancelled"' } },
        doc = '`"running"`, `"waiting"`, `"done"`, `"failed"` or `"cancelled"`.' },
    { "cancel", "processes", of = "Process", returns = { { "boolean", "wasAlive" } },
        doc = "The process never resumes again; its cleanups run; every live process it started is cancelled too "
            .. "(even if `p` itself already finished). A process that cancels itself, or is cancelled by a process "
            .. "it woke, stops at its next scheduler call." },
    { "results", "processes", of = "Process", returns = { { "any", "..." } },
        doc = "Return values of a finished process; message and traceback of a failed one." },
    { "errorMessage", "processes", of = "Process", returns = { { "string|nil" } }, joinRow = ", " },
    { "setName", "processes", of = "Process", params = { { "name", "string" } }, returns = { { "Process" } },
        doc = "Names the process for reports and the inspector (default: `process N (file:line)`)." },
    { "name", "processes", of = "Process", returns = { { "string" } }, joinRow = ", " },
    { "isAlive", "processes", of = "Process", returns = { { "boolean" } },
        doc = "True until the process is done, failed or cancelled; `p:group()` is the group it runs in." },
    { "group", "processes", of = "Process", returns = { { "Group" } }, joinRow = ", " },
    { "onCleanup", "processes", params = { { "fn", "function" } },
        doc = "Runs `fn` when the current process ends, however it ends (done, failed, cancelled); cleanups run "
            .. "in reverse order, at once: a wait inside one is an error (start a process for what takes time)." },
    { "currentProcess", "processes", returns = { { "Process|nil" } }, doc = "The running process, or `nil`." },
    { "liveProcessCount", "processes", returns = { { "integer" } }, doc = "How many processes have not ended." },
    { "cancelAll", "processes", doc = "Cancels every live process." },

    { "waitSeconds", "waiting", params = { { "seconds", "seconds" } }, returns = { { "number", "elapsed" } },
        waits = true,
        resumes = "on the first tick at which at least `seconds` of group time has passed (1 ms resolution); "
            .. "`waitSeconds(0)` on the next tick, never the current one",
        gives = "the time that actually elapsed" },
    { "wait", "waiting", params = { { "seconds", "seconds" } }, returns = { { "number", "elapsed" } }, waits = true,
        joinRow = " / " },
    { "waitFrames", "waiting", params = { { "frames", "integer" } }, returns = { { "number", "elapsed" } },
        waits = true, resumes = "after exactly `frames` ticks of the group", gives = "elapsed time" },
    { "coroutine.yield", "waiting", standard = true, waits = true,
        resumes = "a bare yield inside a process waits one frame (like Unity's `yield return null`)",
        gives = "the time of that frame" },
    { "waitSignal", "waiting", signalRole = "waits", params = { { "name", "signal" } },
        returns = { { "any", "..." } }, waits = true,
        resumes = "when `signal(name, ...)` is sent, or at once if `name` is latched", gives = "the signal's values" },
    { "waitSignalTimeout", "waiting", signalRole = "waits", params = { { "name", "signal" }, { "seconds", "seconds" } },
        returns = { { "boolean", "signalled" }, { "any", "..." } }, waits = true,
        resumes = "on the signal or after `seconds`, whichever comes first", gives = "`true, ...values` or `false`" },
    { "waitUntil", "waiting", params = { { "predicate", "predicate" } }, returns = { { "number", "elapsed" } },
        waits = true,
        resumes = "on the first tick `predicate()` returns true (checked once per tick; at once if already true)",
        gives = "elapsed time" },
    { "waitProcess", "waiting", params = { { "p", "Process" } }, returns = { { "any", "..." } }, waits = true,
        resumes = "when `p` ends",
        gives = "`p`'s return values; raises with `p`'s message and traceback if it failed, or if it was cancelled" },
    { "waitEnded", "waiting", params = { { "p", "Process" } }, returns = { { '"done"|"failed"|"cancelled"' } },
        waits = true, resumes = "when `p` ends, however it ends",
        gives = '`"done"`, `"failed"` or `"cancelled"`; never raises for `p`' },
    { "waitAll", "waiting", params = { { "...", "Process" } }, signature = "waitAll(p1, p2, ...)",
        returns = { { "table", "..." } }, waits = true,
        resumes = "when all have ended (raises as soon as one fails)",
        gives = "one table `{n = count, ...}` of return values per process" },
    { "waitAny", "waiting", params = { { "...", "Process" } }, signature = "waitAny(p1, p2, ...)",
        returns = { { "integer", "index" }, { "any", "..." } },
        waits = true, resumes = "when the first ends", gives = "its index, then its return values" },
    { "try", "waiting", params = { { "fn", "function" }, { "...", "any" } },
        returns = { { "boolean", "ok" }, { "any", "..." } }, waits = true,
        resumes = "runs `fn` as a child process and waits for it: `pcall` that works across waits (plain `pcall` "
            .. "cannot span a wait on PUC Lua 5.1)",
        gives = "`true, ...results` or `false, message`" },

    { "signal", "signals", signalRole = "sends", params = { { "name", "signal" }, { "...", "any" } },
        returns = { { "integer", "woken" } },
        doc = "Wakes every process waiting on `name` at the moment of the call, at once and in the order they began "
            .. "waiting, passing the values. A waiter that waits on `name` again while the signal is delivered is "
            .. "not woken twice. A signal nobody waits for is dropped." },
    { "latch", "signals", signalRole = "sends", params = { { "name", "signal" }, { "...", "any" } },
        returns = { { "integer", "woken" } },
        doc = "Like `signal`, and every later `waitSignal(name)` returns these values at once until `unlatch(name)`: "
            .. "use it when the waiter may arrive after the event (no lost wake-ups)." },
    { "unlatch", "signals", params = { { "name", "signal" } },
        doc = "Resets a latch: later waits on `name` block again. `isLatched` says whether one is set." },
    { "isLatched", "signals", params = { { "name", "signal" } }, returns = { { "boolean" } }, joinRow = ", " },

    { "newGroup", "groups", params = { { "name", "string" } }, returns = { { "Group" } },
        doc = "A set of processes with its own clock." },
    { "run", "groups", of = "Group", params = { { "fn", "function" }, { "...", "any" } }, returns = { { "Process" } },
        doc = "Starts a process in the group (its children join it too)." },
    { "setTimeScale", "groups", of = "Group", params = { { "scale", "scale" } },
        doc = "`0.5` is slow motion; `0` stops its timers (frames still count)." },
    { "timeScale", "groups", of = "Group", returns = { { "number" } }, joinRow = ", " },
    { "pause", "groups", of = "Group",
        doc = "A paused group resumes nothing (timers, frames, predicates, signals); wake-ups that arrive meanwhile "
            .. "run on its first tick after `resume`." },
    { "resume", "groups", of = "Group", joinRow = ", " },
    { "isPaused", "groups", of = "Group", returns = { { "boolean" } }, joinRow = ", " },
    { "cancel", "groups", of = "Group",
        doc = "Cancels every live process of the group; `now()` is the group's clock, in seconds of group time." },
    { "now", "groups", of = "Group", returns = { { "number" } }, joinRow = ", " },
    { "rootGroup", "groups", returns = { { "Group" } }, doc = "The group of every process not started in another." },

    { "processes", "introspection", returns = { { "table[]" } }, inProse = true },
    { "findDeadlocks", "introspection", returns = { { "table[]" } }, inProse = true },
    { "deadlockReport", "introspection", returns = { { "string|nil" } }, inProse = true },

    -- The stage (src/script/BindStage.cpp, waiting forms in StageSupport.lua) --
    { "waypoint", "stage", params = { { "name", "waypoint" } }, returns = { { "Point" } },
        doc = "A waypoint `MAP.NAME` from the maps (`--maps` folders, `maps/` beside the script, `assets/maps`"
            .. " for a loose script or a game whose game.json says `\"engineMaps\": true`: docs/MAPS.md). An"
            .. " unknown map or waypoint is an error with the closest name, the known ones"
            .. " and the folders searched." },
    { "activate", "stage", params = { { "actor", "actor" } }, doc = "Shows or hides an actor (actors start hidden)." },
    { "deactivate", "stage", params = { { "actor", "actor" } }, joinRow = ", " },
    { "setPosition", "stage", params = { { "actor", "actor" }, { "point", "point" } },
        doc = "Places an actor (stops its walk)." },
    { "walkToPoint", "stage", params = { { "actor", "actor" }, { "point", "point" } },
        doc = "Starts a walk and returns at once." },
    { "walkTo", "stage", params = { { "actor", "actor" }, { "point", "point" } }, waits = true,
        builtOn = "walkToPoint", doc = "Walks and waits until the actor arrives." },
    { "walkToPointAndSignal", "stage", signalRole = "sends",
        params = { { "actor", "actor" }, { "signalName", "signal" },
        { "point", "point" } }, returns = { { "Process" } }, builtOn = "walkToPoint",
        doc = "Starts a walk and sends `signal(signalName)` on arrival." },
    { "waitArrival", "stage", params = { { "actor", "actor" } }, waits = true, builtOn = "isWalking",
        doc = "Waits until the actor stops walking." },
    { "isWalking", "stage", params = { { "actor", "actor" } }, returns = { { "boolean" } },
        doc = "True while the actor is on its way somewhere. Returns at once." },
    { "face", "stage", params = { { "actor", "actor" }, { "direction", "facing" } },
        doc = '`"down"`, `"up"`, `"left"` or `"right"`. Walking turns actors by itself.' },
    { "say", "stage", params = { { "actor", "actor" }, { "text", "label" },
        { "seconds", "seconds", opt = true, range = HOST_SECONDS } },
        doc = 'A speech bubble; `""` clears it; with `seconds` it clears itself. Returns at once.' },
    { "sayFor", "stage", params = { { "actor", "actor" }, { "text", "label" },
        { "seconds", "seconds", range = HOST_SECONDS } },
        waits = true, builtOn = "say", doc = "A bubble for `seconds`, waiting that long." },
    { "dialogue", "stage", params = { { "speaker", "actor", orNil = true }, { "text", "text" },
        { "voice", "voice", opt = true } }, waits = true,
        doc = "A line in the dialogue box (`speaker` nil for narration), typed out, then held long enough to read; "
            .. "waits until it is done. With `voice` (a sound name, or `{voice = name}`) the clip plays as the line "
            .. "starts, the line is held until it ends, the next line stops it, and music is ducked under it." },
    { "fade", "stage", params = { { "kind", "fadeKind" },
        { "seconds", "seconds", opt = true, default = 1, range = HOST_SECONDS } },
        doc = '`"out"` (to black, stays black), `"in"` (from black) or `"flash"` (white; a short dim instead for '
            .. "a player who asked for fewer flashes). Returns at once." },
    { "flash", "stage", params = { { "seconds", "seconds", opt = true, default = 0.6, range = HOST_SECONDS } },
        doc = '`fade("flash", seconds)`.' },
    { "setCameraCenter", "stage", params = { { "point", "point" } },
        doc = "Centres the camera on a point; a waypoint's map (`\"harbour.camera\"`: harbour) gives the backdrop." },
    { "disableControls", "stage",
        doc = "The player's character stops answering the keys and pad until `enableControls()`." },
    { "enableControls", "stage", joinRow = ", " },
    { "print", "stage", params = { { "...", "any" } }, standard = true,
        doc = "Writes a `print` event to the transcript." },
    { "banner", "stage", params = { { "text", "label" }, { "seconds", "seconds", opt = true, default = 1,
        range = HOST_SECONDS } },
        doc = "Big centred text for a moment (a countdown, a chapter title)." },

    -- Camera and tweens (src/game/Camera.h; the tweens in StageSupport.lua) ----
    { "moveCamera", "camera", params = { { "place", "place" }, { "seconds", "seconds" },
        { "easing", "easing", opt = true, default = "inOutSine" } }, returns = { { "Process" } },
        doc = "Eases the camera to `place` (an actor, whom it tracks while the move lasts, a waypoint or a point) "
            .. "over `seconds` (default easing `inOutSine`); stops a follow. Returns the move's process at once." },
    { "zoomCamera", "camera", params = { { "zoom", "number", range = ZOOM_RANGE }, { "seconds", "seconds" },
        { "easing", "easing", opt = true, default = "inOutSine" } }, returns = { { "Process" } },
        doc = "Eases the zoom to `zoom` (1 the stage's size, 2 twice as close; 0.25 to 8) about the camera's "
            .. "centre. Text (bubbles, names, the dialogue box, menus) keeps its size." },
    { "shakeCamera", "camera", params = { { "strength", "number", range = { 0, 100 } }, { "seconds", "seconds" } },
        returns = { { "Process" } }, signature = "shakeCamera(strength, seconds) -> Process",
        doc = "Shakes the view by up to `strength` view units (0 to 100), dying away over `seconds`. With the "
            .. "player's reduce-shakes setting the view holds still; the shake's events and timing stay." },
    { "waitCamera", "camera", waits = true,
        doc = "Waits until every camera move, zoom and shake under way has ended (or was cancelled)." },
    { "followCamera", "camera", params = { { "actor", "actor", orNil = true },
        { "deadZone", "number", opt = true, range = { 0, 360 }, default = 80 } },
        doc = "Keeps `actor` in view: it walks freely within `deadZone` view units (default 80, up to 360) of the "
            .. "centre, across and down, then the camera keeps it on the zone's edge. `followCamera(nil)` stops; "
            .. "`setCameraCenter` and `moveCamera` stop it too." },
    { "tween", "camera", params = { { "target", "tweenTarget" }, { "property", "tweenProperty" },
        { "to", "tweenValue" }, { "seconds", "seconds" }, { "easing", "easing", opt = true, default = "inOutSine" } },
        returns = { { "Process" } },
        doc = "Eases a property: an actor's `position` (to a place), the camera's `center` (a place) or `zoom`, "
            .. "the `fade`'s `level` (0 clear to 1 black), the `picture`'s `opacity` (0 to 1). A newer tween of "
            .. "the same property, or a call that sets it (`setPosition`, `walkToPoint`, `fade`...), takes over." },
    { "ease", "camera", params = { { "easing", "easing" }, { "t", "curveTime" } }, returns = { { "number" } },
        doc = "The curve's value at `t` (0 to 1; a `t` outside is held at its end): 0 at 0, 1 at 1; `back` and "
            .. "`elastic` overshoot on the way." },

    -- Story scripts (StageSupport.lua) ---------------------------------------
    { "text", "story", params = { { "speakerOrText", "text", alone = "text", speaker = "actor" },
        { "text", "text", opt = true },
        { "voice", "voice", opt = true } }, waits = true,
        signature = "text(s)` / `text(actor, s [, voice])",
        doc = "Shows a page in the dialogue box (narration, or spoken by `actor`), typed out, and waits until the "
            .. "player turns it. Without a player (headless, screenshots) it turns once typed." },
    { "image", "story", params = { { "name", "image", orNil = true } },
        doc = "Shows `images/NAME.png` (or `.jpg`, `.bmp`, `.tga`, `.gif`; the game's folder first, then the "
            .. "engine's `assets/`) beside the text; `image(nil)` "
            .. "hides it. Unknown names are errors with a suggestion." },
    { "backdrop", "story", params = { { "name", "backdrop", orNil = true },
        { "transition", "transition", opt = true },
        { "seconds", "seconds", opt = true, default = 1 }, { "easing", "easing", opt = true, default = "inOutSine" } },
        returns = { { "Process|nil" } },
        signature = 'backdrop(name [, transition, seconds = 1, easing = "inOutSine"]) -> Process|nil',
        doc = "Shows a picture (named as for `image`: the game's `images/NAME.png`, then the engine's) as the "
            .. "backdrop: with the camera at rest it fills the view, and it moves, zooms and shakes with the "
            .. "camera as the cast does (mirrored past its edges); `backdrop(nil)` brings back the painted one. "
            .. "A folder of pictures is a backdrop in layers, farthest first: `images/forest/0.2-sky.png` moves a "
            .. "fifth as far as the world when the camera moves (and zooms a fifth as much), `1-ground.png` (or "
            .. "a name with no depth) with the cast, `1.5-hedge.png` faster (nearer the viewer; every layer stands "
            .. "behind the cast). "
            .. "With a `transition` (`dissolve`, `fade` through black, `slide` in from the right) over `seconds` "
            .. "(default 1) it returns the tween's process: `waitProcess(backdrop(\"tower\", \"dissolve\", 2))`." },
    { "portrait", "story", params = { { "actor", "actor" }, { "image", "image", orNil = true } },
        doc = "The picture beside `actor`'s lines and pages (an image, as for `image`), shown instead of "
            .. "`image()`'s while the actor speaks; `nil` removes it. Sets the expression back to none." },
    { "expression", "story", params = { { "actor", "actor" }, { "name", "expression", orNil = true } },
        doc = "Changes the expression of `actor`'s portrait and sprite: `\"worried\"` shows the image "
            .. "PORTRAIT/worried (or PORTRAIT_worried); `nil` the portrait itself. Inline, `{face=worried}` does it "
            .. "when the typewriter gets there." },
    { "sprite", "story", params = { { "actor", "actor" }, { "image", "sprite", orNil = true } },
        doc = "Draws `actor` as a picture instead of its lettered disc, its feet at the actor's place: an image, "
            .. "or a folder of them, one per expression (`sprite(\"ada\", \"ada\")` shows `images/ada/neutral.png`, "
            .. "and `images/ada/happy.png` after `expression(\"ada\", \"happy\")`); `nil` the disc again." },
    { "show", "story", params = { { "name", "character" }, { "expression", "expression", opt = true },
        { "at", "stagePlace", opt = true }, { "transition", "showTransition", opt = true },
        { "seconds", "seconds", opt = true, default = 0.5 } },
        returns = { { "Process|nil" } },
        signature = 'show(name [, expression = "neutral", at, transition, seconds = 0.5]) -> Process|nil',
        doc = "Puts a character on stage with no map: its pictures alone are enough (`images/NAME/neutral.png`, "
            .. "`images/NAME/happy.png`...; a map's actor works too), drawn with its `expression` at `at`: "
            .. "`\"left\"` (a quarter of the view's width), `\"center\"`, `\"right\"` (three quarters) or a "
            .. "fraction of the width from 0 to 1, its feet just above the dialogue box (default: where it stands "
            .. "if shown, else the centre). With a `transition` it returns its process: `dissolve` fades it in, "
            .. "`slide` brings it in from the nearer edge (or glides it from where it stood). A character shown "
            .. "by its pictures speaks, bubbles and walks as a map's actor does; the view draws no name under it." },
    { "frameRate", "story", params = { { "sprite", "sprite" }, { "animation", "animation" },
        { "fps", "number", range = { 0.5, 60 } } },
        doc = "Plays an animation of a sprite's frames at `fps` frames a second (0.5 to 60) for every actor drawn "
            .. "with that sprite: `talk`, `blink`, `idle` or `walk` (each facing). Unset: talk and walk 8, blink "
            .. "12, idle 4. `frameRate(\"ada\", \"walk\", 10)`." },
    { "hide", "story", params = { { "name", "character" }, { "transition", "showTransition", opt = true },
        { "seconds", "seconds", opt = true, default = 0.5 } },
        returns = { { "Process|nil" } },
        signature = "hide(name [, transition, seconds = 0.5]) -> Process|nil",
        doc = "Takes a character off stage: at once, or by a `transition` (`dissolve` fades it out, `slide` "
            .. "walks it off by the nearer edge) whose process it returns; it leaves when the transition ends." },
    { "option", "story", params = { { "text", "label" }, { "target", "story" } },
        doc = "Adds a choice for the next `menu()`; `target` names a story function, looked up when the option is "
            .. "chosen (as in seed 001), so it may be defined further down. A literal target that names no "
            .. "function gets a warning when the script loads (and is a finding of `--check`); choosing it is an "
            .. "error at the `menu()` line." },
    { "menu", "story", waits = true,
        doc = "Shows the collected options, waits for a choice, and continues at its target. Headless runs answer "
            .. "from `--choose`. `menu()` with no options is an error." },
    { "line", "story", params = { { "template", "string", lineText = true },
        { "values", "lineValues", opt = true } },
        returns = { { "Line" } }, signature = "line(template [, values]) -> Line",
        doc = "Text with values in it, for any text argument: `dialogue(\"bob\", line(\"You found {count} "
            .. "shells.\", {count = n}))` shows the template with `{count}` replaced; the template, not the result, "
            .. "carries the line ID (`{#ID}` or the automatic one), so the line keeps its ID whatever the values." },
    { "jump", "story", params = { { "target", "story" } },
        doc = "Continues the story at another function; the current one stops here, and so does every process it "
            .. "started (one transcript line each: `cancelled process=\"NAME\" by=\"jump\" target=\"TARGET\"`)." },
    { "runForScene", "story", params = { { "fn", "groupOrFunction" }, { "...", "any", opt = true } },
        returns = { { "Process" } },
        signature = "runForScene([group,] fn, ...) -> Process",
        doc = "Starts `fn(...)` as a process that lives for the rest of the scene: a `jump` or a menu choice leaves "
            .. "it running (an ambient loop, rain). It ends when the scene's story ends (`by=\"scene_end\"` in the "
            .. "transcript) or when cancelled; given a group first, it runs in that group." },

    { "nextChapter", "story", params = { { "chapter", "chapter" } },
        doc = "When this chapter ends, the story goes on at `chapter` (a name in `SCENES`) instead of the next one "
            .. "in the list; the chapter itself plays on to its end. Played alone (`--scene`), a chapter has no "
            .. "story to go on: it is ignored." },
    { "require", "story", params = { { "name", "module" } }, returns = { { "any" } },
        signature = "require(name) -> any",
        doc = "Loads the game's own module `name` once (`\"people\"` is `people.lua` beside `main.lua`, "
            .. "`\"chapters.one\"` is `chapters/one.lua`) and returns what it returned (`true` for nothing). A "
            .. "module runs in the game's sandbox: the functions it defines are the game's, chapters included. "
            .. "Nothing else loads: another folder, a library or a C module is refused, with the modules there are." },
    { "endChapter", "story",
        doc = "Ends the chapter here: every process it started stops (`cancelled ... by=\"chapter_end\"` in the "
            .. "transcript), the caller too, and the story goes on at the next chapter (played alone, the scene is "
            .. "over). For a chapter whose loops run on (a crowd that chatters, a free walk) and which must end." },
    { "endStory", "story", params = { { "ending", "string", opt = true } },
        doc = "The story ends with this chapter: no chapter follows it (the window shows its end card, then the "
            .. "title screen). The last chapter in `SCENES` ends the story without it. `ending` names the ending "
            .. "reached: the transcript's `story_end` says it, and the window keeps the endings a player has seen "
            .. "(an ending without a name is its last chapter's)." },
    -- The player -------------------------------------------------------------
    -- Sound (src/script/BindSound.cpp; the handle in scripts/stage/sound.lua) --
    { "playMusic", "sound", params = { { "name", "sound" }, { "options", "musicOptions", opt = true } },
        signature = "playMusic(name [, {volume =, fade =, loop =}])",
        doc = "Plays a track, looping unless `loop = false`, fading in over `fade` seconds (default 0). Music "
            .. "already playing fades out over the same time: a cross-fade. Music is lowered (ducked to 35%) while a "
            .. "voice plays and comes back after. Returns at once." },
    { "stopMusic", "sound", params = { { "fade", "seconds", opt = true, default = 0, range = HOST_SECONDS } },
        doc = "Fades the music out over `fade` seconds (default 0, a 5 ms ramp so it does not click)." },
    { "playSound", "sound", params = { { "name", "sound" }, { "options", "soundOptions", opt = true } },
        returns = { { "Sound" } }, signature = "playSound(name [, {volume =, pan =, at =, loop =, fade =}]) -> Sound",
        doc = "A one-shot (or a loop with `loop = true`), several at once; `pan` from -1 (left) to 1 (right), or "
            .. "`at = actor` to pan from the actor's x against the camera. Returns a handle at once. At most 32 "
            .. "sounds, voices and blips play at once: more are dropped (their events stay)." },
    { "wait", "sound", of = "Sound", waits = true,
        doc = "Waits until the sound has ended (its clip's length, from scene time: never the sound card) or was "
            .. "stopped." },
    { "stop", "sound", of = "Sound", params = { { "fade", "seconds", opt = true, default = 0, range = HOST_SECONDS } },
        doc = "Stops the sound, fading out over `fade` seconds." },
    { "isPlaying", "sound", of = "Sound", returns = { { "boolean" } }, joinRow = ", " },
    { "setBlip", "sound", params = { { "actor", "actor" }, { "name", "sound", orNil = true },
        { "options", "blipOptions", opt = true } }, signature = "setBlip(actor, name [, {pitch =, volume =}])",
        doc = "The typewriter sound of `actor`'s lines: `name` plays as letters appear (at `pitch` 0.25 to 4), never "
            .. "more than one at a time per actor, silent while the player skips, and not under a voice. "
            .. "`setBlip(actor, nil)` removes it." },

    { "setPlayer", "player", params = { { "actor", "actor", orNil = true } },
        doc = "The character the arrow keys / WASD move while controls are enabled." },
    { "waitNear", "player", params = { { "actor", "actor" }, { "place", "place" }, { "radius", "distance" } },
        builtOn = "positionOf",
        waits = true,
        doc = "Waits until `actor` is within `radius` of `place` (an actor, a waypoint name or a point)." },
    { "distance", "player", params = { { "actor", "actor" }, { "place", "place" } }, returns = { { "number" } },
        builtOn = "positionOf", doc = "How far `actor` is from `place` (an actor, a waypoint name or a point)." },
    { "isLookingAt", "player", params = { { "looker", "actor" }, { "target", "actor" } }, returns = { { "boolean" } },
        doc = "True when `target` is within about 37 degrees of where `looker` faces (cos 0.8), and within 300 "
            .. "units." },
    { "faceTowards", "player", params = { { "actor", "actor" }, { "target", "actor" } },
        doc = "Turns `actor` towards another actor." },
    { "facePoint", "player", params = { { "actor", "actor" }, { "point", "point" } },
        doc = "Turns `actor` towards a waypoint or a point (the door it is about to use)." },
    { "positionOf", "player", params = { { "actor", "actor" } }, returns = { { "number", "x" }, { "number", "y" } },
        doc = "Where the actor stands; `facingOf` tells which way it faces." },
    { "facingOf", "player", params = { { "actor", "actor" } }, returns = { { '"down"|"up"|"left"|"right"' } },
        joinRow = ", ", doc = "Which way the actor faces." },
}

-- The engine's functions a scene never sees: what the stage library's waiting forms (scripts/StageSupport.lua
-- and scripts/stage/) build on, beside the bindings named after the scene function they serve (dialogue,
-- show, backdrop...). Each is in its section's binding file (src/script/BindNAME.cpp); its callers pass it
-- checked values, so its params say what it reads, not what a scene may give. A test holds this list to the
-- bindings: every one is a scene function's or here, and nothing here is gone.
M.engine = {
    { "isLineFinished", "stage", params = { { "id", "integer" } }, returns = { { "boolean" } },
        doc = "Whether the line or page `id` (dialogue's, text's) has been read and turned." },
    { "recordStageEvent", "stage", params = { { "name", "string" }, { "...", "string" } },
        doc = "A transcript event of the library's (tween, tween_end, shake, cancelled...): key, value pairs." },
    { "cameraState", "camera", returns = { { "number", "x" }, { "number", "y" }, { "number", "zoom" },
        { "string|nil", "followed" } }, doc = "Where the camera looks, its zoom and whom it follows." },
    { "setCameraStep", "camera", params = { { "x", "number", orNil = true }, { "y", "number", opt = true },
        { "zoom", "number", opt = true } }, doc = "A move's or zoom's step: the centre (unless x is nil), the zoom." },
    { "setCameraShake", "camera", params = { { "dx", "number" }, { "dy", "number" } },
        doc = "A shake's offset this tick." },
    { "setCameraPlaceOf", "camera", params = { { "waypoint", "string" } },
        doc = "The map a waypoint name belongs to becomes the camera's place (its backdrop shows)." },
    { "pointOf", "camera", params = { { "point", "point" }, { "fname", "string", opt = true } },
        returns = { { "number", "x" }, { "number", "y" } },
        doc = "A waypoint name's or point table's place, refused in the words of `fname`." },
    { "isActor", "camera", params = { { "name", "any" } }, returns = { { "boolean" } },
        doc = "Whether `name` names an actor (a tween's target)." },
    { "fadeLevel", "camera", returns = { { "number" } }, doc = "The black veil's level, 0..1 (a tween's start)." },
    { "setFadeLevel", "camera", params = { { "level", "number" } }, doc = "A tween's step of the fade level." },
    { "pictureOpacity", "camera", returns = { { "number" } }, doc = "image()'s picture's opacity (a tween's start)." },
    { "setPictureOpacity", "camera", params = { { "opacity", "number" } },
        doc = "A tween's step of the picture's opacity." },
    { "setActorStep", "camera", params = { { "actor", "actor" }, { "x", "number" }, { "y", "number" } },
        doc = "A tween's step of an actor's position." },
    { "menuChoice", "story", params = { { "id", "integer" } }, returns = { { "integer" } },
        doc = "The option the player chose in menu `id`, 0 while none is." },
    { "setActorOpacity", "story", params = { { "actor", "actor" }, { "opacity", "number" } },
        doc = "show()'s and hide()'s dissolve: a character's opacity, 0..1." },
    { "playVoice", "sound", params = { { "speaker", "actor", orNil = true }, { "name", "sound" } },
        doc = "The voice of the line just shown (dialogue's, text's)." },
    { "stopSoundId", "sound", params = { { "id", "integer" }, { "fade", "seconds", opt = true } },
        doc = "A Sound handle's stop()." },
    { "isSoundPlaying", "sound", params = { { "id", "integer" } }, returns = { { "boolean" } },
        doc = "A Sound handle's isPlaying() and wait()." },
}
for _, entry in ipairs(M.engine) do
    entry.name, entry.section = entry[1], entry[2]
    entry.params = entry.params or {}
    for _, param in ipairs(entry.params) do
        param.name, param.type = param[1], param[2]
    end
end

-- Entries by name (plain functions only; methods are reached through a handle).
M.byName = {}
for _, entry in ipairs(M.functions) do
    entry.name, entry.section = entry[1], entry[2]
    entry.params = entry.params or {}
    entry.returns = entry.returns or {}
    for _, param in ipairs(entry.params) do
        param.name, param.type = param[1], param[2]
    end
    if not entry.of then
        M.byName[entry.name] = entry
    end
end

return M
