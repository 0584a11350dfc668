-- A small scene for the string-table tests (tests/test_tables.cpp and
-- tests/LangChecks.cmake): each kind of line, a line() template, explicit
-- and automatic IDs, and a signal in a line's markup.
function greeting()
    runProcess(function()
        waitSignal("bell")
        banner("The bell rings.{#greet.bell}", 1)
    end)
    dialogue("jackie", "Good morning.{#greet.morning}")
    say("jon", "Hello there.{#greet.hello}", 1)
    text("The path goes on.")
    dialogue("jackie", line("You have {count} apples.{#greet.apples}", { count = 3 }))
    dialogue("jackie", "Listen{signal=bell} now.{#greet.listen}")
    option("Go on.{#greet.go}", "greeting_end")
    option("Stay.{#greet.stay}", "greeting_end")
    menu()
end

function greeting_end()
    text("Untranslated to the end.{#greet.end}")
end
