-- The one "did you mean" rule (S.closestName, used by play, --check and the
-- hang reports), held over generated names rather than a few examples: a
-- misspelling gets its name back exactly when it lies within max(3, a third
-- of its length) edits of it, counted by the textbook Levenshtein distance
-- (Wagner and Fischer's table, written here again so that the rule is not
-- checked against itself); the closest of several candidates wins; and the
-- same name but for case and underscores always wins. Run under lua5.1 and luajit.

local harness = dofile("spec/helpers/scheduler.lua")
local Gen = dofile("spec/helpers/generate.lua")

-- Levenshtein distance: insertions, deletions and substitutions, each costing one.
local function levenshtein(a, b)
    local d = {}
    for i = 0, #a do
        d[i] = { [0] = i }
    end
    for j = 0, #b do
        d[0][j] = j
    end
    for i = 1, #a do
        for j = 1, #b do
            local substitution = d[i - 1][j - 1] + (a:sub(i, i) == b:sub(j, j) and 0 or 1)
            d[i][j] = math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, substitution)
        end
    end
    return d[#a][#b]
end

local LETTERS = "abcdefghijklmnopqrstuvwxyz"

local function word(gen, length)
    local out = {}
    for i = 1, length do
        local k = gen:int(1, #LETTERS)
        out[i] = LETTERS:sub(k, k)
    end
    return table.concat(out)
end

-- `name` with `edits` random insertions, deletions and substitutions.
local function misspelt(gen, name, edits)
    for _ = 1, edits do
        local at, k = gen:int(1, #name), gen:int(1, #LETTERS)
        local letter = LETTERS:sub(k, k)
        local kind = gen:int(1, 3)
        if kind == 1 then
            name = name:sub(1, at - 1) .. letter .. name:sub(at)
        elseif kind == 2 and #name > 1 then
            name = name:sub(1, at - 1) .. name:sub(at + 1)
        else
            name = name:sub(1, at - 1) .. letter .. name:sub(at + 1)
        end
    end
    return name
end

describe("did you mean", function()
    local S
    before_each(function()
        S = harness.load()
    end)

    it("gives a name back exactly within max(3, a third of its length) edits", function()
        local gen = Gen.new(45)
        local near, far = 0, 0
        for _ = 1, 400 do
            local name = word(gen, gen:int(3, 24))
            local typed = misspelt(gen, name, gen:int(1, 9))
            local distance = levenshtein(typed, name)
            if typed ~= name and typed:lower() ~= name:lower() then
                local expected = distance <= math.max(3, math.floor(#typed / 3)) and name or nil
                assert.are.equal(expected, S.closestName(typed, { name }),
                    string.format("'%s' for '%s', %d edits apart", typed, name, distance))
                near, far = near + (expected and 1 or 0), far + (expected and 0 or 1)
            end
        end
        assert.is_true(near > 50 and far > 50, "the cases fall on both sides of the limit")
    end)

    it("gives the closest of several names", function()
        local gen = Gen.new(7)
        for _ = 1, 200 do
            local names = {}
            for i = 1, gen:int(2, 6) do
                names[i] = word(gen, gen:int(4, 12))
            end
            local typed = misspelt(gen, names[gen:int(1, #names)], gen:int(1, 3))
            local guess = S.closestName(typed, names)
            local best = math.huge
            for _, candidate in ipairs(names) do
                if candidate ~= typed then
                    best = math.min(best, levenshtein(typed, candidate))
                end
            end
            if guess then
                assert.are.equal(best, levenshtein(typed, guess), "'" .. typed .. "' got '" .. guess .. "'")
            else
                assert.is_true(best > math.max(3, math.floor(#typed / 3)), "'" .. typed .. "' got no guess")
            end
        end
    end)

    it("gives the same name but for case and underscores however far it is by letters", function()
        assert.are.equal("waitSignal", S.closestName("wait_signal", { "walkTo", "waitSignal" }))
        assert.are.equal("walkToPointAndSignal", S.closestName("WALK_TO_POINT_AND_SIGNAL", { "walkToPointAndSignal" }))
        assert.is_nil(S.closestName("waitSignal", { "waitSignal" }), "a name is not its own suggestion")
    end)
end)
