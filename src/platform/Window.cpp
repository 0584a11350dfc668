#include "platform/Window.h"

#include <SDL.h>
#include <SDL_image.h>
#include <glad/gl.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>
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
int startsSoFar = 0;

bool initVideoQuietly() {
    ++startsSoFar;
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

namespace {
bool driverAskedFor() {
    const char* asked = std::getenv("SDL_VIDEODRIVER");
    return asked && *asked;
}

bool onDriverThatShowsNothing() {
    const char* driver = SDL_GetCurrentVideoDriver();
    return driver && (std::strcmp(driver, "offscreen") == 0 || std::strcmp(driver, "dummy") == 0);
}

// The display drivers the environment names (X11's DISPLAY, WAYLAND_DISPLAY),
// in SDL 2's own order (X11 first), each with the display it names.
std::vector<std::pair<const char*, std::string>> namedDisplays() {
    std::vector<std::pair<const char*, std::string>> named;
#if !defined(_WIN32) && !defined(__APPLE__) && !defined(__EMSCRIPTEN__)
    for (const auto& [driver, variable] :
         {std::pair<const char*, const char*>{"x11", "DISPLAY"}, {"wayland", "WAYLAND_DISPLAY"}})
        if (const char* value = std::getenv(variable); value && *value)
            named.emplace_back(driver, std::string(variable) + "=" + value);
#endif
    return named;
}

constexpr int kDisplayAttempts = 4;
constexpr Uint32 kAttemptPauseMs = 250;  // a longer pause each time: 0.25, 0.5, 0.75 s

// Starts SDL's video; empty when it runs on a driver that shows a window, or
// on one that shows nothing because SDL_VIDEODRIVER asked for it; otherwise
// why not, with video stopped. SDL tries each display driver once and, when
// none starts, falls back on its offscreen driver without a word. On a busy
// machine X11's start failed now and then although its display was there
// (issue 59: 1 start in 8 ran with no window, no message and a core drawing
// frames nobody saw). So a start that landed there unasked while the
// environment names a display starts again on that display's driver, a few
// times with a pause, and says which display did not open.
std::string startVideo() {
    bool started = initVideoQuietly();
    if (started && (driverAskedFor() || !onDriverThatShowsNothing())) return {};
    std::string why = started ? "" : SDL_GetError();
    if (started) SDL_QuitSubSystem(SDL_INIT_VIDEO);
    const auto displays = namedDisplays();
    if (driverAskedFor() || displays.empty())
        return started ? "no display to show a window on (no X11 or Wayland display named; SDL fell back on its "
                         "'offscreen' driver, which shows nothing)"
                       : "no display can be opened (" + why + ")";
    std::string tried;
    for (int attempt = 0; attempt < kDisplayAttempts; ++attempt) {
        if (attempt > 0) SDL_Delay(kAttemptPauseMs * static_cast<Uint32>(attempt));
        for (const auto& [driver, display] : displays) {
            // (Over an SDL_VIDEODRIVER set empty, which a normal hint would not override.)
            SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, driver, SDL_HINT_OVERRIDE);
            started = initVideoQuietly();
            why = started ? std::string("SDL started '") + SDL_GetCurrentVideoDriver() + "', which shows nothing"
                          : SDL_GetError();
            SDL_ResetHint(SDL_HINT_VIDEODRIVER);
            if (started && !onDriverThatShowsNothing()) return {};
            if (started) SDL_QuitSubSystem(SDL_INIT_VIDEO);
        }
    }
    for (const auto& named : displays) tried += (tried.empty() ? "" : " nor ") + named.second;
    return "the display did not open (" + tried + ", tried " + std::to_string(kDisplayAttempts) + " times: " + why +
           ")";
}
}  // namespace

std::string displayProblem(bool keepForTheWindow) {
    std::string problem = startVideo();
    if (problem.empty() && !keepForTheWindow) SDL_QuitSubSystem(SDL_INIT_VIDEO);
    return problem;
}

int videoStarts() {
    return startsSoFar;
}

Window::Window(const WindowOptions& options) {
    // A window a player will see is started again, not trusted to be as
    // displayProblem found it: its display may have failed to open this time
    // (startVideo says why). A hidden one (--screenshot, --overflow-report)
    // draws where it can, SDL's offscreen driver included.
    if (options.hidden) {
        if (!initVideoQuietly()) fail("SDL_Init(video) failed");
    } else if (SDL_WasInit(SDL_INIT_VIDEO) && (driverAskedFor() || !onDriverThatShowsNothing())) {
        // The display check's start, kept for this window (displayProblem): one more reference to it.
        if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) fail("SDL_Init(video) failed");
    } else if (std::string problem = startVideo(); !problem.empty()) {
        throw PlatformError("cannot open the window: " + problem);
    }
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
