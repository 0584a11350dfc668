-- The overflow report (tests/LangChecks.cmake): in English every line fits; the
-- pseudo-language's longer text overflows the dialogue box with the two-line
-- line; the French table's banner is wider than the view.
function overflow()
    dialogue("jackie", "Short.{#o.short}")
    dialogue("jackie", "This line takes two lines of the dialogue box in English, beside the portrait of whoever "
        .. "speaks, and more once it is longer.{#o.long}")
    say("jon", "A bubble.{#o.bubble}")
    option("An option.{#o.option}", "overflow")
    banner("The end.{#o.banner}")
end
