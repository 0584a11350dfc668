-- expect: tests/hostile/pattern_gfind_stored.lua:6: string.g[fm][a-z]+: the pattern backtracks too much on this 20000-byte string
-- survivor
local each = string.gfind or string.gmatch -- gfind: PUC Lua 5.1's old name of gmatch; LuaJIT has not it
local function survivor() wait(1) print("survivor") end
function scene() runProcess(survivor) local text = ("ab"):rep(10000) for _ in ("cheap"):gmatch("%a") do end
    for first, second in each(text, "(a.-b)(a.-b)(a.-)c") do print(first, second) end
end
