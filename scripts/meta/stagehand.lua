---@meta
-- LuaLS definitions of what Stagehand scene scripts can call. Editors read this
-- file for completion and type checks; the game never loads it.
-- The behaviour of each function is described in docs/API.md.

---@class Process
local Process = {}
---@return "running"|"waiting"|"done"|"failed"|"cancelled"
function Process:status() end
---@return boolean wasAlive
function Process:cancel() end
---@return boolean
function Process:isAlive() end
---@param name string
---@return Process
function Process:setName(name) end
---@return string
function Process:name() end
---@return any ...
function Process:results() end
---@return string|nil
function Process:errorMessage() end
---@return Group
function Process:group() end

---@class Group
local Group = {}
---@param fn function
---@param ... any
---@return Process
function Group:run(fn, ...) end
---@param scale number
function Group:setTimeScale(scale) end
---@return number
function Group:timeScale() end
function Group:pause() end
function Group:resume() end
---@return boolean
function Group:isPaused() end
---@return number
function Group:now() end
function Group:cancel() end

---@class Point
---@field x number
---@field y number
---@field name string|nil

---@alias PointLike Point|string

-- Scheduler --------------------------------------------------------------

---@param fn function
---@param ... any
---@return Process
function runProcess(fn, ...) end
---@param seconds number
---@return number elapsed
function waitSeconds(seconds) end
---@param seconds number
---@return number elapsed
function wait(seconds) end
---@param frames integer
---@return number elapsed
function waitFrames(frames) end
---@param name string
---@return any ...
function waitSignal(name) end
---@param name string
---@param seconds number
---@return boolean signalled
---@return any ...
function waitSignalTimeout(name, seconds) end
---@param name string
---@param ... any
---@return integer woken
function signal(name, ...) end
---@param name string
---@param ... any
---@return integer woken
function latch(name, ...) end
---@param name string
function unlatch(name) end
---@param name string
---@return boolean
function isLatched(name) end
---@param predicate fun(): boolean
---@return number elapsed
function waitUntil(predicate) end
---@param p Process
---@return any ...
function waitProcess(p) end
---@param ... Process
---@return table ...
function waitAll(...) end
---@param ... Process
---@return integer index
---@return any ...
function waitAny(...) end
---@param fn function
---@param ... any
---@return boolean ok
---@return any ...
function try(fn, ...) end
---@param fn function
function onCleanup(fn) end
---@return Process|nil
function currentProcess() end
function cancelAll() end
---@return integer
function liveProcessCount() end
---@param name string
---@return Group
function newGroup(name) end
---@return Group
function rootGroup() end
---@return table[]
function processes() end
---@return table[]
function findDeadlocks() end
---@return string|nil
function deadlockReport() end

-- Stage --------------------------------------------------------------------

---@param name string
---@return Point
function waypoint(name) end
---@param actor string
function activate(actor) end
---@param actor string
function deactivate(actor) end
---@param actor string
---@param point PointLike
function setPosition(actor, point) end
---@param actor string
---@param point PointLike
function walkToPoint(actor, point) end
---@param actor string
---@param point PointLike
function walkTo(actor, point) end
---@param actor string
---@param signalName string
---@param point PointLike
---@return Process
function walkToPointAndSignal(actor, signalName, point) end
---@param actor string
function waitArrival(actor) end
---True while the actor is on its way somewhere (walkToPoint, walkTo).
---@param actor string
---@return boolean
function isWalking(actor) end
---@param actor string
---@param direction "down"|"up"|"left"|"right"
function face(actor, direction) end
---@param actor string
---@param text string
---@param seconds? number
function say(actor, text, seconds) end
---@param actor string
---@param text string
---@param seconds number
function sayFor(actor, text, seconds) end
---@param speaker string|nil
---@param text string
---@param voice? string|{voice: string} a sound to speak the line with
function dialogue(speaker, text, voice) end
---@param kind "out"|"in"|"flash"
---@param seconds? number
function fade(kind, seconds) end
---@param seconds? number
function flash(seconds) end
---@param point PointLike
function setCameraCenter(point) end
function disableControls() end
function enableControls() end

---@param q Process
---@return "done"|"failed"|"cancelled"
function waitEnded(q) end

-- Story ----------------------------------------------------------------------

---@param speakerOrText string
---@param text? string
---@param voice? string|{voice: string} a sound to speak the page with
function text(speakerOrText, text, voice) end
---@param name string|nil
function image(name) end
---@param text string
---@param target string
function option(text, target) end
function menu() end
---@param target string
function jump(target) end
---@param text string
---@param seconds? number
function banner(text, seconds) end

-- Sound (assets/audio/NAME.ogg or NAME.wav) ----------------------------------

---@class Sound
local Sound = {}
---Waits until the sound has ended or was stopped.
function Sound:wait() end
---@param fade? number seconds
function Sound:stop(fade) end
---@return boolean
function Sound:isPlaying() end

---@param name string
---@param options? {volume?: number, fade?: number, loop?: boolean}
function playMusic(name, options) end
---@param fade? number seconds
function stopMusic(fade) end
---@param name string
---@param options? {volume?: number, pan?: number, at?: string, loop?: boolean, fade?: number}
---@return Sound
function playSound(name, options) end
---@param actor string
---@param name string|nil
---@param options? {pitch?: number, volume?: number}
function setBlip(actor, name, options) end

-- The player -----------------------------------------------------------------

---@param actor string|nil
function setPlayer(actor) end
---@param actor string
---@param place string|Point
---@param radius number
function waitNear(actor, place, radius) end
---@param actor string
---@param place string|Point
---@return number
function distance(actor, place) end
---@param looker string
---@param target string
---@return boolean
function isLookingAt(looker, target) end
---@param actor string
---@param target string
function faceTowards(actor, target) end
---@param actor string
---@return number x
---@return number y
function positionOf(actor) end
---@param actor string
---@return "down"|"up"|"left"|"right"
function facingOf(actor) end

---A table that lives through the play session.
---@type table<string, any>
flags = {}

---The scenes of this script, in menu order.
---@type (string|{name: string, title: string})[]
SCENES = {}
