#include "platform/Window.h"

#include <SDL.h>
#include <SDL_image.h>
#include <glad/gl.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#ifndef _WIN32
#include <fcntl.h>
#include <unistd.h>
#endif

namespace stagehand {

static_assert(kKeyMenu == SDLK_APPLICATION, "a right-click is the Menu key");

namespace {
[[noreturn]] void fail(const std::string& what) {
    throw PlatformError(what + ": " + SDL_GetError());
}
}  // namespace

namespace {
// SDL tries its drivers in turn, and libwayland writes its own complaint
// ("error: XDG_RUNTIME_DIR is invalid or not set in the environment.") to
// stderr while being probed: wherever X11 is not reachable, so on every
// --screenshot and --overflow-report run without a display, which succeed on
// SDL's offscreen driver. Every video start runs with stderr closed, so a
// missing display costs the player one line, ours (displayProblem), and a
// run that works prints nothing; SDL's own failures come back through
// SDL_GetError.
bool initVideoQuietly() {
#ifdef _WIN32
    return SDL_InitSubSystem(SDL_INIT_VIDEO) == 0;
#else
    std::fflush(stderr);
    int saved = dup(STDERR_FILENO);
    int null = open("/dev/null", O_WRONLY);
    if (saved >= 0 && null >= 0) dup2(null, STDERR_FILENO);
    bool ok = SDL_InitSubSystem(SDL_INIT_VIDEO) == 0;
    std::fflush(stderr);
    if (saved >= 0) {
        dup2(saved, STDERR_FILENO);
        close(saved);
    }
    if (null >= 0) close(null);
    return ok;
#endif
}
}  // namespace

std::string displayProblem() {
    if (!initVideoQuietly()) return std::string("no display can be opened (") + SDL_GetError() + ")";
    const char* driver = SDL_GetCurrentVideoDriver();
    std::string picked = driver ? driver : "";
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
    const char* asked = std::getenv("SDL_VIDEODRIVER");
    bool askedFor = asked && *asked;
    if (!askedFor && (picked == "offscreen" || picked == "dummy"))
        return "no display to show a window on (no X11 or Wayland display reachable; SDL fell back on its '" + picked +
               "' driver, which shows nothing)";
    return {};
}

Window::Window(const WindowOptions& options) {
    if (!initVideoQuietly()) fail("SDL_Init(video) failed");
#ifdef __EMSCRIPTEN__
    // The browser's WebGL 2 is OpenGL ES 3.0 (the shaders say so: GlProgram.cpp).
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
#else
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
#endif
#ifdef __APPLE__
    // Always required on Mac: a core profile context must be forward-compatible.
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, SDL_GL_CONTEXT_FORWARD_COMPATIBLE_FLAG);
#endif
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    Uint32 flags = SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    if (options.hidden) flags |= SDL_WINDOW_HIDDEN;
    if (options.fullscreen) flags |= SDL_WINDOW_FULLSCREEN_DESKTOP;
    window_ = SDL_CreateWindow(options.title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, options.width,
                               options.height, flags);
    if (!window_) {
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
        fail("cannot create the window");
    }
    context_ = SDL_GL_CreateContext(window_);
    if (!context_) {
        SDL_DestroyWindow(window_);
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
        fail("cannot create an OpenGL 3.3 core context");
    }
    if (!gladLoadGL(reinterpret_cast<GLADloadfunc>(SDL_GL_GetProcAddress))) {
        SDL_GL_DeleteContext(context_);
        SDL_DestroyWindow(window_);
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
        throw PlatformError("cannot load OpenGL 3.3 functions");
    }
#ifdef __EMSCRIPTEN__
    // The browser calls each frame at its display's rate (requestAnimationFrame,
    // runWindow in WindowGame.cpp): no swap interval to set (before the loop
    // exists it only warns) and no sleep after a frame (SDL_Delay would spin).
    frameCap_ = false;
#else
    SDL_GL_SetSwapInterval(options.vsync ? 1 : 0);  // vsync where the driver allows it; the loop copes either way
    frameCap_ = options.vsync;
#endif
}

void Window::setIcon(const std::string& file) {
    if (SDL_Surface* icon = IMG_Load(file.c_str())) {
        SDL_SetWindowIcon(window_, icon);
        SDL_FreeSurface(icon);
    } else {
        std::fprintf(stderr, "stagehand: cannot load the icon %s: %s\n", file.c_str(), IMG_GetError());
    }
}

Window::~Window() {
    if (frameBefore_) glDeleteSync(static_cast<GLsync>(frameBefore_));
    SDL_GL_DeleteContext(context_);
    SDL_DestroyWindow(window_);
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
}

void Window::drawableSize(int& width, int& height) const {
    SDL_GL_GetDrawableSize(window_, &width, &height);
}

// A software driver (Mesa's llvmpipe) only queues a frame's drawing for its
// own threads and returns. When other processes take the cores, those threads
// fall behind, and every queued frame holds its memory: the window grew to
// 2.5 GB in seconds and showed nothing (issue 40). So at most one frame waits
// in the driver: each swap first waits for the frame before it to be drawn.
void Window::swap() {
    SDL_GL_SwapWindow(window_);
#ifndef __EMSCRIPTEN__  // the browser paces its own frames, and WebGL may not wait on a fence
    waitForFrameBefore();
#endif
    if (frameCap_ && SDL_GL_GetSwapInterval() == 0) {
        double wait = frameCapWait(seconds() - lastSwap_);
        if (wait > 0) SDL_Delay(static_cast<Uint32>(wait * 1000.0));
    }
    lastSwap_ = seconds();
}

double Window::frameCapWait(double spentSeconds) {
    constexpr double kFrameSeconds = 1.0 / 120.0;
    return spentSeconds < kFrameSeconds ? kFrameSeconds - spentSeconds : 0.0;
}

void Window::waitForFrameBefore() {
    auto* drawn = static_cast<GLsync>(frameBefore_);
    if (drawn) {
        constexpr GLuint64 kNanoseconds = 100'000'000;  // a bounded wait, repeated: the driver may be very slow
        GLenum status = GL_TIMEOUT_EXPIRED;
        while (status == GL_TIMEOUT_EXPIRED) status = glClientWaitSync(drawn, GL_SYNC_FLUSH_COMMANDS_BIT, kNanoseconds);
        glDeleteSync(drawn);
    }
    frameBefore_ = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
}

double Window::seconds() {
    return static_cast<double>(SDL_GetPerformanceCounter()) / static_cast<double>(SDL_GetPerformanceFrequency());
}

// From the key events pollInput read rather than SDL_GetKeyboardState: the
// same for a real keyboard (SDL queues an event for every change, and key-ups
// for the keys still down when the window loses focus), and a key event pushed
// into SDL's queue (a test's) holds a key just as a real one does.
HeldKeys Window::heldKeys() const {
    auto down = [this](SDL_Scancode key) { return heldScancodes_.count(key) > 0; };
    HeldKeys held;
    held.up = down(SDL_SCANCODE_UP) || down(SDL_SCANCODE_W);
    held.down = down(SDL_SCANCODE_DOWN) || down(SDL_SCANCODE_S);
    held.left = down(SDL_SCANCODE_LEFT) || down(SDL_SCANCODE_A);
    held.right = down(SDL_SCANCODE_RIGHT) || down(SDL_SCANCODE_D);
    held.skip = down(SDL_SCANCODE_LCTRL) || down(SDL_SCANCODE_RCTRL) || down(SDL_SCANCODE_TAB);
    gamepads_.addHeld(held);
    return held;
}

bool Window::isFullscreen() const {
    return (SDL_GetWindowFlags(window_) & SDL_WINDOW_FULLSCREEN_DESKTOP) == SDL_WINDOW_FULLSCREEN_DESKTOP;
}

bool Window::hasFocus() const {
    return (SDL_GetWindowFlags(window_) & SDL_WINDOW_INPUT_FOCUS) != 0;
}

void Window::windowSize(int& width, int& height) const {
    SDL_GetWindowSize(window_, &width, &height);
}

void Window::toggleFullscreen() {
    bool full = (SDL_GetWindowFlags(window_) & SDL_WINDOW_FULLSCREEN_DESKTOP) == SDL_WINDOW_FULLSCREEN_DESKTOP;
    if (SDL_SetWindowFullscreen(window_, full ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP) != 0)
        std::fprintf(stderr, "stagehand: cannot switch fullscreen: %s\n", SDL_GetError());
}

std::vector<InputEvent> Window::pollInput() {
    std::vector<InputEvent> events;
    int windowW = 1, windowH = 1, drawW = 1, drawH = 1;
    SDL_GetWindowSize(window_, &windowW, &windowH);
    drawableSize(drawW, drawH);
    // Mouse positions come in window points; the view works in drawable pixels (high DPI).
    float sx = static_cast<float>(drawW) / static_cast<float>(windowW);
    float sy = static_cast<float>(drawH) / static_cast<float>(windowH);
    SDL_Event e;
    while (SDL_PollEvent(&e)) {
        if (gamepads_.handle(e, events)) continue;
        switch (e.type) {
            case SDL_QUIT: events.push_back({InputKind::Quit}); break;
            case SDL_KEYUP: heldScancodes_.erase(e.key.keysym.scancode); break;
            case SDL_KEYDOWN:
                heldScancodes_.insert(e.key.keysym.scancode);
                // F11 and Alt+Enter switch to and from desktop fullscreen here, for every screen.
                if (!e.key.repeat && (e.key.keysym.sym == SDLK_F11 ||
                                      (e.key.keysym.sym == SDLK_RETURN && (e.key.keysym.mod & KMOD_ALT)))) {
                    toggleFullscreen();
                    break;
                }
                events.push_back({InputKind::KeyDown, e.key.keysym.sym, e.key.repeat != 0});
                break;
            case SDL_MOUSEBUTTONDOWN:
                if (e.button.button == SDL_BUTTON_LEFT)
                    events.push_back({InputKind::MouseDown, 0, false, e.button.x * sx, e.button.y * sy});
                if (e.button.button == SDL_BUTTON_RIGHT) events.push_back({InputKind::KeyDown, kKeyMenu});
                break;
            case SDL_MOUSEWHEEL:
                if (e.wheel.y != 0) events.push_back({InputKind::Wheel, e.wheel.y > 0 ? 1 : -1});
                break;
            case SDL_MOUSEMOTION: {
                // Only a pointer that moved from where it was (see pointerKnown_).
                bool moved = pointerKnown_ && (e.motion.x != pointerX_ || e.motion.y != pointerY_);
                pointerKnown_ = true;
                pointerX_ = e.motion.x;
                pointerY_ = e.motion.y;
                if (moved) events.push_back({InputKind::MouseMove, 0, false, e.motion.x * sx, e.motion.y * sy});
                break;
            }
            default: break;
        }
    }
    return events;
}

}  // namespace stagehand
