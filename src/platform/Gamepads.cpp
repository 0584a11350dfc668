#include "platform/Gamepads.h"

#include <cstdlib>

namespace stagehand {

namespace {
// A stick counts as pushed past 40% of its travel; it lets go below 25%, so a
// stick resting near the line does not send a stream of presses.
constexpr int kPushed = 13107, kReleased = 8192;

int direction(int value, int previous) {
    if (value <= -kPushed) return -1;
    if (value >= kPushed) return 1;
    return std::abs(value) < kReleased ? 0 : previous;
}
}  // namespace

Gamepads::Gamepads() {
    ready_ = SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) == 0;
    if (!ready_) return;  // no controllers on this machine's SDL: keyboard and mouse only
    for (int i = 0; i < SDL_NumJoysticks(); ++i) open(i, nullptr);
}

Gamepads::~Gamepads() {
    for (auto& [id, pad] : pads_) SDL_GameControllerClose(pad);
    if (ready_) SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER);
}

void Gamepads::open(int deviceIndex, std::vector<InputEvent>* out) {
    if (!SDL_IsGameController(deviceIndex)) return;
    SDL_GameController* pad = SDL_GameControllerOpen(deviceIndex);
    if (!pad) return;
    SDL_JoystickID id = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(pad));
    if (pads_.count(id)) {
        SDL_GameControllerClose(pad);  // already open (added before the subsystem reported it)
        return;
    }
    pads_[id] = pad;
    if (out) out->push_back({InputKind::PadAdded, 0, false, 0, 0, true});
}

int Gamepads::keyFor(SDL_GameControllerButton button) {
    switch (button) {
        case SDL_CONTROLLER_BUTTON_A: return SDLK_RETURN;
        case SDL_CONTROLLER_BUTTON_B:
        case SDL_CONTROLLER_BUTTON_BACK: return kKeyCancel;
        case SDL_CONTROLLER_BUTTON_START: return kKeyPause;
        case SDL_CONTROLLER_BUTTON_Y: return SDLK_h;
        case SDL_CONTROLLER_BUTTON_DPAD_UP: return SDLK_UP;
        case SDL_CONTROLLER_BUTTON_DPAD_DOWN: return SDLK_DOWN;
        case SDL_CONTROLLER_BUTTON_DPAD_LEFT: return SDLK_LEFT;
        case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: return SDLK_RIGHT;
        case SDL_CONTROLLER_BUTTON_LEFTSHOULDER: return SDLK_PAGEUP;     // roll back
        case SDL_CONTROLLER_BUTTON_RIGHTSHOULDER: return SDLK_PAGEDOWN;  // roll forward
        default: return 0;
    }
}

bool Gamepads::handle(const SDL_Event& e, std::vector<InputEvent>& out) {
    switch (e.type) {
        case SDL_CONTROLLERDEVICEADDED: open(e.cdevice.which, &out); return true;
        case SDL_CONTROLLERDEVICEREMOVED: {
            auto it = pads_.find(e.cdevice.which);
            if (it != pads_.end()) {
                SDL_GameControllerClose(it->second);
                pads_.erase(it);
                stickX_.erase(e.cdevice.which);
                stickY_.erase(e.cdevice.which);
                out.push_back({InputKind::PadRemoved, 0, false, 0, 0, true});
            }
            return true;
        }
        case SDL_CONTROLLERBUTTONDOWN: {
            int key = keyFor(static_cast<SDL_GameControllerButton>(e.cbutton.button));
            if (key) out.push_back({InputKind::KeyDown, key, false, 0, 0, true});
            return true;
        }
        case SDL_CONTROLLERAXISMOTION: {
            // The left stick moves through menus like the D-pad: one press per push.
            bool horizontal = e.caxis.axis == SDL_CONTROLLER_AXIS_LEFTX;
            if (!horizontal && e.caxis.axis != SDL_CONTROLLER_AXIS_LEFTY) return true;
            int& last = (horizontal ? stickX_ : stickY_)[e.caxis.which];
            int now = direction(e.caxis.value, last);
            if (now != 0 && now != last) {
                int key = horizontal ? (now < 0 ? SDLK_LEFT : SDLK_RIGHT) : (now < 0 ? SDLK_UP : SDLK_DOWN);
                out.push_back({InputKind::KeyDown, key, false, 0, 0, true});
            }
            last = now;
            return true;
        }
        case SDL_CONTROLLERBUTTONUP:
        case SDL_CONTROLLERDEVICEREMAPPED: return true;
        default: return false;
    }
}

void Gamepads::addHeld(HeldKeys& held) const {
    for (const auto& [id, pad] : pads_) {
        auto button = [pad = pad](SDL_GameControllerButton b) { return SDL_GameControllerGetButton(pad, b) != 0; };
        int x = SDL_GameControllerGetAxis(pad, SDL_CONTROLLER_AXIS_LEFTX);
        int y = SDL_GameControllerGetAxis(pad, SDL_CONTROLLER_AXIS_LEFTY);
        held.up = held.up || button(SDL_CONTROLLER_BUTTON_DPAD_UP) || y <= -kPushed;
        held.down = held.down || button(SDL_CONTROLLER_BUTTON_DPAD_DOWN) || y >= kPushed;
        held.left = held.left || button(SDL_CONTROLLER_BUTTON_DPAD_LEFT) || x <= -kPushed;
        held.right = held.right || button(SDL_CONTROLLER_BUTTON_DPAD_RIGHT) || x >= kPushed;
        held.skip = held.skip || button(SDL_CONTROLLER_BUTTON_B) || button(SDL_CONTROLLER_BUTTON_BACK);
    }
}

}  // namespace stagehand
