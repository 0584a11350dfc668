// An offscreen framebuffer to render a frame into and read it back (screenshots).
#pragma once

#include <glad/gl.h>

#include <cstdint>
#include <vector>

namespace stagehand {

class OffscreenTarget {
public:
    OffscreenTarget(int width, int height);  // throws RenderError if incomplete
    ~OffscreenTarget();
    OffscreenTarget(const OffscreenTarget&) = delete;
    OffscreenTarget& operator=(const OffscreenTarget&) = delete;

    void bind();
    static void unbind();
    // RGB bytes, rows top to bottom.
    std::vector<std::uint8_t> readRgb() const;

private:
    int width_, height_;
    GLuint framebuffer_ = 0, colour_ = 0;
};

}  // namespace stagehand
