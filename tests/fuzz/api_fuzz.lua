-- A seeded fuzzer of the scene API: many processes call random stage and
-- scheduler functions with random, often wrong-typed, arguments. Every call
-- is made in pcall; the run must end by itself with no crash, no hang and
-- no runaway memory (tests/CMakeLists.txt runs it with several seeds).
SCENES = { "fuzz" }

local names = {
    "runProcess", "wait", "waitSeconds", "waitFrames", "waitSignal", "waitSignalTimeout", "signal", "latch",
    "unlatch", "isLatched", "waitUntil", "waitProcess", "waitEnded", "waitAll", "waitAny", "try", "onCleanup",
    "currentProcess", "liveProcessCount", "newGroup", "rootGroup", "processes", "findDeadlocks",
    "deadlockReport", "say", "sayFor", "walkToPoint", "walkToPointAndSignal", "walkTo", "waitArrival",
    "setPosition", "waypoint", "activate", "deactivate", "face", "fade", "flash", "setCameraCenter",
    "disableControls", "enableControls", "banner", "setPlayer", "positionOf", "facingOf", "isLookingAt",
    "distance", "waitNear", "faceTowards", "print", "isWalking",
}
local actors = { "jackie", "jon", "kayla", "colin", "nobody", "" }
local handles = {}

local function randomValue(depth)
    local kind = math.random(14)
    if kind == 1 then return nil
    elseif kind == 2 then return math.random() * 4
    elseif kind == 3 then return -math.random(5)
    elseif kind == 4 then return 0 / 0
    elseif kind == 5 then return math.huge
    elseif kind == 6 then return actors[math.random(#actors)]
    elseif kind == 7 then return "forest.jackie_stop"
    elseif kind == 8 then return { x = math.random(-200, 200), y = math.random(-200, 200) }
    elseif kind == 9 then return string.char(math.random(0, 255), math.random(0, 255), 0xff)
    elseif kind == 10 then return true
    elseif kind == 11 then return handles[math.random(math.max(1, #handles))]
    elseif kind == 12 and depth < 2 then return function() return randomValue(depth + 1) end
    elseif kind == 13 then return rootGroup()
    end
    return setmetatable({}, { __tostring = function() error("tostring trap") end })
end

local function randomCall()
    local name = names[math.random(#names)]
    local fn = _G[name]
    local args = {}
    for i = 1, math.random(0, 4) do
        args[i] = randomValue(0)
    end
    local ok, result = pcall(fn, unpack(args, 1, 4))
    if ok and type(result) == "table" and getmetatable(result) == "Process" then
        handles[#handles + 1] = result
    end
end

local function worker(steps)
    for _ = 1, steps do
        randomCall()
        if math.random(4) == 1 then
            waitFrames(math.random(3))
        end
    end
end

function fuzz()
    for _ = 1, 24 do
        runProcess(worker, 400)
    end
    worker(400)
end
