-- No window, no sound: the scheduler needs only LÖVE's filesystem and events.
function love.conf(t)
    t.window = false
    for _, name in ipairs({ "audio", "sound", "graphics", "window", "image", "font", "joystick", "touch",
        "keyboard", "mouse", "video", "physics" }) do
        t.modules[name] = false
    end
end
