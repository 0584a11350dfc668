// Game controllers through SDL's GameController API (its mapping database
// knows most pads). Each pad is opened when plugged in and closed when pulled
// out. Its buttons become the keys the game already understands, so every
// screen works with a pad without knowing about pads:
//   A -> Enter (advance, choose)     D-pad or left stick -> arrow keys
//   B or Back -> kKeyCancel, and held: skip     Start -> kKeyPause
//   Y -> H (the history)
#pragma once

#include <SDL.h>

#include <map>
#include <vector>

#include "platform/Input.h"

namespace stagehand {

// Keys only a controller sends: Start (pause) and B/Back (cancel, skip).
constexpr int kKeyPause = SDLK_PAUSE;
constexpr int kKeyCancel = SDLK_AC_BACK;

class Gamepads {
public:
    Gamepads();  // opens the game-controller subsystem and the pads already there
    ~Gamepads();
    Gamepads(const Gamepads&) = delete;
    Gamepads& operator=(const Gamepads&) = delete;

    // Turns one SDL event into game input; true if it was a controller's.
    bool handle(const SDL_Event& event, std::vector<InputEvent>& out);
    // Adds what the pads hold (D-pad, left stick, B or Back) to `held`.
    void addHeld(HeldKeys& held) const;
    int count() const { return static_cast<int>(pads_.size()); }

    // The key a button stands for, or 0.
    static int keyFor(SDL_GameControllerButton button);

private:
    void open(int deviceIndex, std::vector<InputEvent>* out);
    std::map<SDL_JoystickID, SDL_GameController*> pads_;
    std::map<SDL_JoystickID, int> stickX_, stickY_;  // the left stick's last direction: -1, 0 or 1
    bool ready_ = false;
};

}  // namespace stagehand
