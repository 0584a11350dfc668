-- A scene script with a syntax error on line 4.
function fine() end

local x = = 3
