--- Demo.lua: the scenes of the Stagehand demo. Edit this file to author your own.
--
-- A scene is a global function; SCENES lists them as the story's chapters, in order.
-- Scene functions run as processes (coroutines): wait(), waitSignal() and the
-- other waits pause only the process that calls them, never the game.
-- The stage API and the scheduler API are documented in docs/API.md.

SCENES = {
    { name = "conversation", title = "George and Bob: the missing ladder" },
    { name = "openingScene", title = "The forest: a picnic interrupted" },
    { name = "handshake", title = "The dock: two tracks meet" },
    { name = "lighthouse", title = "The lighthouse: a page torn from the log (choose your questions)" },
    { name = "harbour", title = "The harbour: walk up to Pell (arrow keys or WASD)" },
}

---------------------------------------------------------------------------
-- Sound: the sounds are assets/audio/NAME.ogg or .wav (tools/make-audio.py
-- makes them). Footsteps follow an actor for as long as it walks.
---------------------------------------------------------------------------

local function footsteps(actor)
    runProcess(function()
        waitFrames(1) -- the walk starts on the caller's next line
        while isWalking(actor) do
            playSound("footstep", { at = actor, volume = 0.3 })
            wait(0.38)
        end
    end):setName(actor .. "'s footsteps")
end

---------------------------------------------------------------------------
-- (a) George and Bob: two processes that take turns by signalling each other.
---------------------------------------------------------------------------

-- Each line is a bubble held for 2.8 seconds (a literal text argument of
-- sayFor, so tools/tag-lines.lua and the string tables find it).
local TURN = 2.8

local function georgeTrack()
    face("george", "right")
    sayFor("george", "Bob. The ladder. {b}Where{/b} did it go?{#georgeTrack.1344}", TURN)
    signal("bob's turn")
    waitSignal("george's turn")
    sayFor("george", "It was leaning on the shed this morning.{#georgeTrack.f221}", TURN)
    signal("bob's turn")
    waitSignal("george's turn")
    sayFor("george", "I'm asking you, because you've got {color=#e05a3a}paint{/color} on your boots."
        .. "{#georgeTrack.8df1}", TURN)
    signal("bob's turn")
    waitSignal("george's turn")
    sayFor("george", "Put it back before dinner and I'll say no more.{#georgeTrack.e554}", TURN)
    signal("bob's turn")
end

local function bobTrack()
    face("bob", "left")
    waitSignal("bob's turn")
    sayFor("bob", "Ladder? I haven't seen a ladder since spring.{#bobTrack.8249}", TURN)
    signal("george's turn")
    waitSignal("bob's turn")
    sayFor("bob", "Then the shed must have it. Ask the shed.{#bobTrack.4016}", TURN)
    signal("george's turn")
    waitSignal("bob's turn")
    face("bob", "down")
    sayFor("bob", "...It's a {i}very{/i} nice ladder. The gutters look great, by the way.{#bobTrack.b255}", TURN)
    face("bob", "left")
    signal("george's turn")
    waitSignal("bob's turn")
    sayFor("bob", "Deal. Is dinner at six?{#bobTrack.0820}", TURN)
end

function conversation()
    setCameraCenter(waypoint("porch.camera"))
    activate("george")
    activate("bob")
    playMusic("music_porch", { fade = 1.5, volume = 0.55 })
    setBlip("george", "blip_low", { pitch = 0.9, volume = 0.5 })
    setBlip("bob", "blip_mid", { pitch = 1.1, volume = 0.5 })
    -- Bob starts first so he is already waiting when George hands him the turn.
    local bob = runProcess(bobTrack):setName("bob's lines")
    local george = runProcess(georgeTrack):setName("george's lines")
    waitAll(george, bob)
    footsteps("bob")
    walkTo("bob", "porch.shed")
    playSound("door", { at = "bob", volume = 0.8 })
    say("bob", "{wave}Ladder's back!{/wave}{#conversation.e3af}", 2)
    stopMusic(2)
end

---------------------------------------------------------------------------
-- (b) The forest: the article's opening scene, in our own words.
---------------------------------------------------------------------------

-- Lines kept in a table and said later: line() marks each as a line a player
-- reads, so the tagger names it and the string tables translate it.
local colinSays = {
    line("Is he a real wizard?{#openingScene.colin.1}"),
    line("I want a sandwich.{#openingScene.colin.2}"),
    line("Can he do a card trick?{#openingScene.colin.3}"),
    line("Bet I can run faster than him.{#openingScene.colin.4}"),
}

local kaylaSays = {
    line("His hat is taller than Dad!{#openingScene.kayla.1}"),
    line("Look, a beetle!{#openingScene.kayla.2}"),
    line("Can we keep him?{#openingScene.kayla.3}"),
    line("My shoes are full of grass.{#openingScene.kayla.4}"),
}

-- Chatter forever at random intervals; runs alongside everything else.
local function chatter(actor, lines)
    while true do
        wait(1 + math.random(6))
        sayFor(actor, lines[math.random(#lines)], 2.5)
    end
end

function openingScene()
    disableControls()
    setCameraCenter(waypoint("forest.camera_start"))
    for _, name in ipairs({ "jackie", "jon", "kayla", "colin" }) do
        activate(name)
        setPosition(name, waypoint("forest." .. name .. "_start"))
    end
    playMusic("ambience_forest", { fade = 2, volume = 0.6 })
    setBlip("jackie", "blip_mid", { pitch = 1.15, volume = 0.5 })
    setBlip("jon", "blip_low", { volume = 0.5 })
    setBlip("vesper", "blip_high", { pitch = 0.7, volume = 0.45 })
    setBlip("kayla", "blip_high", { pitch = 1.35, volume = 0.35 })
    setBlip("colin", "blip_high", { pitch = 1.2, volume = 0.35 })
    footsteps("jackie")
    footsteps("jon")

    walkToPointAndSignal("jackie", "jackie-arrived", waypoint("forest.jackie_stop"))
    walkToPoint("jon", waypoint("forest.jon_stop"))
    walkToPoint("kayla", waypoint("forest.kayla_stop"))
    walkToPoint("colin", waypoint("forest.colin_stop"))
    -- Open close on the family coming up the hill; pull back to the whole
    -- clearing as they arrive.
    zoomCamera(1.35, 0)
    moveCamera("jackie", 0)
    followCamera("jackie", 140)

    waitSignal("jackie-arrived")
    moveCamera("forest.camera_start", 2)
    zoomCamera(1, 2)
    face("jackie", "down")
    dialogue("jackie", "Here. We'll spread the blanket by the old oak.{#openingScene.585a}")

    flash(0.9)
    shakeCamera(7, 0.5)
    playSound("shimmer", { at = "vesper", volume = 0.7 })
    activate("vesper")
    for _, name in ipairs({ "jackie", "jon", "kayla", "colin" }) do
        face(name, "right")
    end
    face("vesper", "left")
    -- Push in on the stranger for his entrance, back out when Jon answers.
    moveCamera({ x = 860, y = 380 }, 0.8, "outCubic")
    zoomCamera(1.5, 0.8, "outBack")
    dialogue("vesper", "A picnic? On MY hill? How delightfully brave.{#openingScene.a8f8}")
    moveCamera("forest.camera_start", 1.2)
    zoomCamera(1, 1.2)
    dialogue("jon", "And who are you supposed to be?{#openingScene.71c7}")
    dialogue("vesper", "Vesper the Unreasonable. Mind the crumbs. They summon me.{#openingScene.63b8}")

    -- The children chatter in two parallel loops; the scene function ends here and its loops
    -- live on (cancelling the scene would stop them): --check's hint is silenced on purpose.
    runProcess(chatter, "colin", colinSays):setName("colin chatters") -- check: ignore (chatters on)
    runProcess(chatter, "kayla", kaylaSays):setName("kayla chatters") -- check: ignore (chatters on)
    enableControls()
end

---------------------------------------------------------------------------
-- (c) The dock: two tracks walk to a meeting point, wait for each other and
-- shake hands (the Uncharted 2 example from the article).
---------------------------------------------------------------------------

-- latch() instead of signal(): whoever arrives second still sees that the
-- other one is there, so neither can miss the other's arrival.
local function track(actor, spot, other, facing, greeting)
    footsteps(actor)
    walkTo(actor, spot)
    latch(actor .. "-at-meeting")
    waitSignal(other .. "-at-meeting")
    face(actor, facing)
    say(actor, greeting, 2.5)
    wait(2.5)
    say(actor, "*shakes hands*{#track.37ae}", 1.5)
end

function handshake()
    setCameraCenter(waypoint("dock.camera"))
    activate("rhea")
    activate("otto")
    playMusic("ambience_sea", { fade = 1.5, volume = 0.6 })
    setBlip("rhea", "blip_mid", { pitch = 1.2, volume = 0.5 })
    setBlip("otto", "blip_low", { pitch = 0.85, volume = 0.5 })
    runProcess(function() -- check: ignore (the gulls end by themselves, 5.7 s in)
        wait(1.2)
        playSound("gull", { pan = -0.6, volume = 0.5 })
        wait(4.5)
        playSound("gull", { pan = 0.7, volume = 0.4 })
    end):setName("gulls")
    local rhea = runProcess(track, "rhea", "dock.meet_west", "otto", "right",
        line("Otto. You walk like a tide.{#handshake.7c32}")):setName("rhea's track")
    local otto = runProcess(track, "otto", "dock.meet_east", "rhea", "left",
        line("And you talk like a gull. Good to see you.{#handshake.6b8c}")):setName("otto's track")
    -- The camera waits for the two to meet, closes in on the handshake, and
    -- steps back for the last word.
    waitUntil(function()
        return isLatched("rhea-at-meeting") and isLatched("otto-at-meeting")
    end)
    moveCamera({ x = 640, y = 390 }, 1.2)
    zoomCamera(1.7, 1.2)
    waitAll(rhea, otto)
    moveCamera("dock.camera", 1.5)
    zoomCamera(1, 1.5)
    waitCamera()
    dialogue(nil, "Two tracks, one meeting point, no flags and no state machine.{#handshake.640b}")
end

---------------------------------------------------------------------------
-- (d) The lighthouse: an investigation written as story functions. Each
-- function is a branch; option() and menu() offer choices, jump() moves on.
-- Choices use `flags`, which outlive the branches.
---------------------------------------------------------------------------

function lighthouse()
    setCameraCenter(waypoint("lighthouse.camera"))
    activate("maren")
    activate("visitor")
    playMusic("music_lighthouse", { fade = 2, volume = 0.5 })
    playSound("ambience_storm", { loop = true, volume = 0.35, fade = 1 })
    setBlip("maren", "blip_low", { pitch = 0.8, volume = 0.45 })
    runProcess(function()
        wait(2.5)
        playSound("thunder", { volume = 0.6 })
    end):setName("thunder")
    face("maren", "right")
    face("visitor", "right")
    image("keeper")
    portrait("maren", "keeper") -- her lines show her face, and its expressions
    text("The lamp room smells of paraffin and salt. "
        .. "Maren, the keeper, polishes the brass and does not look up.{#lighthouse.6c04}")
    text("maren", "If you've come about the torn page, I've said all I mean to say.{#lighthouse.a451}")
    jump("lighthouse_questions")
end

function lighthouse_questions()
    image("keeper")
    text("maren", "Well? The lamp won't trim itself.{#lighthouse_questions.8199}")
    option("Ask about the night of the storm.{#lighthouse_questions.3f7f}", "lighthouse_storm")
    option("Look at the logbook on the desk.{#lighthouse_questions.00df}", "lighthouse_logbook")
    if flags.sawSmudge then
        option("Ask why there is lamp oil on her sleeve.{#lighthouse_questions.1029}", "lighthouse_oil")
    end
    option("Leave her to her work.{#lighthouse_questions.d321}", "lighthouse_leave")
    menu()
end

function lighthouse_storm()
    image("keeper")
    text("maren", "Wind from the north-east,{sound=thunder} rain sideways. "
        .. "I lit the lamp at six and it {b}never{/b} went out.{#lighthouse_storm.3a1e}")
    if flags.sawSmudge then
        text("maren", "{face=worried}{cps=6}...{/cps}Never went out {i}for long{/i}, anyway.{#lighthouse_storm.c659}")
    end
    flags.heardStorm = true
    jump("lighthouse_questions")
end

function lighthouse_logbook()
    footsteps("visitor")
    walkTo("visitor", "lighthouse.desk")
    image("logbook")
    text("The log is neat, hour after hour, until the night of the storm. "
        .. "That page is gone, torn close to the spine.{#lighthouse_logbook.b0b2}")
    text("On the page after it, a dark thumbprint of lamp oil, still soft.{#lighthouse_logbook.6737}")
    flags.sawSmudge = true
    footsteps("visitor")
    walkTo("visitor", "lighthouse.visitor_spot")
    face("visitor", "right")
    jump("lighthouse_questions")
end

function lighthouse_oil()
    expression("maren", "worried")
    face("maren", "left")
    text("maren", "{cps=4}...{/cps}{#lighthouse_oil.6756}")
    text("maren", "The lamp went dark for {color=#f0b050}twenty minutes{/color}.{w=0.6} "
        .. "The wick was bad and my hands were {shake}shaking{/shake}.{#lighthouse_oil.8d28}")
    text("maren", "A boat passed the point in those twenty minutes. It came in safe. "
        .. "I tore the page out so nobody would take the light from me.{#lighthouse_oil.eef4}")
    option("Tell her the truth will keep, if she fixes the wick.{#lighthouse_oil.3f44}", "lighthouse_ending_kind")
    option("Tell her it has to go in the harbour master's report.{#lighthouse_oil.98c4}", "lighthouse_ending_strict")
    menu()
end

function lighthouse_ending_kind()
    text("maren", "It will be fixed by tonight.{w=0.5}{face=glad} You have my word, and the lamp's."
        .. "{#lighthouse_ending_kind.f6bd}")
    text("You leave her trimming a new wick. From the path, the light comes on steady and bright."
        .. "{#lighthouse_ending_kind.249a}")
    text("THE END: the light stays with its keeper.{#lighthouse_ending_kind.dc8d}")
end

function lighthouse_ending_strict()
    expression("maren", "worried")
    text("maren", "Then write it true.{w=0.5} {speed=0.5}All twenty minutes of it.{#lighthouse_ending_strict.2e57}")
    text("She hands you the torn page from her apron pocket. Her handwriting stops mid-line."
        .. "{#lighthouse_ending_strict.449b}")
    text("THE END: the record is whole again.{#lighthouse_ending_strict.d613}")
end

function lighthouse_leave()
    image(nil)
    playSound("door", { volume = 0.8 })
    if flags.heardStorm then
        text("You leave with the storm in your notes and the page still missing.{#lighthouse_leave.8c31}")
    else
        text("You leave the keeper to her brass. The page stays missing.{#lighthouse_leave.976d}")
    end
    text("THE END: some questions wait for another day.{#lighthouse_leave.3432}")
end

---------------------------------------------------------------------------
-- (e) The harbour: a cutscene, a 3-2-1 countdown, free movement, and a
-- conversation that starts when the player walks up to Pell. While the
-- player looks at Pell, Pell looks back (a process that runs every frame).
---------------------------------------------------------------------------

local function pellLooksBack()
    while true do
        waitFrames(1)
        if isLookingAt("ines", "pell") then
            faceTowards("pell", "ines")
        else
            face("pell", "down")
        end
    end
end

function harbour()
    disableControls()
    setCameraCenter(waypoint("harbour.camera"))
    activate("ines")
    activate("pell")
    setPlayer("ines")
    face("pell", "down")
    playMusic("music_harbour", { fade = 2, volume = 0.45 })
    playSound("ambience_sea", { loop = true, volume = 0.3 })
    playSound("gull", { pan = 0.5, volume = 0.45 })
    setBlip("ines", "blip_mid", { pitch = 1.25, volume = 0.5 })
    setBlip("pell", "blip_low", { pitch = 0.8, volume = 0.5 })
    footsteps("ines")
    walkTo("ines", "harbour.ines_enter")
    runProcess(function()
        waitSignal("pell-hears") -- his name carries across the quay
        face("pell", "left")
        sayFor("pell", "Hm?{#harbour.0b87}", 1.2)
        face("pell", "down")
    end):setName("pell hears his name")
    dialogue("ines", "Pell{signal=pell-hears} said he'd be mending nets by the bollards.{w=0.4} "
        .. "Time to ask him about that boat.{#harbour.d7a2}")
    -- Each number is a line of its own, so a translation writes its own digits.
    local countdown = { line("3{#harbour.count-3}"), line("2{#harbour.count-2}"), line("1{#harbour.count-1}") }
    for _, count in ipairs(countdown) do
        banner(count, 0.8)
        wait(1)
    end
    banner("{color=#ffd75a}{wave}Go!{/wave}{/color}{#harbour.32c5}", 0.8)
    enableControls()
    local watcher = runProcess(pellLooksBack):setName("pell looks back")
    say("ines", "(arrow keys or WASD to walk){#harbour.c360}", 4)
    waitNear("ines", "pell", 120)
    disableControls()
    watcher:cancel()
    faceTowards("ines", "pell")
    faceTowards("pell", "ines")
    jump("harbour_talk")
end

function harbour_talk()
    portrait("pell", "fisher")
    text("pell", "You've the look of someone with a question. Go on, the nets aren't going anywhere."
        .. "{#harbour_talk.4cbe}")
    option("Did a boat come in during the storm?{#harbour_talk.a63d}", "harbour_boat")
    option("Just saying hello.{#harbour_talk.c92b}", "harbour_hello")
    menu()
end

function harbour_boat()
    text("pell", "Mine did. Dark as a cellar off the point for a while, "
        .. "then the light came back and showed me the rocks.{#harbour_boat.9945}")
    text("pell", "{face=glad}Whoever trimmed that lamp {b}saved my neck{/b}. You tell them that.{#harbour_boat.415b}")
end

function harbour_hello()
    text("pell", "Hello yourself. Mind the ropes on your way out.{#harbour_hello.9232}")
end

---------------------------------------------------------------------------
-- (f) The cove: a scene on a map drawn in the Tiled editor (assets/maps/cove.tmj;
-- tools/make-tiles.py drew its tiles). Its points are waypoints ("cove.bench"),
-- its objects of class "actor" are Wren and Tam. Press F4 to see them.
-- Added to the end of SCENES from here, so the scenes above keep their lines.
---------------------------------------------------------------------------

SCENES[#SCENES + 1] = { name = "cove", title = "The cove: low tide brings a letter (a map made in Tiled)" }

function cove()
    setCameraCenter(waypoint("cove.camera"))
    activate("wren")
    activate("tam")
    playSound("ambience_sea", { loop = true, volume = 0.35, fade = 2 })
    playSound("gull", { pan = -0.4, volume = 0.4 })
    setBlip("wren", "blip_mid", { pitch = 1.05, volume = 0.5 })
    setBlip("tam", "blip_high", { pitch = 1.3, volume = 0.4 })
    face("tam", "down")
    dialogue(nil, "Low tide below the lighthouse garden. The sea has gone out past the rocks "
        .. "and left the sand shining.{#cove.a66f}")
    walkTo("wren", "cove.bench")
    dialogue("wren", "Tam! Off that pier before the planks remember how old they are.{#cove.552a}")
    walkToPoint("tam", "cove.bottle")
    followCamera("tam", 120)
    say("tam", "Wait, there's something in the sand!{#cove.e3d2}", 2)
    waitArrival("tam")
    walkToPoint("wren", "cove.steps")
    followCamera("wren", 160) -- down the steps with her
    waitArrival("wren")
    walkTo("wren", "cove.tideline")
    faceTowards("wren", "tam")
    faceTowards("tam", "wren")
    -- Two at the tideline over a bottle: close in on them.
    moveCamera({ x = 730, y = 470 }, 1.5)
    zoomCamera(1.6, 1.5)
    dialogue("tam", "A bottle. There's paper inside, rolled up tight.{#cove.8804}")
    dialogue("wren", "Gently. Salt makes old paper brittle.{#cove.0ba8}")
    zoomCamera(2, 3) -- slowly nearer while the note is read
    dialogue(nil, "The note is in pencil, in a child's careful capitals: "
        .. "IF YOU FIND THIS, THE LIGHT IS STILL ON. M., AGED 11.{#cove.8218}")
    moveCamera("cove.camera", 2)
    zoomCamera(1, 2)
    dialogue("wren", "M... That's Maren's hand. Forty years ago, the summer her father kept the lamp.{#cove.fd38}")
    option("Take it up to the lighthouse for Maren.{#cove.985b}", "cove_return")
    option("Roll it up again and give it back to the sea.{#cove.9859}", "cove_sea")
    menu()
end

function cove_return()
    dialogue("tam", "She should have it back. I'll run it up.{#cove_return.87c2}")
    followCamera("tam", 100)
    walkTo("tam", "cove.gate")
    dialogue("wren", "Forty years at sea, and it comes home the week she needs it most.{#cove_return.0ae9}")
    dialogue(nil, "THE END: the note goes home.{#cove_return.7ff7}")
end

function cove_sea()
    dialogue("tam", "Someone out there might need it more than she does.{#cove_sea.6a57}")
    walkTo("tam", "cove.pier")
    sayFor("tam", "*throws*{#cove_sea.1aca}", 1.5)
    dialogue("wren", "Then the light's still on, for whoever's next.{#cove_sea.0083}")
    tween("fade", "level", 0.45, 3) -- evening comes in off the water
    dialogue(nil, "THE END: the note goes back to the sea.{#cove_sea.a365}")
end

---------------------------------------------------------------------------
-- (g) The clock tower: a scene in pictures of its own. The backdrops and the
-- three townsfolk (each a folder of expressions: images/kit/happy.png) sit
-- beside this file in scripts/images/, which the demo looks in before the
-- engine's assets/ (tools/make-demo-art.py painted them). sprite() draws an
-- actor as its pictures; expression() and {face=...} change the picture.
---------------------------------------------------------------------------

SCENES[#SCENES + 1] = { name = "clocktower", title = "The clock tower: a scene in pictures of its own" }

function clocktower()
    backdrop("clocktower_dusk")
    setCameraCenter(waypoint("clocktower.camera"))
    fade("in", 1.5)
    for _, name in ipairs({ "hester", "bram" }) do
        activate(name)
        sprite(name, name)
    end
    sprite("kit", "kit")
    expression("bram", "worried")
    dialogue(nil, "The town square at dusk. The clock has said ten to four since Tuesday.{#clocktower.9c76}")
    dialogue("bram", "Seven o'clock, Hester! The lamps are lit at seven, and the clock strikes it. "
        .. "The whole town is coming.{#clocktower.01be}")
    expression("hester", "worried")
    dialogue("hester", "It will strike, Mayor. Kit has been up the tower all afternoon.{#clocktower.f35f}")
    activate("kit")
    playSound("door", { at = "kit", volume = 0.8 })
    footsteps("kit")
    walkTo("kit", "clocktower.kit_spot")
    expression("kit", "happy")
    dialogue("kit", "Found it! A pigeon's nest in the gears. The pigeon was not pleased.{#clocktower.f0bd}")
    dialogue("hester", "{face=happy}Then wind her up, and mind your fingers.{#clocktower.835b}")
    expression("bram", "neutral")
    -- The clock strikes, and the square goes from dusk to lamplight.
    playSound("shimmer", { volume = 0.7 })
    waitProcess(backdrop("clocktower_night", "dissolve", 3))
    expression("bram", "happy")
    footsteps("bram")
    walkTo("bram", "clocktower.bram_near")
    dialogue("bram", "Seven, on the stroke! Well. On the stroke today.{#clocktower.e50c}")
    dialogue(nil, "THE END: the clock keeps time again.{#clocktower.d775}")
end

---------------------------------------------------------------------------
-- (h) One story: Start on the title screen plays the scenes above as its
-- chapters, in SCENES order, and `flags` carries what happened from one into
-- the next. The lighthouse's ending reaches the harbour: Pell has heard of it.
-- Written here, after every scene, so the scenes above keep their lines.
---------------------------------------------------------------------------

-- The picnic's children chatter on after Vesper's entrance, and the family may
-- be walked about: the chapter lets them for a while, then ends.
local picnic = openingScene
function openingScene()
    picnic()
    wait(12)
    endChapter()
end

local lampKept, lampReported = lighthouse_ending_kind, lighthouse_ending_strict
function lighthouse_ending_kind()
    flags.lampKept = true
    return lampKept()
end
function lighthouse_ending_strict()
    flags.lampReported = true
    return lampReported()
end

local pellOnTheStorm = harbour_boat
function harbour_boat()
    pellOnTheStorm()
    if flags.lampKept then
        text("pell", "{face=glad}Up at the lighthouse, were you? Then you know who it was. "
            .. "Tell Maren I said so.{#harbour_boat.kept}")
    elseif flags.lampReported then
        text("pell", "And if that's for the harbour master's report, put in it that the light came back, "
            .. "and that I'm alive to say so.{#harbour_boat.reported}")
    end
end

-- A player who does not walk over to Pell (or a run with no player, such as
-- `stagehand --headless` playing the whole story) is not left on the quay:
-- once the free walk has lasted 20 seconds, Ines walks over by herself.
local harbourOpening = harbour
local WALK_ALLOWED = 26 -- seconds from the scene's start: the countdown's 6, then 20 of walking
function harbour()
    runForScene(function()
        wait(WALK_ALLOWED)
        if distance("ines", "pell") > 120 then
            disableControls()
            footsteps("ines")
            walkTo("ines", { x = 830, y = 430 })
        end
    end):setName("ines walks over by herself")
    return harbourOpening()
end

---------------------------------------------------------------------------
-- (i) Every scene in pictures: a layered backdrop (scripts/images/porch/ and
-- the others: tools/make-scene-art.py) and each of the cast drawn, with their
-- frames for walking, talking and blinking (tools/make-cast-art.py). Written
-- here, after every scene, so the scenes above keep their lines.
---------------------------------------------------------------------------

local function dress(backdropName, cast)
    if backdropName then
        backdrop(backdropName)
    end
    for _, name in ipairs(cast) do
        sprite(name, name)
    end
end

local porchScene, forestScene, dockScene = conversation, openingScene, handshake
local lampRoomScene, harbourScene, coveScene = lighthouse, harbour, cove
function conversation()
    dress("porch", { "george", "bob" })
    return porchScene()
end
function openingScene()
    dress("forest", { "jackie", "jon", "kayla", "colin", "vesper" })
    return forestScene()
end
function handshake()
    dress("dock", { "rhea", "otto" })
    return dockScene()
end
function lighthouse()
    dress("lamproom", { "maren", "visitor" })
    return lampRoomScene()
end
function harbour()
    dress("harbour", { "ines", "pell" })
    return harbourScene()
end
function cove()
    dress(nil, { "wren", "tam" }) -- the map's own tiles are its ground
    return coveScene()
end
