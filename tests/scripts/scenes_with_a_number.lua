-- SCENES must list scene names; a number in it is named as such.
function intro() end

SCENES = { "intro", 2 }
