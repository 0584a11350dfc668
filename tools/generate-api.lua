-- Writes docs/API.md's function tables, scripts/meta/stagehand.lua's
-- definitions and .luacheckrc's list of scene names from
-- scripts/ApiDescription.lua, the one description of the
-- scene API. Only the marked regions are written; the prose around them is
-- kept as it is.
--
--   lua5.1 tools/generate-api.lua [ROOT]           rewrite the files
--   lua5.1 tools/generate-api.lua --check [ROOT]   exit 1 if they differ (a ctest)
--
-- Plain Lua 5.1 (lua5.1 or luajit): no engine needed.

local checkOnly = arg[1] == "--check"
local root = arg[checkOnly and 2 or 1] or "."
local api = dofile(root .. "/scripts/ApiDescription.lua")

local function readFile(path)
    local file = assert(io.open(path, "rb"))
    local text = file:read("*a")
    file:close()
    return text
end

-- Replaces what lies between `open` and `close` in text; fails loudly when
-- a marker is missing, so a region cannot silently stop being generated.
local function replaceRegion(text, path, open, close, body)
    local first, openEnd = text:find(open, 1, true)
    local closeStart = first and text:find(close, openEnd, true)
    if not closeStart then
        error(string.format("%s: missing the markers %s ... %s", path, open, close), 0)
    end
    return text:sub(1, openEnd) .. "\n" .. body .. text:sub(closeStart)
end

local HANDLE = { Process = "p", Group = "g", Sound = "sound" } -- how docs/API.md names a handle

local function isPlainType(t)
    return t:match("^[%a_][%w_]*$") ~= nil
end

-- `say(actor, text [, seconds]) -> Process`, `fade(kind [, seconds = 1])`: the docs' name for a call.
local function docSignature(entry, withReturns)
    if entry.signature then
        return entry.signature
    end
    local parts, optional = {}, {}
    for _, param in ipairs(entry.params) do
        if param.opt then
            -- The described default is what play takes for a left-out argument
            -- (a test holds play to it), so the docs show the same value.
            local default = param.default
            optional[#optional + 1] = param.name .. (default == nil and ""
                or " = " .. (type(default) == "string" and '"' .. default .. '"' or tostring(default)))
        else
            parts[#parts + 1] = param.name
        end
    end
    local list = table.concat(parts, ", ")
    for _, name in ipairs(optional) do
        list = list .. (list == "" and "[" or " [, ") .. name .. "]"
    end
    list = list:gsub("%]%s%[, ", ", ") -- "[a] [, b]" reads as "[a, b]"
    local call = (entry.of and HANDLE[entry.of] .. ":" or "") .. entry.name .. "(" .. list .. ")"
    local shown = {}
    for _, r in ipairs(withReturns and entry.returns or {}) do
        if r[2] == "..." then
            shown = {} -- "any number of values": the doc text says which
            break
        elseif r[2] then
            shown[#shown + 1] = r[2]
        elseif isPlainType(r[1]) then
            shown[#shown + 1] = r[1]
        else
            shown = {} -- an enum or a union: the doc text says it better
            break
        end
    end
    return #shown > 0 and call .. " -> " .. table.concat(shown, ", ") or call
end

local function sectionTable(section)
    local rows = { "| " .. table.concat(section.header, " | ") .. " |",
        "|" .. string.rep("---|", #section.header) }
    local columns = section.columns or { "doc" }
    for _, entry in ipairs(api.functions) do
        if entry.section == section.name and not entry.inProse then
            local cell = "`" .. docSignature(entry, not section.columns) .. "`"
            if entry.joinRow then
                rows[#rows] = rows[#rows]:gsub("^| (.-) |", function(first)
                    return "| " .. first .. entry.joinRow .. cell .. " |"
                end, 1)
            else
                local row = { cell }
                for _, column in ipairs(columns) do
                    row[#row + 1] = entry[column] or ""
                end
                rows[#rows + 1] = ("| " .. table.concat(row, " | ") .. " |"):gsub("  |", " |")
            end
        end
    end
    return table.concat(rows, "\n") .. "\n"
end

local function metaType(param)
    local t = api.types[param.type]
    if not t then
        error(string.format("ApiDescription.lua: %s has a parameter of unknown type '%s'", param.name, param.type), 0)
    end
    return t.lua .. (param.orNil and "|nil" or "")
end

local function metaFunction(entry, out)
    local doc = entry.doc
    if entry.resumes then
        doc = "Resumes " .. entry.resumes .. "; returns " .. entry.gives .. "."
    end
    if doc and doc ~= "" then
        out[#out + 1] = "---" .. doc
    end
    local names = {}
    for _, param in ipairs(entry.params) do
        local name = param.name .. (param.opt and "?" or "")
        out[#out + 1] = "---@param " .. name .. " " .. metaType(param)
        names[#names + 1] = param.name
    end
    for _, r in ipairs(entry.returns) do
        out[#out + 1] = "---@return " .. r[1] .. (r[2] and " " .. r[2] or "")
    end
    local owner = entry.of and entry.of .. ":" or ""
    out[#out + 1] = "function " .. owner .. entry.name .. "(" .. table.concat(names, ", ") .. ") end"
end

local function metaBody()
    local out = {}
    for _, class in ipairs({ "Process", "Group", "Sound", "Line" }) do
        out[#out + 1] = "---@class " .. class
        out[#out + 1] = "local " .. class .. " = {}"
        for _, entry in ipairs(api.functions) do
            if entry.of == class then
                metaFunction(entry, out)
            end
        end
        out[#out + 1] = ""
    end
    for _, section in ipairs(api.sections) do
        out[#out + 1] = "-- " .. section.name .. " " .. string.rep("-", 74 - #section.name)
        out[#out + 1] = ""
        for _, entry in ipairs(api.functions) do
            if entry.section == section.name and not entry.of and not entry.standard then
                metaFunction(entry, out)
            end
        end
        out[#out + 1] = ""
    end
    return table.concat(out, "\n")
end

local outputs = {}

local docsPath = root .. "/docs/API.md"
local docs = readFile(docsPath)
for _, section in ipairs(api.sections) do
    if section.header then
        docs = replaceRegion(docs, docsPath, "<!-- api:" .. section.name .. " -->",
            "<!-- /api:" .. section.name .. " -->", sectionTable(section))
    end
end
outputs[#outputs + 1] = { path = docsPath, text = docs }

local metaPath = root .. "/scripts/meta/stagehand.lua"
local meta = replaceRegion(readFile(metaPath), metaPath, "-- <api generated from scripts/ApiDescription.lua>",
    "-- </api>", metaBody())
outputs[#outputs + 1] = { path = metaPath, text = meta }

-- .luacheckrc's list of the names a scene file may read.
local function luacheckNames()
    local lines, line = {}, "   "
    for _, entry in ipairs(api.functions) do
        if not entry.of and not entry.standard then
            local word = ' "' .. entry.name .. '",'
            if #line + #word > 116 then
                lines[#lines + 1] = line
                line = "   "
            end
            line = line .. word
        end
    end
    lines[#lines + 1] = line
    return table.concat(lines, "\n") .. "\n    "
end
local luacheckPath = root .. "/.luacheckrc"
outputs[#outputs + 1] = { path = luacheckPath, text = replaceRegion(readFile(luacheckPath), luacheckPath,
    "-- <api generated from scripts/ApiDescription.lua>", "-- </api>", luacheckNames()) }

local stale = 0
for _, output in ipairs(outputs) do
    if readFile(output.path) ~= output.text then
        if checkOnly then
            stale = stale + 1
            io.stderr:write(output.path .. " differs from scripts/ApiDescription.lua: run "
                .. "`lua5.1 tools/generate-api.lua` and commit the result\n")
        else
            local file = assert(io.open(output.path, "wb"))
            file:write(output.text)
            file:close()
            print("wrote " .. output.path)
        end
    end
end
os.exit(stale == 0 and 0 or 1)
