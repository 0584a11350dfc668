// Game controllers: a pad plugged in and out while the game runs (SDL's
// virtual joystick stands in for one), its buttons and stick as the keys the
// game understands, what it holds, and the rules PlayInput applies to them.
#include <gtest/gtest.h>

#include <SDL.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <random>
#include <tuple>
#include <vector>

#include "VirtualPad.h"
#include "app/window/PlayInput.h"
#include "game/Transcript.h"
#include "game/World.h"
#include "platform/Gamepads.h"

using namespace stagehand;

namespace {

// Pumps SDL and hands every event to the pads.
std::vector<InputEvent> poll(Gamepads& pads) {
    std::vector<InputEvent> events;
    SDL_PumpEvents();
    SDL_Event e;
    while (SDL_PollEvent(&e)) pads.handle(e, events);
    return events;
}

class GamepadTest : public ::testing::Test, protected test::VirtualPad {
protected:
    void SetUp() override {
        ASSERT_EQ(SDL_InitSubSystem(SDL_INIT_JOYSTICK | SDL_INIT_EVENTS), 0) << SDL_GetError();
        pads = std::make_unique<Gamepads>();
        poll(*pads);
    }
    void TearDown() override {
        if (device >= 0) SDL_JoystickDetachVirtual(device);
        pads.reset();
        SDL_QuitSubSystem(SDL_INIT_JOYSTICK | SDL_INIT_EVENTS);
    }
    std::vector<InputEvent> press(SDL_GameControllerButton button) {
        SDL_JoystickSetVirtualButton(joystick, button, 1);
        SDL_JoystickUpdate();
        auto events = poll(*pads);
        SDL_JoystickSetVirtualButton(joystick, button, 0);
        SDL_JoystickUpdate();
        poll(*pads);
        return events;
    }
    std::unique_ptr<Gamepads> pads;
};

std::vector<int> keysOf(const std::vector<InputEvent>& events) {
    std::vector<int> keys;
    for (const auto& e : events)
        if (e.kind == InputKind::KeyDown && e.fromPad) keys.push_back(e.key);
    return keys;
}

}  // namespace

TEST_F(GamepadTest, a_pad_plugged_in_and_out_is_opened_and_closed) {
    EXPECT_EQ(pads->count(), 0);
    plugIn();
    auto events = poll(*pads);
    ASSERT_EQ(pads->count(), 1);
    ASSERT_FALSE(events.empty());
    EXPECT_EQ(events.front().kind, InputKind::PadAdded);

    SDL_JoystickClose(joystick);
    ASSERT_EQ(SDL_JoystickDetachVirtual(device), 0);
    device = -1;
    events = poll(*pads);
    EXPECT_EQ(pads->count(), 0);
    ASSERT_FALSE(events.empty());
    EXPECT_EQ(events.back().kind, InputKind::PadRemoved);
}

TEST_F(GamepadTest, buttons_become_the_keys_every_screen_understands) {
    plugIn();
    poll(*pads);
    EXPECT_EQ(keysOf(press(SDL_CONTROLLER_BUTTON_A)), std::vector<int>{SDLK_RETURN});
    EXPECT_EQ(keysOf(press(SDL_CONTROLLER_BUTTON_B)), std::vector<int>{kKeyCancel});
    EXPECT_EQ(keysOf(press(SDL_CONTROLLER_BUTTON_BACK)), std::vector<int>{kKeyCancel});
    EXPECT_EQ(keysOf(press(SDL_CONTROLLER_BUTTON_START)), std::vector<int>{kKeyPause});
    EXPECT_EQ(keysOf(press(SDL_CONTROLLER_BUTTON_DPAD_DOWN)), std::vector<int>{SDLK_DOWN});
    EXPECT_EQ(keysOf(press(SDL_CONTROLLER_BUTTON_DPAD_UP)), std::vector<int>{SDLK_UP});
}

// Every button of the standard layout, each pressed once: the ones docs/PLAYING.md
// names send the key of the same action (A advances and chooses, B and Back
// cancel, Start pauses, Y opens the history, the D-pad moves, the left
// shoulder rolls back and the right one forward: the keyboard's Page Up and
// Page Down), and every other button sends nothing.
TEST_F(GamepadTest, every_button_sends_the_key_of_the_action_the_players_guide_gives_it_and_the_rest_nothing) {
    const std::map<int, int> documented = {{SDL_CONTROLLER_BUTTON_A, SDLK_RETURN},
                                           {SDL_CONTROLLER_BUTTON_B, kKeyCancel},
                                           {SDL_CONTROLLER_BUTTON_BACK, kKeyCancel},
                                           {SDL_CONTROLLER_BUTTON_START, kKeyPause},
                                           {SDL_CONTROLLER_BUTTON_Y, SDLK_h},
                                           {SDL_CONTROLLER_BUTTON_DPAD_UP, SDLK_UP},
                                           {SDL_CONTROLLER_BUTTON_DPAD_DOWN, SDLK_DOWN},
                                           {SDL_CONTROLLER_BUTTON_DPAD_LEFT, SDLK_LEFT},
                                           {SDL_CONTROLLER_BUTTON_DPAD_RIGHT, SDLK_RIGHT},
                                           {SDL_CONTROLLER_BUTTON_LEFTSHOULDER, SDLK_PAGEUP},
                                           {SDL_CONTROLLER_BUTTON_RIGHTSHOULDER, SDLK_PAGEDOWN}};
    plugIn();
    poll(*pads);
    for (int button = 0; button < SDL_CONTROLLER_BUTTON_MAX; ++button) {
        auto it = documented.find(button);
        const std::vector<int> expected = it == documented.end() ? std::vector<int>{} : std::vector<int>{it->second};
        EXPECT_EQ(keysOf(press(static_cast<SDL_GameControllerButton>(button))), expected)
            << SDL_GameControllerGetStringForButton(static_cast<SDL_GameControllerButton>(button));
    }
}

TEST_F(GamepadTest, the_stick_sends_one_press_per_push_and_is_held_for_walking) {
    plugIn();
    poll(*pads);
    SDL_JoystickSetVirtualAxis(joystick, SDL_CONTROLLER_AXIS_LEFTY, 30000);
    SDL_JoystickUpdate();
    EXPECT_EQ(keysOf(poll(*pads)), std::vector<int>{SDLK_DOWN});
    HeldKeys held;
    pads->addHeld(held);
    EXPECT_TRUE(held.down);
    EXPECT_FALSE(held.up);
    SDL_JoystickSetVirtualAxis(joystick, SDL_CONTROLLER_AXIS_LEFTY, 31000);  // still pushed: no second press
    SDL_JoystickUpdate();
    EXPECT_TRUE(keysOf(poll(*pads)).empty());
    SDL_JoystickSetVirtualAxis(joystick, SDL_CONTROLLER_AXIS_LEFTY, 0);
    SDL_JoystickUpdate();
    poll(*pads);
    HeldKeys released;
    pads->addHeld(released);
    EXPECT_FALSE(released.down);
}

// The left stick against a model over generated moves, its thresholds and a
// step either side of each among them: past 40% of the travel it is pushed
// (one press of that arrow), below 25% it lets go, and between the two it
// stays as it was; it is held (for walking) while past 40%. Each move's presses
// and what is held are the model's.
TEST_F(GamepadTest, over_generated_moves_the_stick_presses_and_holds_as_its_thresholds_say) {
    plugIn();
    poll(*pads);
    std::mt19937 random(64);
    const int edges[] = {0, 8191, 8192, 13106, 13107, 32767};
    for (auto [axis, low, high] : {std::tuple{SDL_CONTROLLER_AXIS_LEFTY, SDLK_UP, SDLK_DOWN},
                                   std::tuple{SDL_CONTROLLER_AXIS_LEFTX, SDLK_LEFT, SDLK_RIGHT}}) {
        int modelDirection = 0;
        for (int move = 0; move < 120; ++move) {
            const int magnitude = move % 3 ? edges[random() % 6] : static_cast<int>(random() % 32768);
            const int value = random() % 2 ? -std::min(magnitude, 32767) : magnitude;
            const int direction = value <= -13107          ? -1
                                  : value >= 13107         ? 1
                                  : std::abs(value) < 8192 ? 0
                                                           : modelDirection;
            std::vector<int> want;
            if (direction != 0 && direction != modelDirection) want.push_back(direction < 0 ? low : high);
            modelDirection = direction;
            SDL_JoystickSetVirtualAxis(joystick, axis, static_cast<Sint16>(value));
            SDL_JoystickUpdate();
            EXPECT_EQ(keysOf(poll(*pads)), want) << "axis " << axis << " to " << value << " (move " << move << ")";
            HeldKeys held;
            pads->addHeld(held);
            const bool lowHeld = axis == SDL_CONTROLLER_AXIS_LEFTY ? held.up : held.left;
            const bool highHeld = axis == SDL_CONTROLLER_AXIS_LEFTY ? held.down : held.right;
            EXPECT_EQ(lowHeld, value <= -13107) << "axis " << axis << " at " << value;
            EXPECT_EQ(highHeld, value >= 13107) << "axis " << axis << " at " << value;
        }
        SDL_JoystickSetVirtualAxis(joystick, axis, 0);
        SDL_JoystickUpdate();
        poll(*pads);
    }
}

TEST_F(GamepadTest, holding_b_skips) {
    plugIn();
    poll(*pads);
    SDL_JoystickSetVirtualButton(joystick, SDL_CONTROLLER_BUTTON_B, 1);
    SDL_JoystickUpdate();
    poll(*pads);
    HeldKeys held;
    pads->addHeld(held);
    EXPECT_TRUE(held.skip);
}
