-- Text in every script the game shapes (tests/test_shaping.cpp, the shaping
-- screenshots): Arabic joining right to left with a number and a Latin name in
-- it, Hebrew, Japanese that wraps between characters, Devanagari conjuncts.
SCENES = {
    { name = "arabicLine", title = "Arabic in the dialogue box" },
    { name = "japaneseLine", title = "Japanese in the dialogue box" },
    { name = "bubbles", title = "Bubbles in four scripts" },
    { name = "hebrewMenu", title = "A menu in Hebrew" },
    { name = "arabicTyped", title = "Arabic typed letter by letter" },
    { name = "japaneseTyped", title = "Japanese typed letter by letter" },
    { name = "markedLines", title = "Markup across shaped runs" },
}

function arabicLine()
    setCameraCenter(waypoint("porch.camera"))
    activate("george")
    dialogue("george", "{instant}مرحبا يا صديقي، وصل George في الساعة 2024 إلى البيت القديم قرب البحر.{/instant}")
end

function japaneseLine()
    setCameraCenter(waypoint("porch.camera"))
    activate("george")
    dialogue("george", "{instant}はしごが見当たらない。春からずっと物置の裏に立てかけてあったはずなのに、今朝になって急に消えてしまった。{/instant}")
end

function bubbles()
    setCameraCenter(waypoint("porch.camera"))
    activate("george")
    activate("bob")
    say("george", "سلام عليكم 42")
    say("bob", "नमस्ते, क्षमा कीजिए")
    wait(5)
end

function hebrewMenu()
    setCameraCenter(waypoint("porch.camera"))
    activate("george")
    option("שלום, מה שלומך?", "hebrewMenu")
    option("ספר לי על 1984", "hebrewMenu")
    option("Latin stays left", "hebrewMenu")
    menu()
end

function arabicTyped()
    setCameraCenter(waypoint("porch.camera"))
    dialogue("george", "قال صديقي إن السلم اختفى منذ 3 أيام، ثم وجده George خلف المخزن القديم عند البحر.")
end

function japaneseTyped()
    setCameraCenter(waypoint("porch.camera"))
    dialogue("george", "はしごが見当たらない。春からずっと物置の裏に立てかけてあったはずなのに、今朝になって急に消えてしまった。")
end

function markedLines()
    setCameraCenter(waypoint("porch.camera"))
    activate("george")
    activate("bob")
    say("bob", "שלום! הסולם נעלם ב-3 במאי.")
    dialogue("george", "{instant}مرحبا {size=+10}{color=#f0b050}يا صديقي{/color}{/size} {wave}الموج{/wave}\nनमस्ते, क्षमा कीजिए — मैं {b}हिन्दी{/b} बोलता हूँ।{/instant}")
end
