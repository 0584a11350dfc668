-- --check: a sprite is an image or a folder of them; a name that is neither is
-- found as play finds it (sprite: unknown image ...), the rest pass. An
-- expression is one some picture has (keeper_worried: "worried"); a name no
-- picture has is found as play finds it (expression: unknown expression ...).
SCENES = { "scene" }

function scene()
    sprite("jackie", "keepr")
    sprite("jackie", "keeper")
    expression("jackie", "worryed")
    expression("jackie", "worried")
    expression("jackie", "glad")
    expression("jackie", nil)
    sprite("jackie", nil)
end
