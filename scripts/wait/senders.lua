--- Senders: which signal names a scene's text can ever send, so that a wait
-- on any other name is reported as a hang at once (introspection.lua) rather
-- than as "may be stuck" at the end of the run.
--
-- The host reads the scene's source once (scripts/SceneSource.lua, the one
-- reader) and gives the scheduler what it found (setSendableSignals): the
-- names sent by literal (signal, latch, walkToPointAndSignal, `{signal=NAME}`
-- in a line), and the shapes of names built by concatenation whose literal
-- ends it matches (actor .. "-at-meeting" sends any name ending so). When the
-- text cannot tell (signal(name), a sender stored or passed), or when no host
-- gave anything (the scheduler loaded on its own), every name is sendable.
local K, M = ...

local ipairs = ipairs
local checkType, optionalFunction = K.checkType, K.optionalFunction

-- false: every name may be sent; else { exact = set of names, shapes = { { prefix, suffix } } }.
local sendable = false

-- The host's hang listener (setHangListener); the other parts call
-- suspectHang, which stays the same function whatever the host sets.
local hangListener = function() end

-- True when no code can ever send `name`: the text was given, sends it by no
-- literal, and builds no name that could be it.
local function neverSendable(name)
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
local function suspectHang()
    return hangListener()
end

---Host only: fn() is called when a hang may have just begun; the host then
---calls findDeadlocks() soon (fn must not raise). nil: nobody is told.
---@param fn fun()|nil
function M.setHangListener(fn)
    hangListener = optionalFunction("setHangListener", fn) or function() end
end

-- The names the scene's text sends (none known: an empty set).
local function namesTheSceneSends()
    return sendable and sendable.exact or {}
end

---Host only: the signal names the scene's text can send, as SceneSource.lua's
---`read` gives them (its `sendable`): false or nil, every name may be sent.
---@param names table|false|nil { exact = { [name] = true }, shapes = { { prefix = string, suffix = string } } }
function M.setSendableSignals(names)
    if not names then
        sendable = false
        return
    end
    checkType("setSendableSignals", "names", names, "table")
    sendable = names
end

return { neverSendable = neverSendable, suspectHang = suspectHang, namesTheSceneSends = namesTheSceneSends }
