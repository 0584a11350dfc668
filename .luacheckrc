-- luacheck configuration: every script is Lua 5.1 (PUC and LuaJIT).
std = "lua51"
max_line_length = 120

files["spec/"] = { std = "+busted" }

-- Scene scripts run in the sandbox: the standard functions it whitelists,
-- the scheduler API and the stage API (scripts/meta/ documents them all; the
-- marked list is written from scripts/ApiDescription.lua by tools/generate-api.lua).
local sceneApi = {
    -- <api generated from scripts/ApiDescription.lua>
    "runProcess", "onCleanup", "currentProcess", "liveProcessCount", "cancelAll", "waitSeconds", "wait",
    "waitFrames", "waitSignal", "waitSignalTimeout", "waitUntil", "waitProcess", "waitEnded", "waitAll", "waitAny",
    "try", "signal", "latch", "unlatch", "isLatched", "newGroup", "rootGroup", "processes", "findDeadlocks",
    "deadlockReport", "waypoint", "activate", "deactivate", "setPosition", "walkToPoint", "walkTo",
    "walkToPointAndSignal", "waitArrival", "isWalking", "face", "say", "sayFor", "dialogue", "fade", "flash",
    "setCameraCenter", "disableControls", "enableControls", "banner", "moveCamera", "zoomCamera", "shakeCamera",
    "waitCamera", "followCamera", "tween", "ease", "text", "image", "backdrop", "portrait", "expression", "sprite",
    "show", "frameRate", "hide", "option", "menu", "line", "jump", "runForScene", "nextChapter", "require",
    "endChapter", "endStory", "playMusic", "stopMusic", "playSound", "setBlip", "setPlayer", "waitNear", "distance",
    "isLookingAt", "faceTowards", "facePoint", "positionOf", "facingOf",
    -- </api>
    -- the sandbox's standard functions (no io, os, debug or load*)
    "assert", "error", "ipairs", "next", "pairs", "pcall", "select", "tonumber", "tostring", "type", "unpack",
    "xpcall", "rawequal", "rawget", "rawset", "setmetatable", "getmetatable", "_VERSION", "print",
    "string", "table", "math", "coroutine",
}
-- Every scene file under scripts/ (Demo.lua, examples/, an author's own):
-- the sandbox's names; the host's own libraries below are plain Lua 5.1.
local sceneFile = {
    std = "min",
    read_globals = sceneApi,
    globals = { "flags", "persistent" }, -- scripts write their story flags (and what outlives a playthrough) into them
    allow_defined_top = true,
    ignore = { "131" }, -- scenes are globals the host reads, so "unused global" is expected
}
files["scripts/"] = sceneFile
files["tests/scripts/"] = sceneFile -- the tests' scenes (check_mistakes.lua's mistakes are on purpose)
files["scripts/WaitSupport.lua"] = { std = "lua51", read_globals = { "love" } } -- loads its parts in LÖVE too
files["scripts/wait/"] = { std = "lua51" } -- the scheduler's parts (see WaitSupport.lua)
files["scripts/StageSupport.lua"] = { std = "lua51" }
files["scripts/stage/"] = { std = "lua51" } -- the stage library's parts, a section each (see StageSupport.lua)
files["scripts/CheckSupport.lua"] = { std = "lua51" }
files["scripts/ApiDescription.lua"] = { std = "lua51" }

-- LuaLS definitions: declarations only, never run, so not checked at all.
-- Excluded rather than ignored: with allow_defined_top, a checked file's
-- top-level definitions count as defined in every other file, and the meta
-- file defines every API name, which hid a name missing from sceneApi above
-- (the mutation check's luacheckrc-forgets-dialogue survived that way).
exclude_files = { "scripts/meta/" }
color = false

-- The LÖVE side of the frame benchmark runs in LÖVE 11.4 (LuaJIT): its `love`
-- table is the engine's.
files["bench/love/"] = { std = "luajit", globals = { "love" } }

-- The conformance suite (tests/conformance/): plain Lua 5.1 chunks that also
-- run pasted into a scene. The checker defines its functions as globals;
-- SANDBOXED is set by the runner (run.lua, or RunInScene.cmake's scene).
local conformanceChecker = {
    "pack", "section", "check", "checkList", "checkOneOf", "checkError", "unsandboxed",
    "conformanceBegin", "conformanceFail", "conformanceResults",
}
files["tests/conformance/"] = { std = "lua51", read_globals = conformanceChecker, globals = { "SANDBOXED" } }
files["tests/conformance/checker.lua"] = { std = "lua51", globals = conformanceChecker, read_globals = { "SANDBOXED" } }
