-- Seed article 001, the archivist's dialogue tree pasted as written. Two
-- adaptations, neither a fix of the article's code: its pictures
-- ("archivist_neutral", "archivist_frown") are not shipped, so the keeper's
-- portraits stand in; the article leaves "archives", "archivist_description" and
-- "archivist_body" (--check found that option led nowhere) to the reader ("--etc"),
-- so short ones are written below. Targets are looked up when chosen, as in the
-- article: "archives" is defined after the functions that name it.
-- Run: stagehand --headless --script scripts/examples/seed001_archivist.lua --scene archivist --choose 1,1

function archivist()
    image "keeper"
    text "The archivist regards you with suspicion as you approach."
    text [["I spoke to your associate earlier and told him everything I know. There isn't anything further I can do."]]
    option("Associate?", "archivist_associate")
    if flags.seenBody then
        option("Sorry to ask again, but do you know if anyone else has been in here today? The body shows signs of having been disturbed.", "archivist_body") -- luacheck: ignore 631
    end
    option("Thank you for your assistance.", "archives")
    menu()
end

function archivist_associate()
    image "keeper_worried"
    text [["Yes, the other templar. He spent a very long time looking at the body. Something about it seemed to displease him."]] -- luacheck: ignore 631
    text [[She thinks for a moment. "Aside from the obvious."]]
    option([["Of course. Just to be clear: can you tell me what this...other templar looked like? There are several of us working on the case, and I'll need to compare our findings."]], "archivist_description") -- luacheck: ignore 631
    option("I see. Thank you, that's all I need for now.", "archives")
    menu()
end

function archivist_description()
    image "keeper"
    text [["Tall. A grey cloak, and gloves he never took off." She returns to her ledger.]]
    flags.heardDescription = true
    jump "archives"
end

function archives()
    image(nil)
    text "You step back out among the stacks. The lamps hiss; somewhere a page turns."
end

function archivist_body()
    image "keeper_worried"
    text [["Disturbed? Only the templar went near it, and he touched nothing. I watched him the whole time."]]
    jump "archives"
end
