-- A scene at a path longer than either Lua VM keeps of a chunk name: its
-- process names and error lines must read the same on PUC Lua and LuaJIT.
SCENES = { "main" }

local function helper()
    wait(0.25)
    print("helper done")
end

function main()
    runProcess(helper)
    wait(0.5)
    local ok, err = pcall(error, "caught")
    print(ok, err)
    error("the scene fails here, at a line both VMs name alike")
end
