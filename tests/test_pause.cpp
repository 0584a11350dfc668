// The pause overlay's rules: what each key, pad button and click does, and
// that its settings change the player's settings in place.
#include <gtest/gtest.h>

#include <SDL.h>

#include "app/window/PauseMenu.h"
#include "platform/Gamepads.h"

using namespace stagehand;

namespace {

struct PauseTest : ::testing::Test {
    PauseMenu menu;
    PlayerSettings settings;
    ViewLayout layout = ViewLayout::fit(1280, 720);

    PauseMenu::Action key(int k, bool fromPad = false) {
        return menu.handle({InputKind::KeyDown, k, false, 0, 0, fromPad}, layout, settings);
    }
    void selectRow(PauseMenu::Row row) {
        while (menu.selected() != row) key(SDLK_DOWN);
    }
};

}  // namespace

TEST_F(PauseTest, escape_start_and_b_resume) {
    EXPECT_EQ(key(SDLK_ESCAPE), PauseMenu::Action::Resume);
    EXPECT_EQ(key(kKeyPause, true), PauseMenu::Action::Resume);
    EXPECT_EQ(key(kKeyCancel, true), PauseMenu::Action::Resume);
    EXPECT_EQ(key(SDLK_RETURN), PauseMenu::Action::Resume);  // the first row is Resume
}

TEST_F(PauseTest, left_and_right_change_a_setting_in_place) {
    selectRow(PauseMenu::Row::TextSpeed);
    EXPECT_EQ(key(SDLK_RIGHT), PauseMenu::Action::SettingsChanged);
    EXPECT_EQ(settings.textSpeed, 2);
    EXPECT_EQ(PauseMenu::value(PauseMenu::Row::TextSpeed, settings), "fast");
    key(SDLK_LEFT);
    key(SDLK_LEFT);
    key(SDLK_LEFT);  // wraps round: normal -> slow -> instant
    EXPECT_EQ(settings.textSpeed, 3);

    selectRow(PauseMenu::Row::TextSize);
    key(SDLK_RIGHT);
    EXPECT_EQ(settings.textSize, 2);
    EXPECT_EQ(PauseMenu::value(PauseMenu::Row::TextSize, settings), "large");

    selectRow(PauseMenu::Row::AutoAdvance);
    key(SDLK_RETURN);
    EXPECT_TRUE(settings.autoAdvance);
    selectRow(PauseMenu::Row::AutoAdvanceWait);
    key(SDLK_LEFT);
    EXPECT_EQ(PauseMenu::value(PauseMenu::Row::AutoAdvanceWait, settings), "short");
}

TEST_F(PauseTest, fullscreen_scene_menu_and_quit_are_actions_for_the_game) {
    selectRow(PauseMenu::Row::Fullscreen);
    EXPECT_EQ(key(SDLK_RETURN), PauseMenu::Action::ToggleFullscreen);
    selectRow(PauseMenu::Row::SceneMenu);
    EXPECT_EQ(key(SDLK_RETURN), PauseMenu::Action::SceneMenu);
    selectRow(PauseMenu::Row::Quit);
    EXPECT_EQ(key(SDLK_RETURN, true), PauseMenu::Action::Quit);
}

TEST_F(PauseTest, a_click_on_a_row_selects_and_activates_it) {
    // The rows sit in the middle of the view; find Quit's by moving the mouse down the panel.
    for (float y = 100; y < 700; y += 4) {
        menu.handle({InputKind::MouseMove, 0, false, 640, y}, layout, settings);
        if (menu.selected() == PauseMenu::Row::Quit) {
            EXPECT_EQ(menu.handle({InputKind::MouseDown, 0, false, 640, y}, layout, settings), PauseMenu::Action::Quit);
            return;
        }
    }
    FAIL() << "no row under the mouse is Quit";
}

// Larger text makes taller rows, and then not every row fits: the list
// scrolls with the selection. At any size and whatever row is selected, the
// mouse finds the rows in order, without a gap, the selected one among them.
TEST_F(PauseTest, at_every_text_size_the_selected_row_is_shown_and_the_mouse_finds_the_rows_in_order) {
    for (int size = 0; size < 3; ++size) {
        settings.textSize = size;
        const float scale = kTextSizes[size].factor;
        for (int step = 0; step < 2 * menu.rowCount(); ++step) {
            key(step < menu.rowCount() ? SDLK_DOWN : SDLK_UP);
            std::vector<int> rows;
            for (float y = 0; y < 720; y += 2) {
                int row = menu.rowAt(640, y, scale);
                if (row >= 0 && (rows.empty() || rows.back() != row)) rows.push_back(row);
            }
            SCOPED_TRACE("text size " + std::to_string(size) + ", row " + std::to_string(menu.selectedIndex()));
            ASSERT_FALSE(rows.empty());
            for (std::size_t i = 1; i < rows.size(); ++i) EXPECT_EQ(rows[i], rows[i - 1] + 1);
            EXPECT_LE(rows.front(), menu.selectedIndex());
            EXPECT_GE(rows.back(), menu.selectedIndex());
            if (scale <= 1) {
                EXPECT_EQ(rows.size(), static_cast<std::size_t>(menu.rowCount())) << "every row fits";
            } else {
                EXPECT_LT(rows.size(), static_cast<std::size_t>(menu.rowCount())) << "taller rows, fewer shown";
            }
        }
    }
}

TEST_F(PauseTest, volumes_step_in_tenths_stop_at_the_ends_and_enter_goes_round) {
    selectRow(PauseMenu::Row::MusicVolume);
    EXPECT_EQ(PauseMenu::value(PauseMenu::Row::MusicVolume, settings), "80%");
    EXPECT_EQ(key(SDLK_RIGHT), PauseMenu::Action::SettingsChanged);
    key(SDLK_RIGHT);
    key(SDLK_RIGHT);
    EXPECT_EQ(settings.musicVolume, 10) << "full stays full";
    key(SDLK_RETURN);
    EXPECT_EQ(settings.musicVolume, 0) << "Enter goes round to silent";
    key(SDLK_LEFT);
    EXPECT_EQ(settings.musicVolume, 0);
    selectRow(PauseMenu::Row::MuteUnfocused);
    key(SDLK_RETURN);
    EXPECT_FALSE(settings.muteUnfocused);
}

// A game with a font of its own (game.json's "font") names it on the Font row, as the player reads
// and hears it; the other choice (the dyslexia-friendly face) is named as ever.
TEST_F(PauseTest, the_font_row_names_the_games_own_font) {
    selectRow(PauseMenu::Row::Font);
    EXPECT_NE(menu.spoken(settings).find("DejaVu Sans"), std::string::npos) << menu.spoken(settings);
    menu.setGameFont("DejaVuSerif");
    EXPECT_NE(menu.spoken(settings).find("DejaVuSerif"), std::string::npos) << menu.spoken(settings);
    key(SDLK_RIGHT);
    EXPECT_NE(menu.spoken(settings).find("OpenDyslexic"), std::string::npos) << menu.spoken(settings);
}
