// The scene menu's input rules: keys, number keys and the mouse.
#include <gtest/gtest.h>

#include <SDL.h>

#include "app/SceneMenu.h"

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
