--- tag-lines: writes a line ID ({#ID}) into every literal line of a scene
-- script that has none, so its translations and the player's memory of what
-- was read survive edits of its text (docs/API.md, "Line IDs").
--
--   lua5.1 tools/tag-lines.lua SCRIPT [--dry-run]
--
-- A line is a string literal a player reads: the text argument of dialogue,
-- text, say, sayFor, banner, option and line. Each gets `{#NAME.HASH}` before
-- its closing quote: NAME the function it is in (the scene), HASH four hex
-- digits of its text (more, or a number, when that ID is taken in the
-- file). Nothing else in the file changes, a line that has an ID keeps it,
-- and a second run changes nothing. The file is replaced at once (a temporary
-- file, then a rename). A script that uses one ID twice is not changed: both
-- lines are named and the exit status is 1.

local function folderOf(path)
    return path:match("^(.*)[/\\]") or "."
end

local root = folderOf(arg and arg[0] or "tools/tag-lines.lua") .. "/.." -- the folder that holds tools/ and scripts/
local check = dofile(root .. "/scripts/SceneSource.lua")
local api = dofile(root .. "/scripts/ApiDescription.lua")

local path, dryRun
for _, a in ipairs(arg or {}) do
    if a == "--dry-run" then
        dryRun = true
    elseif not path and a:sub(1, 2) ~= "--" then
        path = a
    else
        io.stderr:write("tag-lines: unknown argument '", a, "'\n")
        os.exit(2)
    end
end
if not path then
    io.stderr:write("usage: lua5.1 tools/tag-lines.lua SCRIPT [--dry-run]\n")
    os.exit(2)
end

local file = io.open(path, "rb")
if not file then
    io.stderr:write("tag-lines: cannot read ", path, "\n")
    os.exit(2)
end
local source = file:read("*a")
file:close()
local syntaxOk, syntaxError = loadstring(source, "@" .. path)
if not syntaxOk then
    io.stderr:write(syntaxError, "\n")
    os.exit(2)
end

local stem = (path:match("([^/\\]+)$") or path):gsub("%.[^.]*$", "")
local tagged, result = check.tagLines(source, api, stem, path)
if not tagged then
    for _, message in ipairs(result) do
        io.stderr:write(message, "\n")
    end
    os.exit(1)
end
if result > 0 and not dryRun then
    local temporary = path .. ".tagging"
    local out = io.open(temporary, "wb")
    local ok = out and out:write(tagged) and out:close()
    if not ok or not os.rename(temporary, path) then
        os.remove(temporary)
        io.stderr:write("tag-lines: cannot write ", path, "\n")
        os.exit(2)
    end
end
print(string.format("%s: %d line%s %s", path, result, result == 1 and "" or "s",
    dryRun and "would be tagged" or "tagged"))
