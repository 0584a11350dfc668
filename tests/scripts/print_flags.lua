-- Reports the flags it started with, as an error line the CLI test can read.
function scene()
    error(string.format("flags: %s %s, %s %s, %s", type(flags.a), tostring(flags.a), type(flags.n), tostring(flags.n),
        tostring(flags.who)))
end
