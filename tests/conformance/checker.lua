--- The conformance suite's checker (issue 25).
--
-- Plain Lua 5.1 that needs nothing a scene's sandbox removes: it runs under
-- stock lua5.1 and luajit (run.lua loads it with dofile) and inside a scene
-- (RunInScene.cmake pastes it at the top of a generated scene script). Each
-- area file (closures.lua, errors.lua, ...) is a plain chunk of `section`s
-- whose checks compare exact values.
--
-- Globals it defines:
--   pack(...)                          -> { n = select("#", ...), ... }
--   section(name, fn)                  runs fn; an error it raises is one failure, the rest go on
--   check(name, got, expected)         got and expected are the same value (NaN equals NaN here)
--   checkList(name, got, expected)     two pack()ed lists: the same count and the same values
--   checkOneOf(name, got, choices)     got is one of the values in the list `choices` (VM differences)
--   checkError(name, message, fn, ...) pcall(fn, ...) returns exactly false, message
--   unsandboxed(reason)                true outside a scene; inside one (SANDBOXED) false, and the
--                                      skip is listed with its reason (the documented differences)
--   conformanceBegin(area), conformanceFail(text), conformanceResults()
--                                      for the runners: start an area, record a failure outside
--                                      any check, read the area's failures, count and skips

local failures, skips, checks = {}, {}, 0
local areaName, sectionName = "?", false

local function escapeByte(c)
    local named = { ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t", ["\\"] = "\\\\", ['"'] = '\\"' }
    return named[c] or ("\\%03d"):format(c:byte())
end

-- One line for any value: strings quoted with every control, quote, backslash
-- and non-ASCII byte escaped, numbers with all their digits.
local function show(v)
    local kind = type(v)
    if kind == "string" then
        local body = v:sub(1, 200):gsub('[%c"\\\128-\255]', escapeByte)
        if #v > 200 then
            return '"' .. body .. '"... (' .. #v .. " bytes)"
        end
        return '"' .. body .. '"'
    elseif kind == "number" then
        if v ~= v then
            return "nan"
        end
        return ("%.17g"):format(v)
    elseif kind == "table" and rawget(v, "n") and type(rawget(v, "n")) == "number" then
        local parts = {}
        for i = 1, v.n do
            parts[i] = show(v[i])
        end
        return "(" .. v.n .. " values: " .. table.concat(parts, ", ") .. ")"
    end
    return tostring(v) .. " (" .. kind .. ")"
end

local function label(name)
    if sectionName then
        return areaName .. ": " .. sectionName .. ": " .. name
    end
    return areaName .. ": " .. name
end

local function same(a, b)
    if type(a) == "number" and type(b) == "number" and a ~= a and b ~= b then
        return true -- NaN: the check is about a NaN result
    end
    return rawequal(a, b)
end

function pack(...)
    return { n = select("#", ...), ... }
end

function conformanceFail(text)
    failures[#failures + 1] = label(text)
end

local function fail(name, got, expected)
    conformanceFail(name .. ": got " .. show(got) .. ", expected " .. show(expected))
end

function check(name, got, expected)
    checks = checks + 1
    if not same(got, expected) then
        fail(name, got, expected)
    end
end

function checkList(name, got, expected)
    checks = checks + 1
    local ok = got.n == expected.n
    for i = 1, expected.n do
        ok = ok and same(got[i], expected[i])
    end
    if not ok then
        fail(name, got, expected)
    end
end

function checkOneOf(name, got, choices)
    checks = checks + 1
    for _, choice in ipairs(choices) do
        if same(got, choice) then
            return
        end
    end
    local shown = {}
    for i, choice in ipairs(choices) do
        shown[i] = show(choice)
    end
    conformanceFail(name .. ": got " .. show(got) .. ", expected one of " .. table.concat(shown, " or "))
end

function checkError(name, message, fn, ...)
    checkList(name, pack(pcall(fn, ...)), pack(false, message))
end

function section(name, fn)
    sectionName = name
    local ok, message = pcall(fn)
    if not ok then
        conformanceFail("raised " .. show(message) .. " (the rest of this section did not run)")
    end
    sectionName = false
end

function unsandboxed(reason)
    if SANDBOXED then
        skips[#skips + 1] = label(reason)
        return false
    end
    return true
end

function conformanceBegin(area)
    areaName, sectionName = area, false
    failures, skips, checks = {}, {}, 0
end

function conformanceResults()
    return failures, checks, skips
end
