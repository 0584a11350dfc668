-- --check: markup errors in literal strings, in the words of the call's error;
-- a line's {signal=NAME} counts as sending NAME.
SCENES = { "scene" }

function scene()
    runProcess(function()
        waitSignal("knock")
    end)
    dialogue("jon", "Who is {wiggle}there{/wiggle}?")
    text("jon", "{b}Nobody.")
    say("jon", "Wait{w=1} for it")
    option("{color=red}Red{/color}", "scene")
    banner("{size=+4}Big{/size} and {shake}fine{/shake}")
    dialogue("jon", "At the {signal=knock}door, {color=#f80}orange{/color} and {{braced}.{#jon.door}")
    menu()
end
