#include "app/window/PlayInput.h"

#include <SDL.h>

#include "app/window/PlayerSettings.h"
#include "lang/EngineWords.h"

namespace stagehand {

namespace {
struct Speed {
    const char* name;
    float charsPerSecond;
};
constexpr Speed kSpeeds[] = {{"value.slow", 25}, {"value.normalSpeed", 45}, {"value.fast", 90}, {"value.instant", 0}};
constexpr int kSpeedCount = sizeof kSpeeds / sizeof kSpeeds[0];
}  // namespace

bool PlayInput::handle(const InputEvent& event, World& world, const OptionAt& menuOptionAt) {
    if (event.kind == InputKind::KeyDown || event.kind == InputKind::MouseDown) padUsedLast_ = event.fromPad;
    bool menuOpen = world.story().currentMenu().has_value();
    switch (event.kind) {
        case InputKind::MouseMove:
            if (menuOpen) world.story().hoverMenuOption(menuOptionAt(event.x, event.y));
            return menuOpen;
        case InputKind::MouseDown:
            if (menuOpen) {
                int option = menuOptionAt(event.x, event.y);
                return option >= 0 && world.story().chooseMenuOption(option);
            }
            world.story().advancePressed();
            return true;
        case InputKind::KeyDown: break;
        default: return false;
    }
    int key = event.key;
    if ((key == SDLK_SPACE || key == SDLK_RETURN || key == SDLK_KP_ENTER) && !event.repeat) {
        world.story().advancePressed();
        return true;
    }
    if (menuOpen && (key == SDLK_UP || key == SDLK_w || key == SDLK_DOWN || key == SDLK_s)) {
        world.story().moveMenuSelection(key == SDLK_UP || key == SDLK_w ? -1 : 1);
        return true;
    }
    if (menuOpen && key >= SDLK_1 && key <= SDLK_9) return world.story().chooseMenuOption(key - SDLK_1);
    if (key == SDLK_F2) {
        autoAdvance_ = !autoAdvance_;
        return true;
    }
    if (key == SDLK_F3) {
        speedIndex_ = (speedIndex_ + 1) % kSpeedCount;
        return true;
    }
    return false;
}

void PlayInput::applyHeld(const HeldKeys& held, World& world) {
    TextSettings settings = world.story().textSettings();
    settings.autoAdvance = autoAdvance_;
    settings.charsPerSecond = kSpeeds[speedIndex_].charsPerSecond;
    settings.readingScale = kAutoAdvanceWaits[waitIndex_].factor;
    settings.skipping = held.skip;
    world.story().setTextSettings(settings);
    PlayerInput input;
    if (!world.story().currentMenu()) {
        input.moveX = static_cast<float>(held.right) - static_cast<float>(held.left);
        input.moveY = static_cast<float>(held.down) - static_cast<float>(held.up);
    }
    world.cast().setPlayerInput(input);
}

void PlayInput::restore(int speedIndex, bool autoAdvance, int autoAdvanceWait) {
    speedIndex_ = speedIndex >= 0 && speedIndex < kSpeedCount ? speedIndex : 1;
    autoAdvance_ = autoAdvance;
    waitIndex_ = autoAdvanceWait >= 0 && autoAdvanceWait < 3 ? autoAdvanceWait : 1;
}

int PlayInput::speedCount() {
    return kSpeedCount;
}

const std::string& PlayInput::speedName(int index) {
    return lang::word(kSpeeds[index >= 0 && index < kSpeedCount ? index : 1].name);
}

std::string PlayInput::hint() const {
    if (padUsedLast_)
        return lang::word("play.pad", {{"speed", speedName(speedIndex_)},
                                       {"auto", autoAdvance_ ? lang::word("play.padAuto") : std::string()}});
    return lang::word("play.keys", {{"speed", speedName(speedIndex_)},
                                    {"auto", lang::word(autoAdvance_ ? "value.on" : "value.off")}});
}

}  // namespace stagehand
