// The player's input rules: advancing text, choosing, skipping, auto-advance
// and walking, through PlayInput as the window feeds it.
#include <gtest/gtest.h>

#include <SDL.h>

#include <set>
#include <string>
#include <vector>

#include "TestSupport.h"
#include "app/window/PlayInput.h"
#include "game/World.h"
#include "lang/EngineWords.h"

using namespace stagehand;

namespace {

struct InputTest : ::testing::Test {
    Transcript transcript;
    World world{transcript};
    PlayInput input;
    int hovered = -1;  // what the menu hit test answers

    void SetUp() override { world.setTickSeconds(1.0 / 60.0); }
    void ticks(int n) {
        for (int i = 0; i < n; ++i) {
            input.applyHeld(held, world);
            world.advance(1.0f / 60.0f);
        }
    }
    bool press(int key, bool repeat = false) {
        return input.handle({InputKind::KeyDown, key, repeat}, world, [&](float, float) { return hovered; });
    }
    bool mouse(InputKind kind) {
        return input.handle({kind, 0, false, 10, 10}, world, [&](float, float) { return hovered; });
    }
    int showMenu() {
        std::string error;
        return world.story().showMenu({"First", "Second", "Third"}, error);
    }
    HeldKeys held;
};

}  // namespace

TEST_F(InputTest, the_first_press_completes_a_typing_line_the_second_turns_the_page) {
    int page = world.story().showPage("", "A page long enough to still be typing.");
    ticks(5);
    ASSERT_FALSE(world.story().currentLine()->typed);
    press(SDLK_SPACE);
    EXPECT_TRUE(world.story().currentLine()->typed);
    EXPECT_FALSE(world.story().isLineFinished(page));
    press(SDLK_RETURN);
    EXPECT_TRUE(world.story().isLineFinished(page));
}

TEST_F(InputTest, a_click_advances_too_and_held_key_repeats_do_not) {
    int page = world.story().showPage("", "Short.");
    ticks(30);
    EXPECT_FALSE(press(SDLK_SPACE, /*repeat=*/true));
    EXPECT_FALSE(world.story().isLineFinished(page));
    mouse(InputKind::MouseDown);
    EXPECT_TRUE(world.story().isLineFinished(page));
}

TEST_F(InputTest, a_typed_page_waits_for_the_player) {
    int page = world.story().showPage("", "Short.");
    ticks(600);
    EXPECT_FALSE(world.story().isLineFinished(page));
}

TEST_F(InputTest, auto_advance_turns_pages_after_reading_time) {
    press(SDLK_F2);
    int page = world.story().showPage("", "Short.");  // typed in 8 ticks, read in about 1.2 s
    ticks(60);
    EXPECT_FALSE(world.story().isLineFinished(page));
    ticks(30);
    EXPECT_TRUE(world.story().isLineFinished(page));
}

TEST_F(InputTest, holding_skip_flies_through_pages) {
    held.skip = true;
    int page = world.story().showPage("", "A long page that would take a while to type out and read.");
    ticks(8);
    EXPECT_TRUE(world.story().isLineFinished(page));
}

TEST_F(InputTest, text_speed_changes_how_fast_lines_type) {
    press(SDLK_F3);  // normal -> fast (90 characters a second)
    world.story().showPage("", std::string(45, 'x'));
    ticks(31);
    EXPECT_TRUE(world.story().currentLine()->typed);
    press(SDLK_F3);  // -> instant
    world.story().showPage("", std::string(200, 'y'));
    ticks(1);
    EXPECT_TRUE(world.story().currentLine()->typed);
}

TEST_F(InputTest, arrows_and_enter_choose) {
    int menu = showMenu();
    press(SDLK_DOWN);
    press(SDLK_DOWN);
    press(SDLK_UP);
    press(SDLK_RETURN);
    EXPECT_EQ(world.story().menuChoice(menu), 2);
}

TEST_F(InputTest, a_number_key_chooses_directly) {
    int menu = showMenu();
    EXPECT_FALSE(press(SDLK_7));
    EXPECT_TRUE(press(SDLK_3));
    EXPECT_EQ(world.story().menuChoice(menu), 3);
}

TEST_F(InputTest, hovering_highlights_and_clicking_chooses_the_option_under_the_mouse) {
    int menu = showMenu();
    hovered = 2;
    mouse(InputKind::MouseMove);
    EXPECT_EQ(world.story().currentMenu()->selected, 2);
    hovered = 1;
    mouse(InputKind::MouseDown);
    EXPECT_EQ(world.story().menuChoice(menu), 2);
}

TEST_F(InputTest, a_click_outside_the_options_chooses_nothing) {
    int menu = showMenu();
    hovered = -1;
    mouse(InputKind::MouseDown);
    EXPECT_EQ(world.story().menuChoice(menu), 0);
}

TEST_F(InputTest, the_player_walks_only_while_controls_are_enabled) {
    Actor a;
    a.id = "ines";
    a.speed = 120;
    world.cast().addActor(a);
    world.cast().setPlayer(world.cast().findActor("ines"));
    held.right = true;
    world.cast().setControlsEnabled(false);
    ticks(30);
    EXPECT_FLOAT_EQ(world.cast().findActor("ines")->position.x, 0);
    world.cast().setControlsEnabled(true);
    ticks(30);
    EXPECT_NEAR(world.cast().findActor("ines")->position.x, 60, 0.01);
    EXPECT_EQ(world.cast().findActor("ines")->facing, Facing::Right);
}

TEST(LookingAt, an_actor_looks_at_what_is_in_front_of_it_and_near) {
    Actor looker, target;
    looker.position = {0, 0};
    looker.facing = Facing::Right;
    target.position = {200, 40};
    EXPECT_TRUE(Cast::lookingAt(looker, target));
    looker.facing = Facing::Up;
    EXPECT_FALSE(Cast::lookingAt(looker, target));
    looker.facing = Facing::Right;
    target.position = {900, 0};
    EXPECT_FALSE(Cast::lookingAt(looker, target));
}

// A controller's buttons arrive as keys marked fromPad (see Gamepads): the
// same rules apply, and the hints then name the pad's buttons.
TEST_F(InputTest, a_pad_advances_and_chooses_and_the_hints_follow_the_device) {
    auto pad = [&](int key) {
        return input.handle({InputKind::KeyDown, key, false, 0, 0, true}, world, [](float, float) { return -1; });
    };
    EXPECT_NE(input.hint().find("Space"), std::string::npos);
    int page = world.story().showPage("", "Short.");
    ticks(30);
    pad(SDLK_RETURN);  // A
    EXPECT_TRUE(world.story().isLineFinished(page));
    EXPECT_NE(input.hint().find("A: next"), std::string::npos) << input.hint();
    EXPECT_NE(input.hint().find("Start: pause"), std::string::npos) << input.hint();

    int menu = showMenu();
    pad(SDLK_DOWN);  // D-pad
    pad(SDLK_RETURN);
    EXPECT_EQ(world.story().menuChoice(menu), 2);

    press(SDLK_SPACE);  // back on the keyboard: its hints again
    EXPECT_NE(input.hint().find("Space: next"), std::string::npos);
}

TEST_F(InputTest, the_auto_advance_wait_scales_the_reading_time) {
    input.restore(1, true, 2);                        // auto-advance with the long wait (x2)
    int page = world.story().showPage("", "Short.");  // typed in 8 ticks, read in about 1.2 s: 2.4 s when long
    ticks(90);
    EXPECT_FALSE(world.story().isLineFinished(page));
    ticks(80);
    EXPECT_TRUE(world.story().isLineFinished(page));
}

// The play hint states where the player stands, by whichever device was used
// last, in every language shipped: each speed by its name and auto-advance as
// its state is, over every state (speed by auto-advance by device), never a
// state's hint shown for another (EngineWords.cpp's contexts say what fills
// each template: "{auto}: ', auto' when on" for a pad, on or off for keys).
TEST_F(InputTest, the_play_hint_tells_every_speed_and_auto_advance_state_by_either_device_in_every_language) {
    lang::engineWords().setFolder(test::dataRoot() + "/assets/strings");
    for (const char* code : {"en", "fr", "de", "ja", "zh", "ar", "pseudo"}) {
        std::string error;
        lang::engineWords().setLanguage(code, error);
        ASSERT_EQ(error, "") << code;
        for (bool pad : {false, true}) {
            // A key that means nothing in play: only which device pressed it is kept.
            input.handle({InputKind::KeyDown, SDLK_F12, false, 0, 0, pad}, world, [](float, float) { return -1; });
            std::set<std::string> hints;
            for (int speed = 0; speed < PlayInput::speedCount(); ++speed)
                for (bool autoOn : {false, true}) {
                    input.restore(speed, autoOn);
                    const std::string& name = PlayInput::speedName(speed);
                    std::string expected =
                        pad ? lang::word("play.pad",
                                         {{"speed", name}, {"auto", autoOn ? lang::word("play.padAuto") : ""}})
                            : lang::word("play.keys",
                                         {{"speed", name}, {"auto", lang::word(autoOn ? "value.on" : "value.off")}});
                    EXPECT_EQ(input.hint(), expected) << code << (pad ? " pad" : " keys") << ", speed " << speed
                                                      << (autoOn ? ", auto on" : ", auto off");
                    hints.insert(input.hint());
                }
            EXPECT_EQ(hints.size(), 2u * PlayInput::speedCount()) << code << ": two states share a hint";
        }
    }
    std::string error;
    lang::engineWords().setLanguage(lang::kSourceLanguage, error);
}

// Every way a player chooses reaches every option, whatever the menu's size:
// for menus of one to twelve options, each option is chosen by its number key
// (the first nine have one; a number past the last option does nothing), by
// going down to it, by going up to it round the top, with Enter, the keypad's
// Enter, Space, and by a click on it.
TEST_F(InputTest, every_option_of_menus_of_one_to_twelve_options_is_reached_by_every_way_of_choosing) {
    auto showMenuOf = [&](int size) {
        std::vector<std::string> options;
        for (int i = 1; i <= size; ++i) options.push_back("Option " + std::to_string(i));
        std::string error;
        return world.story().showMenu(options, error);
    };
    const int confirmKeys[] = {SDLK_RETURN, SDLK_KP_ENTER, SDLK_SPACE};
    for (int size = 1; size <= 12; ++size)
        for (int option = 1; option <= size; ++option) {
            SCOPED_TRACE("option " + std::to_string(option) + " of " + std::to_string(size));
            if (option <= 9) {
                int menu = showMenuOf(size);
                for (int beyond = size + 1; beyond <= 9; ++beyond)
                    EXPECT_FALSE(press(SDLK_0 + beyond)) << beyond << " is past the last option";
                EXPECT_EQ(world.story().menuChoice(menu), 0);
                EXPECT_TRUE(press(SDLK_0 + option)) << "its number key";
                EXPECT_EQ(world.story().menuChoice(menu), option) << "its number key";
            }
            int menu = showMenuOf(size);
            for (int step = 1; step < option; ++step) press(step % 2 ? SDLK_DOWN : SDLK_s);
            press(confirmKeys[option % 3]);
            EXPECT_EQ(world.story().menuChoice(menu), option) << "down to it";
            menu = showMenuOf(size);
            for (int step = 0; step <= size - option; ++step) press(step % 2 ? SDLK_UP : SDLK_w);
            press(confirmKeys[(option + 1) % 3]);
            EXPECT_EQ(world.story().menuChoice(menu), option) << "up to it, round the top";
            menu = showMenuOf(size);
            hovered = option - 1;
            mouse(InputKind::MouseDown);
            EXPECT_EQ(world.story().menuChoice(menu), option) << "a click";
        }
}
