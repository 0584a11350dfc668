#include "render/Batch2D.h"

#include <cstddef>

namespace stagehand {

namespace {

const char* const kVertexShader = R"(#version 330 core
layout(location = 0) in vec2 aPosition;
layout(location = 1) in vec2 aUv;
layout(location = 2) in vec4 aColor;
uniform vec2 uViewSize;
out vec2 vUv;
out vec4 vColor;
void main() {
    vec2 p = aPosition / uViewSize * 2.0 - 1.0;
    gl_Position = vec4(p.x, -p.y, 0.0, 1.0);
    vUv = aUv;
    vColor = aColor;
}
)";

const char* const kFragmentShader = R"(#version 330 core
in vec2 vUv;
in vec4 vColor;
uniform sampler2D uTexture;
uniform int uAlphaOnly;
out vec4 fragColor;
void main() {
    vec4 t = texture(uTexture, vUv);
    fragColor = uAlphaOnly == 1 ? vec4(vColor.rgb, vColor.a * t.r) : vColor * t;
}
)";

// setOpaque's fills: the colour alone, with no texture read or blending.
const char* const kSolidFragmentShader = R"(#version 330 core
in vec4 vColor;
out vec4 fragColor;
void main() {
    fragColor = vec4(vColor.rgb, 1.0);
}
)";

constexpr std::size_t kMaxQuads = 16384;

}  // namespace

BatchShaderSources batchShaderSources() {
    return {kVertexShader, kFragmentShader, kSolidFragmentShader};
}

Batch2D::Batch2D()
    : program_(std::make_unique<GlProgram>(kVertexShader, kFragmentShader)),
      solidProgram_(std::make_unique<GlProgram>(kVertexShader, kSolidFragmentShader)) {
    glGenVertexArrays(1, &vao_);
    glGenBuffers(1, &vbo_);
    glBindVertexArray(vao_);
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    glBufferData(GL_ARRAY_BUFFER, kMaxQuads * 6 * sizeof(Vertex), nullptr, GL_STREAM_DRAW);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(Vertex), reinterpret_cast<void*>(offsetof(Vertex, x)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, sizeof(Vertex), reinterpret_cast<void*>(offsetof(Vertex, u)));
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(Vertex),
                          reinterpret_cast<void*>(offsetof(Vertex, r)));
    glBindVertexArray(0);
    vertices_.reserve(kMaxQuads * 6);
}

Batch2D::~Batch2D() {
    glDeleteBuffers(1, &vbo_);
    glDeleteVertexArrays(1, &vao_);
}

void Batch2D::begin(float viewWidth, float viewHeight) {
    viewWidth_ = viewWidth;
    viewHeight_ = viewHeight;
    vertices_.clear();
    opaque_ = false;
    blending_ = true;
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glDisable(GL_DEPTH_TEST);
    setTexture(whiteTexture_, true);
}

void Batch2D::setTexture(GLuint texture, bool alphaOnly) {
    if (texture == texture_ && alphaOnly == alphaOnly_) return;
    flush();
    texture_ = texture;
    alphaOnly_ = alphaOnly;
}

void Batch2D::scaled(float& x, float& y, float& w, float& h) const {
    if (scale_ == 1) return;
    x = pivotX_ + (x - pivotX_) * scale_;
    y = pivotY_ + (y - pivotY_) * scale_;
    w *= scale_;
    h *= scale_;
}

void Batch2D::quad(float x, float y, float w, float h, const TextureRegion& uv, Color c) {
    if (vertices_.size() + 6 > kMaxQuads * 6) flush();
    scaled(x, y, w, h);
    Vertex tl{x, y, uv.u0, uv.v0, c.r, c.g, c.b, c.a};
    Vertex tr{x + w, y, uv.u1, uv.v0, c.r, c.g, c.b, c.a};
    Vertex bl{x, y + h, uv.u0, uv.v1, c.r, c.g, c.b, c.a};
    Vertex br{x + w, y + h, uv.u1, uv.v1, c.r, c.g, c.b, c.a};
    vertices_.insert(vertices_.end(), {tl, tr, bl, tr, br, bl});
}

void Batch2D::slantedQuad(float x, float y, float w, float h, const TextureRegion& uv, Color c, float slant) {
    if (vertices_.size() + 6 > kMaxQuads * 6) flush();
    Vertex tl{x + slant, y, uv.u0, uv.v0, c.r, c.g, c.b, c.a};
    Vertex tr{x + w + slant, y, uv.u1, uv.v0, c.r, c.g, c.b, c.a};
    Vertex bl{x, y + h, uv.u0, uv.v1, c.r, c.g, c.b, c.a};
    Vertex br{x + w, y + h, uv.u1, uv.v1, c.r, c.g, c.b, c.a};
    vertices_.insert(vertices_.end(), {tl, tr, bl, tr, br, bl});
}

void Batch2D::rect(float x, float y, float w, float h, Color color) {
    if (texture_ != whiteTexture_) setTexture(whiteTexture_, true);
    quad(x, y, w, h, white_, color);
}

void Batch2D::gradientRect(float x, float y, float w, float h, Color top, Color bottom) {
    if (texture_ != whiteTexture_) setTexture(whiteTexture_, true);
    if (vertices_.size() + 6 > kMaxQuads * 6) flush();
    scaled(x, y, w, h);
    const TextureRegion& uv = white_;
    Vertex tl{x, y, uv.u0, uv.v0, top.r, top.g, top.b, top.a};
    Vertex tr{x + w, y, uv.u1, uv.v0, top.r, top.g, top.b, top.a};
    Vertex bl{x, y + h, uv.u0, uv.v1, bottom.r, bottom.g, bottom.b, bottom.a};
    Vertex br{x + w, y + h, uv.u1, uv.v1, bottom.r, bottom.g, bottom.b, bottom.a};
    vertices_.insert(vertices_.end(), {tl, tr, bl, tr, br, bl});
}

void Batch2D::frame(float x, float y, float w, float h, float t, Color color) {
    rect(x, y, w, t, color);
    rect(x, y + h - t, w, t, color);
    rect(x, y + t, t, h - 2 * t, color);
    rect(x + w - t, y + t, t, h - 2 * t, color);
}

void Batch2D::setOpaque(bool opaque) {
    if (opaque == opaque_) return;
    flush();
    opaque_ = opaque;
    if (opaque)
        glDisable(GL_BLEND);
    else
        glEnable(GL_BLEND);
}

void Batch2D::setBlending(bool on) {
    if (on == blending_) return;
    flush();
    blending_ = on;
    if (on)
        glEnable(GL_BLEND);
    else
        glDisable(GL_BLEND);
}

void Batch2D::flush() {
    if (vertices_.empty()) return;
    if (opaque_) {
        glUseProgram(solidProgram_->id());
        glUniform2f(solidProgram_->uniform("uViewSize"), viewWidth_, viewHeight_);
    } else {
        glUseProgram(program_->id());
        glUniform2f(program_->uniform("uViewSize"), viewWidth_, viewHeight_);
        glUniform1i(program_->uniform("uTexture"), 0);
        glUniform1i(program_->uniform("uAlphaOnly"), alphaOnly_ ? 1 : 0);
    }
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, texture_);
    glBindVertexArray(vao_);
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(vertices_.size() * sizeof(Vertex)), vertices_.data());
    glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(vertices_.size()));
    glBindVertexArray(0);
    ++drawCalls_;
    vertices_.clear();
}

}  // namespace stagehand
