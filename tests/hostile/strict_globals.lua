-- expect: ^$
-- exit: 0
setmetatable(_G, { __index = function(_, k) error("undefined global " .. tostring(k), 2) end })
function scene() print("ran") end
