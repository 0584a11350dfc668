--- The conformance suite under plain Lua (issue 25).
--
--   lua5.1 tests/conformance/run.lua            every area
--   luajit tests/conformance/run.lua errors     only errors.lua (any list of area names)
--
-- Prints one summary line per area and one line per failing check (starting
-- with "FAIL "), and exits 1 if any check failed. RunInScene.cmake runs the
-- same area files inside a scene, where SANDBOXED is true.

-- Every area file, in the order they run. Conformance.cmake refuses a file
-- of this folder missing from this list.
local AREAS = {
    "closures", "calls", "varargs", "coroutines", "tables", "sort", "metatables", "errors", "strings",
    "patterns", "math",
}

local dir = arg[0]:match("^(.*)[/\\][^/\\]*$") or "."
SANDBOXED = false
dofile(dir .. "/checker.lua")

local chosen = AREAS
if #arg > 0 then
    chosen = { unpack(arg, 1, #arg) }
end

local failed = 0
for _, area in ipairs(chosen) do
    conformanceBegin(area)
    local chunk, loadError = loadfile(dir .. "/" .. area .. ".lua")
    if not chunk then
        conformanceFail("does not load: " .. loadError)
    else
        local ok, message = pcall(chunk)
        if not ok then
            conformanceFail("raised outside any section: " .. tostring(message))
        end
    end
    local failures, checks, skips = conformanceResults()
    print(("%s: %d checks, %d failed, %d skipped"):format(area, checks, #failures, #skips))
    for _, line in ipairs(failures) do
        print("FAIL " .. line)
    end
    failed = failed + #failures
end
if failed > 0 then
    print(("%d failed"):format(failed))
    os.exit(1)
end
