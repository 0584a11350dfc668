// The SDL window with its OpenGL 3.3 core context, and input events.
#pragma once

#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "platform/Gamepads.h"
#include "platform/Input.h"

struct SDL_Window;

namespace stagehand {

struct PlatformError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct WindowOptions {
    std::string title = "Stagehand";
    int width = 1280, height = 720;
    bool hidden = false;      // screenshots render off screen
    bool fullscreen = false;  // desktop fullscreen
    bool vsync = true;        // false: no vsync and no frame cap (benchmarks)
};

// Empty when a window the player can see can be opened here; otherwise why
// not. SDL falls back on its "offscreen" driver when no X11 or Wayland
// display is reachable, and that window shows nothing: accepted only when the
// SDL_VIDEODRIVER environment variable asked for it (tests, screenshots).
// With `keepForTheWindow`, a video start that works is left running for the
// window to take over: stopping it and starting again left a gap in which a
// display server with no other client (Xvfb) reset and dropped the window's
// connection, and SDL fell back on its offscreen driver (issue 59: 1 start in
// 8 on a busy machine; seen here as ECONNRESET on a reconnect within 3-33 ms).
std::string displayProblem(bool keepForTheWindow = false);
// How many times this process started SDL's video (the tests count the window's).
int videoStarts();

class Window {
public:
    explicit Window(const WindowOptions& options);  // throws PlatformError with SDL_GetError()
    ~Window();
    Window(const Window&) = delete;
    Window& operator=(const Window&) = delete;

    void drawableSize(int& width, int& height) const;
    // Shows the frame. Without vsync (some drivers, Xvfb) it also sleeps off the
    // rest of a 1/120 s frame, so the loop does not spin a core for nothing.
    // At most one frame waits in the GL driver: before it returns, the frame
    // before this one has been drawn (see Window::swap for why).
    void swap();
    // What swap() sleeps without vsync after a frame that took `spentSeconds`:
    // the rest of 1/120 s, none for a slower frame.
    static double frameCapWait(double spentSeconds);
    std::vector<InputEvent> pollInput();
    // The keyboard's held keys and every controller's (D-pad, left stick, B/Back).
    // Keys are held from the key-down event pollInput read to the key-up.
    HeldKeys heldKeys() const;
    static double seconds();  // monotonic wall-clock time
    // Desktop fullscreen on and off (F11 and Alt+Enter in pollInput).
    void toggleFullscreen();
    bool isFullscreen() const;
    bool hasFocus() const;                           // keyboard focus: the player is looking at the game
    void windowSize(int& width, int& height) const;  // in screen coordinates
    // A game's icon (game.json): a picture file; one that does not load costs one line on stderr.
    void setIcon(const std::string& file);

private:
    Gamepads gamepads_;
    std::set<int> heldScancodes_;  // keys down, by position (WASD wherever the layout puts those letters)
    // Where the pointer was last told to be, in window points, once it has
    // been. A window that opens (or is uncovered) under a resting pointer is
    // told where the pointer is without the player moving it (X11's
    // EnterNotify; on Windows, and under wine, a WM_MOUSEMOVE for the window
    // now under the cursor): that position is only remembered, and pollInput
    // reports a motion when the pointer leaves it. So a menu does not follow
    // a pointer that merely rests over the window.
    bool pointerKnown_ = false;
    int pointerX_ = 0, pointerY_ = 0;
    void waitForFrameBefore();
    SDL_Window* window_ = nullptr;
    void* frameBefore_ = nullptr;  // GLsync: the fence after the last frame shown
    double lastSwap_ = 0;
    bool frameCap_ = true;
    void* context_ = nullptr;  // SDL_GLContext
};

}  // namespace stagehand
