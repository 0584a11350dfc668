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
}

---------------------------------------------------------------------------
-- (a) George and Bob: two processes that take turns by signalling each other.
---------------------------------------------------------------------------

local function speak(actor, text)
    sayFor(actor, text, 2.8)
end

local function georgeTrack()
    face("george", "right")
    speak("george", "Bob. The ladder. Where did it go?")
    signal("bob's turn")
    waitSignal("george's turn")
    speak("george", "It was leaning on the shed this morning.")
    signal("bob's turn")
    waitSignal("george's turn")
    speak("george", "I'm asking you, because you've got paint on your boots.")
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
    speak("bob", "...It's a very nice ladder. The gutters look great, by the way.")
    face("bob", "left")
    signal("george's turn")
    waitSignal("bob's turn")
    speak("bob", "Deal. Is dinner at six?")
end

function conversation()
    setCameraCenter(waypoint("porch.camera"))
    activate("george")
    activate("bob")
    -- Bob starts first so he is already waiting when George hands him the turn.
    local bob = runProcess(bobTrack):setName("bob's lines")
    local george = runProcess(georgeTrack):setName("george's lines")
    waitAll(george, bob)
    walkTo("bob", "porch.shed")
    say("bob", "Ladder's back!", 2)
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

    walkToPointAndSignal("jackie", "jackie-arrived", waypoint("forest.jackie_stop"))
    walkToPoint("jon", waypoint("forest.jon_stop"))
    walkToPoint("kayla", waypoint("forest.kayla_stop"))
    walkToPoint("colin", waypoint("forest.colin_stop"))

    waitSignal("jackie-arrived")
    face("jackie", "down")
    dialogue("jackie", "Here. We'll spread the blanket by the old oak.")

    flash(0.9)
    activate("vesper")
    for _, name in ipairs({ "jackie", "jon", "kayla", "colin" }) do
        face(name, "right")
    end
    face("vesper", "left")
    dialogue("vesper", "A picnic? On MY hill? How delightfully brave.")
    dialogue("jon", "And who are you supposed to be?")
    dialogue("vesper", "Vesper the Unreasonable. Mind the crumbs. They summon me.")

    -- The children chatter in two parallel loops; the scene itself ends here,
    -- and its loops live on (cancelling the scene would stop them).
    runProcess(chatter, "colin", colinSays):setName("colin chatters")
    runProcess(chatter, "kayla", kaylaSays):setName("kayla chatters")
    enableControls()
end

---------------------------------------------------------------------------
-- (c) The dock: two tracks walk to a meeting point, wait for each other and
-- shake hands (the Uncharted 2 example from the article).
---------------------------------------------------------------------------

-- latch() instead of signal(): whoever arrives second still sees that the
-- other one is there, so neither can miss the other's arrival.
local function track(actor, spot, other, facing, greeting)
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
    local rhea = runProcess(track, "rhea", "dock.meet_west", "otto", "right", "Otto. You walk like a tide.")
        :setName("rhea's track")
    local otto = runProcess(track, "otto", "dock.meet_east", "rhea", "left",
        "And you talk like a gull. Good to see you."):setName("otto's track")
    waitAll(rhea, otto)
    wait(1.5)
    dialogue(nil, "Two tracks, one meeting point, no flags and no state machine.")
end
