// A game controller for tests: SDL's virtual joystick with the standard
// layout, so pads are tested on machines that have none.
#pragma once

#include <gtest/gtest.h>

#include <SDL.h>

namespace stagehand::test {

struct VirtualPad {
    // Plugs it in and opens it (a test fails here when SDL cannot).
    void plugIn() {
        device = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, SDL_CONTROLLER_AXIS_MAX,
                                           SDL_CONTROLLER_BUTTON_MAX, 0);
        ASSERT_GE(device, 0) << SDL_GetError();
        joystick = SDL_JoystickOpen(device);
        ASSERT_NE(joystick, nullptr) << SDL_GetError();
    }
    // Closes and unplugs what is still plugged in.
    void unplug() {
        if (joystick) SDL_JoystickClose(joystick);
        joystick = nullptr;
        if (device >= 0) SDL_JoystickDetachVirtual(device);
        device = -1;
    }

    int device = -1;
    SDL_Joystick* joystick = nullptr;
};

}  // namespace stagehand::test
