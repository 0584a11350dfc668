--- Senders: which signal names a scene's text can ever send, so that a wait
-- on any other name is reported as a hang at once (introspection.lua) rather
-- than as "may be stuck" at the end of the run.
--
-- The host gives the scene's source text (setSceneSource; a scene is one file
-- and cannot load code). A name can be sent when a call of a sending function
-- (signal, latch, and those the stage library adds, e.g. walkToPointAndSignal)
-- names it as a string literal. Anything the text cannot tell makes every name
-- sendable: a sending function called with a computed name ("door" .. i), or
-- reached other than by a plain call (stored, passed, looked up by a string).
-- Without a source text (the scheduler loaded on its own) every name is.
local K, M = ...

local checkType = K.checkType

-- Sending function name -> which argument is the signal's name.
local senders = { signal = 1, latch = 1 }
-- false: every name may be sent; else the set of names the text sends.
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

-- The literal name of the call at tokens[i] (a sending function's name), or
-- nil when the name argument is not one readable string literal.
local function literalName(list, i, argIndex)
    local open = list[i + 1]
    if type(open) == "table" and argIndex == 1 then
        return open[1] or nil -- signal "name"
    end
    if open ~= "(" then
        return nil
    end
    local j, depth = i + 2, 0
    for _ = 2, argIndex do -- skip to the argument: past commas at depth 0
        while list[j] and not (depth == 0 and list[j] == ",") do
            local t = list[j]
            depth = depth + ((t == "(" or t == "{" or t == "[") and 1 or (t == ")" or t == "}" or t == "]") and -1 or 0)
            if depth < 0 then
                return nil
            end
            j = j + 1
        end
        j = j + 1
    end
    local literal, after = list[j], list[j + 1]
    if type(literal) == "table" and (after == "," or after == ")") then
        return literal[1] or nil
    end
    return nil
end

-- The set of names `text` sends, or false when it may send any name.
local function namesSentIn(text)
    local list, names = tokens(text), {}
    for i, t in ipairs(list) do
        if type(t) == "table" and t[1] and senders[t[1]] then
            return false -- a sending function looked up by its name
        elseif senders[t] then
            local name = literalName(list, i, senders[t])
            if not name then
                return false
            end
            names[name] = true
        end
    end
    return names
end

-- True when no code can ever send `name`: the text was given, never names it
-- in a send, and sends no computed name.
function K.neverSendable(name)
    return sendable and not sendable[name] or false
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
    return sendable or {}
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
