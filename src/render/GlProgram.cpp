#include "render/GlProgram.h"

#include <vector>

namespace stagehand {

namespace {

GLuint compile(GLenum type, const char* desktopSource) {
#ifdef __EMSCRIPTEN__
    std::string text = glslForEs3(desktopSource);
    const char* source = text.c_str();
#else
    const char* source = desktopSource;
#endif
    GLuint shader = glCreateShader(type);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        GLint length = 0;
        glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
        std::vector<char> log(static_cast<std::size_t>(length) + 1);
        glGetShaderInfoLog(shader, length, nullptr, log.data());
        glDeleteShader(shader);
        throw RenderError(std::string(type == GL_VERTEX_SHADER ? "vertex" : "fragment") +
                          " shader does not compile: " + log.data());
    }
    return shader;
}

}  // namespace

std::string glslForEs3(const std::string& desktopSource) {
    std::size_t lineEnd = desktopSource.find('\n');
    std::string rest = lineEnd == std::string::npos ? "" : desktopSource.substr(lineEnd + 1);
    return "#version 300 es\nprecision highp float;\n" + rest;
}

GlProgram::GlProgram(const char* vertexSource, const char* fragmentSource) {
    GLuint vertex = compile(GL_VERTEX_SHADER, vertexSource);
    GLuint fragment = 0;
    try {
        fragment = compile(GL_FRAGMENT_SHADER, fragmentSource);
    } catch (...) {
        glDeleteShader(vertex);
        throw;
    }
    program_ = glCreateProgram();
    glAttachShader(program_, vertex);
    glAttachShader(program_, fragment);
    glLinkProgram(program_);
    glDeleteShader(vertex);
    glDeleteShader(fragment);
    GLint ok = 0;
    glGetProgramiv(program_, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[1024] = {};
        glGetProgramInfoLog(program_, sizeof log, nullptr, log);
        glDeleteProgram(program_);
        throw RenderError(std::string("shader program does not link: ") + log);
    }
}

GlProgram::~GlProgram() {
    glDeleteProgram(program_);
}

}  // namespace stagehand
