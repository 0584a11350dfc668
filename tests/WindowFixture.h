// The window mode itself (WindowGame), driven in-process under SDL's
// offscreen driver: SDL events pushed into its queue as a player's keys,
// mouse, window and game controller, and a test clock for its frames (no
// sleeps; the only wall clock is the watchdog's own). A test reads what the
// frames left: the scene's transcript and world, the overlays' state, the
// player's settings file, saves and records in a throwaway user folder.
// The fixture of tests/test_window*.cpp and tests/test_access.cpp.
#pragma once

#include <gtest/gtest.h>

#include <SDL.h>

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "TestSupport.h"
#include "VirtualPad.h"
#include "app/run/RunSetup.h"
#include "app/run/Simulation.h"
#include "app/window/WindowGame.h"

namespace stagehand::test {

constexpr double kTick = Simulation::kTickSeconds;

// A window on the offscreen driver playing `scenes` (written as scenes.lua in
// a fresh folder), its user folder a fresh one beside it, and helpers that play
// the part of the player and of the clock.
class WindowFixture : public ::testing::Test {
protected:
    explicit WindowFixture(std::string scenes) : scenes_(std::move(scenes)) {}
    void SetUp() override;
    void TearDown() override;
    // What a fixture adds to the window's options before it opens (a speech recorder...).
    virtual void configure(WindowGame::Options&) {}

    // Opens the window on `scene` ("" for the scene menu) at test time 0;
    // throws when it cannot.
    void open(const std::string& scene);

    // One frame `seconds` after the last.
    bool frame(double seconds = kTick) {
        now += seconds;
        return running = game->frame(now);
    }
    // Frames of a tick each until `seconds` of the test clock have passed.
    void wait(double seconds);
    // Frames until `done` holds; false after `seconds` of frames.
    bool waitFor(const std::function<bool()>& done, double seconds = 10);

    // --- The player's hands: SDL events, as a real keyboard and mouse queue them.
    // The mouse events a test pushes come from this mouse; the fixture's event filter drops those
    // of any other. Under wine the window is a real one on the X server's desktop, whose pointer
    // rests in the screen's middle, over the scene menu's second row: wine tells the window where
    // that pointer is at a moment of its own, and a test's menu followed a pointer the test never
    // moved (seen under wine: the menu's second scene played on Enter).
    static constexpr Uint32 kTestMouse = 0x7e57;
    static int SDLCALL onlyTheTestsMouse(void*, SDL_Event* e);
    static void pushKey(Uint32 type, SDL_Keycode key, Uint16 mod = KMOD_NONE);
    // A key pressed and let go, then one frame.
    void press(SDL_Keycode key, Uint16 mod = KMOD_NONE) {
        pushKey(SDL_KEYDOWN, key, mod);
        pushKey(SDL_KEYUP, key, mod);
        frame();
    }
    void hold(SDL_Keycode key) { pushKey(SDL_KEYDOWN, key); }
    void letGo(SDL_Keycode key) { pushKey(SDL_KEYUP, key); }
    static void pushMouse(Uint32 type, int x, int y, Uint8 button = SDL_BUTTON_LEFT);
    // A move there, a press and a release, then one frame.
    void click(int x, int y, Uint8 button = SDL_BUTTON_LEFT);
    void wheel(int y);

    // --- What the frames left.
    Simulation& sim();
    // The scene's transcript events named `name`, as "t name field=..." lines.
    std::vector<std::string> events(const std::string& name);
    // The text of the page or line on screen ("" if none).
    std::string page();
    bool pageTyped();
    int menuSelected();

    std::filesystem::path folder, scriptPath;
    std::unique_ptr<ScopedEnv> userDir, audioDriver;
    stagehand::Setup setup;
    std::unique_ptr<WindowGame> game;
    double now = 0;
    bool running = true;
    std::vector<std::string> seen;  // every transcript event the window's scenes recorded

private:
    std::string scenes_;
};

// Writes `text` over `path` and moves its modification time on by a second,
// so the watcher sees a change even where the file system's clock is coarse.
void saveOver(const std::filesystem::path& path, const std::string& text);

// A fixture with SDL's virtual game controller, plugged in while the window runs.
template <class Fixture>
class WithVirtualPad : public Fixture, protected VirtualPad {
protected:
    using Fixture::Fixture;
    void SetUp() override {
        // SDL drops a pad's input while none of its windows has the keyboard
        // focus, and an offscreen window never gets it.
        SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1");
        Fixture::SetUp();
    }
    void TearDown() override {
        unplug();
        Fixture::TearDown();
        SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, nullptr);
    }
    void plugIn() {
        VirtualPad::plugIn();
        this->frame();
    }
    void setButton(SDL_GameControllerButton button, bool down) {
        SDL_JoystickSetVirtualButton(joystick, button, down ? 1 : 0);
        SDL_JoystickUpdate();
        this->frame();
    }
    void pressButton(SDL_GameControllerButton button) {
        setButton(button, true);
        setButton(button, false);
    }
};

}  // namespace stagehand::test
