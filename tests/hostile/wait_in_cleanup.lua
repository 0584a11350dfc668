-- expect: ^cleanup failed: tests/hostile/wait_in_cleanup.lua:6: wait\(\) inside an onCleanup handler: .* runProcess
-- survivor
local function survivor() wait(1) print("survivor") end
function scene() runProcess(survivor)
    local p = runProcess(function() onCleanup(function() print("cleanup starts")
        wait(1)
        print("the cleanup went on after its wait") end) wait(5) end)
    wait(0.5) p:cancel() print("cancel returned") wait(2) end
