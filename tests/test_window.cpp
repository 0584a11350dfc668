// The window mode itself (WindowGame), driven in-process (tests/WindowFixture.h): pages, menus,
// walking, the inspector and the editor overlay, history, rollback, saves, fullscreen, the pause
// overlay, languages and the player's settings. tests/test_window_runs.cpp and
// tests/test_window_screens.cpp hold the rest.
#include <gtest/gtest.h>

#include <SDL.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "TestSupport.h"
#include "WindowTest.h"
#include "app/run/RunSetup.h"
#include "app/window/WindowGame.h"
#include "lang/EngineWords.h"
#include "lang/LineId.h"
#include "lang/StringTable.h"

using namespace stagehand;
namespace fs = std::filesystem;
using test::readFile;
using test::saveOver;
using test::ScopedEnv;

// ---------------------------------------------------------------------------
// Turning pages: Space, Enter or a click; the first press finishes typing.

TEST_F(WindowTest, the_first_press_finishes_a_typing_page_the_next_turns_it_with_space_enter_or_a_click) {
    open("pages");
    wait(0.2);
    ASSERT_EQ(page(), "The first page is long enough to be typing for a good while after it appears.");
    ASSERT_FALSE(pageTyped());
    press(SDLK_SPACE);
    EXPECT_TRUE(pageTyped()) << "the first press shows the whole page";
    EXPECT_EQ(page(), "The first page is long enough to be typing for a good while after it appears.");
    press(SDLK_SPACE);
    wait(0.1);
    EXPECT_EQ(page(), "Page 2.");
    wait(1);
    press(SDLK_RETURN);
    wait(0.1);
    EXPECT_EQ(page(), "Page 3.");
    wait(1);
    click(320, 180);
    wait(0.1);
    EXPECT_EQ(page(), "Page 4.");
    wait(3);
    EXPECT_EQ(page(), "Page 4.") << "a typed page waits for the player";
    EXPECT_EQ(events("text").size(), 4u);
}

// ---------------------------------------------------------------------------
// Choosing: Up/Down or W/S and Enter, a number key, or hover and click.

TEST_F(WindowTest, up_down_w_and_s_move_through_a_menu_and_enter_chooses) {
    open("choices");
    press(SDLK_SPACE);  // "Pick one." typed at once
    press(SDLK_SPACE);  // and turned
    ASSERT_TRUE(waitFor([&] { return menuSelected() == 0; }));
    press(SDLK_DOWN);
    EXPECT_EQ(menuSelected(), 1);
    press(SDLK_s);
    EXPECT_EQ(menuSelected(), 2);
    press(SDLK_UP);
    EXPECT_EQ(menuSelected(), 1);
    press(SDLK_w);
    press(SDLK_w);
    EXPECT_EQ(menuSelected(), 2) << "the selection wraps round";
    press(SDLK_RETURN);
    wait(0.1);
    ASSERT_EQ(events("choice").size(), 1u);
    EXPECT_NE(events("choice")[0].find("index=3 text=\"Gamma\""), std::string::npos) << events("choice")[0];
    EXPECT_EQ(page(), "You picked gamma.");
}

TEST_F(WindowTest, a_number_key_chooses_that_option) {
    ASSERT_TRUE(openAtTheMenu());
    press(SDLK_4);  // there is no fourth
    EXPECT_TRUE(events("choice").empty());
    press(SDLK_2);
    wait(0.1);
    ASSERT_EQ(events("choice").size(), 1u);
    EXPECT_NE(events("choice")[0].find("index=2 text=\"Beta\""), std::string::npos) << events("choice")[0];
    EXPECT_EQ(page(), "You picked beta.");
}

TEST_F(WindowTest, hovering_an_option_selects_it_and_a_click_chooses_it) {
    ASSERT_TRUE(openAtTheMenu());
    // Down the window's middle until the mouse is over the third option, as WorldView draws it.
    int y = 0;
    for (; y < 360 && menuSelected() != 2; y += 2) {
        pushMouse(SDL_MOUSEMOTION, 320, y);
        frame();
    }
    ASSERT_EQ(menuSelected(), 2) << "no option under the mouse was the third";
    EXPECT_TRUE(events("choice").empty()) << "hovering only selects";
    click(320, y - 2);
    wait(0.1);
    ASSERT_EQ(events("choice").size(), 1u);
    EXPECT_NE(events("choice")[0].find("index=3 text=\"Gamma\""), std::string::npos) << events("choice")[0];
}

// The browser's page reads the screen through describe() (web/pre.js): its
// screen and scene, the line, and where each option lies for a click or a tap.
TEST_F(WindowTest, describe_names_the_screen_the_line_and_where_a_click_chooses_each_option) {
    open("");
    auto state = nlohmann::json::parse(game->describe());
    EXPECT_EQ(state["screen"], "menu");
    EXPECT_EQ(state["row"], "Start") << "the title screen's first row";
    EXPECT_EQ(state["rowKind"], "start");
    EXPECT_EQ(state["scene"], "") << "Start is no chapter's row";
    press(SDLK_DOWN);
    press(SDLK_RETURN);  // Chapters
    state = nlohmann::json::parse(game->describe());
    EXPECT_EQ(state["row"], "Pages");
    EXPECT_EQ(state["rowKind"], "chapter");
    EXPECT_EQ(state["scene"], "pages") << "the chapters page's first row";
    open("choices");
    state = nlohmann::json::parse(game->describe());
    EXPECT_EQ(state["screen"], "scene");
    EXPECT_EQ(state["scene"], "choices");
    EXPECT_EQ(state["line"], "Pick one.");
    press(SDLK_SPACE);
    press(SDLK_SPACE);
    ASSERT_TRUE(waitFor([&] { return menuSelected() == 0; }));
    frame();  // the options drawn where describe() says
    state = nlohmann::json::parse(game->describe());
    ASSERT_EQ(state["options"], nlohmann::json::array({"Alpha", "Beta", "Gamma"}));
    ASSERT_EQ(state["optionPoints"].size(), 3u);
    const auto& beta = state["optionPoints"][1];
    click(static_cast<int>(beta[0].get<float>() * 640), static_cast<int>(beta[1].get<float>() * 360));
    wait(0.1);
    ASSERT_EQ(events("choice").size(), 1u);
    EXPECT_NE(events("choice")[0].find("index=2 text=\"Beta\""), std::string::npos) << events("choice")[0];
    press(SDLK_ESCAPE);
    EXPECT_EQ(nlohmann::json::parse(game->describe())["screen"], "paused");
}

// ---------------------------------------------------------------------------
// Walking, skipping, auto-advance, text speed.

TEST_F(WindowTest, arrows_and_wasd_walk_the_player_once_the_scene_hands_over_control) {
    open("walk");
    auto position = [&] { return sim().world().cast().findActor("ines")->position; };
    wait(0.2);
    hold(SDLK_RIGHT);
    wait(0.5);
    EXPECT_FLOAT_EQ(position().x, 600) << "no walking before enableControls()";
    letGo(SDLK_RIGHT);
    wait(0.5);  // controls are on from 1 s
    struct Walk {
        SDL_Keycode key;
        float dx, dy;
    };
    for (Walk walk : {Walk{SDLK_RIGHT, 1, 0}, Walk{SDLK_LEFT, -1, 0}, Walk{SDLK_UP, 0, -1}, Walk{SDLK_DOWN, 0, 1},
                      Walk{SDLK_d, 1, 0}, Walk{SDLK_a, -1, 0}, Walk{SDLK_w, 0, -1}, Walk{SDLK_s, 0, 1}}) {
        Vec2 from = position();
        hold(walk.key);
        wait(0.25);
        letGo(walk.key);
        frame();
        Vec2 to = position();
        EXPECT_GT((to.x - from.x) * walk.dx + (to.y - from.y) * walk.dy, 20) << SDL_GetKeyName(walk.key);
        Vec2 still = position();
        wait(0.25);
        EXPECT_FLOAT_EQ(position().x, still.x) << SDL_GetKeyName(walk.key) << " let go: no more walking";
        EXPECT_FLOAT_EQ(position().y, still.y) << SDL_GetKeyName(walk.key);
    }
}

TEST_F(WindowTest, holding_ctrl_or_tab_skips_through_pages_and_letting_go_stops) {
    skipAll();  // every page is new here: "skip all" lets skip pass them (the next tests: only read ones)
    open("pages");
    for (SDL_Keycode skip : {SDLK_LCTRL, SDLK_RCTRL, SDLK_TAB}) {
        std::size_t before = events("text").size();
        hold(skip);
        wait(0.6);
        EXPECT_TRUE(sim().world().story().textSettings().skipping) << SDL_GetKeyName(skip);
        EXPECT_GE(events("text").size(), before + 3) << SDL_GetKeyName(skip) << ": pages fly by while it is held";
        letGo(skip);
        frame();
        EXPECT_FALSE(sim().world().story().textSettings().skipping);
        std::string stays = page();
        wait(2);
        EXPECT_EQ(page(), stays) << SDL_GetKeyName(skip) << " let go: the page waits again";
    }
}

TEST_F(WindowTest, f2_turns_auto_advance_on_and_off) {
    open("pages");
    press(SDLK_SPACE);  // the long first page, typed
    wait(5);
    EXPECT_EQ(events("text").size(), 1u) << "without auto-advance a typed page waits";
    press(SDLK_F2);
    EXPECT_TRUE(sim().world().story().textSettings().autoAdvance);
    EXPECT_TRUE(game->playInput().autoAdvance());
    ASSERT_TRUE(waitFor([&] { return events("text").size() >= 3; }, 8)) << "pages turn by themselves";
    press(SDLK_F2);
    EXPECT_FALSE(sim().world().story().textSettings().autoAdvance);
    std::size_t count = events("text").size();
    wait(5);
    EXPECT_EQ(events("text").size(), count) << "off again: the page waits";
}

TEST_F(WindowTest, f3_steps_the_text_speed_through_slow_normal_fast_and_instant) {
    open("pages");
    frame();
    auto speed = [&] { return sim().world().story().textSettings().charsPerSecond; };
    EXPECT_EQ(speed(), 45) << "normal";
    press(SDLK_F3);
    EXPECT_EQ(speed(), 90) << "fast";
    press(SDLK_F3);
    EXPECT_EQ(speed(), 0) << "instant";
    press(SDLK_SPACE);  // turn the first page (already whole at instant speed)
    frame();
    frame();
    EXPECT_EQ(page(), "Page 2.");
    EXPECT_TRUE(pageTyped()) << "instant text is whole at once";
    press(SDLK_F3);
    EXPECT_EQ(speed(), 25) << "slow";
    press(SDLK_F3);
    EXPECT_EQ(speed(), 45) << "and round to normal";
}

// ---------------------------------------------------------------------------
// The author's keys: F1, P, ., [ and ].

TEST_F(WindowTest, f1_shows_and_hides_the_inspector) {
    open("heartbeat");
    EXPECT_FALSE(game->inspectorShown());
    press(SDLK_F1);
    EXPECT_TRUE(game->inspectorShown());
    wait(0.5);  // frames draw it with the live processes
    press(SDLK_F1);
    EXPECT_FALSE(game->inspectorShown());
}

// A jump cancels what its branch started: the inspector lists those after the
// live processes, with the jump that cancelled them; a scene-long one lives on.
TEST_F(WindowTest, f1_lists_what_the_last_jump_cancelled_and_the_scene_long_process_lives_on) {
    std::ofstream(scriptPath, std::ios::binary | std::ios::trunc) << R"(
function street()
    runForScene(function() while true do wait(1) end end):setName("pigeon")
    runProcess(function() while true do wait(1) end end):setName("drizzle")
    text("Rain on the street.")
    jump("market")
end
function market()
    runProcess(function() wait(600) end):setName("stall")
    text("The market.")
    jump("square")
end
function square()
    text("The square.")
end
)";
    open("street");
    press(SDLK_F1);
    ASSERT_TRUE(turnPagesUntil("The market."));
    auto rows = sim().inspectedProcesses();
    auto row = [&](const std::string& name) -> const ProcessInfo* {
        for (const auto& p : rows)
            if (p.name == name) return &p;
        return nullptr;
    };
    ASSERT_NE(row("pigeon"), nullptr);
    EXPECT_FALSE(row("pigeon")->cancelled) << "live through the jump";
    ASSERT_NE(row("drizzle"), nullptr) << "the cancelled one is listed too";
    EXPECT_TRUE(row("drizzle")->cancelled);
    EXPECT_EQ(row("drizzle")->summary, "cancelled by jump to market");
    EXPECT_TRUE(rows.back().cancelled) << "after the live ones";
    auto cancelled = events("cancelled");
    ASSERT_EQ(cancelled.size(), 1u) << "the transcript says it, once";
    EXPECT_NE(cancelled[0].find("cancelled process=\"drizzle\" by=\"jump\" target=\"market\""), std::string::npos)
        << cancelled[0];
    wait(0.2);  // frames draw the inspector with it
    EXPECT_TRUE(game->inspectorShown());

    ASSERT_TRUE(turnPagesUntil("The square."));
    rows = sim().inspectedProcesses();
    ASSERT_NE(row("stall"), nullptr);
    EXPECT_EQ(row("stall")->summary, "cancelled by jump to square");
    EXPECT_EQ(row("drizzle"), nullptr) << "the last jump's only";
    ASSERT_NE(row("pigeon"), nullptr);
    EXPECT_FALSE(row("pigeon")->cancelled);
}

TEST_F(WindowTest, f4_shows_and_hides_the_editor_overlay_and_the_scene_goes_on) {
    open("heartbeat");
    EXPECT_FALSE(game->editorShown());
    press(SDLK_F4);
    EXPECT_TRUE(game->editorShown());
    double before = sim().time();
    wait(0.5);  // frames draw it; the scene does not stop for it
    EXPECT_GT(sim().time(), before);
    press(SDLK_F4);
    EXPECT_FALSE(game->editorShown());
}

TEST_F(WindowTest, p_pauses_the_scene_dot_steps_one_tick_and_brackets_halve_and_double_its_speed) {
    open("heartbeat");
    wait(0.5);
    press(SDLK_p);
    ASSERT_TRUE(game->playback().paused());
    std::uint64_t at = sim().ticks();
    wait(1);
    EXPECT_EQ(sim().ticks(), at) << "paused: no ticks";
    press(SDLK_PERIOD);
    EXPECT_EQ(sim().ticks(), at + 1) << ". steps one tick";
    press(SDLK_p);
    press(SDLK_RIGHTBRACKET);
    EXPECT_EQ(game->playback().speed(), 2);
    at = sim().ticks();
    wait(1);
    EXPECT_NEAR(static_cast<double>(sim().ticks() - at), 120, 2) << "] doubles the speed";
    press(SDLK_LEFTBRACKET);
    press(SDLK_LEFTBRACKET);
    EXPECT_EQ(game->playback().speed(), 0.5);
    at = sim().ticks();
    wait(1);
    EXPECT_NEAR(static_cast<double>(sim().ticks() - at), 30, 2) << "[ halves it";
}

// ---------------------------------------------------------------------------
// Reading back: H opens the history (the wheel rolls back: see below); in the
// history the wheel scrolls.

TEST_F(WindowTest, h_opens_the_history_which_scrolls_by_keys_and_wheel_and_holds_the_scene) {
    open("pages");
    for (int page = 0; page < 3; ++page) {
        press(SDLK_SPACE);
        press(SDLK_SPACE);
        wait(0.1);
    }
    ASSERT_EQ(sim().world().story().history().size(), 4u);
    press(SDLK_h);
    ASSERT_TRUE(game->historyShown());
    std::uint64_t at = sim().ticks();
    wait(1);
    EXPECT_EQ(sim().ticks(), at) << "the scene waits while the player reads back";
    press(SDLK_UP);
    press(SDLK_w);
    EXPECT_EQ(game->historyScroll(), 2);
    press(SDLK_DOWN);
    EXPECT_EQ(game->historyScroll(), 1);
    for (int i = 0; i < 6; ++i) press(SDLK_UP);
    EXPECT_EQ(game->historyScroll(), 3) << "no further back than the first entry";
    press(SDLK_h);
    EXPECT_FALSE(game->historyShown());
    wait(0.5);
    EXPECT_GT(sim().ticks(), at);

    press(SDLK_h);
    ASSERT_TRUE(game->historyShown());
    EXPECT_EQ(game->historyScroll(), 0);
    wheel(1);
    wheel(1);
    EXPECT_EQ(game->historyScroll(), 2);
    wheel(-1);
    EXPECT_EQ(game->historyScroll(), 1);
    press(SDLK_ESCAPE);
    EXPECT_FALSE(game->historyShown());
    EXPECT_FALSE(game->pauseOverlayOpen()) << "Escape closed the history only";
}

// ---------------------------------------------------------------------------
// Rollback: the wheel up, Page Up or a pad's left shoulder goes back one page
// or menu with the whole stage as it was; forward repeats the recorded future;
// a new choice forks the run.

namespace {
// Every transcript line of a run up to tick `ticks`, and the stage then.
std::vector<std::string> transcriptUpTo(Simulation& sim, double seconds) {
    std::vector<std::string> lines;
    for (const auto& e : sim.transcript().events())
        if (e.time <= seconds + 1e-9) lines.push_back(Transcript::formatText(e));
    return lines;
}
}  // namespace

TEST_F(WindowTest, the_wheel_and_page_up_roll_back_a_page_at_a_time_with_the_stage_as_it_was) {
    open("pages");
    std::vector<std::vector<std::string>> shownThen;  // the transcript the moment each page was shown
    std::vector<std::uint64_t> shownAt;
    for (int page = 0; page < 4; ++page) {
        shownThen.push_back(transcriptUpTo(sim(), sim().time()));
        shownAt.push_back(sim().ticks());
        press(SDLK_SPACE);
        press(SDLK_SPACE);
        wait(0.1);
    }
    ASSERT_EQ(page(), "Page 5.");
    std::uint64_t furthest = sim().ticks();
    press(SDLK_p);  // paused: the frames after a rollback run no tick of their own

    wheel(1);
    EXPECT_EQ(page(), "Page 4.");
    press(SDLK_PAGEUP);
    EXPECT_EQ(page(), "Page 3.");
    wheel(1);
    EXPECT_EQ(page(), "Page 2.");
    // Back 3 pages: the stage equals the one recorded when page 2 was shown.
    std::vector<std::string> now;
    for (const auto& e : sim().transcript().events()) now.push_back(Transcript::formatText(e));
    EXPECT_EQ(now, transcriptUpTo(sim(), sim().time()));
    ASSERT_GE(shownThen[1].size(), 1u);
    EXPECT_EQ(std::vector<std::string>(now.begin(), now.begin() + std::min(now.size(), shownThen[1].size())),
              shownThen[1]);
    EXPECT_EQ(sim().world().story().history().size(), 2u) << "the history is the one of that moment";
    EXPECT_FALSE(game->historyShown()) << "the wheel rolls back; H opens the history";

    wheel(1);
    EXPECT_EQ(page(), "The first page is long enough to be typing for a good while after it appears.");
    wheel(1);
    EXPECT_EQ(sim().world().notices().notice(), "this is the first line: there is nothing before it to roll back to");
    EXPECT_EQ(page(), "The first page is long enough to be typing for a good while after it appears.");

    wheel(-1);
    EXPECT_EQ(page(), "Page 2.");
    press(SDLK_PAGEDOWN);
    EXPECT_EQ(page(), "Page 3.");
    wheel(-1);
    wheel(-1);
    wheel(-1);
    EXPECT_EQ(sim().ticks(), furthest) << "forward stops at the moment rolled back from";
    EXPECT_EQ(page(), "Page 5.");
    wheel(-1);
    EXPECT_EQ(sim().world().notices().notice(), "nothing to roll forward to: this is the newest moment");
}

TEST_F(WindowTest, choosing_differently_after_rolling_back_forks_the_run) {
    fs::path record = folder / "played.txt";
    setup.cmd.recordPath = record.string();
    ASSERT_TRUE(openAtTheMenu());
    press(SDLK_1);
    wait(0.3);
    ASSERT_EQ(page(), "You picked alpha.");
    press(SDLK_PAGEUP);
    ASSERT_NE(sim().world().story().currentMenu(), std::nullopt) << "back at the menu";
    EXPECT_TRUE(events("choice").empty()) << "the choice is undone";
    press(SDLK_3);
    wait(0.3);
    EXPECT_EQ(page(), "You picked gamma.");
    ASSERT_EQ(events("choice").size(), 1u);
    EXPECT_NE(events("choice")[0].find("Gamma"), std::string::npos);
    ASSERT_NE(game->session(), nullptr);
    EXPECT_FALSE(game->session()->rolledBack());
    press(SDLK_PAGEDOWN);
    EXPECT_EQ(page(), "You picked gamma.") << "the old future (alpha) is gone";
    std::string recorded = readFile(record);
    EXPECT_EQ(recorded.find("choose 1"), std::string::npos) << "the record holds the run on screen:\n" << recorded;
    EXPECT_NE(recorded.find("choose 3"), std::string::npos) << recorded;
}

TEST_F(WindowTest, the_spare_runs_rollback_keeps_say_nothing_a_script_error_is_said_once) {
    std::ofstream(scriptPath, std::ios::binary | std::ios::trunc)
        << "SCENES = { { name = 'oops', title = 'Oops' } }\n"
           "function oops()\n"
           "    runProcess(function() wait(0.2) error('boom') end)\n"
           "    text('One.')\n"
           "    text('Two.')\n"
           "    text('Three.')\n"
           "end\n";
    testing::internal::CaptureStderr();
    open("oops");
    wait(0.5);
    for (int page = 0; page < 2; ++page) {
        press(SDLK_SPACE);
        press(SDLK_SPACE);
        wait(0.3);
    }
    ASSERT_EQ(page(), "Three.");
    ASSERT_GE(game->session()->readySpares(), 2) << "spares stand at the pages, past the error";
    press(SDLK_PAGEUP);
    EXPECT_EQ(page(), "Two.");
    std::string said = testing::internal::GetCapturedStderr();
    std::size_t count = 0;
    for (std::size_t at = said.find("boom"); at != std::string::npos; at = said.find("boom", at + 1)) ++count;
    EXPECT_EQ(count, 1u) << said;
}

// ---------------------------------------------------------------------------
// Save slots: F6 saves, F7 loads, the pause overlay's "Save / Load".

TEST_F(WindowTest, a_slot_saves_with_its_picture_title_time_and_date_and_loads_the_same_moment) {
    ASSERT_TRUE(openAtTheMenu());
    press(SDLK_2);
    wait(0.5);
    press(SDLK_p);
    std::uint64_t savedAt = sim().ticks();
    std::vector<std::string> before;
    for (const auto& e : sim().transcript().events()) before.push_back(Transcript::formatText(e));

    press(SDLK_F6);
    ASSERT_TRUE(game->saveScreen().isOpen());
    EXPECT_EQ(game->saveScreen().mode(), SaveScreen::Mode::Save);
    press(SDLK_RIGHT);  // slot 2
    press(SDLK_RETURN);
    EXPECT_EQ(game->saveScreen().message(), "saved in slot 2");
    fs::path saves = folder / "user" / "saves";
    ASSERT_TRUE(fs::exists(saves / "slot-02.txt"));
    ASSERT_TRUE(fs::exists(saves / "slot-02.png")) << "the thumbnail";
    EXPECT_GT(fs::file_size(saves / "slot-02.png"), 500u);
    const SlotInfo& slot = game->saveScreen().slot(2);
    EXPECT_EQ(slot.state, SlotInfo::State::Ready);
    EXPECT_EQ(slot.title, "Choices");
    EXPECT_NEAR(slot.played, static_cast<double>(savedAt) / 60, 0.02);
    EXPECT_EQ(slot.date.size(), 16u) << slot.date;
    EXPECT_EQ(game->saveScreen().slot(1).state, SlotInfo::State::Empty);
    press(SDLK_ESCAPE);
    EXPECT_FALSE(game->saveScreen().isOpen());

    press(SDLK_p);
    press(SDLK_SPACE);
    wait(1);
    ASSERT_NE(sim().ticks(), savedAt);
    press(SDLK_p);
    press(SDLK_F7);
    ASSERT_EQ(game->saveScreen().mode(), SaveScreen::Mode::Load);
    EXPECT_EQ(game->saveScreen().selectedSlot(), 2) << "the screen keeps its place";
    press(SDLK_LEFT);
    press(SDLK_RETURN);  // slot 1: empty
    EXPECT_EQ(game->saveScreen().message(), "slot 1 is empty: nothing to load");
    EXPECT_TRUE(game->saveScreen().isOpen());
    press(SDLK_RIGHT);
    press(SDLK_RETURN);
    EXPECT_FALSE(game->saveScreen().isOpen());
    EXPECT_EQ(sim().ticks(), savedAt);
    std::vector<std::string> after;
    for (const auto& e : sim().transcript().events()) after.push_back(Transcript::formatText(e));
    EXPECT_EQ(after, before) << "the same run up to the saved moment";
}

TEST_F(WindowTest, the_save_screen_is_reached_from_the_pause_overlay_and_works_by_mouse) {
    open("choices");
    press(SDLK_ESCAPE);
    for (int i = 0; i < PauseMenu::kRowCount && game->pauseRow() != PauseMenu::Row::SaveLoad; ++i) press(SDLK_DOWN);
    ASSERT_EQ(game->pauseRow(), PauseMenu::Row::SaveLoad);
    press(SDLK_RETURN);
    ASSERT_TRUE(game->saveScreen().isOpen());
    EXPECT_FALSE(game->pauseOverlayOpen());
    // The window is 640x360: half the view. Slot 1's card is at (59, 100) in the view.
    click(59 / 2 + 40, 100 / 2 + 30);
    EXPECT_EQ(game->saveScreen().message(), "saved in slot 1");
    click(59 / 2 + 40, 100 / 2 + 30);
    EXPECT_EQ(game->saveScreen().message(), "slot 1 holds a save: press again to replace it");
    click(59 / 2 + 40, 100 / 2 + 30);
    EXPECT_EQ(game->saveScreen().message(), "saved in slot 1");
    click(640 / 2 + 40, 50 / 2 + 10);  // the Load tab
    EXPECT_EQ(game->saveScreen().mode(), SaveScreen::Mode::Load);
}

TEST_F(WindowTest, damaged_saves_are_listed_as_damaged_and_a_failed_save_keeps_the_old_one) {
    fs::path saves = folder / "user" / "saves";
    fs::create_directories(saves);
    std::ofstream(saves / "slot-01.txt", std::ios::binary) << "stagehand-input 1\nscene choi";  // truncated
    std::ofstream(saves / "slot-02.txt", std::ios::binary) << "\x7f\x45\x4c\x46 garbage \x01\x02";
    std::ofstream(saves / "slot-03.txt", std::ios::binary)
        << "stagehand-input 1\nscene choices\nscript 10 00\nat 5\nfile other.lua\n---\n";
    std::ofstream(saves / "slot-04.txt", std::ios::binary) << "stagehand-input 9\nscene choices\n---\n";
    open("choices");
    wait(0.2);
    press(SDLK_F7);
    ASSERT_TRUE(game->saveScreen().isOpen());
    for (int n = 1; n <= 4; ++n) EXPECT_EQ(game->saveScreen().slot(n).state, SlotInfo::State::Damaged) << n;
    EXPECT_NE(game->saveScreen().slot(3).problem.find("another script (other.lua)"), std::string::npos);
    EXPECT_NE(game->saveScreen().slot(4).problem.find("not a Stagehand input file"), std::string::npos);
    press(SDLK_RETURN);
    EXPECT_NE(game->saveScreen().message().find("slot 1 is damaged and cannot be loaded"), std::string::npos)
        << game->saveScreen().message();
    frame();  // drawn with damaged slots: no crash

    // Slot 5 holds a good save; a save over it that cannot be written keeps it.
    press(SDLK_TAB);
    ASSERT_EQ(game->saveScreen().mode(), SaveScreen::Mode::Save);
    press(SDLK_DOWN);  // slot 5
    press(SDLK_RETURN);
    ASSERT_EQ(game->saveScreen().message(), "saved in slot 5");
    std::string good = readFile(saves / "slot-05.txt");
    fs::create_directories(saves / "slot-05.txt.tmp");  // the temporary file cannot be written
    wait(0.5);
    press(SDLK_RETURN);
    press(SDLK_RETURN);
    EXPECT_NE(game->saveScreen().message().find("not saved: cannot write"), std::string::npos)
        << game->saveScreen().message();
    EXPECT_NE(game->saveScreen().message().find("the old save is kept"), std::string::npos);
    EXPECT_EQ(readFile(saves / "slot-05.txt"), good) << "the old save is intact";
}

TEST_F(WindowTest, a_slot_saved_before_an_edit_loads_up_to_where_the_run_diverges_and_says_where) {
    ASSERT_TRUE(openAtTheMenu());
    press(SDLK_2);
    wait(0.5);
    press(SDLK_F6);
    press(SDLK_RETURN);
    ASSERT_EQ(game->saveScreen().message(), "saved in slot 1");
    game.reset();

    // The question's page is reworded: the run diverges there (line 15 of the script).
    std::string edited = kWindowTestScenes;
    edited.replace(edited.find("Pick one."), 9, "Choose one.");
    std::ofstream(scriptPath, std::ios::binary | std::ios::trunc) << edited;
    testing::internal::CaptureStderr();
    open("choices");
    press(SDLK_F7);
    press(SDLK_RETURN);
    std::string said = testing::internal::GetCapturedStderr();
    EXPECT_NE(said.find("scenes.lua:15"), std::string::npos) << said;
    EXPECT_NE(said.find("a page \"Choose one.\""), std::string::npos) << said;
    ASSERT_FALSE(sim().world().notices().problems().empty()) << "shown on screen too";
    const Notices::Problem& shown = sim().world().notices().problems().back();
    EXPECT_NE(shown.text.find("scenes.lua:15"), std::string::npos) << "shown on screen too: " << shown.text;
    EXPECT_EQ(shown.severity, Notices::Severity::Warning) << "it plays, up to there";
    EXPECT_TRUE(events("choice").empty()) << "never silently something else: stopped before the edit";
}

// ---------------------------------------------------------------------------
// F11 and Alt+Enter.

TEST_F(WindowTest, f11_and_alt_enter_switch_fullscreen_and_it_is_kept) {
    open("pages");
    ASSERT_FALSE(game->fullscreen());
    press(SDLK_F11);
    EXPECT_TRUE(game->fullscreen());
    press(SDLK_F11);
    EXPECT_FALSE(game->fullscreen());
    press(SDLK_RETURN, KMOD_LALT);
    EXPECT_TRUE(game->fullscreen());
    EXPECT_EQ(events("text").size(), 1u) << "Alt+Enter does not turn the page";
    EXPECT_FALSE(pageTyped()) << "nor finish it";
    game->keepSettings();
    EXPECT_NE(readFile(folder / "user" / "settings.txt").find("fullscreen = true"), std::string::npos);
}

// ---------------------------------------------------------------------------
// Escape: the pause overlay and each of its rows.

TEST_F(WindowTest, escape_opens_the_pause_overlay_which_holds_the_scene_until_resumed) {
    open("heartbeat");
    wait(0.5);
    press(SDLK_ESCAPE);
    ASSERT_TRUE(game->pauseOverlayOpen());
    EXPECT_EQ(game->pauseRow(), PauseMenu::Row::Resume);
    int beats = countSeen("print text=\"beat");
    std::uint64_t at = sim().ticks();
    wait(2);
    EXPECT_EQ(sim().ticks(), at) << "nothing runs under the overlay";
    EXPECT_TRUE(game->sound().paused()) << "nor does the sound";
    EXPECT_EQ(countSeen("print text=\"beat"), beats);
    press(SDLK_SPACE);  // Resume is the first row: activating it resumes, and turns no page
    EXPECT_FALSE(game->pauseOverlayOpen());
    EXPECT_FALSE(game->sound().paused());
    EXPECT_EQ(page(), "Listening.");
    wait(1);
    EXPECT_GT(countSeen("print text=\"beat"), beats);
    press(SDLK_ESCAPE);
    ASSERT_TRUE(game->pauseOverlayOpen());
    press(SDLK_ESCAPE);
    EXPECT_FALSE(game->pauseOverlayOpen()) << "Escape again resumes";
}

TEST_F(WindowTest, the_pause_overlay_changes_the_players_settings_and_the_scene_follows) {
    open("pages");
    frame();
    auto text = [&] { return sim().world().story().textSettings(); };
    press(SDLK_ESCAPE);
    press(SDLK_DOWN);
    ASSERT_EQ(game->pauseRow(), PauseMenu::Row::TextSpeed);
    press(SDLK_RIGHT);
    EXPECT_EQ(game->settings().textSpeed, 2);
    press(SDLK_DOWN);
    press(SDLK_RETURN);  // auto-advance on
    EXPECT_TRUE(game->settings().autoAdvance);
    press(SDLK_DOWN);
    press(SDLK_LEFT);  // its wait: short
    EXPECT_EQ(game->settings().autoAdvanceWait, 0);
    press(SDLK_DOWN);
    press(SDLK_d);  // text size: large
    EXPECT_EQ(game->settings().textSize, 2);
    press(SDLK_DOWN);
    ASSERT_EQ(game->pauseRow(), PauseMenu::Row::Fullscreen);
    press(SDLK_RETURN);
    EXPECT_TRUE(game->fullscreen());
    EXPECT_TRUE(game->settings().fullscreen);
    press(SDLK_ESCAPE);
    frame();
    EXPECT_EQ(text().charsPerSecond, 90) << "the scene types at the new speed";
    EXPECT_TRUE(text().autoAdvance);
    EXPECT_EQ(text().readingScale, 0.5f);
    EXPECT_EQ(game->playInput().speedIndex(), 2) << "F3 goes on from the overlay's choice";
}

// The Language row (shown when the script has a string table beside it):
// the page on screen is shown in the new language at once, and the choice is
// kept for the next start (src/lang, docs/API.md "String tables").
TEST_F(WindowTest, the_language_row_shows_the_page_on_screen_in_the_new_language_at_once_and_is_kept) {
    const std::string first = kFirstPage, french = kFirstPageInFrench;
    writeFrenchTable("");
    open("pages");
    frame();
    ASSERT_EQ(page(), first);
    press(SDLK_ESCAPE);
    press(SDLK_DOWN);
    ASSERT_EQ(game->pauseRow(), PauseMenu::Row::Language);
    press(SDLK_RIGHT);
    EXPECT_EQ(game->settings().language, "fr");
    EXPECT_EQ(page(), french) << "the page on screen, at once";
    press(SDLK_ESCAPE);
    frame();
    EXPECT_EQ(page(), french);
    // A translator's edit of the table shows at once, as a script's edit does.
    const std::string edited = "La première page, retouchée.";
    saveOver(folder / "strings" / "scenes.fr.csv", "language,id,text,file,line,lock,comment\nfr," +
                                                       lang::automaticLineId("scenes.lua", first) + ",\"" + edited +
                                                       "\",scenes.lua,41," + lang::sourceLock(first) + ",\n");
    EXPECT_TRUE(waitFor([&] { return page() == edited; }, 2)) << page();
    game->keepSettings();
    open("pages");
    frame();
    EXPECT_EQ(page(), edited) << "the next start is in the language chosen";
    press(SDLK_ESCAPE);
    press(SDLK_DOWN);
    press(SDLK_LEFT);
    EXPECT_EQ(game->settings().language, "en");
    EXPECT_EQ(page(), first) << "and back";
}

// A run remembers its language (issue 43): a save made in French loads in
// French after the player switched to Japanese, the Language row follows, and
// one notice (an engine word, in French) says the switch.
TEST_F(WindowTest, a_save_made_in_french_loads_in_french_after_a_switch_to_japanese_and_says_so) {
    const std::string first = "The first page is long enough to be typing for a good while after it appears.";
    const std::string french = "La première page est assez longue pour s'écrire un bon moment.";
    const std::string japanese = "最初のページは、現れてからしばらく打ち出されるほど長い。";
    fs::create_directories(folder / "strings");
    for (const auto& [code, text] : {std::pair<std::string, std::string>{"fr", french}, {"ja", japanese}})
        std::ofstream(folder / "strings" / ("scenes." + code + ".csv"), std::ios::binary)
            << "language,id,text,file,line,lock,comment\n"
            << code << "," << lang::automaticLineId("scenes.lua", first) << "," << text << ",scenes.lua,41,"
            << lang::sourceLock(first) << ",\n";
    open("pages");
    frame();
    auto nextLanguage = [&] {
        press(SDLK_ESCAPE);
        press(SDLK_DOWN);
        ASSERT_EQ(game->pauseRow(), PauseMenu::Row::Language);
        press(SDLK_RIGHT);
        press(SDLK_ESCAPE);
        frame();
    };
    nextLanguage();
    ASSERT_EQ(game->settings().language, "fr");
    ASSERT_EQ(page(), french);
    press(SDLK_p);
    press(SDLK_F5);
    press(SDLK_p);
    nextLanguage();
    ASSERT_EQ(game->settings().language, "ja");
    ASSERT_EQ(page(), japanese);
    press(SDLK_p);
    press(SDLK_F9);
    EXPECT_EQ(page(), japanese) << "a save of another language asks first (issue 59)";
    EXPECT_EQ(sim().world().notices().notice(),
              lang::word("save.otherLanguage", {{"language", PauseMenu::languageName("fr")}}));
    EXPECT_NE(sim().world().notices().notice().find("Français"), std::string::npos) << "in Japanese, naming French";
    press(SDLK_F9);
    EXPECT_EQ(page(), french) << "the save plays in the language it was made in";
    EXPECT_EQ(game->settings().language, "fr") << "the Language row says the language played";
    EXPECT_EQ(sim().world().notices().notice(), "cette sauvegarde se joue en Français, la langue où elle a été faite")
        << "one line says the switch, in the language switched to";
    press(SDLK_F9);
    EXPECT_EQ(page(), french);
    EXPECT_NE(sim().world().notices().notice(), "cette sauvegarde se joue en Français, la langue où elle a été faite")
        << "a save of the language played loads with nothing to say";
}

// Issue 59: Continue and the load screen's cards say a save's scene in the
// language played, not the one it was made in; and a save made in another
// language asks before it switches the run (a second press plays it).
TEST_F(WindowTest, saves_are_titled_in_the_language_played_and_one_of_another_language_asks_first) {
    fs::create_directories(folder / "strings");
    std::ofstream(folder / "strings" / "scenes.fr.csv", std::ios::binary)
        << "language,id,text,file,line,lock,comment\n"
        << "fr,scene.pages,Les pages,scenes.lua,49," << lang::sourceLock("Pages") << ",\n";
    open("pages");
    frame();
    press(SDLK_p);
    press(SDLK_F5);
    setup.cmd.language = "fr";
    open("");
    ASSERT_NE(game->sceneMenu(), nullptr);
    EXPECT_EQ(game->sceneMenu()->continueDetail().rfind("Les pages", 0), 0u) << game->sceneMenu()->continueDetail();
    press(SDLK_RETURN);  // Continue
    EXPECT_EQ(game->simulation(), nullptr) << "asked, not played";
    EXPECT_NE(game->sceneMenu()->message().find("English"), std::string::npos) << game->sceneMenu()->message();
    EXPECT_EQ(game->sceneMenu()->message(),
              lang::word("save.otherLanguage", {{"language", PauseMenu::languageName("en")}}));
    press(SDLK_RETURN);
    ASSERT_NE(game->simulation(), nullptr) << "the second press plays it";
    EXPECT_EQ(sim().sceneName(), "pages");
    EXPECT_EQ(game->settings().language, "") << "in English, the language it was made in";
}

// Issue 59: what the setup lost is on screen, not only on stderr: a table's bad
// row (the good rows play) and a game.json that does not parse (the scene menu
// says it, and every scene shows it until hidden).
TEST_F(WindowTest, a_bad_table_row_and_a_broken_game_json_are_on_screen_and_the_good_rows_play) {
    const std::string first = kFirstPage, french = kFirstPageInFrench;
    writeFrenchTable("fr,too.short,trop court\n");
    std::ofstream(folder / "game.json", std::ios::binary) << "{\n  \"title\": \"Ferry\"\n  \"version\": \"1\"\n}\n";
    setup.cmd.language = "fr";
    testing::internal::CaptureStderr();
    open("");
    ASSERT_NE(game->sceneMenu(), nullptr);
    const std::string menuSays = game->sceneMenu()->message();
    EXPECT_NE(menuSays.find("game.json:3: "), std::string::npos) << menuSays;
    EXPECT_NE(menuSays.find("scenes.fr.csv:3: "), std::string::npos) << menuSays;
    open("pages");
    frame();
    std::string said = testing::internal::GetCapturedStderr();
    EXPECT_EQ(page(), french) << "the good row plays";
    std::string shown;
    for (const auto& problem : sim().world().notices().problems()) {
        EXPECT_EQ(problem.severity, Notices::Severity::Error) << problem.text;
        shown += problem.text + "\n";
    }
    EXPECT_NE(shown.find("scenes.fr.csv:3: "), std::string::npos) << shown;
    EXPECT_NE(shown.find("game.json:3: "), std::string::npos) << shown;
    EXPECT_NE(shown.find("(is a comma missing at the end of line 2?)"), std::string::npos) << shown;
    wait(20);
    EXPECT_TRUE(sim().world().notices().problemShown()) << "until hidden";
    press(SDLK_BACKSPACE);
    EXPECT_FALSE(sim().world().notices().problemShown());
    // Hidden once, they stay hidden in the next scene of this run (stderr had them, the menu says them).
    press(SDLK_ESCAPE);
    for (int i = 0; i < PauseMenu::kRowCount && game->pauseRow() != PauseMenu::Row::SceneMenu; ++i) press(SDLK_DOWN);
    ASSERT_EQ(game->pauseRow(), PauseMenu::Row::SceneMenu);
    press(SDLK_RETURN);
    ASSERT_NE(game->sceneMenu(), nullptr);
    press(SDLK_1);  // (the broken game.json's Chapters list the first chapter alone: none was reached)
    ASSERT_NE(game->simulation(), nullptr);
    frame();
    EXPECT_FALSE(sim().world().notices().problemShown()) << "hidden for the rest of the run";
    // stderr: each line starts with its file.
    std::istringstream lines(said);
    for (std::string line; std::getline(lines, line);) {
        if (line.find("game.json") != std::string::npos || line.find("scenes.fr.csv") != std::string::npos) {
            EXPECT_TRUE(startsWithFile(line)) << line;
            EXPECT_EQ(line.rfind("stagehand:", 0), std::string::npos) << line;
        }
    }
}

TEST_F(WindowTest, back_to_the_scene_menu_ends_the_scene_and_all_its_processes) {
    open("heartbeat");
    wait(1);
    ASSERT_GE(countSeen("print text=\"beat 4\""), 1);
    press(SDLK_ESCAPE);
    for (int i = 0; i < PauseMenu::kRowCount && game->pauseRow() != PauseMenu::Row::SceneMenu; ++i) press(SDLK_DOWN);
    ASSERT_EQ(game->pauseRow(), PauseMenu::Row::SceneMenu);
    press(SDLK_RETURN);
    ASSERT_NE(game->sceneMenu(), nullptr);
    EXPECT_EQ(game->simulation(), nullptr);
    EXPECT_FALSE(game->pauseOverlayOpen());
    std::size_t seenBefore = seen.size();
    wait(2);
    EXPECT_EQ(seen.size(), seenBefore) << "the heartbeat process ended with its scene";
    press(SDLK_4);  // the heartbeat again, from the menu: a fresh script state
    wait(0.1);
    ASSERT_NE(game->simulation(), nullptr);
    EXPECT_EQ(events("print").size(), 1u);
    EXPECT_NE(events("print")[0].find("beat 1\""), std::string::npos) << events("print")[0];
}

TEST_F(WindowTest, quit_in_the_pause_overlay_ends_the_loop) {
    open("pages");
    press(SDLK_ESCAPE);
    press(SDLK_UP);  // round to the last row
    ASSERT_EQ(game->pauseRow(), PauseMenu::Row::Quit);
    EXPECT_TRUE(running);
    press(SDLK_RETURN);
    EXPECT_FALSE(running);
}

TEST_F(WindowTest, closing_the_window_ends_the_loop_in_a_scene_and_in_the_menu) {
    for (const char* scene : {"pages", ""}) {
        open(scene);
        running = true;
        frame();
        ASSERT_TRUE(running);
        SDL_Event quit{};
        quit.type = SDL_QUIT;
        ASSERT_EQ(SDL_PushEvent(&quit), 1);
        frame();
        EXPECT_FALSE(running) << "scene '" << scene << "'";
    }
}

// ---------------------------------------------------------------------------
// The player's settings, in the user folder.

TEST_F(WindowTest, settings_come_from_the_user_folder_and_go_back_there_with_the_windows_size) {
    std::ofstream(folder / "user" / "settings.txt", std::ios::binary)
        << "text_speed = 3\nauto_advance = true\nauto_advance_wait = 2\ntext_size = 0\nwindow_width = 800\n"
           "window_height = 450\n";
    setup.cmd.sizeGiven = false;  // the window opens at the kept size
    open("pages");
    frame();
    EXPECT_EQ(sim().world().story().textSettings().charsPerSecond, 0) << "instant, as kept";
    EXPECT_TRUE(sim().world().story().textSettings().autoAdvance);
    EXPECT_EQ(sim().world().story().textSettings().readingScale, 2.0f);
    press(SDLK_F3);  // instant -> slow
    press(SDLK_F2);  // auto-advance off
    game->keepSettings();
    std::string kept = readFile(folder / "user" / "settings.txt");
    for (const char* line : {"text_speed = 0\n", "auto_advance = false\n", "auto_advance_wait = 2\n", "text_size = 0\n",
                             "fullscreen = false\n", "window_width = 800\n", "window_height = 450\n"})
        EXPECT_NE(kept.find(line), std::string::npos) << line << "in:\n" << kept;

    game.reset();
    open("pages");  // the next run starts from what was kept
    frame();
    EXPECT_EQ(sim().world().story().textSettings().charsPerSecond, 25);
    EXPECT_FALSE(sim().world().story().textSettings().autoAdvance);
}

// The size kept from the last run opens the window; --size, when given, wins over it.
TEST_F(WindowTest, the_kept_window_size_opens_the_window_unless_the_command_line_gives_one) {
    std::ofstream(folder / "user" / "settings.txt", std::ios::binary) << "window_width = 800\nwindow_height = 450\n";
    auto shownSize = [] {
        int w = 0, h = 0;
        SDL_GetWindowSize(SDL_GL_GetCurrentWindow(), &w, &h);
        return std::pair<int, int>(w, h);
    };
    setup.cmd.sizeGiven = false;
    open("pages");
    frame();
    EXPECT_EQ(shownSize(), (std::pair<int, int>(800, 450))) << "the kept size";
    game.reset();
    setup.cmd.sizeGiven = true;  // --size 720x405
    setup.cmd.width = 720;
    setup.cmd.height = 405;
    open("pages");
    frame();
    EXPECT_EQ(shownSize(), (std::pair<int, int>(720, 405))) << "--size wins";
}

// STAGEHAND_USER_DIR names a folder that need not exist yet: the game makes it
// and keeps its settings there.
TEST_F(WindowTest, a_user_folder_that_is_not_there_yet_is_made) {
    const fs::path fresh = folder / "not" / "yet" / "there";
    ScopedEnv dir("STAGEHAND_USER_DIR", fresh.string());
    open("pages");
    frame();
    press(SDLK_F3);  // a setting changed, to be kept
    game->keepSettings();
    EXPECT_TRUE(fs::exists(fresh / "settings.txt"));
}

// Each scene starts with clean flags: neither playing it again (R) nor another
// scene from the menu sees what the last run set.
TEST_F(WindowTest, every_scene_starts_with_clean_flags_whether_played_again_or_chosen_from_the_menu) {
    std::ofstream(scriptPath, std::ios::binary | std::ios::trunc)
        << "SCENES = { { name = \"marks\", title = \"Marks\" }, { name = \"reads\", title = \"Reads\" } }\n"
           "function marks() text(flags.seen and \"marks: dirty\" or \"marks: clean\") flags.seen = true end\n"
           "function reads() text(flags.seen and \"reads: dirty\" or \"reads: clean\") end\n";
    open("marks");
    ASSERT_TRUE(waitFor([&] { return pageTyped(); }));
    EXPECT_EQ(page(), "marks: clean");
    press(SDLK_RETURN);
    ASSERT_TRUE(waitFor([&] { return sim().isSceneOver(); }));
    wait(0.6);
    press(SDLK_r);  // again
    ASSERT_TRUE(waitFor([&] { return pageTyped(); }));
    EXPECT_EQ(page(), "marks: clean");
    press(SDLK_RETURN);
    ASSERT_TRUE(waitFor([&] { return sim().isSceneOver(); }));
    wait(0.6);
    press(SDLK_RETURN);  // the scene menu
    ASSERT_NE(game->sceneMenu(), nullptr);
    press(SDLK_2);
    ASSERT_NE(game->simulation(), nullptr);
    ASSERT_TRUE(waitFor([&] { return pageTyped(); }));
    EXPECT_EQ(page(), "reads: clean");
}

// The save and load screens hold the scene, as the pause overlay does: no
// tick passes while either is open, from the scene or from the pause overlay.
TEST_F(WindowTest, the_save_and_load_screens_hold_the_scene_while_they_are_open) {
    open("heartbeat");
    wait(0.5);
    for (SDL_Keycode key : {SDLK_F6, SDLK_F7}) {
        press(key);
        ASSERT_TRUE(game->saveScreen().isOpen());
        const std::uint64_t at = sim().ticks();
        wait(1);
        EXPECT_EQ(sim().ticks(), at) << "the scene moved on behind the screen";
        press(SDLK_ESCAPE);
        ASSERT_FALSE(game->saveScreen().isOpen());
        wait(0.5);
        EXPECT_GT(sim().ticks(), at) << "and goes on once it is closed";
    }
}

TEST_F(WindowTest, a_damaged_settings_file_means_the_defaults_and_one_line) {
    std::ofstream(folder / "user" / "settings.txt", std::ios::binary) << "text_speed = fast\n";
    testing::internal::CaptureStderr();
    open("pages");
    frame();
    std::string said = testing::internal::GetCapturedStderr();
    EXPECT_NE(said.find("settings.txt:1: cannot read 'text_speed = fast'; using the default settings"),
              std::string::npos)
        << said;
    EXPECT_EQ(sim().world().story().textSettings().charsPerSecond, 45);
}
