-- The LÖVE side of bench/frames_vs_love.sh: a 1280x720 window, vsync off.
function love.conf(t)
    t.window.title = "frame_bench (LÖVE)"
    t.window.width = 1280
    t.window.height = 720
    t.window.vsync = 0
    t.modules.audio = false
    t.modules.sound = false
    t.modules.joystick = false
    t.modules.physics = false
end
