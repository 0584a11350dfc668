-- expect: tests/hostile/pattern_backtracking.lua:5: string.find: the pattern backtracks too much on this 5000-byte string
-- survivor
local function survivor() wait(1) print("survivor") end
function scene() runProcess(survivor) local text = ("a"):rep(5000)
    print(string.find(text, "a-a-a-a-a-a-b"), ("short text"):gsub("t", "T"), text:find("aaa", 1, true))
end
