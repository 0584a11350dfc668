// The player's keys and mouse during a scene, turned into world commands:
//   Space, Enter or a click: finish typing the line, else turn the page
//   a menu: Up/Down (W/S) and Enter, a number key, or hover and click
//   arrows or WASD: walk the player's character (after enableControls())
//   hold Ctrl or Tab: skip through pages; F2: auto-advance; F3: text speed
// (the window's own keys, rollback and saves among them, are in WindowGame.cpp)
#pragma once

#include <functional>
#include <string>

#include "game/World.h"
#include "platform/Window.h"

namespace stagehand {

class PlayInput {
public:
    // The menu option under a mouse position (drawable pixels), or -1.
    using OptionAt = std::function<int(float x, float y)>;

    // Handles one event; returns true if it was used.
    bool handle(const InputEvent& event, World& world, const OptionAt& menuOptionAt);
    // Applies what is held this frame (movement, skipping) and the settings.
    void applyHeld(const HeldKeys& held, World& world);
    // A one-line reminder of the keys (or the pad's buttons, if a pad was
    // used last) and the current settings.
    std::string hint() const;
    // The player's text settings, to keep them from one run to the next.
    int speedIndex() const { return speedIndex_; }
    bool autoAdvance() const { return autoAdvance_; }
    void restore(int speedIndex, bool autoAdvance, int autoAdvanceWait = 1);

    static int speedCount();
    static const std::string& speedName(int index);  // in the language being played

private:
    bool autoAdvance_ = false;
    int speedIndex_ = 1;  // into kSpeeds
    int waitIndex_ = 1;   // into kAutoAdvanceWaits
    bool padUsedLast_ = false;
};

}  // namespace stagehand
