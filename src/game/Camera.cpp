#include "game/Camera.h"

#include <algorithm>

namespace stagehand {

void Camera::setZoom(float zoom) {
    zoom_ = std::clamp(zoom, kMinZoom, kMaxZoom);
}

void Camera::follow(const std::string& actorId, float deadZone) {
    followed_ = actorId;
    deadZone_ = std::max(0.0f, deadZone);
}

Vec2 Camera::viewCenter() const {
    if (stillShakes_) return center_;
    return {center_.x + shake_.x, center_.y + shake_.y};
}

void Camera::advance(const Cast& cast) {
    if (followed_.empty()) return;
    const Actor* actor = cast.findActor(followed_);
    if (!actor) return;
    // The zone is in view units: closer in, it covers less of the world.
    float zone = deadZone_ / zoom_;
    center_.x = std::clamp(center_.x, actor->position.x - zone, actor->position.x + zone);
    center_.y = std::clamp(center_.y, actor->position.y - zone, actor->position.y + zone);
}

}  // namespace stagehand
