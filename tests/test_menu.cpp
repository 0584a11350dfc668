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
#include "platform/Gamepads.h"
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

namespace {
// Row i of either page is drawn from y = 250 + 62 i, 62 high, x 300 to 980 (the
// view fills 1280x720 exactly here).
float rowMiddle(int row) {
    return 250 + 62 * row + 31;
}
using Row = SceneMenu::Row;
using Action = SceneMenu::Action;
using Texts = std::vector<std::string>;
}  // namespace

TEST(SceneMenu, the_title_page_offers_start_chapters_settings_and_quit_and_continue_and_load_with_a_save) {
    SceneMenu menu = threeScenes();
    menu.setLatestSave(false, "");
    EXPECT_EQ(menu.page(), SceneMenu::Page::Title);
    EXPECT_EQ(menu.rowTexts(), (Texts{"Start", "Chapters", "Settings", "Quit"}));
    EXPECT_EQ(menu.selectedRow(), Row::Start);
    EXPECT_EQ(menu.handle(key(SDLK_RETURN), kLayout), Action::Start);
    EXPECT_EQ(menu.selected().name, "a") << "Start plays the first chapter";
    menu.setLatestSave(true, "The lighthouse");
    EXPECT_EQ(menu.rowTexts(), (Texts{"Start", "Continue", "Load", "Chapters", "Settings", "Quit"}));
    EXPECT_EQ(menu.selectedRow(), Row::Continue) << "with a save, the selection starts on Continue";
    EXPECT_EQ(menu.handle(key(SDLK_RETURN), kLayout), Action::Continue);
    menu.handle(key(SDLK_DOWN), kLayout);
    EXPECT_EQ(menu.handle(key(SDLK_SPACE), kLayout), Action::Load);
    menu.handle(key(SDLK_DOWN), kLayout);
    menu.handle(key(SDLK_DOWN), kLayout);
    EXPECT_EQ(menu.handle(key(SDLK_RETURN), kLayout), Action::Settings);
    menu.handle(key(SDLK_DOWN), kLayout);
    EXPECT_EQ(menu.handle(key(SDLK_RETURN), kLayout), Action::Quit);
    menu.handle(key(SDLK_DOWN), kLayout);
    EXPECT_EQ(menu.selectedRow(), Row::Start) << "Down from the last row wraps to the first";
    menu.handle(key(SDLK_UP), kLayout);
    EXPECT_EQ(menu.selectedRow(), Row::Quit);
    EXPECT_EQ(menu.handle(key(SDLK_ESCAPE), kLayout), Action::Quit);
    EXPECT_EQ(menu.handle(key(kKeyCancel), kLayout), Action::None) << "a pad's B does not close the game";
}

TEST(SceneMenu, chapters_opens_the_list_of_chapters_and_back_escape_or_b_return_to_the_title) {
    for (int back : {0, static_cast<int>(SDLK_ESCAPE), static_cast<int>(SDLK_BACKSPACE), kKeyCancel}) {
        SceneMenu menu = threeScenes();
        menu.handle(key(SDLK_DOWN), kLayout);
        ASSERT_EQ(menu.selectedRow(), Row::Chapters);
        EXPECT_EQ(menu.handle(key(SDLK_RETURN), kLayout), Action::None);
        EXPECT_EQ(menu.page(), SceneMenu::Page::Chapters);
        EXPECT_EQ(menu.rowTexts(), (Texts{"First", "b", "Third", "Back"}));
        menu.handle(key(SDLK_DOWN), kLayout);
        EXPECT_EQ(menu.selected().name, "b");
        if (back == 0) {  // the Back row, by keys
            menu.handle(key(SDLK_DOWN), kLayout);
            menu.handle(key(SDLK_DOWN), kLayout);
            ASSERT_EQ(menu.selectedRow(), Row::Back);
            EXPECT_EQ(menu.handle(key(SDLK_RETURN), kLayout), Action::None);
        } else {
            EXPECT_EQ(menu.handle(key(back), kLayout), Action::None) << "key " << back << " on the chapters page";
        }
        EXPECT_EQ(menu.page(), SceneMenu::Page::Title) << "key " << back;
        EXPECT_EQ(menu.selectedRow(), Row::Chapters) << "back on the row that opened the chapters";
    }
}

TEST(SceneMenu, enter_on_a_chapter_plays_it) {
    SceneMenu menu = threeScenes();
    menu.handle(key(SDLK_DOWN), kLayout);
    menu.handle(key(SDLK_RETURN), kLayout);
    menu.handle(key(SDLK_UP), kLayout);  // wraps to Back
    menu.handle(key(SDLK_UP), kLayout);
    EXPECT_EQ(menu.handle(key(SDLK_RETURN), kLayout), Action::Play);
    EXPECT_EQ(menu.selected().name, "c");
}

TEST(SceneMenu, a_number_key_plays_that_chapter_from_either_page) {
    SceneMenu menu = threeScenes();
    EXPECT_EQ(menu.handle(key(SDLK_3), kLayout), Action::Play);
    EXPECT_EQ(menu.selected().name, "c");
    EXPECT_EQ(menu.handle(key(SDLK_9), kLayout), Action::None);
    EXPECT_EQ(menu.handle(key(SDLK_1), kLayout), Action::Play);
    EXPECT_EQ(menu.selected().name, "a");
}

TEST(SceneMenu, hovering_highlights_and_clicking_acts_on_both_pages) {
    SceneMenu menu = threeScenes();
    EXPECT_EQ(menu.handle({InputKind::MouseMove, 0, false, 400, rowMiddle(2)}, kLayout), Action::None);
    EXPECT_EQ(menu.selectedRow(), Row::Settings);
    EXPECT_EQ(menu.handle({InputKind::MouseDown, 0, false, 400, rowMiddle(0)}, kLayout), Action::Start);
    EXPECT_EQ(menu.handle({InputKind::MouseDown, 0, false, 100, rowMiddle(0)}, kLayout), Action::None)
        << "left of the rows";
    EXPECT_EQ(menu.handle({InputKind::MouseDown, 0, false, 400, rowMiddle(1)}, kLayout), Action::None);
    ASSERT_EQ(menu.page(), SceneMenu::Page::Chapters);
    EXPECT_EQ(menu.handle({InputKind::MouseDown, 0, false, 400, rowMiddle(2)}, kLayout), Action::Play);
    EXPECT_EQ(menu.selected().name, "c");
    EXPECT_EQ(menu.handle({InputKind::MouseDown, 0, false, 400, rowMiddle(3)}, kLayout), Action::None);
    EXPECT_EQ(menu.page(), SceneMenu::Page::Title) << "a click on Back";
}

// More chapters than fit: the list scrolls so the selection stays in view, and
// the mouse picks the chapter drawn under it.
TEST(SceneMenu, a_long_list_of_chapters_scrolls_with_the_selection) {
    std::vector<SceneInfo> scenes;
    for (int i = 0; i < 12; ++i) scenes.push_back({"s" + std::to_string(i), ""});
    SceneMenu menu(scenes);
    menu.handle(key(SDLK_DOWN), kLayout);
    menu.handle(key(SDLK_RETURN), kLayout);
    for (int i = 0; i < 8; ++i) menu.handle(key(SDLK_DOWN), kLayout);
    EXPECT_EQ(menu.selected().name, "s8");
    // s8 is now the last row shown.
    EXPECT_EQ(menu.handle({InputKind::MouseDown, 0, false, 400, rowMiddle(SceneMenu::kRowsShown - 1)}, kLayout),
              Action::Play);
    EXPECT_EQ(menu.selected().name, "s8");
    EXPECT_EQ(menu.handle({InputKind::MouseDown, 0, false, 400, rowMiddle(0)}, kLayout), Action::Play);
    EXPECT_EQ(menu.selected().name, "s3");
    // Below the last row shown is the "more" mark, not a chapter.
    EXPECT_EQ(menu.handle({InputKind::MouseDown, 0, false, 400, rowMiddle(SceneMenu::kRowsShown)}, kLayout),
              Action::None);
    menu.handle(key(SDLK_UP), kLayout);  // from s3 (first shown) up to s2: the list scrolls back
    EXPECT_EQ(menu.selected().name, "s2");
    EXPECT_EQ(menu.handle({InputKind::MouseDown, 0, false, 400, rowMiddle(0)}, kLayout), Action::Play);
    EXPECT_EQ(menu.selected().name, "s2");
}

// Invariants over generated menus (0 to 9 chapters, with and without a save):
// Down visits every row of a page once and comes back; the title page's rows
// are Start, Continue, Load, Chapters, Settings and Quit in that order (Start
// and Chapters only with a chapter, Continue and Load only with a save) and
// carry no number; on the chapters page the number drawn on each row is the
// number key that plays that row's chapter, each drawn once.
TEST(SceneMenu, every_row_is_reached_and_the_number_drawn_on_a_chapter_is_the_key_that_plays_it) {
    for (int count = 0; count <= 9; ++count)
        for (bool saves : {false, true}) {
            const std::string where = std::to_string(count) + " chapters" + (saves ? " and a save" : "");
            std::vector<SceneInfo> scenes;
            for (int n = 0; n < count; ++n)
                scenes.push_back({"scene" + std::to_string(n), "Title " + std::to_string(n)});
            SceneMenu shown(scenes);
            shown.setLatestSave(saves, saves ? "a save" : "");
            std::vector<Row> expected;
            if (count > 0) expected.push_back(Row::Start);
            if (saves) expected.insert(expected.end(), {Row::Continue, Row::Load});
            if (count > 0) expected.push_back(Row::Chapters);
            expected.insert(expected.end(), {Row::Settings, Row::Quit});
            const int titleRows = static_cast<int>(shown.rowTexts().size());
            ASSERT_EQ(titleRows, static_cast<int>(expected.size())) << where;
            while (shown.selectedRow() != expected.front()) shown.handle(key(SDLK_UP), kLayout);
            for (int row = 0; row < titleRows; ++row) {
                EXPECT_EQ(shown.selectedRow(), expected[static_cast<std::size_t>(row)]) << where << ", row " << row;
                EXPECT_EQ(shown.rowNumber(row), "") << where << ": the title page's rows have no number";
                shown.handle(key(SDLK_DOWN), kLayout);
            }
            EXPECT_EQ(shown.selectedRow(), expected.front()) << where << ": Down wraps";
            if (count == 0) continue;
            while (shown.selectedRow() != Row::Chapters) shown.handle(key(SDLK_DOWN), kLayout);
            shown.handle(key(SDLK_RETURN), kLayout);
            const Texts rows = shown.rowTexts();
            ASSERT_EQ(static_cast<int>(rows.size()), count + 1) << where << ": the chapters and Back";
            std::set<std::string> numbers;
            for (int row = 0; row < count; ++row) {
                const std::string number = shown.rowNumber(row);
                ASSERT_EQ(number.size(), 1u) << where << ", row " << row << " draws \"" << number << "\"";
                EXPECT_TRUE(numbers.insert(number).second) << where << ": " << number << " is drawn twice";
                SceneMenu menu(scenes);
                menu.setLatestSave(saves, saves ? "a save" : "");
                EXPECT_EQ(menu.handle(key(SDLK_0 + (number[0] - '0')), kLayout), Action::Play) << where;
                EXPECT_EQ(menu.selectedText(), rows[static_cast<std::size_t>(row)])
                    << where << ": key " << number << " plays another row";
            }
            EXPECT_EQ(shown.rowNumber(count), "") << where << ": Back has no number";
            if (count < 9) {  // the key past the last chapter plays nothing, on either page
                SceneMenu menu(scenes);
                EXPECT_EQ(menu.handle(key(SDLK_1 + count), kLayout), Action::None) << where;
                EXPECT_EQ(shown.handle(key(SDLK_1 + count), kLayout), Action::None) << where;
            }
        }
}

// The menu as drawn: the Continue row (selected, with the save's title and
// date after its label) and Load above the numbered scenes. With
// STAGEHAND_SHOT_DIR set, the frame is also written there as
// scene-menu-rows.png, to look at.
struct SceneMenuRenderTest : test::RenderFixture<1280, 720> {
    const ViewLayout layout = ViewLayout::fit(1280, 720);
    // The menu's second frame, as a player sees it, as RGB rows; with
    // STAGEHAND_SHOT_DIR set, also written there as `shot`.
    std::vector<std::uint8_t> drawn(SceneMenu& menu, const char* shot, const Image* picture = nullptr) {
        OffscreenTarget target(1280, 720);
        for (int frame = 0; frame < 2; ++frame) {
            target.bind();
            glClearColor(0, 0, 0, 1);
            glClear(GL_COLOR_BUFFER_BIT);
            layout.applyViewport();
            menu.draw(*batch, *text, layout, picture);
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

namespace {
// Ink in the band of row `row` where its text is drawn (bright pixels).
int inkIn(const std::vector<std::uint8_t>& rgb, int x0, int x1, int row, int top = 10, int bottom = 50) {
    int n = 0;
    for (int y = 250 + 62 * row + top; y < 250 + 62 * row + bottom; ++y)
        for (int x = x0; x < x1; ++x) {
            const std::uint8_t* p = &rgb[(static_cast<std::size_t>(y) * 1280 + x) * 3];
            n += p[0] + p[1] + p[2] > 300;
        }
    return n;
}
bool isAccent(const std::vector<std::uint8_t>& rgb, int x, int y) {
    const std::uint8_t* p = &rgb[(static_cast<std::size_t>(y) * 1280 + x) * 3];
    return p[0] == palette::kAccent.r && p[1] == palette::kAccent.g && p[2] == palette::kAccent.b;
}
}  // namespace

TEST_F(SceneMenuRenderTest, the_continue_row_shows_its_label_and_the_saves_title_and_date) {
    SceneMenu menu = threeScenes();
    menu.setLatestSave(true, "The lighthouse  \u00B7  2026-11-27 02:30");
    auto rgb = drawn(menu, "scene-menu-rows.png");
    EXPECT_TRUE(isAccent(rgb, 301, static_cast<int>(rowMiddle(1)))) << "the selection bar marks the Continue row";
    EXPECT_FALSE(isAccent(rgb, 301, static_cast<int>(rowMiddle(0)))) << "and not Start";
    float label = text->width(text->font(FontFace::Regular, 26, layout.scale), "Continue");
    int detailFrom = static_cast<int>(300 + 90 + label + 4);
    EXPECT_GT(inkIn(rgb, 370, detailFrom - 10, 1), 50) << "Continue's label";
    EXPECT_GT(inkIn(rgb, detailFrom, 970, 1, 16, 48), 50) << "the save's title and date after it";
    EXPECT_EQ(inkIn(rgb, 320, 350, 1), 0) << "no number on the Continue row";
    EXPECT_GT(inkIn(rgb, 370, 600, 0), 50) << "Start's label, above";
    menu.handle({InputKind::KeyDown, SDLK_3}, layout);  // plays the third: the chapters page is shown
    auto chapters = drawn(menu, "scene-menu-chapters.png");
    EXPECT_GT(inkIn(chapters, 320, 350, 0), 0) << "the first chapter's number, 1";
    EXPECT_TRUE(isAccent(chapters, 301, static_cast<int>(rowMiddle(2)))) << "the third chapter selected";
}

// In a right-to-left language the rows read from the right: the selection's
// bar at the list's right edge, Continue's label at the right and the save
// after it, leftwards; each chapter's number at the right and its title
// before it; and nothing where the left-to-right menu has them.
TEST_F(SceneMenuRenderTest, in_a_right_to_left_language_the_rows_read_from_the_right) {
    lang::engineWords().setFolder(test::dataRoot() + "/assets/strings");
    std::string error;
    lang::engineWords().setLanguage("ar", error);
    ASSERT_EQ(error, "");
    SceneMenu menu({{"a", "\u0627\u0644\u0645\u0646\u0627\u0631\u0629"}, {"b", "\u0627\u0644\u0628\u062D\u0631"}});
    menu.setLatestSave(true, "\u0627\u0644\u0645\u0646\u0627\u0631\u0629  \u00B7  2026-11-27 02:30");
    auto rgb = drawn(menu, "scene-menu-rows-ar.png");
    const float label = text->width(text->font(FontFace::Regular, 26, layout.scale), lang::word("menu.continue"));
    menu.handle({InputKind::KeyDown, SDLK_1}, layout);
    auto chapters = drawn(menu, "scene-menu-chapters-ar.png");
    lang::engineWords().setLanguage(lang::kSourceLanguage, error);
    EXPECT_TRUE(isAccent(rgb, 978, static_cast<int>(rowMiddle(1)))) << "the selection bar at the list's right edge";
    EXPECT_FALSE(isAccent(rgb, 301, static_cast<int>(rowMiddle(1)))) << "and not at its left";
    EXPECT_GT(inkIn(rgb, static_cast<int>(930 - label), 930, 1), 50) << "Continue's label at the right";
    EXPECT_GT(inkIn(rgb, 330, static_cast<int>(930 - label - 30), 1, 16, 48), 50)
        << "the save's title and date before it";
    EXPECT_GT(inkIn(chapters, 930, 960, 0), 0) << "the first chapter's number, at the right";
    EXPECT_EQ(inkIn(chapters, 320, 350, 0), 0) << "no number at the left";
    EXPECT_GT(inkIn(chapters, 780, 930, 0), 50) << "its title just before the number";
}

// The title picture fills the view behind the title page (cropped, not stretched), and the rows keep a
// shaded band over it: the demo's lighthouse lantern is drawn where the picture has it, lit.
TEST_F(SceneMenuRenderTest, the_title_picture_is_drawn_behind_the_title_page) {
    const Image* picture = kit->images.file(test::dataRoot() + "/scripts/images/title.png", 1);
    ASSERT_NE(picture, nullptr) << "the demo's title picture (scripts/images/title.png)";
    SceneMenu menu = threeScenes();
    auto sky = drawn(menu, "title-sky.png");
    auto painted = drawn(menu, "title-picture.png", picture);
    auto at = [](const std::vector<std::uint8_t>& rgb, int x, int y) { return &rgb[(y * 1280 + x) * 3]; };
    const std::uint8_t* lantern = at(painted, 1112, 238);  // the picture's (556, 119), drawn at twice its size
    EXPECT_GT(lantern[0], 200);
    EXPECT_GT(lantern[1], 190);
    EXPECT_NE(std::vector<std::uint8_t>(at(sky, 1112, 238), at(sky, 1112, 238) + 3),
              std::vector<std::uint8_t>(lantern, lantern + 3));
    // In its own colours, not as a mask of the tint: the tower's red band is red.
    const std::uint8_t* band = at(painted, 1104, 338);  // the picture's (552, 169)
    EXPECT_GT(band[0], band[1] + 60) << "red: " << int(band[0]) << " green: " << int(band[1]);
    // The rows stay readable: Start's label is bright over the shaded band.
    EXPECT_GT(inkIn(painted, 370, 600, 0), 50) << "Start's label";
}
