// Where the stage is seen from: the camera's centre and zoom, the actor it
// follows (with a dead zone), and the offset of a shake. Scenes move it with
// tweens (scripts/StageSupport.lua) that set these values once per tick on
// their group's clock; following is the world's own, once per tick after the
// cast moved. Knows nothing of Lua or drawing.
#pragma once

#include <string>

#include "game/Cast.h"

namespace stagehand {

class Camera {
public:
    static constexpr float kMinZoom = 0.25f, kMaxZoom = 8.0f;

    // Where a scene put the camera (setCameraCenter, a tween's step).
    void setCenter(Vec2 center) { center_ = center; }
    Vec2 center() const { return center_; }
    // 1 is the stage at its size, 2 twice as close; clamped to kMinZoom..kMaxZoom.
    void setZoom(float zoom);
    float zoom() const { return zoom_; }

    // Keeps `actorId` in view: while it stays within `deadZone` view units of
    // the centre (across and down) the camera holds still; past that the
    // centre follows so it stays on the zone's edge. An empty id stops.
    void follow(const std::string& actorId, float deadZone);
    const std::string& following() const { return followed_; }
    float deadZone() const { return deadZone_; }

    // A shake's offset this tick, in world units (0,0 when none runs).
    void setShakeOffset(Vec2 offset) { shake_ = offset; }
    Vec2 shakeOffset() const { return shake_; }
    // The player's "reduce flashes and shakes": a shake keeps its timing and
    // events but the view holds still.
    void setStillShakes(bool still) { stillShakes_ = still; }
    bool stillShakes() const { return stillShakes_; }

    // The point drawn at the middle of the view: the centre, shaken unless
    // shakes are still.
    Vec2 viewCenter() const;

    // Follows the followed actor (if it is in the cast).
    void advance(const Cast& cast);

private:
    Vec2 center_{640, 360};
    float zoom_ = 1;
    std::string followed_;
    float deadZone_ = 0;
    Vec2 shake_{0, 0};
    bool stillShakes_ = false;
};

}  // namespace stagehand
