// The window: the scene menu, a scene played with keyboard, mouse or pad,
// the pause overlay, history, inspector, quicksaves and the player's settings.
#pragma once

#include "RunSetup.h"

namespace stagehand {

// Runs until the player quits; returns the exit code.
int runWindow(const Setup& setup);

}  // namespace stagehand
