// The window across runs (tests/WindowFixture.h): the lines read and skipping them, quick saves,
// Continue and Load, records that replay headless, hot reload of scripts and maps, the watchdog and
// the scene menu.
#include <gtest/gtest.h>

#include <SDL.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "TestSupport.h"
#include "WindowTest.h"
#include "app/run/RunSetup.h"
#include "app/window/WindowGame.h"

using namespace stagehand;
namespace fs = std::filesystem;
using test::readFile;
using test::saveOver;

// ---------------------------------------------------------------------------
// Skip read text: the lines read are kept across runs (read.txt in the user folder).

TEST_F(WindowTest, skip_passes_the_lines_read_in_an_earlier_run_and_stops_at_the_first_unread_one) {
    open("pages");
    ASSERT_TRUE(turnPagesUntil("Page 5."));
    game->keepSettings();  // as on quit
    game.reset();
    std::string kept = readFile(folder / "user" / "read.txt");
    EXPECT_EQ(std::count(kept.begin(), kept.end(), '\n'), 6) << "a header and the five pages read:\n" << kept;
    EXPECT_FALSE(fs::exists(folder / "user" / "read.txt.new")) << "written to a temporary file, then renamed";

    open("pages");  // the next run
    frame();
    EXPECT_TRUE(game->lineOnScreenWasRead());
    hold(SDLK_LCTRL);
    wait(2);
    EXPECT_EQ(page(), "Page 6.") << "skip stops at the first page not read before";
    EXPECT_FALSE(sim().world().story().textSettings().skipping);
    EXPECT_FALSE(game->lineOnScreenWasRead());
    EXPECT_EQ(events("text").size(), 6u);
    letGo(SDLK_LCTRL);
    frame();

    press(SDLK_ESCAPE);  // "skip all" in the pause overlay
    while (game->pauseRow() != PauseMenu::Row::Skip) press(SDLK_DOWN);
    EXPECT_EQ(PauseMenu::value(PauseMenu::Row::Skip, game->settings()), "stops at unread");
    press(SDLK_RETURN);
    EXPECT_EQ(PauseMenu::value(PauseMenu::Row::Skip, game->settings()), "all lines");
    press(SDLK_ESCAPE);
    hold(SDLK_LCTRL);
    wait(1);
    EXPECT_TRUE(sim().world().story().textSettings().skipping);
    EXPECT_GE(events("text").size(), 12u) << "with skip all, unread pages fly by too";
    letGo(SDLK_LCTRL);
    frame();
}

TEST_F(WindowTest, in_a_first_run_skip_stops_at_every_page_until_the_player_has_read_it) {
    open("pages");
    hold(SDLK_LCTRL);
    wait(1);
    EXPECT_EQ(page(), "The first page is long enough to be typing for a good while after it appears.");
    EXPECT_EQ(events("text").size(), 1u) << "a first run: nothing was read, skip waits on the first page";
    press(SDLK_SPACE);  // finish typing it (skip does not type an unread page)
    press(SDLK_SPACE);  // turn it
    wait(0.5);
    EXPECT_EQ(page(), "Page 2.") << "still held: it stops again at the next new page";
    letGo(SDLK_LCTRL);
    frame();
}

TEST_F(WindowTest, read_lines_can_be_shown_in_another_colour_and_the_choice_is_kept) {
    std::ofstream(folder / "user" / "read.txt", std::ios::binary)
        << "# Stagehand: lines read (the game rewrites this file)\n";  // no line read yet
    open("pages");
    ASSERT_TRUE(turnPagesUntil("Page 2."));
    game->keepSettings();
    open("pages");
    frame();
    EXPECT_TRUE(game->lineOnScreenWasRead());
    EXPECT_FALSE(game->lineShownAsRead()) << "read lines look like new ones unless the player asks";
    press(SDLK_ESCAPE);
    while (game->pauseRow() != PauseMenu::Row::MarkRead) press(SDLK_DOWN);
    EXPECT_EQ(PauseMenu::value(PauseMenu::Row::MarkRead, game->settings()), "as new");
    press(SDLK_RETURN);
    EXPECT_EQ(PauseMenu::value(PauseMenu::Row::MarkRead, game->settings()), "another colour");
    press(SDLK_ESCAPE);
    EXPECT_TRUE(game->lineShownAsRead());
    ASSERT_TRUE(turnPagesUntil("Page 3."));
    EXPECT_FALSE(game->lineShownAsRead()) << "a new line is drawn as usual";
    game->keepSettings();
    EXPECT_NE(readFile(folder / "user" / "settings.txt").find("mark_read = true\n"), std::string::npos);
}

TEST_F(WindowTest, a_damaged_read_memory_means_no_line_read_and_one_line) {
    std::ofstream(folder / "user" / "read.txt", std::ios::binary)
        << "# Stagehand: lines read (the game rewrites this file)\nauto.scenes.12345678\nnot an id\n";
    testing::internal::CaptureStderr();
    open("pages");
    frame();
    std::string said = testing::internal::GetCapturedStderr();
    EXPECT_NE(said.find("read.txt:3: cannot read 'not an id'; starting with no lines read\n"), std::string::npos)
        << said;
    EXPECT_EQ(std::count(said.begin(), said.end(), '\n'), 1) << said;
    EXPECT_EQ(game->linesRead().size(), 1u) << "only the page on screen";
    hold(SDLK_LCTRL);
    wait(1);
    EXPECT_EQ(events("text").size(), 1u) << "nothing counts as read";
    letGo(SDLK_LCTRL);
    frame();
    game->keepSettings();
    std::string kept = readFile(folder / "user" / "read.txt");
    EXPECT_EQ(kept.find("not an id"), std::string::npos) << "the next save is a good file";
}

// ---------------------------------------------------------------------------
// Saves: F5 and F9, and --load.

TEST_F(WindowTest, f5_saves_and_f9_loads_the_same_moment) {
    ASSERT_TRUE(openAtTheMenu());
    press(SDLK_DOWN);
    press(SDLK_RETURN);  // Beta
    wait(0.5);
    press(SDLK_p);  // paused, so the frames that save and load run no tick of their own
    press(SDLK_F5);
    ASSERT_TRUE(fs::exists(folder / "user" / "quicksave.txt")) << "the save goes to the user folder";
    EXPECT_EQ(sim().world().notices().notice(), "saved (F9 loads it)");
    std::uint64_t savedAt = sim().ticks();
    std::vector<std::string> before;
    for (const auto& e : sim().transcript().events()) before.push_back(Transcript::formatText(e));
    press(SDLK_p);
    press(SDLK_SPACE);
    press(SDLK_SPACE);
    wait(1);
    ASSERT_NE(page(), "You picked beta.") << "the scene has moved on";

    press(SDLK_p);
    press(SDLK_F9);
    EXPECT_EQ(sim().ticks(), savedAt);
    EXPECT_EQ(page(), "You picked beta.");
    std::vector<std::string> after;
    for (const auto& e : sim().transcript().events()) after.push_back(Transcript::formatText(e));
    EXPECT_EQ(after, before) << "the same run up to the saved moment";
}

// After a restart the window opens on the scene menu: F9 there plays the quick save.
TEST_F(WindowTest, f9_on_the_scene_menu_after_a_restart_loads_the_quick_save) {
    ASSERT_TRUE(openAtTheMenu());
    press(SDLK_DOWN);
    press(SDLK_RETURN);  // Beta
    wait(0.5);
    press(SDLK_p);  // no tick in the frame that saves
    press(SDLK_F5);
    std::uint64_t savedAt = sim().ticks();
    std::string savedPage = page();
    game.reset();

    open("");  // a new run of the program: the scene menu
    ASSERT_EQ(game->simulation(), nullptr) << "the scene menu, no scene yet";
    press(SDLK_F9);
    ASSERT_NE(game->simulation(), nullptr) << "F9 on the scene menu plays the quick save";
    // At the saved moment, and the frame that loaded it plays on (nothing paused it).
    EXPECT_GE(sim().ticks(), savedAt);
    EXPECT_LE(sim().ticks(), savedAt + 1);
    EXPECT_EQ(page(), savedPage);
}

// The title screen: Continue and Load, shown only when there is a save to play.
TEST_F(WindowTest, the_scene_menu_shows_continue_and_load_only_when_a_save_can_be_played) {
    open("");
    const std::vector<std::string> noSave = {"Start", "Chapters", "Settings", "Quit"};
    EXPECT_EQ(game->sceneMenu()->rowTexts(), noSave) << "no save yet";
    fs::create_directories(folder / "user" / "saves");
    std::ofstream(folder / "user" / "saves" / "slot-01.txt", std::ios::binary) << "stagehand-input 1\nscene choi";
    open("");
    EXPECT_EQ(game->sceneMenu()->rowTexts(), noSave) << "a damaged save cannot be continued";

    ASSERT_TRUE(openAtTheMenu());
    press(SDLK_2);
    wait(0.5);
    press(SDLK_p);
    press(SDLK_F5);
    open("");
    const std::vector<std::string> withSave = {"Start", "Continue", "Load", "Chapters", "Settings", "Quit"};
    EXPECT_EQ(game->sceneMenu()->rowTexts(), withSave);
    EXPECT_EQ(game->sceneMenu()->selectedRow(), SceneMenu::Row::Continue) << "the selection starts on Continue";
    press(SDLK_1);
    ASSERT_NE(game->simulation(), nullptr);
    EXPECT_EQ(sim().sceneName(), "pages") << "a number key plays its chapter, numbered as on the chapters page";
}

// Continue plays the save written last, whichever kind it is; F9 the quick save.
TEST_F(WindowTest, continue_plays_the_latest_save_of_the_slots_and_the_quick_save_at_its_line) {
    ASSERT_TRUE(openAtTheMenu());
    press(SDLK_2);
    wait(0.5);
    press(SDLK_p);  // no tick in the frames that save
    press(SDLK_F6);
    press(SDLK_RETURN);  // slot 1
    ASSERT_EQ(game->saveScreen().message(), "saved in slot 1");
    std::uint64_t slotAt = sim().ticks();
    ASSERT_EQ(page(), "You picked beta.");

    open("pages");
    ASSERT_TRUE(turnPagesUntil("Page 3."));
    press(SDLK_p);
    press(SDLK_F5);
    std::uint64_t quickAt = sim().ticks();
    fs::path slot = folder / "user" / "saves" / "slot-01.txt", quick = folder / "user" / "quicksave.txt";
    auto written = fs::last_write_time(quick);

    // The quick save is the later one.
    fs::last_write_time(slot, written - std::chrono::seconds(60));
    open("");
    press(SDLK_RETURN);  // Continue
    ASSERT_NE(game->simulation(), nullptr) << "Continue plays a save";
    EXPECT_EQ(sim().sceneName(), "pages");
    EXPECT_EQ(page(), "Page 3.");
    EXPECT_GE(sim().ticks(), quickAt);
    EXPECT_LE(sim().ticks(), quickAt + 1);

    // The slot is the later one.
    fs::last_write_time(slot, written + std::chrono::seconds(60));
    open("");
    press(SDLK_RETURN);
    ASSERT_NE(game->simulation(), nullptr);
    EXPECT_EQ(sim().sceneName(), "choices");
    EXPECT_EQ(page(), "You picked beta.");
    EXPECT_GE(sim().ticks(), slotAt);
    EXPECT_LE(sim().ticks(), slotAt + 1);

    open("");
    press(SDLK_F9);  // the quick save, though the slot is later
    ASSERT_NE(game->simulation(), nullptr);
    EXPECT_EQ(sim().sceneName(), "pages");
    EXPECT_EQ(page(), "Page 3.");
}

// Load opens the load screen over the menu: it loads a slot, saves nothing, and Escape goes back.
TEST_F(WindowTest, load_on_the_scene_menu_opens_the_load_screen_over_it) {
    ASSERT_TRUE(openAtTheMenu());
    press(SDLK_3);
    wait(0.5);
    press(SDLK_p);
    press(SDLK_F6);
    press(SDLK_RIGHT);
    press(SDLK_RETURN);  // slot 2
    ASSERT_EQ(game->saveScreen().message(), "saved in slot 2");

    open("");
    press(SDLK_DOWN);
    ASSERT_EQ(game->sceneMenu()->selectedRow(), SceneMenu::Row::Load);
    press(SDLK_RETURN);
    ASSERT_TRUE(game->saveScreen().isOpen());
    EXPECT_EQ(game->saveScreen().mode(), SaveScreen::Mode::Load);
    EXPECT_NE(game->sceneMenu(), nullptr) << "over the menu";
    press(SDLK_ESCAPE);
    EXPECT_FALSE(game->saveScreen().isOpen());
    EXPECT_TRUE(running) << "Escape closed the screen, not the game";
    press(SDLK_RETURN);
    ASSERT_TRUE(game->saveScreen().isOpen());
    press(SDLK_TAB);  // the Save tab: there is no scene to save
    press(SDLK_RETURN);
    EXPECT_EQ(game->saveScreen().message(), "No scene is playing: there is nothing to save.");
    EXPECT_FALSE(fs::exists(folder / "user" / "saves" / "slot-01.txt"));
    press(SDLK_TAB);
    press(SDLK_RIGHT);  // slot 2
    press(SDLK_RETURN);
    ASSERT_NE(game->simulation(), nullptr) << "the slot plays";
    EXPECT_FALSE(game->saveScreen().isOpen());
    EXPECT_EQ(sim().sceneName(), "choices");
    EXPECT_EQ(page(), "You picked gamma.");
}

TEST_F(WindowTest, load_on_the_command_line_resumes_the_saved_moment) {
    ASSERT_TRUE(openAtTheMenu());
    press(SDLK_3);
    wait(0.5);
    press(SDLK_p);  // no tick in the frame that saves
    press(SDLK_F5);
    std::uint64_t savedAt = sim().ticks();
    std::string savedPage = page();
    game.reset();

    setup = {};  // a fresh run: --script and --load, as main() reads them
    setup.dataRoot = test::dataRoot();
    setup.cmd.scriptPath = scriptPath.string();
    setup.cmd.loadPath = (folder / "user" / "quicksave.txt").string();
    setup.cmd.sizeGiven = true;
    setup.cmd.width = 640;
    setup.cmd.height = 360;
    open("");
    ASSERT_NE(game->simulation(), nullptr) << "--load plays the saved scene, not the menu";
    EXPECT_EQ(sim().sceneName(), "choices");
    EXPECT_EQ(sim().ticks(), savedAt);
    EXPECT_EQ(savedPage, "You picked gamma.");
    EXPECT_EQ(page(), savedPage);
}

// ---------------------------------------------------------------------------
// --record in the window, then --replay headless: the same transcript.

namespace {
bool isMechanics(const std::string& name) {
    for (const char* mechanics : {"process_start", "process_end", "wait", "signal", "latch", "unlatch", "timeout"})
        if (name == mechanics) return true;
    return false;
}
}  // namespace

TEST_F(WindowTest, a_record_made_in_the_window_replays_headless_to_the_same_transcript) {
    fs::path record = folder / "played.txt";
    setup.cmd.recordPath = record.string();
    setup.cmd.seed = 7;
    open("choices");
    press(SDLK_F3);  // fast text: recorded with the input
    wait(0.4);
    press(SDLK_SPACE);
    ASSERT_TRUE(waitFor([&] { return menuSelected() == 0; }));
    press(SDLK_s);
    wait(0.3);
    press(SDLK_RETURN);
    wait(1.5);
    press(SDLK_SPACE);
    ASSERT_TRUE(waitFor([&] { return sim().isSceneOver(); }));
    std::vector<std::string> window;
    for (const auto& e : sim().transcript().events()) window.push_back(Transcript::formatText(e));
    std::uint64_t ticks = sim().ticks();
    game.reset();
    ASSERT_NE(readFile(record).find("scene choices\nseed 7\n"), std::string::npos) << readFile(record);

    stagehand::Setup headless;
    headless.cmd.mode = CommandLine::Mode::Headless;
    headless.dataRoot = test::dataRoot();
    headless.cmd.scriptPath = scriptPath.string();
    headless.cmd.replayPath = record.string();
    std::string error, scene;
    ASSERT_TRUE(completeSetup(headless, error)) << error;
    auto replayed = loadSimulation(headless, nullptr, true);
    ASSERT_TRUE(chooseScene(*replayed, headless.cmd, scene, error)) << error;
    replayed->replay(*headless.input);
    while (replayed->ticks() < ticks) replayed->tick();
    std::vector<std::string> again;
    for (const auto& e : replayed->transcript().events())
        if (!isMechanics(e.name)) again.push_back(Transcript::formatText(e));
    EXPECT_EQ(again, window);
    auto chose = [](const std::string& line) { return line.find("choice index=2 text=\"Beta\"") != std::string::npos; };
    EXPECT_EQ(std::count_if(again.begin(), again.end(), chose), 1) << "the replay made the window's choice";
}

// ---------------------------------------------------------------------------
// Hot reload: a real write to the script.

namespace {
// A scene whose page says which version of the script is running.
std::string versionScript(const std::string& version) {
    return R"(
SCENES = { { name = "edited" } }
function edited()
    runProcess(function()
        local n = 0
        while true do n = n + 1 print("tick " .. n) wait(0.25) end
    end)
    text("Version )" +
           version + R"(.")
    text("The end.")
end
)";
}
}  // namespace

TEST_F(WindowTest, saving_the_script_reloads_the_scene_at_the_same_moment) {
    std::ofstream(scriptPath, std::ios::binary | std::ios::trunc) << versionScript("one");
    open("edited");
    wait(1);
    ASSERT_EQ(page(), "Version one.");
    std::uint64_t at = sim().ticks();
    testing::internal::CaptureStderr();
    saveOver(scriptPath, versionScript("two"));
    wait(ScriptWatcher::kInterval * 2);
    std::string said = testing::internal::GetCapturedStderr();
    // "reloaded PATH (SCENE at 1.00 s, 7 ms)": the scene, the moment it plays on from, what the reload took.
    std::smatch reload;
    ASSERT_TRUE(std::regex_search(said, reload,
                                  std::regex("stagehand: reloaded " + fs::path(scriptPath).generic_string() +
                                             " \\(edited at ([0-9]+\\.[0-9]{2}) s, [0-9]+ ms\\)\n")))
        << said;
    EXPECT_NEAR(std::stod(reload[1]), static_cast<double>(at) / 60, 0.2) << said;
    EXPECT_EQ(page(), "Version two.");
    EXPECT_NE(sim().world().notices().notice().find("reloaded "), std::string::npos);
    EXPECT_GE(sim().ticks(), at) << "the new version plays on from the moment on screen";
    EXPECT_LE(sim().ticks(), at + 8);
}

TEST_F(WindowTest, a_save_that_does_not_load_keeps_the_scene_running_until_a_good_save_clears_the_error) {
    std::ofstream(scriptPath, std::ios::binary | std::ios::trunc) << versionScript("one");
    open("edited");
    wait(1);
    ASSERT_EQ(page(), "Version one.");
    testing::internal::CaptureStderr();
    saveOver(scriptPath, "function edited(\n  text(\"broken\"\n");
    wait(ScriptWatcher::kInterval * 2);
    std::string said = testing::internal::GetCapturedStderr();
    EXPECT_NE(said.find("reload failed: "), std::string::npos) << said;
    EXPECT_NE(said.find("(reload failed: still running the previous version)"), std::string::npos) << said;
    const Notices& notices = sim().world().notices();
    EXPECT_NE(notices.lastError().find("reload failed: "), std::string::npos) << notices.lastError();
    EXPECT_NE(notices.lastError().find("scenes.lua:"), std::string::npos) << "the error names the file and line";
    EXPECT_TRUE(notices.problemShown());

    // The previous version plays on: its page, and its process still counting.
    ASSERT_NE(game->simulation(), nullptr) << "a failed reload keeps the scene";
    EXPECT_EQ(page(), "Version one.");
    std::size_t ticks = events("print").size();
    wait(1);
    EXPECT_GE(events("print").size(), ticks + 3) << "the scene's processes live on";
    EXPECT_GT(sim().host().liveProcessCount(), 0);
    EXPECT_TRUE(sim().world().notices().problemShown()) << "the error stays until the next save";

    saveOver(scriptPath, versionScript("three"));
    wait(ScriptWatcher::kInterval * 2);
    EXPECT_EQ(page(), "Version three.");
    EXPECT_FALSE(sim().world().notices().problemShown()) << "a good save clears the error";
    EXPECT_NE(sim().world().notices().notice().find("reloaded "), std::string::npos);
}

// Issue 59: a reload fast-forwards the scene to the moment on screen, past an
// error its new version raises early; the error stays on screen all the same,
// whatever the scene's clock does after, until the player hides it.
TEST_F(WindowTest, an_error_a_reload_raises_before_the_moment_on_screen_stays_until_hidden) {
    std::ofstream(scriptPath, std::ios::binary | std::ios::trunc) << versionScript("one");
    open("edited");
    wait(12);
    ASSERT_EQ(page(), "Version one.");
    testing::internal::CaptureStderr();
    saveOver(scriptPath, R"(
SCENES = { { name = "edited" } }
function edited()
    runProcess(function() wait(1) local broken = nil; print(broken.field) end)
    text("Version two.")
end
)");
    wait(ScriptWatcher::kInterval * 2);
    std::string said = testing::internal::GetCapturedStderr();
    ASSERT_EQ(page(), "Version two.");
    const Notices& notices = sim().world().notices();
    ASSERT_TRUE(notices.problemShown()) << "the error raised at 1 s while the reload ran to 12 s";
    EXPECT_NE(notices.problems().back().text.find("scenes.lua:4: "), std::string::npos)
        << notices.problems().back().text;
    wait(30);
    EXPECT_TRUE(sim().world().notices().problemShown()) << "the scene's clock does not hide it";
    press(SDLK_BACKSPACE);
    EXPECT_FALSE(sim().world().notices().problemShown()) << "Backspace hides it";
    // Standard error names the file first, as an editor's quickfix reads it.
    std::istringstream lines(said);
    bool named = false;
    for (std::string line; std::getline(lines, line);)
        named = named || (line.find("scenes.lua:4: ") != std::string::npos && startsWithFile(line));
    EXPECT_TRUE(named) << said;
}

// A wait on a signal some line could still send is a possible hang: once the
// scene has been still for a while it is a warning on screen (and stderr),
// told once, until hidden.
TEST_F(WindowTest, a_wait_that_may_never_end_is_a_warning_on_screen_once_the_scene_is_still) {
    std::ofstream(scriptPath, std::ios::binary | std::ios::trunc) << R"(
SCENES = { { name = "still" } }
function still()
    runProcess(function() while true do wait(1) end end)
    if flags.never then signal("go") end
    waitSignal("go")
end
)";
    testing::internal::CaptureStderr();
    open("still");
    wait(5);
    EXPECT_FALSE(sim().world().notices().problemShown()) << "a short pause is not a hang";
    wait(10);
    std::string said = testing::internal::GetCapturedStderr();
    const auto& problems = sim().world().notices().problems();
    ASSERT_EQ(problems.size(), 1u) << said;
    EXPECT_EQ(problems[0].severity, Notices::Severity::Warning);
    EXPECT_NE(problems[0].text.find("scenes.lua:6: still may be stuck waiting on signal go"), std::string::npos)
        << problems[0].text;
    // One line, the file first (as the system writes it), nothing before it.
    const std::string tail = "scenes.lua:6: still may be stuck waiting on signal go\n";
    EXPECT_TRUE(startsWithFile(said)) << said;
    EXPECT_EQ(std::count(said.begin(), said.end(), '\n'), 1) << said;
    EXPECT_EQ(said.size() >= tail.size() ? said.substr(said.size() - tail.size()) : said, tail) << said;
    press(SDLK_BACKSPACE);
    wait(15);
    EXPECT_FALSE(sim().world().notices().problemShown()) << "told once";
}

// A Tiled map beside the script reloads on save like the script; a save that
// is not JSON keeps the scene running with one line naming the file.
TEST_F(WindowTest, saving_a_tiled_map_beside_the_script_reloads_the_scene_and_a_broken_one_keeps_it_running) {
    fs::create_directories(folder / "maps");
    auto isle = [](int x) {
        return R"({"type": "map", "orientation": "orthogonal", "width": 1, "height": 1, "tilewidth": 32,
                   "tileheight": 32, "tilesets": [], "layers": [{"type": "objectgroup", "name": "points",
                   "objects": [{"id": 1, "name": "spot", "point": true, "y": 50, "x": )" +
               std::to_string(x) + "}]}]}";
    };
    std::ofstream(folder / "maps" / "isle.tmj", std::ios::binary) << isle(100);
    std::ofstream(scriptPath, std::ios::binary | std::ios::trunc)
        << "SCENES = { { name = \"look\" } }\nfunction look()\n    text(\"Spot at \" .. "
           "waypoint(\"isle.spot\").x)\nend\n";
    open("look");
    wait(1);
    ASSERT_EQ(page(), "Spot at 100");
    saveOver(folder / "maps" / "isle.tmj", isle(250));
    wait(ScriptWatcher::kInterval * 2);
    EXPECT_EQ(page(), "Spot at 250");
    testing::internal::CaptureStderr();
    saveOver(folder / "maps" / "isle.tmj", "{\"type\": \"map\",");
    wait(ScriptWatcher::kInterval * 2);
    std::string said = testing::internal::GetCapturedStderr();
    EXPECT_NE(said.find((folder / "maps" / "isle.tmj").generic_string() + ": not a JSON file"), std::string::npos)
        << said;
    EXPECT_EQ(page(), "Spot at 250") << "the scene runs on";
    EXPECT_TRUE(running);
}

// A map beside the script that does not load: the menu lists every scene and
// says which map was left out; a scene without it plays with the error on
// screen; saving the map fixed brings it back, and breaking it again keeps
// the running scene (docs/MAPS.md).
// The menu's load says a broken map once; starting a scene from the menu
// loads the same maps again and must not say it a second time.
TEST_F(WindowTest, a_broken_map_is_said_once_not_again_by_the_scene_the_menu_starts) {
    fs::create_directories(folder / "maps");
    std::ofstream(folder / "maps" / "marsh.map", std::ios::binary) << "waypoint reeds 10 20\nwaypiont camera 1 2\n";
    std::ofstream(scriptPath, std::ios::binary | std::ios::trunc)
        << "SCENES = { { name = \"dry\" } }\nfunction dry() text(\"Dry land.\") end\n";
    testing::internal::CaptureStderr();
    open("");
    frame();
    press(SDLK_RETURN);
    ASSERT_NE(game->simulation(), nullptr) << "the scene plays";
    wait(0.5);
    std::string said = testing::internal::GetCapturedStderr();
    std::size_t first = said.find("marsh.map:2: unknown entry 'waypiont'");
    ASSERT_NE(first, std::string::npos) << said;
    EXPECT_EQ(said.find("marsh.map:2:", first + 1), std::string::npos) << "said twice:\n" << said;
}

TEST_F(WindowTest, a_broken_map_shows_in_the_menu_and_the_scene_and_a_fixed_save_brings_it_back) {
    fs::create_directories(folder / "maps");
    std::ofstream(folder / "maps" / "pond.map", std::ios::binary) << "waypoint bank 10 20\nwaypiont camera 1 2\n";
    std::ofstream(scriptPath, std::ios::binary | std::ios::trunc)
        << "SCENES = { { name = \"dry\" }, { name = \"wet\" } }\n"
           "function dry() text(\"Dry land.\") end\n"
           "function wet() text(\"Bank at \" .. waypoint(\"pond.bank\").x) end\n";
    std::string pond = (folder / "maps" / "pond.map").generic_string();
    std::string failure = pond + ":2: unknown entry 'waypiont' (expected waypoint, actor or backdrop)";
    testing::internal::CaptureStderr();
    open("");
    std::string said = testing::internal::GetCapturedStderr();
    EXPECT_NE(said.find(failure + " (maps are looked for in "), std::string::npos) << said;
    ASSERT_NE(game->sceneMenu(), nullptr) << "the menu shows";
    EXPECT_NE(game->sceneMenu()->message().find(failure), std::string::npos) << game->sceneMenu()->message();
    frame();
    press(SDLK_RETURN);  // the first row, whatever the desktop's pointer rests on
    ASSERT_NE(game->simulation(), nullptr) << "a scene without the map plays";
    wait(1);
    EXPECT_EQ(page(), "Dry land.");
    EXPECT_NE(sim().world().notices().lastError().find(failure), std::string::npos);
    EXPECT_TRUE(sim().world().notices().problemShown()) << "the error is on screen";

    saveOver(folder / "maps" / "pond.map", "waypoint bank 10 20\nwaypoint camera 1 2\n");
    wait(ScriptWatcher::kInterval * 2);
    ASSERT_NE(sim().world().cast().findWaypoint("pond.bank"), nullptr) << "the fixed map is back";
    EXPECT_FALSE(sim().world().notices().problemShown());
    EXPECT_EQ(page(), "Dry land.");

    testing::internal::CaptureStderr();
    saveOver(folder / "maps" / "pond.map", "waypoint bank ten 20\n");
    wait(ScriptWatcher::kInterval * 2);
    said = testing::internal::GetCapturedStderr();
    EXPECT_NE(said.find(pond + ":1: X must be a finite number"), std::string::npos) << said;
    EXPECT_NE(sim().world().cast().findWaypoint("pond.bank"), nullptr) << "the running version keeps its map";
    EXPECT_EQ(page(), "Dry land.");
    EXPECT_TRUE(running);
}

TEST_F(WindowTest, saving_the_script_refreshes_the_scene_menu) {
    open("");
    ASSERT_NE(game->sceneMenu(), nullptr);
    frame();
    saveOver(scriptPath, std::string(kWindowTestScenes) +
                             "\nSCENES[#SCENES + 1] = { name = \"added\", title = \"Added\" }\n"
                             "function added() text(\"A new scene.\") end\n");
    wait(ScriptWatcher::kInterval * 2);
    press(SDLK_5);
    wait(0.2);
    ASSERT_NE(game->simulation(), nullptr) << "the fifth scene, added by the save, plays";
    EXPECT_EQ(sim().sceneName(), "added");
    EXPECT_EQ(page(), "A new scene.");
}

// ---------------------------------------------------------------------------
// The window's watchdog: wall-clock, as --watchdog sets it.

TEST_F(WindowTest, the_watchdog_stops_a_runaway_loop_and_the_scene_goes_on) {
    std::ofstream(scriptPath, std::ios::binary | std::ios::trunc) << R"(
function runaway()
    runProcess(function()
        local n = 0
        while true do n = n + 1 print("tick " .. n) wait(0.25) end
    end)
    wait(0.5)
    while true do end
end
)";
    // Half a second: long beside what the other process's turns and the script's loading take,
    // even on a busy machine that holds the process for tens of milliseconds at a time.
    setup.cmd.watchdogSeconds = 0.5;
    open("runaway");
    wait(1);
    auto errors = events("error");
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find("watchdog: ran for more than 0.5 s without waiting; stopped"), std::string::npos)
        << errors[0];
    EXPECT_NE(errors[0].find("scenes.lua:8"), std::string::npos) << errors[0];
    EXPECT_TRUE(sim().world().notices().problemShown()) << "shown on screen";
    press(SDLK_BACKSPACE);
    EXPECT_FALSE(sim().world().notices().problemShown()) << "Backspace dismisses it";
    std::size_t ticks = events("print").size();
    wait(1);
    EXPECT_GE(events("print").size(), ticks + 3) << "the scene's other process goes on";
}

// Issue 59: a loop that calls the stage and never waits, started at every
// page, grew the window's memory by a gigabyte and lost key presses. The
// watchdog stops each by the events it made: every press turns its page, and
// what the loops leave in the transcript stays within the budget.
TEST_F(WindowTest, runaway_loops_at_every_page_lose_no_key_and_leave_a_bounded_transcript) {
    setup.cmd.watchdogSeconds = 1;
    std::ofstream(scriptPath, std::ios::binary | std::ios::trunc) << R"(
SCENES = { { name = "flood" } }
function flood()
    for i = 1, 6 do
        runProcess(function() waitFrames(1) while true do playSound("door") end end)
        text("Page " .. i .. ".")
    end
    text("The end.")
end
)";
    testing::internal::CaptureStderr();
    open("flood");
    for (int i = 1; i <= 6; ++i) {
        ASSERT_TRUE(waitFor([&] { return pageTyped(); })) << "page " << i;
        ASSERT_EQ(page(), "Page " + std::to_string(i) + ".");
        press(SDLK_SPACE);
        // One press, then frames only: a lost press would leave the page where it was.
        const std::string next = i < 6 ? "Page " + std::to_string(i + 1) + "." : "The end.";
        ASSERT_TRUE(waitFor([&] { return page() == next; }, 5)) << "the press turned page " << i << ": " << page();
    }
    testing::internal::GetCapturedStderr();
    const auto errors = events("error");
    ASSERT_EQ(errors.size(), 6u);
    for (const auto& error : errors) EXPECT_NE(error.find("watchdog: made more than"), std::string::npos) << error;
    const auto budget = static_cast<std::size_t>(LuaLimits::kEventsPerSecond);
    // (The watchdog looks every 1000 instructions: a loop may pass its budget by a few dozen calls.)
    EXPECT_LE(events("sound").size(), 6 * (budget + budget / 10)) << "each loop stopped at its budget";
}

// A loud hang: a wait on a signal no line of the scene sends is on screen
// from the first tick, with its line and the likely name, while the rest plays on.
TEST_F(WindowTest, a_wait_on_a_signal_nothing_sends_is_shown_on_screen_while_the_rest_plays_on) {
    std::ofstream(scriptPath, std::ios::binary | std::ios::trunc) << R"(
function misspelt()
    runProcess(function()
        while true do print("beat") wait(0.25) end
    end)
    runProcess(function() wait(5) signal("door-open") end)
    waitSignal("door-opne")
end
)";
    open("misspelt");
    frame();
    const std::string& shown = sim().world().notices().lastError();
    EXPECT_TRUE(sim().world().notices().problemShown()) << "shown on screen";
    EXPECT_NE(shown.find("scenes.lua:7: "), std::string::npos) << shown;
    EXPECT_NE(shown.find("is stuck waiting on signal door-opne"), std::string::npos) << shown;
    EXPECT_NE(shown.find("did you mean \"door-open\"?"), std::string::npos) << shown;
    EXPECT_EQ(events("stuck").size(), 1u);
    EXPECT_TRUE(sim().isStuck());
    auto inspected = sim().inspectedProcesses();
    EXPECT_EQ(std::count_if(inspected.begin(), inspected.end(), [](const ProcessInfo& p) { return p.stuck; }), 1)
        << "the inspector marks the one that hangs";
    std::size_t beats = events("print").size();
    wait(1);
    EXPECT_GE(events("print").size(), beats + 3) << "the scene's other processes go on";
    EXPECT_EQ(events("stuck").size(), 1u) << "told once";
    press(SDLK_F1);  // the inspector draws the stuck process in the error colour
    EXPECT_TRUE(running);
}

// ---------------------------------------------------------------------------
// The scene menu.

TEST_F(WindowTest, the_scene_menu_plays_a_scene_by_arrows_and_enter_a_number_or_a_click) {
    open("");
    ASSERT_NE(game->sceneMenu(), nullptr);
    press(SDLK_RETURN);  // Start: the story from its first chapter
    ASSERT_NE(game->simulation(), nullptr);
    EXPECT_EQ(sim().sceneName(), "pages");
    EXPECT_TRUE(sim().playsStory()) << "Start plays the chapters as one story";
    auto backToTheTitle = [&] {
        press(SDLK_ESCAPE);
        for (int i = 0; i < PauseMenu::kRowCount && game->pauseRow() != PauseMenu::Row::SceneMenu; ++i)
            press(SDLK_DOWN);
        press(SDLK_RETURN);
        ASSERT_NE(game->sceneMenu(), nullptr);
    };
    backToTheTitle();
    press(SDLK_DOWN);
    press(SDLK_RETURN);  // Chapters
    ASSERT_EQ(game->sceneMenu()->page(), SceneMenu::Page::Chapters);
    press(SDLK_DOWN);
    press(SDLK_s);
    press(SDLK_UP);
    EXPECT_EQ(game->sceneMenu()->selected().name, "choices");
    press(SDLK_RETURN);
    ASSERT_NE(game->simulation(), nullptr);
    EXPECT_EQ(sim().sceneName(), "choices");
    EXPECT_TRUE(sim().playsStory()) << "a chapter chosen goes on to the next";

    backToTheTitle();
    EXPECT_EQ(game->sceneMenu()->page(), SceneMenu::Page::Title);
    press(SDLK_3);
    EXPECT_EQ(sim().sceneName(), "walk");

    backToTheTitle();
    // Rows start 250 view units down and are 62 high; the 640x360 window shows the view at half size.
    // On the title page, a click on Chapters; then the pointer comes in from below the list and stops
    // over the fourth chapter.
    click(320, (250 + 62 + 31) / 2);
    ASSERT_EQ(game->sceneMenu()->page(), SceneMenu::Page::Chapters);
    pushMouse(SDL_MOUSEMOTION, 320, 350);
    pushMouse(SDL_MOUSEMOTION, 320, (250 + 3 * 62 + 31) / 2);
    frame();
    EXPECT_EQ(game->sceneMenu()->selected().name, "heartbeat") << "hovering selects";
    click(320, (250 + 62 + 31) / 2);
    ASSERT_NE(game->simulation(), nullptr);
    EXPECT_EQ(sim().sceneName(), "choices");

    backToTheTitle();
    press(SDLK_ESCAPE);
    EXPECT_FALSE(running) << "Escape on the title screen quits";
}

TEST_F(WindowTest, the_scene_menu_follows_the_pointer_only_once_it_moves) {
    open("");
    // A window that opens under a resting pointer is told where the pointer is (under wine the
    // desktop's cursor rests in the screen's middle, over this window's second row): the player
    // moved nothing, and Enter must still play from the first row, Start.
    const int secondRow = (250 + 62 + 31) / 2, thirdRow = (250 + 2 * 62 + 31) / 2;
    pushMouse(SDL_MOUSEMOTION, 320, secondRow);
    frame();
    EXPECT_EQ(game->sceneMenu()->selectedRow(), SceneMenu::Row::Start) << "a resting pointer selects nothing";
    pushMouse(SDL_MOUSEMOTION, 320, secondRow);
    frame();
    EXPECT_EQ(game->sceneMenu()->selectedRow(), SceneMenu::Row::Start)
        << "told again where it rests, it still has not moved";
    pushMouse(SDL_MOUSEMOTION, 321, thirdRow);
    frame();
    EXPECT_EQ(game->sceneMenu()->selectedRow(), SceneMenu::Row::Settings)
        << "a pointer that moves selects the row under it";
    press(SDLK_UP);
    press(SDLK_UP);
    press(SDLK_RETURN);
    ASSERT_NE(game->simulation(), nullptr);
    EXPECT_EQ(sim().sceneName(), "pages") << "the keys choose after the mouse did";

    // A fresh window (a new game) starts again from a pointer it has not seen.
    open("");
    pushMouse(SDL_MOUSEMOTION, 320, thirdRow);
    frame();
    press(SDLK_RETURN);
    ASSERT_NE(game->simulation(), nullptr);
    EXPECT_EQ(sim().sceneName(), "pages") << "Enter plays the first row under a resting pointer";
}

// ---------------------------------------------------------------------------
// A story of chapters in the window (issue 61).

// Start plays the chapters one after the other, what the first left in flags
// reaching the second; a quick save in the second chapter names it, and
// Continue, in a new run of the program, comes back there with the story's state.
TEST_F(WindowTest, a_story_goes_on_from_chapter_to_chapter_and_continue_comes_back_to_the_later_one) {
    std::ofstream(scriptPath, std::ios::binary | std::ios::trunc)
        << "SCENES = { { name = \"first\", title = \"The first\" }, { name = \"second\", title = \"The second\" } }\n"
           "function first() flags.answer = 42 text(\"One.\") end\n"
           "function second() text(\"Two: \" .. tostring(flags.answer)) text(\"Still two.\") end\n";
    open("");
    press(SDLK_RETURN);  // Start
    ASSERT_NE(game->simulation(), nullptr);
    ASSERT_TRUE(waitFor([&] { return page() == "One."; }));
    for (int i = 0; i < 20 && page() != "Two: 42"; ++i) {
        press(SDLK_SPACE);
        wait(0.2);
    }
    ASSERT_EQ(page(), "Two: 42") << "the second chapter follows, with the first one's flags";
    EXPECT_EQ(sim().chapter(), "second");
    EXPECT_EQ(sim().chaptersBegun(), 2);
    EXPECT_EQ(game->view().sceneOverCard().w, 0) << "no end card between chapters";
    press(SDLK_F5);
    game.reset();

    open("");  // a new run of the program: the title screen
    ASSERT_EQ(game->sceneMenu()->selectedRow(), SceneMenu::Row::Continue);
    EXPECT_EQ(game->sceneMenu()->continueDetail().rfind("The second", 0), 0u)
        << "the save is named for its chapter: " << game->sceneMenu()->continueDetail();
    press(SDLK_RETURN);  // Continue
    ASSERT_NE(game->simulation(), nullptr);
    EXPECT_EQ(sim().chapter(), "second");
    EXPECT_EQ(page(), "Two: 42") << "the first chapter replayed under it: its flags are back";
}

namespace {
bool holds(const std::vector<std::string>& rows, const std::string& text) {
    return std::find(rows.begin(), rows.end(), text) != rows.end();
}
}  // namespace

// What outlives a playthrough (story.json in the player's folder): the title screen's Chapters lists the
// chapters reached; one played from there starts with the flags it was reached with; the next playthrough
// starts with `persistent` as the last one left it; the ending reached is kept.
TEST_F(WindowTest, chapters_reached_their_flags_persistent_and_endings_outlive_the_playthrough) {
    std::ofstream(scriptPath, std::ios::binary | std::ios::trunc)
        << "SCENES = { { name = 'first', title = 'The first' }, { name = 'second', title = 'The second' },\n"
           "           { name = 'third', title = 'The third' } }\n"
           "function first() flags.answer = 42 persistent.runs = (persistent.runs or 0) + 1 text('One.') end\n"
           "function second()\n"
           "    text('Two: ' .. tostring(flags.answer) .. ', run ' .. tostring(persistent.runs))\n"
           "    endStory('short')\n"
           "end\n"
           "function third() text('Three.') end\n";
    std::ofstream(folder / "game.json", std::ios::binary | std::ios::trunc) << "{}\n";  // chapters as reached
    open("");
    auto rows = chapterRows();
    EXPECT_TRUE(holds(rows, "The first")) << "the first chapter is always there";
    EXPECT_FALSE(holds(rows, "The second")) << "not reached yet";
    press(SDLK_UP);      // from Chapters
    press(SDLK_RETURN);  // Start
    ASSERT_NE(game->simulation(), nullptr);
    for (int i = 0; i < 30 && page() != "Two: 42, run 1"; ++i) {
        press(SDLK_SPACE);
        wait(0.2);
    }
    ASSERT_EQ(page(), "Two: 42, run 1");
    EXPECT_TRUE(game->storyMemory().reached("second"));
    for (int i = 0; i < 30 && game->storyMemory().endings().empty(); ++i) {
        press(SDLK_SPACE);
        wait(0.2);
    }
    EXPECT_EQ(game->storyMemory().endings(), std::vector<std::string>{"short"});
    game.reset();
    EXPECT_TRUE(std::filesystem::exists(folder / "user" / "story.json"));

    open("");  // a new run of the program
    rows = chapterRows();
    EXPECT_TRUE(holds(rows, "The second")) << "reached in the last run";
    EXPECT_FALSE(holds(rows, "The third")) << "the story ended before it";
    press(SDLK_2);  // the second chapter, from the title screen
    ASSERT_NE(game->simulation(), nullptr);
    ASSERT_TRUE(waitFor([&] { return !page().empty(); }));
    EXPECT_EQ(page(), "Two: 42, run 1") << "the flags it was reached with, and the last run's `persistent`";
    game.reset();

    open("");
    press(SDLK_RETURN);  // Start again: a second playthrough
    for (int i = 0; i < 30 && page().rfind("Two", 0) != 0; ++i) {
        press(SDLK_SPACE);
        wait(0.2);
    }
    EXPECT_EQ(page(), "Two: 42, run 2") << "`persistent` as the first playthrough left it";
}

// game.json's "chapters": "all" (the demo's) lists every chapter from the first run on; "reached" the first alone.
TEST_F(WindowTest, a_game_that_opens_all_its_chapters_lists_them_from_the_first_run) {
    std::ofstream(scriptPath, std::ios::binary | std::ios::trunc)
        << "SCENES = { { name = 'first', title = 'The first' }, { name = 'second', title = 'The second' } }\n"
           "function first() text('One.') end\nfunction second() text('Two.') end\n";
    for (const char* chapters : {"reached", "all"}) {  // (a chapter played is reached: "all" second)
        std::ofstream(folder / "game.json", std::ios::binary | std::ios::trunc)
            << "{ \"chapters\": \"" << chapters << "\" }\n";
        open("");
        auto rows = chapterRows();
        EXPECT_TRUE(holds(rows, "The first")) << chapters;
        EXPECT_EQ(holds(rows, "The second"), std::string(chapters) == "all") << chapters;
        press(SDLK_2);
        EXPECT_EQ(game->simulation() != nullptr, std::string(chapters) == "all")
            << "its number key plays it, or nothing";
        game.reset();
    }
}

// Start plays the story even in a window that opened on one chapter (--scene) and went back to the title.
TEST_F(WindowTest, start_plays_the_story_after_a_chapter_played_alone) {
    open("walk");
    EXPECT_FALSE(sim().playsStory()) << "--scene: one chapter";
    press(SDLK_ESCAPE);
    for (int i = 0; i < PauseMenu::kRowCount && game->pauseRow() != PauseMenu::Row::SceneMenu; ++i) press(SDLK_DOWN);
    press(SDLK_RETURN);
    ASSERT_NE(game->sceneMenu(), nullptr);
    press(SDLK_RETURN);  // Start
    ASSERT_NE(game->simulation(), nullptr);
    EXPECT_EQ(sim().sceneName(), "pages");
    EXPECT_TRUE(sim().playsStory());
}
