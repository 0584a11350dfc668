--- Senders: which signal names a scene's text can ever send, so that a wait
-- on any other name is reported as a hang at once (introspection.lua) rather
-- than as "may be stuck" at the end of the run.
--
-- The host gives the scene's source text (setSceneSource; a scene is one file
-- and cannot load code). A name can be sent when a call of a sending function
-- (signal, latch, and those the stage library adds, e.g. walkToPointAndSignal)
-- names it as a string literal, or builds it by concatenation whose literal
-- ends it matches (actor .. "-at-meeting" sends any name ending so). Anything
-- the text cannot tell makes every name sendable: a name with no literal end
-- (signal(name)), or a sending function reached other than by a plain call
-- (stored, passed, looked up by a string). Without a source text (the
-- scheduler loaded on its own) every name is.
local K, M = ...

local checkType = K.checkType

-- Sending function name -> which argument is the signal's name.
local senders = { signal = 1, latch = 1 }
-- false: every name may be sent; else what the text sends (namesSentIn).
local sendable = false

-- The scene's tokens: identifiers and punctuation as themselves, string
-- literals as { text }; comments dropped. Long strings count as a literal
-- nobody can read (a computed name).
local function tokens(text)
    local out, i, n = {}, 1, #text
    while i <= n do
        local c = text:sub(i, i)
        if c:match("%s") then
            i = i + 1
        elseif text:sub(i, i + 1) == "--" then
            local level = text:match("^%[(=*)%[", i + 2)
            if level then
                local close = text:find("]" .. level .. "]", i, true)
                i = close and close + #level + 2 or n + 1
            else
                i = (text:find("\n", i, true) or n) + 1
            end
        elseif c == "[" and text:match("^%[=*%[", i) then
            local level = text:match("^%[(=*)%[", i)
            local close = text:find("]" .. level .. "]", i, true)
            out[#out + 1] = { false } -- a long string: its text is not parsed
            i = close and close + #level + 2 or n + 1
        elseif c == '"' or c == "'" then
            local j, parts = i + 1, {}
            while j <= n and text:sub(j, j) ~= c do
                if text:sub(j, j) == "\\" then
                    parts = false -- an escape: treat as unreadable (conservative)
                    j = j + 1
                elseif parts then
                    parts[#parts + 1] = text:sub(j, j)
                end
                j = j + 1
            end
            out[#out + 1] = { parts and table.concat(parts) }
            i = j + 1
        elseif c == "." and text:sub(i + 1, i + 1) == "." then
            local dots = text:match("^%.%.%.?", i) -- concatenation or vararg
            out[#out + 1] = dots
            i = i + #dots
        elseif c:match("[%a_]") then
            local word = text:match("^[%w_]+", i)
            out[#out + 1] = word
            i = i + #word
        else
            out[#out + 1] = c
            i = i + 1
        end
    end
    return out
end

-- The tokens of argument `argIndex` of the call at list[i] (a sending
-- function's name), or nil when the call is not a plain one.
local function argumentTokens(list, i, argIndex)
    local open = list[i + 1]
    if type(open) == "table" and argIndex == 1 then
        return { open } -- signal "name"
    end
    if open ~= "(" then
        return nil
    end
    local j, depth, arg, index = i + 2, 0, {}, 1
    while list[j] do
        local t = list[j]
        if depth == 0 and (t == "," or t == ")") then
            if index == argIndex then
                return arg
            end
            if t == ")" then
                return nil
            end
            index = index + 1
        elseif index == argIndex then
            arg[#arg + 1] = t
        end
        depth = depth + ((t == "(" or t == "{" or t == "[") and 1 or (t == ")" or t == "}" or t == "]") and -1 or 0)
        j = j + 1
    end
    return nil
end

-- Tokens of the operators that bind less tightly than `..` (comparisons are
-- single characters to the tokenizer).
local LOWER_THAN_CONCAT = { ["and"] = true, ["or"] = true, ["="] = true, ["<"] = true, [">"] = true, ["~"] = true }

-- What a name argument can be: { exact = "door" }, or for a concatenation
-- whose ends are literals ({ prefix, suffix }, e.g. actor .. "-at-meeting");
-- nil when nothing is known. Pieces split at `..` outside brackets.
local function nameShape(arg)
    if not arg or #arg == 0 then
        return nil
    end
    local pieces, piece, depth = {}, {}, 0
    for _, t in ipairs(arg) do
        if depth == 0 and LOWER_THAN_CONCAT[t] then
            return nil -- ("a" .. x) and y may be y: only a concatenation's ends are known
        elseif t == ".." and depth == 0 then
            pieces[#pieces + 1], piece = piece, {}
        else
            piece[#piece + 1] = t
            depth = depth + ((t == "(" or t == "{" or t == "[") and 1 or (t == ")" or t == "}" or t == "]") and -1 or 0)
        end
    end
    pieces[#pieces + 1] = piece
    local function literal(k) -- piece k's text if it is one readable literal
        local p = pieces[k]
        return p and #p == 1 and type(p[1]) == "table" and p[1][1] or nil
    end
    local prefix, first = {}, 1
    while literal(first) do
        prefix[#prefix + 1], first = literal(first), first + 1
    end
    if first > #pieces then
        return { exact = table.concat(prefix) }
    end
    local suffix, last = {}, #pieces
    while literal(last) do
        table.insert(suffix, 1, literal(last))
        last = last - 1
    end
    if #prefix == 0 and #suffix == 0 then
        return nil
    end
    return { prefix = table.concat(prefix), suffix = table.concat(suffix) }
end

-- What `text` sends: { exact = set of names, shapes = list of {prefix,
-- suffix} }, or false when it may send any name.
local function namesSentIn(text)
    local list, exact, shapes = tokens(text), {}, {}
    for i, t in ipairs(list) do
        if type(t) == "table" and t[1] then
            for name in t[1]:gmatch("{signal=([%w_%.%-]+)}") do
                exact[name] = true -- a line's text sends it when the typewriter gets there
            end
        end
        if type(t) == "table" and t[1] and senders[t[1]] then
            return false -- a sending function looked up by its name
        elseif senders[t] then
            local shape = nameShape(argumentTokens(list, i, senders[t]))
            if not shape then
                return false
            elseif shape.exact then
                exact[shape.exact] = true
            else
                shapes[#shapes + 1] = shape
            end
        end
    end
    return { exact = exact, shapes = shapes }
end

-- True when no code can ever send `name`: the text was given, sends it by no
-- literal, and builds no name that could be it.
function K.neverSendable(name)
    if not sendable or sendable.exact[name] then
        return false
    end
    for _, shape in ipairs(sendable.shapes) do
        local p, s = shape.prefix, shape.suffix
        if #name >= #p + #s and name:sub(1, #p) == p and (s == "" or name:sub(-#s) == s) then
            return false
        end
    end
    return true
end

-- Tells the host a hang may have begun (a wait on a name no code sends, a
-- pause), so it looks at once instead of at its next periodic check.
function K.suspectHang() end

---Host only: fn() is called when a hang may have just begun; the host then
---calls findDeadlocks() soon (fn must not raise). nil: nobody is told.
---@param fn fun()|nil
function M.setHangListener(fn)
    K.suspectHang = K.optionalFunction("setHangListener", fn) or function() end
end

-- The names the scene's text sends (none known: an empty set).
function K.namesTheSceneSends()
    return sendable and sendable.exact or {}
end

---Host only: the scene's source text, read for the signal names it can send.
---nil forgets it (every name is then sendable).
---@param text string|nil
function M.setSceneSource(text)
    if text == nil then
        sendable = false
        return
    end
    checkType("setSceneSource", "text", text, "string")
    sendable = namesSentIn(text)
end

---Host only: `name` sends the signal named by its argument `argIndex` (the
---stage library's walkToPointAndSignal). Call before setSceneSource.
---@param name string
---@param argIndex integer
function M.addSignalSender(name, argIndex)
    checkType("addSignalSender", "name", name, "string")
    checkType("addSignalSender", "argIndex", argIndex, "number")
    senders[name] = argIndex
end
