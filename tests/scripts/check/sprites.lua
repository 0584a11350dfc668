-- --check: a sprite is an image or a folder of them; a name that is neither is
-- found as play finds it (sprite: unknown image ...), the rest pass.
SCENES = { "scene" }

function scene()
    sprite("jackie", "keepr")
    sprite("jackie", "keeper")
    sprite("jackie", nil)
end
