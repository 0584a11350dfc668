// The scene menu's input rules: keys, number keys and the mouse.
#include <gtest/gtest.h>

#include <SDL.h>

#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "RenderFixture.h"
#include "TestSupport.h"
#include "app/window/SceneMenu.h"
#include "lang/EngineWords.h"
#include "render/ImageFiles.h"
#include "render/OffscreenTarget.h"
#include "view/Palette.h"

using namespace stagehand;

namespace {
SceneMenu threeScenes() {
    return SceneMenu({{"a", "First"}, {"b", ""}, {"c", "Third"}});
}
InputEvent key(int k) {
    return {InputKind::KeyDown, k};
}
const ViewLayout kLayout = ViewLayout::fit(1280, 720);
}  // namespace

TEST(SceneMenu, arrows_move_the_selection_and_wrap) {
    SceneMenu menu = threeScenes();
    EXPECT_EQ(menu.handle(key(SDLK_UP), kLayout), SceneMenu::Action::None);
    EXPECT_EQ(menu.selected().name, "c");
    menu.handle(key(SDLK_DOWN), kLayout);
    EXPECT_EQ(menu.selected().name, "a");
}

TEST(SceneMenu, enter_plays_the_selection_and_escape_quits) {
    SceneMenu menu = threeScenes();
    menu.handle(key(SDLK_DOWN), kLayout);
    EXPECT_EQ(menu.handle(key(SDLK_RETURN), kLayout), SceneMenu::Action::Play);
    EXPECT_EQ(menu.selected().name, "b");
    EXPECT_EQ(menu.handle(key(SDLK_ESCAPE), kLayout), SceneMenu::Action::Quit);
}

TEST(SceneMenu, a_number_key_plays_that_scene) {
    SceneMenu menu = threeScenes();
    EXPECT_EQ(menu.handle(key(SDLK_3), kLayout), SceneMenu::Action::Play);
    EXPECT_EQ(menu.selected().name, "c");
    EXPECT_EQ(menu.handle(key(SDLK_9), kLayout), SceneMenu::Action::None);
}

TEST(SceneMenu, hovering_highlights_and_clicking_plays) {
    SceneMenu menu = threeScenes();
    // Rows start at y = 250 in view units and are 64 high; the view fills 1280x720 exactly here.
    EXPECT_EQ(menu.handle({InputKind::MouseMove, 0, false, 400, 330}, kLayout), SceneMenu::Action::None);
    EXPECT_EQ(menu.selected().name, "b");
    EXPECT_EQ(menu.handle({InputKind::MouseDown, 0, false, 400, 395}, kLayout), SceneMenu::Action::Play);
    EXPECT_EQ(menu.selected().name, "c");
    EXPECT_EQ(menu.handle({InputKind::MouseDown, 0, false, 100, 395}, kLayout), SceneMenu::Action::None);
}

// More scenes than fit: the list scrolls so the selection stays in view, and
// the mouse picks the scene drawn under it.
TEST(SceneMenu, a_long_list_scrolls_with_the_selection) {
    std::vector<SceneInfo> scenes;
    for (int i = 0; i < 12; ++i) scenes.push_back({"s" + std::to_string(i), ""});
    SceneMenu menu(scenes);
    for (int i = 0; i < 7; ++i) menu.handle(key(SDLK_DOWN), kLayout);
    EXPECT_EQ(menu.selected().name, "s7");
    // s7 is now the last row shown (rows start at 250 and are 64 high).
    float lastRowY = 250 + (SceneMenu::kRowsShown - 1) * 64 + 30;
    EXPECT_EQ(menu.handle({InputKind::MouseDown, 0, false, 400, lastRowY}, kLayout), SceneMenu::Action::Play);
    EXPECT_EQ(menu.selected().name, "s7");
    EXPECT_EQ(menu.handle({InputKind::MouseDown, 0, false, 400, 280}, kLayout), SceneMenu::Action::Play);
    EXPECT_EQ(menu.selected().name, "s3");
    // Below the last row shown is the "more" mark, not a scene.
    EXPECT_EQ(menu.handle({InputKind::MouseDown, 0, false, 400, 250 + SceneMenu::kRowsShown * 64 + 20}, kLayout),
              SceneMenu::Action::None);
    menu.handle(key(SDLK_UP), kLayout);  // from s3 (first shown) up to s2: the list scrolls back
    EXPECT_EQ(menu.selected().name, "s2");
    EXPECT_EQ(menu.handle({InputKind::MouseDown, 0, false, 400, 280}, kLayout), SceneMenu::Action::Play);
    EXPECT_EQ(menu.selected().name, "s2");
}

// An invariant over generated menus (1 to 9 scenes, with and without a save):
// the number drawn on each row is the number key that plays that row's scene,
// each number is drawn once, and the Continue and Load rows carry none.
TEST(SceneMenu, the_number_drawn_on_every_row_is_the_key_that_plays_it) {
    for (int count = 1; count <= 9; ++count)
        for (bool saves : {false, true}) {
            std::vector<SceneInfo> scenes;
            for (int n = 0; n < count; ++n)
                scenes.push_back({"scene" + std::to_string(n), "Title " + std::to_string(n)});
            SceneMenu shown(scenes);
            shown.setLatestSave(saves, saves ? "a save" : "");
            const std::vector<std::string> rows = shown.rowTexts();
            std::set<std::string> numbers;
            for (int row = 0; row < static_cast<int>(rows.size()); ++row) {
                const std::string number = shown.rowNumber(row);
                std::string where = std::to_string(count) + " scenes" + (saves ? " and a save" : "") + ", row " +
                                    std::to_string(row) + " (" + rows[row] + ")";
                if (saves && row < 2) {
                    EXPECT_EQ(number, "") << where << ": a save row has no number";
                    continue;
                }
                ASSERT_EQ(number.size(), 1u) << where << " draws \"" << number << "\"";
                ASSERT_TRUE(number[0] >= '1' && number[0] <= '9') << where << " draws \"" << number << "\"";
                EXPECT_TRUE(numbers.insert(number).second) << where << ": " << number << " is drawn twice";
                SceneMenu menu(scenes);
                menu.setLatestSave(saves, saves ? "a save" : "");
                EXPECT_EQ(menu.handle(key(SDLK_0 + (number[0] - '0')), kLayout), SceneMenu::Action::Play) << where;
                EXPECT_EQ(menu.selectedText(), rows[row]) << where << ": key " << number << " plays another row";
            }
            EXPECT_EQ(static_cast<int>(numbers.size()), count) << count << " scenes, " << numbers.size() << " numbers";
        }
}

// With a save, Continue and Load come first; the scenes keep their numbers.
TEST(SceneMenu, continue_and_load_rows_come_first_and_the_scenes_keep_their_numbers) {
    SceneMenu menu = threeScenes();
    menu.setLatestSave(true, "Choices  \u00B7  2026-11-27 02:30");
    EXPECT_EQ(menu.rowTexts(), (std::vector<std::string>{"Continue", "Load", "First", "b", "Third"}));
    EXPECT_EQ(menu.selectedRow(), SceneMenu::Row::Continue);
    EXPECT_EQ(menu.handle(key(SDLK_RETURN), kLayout), SceneMenu::Action::Continue);
    menu.handle(key(SDLK_DOWN), kLayout);
    EXPECT_EQ(menu.handle(key(SDLK_SPACE), kLayout), SceneMenu::Action::Load);
    menu.handle(key(SDLK_DOWN), kLayout);
    EXPECT_EQ(menu.handle(key(SDLK_RETURN), kLayout), SceneMenu::Action::Play);
    EXPECT_EQ(menu.selected().name, "a");
    EXPECT_EQ(menu.handle(key(SDLK_3), kLayout), SceneMenu::Action::Play) << "3: the third scene";
    EXPECT_EQ(menu.selected().name, "c");
    EXPECT_EQ(menu.handle(key(SDLK_4), kLayout), SceneMenu::Action::None) << "no fourth scene";
    // Row 0 (y 250-314) is Continue, row 1 Load.
    EXPECT_EQ(menu.handle({InputKind::MouseDown, 0, false, 400, 280}, kLayout), SceneMenu::Action::Continue);
    EXPECT_EQ(menu.handle({InputKind::MouseDown, 0, false, 400, 340}, kLayout), SceneMenu::Action::Load);
    EXPECT_EQ(menu.handle({InputKind::MouseDown, 0, false, 400, 400}, kLayout), SceneMenu::Action::Play);
    EXPECT_EQ(menu.selected().name, "a");
    menu.setLatestSave(false, "");
    EXPECT_EQ(menu.rowTexts(), (std::vector<std::string>{"First", "b", "Third"}));
    EXPECT_EQ(menu.handle(key(SDLK_RETURN), kLayout), SceneMenu::Action::Play);
}

// The menu as drawn: the Continue row (selected, with the save's title and
// date after its label) and Load above the numbered scenes. With
// STAGEHAND_SHOT_DIR set, the frame is also written there as
// scene-menu-rows.png, to look at.
struct SceneMenuRenderTest : test::RenderFixture<1280, 720> {
    const ViewLayout layout = ViewLayout::fit(1280, 720);
    // The menu's second frame, as a player sees it, as RGB rows; with
    // STAGEHAND_SHOT_DIR set, also written there as `shot`.
    std::vector<std::uint8_t> drawn(SceneMenu& menu, const char* shot) {
        OffscreenTarget target(1280, 720);
        for (int frame = 0; frame < 2; ++frame) {
            target.bind();
            glClearColor(0, 0, 0, 1);
            glClear(GL_COLOR_BUFFER_BIT);
            layout.applyViewport();
            menu.draw(*batch, *text, layout);
        }
        auto rgb = target.readRgb();
        OffscreenTarget::unbind();
        if (const char* folder = std::getenv("STAGEHAND_SHOT_DIR")) {
            std::string error;
            EXPECT_TRUE(savePng(std::filesystem::path(folder) / shot, 1280, 720, rgb, error)) << error;
        }
        return rgb;
    }
};

TEST_F(SceneMenuRenderTest, the_continue_row_shows_its_label_and_the_saves_title_and_date) {
    SceneMenu menu = threeScenes();
    menu.setLatestSave(true, "The lighthouse  \u00B7  2026-11-27 02:30");
    auto rgb = drawn(menu, "scene-menu-rows.png");
    auto at = [&](int x, int y) { return &rgb[(static_cast<std::size_t>(y) * 1280 + x) * 3]; };
    auto isAccent = [&](int x, int y) {
        const std::uint8_t* p = at(x, y);
        return p[0] == palette::kAccent.r && p[1] == palette::kAccent.g && p[2] == palette::kAccent.b;
    };
    EXPECT_TRUE(isAccent(301, 282)) << "the selection bar marks the Continue row";
    auto inkIn = [&](int x0, int x1, int y0, int y1) {  // bright pixels: text
        int n = 0;
        for (int y = y0; y < y1; ++y)
            for (int x = x0; x < x1; ++x) n += at(x, y)[0] + at(x, y)[1] + at(x, y)[2] > 300;
        return n;
    };
    float label = text->width(text->font(FontFace::Regular, 26, layout.scale), "Continue");
    int detailFrom = static_cast<int>(300 + 90 + label + 4);
    EXPECT_GT(inkIn(370, detailFrom - 10, 262, 302), 50) << "Continue's label";
    EXPECT_GT(inkIn(detailFrom, 970, 268, 300), 50) << "the save's title and date after it";
    EXPECT_EQ(inkIn(320, 350, 262, 302), 0) << "no number on the Continue row";
    EXPECT_GT(inkIn(320, 350, 262 + 128, 302 + 128), 0) << "the first scene keeps its number, 1";
}

// In a right-to-left language the rows read from the right: the selection's
// bar at the list's right edge, each scene's number at the right and its
// title before it, Continue's label at the right and the save after it,
// leftwards; and nothing where the left-to-right menu has them.
TEST_F(SceneMenuRenderTest, in_a_right_to_left_language_the_rows_read_from_the_right) {
    lang::engineWords().setFolder(test::dataRoot() + "/assets/strings");
    std::string error;
    lang::engineWords().setLanguage("ar", error);
    ASSERT_EQ(error, "");
    SceneMenu menu({{"a", "\u0627\u0644\u0645\u0646\u0627\u0631\u0629"}, {"b", "\u0627\u0644\u0628\u062D\u0631"}});
    menu.setLatestSave(true, "\u0627\u0644\u0645\u0646\u0627\u0631\u0629  \u00B7  2026-11-27 02:30");
    auto rgb = drawn(menu, "scene-menu-rows-ar.png");
    const float label = text->width(text->font(FontFace::Regular, 26, layout.scale), lang::word("menu.continue"));
    lang::engineWords().setLanguage(lang::kSourceLanguage, error);
    auto at = [&](int x, int y) { return &rgb[(static_cast<std::size_t>(y) * 1280 + x) * 3]; };
    auto isAccent = [&](int x, int y) {
        const std::uint8_t* p = at(x, y);
        return p[0] == palette::kAccent.r && p[1] == palette::kAccent.g && p[2] == palette::kAccent.b;
    };
    auto inkIn = [&](int x0, int x1, int y0, int y1) {
        int n = 0;
        for (int y = y0; y < y1; ++y)
            for (int x = x0; x < x1; ++x) n += at(x, y)[0] + at(x, y)[1] + at(x, y)[2] > 300;
        return n;
    };
    EXPECT_TRUE(isAccent(978, 282)) << "the selection bar at the list's right edge";
    EXPECT_FALSE(isAccent(301, 282)) << "and not at its left";
    const int firstScene = 262 + 128;  // rows: Continue, Load, then the scenes
    EXPECT_GT(inkIn(930, 960, firstScene, firstScene + 40), 0) << "the first scene's number, at the right";
    EXPECT_EQ(inkIn(320, 350, firstScene, firstScene + 40), 0) << "no number at the left";
    EXPECT_GT(inkIn(780, 930, firstScene, firstScene + 40), 50) << "its title just before the number";
    EXPECT_GT(inkIn(static_cast<int>(930 - label), 930, 262, 302), 50) << "Continue's label at the right";
    EXPECT_GT(inkIn(330, static_cast<int>(930 - label - 30), 268, 300), 50) << "the save's title and date before it";
}
