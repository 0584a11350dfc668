-- --check on the camera and tween calls: each wrong literal below is one
-- finding in tests/golden/check/camera.txt; the right calls are none.
function scene()
    moveCamera("forest.jon_stop", 1.5, "inOutSine")
    zoomCamera(2, 1, "inQaud")
    tween("camera", "alpha", 1, 1)
    tween("jon", "position", "forest.jon_stop", 1, "outBack")
    shakeCamera(8, -1)
    followCamera("jonn")
    print(ease("bounce", 0.5))
    waitCamera()
end
