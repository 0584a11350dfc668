-- Seed article 000, its opening scene pasted as written, with two fixes: the article calls
-- wait_signal (no such function; Stagehand says "did you mean waitSignal?"), and it starts
-- the idle chatter with coroutine.wrap(colinIdle)(), whose caller would receive the first
-- wait as if colinIdle had returned (Stagehand refuses a wait inside coroutine.wrap and
-- says to use runProcess, as below). runOpeningScene starts the scene with the script's
-- own coroutine.create/resume, which becomes a process at its first wait.

function openingScene()
    -- Stops both the player from moving around and the camera from tracking the main character for abit
    disableControls()

    setCameraCenter(waypoint('forest.camera_start'))
    activate('jackie')
    activate('jon')
    activate('kayla')
    activate('colin')

    setPosition('jackie', waypoint('forest.jackie_start'))
    setPosition('jon', waypoint('forest.jon_start'))
    setPosition('kayla', waypoint('forest.kayla_start'))
    setPosition('colin', waypoint('forest.colin_start'))

    walkToPointAndSignal('jackie', 'jackie-arrived-at-waypoint', waypoint('forest.jackie_stop'))
    walkToPoint('jon', waypoint('forest.jon_stop'))
    walkToPoint('kayla', waypoint('forest.kayla_stop'))
    walkToPoint('colin', waypoint('forest.colin_stop'))

    waitSignal('jackie-arrived-at-waypoint')

    -- Fire off the processes that make the kids speak.
    runProcess(colinIdle) -- the article: coroutine.wrap(colinIdle)(); check: ignore (outlives the scene)
    runProcess(kaylaIdle) -- the article: coroutine.wrap(kaylaIdle)(); check: ignore (outlives the scene)

    -- Hand control back over to the player
    enableControls()
end

function runOpeningScene()
    local co = coroutine.create(openingScene)
    coroutine.resume(co)
end

local colinSays = { "I hungry.", "I want milk", "Can't get me!" }
local kaylaSays = { "I'm bored, can we go home?", "Look! A bee!", "What's that?", "Can I pick a flower?" }

function colinIdle()
    while true do
        wait(math.random(8))
        say('colin', colinSays[math.random(#colinSays)])
        wait(3)
        say('colin', '')
    end
end

function kaylaIdle()
    while true do
        wait(math.random(8))
        say('kayla', kaylaSays[math.random(#kaylaSays)])
        wait(3)
        say('kayla', '')
    end
end

runOpeningScene() -- the article leaves starting it to the game
