-- A small seeded generator for the property specs: the same numbers under
-- lua5.1 and luajit (Park-Miller; every product stays below 2^53), so a
-- failing case is the same case on both VMs and its seed names it.
local G = {}
G.__index = G

function G.new(seed)
    return setmetatable({ state = seed % 2147483646 + 1 }, G)
end

-- A whole number in [lo, hi].
function G:int(lo, hi)
    self.state = self.state * 16807 % 2147483647
    return lo + self.state % (hi - lo + 1)
end

function G:pick(list)
    return list[self:int(1, #list)]
end

function G:chance(percent)
    return self:int(1, 100) <= percent
end

-- The numbers 1..n in a random order.
function G:shuffled(n)
    local out = {}
    for i = 1, n do
        out[i] = i
    end
    for i = n, 2, -1 do
        local j = self:int(1, i)
        out[i], out[j] = out[j], out[i]
    end
    return out
end

return G
