-- expect: tests/hostile/pattern_stack_overflow.lua:5: string.match: the pattern nests more than 200 levels deep
-- survivor
local function survivor() wait(1) print("survivor") end
function scene() runProcess(survivor) local deep = ("a?"):rep(200000) -- PUC Lua 5.1 would crash on it
    print(("a"):rep(200000):match(deep))
end
