-- --check: a finding about an argument is at the line of the call, where
-- play's error is, even when the argument is written lines below it (each
-- scene plays to the same line: tests/CMakeLists.txt).
SCENES = { "seconds", "joined" }

function seconds()
    sayFor(
        "jackie",
        "Hello.",
        "three"
    )
end

function joined()
    text(
        "A {b}long page, "
            .. "written over two lines."
    )
end
