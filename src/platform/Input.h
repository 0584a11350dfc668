// Input as the game sees it: events from the keyboard, the mouse and game
// controllers, and what is held down this frame.
#pragma once

namespace stagehand {

// Wheel: key +1 up, -1 down. PadAdded/PadRemoved: a game controller was
// plugged in or out (hot-plug); its buttons arrive as KeyDown (see Gamepads.h).
enum class InputKind { Quit, KeyDown, MouseDown, MouseMove, Wheel, PadAdded, PadRemoved };

// Keys held down right now (for movement and skipping, which last while held).
struct HeldKeys {
    bool up = false, down = false, left = false, right = false;
    bool skip = false;  // Ctrl or Tab; B or Back on a controller
};

// A right-click arrives as this key (the keyboard's Menu key, which means the
// same): it opens and closes the pause overlay and closes the history, so the
// mouse alone reaches every screen.
constexpr int kKeyMenu = 0x40000065;  // SDLK_APPLICATION, without including SDL here

struct InputEvent {
    InputKind kind;
    int key = 0;  // SDL_Keycode for KeyDown
    bool repeat = false;
    float x = 0, y = 0;    // drawable pixels for mouse events
    bool fromPad = false;  // a game controller's button or stick, as a key
};

}  // namespace stagehand
