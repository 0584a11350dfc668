-- luacheck configuration: every script is Lua 5.1 (PUC and LuaJIT).
std = "lua51"
max_line_length = 120

files["spec/"] = { std = "+busted" }

-- Scene scripts run in the sandbox: the standard functions it whitelists,
-- the scheduler API and the stage API (scripts/meta/ documents them all).
local sceneApi = {
    -- scheduler
    "runProcess", "waitSeconds", "wait", "waitFrames", "waitSignal", "waitSignalTimeout", "signal",
    "latch", "unlatch", "isLatched", "waitUntil", "waitProcess", "waitEnded", "waitAll", "waitAny", "try", "onCleanup",
    "currentProcess", "liveProcessCount", "cancelAll", "newGroup", "rootGroup", "processes", "findDeadlocks", "deadlockReport",
    -- stage
    "say", "sayFor", "walkToPoint", "walkToPointAndSignal", "walkTo", "waitArrival", "setPosition", "waypoint",
    "activate", "deactivate", "face", "dialogue", "fade", "flash", "setCameraCenter", "disableControls",
    "enableControls", "text", "image", "option", "menu", "jump", "banner", "setPlayer", "positionOf",
    "facingOf", "isLookingAt", "distance", "waitNear", "faceTowards",
}
files["scripts/Demo.lua"] = {
    std = "min",
    read_globals = sceneApi,
    globals = { "flags" }, -- scripts write their story flags into it
    allow_defined_top = true,
    ignore = { "131" }, -- scenes are globals the host reads, so "unused global" is expected
}

-- LuaLS definitions: declarations only, never run.
files["scripts/meta/"] = { ignore = { ".*" } }
color = false
