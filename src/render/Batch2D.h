// 2D batch renderer: coloured and textured quads gathered into one vertex
// buffer and drawn with one draw call per texture change. Text and shapes
// share the glyph atlas (shapes use its white texel), so a frame of world,
// bubbles and dialogue is a handful of draw calls.
#pragma once

#include <glad/gl.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "render/Color.h"
#include "render/GlProgram.h"

namespace stagehand {

struct TextureRegion {
    float u0 = 0, v0 = 0, u1 = 0, v1 = 0;
};

// The batch's shaders as written (GLSL 3.30 core); the browser's build
// compiles their OpenGL ES 3.0 form (glslForEs3), and a test compiles that form too.
struct BatchShaderSources {
    const char* vertex;
    const char* fragment;       // textured and tinted, or coverage (the glyph atlas)
    const char* solidFragment;  // setOpaque's fills
};
BatchShaderSources batchShaderSources();

class Batch2D {
public:
    Batch2D();
    ~Batch2D();
    Batch2D(const Batch2D&) = delete;
    Batch2D& operator=(const Batch2D&) = delete;

    // Starts a frame: `viewWidth` x `viewHeight` units map onto the current viewport.
    void begin(float viewWidth, float viewHeight);
    // Sets the texture for following quads; `alphaOnly` textures (the glyph
    // atlas) are one channel of coverage tinted by the quad colour.
    void setTexture(GLuint texture, bool alphaOnly);
    void quad(float x, float y, float w, float h, const TextureRegion& uv, Color color);
    // A quad whose top edge is shifted `slant` to the right of its bottom
    // edge: an oblique glyph drawn from an upright one.
    void slantedQuad(float x, float y, float w, float h, const TextureRegion& uv, Color color, float slant);
    void rect(float x, float y, float w, float h, Color color);
    void frame(float x, float y, float w, float h, float thickness, Color color);
    void gradientRect(float x, float y, float w, float h, Color top, Color bottom);
    void flush();
    // Draws what follows as opaque solid fills (flushing first): no blending
    // and no texture read, the cheapest pixels a software rasteriser can
    // fill, for what covers the screen first (a backdrop's sky and ground).
    // Only rect() and gradientRect() may be drawn while it is on (alpha is
    // ignored); begin() turns it off.
    void setOpaque(bool opaque);
    // Draws what follows without blending (flushing first), textured as ever:
    // a picture known to be opaque that covers what is beneath (a backdrop's
    // farthest layer) costs a software rasteriser less per pixel. begin() turns
    // blending back on.
    void setBlending(bool on);
    void end() {
        flush();
        resetScale();
    }
    // Scales what follows by `scale` about (pivotX, pivotY), in view units:
    // the camera's zoom, applied to positions as quads are added (no flush).
    void setScale(float scale, float pivotX, float pivotY) { scale_ = scale, pivotX_ = pivotX, pivotY_ = pivotY; }
    void resetScale() { scale_ = 1; }

    void setWhiteTexel(GLuint texture, TextureRegion white) { whiteTexture_ = texture, white_ = white; }
    int drawCalls() const { return drawCalls_; }
    void resetStats() { drawCalls_ = 0; }

private:
    void scaled(float& x, float& y, float& w, float& h) const;
    struct Vertex {
        float x, y, u, v;
        std::uint8_t r, g, b, a;
    };

    std::unique_ptr<GlProgram> program_;
    std::unique_ptr<GlProgram> solidProgram_;  // setOpaque's: colour only
    bool opaque_ = false;
    bool blending_ = true;
    GLuint vao_ = 0, vbo_ = 0;
    std::vector<Vertex> vertices_;
    GLuint texture_ = 0;
    bool alphaOnly_ = true;
    GLuint whiteTexture_ = 0;
    TextureRegion white_;
    float viewWidth_ = 1, viewHeight_ = 1;
    float scale_ = 1, pivotX_ = 0, pivotY_ = 0;
    int drawCalls_ = 0;
};

}  // namespace stagehand
