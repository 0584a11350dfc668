-- docs/SCHEDULER.md links to lines of the scheduler's files, the link text
-- naming what is there: [`name`](../scripts/wait/core.lua#L120). This keeps
-- every such link true: the linked line must contain the text shown.
-- Run from the repository root: busted --lua=lua5.1 spec

local function readLines(path)
    local lines = {}
    for line in io.lines(path) do
        lines[#lines + 1] = line
    end
    return lines
end

-- Whether `line` contains `shown` not run on into a longer name (timedWait
-- is not found in timedWaitFast).
local function containsWhole(line, shown)
    local from = 1
    while true do
        local first, last = line:find(shown, from, true)
        if not first then
            return false
        elseif not (shown:find("[%w_]$") and line:sub(last + 1, last + 1):find("^[%w_]")) then
            return true
        end
        from = first + 1
    end
end

describe("docs/SCHEDULER.md", function()
    it("every_link_to_a_line_lands_on_the_name_it_shows", function()
        local file = assert(io.open("docs/SCHEDULER.md"))
        local text = file:read("*a")
        file:close()
        local files, checked = {}, 0
        for shown, path, line in text:gmatch("%[`([^`]+)`%]%(%.%./([^)#]+)#L(%d+)%)") do
            files[path] = files[path] or readLines(path)
            local at = files[path][tonumber(line)] or ""
            assert(containsWhole(at, shown), string.format("%s:%s does not contain %q (it is: %s)", path, line,
                shown, at))
            checked = checked + 1
        end
        assert.is_true(checked >= 10, "found only " .. checked .. " links to lines")
    end)
end)
