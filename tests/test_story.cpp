// Story scripts (seed 001): text, image, option, menu, jump and flags, as a
// scene sees them, in headless mode (pages turn once typed; scripted answers).
#include <gtest/gtest.h>

#include "TestSupport.h"

using namespace stagehand;
using test::Stage;

namespace {
std::vector<std::string> texts(const Stage& stage, const std::string& event, const std::string& field) {
    std::vector<std::string> out;
    for (const auto* e : stage.events(event)) out.push_back(*e->field(field));
    return out;
}

const char* const kStory = R"(
function start()
    image("keeper")
    text("Narration first.")
    text("jon", "Then Jon speaks.")
    jump("ask")
end
function ask()
    option("Look around.", "look")
    if flags.looked then option("Leave.", "leave") end
    option("Wait.", "ask_again")
    menu()
end
function look() flags.looked = true; text("You look around."); jump("ask") end
function ask_again() jump("ask") end
function leave() text("You leave.") end
)";
}  // namespace

TEST(Story, text_shows_a_page_with_its_speaker_and_waits_until_it_is_turned) {
    Stage stage(kStory, 1, {3});  // "Wait." then no answer left
    stage.startScene("start");
    stage.ticks(60);
    auto pages = stage.events("text");
    ASSERT_GE(pages.size(), 2u);
    EXPECT_EQ(pages[0]->field("speaker"), nullptr);
    EXPECT_EQ(*pages[1]->field("speaker"), "jon");
    // 16 characters at 45 per second: the second page comes when the first is typed.
    EXPECT_NEAR(pages[1]->time - pages[0]->time, 16.0 / 45.0, 2.0 / 60.0);
}

TEST(Story, image_is_recorded_and_unknown_images_are_errors) {
    Stage stage("function scene() image('keeper') image('kepeer') end");
    stage.startScene("scene");
    EXPECT_EQ(texts(stage, "image", "name"), std::vector<std::string>{"keeper"});
    ASSERT_EQ(stage.events("error").size(), 1u);
    EXPECT_NE(
        stage.events("error")[0]->field("message")->find(":1: image: unknown image 'kepeer' (did you mean 'keeper'?)"),
        std::string::npos);
    // It also says where images go and which format loads.
    EXPECT_NE(stage.events("error")[0]->field("message")->find("PNG, JPG, BMP, TGA or GIF files in assets/images"),
              std::string::npos);
}

TEST(Story, menu_offers_the_options_and_continues_at_the_chosen_target) {
    Stage stage(kStory, 1, {1, 2});  // look, then leave (offered once looked)
    stage.startScene("start");
    stage.ticks(600);
    EXPECT_EQ(texts(stage, "jump", "target"), (std::vector<std::string>{"ask", "look", "ask", "leave"}));
    auto choices = stage.events("choice");
    ASSERT_EQ(choices.size(), 2u);
    EXPECT_EQ(*choices[1]->field("index"), "2");
    EXPECT_EQ(*choices[1]->field("text"), "Leave.");
    EXPECT_EQ(stage.sceneStatus, "done");
}

TEST(Story, a_flag_changes_the_options_offered) {
    Stage stage(kStory, 1, {1, 2});
    stage.startScene("start");
    stage.ticks(600);
    auto menus = texts(stage, "menu", "options");
    ASSERT_EQ(menus.size(), 2u);
    EXPECT_EQ(menus[0], "1. Look around. | 2. Wait.");
    EXPECT_EQ(menus[1], "1. Look around. | 2. Leave. | 3. Wait.");
}

TEST(Story, jump_stops_the_current_function_and_flags_live_on) {
    Stage stage(
        "function a() flags.n = 1; jump('b'); text('never shown') end\nfunction b() text('n is ' .. flags.n) end");
    stage.startScene("a");
    stage.ticks(60);
    EXPECT_EQ(texts(stage, "text", "text"), std::vector<std::string>{"n is 1"});
    EXPECT_EQ(stage.sceneStatus, "done");
}

// Targets resolve when chosen (seed article 001): an option may name a
// function defined further down, and only a chosen missing one is an error.
TEST(Story, an_option_target_is_looked_up_when_it_is_chosen) {
    Stage stage("function scene()\n  option('Later', 'later')\n  menu()\nend\nfunction later() text('here') end", 1,
                {1});
    stage.startScene("scene");
    stage.ticks(300);
    EXPECT_TRUE(texts(stage, "error", "message").empty());
    EXPECT_EQ(texts(stage, "text", "text"), std::vector<std::string>{"here"});
}

TEST(Story, a_chosen_missing_target_is_an_error_at_the_menu_line) {
    Stage stage("function scene()\n  option('Go', 'nowhere')\n  menu()\nend\nfunction somewhere() end", 1, {1});
    stage.startScene("scene");
    stage.ticks(300);
    auto errors = texts(stage, "error", "message");
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find(".lua:3: menu: the chosen option: no story function named 'nowhere'"), std::string::npos)
        << errors[0];
    EXPECT_EQ(stage.sceneStatus, "failed");
}

TEST(Story, menu_with_no_options_is_an_error_at_the_script_line) {
    Stage stage("function scene()\n\n  menu()\nend");
    stage.startScene("scene");
    auto errors = texts(stage, "error", "message");
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find(".lua:3: menu: no options to show"), std::string::npos) << errors[0];
}

TEST(Story, text_with_a_non_string_is_an_error_at_the_script_line) {
    Stage stage("function scene()\n  text({})\nend");
    stage.startScene("scene");
    auto errors = texts(stage, "error", "message");
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find(".lua:2: text: text must be a string or a line(...). Was table"), std::string::npos)
        << errors[0];
}

TEST(Story, a_menu_without_a_scripted_answer_names_its_options) {
    Stage stage(kStory, 1, {});
    stage.startScene("start");
    stage.ticks(60);
    auto errors = texts(stage, "error", "message");
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find(
                  "menu: no answer left in the scripted answers for this menu (options: 1. Look around. | 2. Wait.)"),
              std::string::npos)
        << errors[0];
}

TEST(Story, an_answer_out_of_range_names_the_options) {
    Stage stage(kStory, 1, {7});
    stage.startScene("start");
    stage.ticks(60);
    auto errors = texts(stage, "error", "message");
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(
        errors[0].find(
            "answer 7 from the scripted answers is out of range for this menu (options: 1. Look around. | 2. Wait.)"),
        std::string::npos);
}

TEST(Story, other_processes_go_on_while_a_page_waits_for_the_player) {
    Stage stage(
        "function scene()\n"
        "  runProcess(function() for i = 1, 3 do wait(1) say('jon', 'tick ' .. i) end end)\n"
        "  text('A page nobody turns.')\n"
        "end\n",
        1, {}, /*headless=*/false);
    stage.startScene("scene");
    stage.ticks(200);
    EXPECT_EQ(stage.events("say").size(), 3u);
    EXPECT_EQ(stage.sceneStatus, "");  // still waiting on the page
}

// The history a player can read back: every page with its speaker's name, and
// the choices made, in order; reading it never changes the scene.
TEST(Story, the_history_keeps_pages_speakers_and_choices_in_order) {
    Stage stage(kStory, 1, {1, 2});  // look, then leave
    stage.startScene("start");
    stage.ticks(900);
    const auto& history = stage.world.story().history();
    ASSERT_GE(history.size(), 5u);
    EXPECT_EQ(history[0].text, "Narration first.");
    EXPECT_EQ(history[0].speaker, "");
    EXPECT_EQ(history[1].speaker, "Jon");
    EXPECT_EQ(history[1].text, "Then Jon speaks.");
    EXPECT_TRUE(history[2].choice);
    EXPECT_EQ(history[2].text, "Look around.");
    EXPECT_EQ(history[3].text, "You look around.");
    EXPECT_TRUE(history[4].choice);
    EXPECT_EQ(history[4].text, "Leave.");
}
