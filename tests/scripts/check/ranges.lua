-- --check: numbers outside the range a stage function allows
-- (ApiDescription.lua's `range`, which the engine's own check reads too: each
-- scene plays to the same words, tests/CMakeLists.txt).
SCENES = { "zoom", "shake" }

function zoom()
    waitProcess(zoomCamera(0.1, 1))
    waitProcess(zoomCamera(8, 1))
end

function shake()
    waitProcess(shakeCamera(200, 1))
    waitProcess(shakeCamera(0, 1))
    waitProcess(shakeCamera(-1, 1))
end
