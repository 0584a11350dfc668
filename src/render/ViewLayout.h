// Maps the fixed 1280x720 design view onto any drawable size, letterboxed,
// keeping the aspect ratio; text is rasterised at the resulting scale.
#pragma once

#include <algorithm>

#include <glad/gl.h>

namespace stagehand {

struct ViewLayout {
    static constexpr float kWidth = 1280, kHeight = 720;

    float scale = 1;  // drawable pixels per view unit
    float offsetX = 0, offsetY = 0;

    static ViewLayout fit(int drawableWidth, int drawableHeight) {
        ViewLayout v;
        v.scale = std::max(0.05f, std::min(drawableWidth / kWidth, drawableHeight / kHeight));
        v.offsetX = (drawableWidth - kWidth * v.scale) / 2;
        v.offsetY = (drawableHeight - kHeight * v.scale) / 2;
        return v;
    }

    void applyViewport() const {
        glViewport(static_cast<GLint>(offsetX), static_cast<GLint>(offsetY), static_cast<GLsizei>(kWidth * scale),
                   static_cast<GLsizei>(kHeight * scale));
    }

    // Drawable pixel position -> view units.
    float toViewX(float px) const { return (px - offsetX) / scale; }
    float toViewY(float py) const { return (py - offsetY) / scale; }
};

}  // namespace stagehand
