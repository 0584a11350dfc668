--- Demo.lua: the scenes of the Stagehand demo. Edit this file to author your own.
--
-- A scene is a global function; the SCENES list names them in menu order.
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

local function speak(actor, text)
    sayFor(actor, text, 2.8)
end

local function georgeTrack()
    face("george", "right")
    speak("george", "Bob. The ladder. {b}Where{/b} did it go?")
    signal("bob's turn")
    waitSignal("george's turn")
    speak("george", "It was leaning on the shed this morning.")
    signal("bob's turn")
    waitSignal("george's turn")
    speak("george", "I'm asking you, because you've got {color=#e05a3a}paint{/color} on your boots.")
    signal("bob's turn")
    waitSignal("george's turn")
    speak("george", "Put it back before dinner and I'll say no more.")
    signal("bob's turn")
end

local function bobTrack()
    face("bob", "left")
    waitSignal("bob's turn")
    speak("bob", "Ladder? I haven't seen a ladder since spring.")
    signal("george's turn")
    waitSignal("bob's turn")
    speak("bob", "Then the shed must have it. Ask the shed.")
    signal("george's turn")
    waitSignal("bob's turn")
    face("bob", "down")
    speak("bob", "...It's a {i}very{/i} nice ladder. The gutters look great, by the way.")
    face("bob", "left")
    signal("george's turn")
    waitSignal("bob's turn")
    speak("bob", "Deal. Is dinner at six?")
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
    say("bob", "{wave}Ladder's back!{/wave}", 2)
    stopMusic(2)
end

---------------------------------------------------------------------------
-- (b) The forest: the article's opening scene, in our own words.
---------------------------------------------------------------------------

local colinSays = {
    "Is he a real wizard?",
    "I want a sandwich.",
    "Can he do a card trick?",
    "Bet I can run faster than him.",
}

local kaylaSays = {
    "His hat is taller than Dad!",
    "Look, a beetle!",
    "Can we keep him?",
    "My shoes are full of grass.",
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
    dialogue("jackie", "Here. We'll spread the blanket by the old oak.")

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
    dialogue("vesper", "A picnic? On MY hill? How delightfully brave.")
    moveCamera("forest.camera_start", 1.2)
    zoomCamera(1, 1.2)
    dialogue("jon", "And who are you supposed to be?")
    dialogue("vesper", "Vesper the Unreasonable. Mind the crumbs. They summon me.")

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
    say(actor, "*shakes hands*", 1.5)
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
    local rhea = runProcess(track, "rhea", "dock.meet_west", "otto", "right", "Otto. You walk like a tide.")
        :setName("rhea's track")
    local otto = runProcess(track, "otto", "dock.meet_east", "rhea", "left",
        "And you talk like a gull. Good to see you."):setName("otto's track")
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
    dialogue(nil, "Two tracks, one meeting point, no flags and no state machine.")
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
        .. "Maren, the keeper, polishes the brass and does not look up.")
    text("maren", "If you've come about the torn page, I've said all I mean to say.")
    jump("lighthouse_questions")
end

function lighthouse_questions()
    image("keeper")
    text("maren", "Well? The lamp won't trim itself.")
    option("Ask about the night of the storm.", "lighthouse_storm")
    option("Look at the logbook on the desk.", "lighthouse_logbook")
    if flags.sawSmudge then
        option("Ask why there is lamp oil on her sleeve.", "lighthouse_oil")
    end
    option("Leave her to her work.", "lighthouse_leave")
    menu()
end

function lighthouse_storm()
    image("keeper")
    text("maren", "Wind from the north-east,{sound=thunder} rain sideways. "
        .. "I lit the lamp at six and it {b}never{/b} went out.")
    if flags.sawSmudge then
        text("maren", "{face=worried}{cps=6}...{/cps}Never went out {i}for long{/i}, anyway.")
    end
    flags.heardStorm = true
    jump("lighthouse_questions")
end

function lighthouse_logbook()
    footsteps("visitor")
    walkTo("visitor", "lighthouse.desk")
    image("logbook")
    text("The log is neat, hour after hour, until the night of the storm. "
        .. "That page is gone, torn close to the spine.")
    text("On the page after it, a dark thumbprint of lamp oil, still soft.")
    flags.sawSmudge = true
    footsteps("visitor")
    walkTo("visitor", "lighthouse.visitor_spot")
    face("visitor", "right")
    jump("lighthouse_questions")
end

function lighthouse_oil()
    expression("maren", "worried")
    face("maren", "left")
    text("maren", "{cps=4}...{/cps}")
    text("maren", "The lamp went dark for {color=#f0b050}twenty minutes{/color}.{w=0.6} "
        .. "The wick was bad and my hands were {shake}shaking{/shake}.")
    text("maren", "A boat passed the point in those twenty minutes. It came in safe. "
        .. "I tore the page out so nobody would take the light from me.")
    option("Tell her the truth will keep, if she fixes the wick.", "lighthouse_ending_kind")
    option("Tell her it has to go in the harbour master's report.", "lighthouse_ending_strict")
    menu()
end

function lighthouse_ending_kind()
    text("maren", "It will be fixed by tonight.{w=0.5}{face=glad} You have my word, and the lamp's.")
    text("You leave her trimming a new wick. From the path, the light comes on steady and bright.")
    text("THE END: the light stays with its keeper.")
end

function lighthouse_ending_strict()
    expression("maren", "worried")
    text("maren", "Then write it true.{w=0.5} {speed=0.5}All twenty minutes of it.")
    text("She hands you the torn page from her apron pocket. Her handwriting stops mid-line.")
    text("THE END: the record is whole again.")
end

function lighthouse_leave()
    image(nil)
    playSound("door", { volume = 0.8 })
    if flags.heardStorm then
        text("You leave with the storm in your notes and the page still missing.")
    else
        text("You leave the keeper to her brass. The page stays missing.")
    end
    text("THE END: some questions wait for another day.")
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
        sayFor("pell", "Hm?", 1.2)
        face("pell", "down")
    end):setName("pell hears his name")
    dialogue("ines", "Pell{signal=pell-hears} said he'd be mending nets by the bollards.{w=0.4} "
        .. "Time to ask him about that boat.")
    for n = 3, 1, -1 do
        banner(tostring(n), 0.8)
        wait(1)
    end
    banner("{color=#ffd75a}{wave}Go!{/wave}{/color}", 0.8)
    enableControls()
    local watcher = runProcess(pellLooksBack):setName("pell looks back")
    say("ines", "(arrow keys or WASD to walk)", 4)
    waitNear("ines", "pell", 120)
    disableControls()
    watcher:cancel()
    faceTowards("ines", "pell")
    faceTowards("pell", "ines")
    jump("harbour_talk")
end

function harbour_talk()
    portrait("pell", "fisher")
    text("pell", "You've the look of someone with a question. Go on, the nets aren't going anywhere.")
    option("Did a boat come in during the storm?", "harbour_boat")
    option("Just saying hello.", "harbour_hello")
    menu()
end

function harbour_boat()
    text("pell", "Mine did. Dark as a cellar off the point for a while, "
        .. "then the light came back and showed me the rocks.")
    text("pell", "{face=glad}Whoever trimmed that lamp {b}saved my neck{/b}. You tell them that.")
end

function harbour_hello()
    text("pell", "Hello yourself. Mind the ropes on your way out.")
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
        .. "and left the sand shining.")
    walkTo("wren", "cove.bench")
    dialogue("wren", "Tam! Off that pier before the planks remember how old they are.")
    walkToPoint("tam", "cove.bottle")
    followCamera("tam", 120)
    say("tam", "Wait, there's something in the sand!", 2)
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
    dialogue("tam", "A bottle. There's paper inside, rolled up tight.")
    dialogue("wren", "Gently. Salt makes old paper brittle.")
    zoomCamera(2, 3) -- slowly nearer while the note is read
    dialogue(nil, "The note is in pencil, in a child's careful capitals: "
        .. "IF YOU FIND THIS, THE LIGHT IS STILL ON. M., AGED 11.")
    moveCamera("cove.camera", 2)
    zoomCamera(1, 2)
    dialogue("wren", "M... That's Maren's hand. Forty years ago, the summer her father kept the lamp.")
    option("Take it up to the lighthouse for Maren.", "cove_return")
    option("Roll it up again and give it back to the sea.", "cove_sea")
    menu()
end

function cove_return()
    dialogue("tam", "She should have it back. I'll run it up.")
    followCamera("tam", 100)
    walkTo("tam", "cove.gate")
    dialogue("wren", "Forty years at sea, and it comes home the week she needs it most.")
    dialogue(nil, "THE END: the note goes home.")
end

function cove_sea()
    dialogue("tam", "Someone out there might need it more than she does.")
    walkTo("tam", "cove.pier")
    sayFor("tam", "*throws*", 1.5)
    dialogue("wren", "Then the light's still on, for whoever's next.")
    tween("fade", "level", 0.45, 3) -- evening comes in off the water
    dialogue(nil, "THE END: the note goes back to the sea.")
end
