--- The section "player" of the scene API (scripts/ApiDescription.lua): free movement, the player's
-- character, places and distances. The rest of the section is the engine's bindings.
-- A part of scripts/StageSupport.lua, called with what it may use (see there).

local shared = ...
local stage, S, api = shared.stage, shared.S, shared.api
local raise, describe = shared.raise, shared.describe

-- Raises at the scene line unless `place` can name a place (its names are
-- checked where it is used).
local function checkPlace(fname, place)
    if type(place) ~= "string" and type(place) ~= "table" then
        raise(string.format("%s: place must be an actor, a waypoint name or a {x =, y =} table. Was %s", fname,
            describe(place)))
    end
end

---Distance between two actors, or an actor and a point.
---@param actor string
---@param other string|table
---@return number
function api.distance(actor, other)
    checkPlace("distance", other)
    local x, y = stage.positionOf(actor)
    local ox, oy
    if type(other) == "table" then
        ox, oy = other.x, other.y
    elseif type(other) == "string" and other:find(".", 1, true) then -- "map.name" is a waypoint
        local point = stage.waypoint(other)
        ox, oy = point.x, point.y
    else
        ox, oy = stage.positionOf(other)
    end
    return math.sqrt((x - ox) ^ 2 + (y - oy) ^ 2)
end

---Waits until `actor` is within `radius` of `place` (an actor, a waypoint name or a point).
function api.waitNear(actor, place, radius)
    checkPlace("waitNear", place)
    api.distance(actor, place) -- checks the names now, at the caller's line
    local placeName = type(place) == "table" and "a point" or place
    S.waitUntilLabelled("near", actor .. " near " .. placeName, function()
        return api.distance(actor, place) <= radius
    end, actor .. " is near " .. placeName)
end
