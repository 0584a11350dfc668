// A linked GL shader program, owned (RAII).
#pragma once

#include <glad/gl.h>

#include <stdexcept>
#include <string>

namespace stagehand {

struct RenderError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

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
