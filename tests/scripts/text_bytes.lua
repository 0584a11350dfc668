SCENES = { "bytes", "huge", "edge" }

function bytes()
    say("bob", "before\0after")
    print("bad \255 byte", "tab")
    wait(0.5)
end

function huge()
    say("bob", string.rep("x", 2 * 1024 * 1024))
end

-- The limit itself: 1 MiB is taken, one byte more is refused.
function edge()
    local atLimit = pcall(say, "bob", string.rep("x", 1024 * 1024))
    local onePast, err = pcall(say, "bob", string.rep("x", 1024 * 1024 + 1))
    print("at the limit", tostring(atLimit), "one past", tostring(onePast), err)
end
