---@meta
-- LuaLS definitions of what Stagehand scene scripts can call. Editors read this
-- file for completion and type checks; the game never loads it.
-- The behaviour of each function is described in docs/API.md. The block between
-- the api markers is written from scripts/ApiDescription.lua by
-- tools/generate-api.lua: edit the description, not the block.

---@class Point
---@field x number
---@field y number
---@field name string|nil

---@alias PointLike Point|string

---@alias Easing "linear"|"inQuad"|"outQuad"|"inOutQuad"|"inCubic"|"outCubic"|"inOutCubic"|"inSine"|"outSine"|"inOutSine"|"inBack"|"outBack"|"inOutBack"|"inElastic"|"outElastic"|"inOutElastic"|"inBounce"|"outBounce"|"inOutBounce"

-- <api generated from scripts/ApiDescription.lua>
---@class Process
local Process = {}
---`"running"`, `"waiting"`, `"done"`, `"failed"` or `"cancelled"`.
---@return "running"|"waiting"|"done"|"failed"|"cancelled"
function Process:status() end
---The process never resumes again; its cleanups run; every live process it started is cancelled too (even if `p` itself already finished). A process that cancels itself, or is cancelled by a process it woke, stops at its next scheduler call.
---@return boolean wasAlive
function Process:cancel() end
---Return values of a finished process; message and traceback of a failed one.
---@return any ...
function Process:results() end
---@return string|nil
function Process:errorMessage() end
---Names the process for reports and the inspector (default: `process N (file:line)`).
---@param name string
---@return Process
function Process:setName(name) end
---@return string
function Process:name() end
---True until the process is done, failed or cancelled; `p:group()` is the group it runs in.
---@return boolean
function Process:isAlive() end
---@return Group
function Process:group() end

---@class Group
local Group = {}
---Starts a process in the group (its children join it too).
---@param fn function
---@param ... any
---@return Process
function Group:run(fn, ...) end
---`0.5` is slow motion; `0` stops its timers (frames still count).
---@param scale number
function Group:setTimeScale(scale) end
---@return number
function Group:timeScale() end
---A paused group resumes nothing (timers, frames, predicates, signals); wake-ups that arrive meanwhile run on its first tick after `resume`.
function Group:pause() end
function Group:resume() end
---@return boolean
function Group:isPaused() end
---Cancels every live process of the group; `now()` is the group's clock, in seconds of group time.
function Group:cancel() end
---@return number
function Group:now() end

---@class Sound
local Sound = {}
---Waits until the sound has ended (its clip's length, from scene time: never the sound card) or was stopped.
function Sound:wait() end
---Stops the sound, fading out over `fade` seconds.
---@param fade? number
function Sound:stop(fade) end
---@return boolean
function Sound:isPlaying() end

---@class Line
local Line = {}

-- processes -----------------------------------------------------------------

---Starts `fn(...)` as a process **at once**; it runs until its first wait. Started from inside a process, the new one is its child (and joins its group).
---@param fn function
---@param ... any
---@return Process
function runProcess(fn, ...) end
---Runs `fn` when the current process ends, however it ends (done, failed, cancelled); cleanups run in reverse order, at once: a wait inside one is an error (start a process for what takes time).
---@param fn function
function onCleanup(fn) end
---The running process, or `nil`.
---@return Process|nil
function currentProcess() end
---How many processes have not ended.
---@return integer
function liveProcessCount() end
---Cancels every live process.
function cancelAll() end

-- waiting -------------------------------------------------------------------

---Resumes on the first tick at which at least `seconds` of group time has passed (1 ms resolution); `waitSeconds(0)` on the next tick, never the current one; returns the time that actually elapsed.
---@param seconds number
---@return number elapsed
function waitSeconds(seconds) end
---@param seconds number
---@return number elapsed
function wait(seconds) end
---Resumes after exactly `frames` ticks of the group; returns elapsed time.
---@param frames integer
---@return number elapsed
function waitFrames(frames) end
---Resumes when `signal(name, ...)` is sent, or at once if `name` is latched; returns the signal's values.
---@param name string
---@return any ...
function waitSignal(name) end
---Resumes on the signal or after `seconds`, whichever comes first; returns `true, ...values` or `false`.
---@param name string
---@param seconds number
---@return boolean signalled
---@return any ...
function waitSignalTimeout(name, seconds) end
---Resumes on the first tick `predicate()` returns true (checked once per tick; at once if already true); returns elapsed time.
---@param predicate fun(): boolean
---@return number elapsed
function waitUntil(predicate) end
---Resumes when `p` ends; returns `p`'s return values; raises with `p`'s message and traceback if it failed, or if it was cancelled.
---@param p Process
---@return any ...
function waitProcess(p) end
---Resumes when `p` ends, however it ends; returns `"done"`, `"failed"` or `"cancelled"`; never raises for `p`.
---@param p Process
---@return "done"|"failed"|"cancelled"
function waitEnded(p) end
---Resumes when all have ended (raises as soon as one fails); returns one table `{n = count, ...}` of return values per process.
---@param ... Process
---@return table ...
function waitAll(...) end
---Resumes when the first ends; returns its index, then its return values.
---@param ... Process
---@return integer index
---@return any ...
function waitAny(...) end
---Resumes runs `fn` as a child process and waits for it: `pcall` that works across waits (plain `pcall` cannot span a wait on PUC Lua 5.1); returns `true, ...results` or `false, message`.
---@param fn function
---@param ... any
---@return boolean ok
---@return any ...
function try(fn, ...) end

-- signals -------------------------------------------------------------------

---Wakes every process waiting on `name` at the moment of the call, at once and in the order they began waiting, passing the values. A waiter that waits on `name` again while the signal is delivered is not woken twice. A signal nobody waits for is dropped.
---@param name string
---@param ... any
---@return integer woken
function signal(name, ...) end
---Like `signal`, and every later `waitSignal(name)` returns these values at once until `unlatch(name)`: use it when the waiter may arrive after the event (no lost wake-ups).
---@param name string
---@param ... any
---@return integer woken
function latch(name, ...) end
---Resets a latch: later waits on `name` block again. `isLatched` says whether one is set.
---@param name string
function unlatch(name) end
---@param name string
---@return boolean
function isLatched(name) end

-- groups --------------------------------------------------------------------

---A set of processes with its own clock.
---@param name string
---@return Group
function newGroup(name) end
---The group of every process not started in another.
---@return Group
function rootGroup() end

-- introspection -------------------------------------------------------------

---@return table[]
function processes() end
---@return table[]
function findDeadlocks() end
---@return string|nil
function deadlockReport() end

-- stage ---------------------------------------------------------------------

---A waypoint `MAP.NAME` from the maps (`--maps` folders, `maps/` beside the script, `assets/maps` for a loose script or a game whose game.json says `"engineMaps": true`: docs/MAPS.md). An unknown map or waypoint is an error with the closest name, the known ones and the folders searched.
---@param name string
---@return Point
function waypoint(name) end
---Shows or hides an actor (actors start hidden).
---@param actor string
function activate(actor) end
---@param actor string
function deactivate(actor) end
---Places an actor (stops its walk).
---@param actor string
---@param point PointLike
function setPosition(actor, point) end
---Starts a walk and returns at once.
---@param actor string
---@param point PointLike
function walkToPoint(actor, point) end
---Walks and waits until the actor arrives.
---@param actor string
---@param point PointLike
function walkTo(actor, point) end
---Starts a walk and sends `signal(signalName)` on arrival.
---@param actor string
---@param signalName string
---@param point PointLike
---@return Process
function walkToPointAndSignal(actor, signalName, point) end
---Waits until the actor stops walking.
---@param actor string
function waitArrival(actor) end
---True while the actor is on its way somewhere. Returns at once.
---@param actor string
---@return boolean
function isWalking(actor) end
---`"down"`, `"up"`, `"left"` or `"right"`. Walking turns actors by itself.
---@param actor string
---@param direction "down"|"up"|"left"|"right"
function face(actor, direction) end
---A speech bubble; `""` clears it; with `seconds` it clears itself. Returns at once.
---@param actor string
---@param text string|Line
---@param seconds? number
function say(actor, text, seconds) end
---A bubble for `seconds`, waiting that long.
---@param actor string
---@param text string|Line
---@param seconds number
function sayFor(actor, text, seconds) end
---A line in the dialogue box (`speaker` nil for narration), typed out, then held long enough to read; waits until it is done. With `voice` (a sound name, or `{voice = name}`) the clip plays as the line starts, the line is held until it ends, the next line stops it, and music is ducked under it.
---@param speaker string|nil
---@param text string|Line
---@param voice? string|{voice: string}
function dialogue(speaker, text, voice) end
---`"out"` (to black, stays black), `"in"` (from black) or `"flash"` (white; a short dim instead for a player who asked for fewer flashes). Returns at once.
---@param kind "out"|"in"|"flash"
---@param seconds? number
function fade(kind, seconds) end
---`fade("flash", seconds)`.
---@param seconds? number
function flash(seconds) end
---Centres the camera on a point; a waypoint's map (`"harbour.camera"`: harbour) gives the backdrop.
---@param point PointLike
function setCameraCenter(point) end
---The player's character stops answering the keys and pad until `enableControls()`.
function disableControls() end
function enableControls() end
---Big centred text for a moment (a countdown, a chapter title).
---@param text string|Line
---@param seconds? number
function banner(text, seconds) end

-- camera --------------------------------------------------------------------

---Eases the camera to `place` (an actor, whom it tracks while the move lasts, a waypoint or a point) over `seconds` (default easing `inOutSine`); stops a follow. Returns the move's process at once.
---@param place string|Point
---@param seconds number
---@param easing? Easing
---@return Process
function moveCamera(place, seconds, easing) end
---Eases the zoom to `zoom` (1 the stage's size, 2 twice as close; 0.25 to 8) about the camera's centre. Text (bubbles, names, the dialogue box, menus) keeps its size.
---@param zoom number
---@param seconds number
---@param easing? Easing
---@return Process
function zoomCamera(zoom, seconds, easing) end
---Shakes the view by up to `strength` view units (0 to 100), dying away over `seconds`. With the player's reduce-shakes setting the view holds still; the shake's events and timing stay.
---@param strength number
---@param seconds number
---@return Process
function shakeCamera(strength, seconds) end
---Waits until every camera move, zoom and shake under way has ended (or was cancelled).
function waitCamera() end
---Keeps `actor` in view: it walks freely within `deadZone` view units (default 80, up to 360) of the centre, across and down, then the camera keeps it on the zone's edge. `followCamera(nil)` stops; `setCameraCenter` and `moveCamera` stop it too.
---@param actor string|nil
---@param deadZone? number
function followCamera(actor, deadZone) end
---Eases a property: an actor's `position` (to a place), the camera's `center` (a place) or `zoom`, the `fade`'s `level` (0 clear to 1 black), the `picture`'s `opacity` (0 to 1). A newer tween of the same property, or a call that sets it (`setPosition`, `walkToPoint`, `fade`...), takes over.
---@param target string|"camera"|"fade"|"picture"
---@param property "position"|"center"|"zoom"|"level"|"opacity"
---@param to number|string|Point
---@param seconds number
---@param easing? Easing
---@return Process
function tween(target, property, to, seconds, easing) end
---The curve's value at `t` (0 to 1; a `t` outside is held at its end): 0 at 0, 1 at 1; `back` and `elastic` overshoot on the way.
---@param easing Easing
---@param t number
---@return number
function ease(easing, t) end

-- story ---------------------------------------------------------------------

---Shows a page in the dialogue box (narration, or spoken by `actor`), typed out, and waits until the player turns it. Without a player (headless, screenshots) it turns once typed.
---@param speakerOrText string|Line
---@param text? string|Line
---@param voice? string|{voice: string}
function text(speakerOrText, text, voice) end
---Shows `images/NAME.png` (or `.jpg`, `.bmp`, `.tga`, `.gif`; the game's folder first, then the engine's `assets/`) beside the text; `image(nil)` hides it. Unknown names are errors with a suggestion.
---@param name string|nil
function image(name) end
---Shows a picture (named as for `image`: the game's `images/NAME.png`, then the engine's) as the backdrop: with the camera at rest it fills the view, and it moves, zooms and shakes with the camera as the cast does (mirrored past its edges); `backdrop(nil)` brings back the painted one. A folder of pictures is a backdrop in layers, farthest first: `images/forest/0.2-sky.png` moves a fifth as far as the world when the camera moves (and zooms a fifth as much), `1-ground.png` (or a name with no depth) with the cast, `1.5-hedge.png` faster (nearer the viewer; every layer stands behind the cast). With a `transition` (`dissolve`, `fade` through black, `slide` in from the right) over `seconds` (default 1) it returns the tween's process: `waitProcess(backdrop("tower", "dissolve", 2))`.
---@param name string|nil
---@param transition? "dissolve"|"fade"|"slide"
---@param seconds? number
---@param easing? Easing
---@return Process|nil
function backdrop(name, transition, seconds, easing) end
---The picture beside `actor`'s lines and pages (an image, as for `image`), shown instead of `image()`'s while the actor speaks; `nil` removes it. Sets the expression back to none.
---@param actor string
---@param image string|nil
function portrait(actor, image) end
---Changes the expression of `actor`'s portrait and sprite: `"worried"` shows the image PORTRAIT/worried (or PORTRAIT_worried); `nil` the portrait itself. Inline, `{face=worried}` does it when the typewriter gets there.
---@param actor string
---@param name string|nil
function expression(actor, name) end
---Draws `actor` as a picture instead of its lettered disc, its feet at the actor's place: an image, or a folder of them, one per expression (`sprite("ada", "ada")` shows `images/ada/neutral.png`, and `images/ada/happy.png` after `expression("ada", "happy")`); `nil` the disc again.
---@param actor string
---@param image string|nil
function sprite(actor, image) end
---Puts a character on stage with no map: its pictures alone are enough (`images/NAME/neutral.png`, `images/NAME/happy.png`...; a map's actor works too), drawn with its `expression` at `at`: `"left"` (a quarter of the view's width), `"center"`, `"right"` (three quarters) or a fraction of the width from 0 to 1, its feet just above the dialogue box (default: where it stands if shown, else the centre). With a `transition` it returns its process: `dissolve` fades it in, `slide` brings it in from the nearer edge (or glides it from where it stood). A character shown by its pictures speaks, bubbles and walks as a map's actor does; the view draws no name under it.
---@param name string
---@param expression? string
---@param at? "left"|"center"|"right"|number
---@param transition? "dissolve"|"slide"
---@param seconds? number
---@return Process|nil
function show(name, expression, at, transition, seconds) end
---Plays an animation of a sprite's frames at `fps` frames a second (0.5 to 60) for every actor drawn with that sprite: `talk`, `blink`, `idle` or `walk` (each facing). Unset: talk and walk 8, blink 12, idle 4. `frameRate("ada", "walk", 10)`.
---@param sprite string
---@param animation "talk"|"blink"|"idle"|"walk"
---@param fps number
function frameRate(sprite, animation, fps) end
---Takes a character off stage: at once, or by a `transition` (`dissolve` fades it out, `slide` walks it off by the nearer edge) whose process it returns; it leaves when the transition ends.
---@param name string
---@param transition? "dissolve"|"slide"
---@param seconds? number
---@return Process|nil
function hide(name, transition, seconds) end
---Adds a choice for the next `menu()`; `target` names a story function, looked up when the option is chosen (as in seed 001), so it may be defined further down. A literal target that names no function gets a warning when the script loads (and is a finding of `--check`); choosing it is an error at the `menu()` line.
---@param text string|Line
---@param target string
function option(text, target) end
---Shows the collected options, waits for a choice, and continues at its target. Headless runs answer from `--choose`. `menu()` with no options is an error.
function menu() end
---Text with values in it, for any text argument: `dialogue("bob", line("You found {count} shells.", {count = n}))` shows the template with `{count}` replaced; the template, not the result, carries the line ID (`{#ID}` or the automatic one), so the line keeps its ID whatever the values.
---@param template string
---@param values? table<string, string|number>
---@return Line
function line(template, values) end
---Continues the story at another function; the current one stops here, and so does every process it started (one transcript line each: `cancelled process="NAME" by="jump" target="TARGET"`).
---@param target string
function jump(target) end
---Starts `fn(...)` as a process that lives for the rest of the scene: a `jump` or a menu choice leaves it running (an ambient loop, rain). It ends when the scene's story ends (`by="scene_end"` in the transcript) or when cancelled; given a group first, it runs in that group.
---@param fn function|Group
---@param ...? any
---@return Process
function runForScene(fn, ...) end
---When this chapter ends, the story goes on at `chapter` (a name in `SCENES`) instead of the next one in the list; the chapter itself plays on to its end. Played alone (`--scene`), a chapter has no story to go on: it is ignored.
---@param chapter string
function nextChapter(chapter) end
---Loads the game's own module `name` once (`"people"` is `people.lua` beside `main.lua`, `"chapters.one"` is `chapters/one.lua`) and returns what it returned (`true` for nothing). A module runs in the game's sandbox: the functions it defines are the game's, chapters included. Nothing else loads: another folder, a library or a C module is refused, with the modules there are.
---@param name string
---@return any
function require(name) end
---Ends the chapter here: every process it started stops (`cancelled ... by="chapter_end"` in the transcript), the caller too, and the story goes on at the next chapter (played alone, the scene is over). For a chapter whose loops run on (a crowd that chatters, a free walk) and which must end.
function endChapter() end
---The story ends with this chapter: no chapter follows it (the window shows its end card, then the title screen). The last chapter in `SCENES` ends the story without it. `ending` names the ending reached: the transcript's `story_end` says it, and the window keeps the endings a player has seen (an ending without a name is its last chapter's).
---@param ending? string
function endStory(ending) end

-- sound ---------------------------------------------------------------------

---Plays a track, looping unless `loop = false`, fading in over `fade` seconds (default 0). Music already playing fades out over the same time: a cross-fade. Music is lowered (ducked to 35%) while a voice plays and comes back after. Returns at once.
---@param name string
---@param options? {volume?: number, fade?: number, loop?: boolean}
function playMusic(name, options) end
---Fades the music out over `fade` seconds (default 0, a 5 ms ramp so it does not click).
---@param fade? number
function stopMusic(fade) end
---A one-shot (or a loop with `loop = true`), several at once; `pan` from -1 (left) to 1 (right), or `at = actor` to pan from the actor's x against the camera. Returns a handle at once. At most 32 sounds, voices and blips play at once: more are dropped (their events stay).
---@param name string
---@param options? {volume?: number, pan?: number, at?: string, loop?: boolean, fade?: number}
---@return Sound
function playSound(name, options) end
---The typewriter sound of `actor`'s lines: `name` plays as letters appear (at `pitch` 0.25 to 4), never more than one at a time per actor, silent while the player skips, and not under a voice. `setBlip(actor, nil)` removes it.
---@param actor string
---@param name string|nil
---@param options? {pitch?: number, volume?: number}
function setBlip(actor, name, options) end

-- player --------------------------------------------------------------------

---The character the arrow keys / WASD move while controls are enabled.
---@param actor string|nil
function setPlayer(actor) end
---Waits until `actor` is within `radius` of `place` (an actor, a waypoint name or a point).
---@param actor string
---@param place string|Point
---@param radius number
function waitNear(actor, place, radius) end
---How far `actor` is from `place` (an actor, a waypoint name or a point).
---@param actor string
---@param place string|Point
---@return number
function distance(actor, place) end
---True when `target` is within about 37 degrees of where `looker` faces (cos 0.8), and within 300 units.
---@param looker string
---@param target string
---@return boolean
function isLookingAt(looker, target) end
---Turns `actor` towards another actor.
---@param actor string
---@param target string
function faceTowards(actor, target) end
---Turns `actor` towards a waypoint or a point (the door it is about to use).
---@param actor string
---@param point PointLike
function facePoint(actor, point) end
---Where the actor stands; `facingOf` tells which way it faces.
---@param actor string
---@return number x
---@return number y
function positionOf(actor) end
---Which way the actor faces.
---@param actor string
---@return "down"|"up"|"left"|"right"
function facingOf(actor) end
-- </api>

---A table that lives through the play session.
---@type table<string, any>
flags = {}

---A table that outlives a playthrough (Ren'Py's `persistent`): booleans, numbers and strings under
---string keys, kept by the window in the player's folder; every playthrough starts with what the last left.
---@type table<string, boolean|number|string>
persistent = {}

---The scenes of this script, in menu order.
---@type (string|{name: string, title: string})[]
SCENES = {}
