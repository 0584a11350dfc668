SCENES = { "bytes", "huge" }

function bytes()
    say("bob", "before\0after")
    print("bad \255 byte", "tab")
    wait(0.5)
end

function huge()
    say("bob", string.rep("x", 2 * 1024 * 1024))
end
