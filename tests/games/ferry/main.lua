-- The Ferry: a story in two chapters and three files (tests: issue 61).
-- main.lua lists the chapters; people.lua says how people talk; the
-- chapters are in chapters/.
local people = require("people")
require("chapters.crossing")
require("chapters.landing")

SCENES = {
    { name = "crossing", title = "The crossing" },
    { name = "landing", title = "The landing" },
}

-- The same table every time: a module runs once.
assert(require("people") == people)
