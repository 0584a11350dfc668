-- The frame of bench/frame_bench.cpp, drawn by LÖVE 11.4 the way a LÖVE
-- author would: the same picture as Stagehand's WorldView paints it (the
-- forest backdrop, N actors each a letter in a ringed disc with a shadow, a
-- facing mark and a name label, half of them with a wrapped speech bubble
-- lifted clear of its neighbours, and a dialogue box with a portrait). Same
-- fonts (DejaVu), colours, sizes and positions. Wrapped lines and bubble sizes
-- are computed once, as Stagehand caches its layout. Prints the realtime clock
-- at the first presented frame, then the median and p99 frame time.
-- With "pictures" after DATA_ROOT, the frame is frame_bench's "pictures" one
-- instead (N is not used): the demo's clock tower picture scaled to the view,
-- and Hester, Kit and Bram drawn as their pictures, each with its ground
-- shadow and shadowed name label, as WorldView::drawSprite draws them.
-- With "painted" after DATA_ROOT, the frame is frame_bench's "painted" one: the
-- forest's layered backdrop (scripts/images/forest/, farthest first, each layer
-- scaled to cover the view) and N actors drawn as the demo's cast, odd ones on
-- their walk frames (8 a second, left ones mirrored), even ones standing with a
-- bubble over the head and blinking as SpriteFrames.cpp times it, by a clock
-- that runs a sixtieth of a second a frame from 10 s, as frame_bench's does.
--   usage: love bench/love N [FRAMES] [DATA_ROOT] [pictures|painted]
local ffi = require("ffi")
ffi.cdef [[
typedef struct { long tv_sec; long tv_nsec; } stagehand_timespec;
int clock_gettime(int clock, stagehand_timespec *t);
]]

local function realtime()
    local t = ffi.new("stagehand_timespec")
    ffi.C.clock_gettime(0, t) -- CLOCK_REALTIME
    return tonumber(t.tv_sec) + tonumber(t.tv_nsec) * 1e-9
end

local WIDTH, HEIGHT = 1280, 720
local HORIZON = 250
-- Where Backdrops.cpp puts the moon and the treeline with the camera at the
-- view's centre (x = 640): the moon drifts 5% of it, the trees 50% modulo 90.
local MOON_X, TREE_SHIFT = 1040 - 640 * 0.05, (640 * 0.5) % 90
local LINES = {
    "Are we there yet? I think we are nearly there now.",
    "Look at the boats coming in with the evening tide.",
    "I left the lamp burning in the window for you.",
}
local DIALOGUE = "The lamp room smells of paraffin and salt. Maren, the keeper, polishes the brass and "
    .. "does not look up from her work."

-- src/view/Palette.h, as 0..1 colours.
local function rgba(r, g, b, a)
    return { r / 255, g / 255, b / 255, (a or 255) / 255 }
end
local C = {
    skyTop = rgba(24, 36, 54), skyBottom = rgba(44, 70, 72),
    groundTop = rgba(52, 84, 58), groundBottom = rgba(30, 52, 38),
    grass = rgba(86, 124, 80, 150), tree = rgba(22, 40, 34),
    moon = rgba(244, 240, 214, 230), moonGlow = rgba(240, 236, 210, 18),
    actorShadow = rgba(0, 0, 0, 90), bubbleShadow = rgba(0, 0, 0, 70),
    paper = rgba(250, 246, 234, 245), thread = rgba(250, 246, 234, 178), ink = rgba(28, 28, 36),
    panel = rgba(14, 18, 28, 232), panelText = rgba(238, 236, 228), muted = rgba(170, 182, 196),
    portraitFrame = rgba(236, 226, 200), white = rgba(255, 255, 255),
}

local function readFile(path)
    local f = assert(io.open(path, "rb"))
    local data = f:read("*a")
    f:close()
    return love.filesystem.newFileData(data, path)
end

local function loadFonts(root)
    local g = love.graphics
    local function font(face, size)
        return g.newFont(readFile(root .. "/assets/fonts/DejaVuSans" .. face .. ".ttf"), size)
    end
    return { letter = font("-Bold", 30), label = font("-Bold", 16), bubble = font("", 19), body = font("", 24),
        hint = font("", 15) }
end

-- The cast of bench/BenchCast.h: positions, letters, names, colours, lines.
local function makeCast(count, fonts)
    local cast = {}
    for i = 0, count - 1 do
        local r, gr = 120 + i * 37 % 120, 120 + i * 53 % 120
        local a = {
            x = 40 + (i * 97) % 1200, y = 60 + (i * 61) % 440, letter = string.char(65 + i % 26),
            name = "Actor " .. i, color = rgba(r, gr, 200),
            ring = rgba(math.floor(r * 0.55), math.floor(gr * 0.55), math.floor(200 * 0.55)),
            speech = i % 2 == 0 and LINES[i % 3 + 1] or nil,
        }
        a.letterX = a.x - fonts.letter:getWidth(a.letter) / 2
        a.labelX = a.x - fonts.label:getWidth(a.name) / 2
        if a.speech then
            local width, wrapped = fonts.bubble:getWrap(a.speech, 280)
            a.lines, a.bw = wrapped, width + 28
            a.bh = #wrapped * fonts.bubble:getHeight() + 18
        end
        cast[#cast + 1] = a
    end
    table.sort(cast, function(p, q) return p.y < q.y end) -- nearest drawn last
    return cast
end

-- WorldView::layoutBubbles: each bubble above its speaker, lifted above any
-- neighbour it would cover, never above the top edge.
local function layoutBubbles(cast)
    local bubbles = {}
    for _, a in ipairs(cast) do
        if a.speech then
            local x = math.min(math.max(a.x - a.bw / 2, 12), WIDTH - a.bw - 12)
            bubbles[#bubbles + 1] = { actor = a, x = x, y = (a.head or a.y - 44) - a.bh, w = a.bw, h = a.bh }
        end
    end
    table.sort(bubbles, function(p, q) return p.actor.x < q.actor.x end)
    local gap = 8
    for i = 1, #bubbles do
        local b = bubbles[i]
        local moved = true
        while moved and b.y + b.h > 0 do
            moved = false
            for j = 1, i - 1 do
                local o = bubbles[j]
                if b.x < o.x + o.w + gap and o.x < b.x + b.w + gap and b.y < o.y + o.h + gap
                    and o.y < b.y + b.h + gap then
                    b.y = o.y - b.h - gap
                    moved = true
                end
            end
        end
    end
    for _, b in ipairs(bubbles) do
        b.y = math.max(12, b.y)
    end
    return bubbles
end

local function gradient(x, y, w, h, top, bottom)
    return love.graphics.newMesh({
        { x, y, 0, 0, unpack(top) }, { x + w, y, 1, 0, unpack(top) },
        { x + w, y + h, 1, 1, unpack(bottom) }, { x, y + h, 0, 1, unpack(bottom) },
    }, "fan", "static")
end

local function drawForest(g, sky, ground)
    g.setColor(C.white)
    g.draw(sky)
    g.draw(ground)
    g.setColor(C.moonGlow)
    g.circle("fill", MOON_X, 90, 75)
    g.setColor(C.moon)
    g.circle("fill", MOON_X, 90, 35)
    g.setColor(C.tree)
    for i = -1, 15 do
        local height = 46 + 22 * ((i * 7 + 3) % 5)
        local x, cy = i * 90 - TREE_SHIFT + 20 * ((i * 3) % 4), HORIZON - height / 2 + 4
        local half = height * 0.375
        g.polygon("fill", x, cy - height / 2, x + half, cy + height / 2, x - half, cy + height / 2)
    end
    g.setColor(C.grass)
    for row = 0, 4 do
        local y = HORIZON + 30 + row * (HEIGHT - HORIZON) / 5
        for x = (row % 2) * 80, WIDTH + 79, 160 do
            g.rectangle("fill", x, y, 2, 8)
            g.rectangle("fill", x + 5, y - 4, 2, 12)
            g.rectangle("fill", x + 10, y, 2, 8)
        end
    end
end

local function drawShadowedText(g, font, text, x, y, color)
    g.setFont(font)
    g.setColor(0, 0, 0, color[4] * 0.55)
    g.print(text, x + 2, y + 2)
    g.setColor(color)
    g.print(text, x, y)
end

local function drawActor(g, fonts, a)
    g.setColor(C.actorShadow)
    g.ellipse("fill", a.x, a.y + 24, 25, 6)
    g.setColor(a.ring)
    g.circle("fill", a.x, a.y, 25)
    g.setColor(a.color)
    g.circle("fill", a.x, a.y - 1, 22)
    g.setFont(fonts.letter)
    g.setColor(C.ink)
    g.print(a.letter, a.letterX, a.y - fonts.letter:getHeight() / 2 + 1)
    g.setColor(a.color) -- facing down: a small triangle below and right of the disc
    g.polygon("fill", a.x + 18, a.y + 18, a.x + 30, a.y + 18, a.x + 24, a.y + 30)
    drawShadowedText(g, fonts.label, a.name, a.labelX, a.y + 42, a.color)
end

local function drawBubble(g, fonts, b)
    local a = b.actor
    local tailX = math.min(math.max(a.x, b.x + 14), b.x + b.w - 14)
    local headY = (a.head or a.y - 44) + 6
    if headY - (b.y + b.h) > 12 then
        g.setColor(C.thread)
        g.rectangle("fill", tailX - 1, b.y + b.h, 2, headY - (b.y + b.h))
    end
    g.setColor(C.bubbleShadow)
    g.rectangle("fill", b.x + b.w, b.y + 4, 3, b.h)
    g.rectangle("fill", b.x + 3, b.y + b.h, b.w - 3, 4)
    g.setColor(C.paper)
    g.rectangle("fill", b.x, b.y, b.w, b.h)
    g.polygon("fill", tailX - 8, b.y + b.h - 1, tailX + 8, b.y + b.h - 1, tailX, b.y + b.h + 11)
    g.setColor(a.color)
    g.rectangle("fill", b.x, b.y, 5, b.h)
    g.setFont(fonts.bubble)
    g.setColor(C.ink)
    local lineHeight = fonts.bubble:getHeight()
    for i, line in ipairs(a.lines) do
        g.print(line, b.x + 16, b.y + 9 + (i - 1) * lineHeight)
    end
end

local function drawDialogue(g, fonts, portrait, lines)
    local boxX, boxW, boxBottom, size = 90, WIDTH - 180, HEIGHT - 28, 160
    local lineHeight = fonts.body:getHeight()
    local h = math.max(56 + #lines * lineHeight + 22, 150)
    local y = boxBottom - h
    g.setColor(C.panel)
    g.rectangle("fill", boxX, y, boxW, h)
    g.setColor(C.muted)
    g.rectangle("fill", boxX, y, boxW, 3)
    local px, py = boxX + 22, boxBottom - 22 - size
    g.setColor(C.portraitFrame)
    g.rectangle("fill", px - 4, py - 4, size + 8, size + 8)
    g.setColor(C.white)
    g.draw(portrait, px, py, 0, size / portrait:getWidth(), size / portrait:getHeight())
    for i, line in ipairs(lines) do
        drawShadowedText(g, fonts.body, line, boxX + size + 50, y + 24 + (i - 1) * lineHeight, C.panelText)
    end
    g.setColor(C.muted)
    local mx, my = boxX + boxW - 30, y + h - 24
    g.polygon("fill", mx - 6, my - 6, mx + 6, my, mx - 6, my + 6)
    g.setFont(fonts.hint)
    g.print("Space", boxX + boxW - 44 - fonts.hint:getWidth("Space"), y + h - 33)
end

-- The clock tower's cast (assets/maps/clocktower.map), nearest drawn last.
local function makeSprites(root, fonts)
    local g = love.graphics
    local function picture(name)
        return g.newImage(love.image.newImageData(readFile(root .. "/scripts/images/" .. name .. ".png")))
    end
    local sprites = {
        { name = "Hester", image = picture("hester/neutral"), x = 360, y = 470, color = rgba(156, 207, 159) },
        { name = "Bram", image = picture("bram/neutral"), x = 930, y = 470, color = rgba(217, 160, 208) },
        { name = "Kit", image = picture("kit/neutral"), x = 790, y = 478, color = rgba(240, 160, 106) },
    }
    for _, s in ipairs(sprites) do
        s.w, s.h = s.image:getWidth(), s.image:getHeight()
        s.labelX = s.x - fonts.label:getWidth(s.name) / 2
    end
    return sprites, picture("clocktower_dusk")
end

-- src/game/SpriteFrames.cpp's blink phase: FNV-1a of the id, in 32 bits.
local function blinkOffset(id)
    local bit = require("bit")
    local hash = 2166136261
    for i = 1, #id do
        hash = bit.bxor(hash, id:byte(i)) % 4294967296
        hash = (hash * 403 + (hash * 256 % 65536) * 65536) % 4294967296 -- * 16777619 in 32 bits
    end
    return (hash % 1000) / 1000 * 4.2
end

local PAINTED_CAST = { "george", "bob", "jackie", "jon", "kayla", "colin", "vesper", "rhea", "otto", "maren",
    "visitor", "ines", "pell", "wren", "tam", "hester", "kit", "bram" }
local FOREST_LAYERS = { "0.15-sky", "0.3-hills", "0.6-wood", "1-clearing" }

-- frame_bench's painted crowd: the same actors (bench/BenchCast.h's places in the band y 200..600), their
-- pictures loaded once per character.
local function makePainted(count, root, fonts)
    local g = love.graphics
    local loaded = {}
    local function picture(name)
        if not loaded[name] then
            loaded[name] = g.newImage(love.image.newImageData(readFile(root .. "/scripts/images/" .. name .. ".png")))
        end
        return loaded[name]
    end
    local layers = {}
    for _, name in ipairs(FOREST_LAYERS) do
        local image = picture("forest/" .. name)
        local w, h = image:getWidth(), image:getHeight()
        local scale = math.max(WIDTH / w, HEIGHT / h)
        layers[#layers + 1] = { image = image, x = (WIDTH - w * scale) / 2, y = (HEIGHT - h * scale) / 2,
            scale = scale }
    end
    local cast = {}
    for i = 0, count - 1 do
        local r, gr = 120 + i * 37 % 120, 120 + i * 53 % 120
        local who = PAINTED_CAST[i % 18 + 1]
        local a = { id = "a" .. i, x = 40 + (i * 97) % 1200, y = 200 + (i * 61) % 400, name = "Actor " .. i,
            color = rgba(r, gr, 200), speech = i % 2 == 0 and LINES[i % 3 + 1] or nil, walking = i % 2 == 1,
            left = math.floor(i / 2) % 2 == 1, still = picture(who .. "/neutral"),
            blink = picture(who .. "/neutral_blink_1"), offset = blinkOffset("a" .. i), walk = {} }
        for n = 1, 4 do
            a.walk[n] = picture(who .. "/walk_right_" .. n)
        end
        a.w, a.h = a.still:getWidth(), a.still:getHeight()
        a.labelX = a.x - fonts.label:getWidth(a.name) / 2
        if a.speech then
            local width, wrapped = fonts.bubble:getWrap(a.speech, 280)
            a.lines, a.bw = wrapped, width + 28
            a.bh = #wrapped * fonts.bubble:getHeight() + 18
            a.head = a.y + 24 - a.h - 4 -- the bubble speaks from above the picture
        end
        cast[#cast + 1] = a
    end
    table.sort(cast, function(p, q) return p.y < q.y end)
    return layers, cast
end

local function drawPainted(g, fonts, layers, cast, bubbles, t)
    g.setColor(C.white)
    for _, layer in ipairs(layers) do
        g.draw(layer.image, layer.x, layer.y, 0, layer.scale, layer.scale)
    end
    local step = math.floor(t * 8) % 4 + 1
    for _, a in ipairs(cast) do
        g.setColor(C.actorShadow)
        g.ellipse("fill", a.x, a.y + 24, math.max(50, a.w * 0.8) / 2, 6)
        g.setColor(C.white)
        if a.walking then
            local image = a.walk[step]
            if a.left then
                g.draw(image, a.x + a.w / 2, a.y + 24 - a.h, 0, -1, 1)
            else
                g.draw(image, a.x - a.w / 2, a.y + 24 - a.h)
            end
        else
            local image = (t + a.offset) % 4.2 < 1 / 12 and a.blink or a.still
            g.draw(image, a.x - a.w / 2, a.y + 24 - a.h)
        end
        drawShadowedText(g, fonts.label, a.name, a.labelX, a.y + 42, a.color)
    end
    for _, b in ipairs(bubbles) do
        drawBubble(g, fonts, b)
    end
end

local function drawPictures(g, fonts, sprites, backdrop)
    g.setColor(C.white)
    g.draw(backdrop, 0, 0, 0, WIDTH / backdrop:getWidth(), HEIGHT / backdrop:getHeight())
    for _, s in ipairs(sprites) do
        g.setColor(C.actorShadow)
        g.ellipse("fill", s.x, s.y + 24, math.max(50, s.w * 0.8) / 2, 6)
        g.setColor(C.white)
        g.draw(s.image, s.x - s.w / 2, s.y + 24 - s.h)
        drawShadowedText(g, fonts.label, s.name, s.labelX, s.y + 42, s.color)
    end
end

function love.run()
    local args = love.arg.parseGameArguments(arg)
    local count = tonumber(args[1]) or 100
    local frames = tonumber(args[2]) or 300
    local root = args[3] or "."
    local g = love.graphics
    local fonts = loadFonts(root)
    local pictures, painted = args[4] == "pictures", args[4] == "painted"
    local sprites, backdrop, layers, crowd, crowdBubbles
    if pictures then
        sprites, backdrop = makeSprites(root, fonts)
    elseif painted then
        layers, crowd = makePainted(count, root, fonts)
        crowdBubbles = layoutBubbles(crowd)
    end
    local clock = 10 -- frame_bench types the page out over 600 ticks first
    local portrait = g.newImage(love.image.newImageData(readFile(root .. "/assets/images/keeper.png")))
    local cast = painted and {} or makeCast(count, fonts)
    local sky = gradient(0, 0, WIDTH, HORIZON, C.skyTop, C.skyBottom)
    local ground = gradient(0, HORIZON, WIDTH, HEIGHT - HORIZON, C.groundTop, C.groundBottom)
    local _, dialogueLines = fonts.body:getWrap(DIALOGUE, 1190 - 28 - 300)

    local function draw()
        g.clear(0.1, 0.12, 0.16)
        if pictures then
            drawPictures(g, fonts, sprites, backdrop)
            return
        elseif painted then
            drawPainted(g, fonts, layers, crowd, crowdBubbles, clock)
            drawDialogue(g, fonts, portrait, dialogueLines)
            clock = clock + 1 / 60
            return
        end
        drawForest(g, sky, ground)
        for _, a in ipairs(cast) do
            drawActor(g, fonts, a)
        end
        for _, b in ipairs(layoutBubbles(cast)) do
            drawBubble(g, fonts, b)
        end
        drawDialogue(g, fonts, portrait, dialogueLines)
    end

    local times, last = {}, love.timer.getTime()
    local frame = 0
    return function()
        love.event.pump()
        for name in love.event.poll() do
            if name == "quit" then
                return 0
            end
        end
        draw()
        g.present()
        if frame == 0 then
            print(string.format("first_frame_realtime %.6f", realtime()))
        end
        local now = love.timer.getTime()
        if frame > 30 then
            times[#times + 1] = (now - last) * 1e3
        end
        last = now
        frame = frame + 1
        if frame > frames + 30 then
            table.sort(times)
            print(string.format("frames %d median_ms %.3f p99_ms %.3f", #times, times[math.floor(#times / 2) + 1],
                times[math.floor(#times * 99 / 100) + 1]))
            return 0
        end
    end
end
