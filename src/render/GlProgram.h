// A linked GL shader program, owned (RAII).
#pragma once

#include <glad/gl.h>

#include <stdexcept>
#include <string>

namespace stagehand {

struct RenderError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A desktop shader (`#version 330 core` on its first line) for OpenGL ES 3.0,
// that is WebGL 2: the same text under `#version 300 es` with float precision
// stated (ES has no default in fragment shaders). The desktop source is the
// one source; a build for the browser compiles what this returns.
std::string glslForEs3(const std::string& desktopSource);

class GlProgram {
public:
    GlProgram(const char* vertexSource, const char* fragmentSource);  // throws RenderError with the GL log
    ~GlProgram();
    GlProgram(const GlProgram&) = delete;
    GlProgram& operator=(const GlProgram&) = delete;

    GLuint id() const { return program_; }
    GLint uniform(const char* name) const { return glGetUniformLocation(program_, name); }

private:
    GLuint program_ = 0;
};

}  // namespace stagehand
