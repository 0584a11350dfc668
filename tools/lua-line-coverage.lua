-- Which lines of which chunks a plain Lua 5.1 run executes, for tools/coverage.sh.
-- Loaded before anything else through LUA_INIT="@tools/lua-line-coverage.lua"; writes
-- "chunk<TAB>line" rows to $STAGEHAND_LUA_COVERAGE_DIR/lua-plain-<random>.txt when the run ends.
-- Coroutines copy the hook of the thread that creates them (PUC Lua 5.1), so one hook sees them all.
local dir = os.getenv("STAGEHAND_LUA_COVERAGE_DIR")
if not dir or dir == "" or not debug or not debug.sethook then return end

local getinfo, linesRun = debug.getinfo, {}

local function record(_, line)
    local info = getinfo(2, "S")
    local chunk = info and info.source
    if not chunk then return end
    local lines = linesRun[chunk]
    if not lines then
        lines = {}
        linesRun[chunk] = lines
    end
    lines[line] = true
end

local written = false
local function write()
    if written then return end
    written = true
    debug.sethook()
    math.randomseed(os.time() + math.floor(os.clock() * 1e6))
    local name = string.format("%s/lua-plain-%d-%d.txt", dir, math.random(1, 2 ^ 30), math.random(1, 2 ^ 30))
    local out = io.open(name, "w")
    if not out then return end
    for chunk, lines in pairs(linesRun) do
        for line in pairs(lines) do out:write(chunk, "\t", line, "\n") end
    end
    out:close()
end

-- os.exit leaves without closing the state, so it writes first; a normal end closes the state,
-- which collects the sentinel below.
local exit = os.exit
os.exit = function(...) -- luacheck: ignore 122
    write()
    return exit(...)
end
if newproxy then
    local sentinel = newproxy(true)
    getmetatable(sentinel).__gc = write
    _G["\0coverage sentinel"] = sentinel
end
debug.sethook(record, "l")
