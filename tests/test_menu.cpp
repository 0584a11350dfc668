// The scene menu's input rules: keys, number keys and the mouse.
#include <gtest/gtest.h>

#include <SDL.h>

#include "SceneMenu.h"

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
