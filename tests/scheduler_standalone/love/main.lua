-- scripts/WaitSupport.lua loaded the LÖVE way: require through LÖVE's
-- filesystem, from a game folder that holds scripts/ (RunInLove.cmake makes
-- it). Prints the result and quits with status 0 when every check passed.
local ok, S = pcall(require, "scripts.WaitSupport")
local problem = ok and require("checks")(S) or (not ok and tostring(S))
print(problem and ("love: " .. problem) or "love: ok")
love.event.quit(problem and 1 or 0)
