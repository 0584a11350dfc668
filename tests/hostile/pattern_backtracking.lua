-- expect: tests/hostile/pattern_backtracking.lua:5: string.find: a pattern with 6 repetition item\(s\) on a 5000-byte string could run for minutes
-- survivor
local function survivor() wait(1) print("survivor") end
function scene() runProcess(survivor) local text = ("a"):rep(5000)
    print(string.find(text, "a-a-a-a-a-a-b"), ("short text"):gsub("t", "T"), text:find("aaa", 1, true))
end
