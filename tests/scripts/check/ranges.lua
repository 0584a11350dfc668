-- --check: numbers outside the range a stage function allows
-- (ApiDescription.lua's `range`, which the engine's own check reads too).
SCENES = { "scene" }

function scene()
    waitProcess(zoomCamera(0.1, 1))
    waitProcess(zoomCamera(8, 1))
    waitProcess(shakeCamera(200, 1))
    waitProcess(shakeCamera(0, 1))
    waitProcess(shakeCamera(-1, 1))
end
