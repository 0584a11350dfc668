-- Seed article 000, its first demos pasted as written: processes started at the top
-- level of the file (no scene function). Stagehand runs them as one implicit scene, "main".
-- The article resumes waitSecondsTest with its own coroutine.resume; the coroutine becomes
-- a process at its first wait, as the article expects.

function waitSecondsTest()
    print("Hello, world")
    waitSeconds(2)
    print("I'll print this out 2 seconds after I printed out Hello, world")
end

local co = coroutine.create(waitSecondsTest)
coroutine.resume(co) -- This runs the function above

runProcess(function ()
    print("Hello world. I will now astound you by waiting for 2 seconds.")
    waitSeconds(2)
    print("Haha! I did it!")
end)
runProcess(function()
    print("1: I am the first function. The second function cannot speak until I say it can.")
    waitSeconds(2)
    print("1: In two more seconds, I will allow it to speak.")
    waitSeconds(2)
    signal("ok, you can talk")
    waitSignal("function 2 done talking")
    print("1: First function again. I'm done now too.")
end)

runProcess(function()
    waitSignal("ok, you can talk")
    print("2: Hey, I'm the second function. I like talking.")
    waitSeconds(2)
    print("2: I'd talk all the time, if that jerky first function would let me.")
    waitSeconds(2)
    print("2: I guess I'm done now though.")
    signal("function 2 done talking")
end)
