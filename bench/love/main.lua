-- The frame of bench/frame_bench.cpp, drawn by LÖVE 11.4: N actors (a letter
-- in a disc with a name label), half of them with a wrapped speech bubble, and
-- a dialogue box with a portrait. Same fonts (DejaVu), same portrait, same
-- positions. Prints the realtime clock at the first presented frame, then the
-- median and p99 frame time.
--   usage: love bench/love N [FRAMES] [DATA_ROOT]
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

local LINES = {
    "Are we there yet? I think we are nearly there now.",
    "Look at the boats coming in with the evening tide.",
    "I left the lamp burning in the window for you.",
}

local function readFile(path)
    local f = assert(io.open(path, "rb"))
    local data = f:read("*a")
    f:close()
    return love.filesystem.newFileData(data, path)
end

function love.run()
    local args = love.arg.parseGameArguments(arg)
    local count = tonumber(args[1]) or 100
    local frames = tonumber(args[2]) or 300
    local root = args[3] or "."
    local g = love.graphics
    local fonts = {
        disc = g.newFont(readFile(root .. "/assets/fonts/DejaVuSans-Bold.ttf"), 30),
        name = g.newFont(readFile(root .. "/assets/fonts/DejaVuSans-Bold.ttf"), 16),
        bubble = g.newFont(readFile(root .. "/assets/fonts/DejaVuSans.ttf"), 19),
        body = g.newFont(readFile(root .. "/assets/fonts/DejaVuSans.ttf"), 24),
    }
    local portrait = g.newImage(love.image.newImageData(readFile(root .. "/assets/images/keeper.png")))
    local cast = {}
    for i = 0, count - 1 do
        cast[#cast + 1] = {
            x = 40 + (i * 97) % 1200, y = 60 + (i * 61) % 440,
            letter = string.char(65 + i % 26), name = "Actor " .. i,
            r = (120 + i * 37 % 120) / 255, gr = (120 + i * 53 % 120) / 255,
            speech = i % 2 == 0 and LINES[i % 3 + 1] or nil,
        }
    end
    local dialogue = "The lamp room smells of paraffin and salt. Maren, the keeper, polishes the brass and "
        .. "does not look up from her work."

    local function draw()
        g.clear(0.1, 0.12, 0.16)
        for _, a in ipairs(cast) do
            g.setColor(0, 0, 0, 0.35)
            g.ellipse("fill", a.x, a.y + 24, 22, 7)
            g.setColor(a.r, a.gr, 200 / 255)
            g.circle("fill", a.x, a.y, 24)
            g.setColor(0.1, 0.1, 0.12)
            g.setFont(fonts.disc)
            g.printf(a.letter, a.x - 24, a.y - 18, 48, "center")
            g.setFont(fonts.name)
            g.setColor(a.r, a.gr, 200 / 255)
            g.printf(a.name, a.x - 80, a.y + 32, 160, "center")
        end
        g.setFont(fonts.bubble)
        for _, a in ipairs(cast) do
            if a.speech then
                local _, wrapped = fonts.bubble:getWrap(a.speech, 280)
                local h = #wrapped * fonts.bubble:getHeight() + 20
                g.setColor(0.96, 0.95, 0.91, 0.95)
                g.rectangle("fill", a.x - 150, a.y - 40 - h, 300, h, 8, 8)
                g.setColor(0.1, 0.1, 0.12)
                g.printf(a.speech, a.x - 140, a.y - 30 - h, 280)
            end
        end
        g.setColor(0.06, 0.07, 0.1, 0.94)
        g.rectangle("fill", 90, 542, 1100, 150)
        g.setColor(0.92, 0.88, 0.78)
        g.rectangle("fill", 108, 510, 168, 168)
        g.setColor(1, 1, 1)
        g.draw(portrait, 112, 514, 0, 160 / portrait:getWidth(), 160 / portrait:getHeight())
        g.setFont(fonts.body)
        g.setColor(0.92, 0.92, 0.9)
        g.printf(dialogue, 300, 566, 860)
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
