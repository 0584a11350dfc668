// Accessibility in the window: self-voicing heard through a recorder (what
// would have been said, in order, at which scene time; no sound card needed),
// the pause overlay's accessibility rows by keyboard alone, mouse alone and
// pad alone, and the screens every input method must reach. The window runs
// under SDL's offscreen driver on a test clock, as in tests/test_window.cpp.
#include <gtest/gtest.h>

#include <SDL.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>

#include "TestSupport.h"
#include "WindowFixture.h"
#include "app/run/RunSetup.h"
#include "app/window/SelfVoicing.h"
#include "app/window/WindowGame.h"
#include "game/Camera.h"
#include "lang/EngineWords.h"
#include "platform/Speech.h"

using namespace stagehand;
using test::kTick;
namespace fs = std::filesystem;

namespace {

const char* const kScenes = R"(
SCENES = {
    { name = "voiced", title = "Voiced" },
    { name = "short", title = "Short" },
    { name = "shaky", title = "Shaky" },
}

function shaky()
    shakeCamera(20, 5)
    text("Hold on.")
end

function voiced()
    text("The first page.")
    dialogue("pell", "A line the synthesiser reads.")
    dialogue("pell", "A line the actor voices.", "door")
    text("After the voice.")
    option("Alpha", "alpha")
    option("Beta", "beta")
    menu()
end
function alpha() text("You picked alpha.") end
function beta() text("You picked beta.") end

function short()
    text("Only page.")
end
)";

}  // namespace

// What self-voicing would have said: each text with the scene time it was
// said at (-1 outside a scene), and each stop. (Outside the anonymous namespace:
// the fixture that holds one is the base of a header's template, WithVirtualPad.)
struct RecordedSpeech : SpeechSink {
    std::function<double()> clock;
    std::vector<std::pair<std::string, double>> said;
    int stops = 0;
    void say(const std::string& text) override { said.emplace_back(text, clock ? clock() : -1); }
    void stop() override { ++stops; }
    void setLanguage(const std::string& code) override { languages.push_back(code); }
    std::vector<std::string> languages;  // as given before each text
    std::vector<std::string> texts() const {
        std::vector<std::string> out;
        for (const auto& s : said) out.push_back(s.first);
        return out;
    }
};

class AccessTest : public test::WindowFixture {
protected:
    AccessTest() : WindowFixture(kScenes) {}
    void SetUp() override {
        WindowFixture::SetUp();
        speech.clock = [this] { return game && game->simulation() ? game->simulation()->time() : -1.0; };
    }
    void configure(WindowGame::Options& options) override { options.speech = &speech; }
    // Opens the window on `scene` and draws its first frame.
    void open(const std::string& scene) {
        WindowFixture::open(scene);
        frame();
    }
    void keepSettings(const std::string& text) {
        std::ofstream(folder / "user" / "settings.txt", std::ios::binary) << text;
    }
    // Moves the mouse down the middle of the 640x360 window, from `y`, until
    // the pause overlay's row under it is `row`; false if no height shows it.
    bool hoverPauseRow(PauseMenu::Row row, int& y) {
        for (; y < 360; y += 2) {
            pushMouse(SDL_MOUSEMOTION, 320, y);
            frame();
            if (game->pauseRow() == row) return true;
        }
        return false;
    }
    std::string settingsFile() {
        game->keepSettings();
        return test::readFile(folder / "user" / "settings.txt");
    }

    RecordedSpeech speech;
};

// ---------------------------------------------------------------------------
// Self-voicing

TEST_F(AccessTest, self_voicing_reads_pages_lines_menus_and_options_in_order_but_never_over_a_voiced_line) {
    keepSettings("self_voicing = true\n");
    open("voiced");
    ASSERT_EQ(page(), "The first page.");
    press(SDLK_SPACE);  // typed at once
    press(SDLK_SPACE);  // turned
    ASSERT_TRUE(waitFor([&] { return page() == "A line the synthesiser reads."; }));
    frame();
    ASSERT_TRUE(waitFor([&] { return page() == "A line the actor voices."; }));
    int stopsAtTheVoice = speech.stops;
    frame();
    EXPECT_GE(stopsAtTheVoice, 1) << "the voiced line stops what the synthesiser was saying";
    ASSERT_TRUE(waitFor([&] { return page() == "After the voice."; }, 20));
    frame();
    press(SDLK_SPACE);
    press(SDLK_SPACE);
    ASSERT_TRUE(waitFor([&] { return game->simulation()->world().story().currentMenu().has_value(); }));
    frame();
    press(SDLK_DOWN);
    press(SDLK_ESCAPE);  // the pause overlay's rows are read as they are highlighted
    press(SDLK_DOWN);
    press(SDLK_RIGHT);
    press(SDLK_LEFT);
    press(SDLK_ESCAPE);
    press(SDLK_RETURN);  // Beta
    ASSERT_TRUE(waitFor([&] { return page() == "You picked beta."; }));
    frame();
    press(SDLK_h);  // the history, read entry by entry as it scrolls
    press(SDLK_UP);
    press(SDLK_h);

    std::vector<std::string> want = {"The first page.",
                                     "Pell: A line the synthesiser reads.",
                                     "After the voice.",
                                     "Choose: 1. Alpha. 2. Beta.",
                                     "2. Beta",
                                     "Resume",
                                     "Text speed: normal",
                                     "Text speed: fast",
                                     "Text speed: normal",
                                     "You picked beta.",
                                     "History: You picked beta.",
                                     "History: you chose Beta"};
    EXPECT_EQ(speech.texts(), want);
    for (const auto& [text, at] : speech.said)
        EXPECT_EQ(text.find("actor voices"), std::string::npos) << "said over the voice at " << at;
    // At which moment: each when it appeared, in scene time that only goes on.
    ASSERT_EQ(speech.said.size(), want.size());
    EXPECT_LT(speech.said[0].second, 0.1) << "the first page is read as it appears";
    for (std::size_t i = 1; i < speech.said.size(); ++i)
        EXPECT_GE(speech.said[i].second, speech.said[i - 1].second) << speech.said[i].first;
    EXPECT_GT(speech.said[2].second, speech.said[1].second + 0.5) << "after the voiced line, not with it";
}

// A player's tour by ear: what self-voicing says, in order, against
// tests/golden/spoken_tour.txt. Every page and line of the scene, its choice
// menu moved both ways, the history scrolled to its first entry and back,
// every setting row of the pause overlay moved right and left, and the end
// card. (The scene menu's first row may be the one under the desktop's cursor,
// so it has its own test above.) A word dropped, reordered or misnamed, such
// as a history line read without its speaker, is a change of the golden.
TEST_F(AccessTest, a_tour_by_ear_says_what_its_golden_says) {
    keepSettings("self_voicing = true\n");
    open("voiced");
    std::string heard;
    std::size_t told = 0;
    auto step = [&](const std::string& name) {
        heard += "== " + name + "\n";
        for (; told < speech.said.size(); ++told) heard += speech.said[told].first + "\n";
    };
    auto turnTo = [&](const std::string& text) {
        press(SDLK_SPACE);  // typed at once
        press(SDLK_SPACE);  // turned
        ASSERT_TRUE(waitFor([&] { return page() == text; }, 20)) << "never reached: " << text;
        frame();
    };
    step("the first page");
    turnTo("A line the synthesiser reads.");
    step("a line");
    ASSERT_TRUE(waitFor([&] { return page() == "A line the actor voices."; }));
    ASSERT_TRUE(waitFor([&] { return page() == "After the voice."; }, 20));
    frame();
    step("past the voiced line");
    press(SDLK_SPACE);
    press(SDLK_SPACE);
    ASSERT_TRUE(waitFor([&] { return game->simulation()->world().story().currentMenu().has_value(); }));
    frame();
    step("the choice menu");
    press(SDLK_DOWN);
    press(SDLK_DOWN);
    press(SDLK_UP);
    step("the choice menu moved down, down and up");
    press(SDLK_RETURN);
    ASSERT_TRUE(waitFor([&] { return page().rfind("You picked", 0) == 0; }));
    frame();
    step("the choice taken");
    press(SDLK_h);
    const std::size_t entries = game->simulation()->world().story().history().size();
    for (std::size_t i = 0; i <= entries; ++i) press(SDLK_UP);  // one past the first entry
    step("the history scrolled up to its first entry and one past it");
    for (std::size_t i = 0; i <= entries; ++i) press(SDLK_DOWN);
    step("and down to its last and one past it");
    press(SDLK_h);
    press(SDLK_ESCAPE);
    step("the pause overlay");
    using Row = PauseMenu::Row;
    const std::set<Row> acting = {Row::Resume,  Row::Fullscreen, Row::SelfVoicing, Row::SaveLoad,
                                  Row::History, Row::SceneMenu,  Row::Quit};
    for (int i = 0; i < PauseMenu::kRowCount && game->pauseRow() != Row::Quit; ++i, press(SDLK_DOWN)) {
        const Row row = game->pauseRow();
        if (acting.count(row)) continue;
        press(SDLK_RIGHT);
        press(SDLK_LEFT);
        press(SDLK_LEFT);
        press(SDLK_RIGHT);
    }
    step("every setting row moved right, left, left and right");
    press(SDLK_ESCAPE);
    press(SDLK_SPACE);
    press(SDLK_SPACE);
    ASSERT_TRUE(waitFor([&] { return game->view().sceneOverCard().w > 0; }));
    frame();
    step("the end card");
    test::expectAsGolden(heard, "spoken_tour");
}

TEST_F(AccessTest, without_self_voicing_nothing_is_said_and_turning_it_on_reads_the_row) {
    open("voiced");
    press(SDLK_SPACE);
    press(SDLK_SPACE);
    wait(1);
    EXPECT_TRUE(speech.said.empty()) << speech.said.front().first;
    press(SDLK_ESCAPE);
    while (game->pauseRow() != PauseMenu::Row::SelfVoicing) press(SDLK_DOWN);
    EXPECT_TRUE(speech.said.empty());
    press(SDLK_RETURN);
    EXPECT_TRUE(game->settings().selfVoicing);
    EXPECT_EQ(speech.texts(), std::vector<std::string>{"Self-voicing: on"});
    press(SDLK_RETURN);
    EXPECT_FALSE(game->settings().selfVoicing);
    press(SDLK_UP);
    EXPECT_EQ(speech.said.size(), 1u) << "off: nothing more is said";
}

TEST_F(AccessTest, self_voicing_reads_the_scene_menus_rows_and_the_end_card) {
    keepSettings("self_voicing = true\n");
    open("");
    // Which row is highlighted first is not pinned (under wine the desktop's
    // cursor may hover one): each row is said as it becomes the highlighted one.
    auto highlighted = [&] { return "Title screen: " + game->sceneMenu()->selectedText(); };
    ASSERT_EQ(speech.said.size(), 1u);
    EXPECT_EQ(speech.said.back().first, highlighted());
    press(SDLK_DOWN);
    ASSERT_EQ(speech.said.size(), 2u);
    EXPECT_EQ(speech.said.back().first, highlighted());
    press(SDLK_UP);
    ASSERT_EQ(speech.said.size(), 3u);
    EXPECT_EQ(speech.said.back().first, highlighted());
    EXPECT_NE(speech.said[1].first, speech.said[2].first);
    press(SDLK_2);  // "short", then the story goes on to "shaky", the last chapter
    ASSERT_EQ(page(), "Only page.");
    press(SDLK_SPACE);
    press(SDLK_SPACE);
    ASSERT_TRUE(waitFor([&] { return page() == "Hold on."; }));
    press(SDLK_SPACE);
    press(SDLK_SPACE);
    ASSERT_TRUE(waitFor([&] { return game->view().sceneOverCard().w > 0; }));
    frame();
    std::vector<std::string> all = speech.texts();
    std::vector<std::string> after(all.begin() + 3, all.end());
    EXPECT_EQ(after,
              (std::vector<std::string>{"Only page.", "Hold on.", "The end. Enter: title screen. R: play again."}));
}

TEST_F(AccessTest, a_scene_menu_with_no_scenes_is_said_to_be_empty) {
    keepSettings("self_voicing = true\n");
    std::ofstream(scriptPath, std::ios::binary | std::ios::trunc) << "function broken(\n";
    open("");
    ASSERT_NE(game->sceneMenu(), nullptr);
    press(SDLK_DOWN);
    press(SDLK_RETURN);
    EXPECT_EQ(speech.texts(), std::vector<std::string>{"Title screen: no scene to play"});
}

// In every language the engine ships, self-voicing frames what it reads in
// that language's words and hands the synthesiser that language, so a player
// of the Japanese tables hears Japanese, not "History:" and "Choose:". Every
// spoken text is built and checked against each voice and history word the
// table translates: its English must not be heard.
TEST(SelfVoicingWords, in_every_shipped_language_the_framing_is_that_languages_and_so_is_the_voice) {
    lang::engineWords().setFolder(test::dataRoot() + "/assets/strings");
    ChoiceMenu menu;
    menu.id = 1;
    menu.options = {"Alpha", "Beta"};
    const std::vector<HistoryEntry> history = {
        {"", "A page.", false, ""}, {"Pell", "A line.", false, ""}, {"", "Beta", true, ""}};
    for (const std::string code : {"fr", "de", "ar", "ja", "zh", "en"}) {
        std::string error;
        lang::engineWords().setLanguage(code, error);
        ASSERT_EQ(error, "") << code;
        RecordedSpeech speech;
        SelfVoicing voicing;
        voicing.setSink(&speech);
        std::vector<std::string> spoken = {SelfVoicing::menuText(menu), SelfVoicing::historyText({}, 0),
                                           SelfVoicing::labelled(lang::word("voice.sceneMenu"), "Lighthouse")};
        for (int scroll = 0; scroll < 3; ++scroll) spoken.push_back(SelfVoicing::historyText(history, scroll));
        for (const std::string& text : spoken) voicing.followRow(text);
        EXPECT_EQ(speech.texts(), spoken) << code;
        ASSERT_FALSE(speech.languages.empty());
        for (const std::string& given : speech.languages) EXPECT_EQ(given, code) << "the voice of the words heard";
        const std::string all = [&] {
            std::string joined;
            for (const std::string& text : spoken) joined += text + "\n";
            return joined;
        }();
        for (const lang::EngineWord& w : lang::engineWordList()) {
            const std::string id = w.id;
            if (id.rfind("voice.", 0) != 0 && id.rfind("history.", 0) != 0) continue;
            // The English's words, around its placeholders ("you chose {option}": "you chose").
            std::string english = std::regex_replace(std::string(w.source), std::regex(R"( ?\{[a-z]+\} ?)"), "\n");
            std::istringstream pieces(english);
            for (std::string piece; std::getline(pieces, piece);) {
                if (code == "en" || piece.find_first_not_of(":. ") == std::string::npos) continue;
                if (lang::word(w.id).find(piece) != std::string::npos) continue;  // the language says it so too
                EXPECT_EQ(all.find(piece), std::string::npos)
                    << code << ": \"" << piece << "\" (" << id << ") is heard in English:\n"
                    << all;
            }
        }
        // And each spoken frame is heard in the language's own words.
        EXPECT_NE(all.find(lang::word("voice.choose")), std::string::npos) << code;
        EXPECT_NE(all.find(lang::word("voice.youChose", {{"option", "Beta"}})), std::string::npos) << code;
        EXPECT_NE(all.find(lang::word("history.empty")), std::string::npos) << code;
        EXPECT_NE(all.find(lang::word("voice.labelled", {{"label", "Pell"}, {"text", "A line."}})), std::string::npos)
            << code;
    }
    std::string error;
    lang::engineWords().setLanguage(lang::kSourceLanguage, error);
}

// The real synthesiser: espeak-ng (CI installs it) or SAPI. Nothing waits for
// it to speak; a machine with no sound card still takes the text.
TEST(SystemSpeech, the_systems_synthesiser_starts_and_speaking_never_holds_the_frame) {
    std::string why;
    bool available = systemSpeechAvailable(why);
#if defined(_WIN32) || defined(__APPLE__)
    if (!available) {
        EXPECT_NE(why.find("no speech synthesiser"), std::string::npos) << why;
        return;
    }
#else
    ASSERT_TRUE(available) << why;
#endif
    auto voice = openSystemSpeech(why);
#ifdef _WIN32
    if (!voice) {  // wine's SAPI may have no voice: said in one line
        EXPECT_NE(why.find("no speech synthesiser"), std::string::npos) << why;
        return;
    }
#endif
    ASSERT_NE(voice, nullptr) << why;
    Uint64 start = SDL_GetPerformanceCounter();
    const char* languages[] = {"en", "fr", "ja", "zh", "pseudo", "xx-unknown"};  // the last two: read in English
    for (int i = 0; i < 20; ++i) {
        voice->setLanguage(languages[i % 6]);
        voice->say("Line " + std::to_string(i) + " of a scene, cut off by the next.");
    }
    voice->stop();
    double seconds = static_cast<double>(SDL_GetPerformanceCounter() - start) / SDL_GetPerformanceFrequency();
    EXPECT_LT(seconds, 0.05) << "twenty lines handed over in " << seconds << " s";
}

// ---------------------------------------------------------------------------
// The accessibility rows, by each input method alone

TEST_F(AccessTest, the_accessibility_rows_by_keyboard_alone_change_and_keep_the_settings) {
    open("voiced");
    press(SDLK_ESCAPE);
    ASSERT_TRUE(game->pauseOverlayOpen());
    while (game->pauseRow() != PauseMenu::Row::SelfVoicing) press(SDLK_DOWN);
    press(SDLK_RETURN);
    press(SDLK_DOWN);
    ASSERT_EQ(game->pauseRow(), PauseMenu::Row::Font);
    press(SDLK_RIGHT);
    press(SDLK_DOWN);
    ASSERT_EQ(game->pauseRow(), PauseMenu::Row::LineSpacing);
    press(SDLK_RIGHT);
    press(SDLK_RIGHT);
    press(SDLK_DOWN);
    ASSERT_EQ(game->pauseRow(), PauseMenu::Row::HighContrast);
    press(SDLK_SPACE);
    press(SDLK_DOWN);
    ASSERT_EQ(game->pauseRow(), PauseMenu::Row::ReduceFlashes);
    press(SDLK_RETURN);
    const PlayerSettings& s = game->settings();
    EXPECT_TRUE(s.selfVoicing);
    EXPECT_EQ(s.font, 1);
    EXPECT_EQ(s.lineSpacing, 2);
    EXPECT_TRUE(s.highContrast);
    EXPECT_TRUE(s.reduceFlashes);
    std::string kept = settingsFile();
    for (const char* line :
         {"self_voicing = true", "font = 1", "line_spacing = 2", "high_contrast = true", "reduce_flashes = true"})
        EXPECT_NE(kept.find(line), std::string::npos) << line << " in\n" << kept;
    press(SDLK_ESCAPE);
    EXPECT_FALSE(game->pauseOverlayOpen());
}

TEST_F(AccessTest, the_accessibility_rows_by_mouse_alone_a_right_click_opens_and_closes_the_overlay) {
    open("voiced");
    click(320, 180, SDL_BUTTON_RIGHT);
    ASSERT_TRUE(game->pauseOverlayOpen()) << "a right-click opens the pause overlay";
    int y = 0;
    for (PauseMenu::Row row : {PauseMenu::Row::SelfVoicing, PauseMenu::Row::Font, PauseMenu::Row::LineSpacing,
                               PauseMenu::Row::HighContrast, PauseMenu::Row::ReduceFlashes}) {
        ASSERT_TRUE(hoverPauseRow(row, y)) << PauseMenu::label(row);
        click(320, y);
    }
    const PlayerSettings& s = game->settings();
    EXPECT_TRUE(s.selfVoicing);
    EXPECT_EQ(s.font, 1);
    EXPECT_EQ(s.lineSpacing, 1) << "a click steps a choice on";
    EXPECT_TRUE(s.highContrast);
    EXPECT_TRUE(s.reduceFlashes);
    click(320, 180, SDL_BUTTON_RIGHT);
    EXPECT_FALSE(game->pauseOverlayOpen()) << "a right-click resumes";
    // The history (the wheel rolls back): the overlay's History row opens it, a right-click closes it.
    click(320, 180, SDL_BUTTON_RIGHT);
    ASSERT_TRUE(hoverPauseRow(PauseMenu::Row::History, y));
    click(320, y);
    EXPECT_FALSE(game->pauseOverlayOpen());
    ASSERT_TRUE(game->historyShown()) << "the History row opens the history";
    click(320, 180, SDL_BUTTON_RIGHT);
    EXPECT_FALSE(game->historyShown());
    EXPECT_FALSE(game->pauseOverlayOpen());
}

// "Reduce flashes and shakes" reaches the camera: the view stays still while
// the shake runs (its timing and events are the scene's, unchanged).
TEST_F(AccessTest, reduce_flashes_and_shakes_holds_the_camera_still_during_a_shake) {
    auto shakeSeen = [&] {
        float most = 0;
        for (int i = 0; i < 30; ++i) {
            frame();
            const Camera& camera = game->simulation()->world().camera();
            most = std::max(most, std::abs(camera.viewCenter().x - camera.center().x) +
                                      std::abs(camera.viewCenter().y - camera.center().y));
        }
        return most;
    };
    open("shaky");
    EXPECT_GT(shakeSeen(), 1.0f) << "without the setting the view shakes";
    keepSettings("reduce_flashes = true\n");
    open("shaky");
    EXPECT_TRUE(game->simulation()->world().camera().stillShakes());
    EXPECT_EQ(shakeSeen(), 0.0f) << "with the setting the view holds still";
}

TEST_F(AccessTest, the_end_card_goes_to_the_scene_menu_with_a_click) {
    open("short");
    click(320, 180);
    click(320, 180);
    ASSERT_TRUE(waitFor([&] { return game->view().sceneOverCard().w > 0; }));
    wait(1);
    click(320, 180);
    EXPECT_NE(game->sceneMenu(), nullptr) << "a click on the end card: the scene menu";
}

using AccessPadTest = test::WithVirtualPad<AccessTest>;

TEST_F(AccessPadTest, the_accessibility_rows_and_the_history_by_pad_alone) {
    open("voiced");
    plugIn();
    pressButton(SDL_CONTROLLER_BUTTON_START);
    ASSERT_TRUE(game->pauseOverlayOpen());
    for (int i = 0; i < PauseMenu::kRowCount && game->pauseRow() != PauseMenu::Row::SelfVoicing; ++i)
        pressButton(SDL_CONTROLLER_BUTTON_DPAD_DOWN);
    ASSERT_EQ(game->pauseRow(), PauseMenu::Row::SelfVoicing);
    pressButton(SDL_CONTROLLER_BUTTON_A);
    pressButton(SDL_CONTROLLER_BUTTON_DPAD_DOWN);
    pressButton(SDL_CONTROLLER_BUTTON_DPAD_RIGHT);  // font
    pressButton(SDL_CONTROLLER_BUTTON_DPAD_DOWN);
    pressButton(SDL_CONTROLLER_BUTTON_DPAD_LEFT);  // line spacing: round to 1.5
    pressButton(SDL_CONTROLLER_BUTTON_DPAD_DOWN);
    pressButton(SDL_CONTROLLER_BUTTON_A);  // high contrast
    pressButton(SDL_CONTROLLER_BUTTON_DPAD_DOWN);
    pressButton(SDL_CONTROLLER_BUTTON_DPAD_RIGHT);  // reduce flashes
    const PlayerSettings& s = game->settings();
    EXPECT_TRUE(s.selfVoicing);
    EXPECT_EQ(s.font, 1);
    EXPECT_EQ(s.lineSpacing, 2);
    EXPECT_TRUE(s.highContrast);
    EXPECT_TRUE(s.reduceFlashes);
    pressButton(SDL_CONTROLLER_BUTTON_B);
    EXPECT_FALSE(game->pauseOverlayOpen());
    pressButton(SDL_CONTROLLER_BUTTON_Y);
    EXPECT_TRUE(game->historyShown()) << "Y opens the history";
    pressButton(SDL_CONTROLLER_BUTTON_B);
    EXPECT_FALSE(game->historyShown()) << "B closes it";
}

// ---------------------------------------------------------------------------
// A build or machine with no synthesiser: the option is not offered.

TEST(PauseMenuRows, with_no_speech_synthesiser_the_self_voicing_row_is_hidden_and_the_rest_stay) {
    PauseMenu with(true, {"en", "fr"}), without(false, {"en", "fr"});
    EXPECT_EQ(with.rowCount(), PauseMenu::kRowCount);
    EXPECT_EQ(without.rowCount(), PauseMenu::kRowCount - 1);
    PlayerSettings settings;
    ViewLayout layout = ViewLayout::fit(1280, 720);
    std::vector<PauseMenu::Row> seen;
    for (int i = 0; i < without.rowCount(); ++i) {
        seen.push_back(without.selected());
        without.handle({InputKind::KeyDown, SDLK_DOWN}, layout, settings);
    }
    EXPECT_EQ(std::count(seen.begin(), seen.end(), PauseMenu::Row::SelfVoicing), 0);
    EXPECT_EQ(std::count(seen.begin(), seen.end(), PauseMenu::Row::Font), 1);
    EXPECT_EQ(std::count(seen.begin(), seen.end(), PauseMenu::Row::Quit), 1);
    EXPECT_EQ(without.selected(), PauseMenu::Row::Resume) << "the list goes round";
}

// Where a click lands: a view point drawn at the pixel the layout puts it on
// is the point the layout reads back from that pixel, in windows of every
// shape (wider than 16:9, taller, exact, tiny).
TEST(ViewLayoutFit, a_view_point_read_back_from_its_pixel_is_itself_in_windows_of_every_shape) {
    std::mt19937 random(63);
    for (int round = 0; round < 200; ++round) {
        const int w = 64 + static_cast<int>(random() % 3000), h = 64 + static_cast<int>(random() % 2000);
        const ViewLayout layout = ViewLayout::fit(w, h);
        for (int k = 0; k < 5; ++k) {
            const float x = static_cast<float>(random() % 1281), y = static_cast<float>(random() % 721);
            const float px = layout.offsetX + x * layout.scale, py = layout.offsetY + y * layout.scale;
            EXPECT_NEAR(layout.toViewX(px), x, 1e-2) << w << "x" << h << " at " << x << "," << y;
            EXPECT_NEAR(layout.toViewY(py), y, 1e-2) << w << "x" << h << " at " << x << "," << y;
        }
    }
}
