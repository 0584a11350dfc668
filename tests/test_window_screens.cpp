// The window's screens (tests/WindowFixture.h): a game controller, the end card, notices and
// panels, every pause row and volume, and every screen over every look (high contrast, large
// text, right to left) and every pair of settings, as its goldens say.
#include <gtest/gtest.h>

#include <SDL.h>
#include <glad/gl.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "TestSupport.h"
#include "WindowTest.h"
#include "app/run/RunSetup.h"
#include "app/window/FrameClock.h"
#include "app/window/WindowGame.h"
#include "audio/Mixer.h"
#include "lang/EngineWords.h"
#include "render/DrawnText.h"
#include "view/Palette.h"

using namespace stagehand;
namespace fs = std::filesystem;
using test::kTick;

TEST_F(WindowPadTest, a_pads_a_advances_its_d_pad_chooses_b_skips_and_start_pauses) {
    skipAll();  // the page after the choice is new: skip passes it only with "skip all"
    open("choices");
    plugIn();
    EXPECT_EQ(sim().world().notices().notice(), "controller connected");
    pressButton(SDL_CONTROLLER_BUTTON_A);  // finish "Pick one."
    pressButton(SDL_CONTROLLER_BUTTON_A);  // and turn it
    ASSERT_TRUE(waitFor([&] { return menuSelected() == 0; }));
    EXPECT_TRUE(game->padUsedLast());
    EXPECT_EQ(game->playInput().hint().rfind("A: next", 0), 0u) << "the hints name the pad's buttons";
    pressButton(SDL_CONTROLLER_BUTTON_DPAD_DOWN);
    EXPECT_EQ(menuSelected(), 1);
    SDL_JoystickSetVirtualAxis(joystick, SDL_CONTROLLER_AXIS_LEFTY, 30000);  // the stick pushed down: one step
    SDL_JoystickUpdate();
    wait(0.5);
    SDL_JoystickSetVirtualAxis(joystick, SDL_CONTROLLER_AXIS_LEFTY, 0);
    SDL_JoystickUpdate();
    frame();
    EXPECT_EQ(menuSelected(), 2);
    pressButton(SDL_CONTROLLER_BUTTON_DPAD_UP);
    EXPECT_EQ(menuSelected(), 1);

    pressButton(SDL_CONTROLLER_BUTTON_START);
    ASSERT_TRUE(game->pauseOverlayOpen());
    pressButton(SDL_CONTROLLER_BUTTON_B);
    EXPECT_FALSE(game->pauseOverlayOpen()) << "B resumes";

    pressButton(SDL_CONTROLLER_BUTTON_A);
    wait(0.1);
    ASSERT_EQ(events("choice").size(), 1u);
    EXPECT_NE(events("choice")[0].find("index=2 text=\"Beta\""), std::string::npos);
    setButton(SDL_CONTROLLER_BUTTON_B, true);
    EXPECT_TRUE(sim().world().story().textSettings().skipping) << "held B skips";
    setButton(SDL_CONTROLLER_BUTTON_B, false);
    EXPECT_FALSE(sim().world().story().textSettings().skipping);
    setButton(SDL_CONTROLLER_BUTTON_BACK, true);
    EXPECT_TRUE(sim().world().story().textSettings().skipping) << "held Back skips";
    setButton(SDL_CONTROLLER_BUTTON_BACK, false);
    EXPECT_FALSE(sim().world().story().textSettings().skipping);
    press(SDLK_F3);
    EXPECT_EQ(game->playInput().hint().rfind("Space: next", 0), 0u) << "a key: the hints name keys again";

    SDL_JoystickClose(joystick);
    joystick = nullptr;
    ASSERT_EQ(SDL_JoystickDetachVirtual(device), 0);
    device = -1;
    frame();
    EXPECT_EQ(sim().world().notices().notice(), "controller disconnected");
}

TEST_F(WindowPadTest, the_shoulders_roll_back_and_forward_and_the_pad_alone_saves_and_loads_a_slot) {
    open("pages");
    plugIn();
    for (int page = 0; page < 2; ++page) {
        pressButton(SDL_CONTROLLER_BUTTON_A);
        pressButton(SDL_CONTROLLER_BUTTON_A);
        wait(0.1);
    }
    ASSERT_EQ(page(), "Page 3.");
    pressButton(SDL_CONTROLLER_BUTTON_LEFTSHOULDER);
    EXPECT_EQ(page(), "Page 2.");
    pressButton(SDL_CONTROLLER_BUTTON_RIGHTSHOULDER);
    EXPECT_EQ(page(), "Page 3.");

    // Start, down to "Save / Load", A: the save screen; A saves in slot 1.
    pressButton(SDL_CONTROLLER_BUTTON_START);
    for (int i = 0; i < PauseMenu::kRowCount && game->pauseRow() != PauseMenu::Row::SaveLoad; ++i)
        pressButton(SDL_CONTROLLER_BUTTON_DPAD_DOWN);
    pressButton(SDL_CONTROLLER_BUTTON_A);
    ASSERT_TRUE(game->saveScreen().isOpen());
    pressButton(SDL_CONTROLLER_BUTTON_A);
    EXPECT_EQ(game->saveScreen().message(), "saved in slot 1");
    std::uint64_t savedAt = sim().ticks();
    pressButton(SDL_CONTROLLER_BUTTON_B);
    EXPECT_FALSE(game->saveScreen().isOpen()) << "B closes it";
    pressButton(SDL_CONTROLLER_BUTTON_A);
    wait(0.5);
    ASSERT_EQ(page(), "Page 4.");

    // Back to it, up to the tabs, right to Load, down to slot 1, A loads.
    pressButton(SDL_CONTROLLER_BUTTON_START);
    for (int i = 0; i < PauseMenu::kRowCount && game->pauseRow() != PauseMenu::Row::SaveLoad; ++i)
        pressButton(SDL_CONTROLLER_BUTTON_DPAD_DOWN);
    pressButton(SDL_CONTROLLER_BUTTON_A);
    pressButton(SDL_CONTROLLER_BUTTON_DPAD_UP);
    pressButton(SDL_CONTROLLER_BUTTON_DPAD_RIGHT);
    ASSERT_EQ(game->saveScreen().mode(), SaveScreen::Mode::Load);
    pressButton(SDL_CONTROLLER_BUTTON_DPAD_DOWN);
    pressButton(SDL_CONTROLLER_BUTTON_A);
    EXPECT_FALSE(game->saveScreen().isOpen());
    EXPECT_GE(sim().ticks(), savedAt);
    EXPECT_LE(sim().ticks(), savedAt + 2) << "the saved moment (and the button's release frame)";
    EXPECT_EQ(page(), "Page 3.");
}

TEST_F(WindowPadTest, the_d_pad_and_left_stick_walk_the_player) {
    open("walk");
    plugIn();
    wait(1.2);
    auto x = [&] { return sim().world().cast().findActor("ines")->position.x; };
    float from = x();
    SDL_JoystickSetVirtualButton(joystick, SDL_CONTROLLER_BUTTON_DPAD_RIGHT, 1);
    SDL_JoystickUpdate();
    wait(0.25);
    SDL_JoystickSetVirtualButton(joystick, SDL_CONTROLLER_BUTTON_DPAD_RIGHT, 0);
    SDL_JoystickUpdate();
    frame();
    EXPECT_GT(x(), from + 20) << "the D-pad walks";
    from = x();
    SDL_JoystickSetVirtualAxis(joystick, SDL_CONTROLLER_AXIS_LEFTX, -30000);
    SDL_JoystickUpdate();
    wait(0.25);
    SDL_JoystickSetVirtualAxis(joystick, SDL_CONTROLLER_AXIS_LEFTX, 0);
    SDL_JoystickUpdate();
    frame();
    EXPECT_LT(x(), from - 20) << "the left stick walks";
}

// ---------------------------------------------------------------------------
// The end of a scene, and notices beside the story's text (issue 30).

TEST_F(WindowTest, a_scene_that_ends_shows_the_end_card_enter_goes_to_the_scene_menu_and_r_plays_again) {
    open("choices");
    ASSERT_TRUE(waitFor([&] { return pageTyped(); }));
    press(SDLK_RETURN);  // turn "Pick one."
    ASSERT_TRUE(waitFor([&] { return sim().world().story().currentMenu().has_value(); }));
    press(SDLK_1);
    ASSERT_TRUE(waitFor([&] { return pageTyped(); }));
    EXPECT_EQ(game->view().sceneOverCard().w, 0) << "no card while the scene still plays";
    press(SDLK_RETURN);  // turn "You picked alpha.": the scene ends
    ASSERT_TRUE(waitFor([&] { return sim().isSceneOver(); }));
    frame();
    press(SDLK_RETURN);  // at once: a player still turning pages, not asking for the menu
    ASSERT_NE(game->simulation(), nullptr) << "the card shows before a key leaves it";
    wait(0.5);
    const ViewArea& card = game->view().sceneOverCard();
    EXPECT_GT(card.w, 0) << "the scene-over card is drawn";
    EXPECT_NEAR(card.x + card.w / 2, ViewLayout::kWidth / 2, 1) << "centred";
    EXPECT_NEAR(card.y + card.h / 2, ViewLayout::kHeight / 2, 1);

    press(SDLK_r);  // the same scene again, from its start
    ASSERT_NE(game->simulation(), nullptr);
    EXPECT_FALSE(sim().isSceneOver());
    EXPECT_EQ(events("scene_start").size(), 1u) << "a fresh run";
    EXPECT_NE(events("scene_start")[0].find("scene=\"choices\""), std::string::npos);
    frame();
    EXPECT_EQ(game->view().sceneOverCard().w, 0);

    ASSERT_TRUE(waitFor([&] { return pageTyped(); }));
    press(SDLK_RETURN);
    ASSERT_TRUE(waitFor([&] { return sim().world().story().currentMenu().has_value(); }));
    press(SDLK_2);
    ASSERT_TRUE(waitFor([&] { return pageTyped(); }));
    press(SDLK_RETURN);
    ASSERT_TRUE(waitFor([&] { return sim().isSceneOver(); }));
    wait(0.6);
    press(SDLK_RETURN);  // Enter: back to the scene menu
    EXPECT_NE(game->sceneMenu(), nullptr);
    EXPECT_EQ(game->simulation(), nullptr);
}

// A notice must never cover the story's text: it finds room beside the
// dialogue box (portrait included), speech bubbles and the error panel.
// Found by driving the window under Xvfb: the inspector sat under the error
// panel's red band, its first rows unreadable.
TEST_F(WindowTest, the_inspector_opens_below_the_error_panel) {
    std::ofstream(scriptPath, std::ios::binary | std::ios::trunc) << R"(
function waiting()
    activate("ines")
    runProcess(function() wait(600) end)
    wait(600)
end
)";
    open("waiting");
    wait(0.5);
    sim().world().notices().showError(
        "a long error panel across the top, long enough to wrap onto a second line of "
        "its own in the panel, so that its height is more than one row of text");
    press(SDLK_F1);
    frame();
    const WorldView& view = game->view();
    const ViewArea& inspector = view.inspectorArea();
    ASSERT_GT(inspector.h, 0) << "F1 shows the inspector";
    ASSERT_FALSE(view.storyAreas().empty());
    const ViewArea& error = view.storyAreas().back();  // the error panel is drawn after the story's text
    EXPECT_EQ(error.y, 52) << "the last story area is the error panel";
    EXPECT_FALSE(inspector.overlaps(error)) << "the inspector at y " << inspector.y << " is under the error panel, "
                                            << error.y << " to " << error.y + error.h;
}

TEST_F(WindowTest, a_notice_never_covers_the_dialogue_box_bubbles_or_the_error_panel) {
    std::ofstream(scriptPath, std::ios::binary | std::ios::trunc) << R"(
function crowded()
    activate("ines")
    activate("pell")
    setPosition("ines", {x = 1100, y = 140})
    setPosition("pell", {x = 200, y = 140})
    say("ines", "A bubble up in the right-hand corner, where notices used to go, long enough to wrap.")
    say("pell", "And another one over on the left, just as long, so both columns are taken up here.")
    image("keeper")
    dialogue("pell", "A long line in the dialogue box, long enough to wrap over several lines and reach the "
        .. "right-hand end of the box, where the reload notice used to sit on top of its last words.")
    wait(600)
end
)";
    open("crowded");
    wait(0.5);
    sim().world().notices().showError("an error panel across the top");
    sim().world().notices().showNotice("reloaded scenes.lua (crowded at 0.5 s, 12 ms)");
    frame();
    const WorldView& view = game->view();
    ASSERT_GE(view.storyAreas().size(), 4u) << "two bubbles, the box and the error panel";
    const ViewArea& notice = view.noticeArea();
    ASSERT_GT(notice.w, 0) << "there is room for the notice";
    for (const ViewArea& text : view.storyAreas())
        EXPECT_FALSE(notice.overlaps(text)) << "the notice at " << notice.x << "," << notice.y << " covers text at "
                                            << text.x << "," << text.y << " " << text.w << "x" << text.h;
}

// A frame the machine held back (a busy machine, a slow driver) runs at most a
// quarter second of the scene, however long it was held: a quarter second,
// one, five or thirty. The scene goes on at the next frames, and its processes
// with it (issue 40).
TEST_F(WindowTest, a_held_frame_runs_at_most_a_quarter_second_of_the_scene_however_long_it_was_held) {
    open("heartbeat");
    wait(0.5);
    const auto quarter = static_cast<std::uint64_t>(0.25 / kTick + 0.5);
    for (double held : {0.25, 1.0, 5.0, 30.0}) {
        const std::uint64_t before = sim().ticks();
        frame(held);
        // A quarter second, give or take the tick the clock's remainder adds.
        EXPECT_LE(sim().ticks() - before, quarter + 1) << "a frame held " << held << " s";
        EXPECT_GE(sim().ticks() - before, quarter - 1) << "a frame held " << held << " s";
        const std::size_t beats = seen.size();
        wait(0.5);
        EXPECT_GT(seen.size(), beats) << "the heartbeat goes on after a frame held " << held << " s";
    }
}

// ---------------------------------------------------------------------------
// Every pause row changes its own setting and only that (issue 45), and each
// volume is heard on its own lanes: the volumes the window hands the sound
// card, mixed over a cue on every lane, give each lane's level.

namespace {

std::map<std::string, std::string> settingFields(const PlayerSettings& s) {
    auto text = [](auto v) { return std::to_string(v); };
    return {{"textSpeed", text(s.textSpeed)},
            {"autoAdvance", text(s.autoAdvance)},
            {"autoAdvanceWait", text(s.autoAdvanceWait)},
            {"textSize", text(s.textSize)},
            {"fullscreen", text(s.fullscreen)},
            {"masterVolume", text(s.masterVolume)},
            {"musicVolume", text(s.musicVolume)},
            {"soundVolume", text(s.soundVolume)},
            {"voiceVolume", text(s.voiceVolume)},
            {"muteUnfocused", text(s.muteUnfocused)},
            {"selfVoicing", text(s.selfVoicing)},
            {"font", text(s.font)},
            {"lineSpacing", text(s.lineSpacing)},
            {"highContrast", text(s.highContrast)},
            {"reduceFlashes", text(s.reduceFlashes)},
            {"skipAll", text(s.skipAll)},
            {"markRead", text(s.markRead)},
            {"language", s.language}};
}

// The level of each lane (music, sound, voice, blip) mixed at `volumes`: a
// full-scale tone on each lane in turn, a quarter second apart, measured as
// the RMS of its own quarter second.
std::vector<double> laneLevels(const MixVolumes& volumes) {
    auto clip = std::make_shared<Clip>();
    for (std::int64_t i = 0; i < frameAt(0.2); ++i) {
        std::int16_t v = (i / 50) % 2 ? -10000 : 10000;
        clip->samples.push_back(v);
        clip->samples.push_back(v);
    }
    Mixer mixer;
    mixer.setVolumes(volumes);
    std::vector<double> levels;
    for (Lane lane : {Lane::Music, Lane::Sound, Lane::Voice, Lane::Blip}) {
        AudioCue cue;
        cue.lane = lane;
        cue.clip = clip;
        cue.id = static_cast<int>(levels.size()) + 1;
        mixer.apply(cue);
        std::vector<std::int16_t> pcm(static_cast<std::size_t>(2 * frameAt(0.25)));
        mixer.render(pcm.data(), static_cast<int>(frameAt(0.25)));
        double sum = 0;
        for (std::int64_t i = frameAt(0.02); i < frameAt(0.18); ++i) sum += double(pcm[2 * i]) * pcm[2 * i];
        levels.push_back(std::sqrt(sum / double(frameAt(0.18) - frameAt(0.02))));
        AudioCue stop = cue;
        stop.kind = AudioCue::Kind::Stop;
        mixer.apply(stop);
        mixer.render(pcm.data(), static_cast<int>(frameAt(0.05)));
    }
    return levels;
}

}  // namespace

TEST_F(WindowTest, every_pause_row_changes_its_own_setting_only_and_each_volume_is_heard_on_its_own_lanes) {
    const std::map<PauseMenu::Row, std::string> owns = {{PauseMenu::Row::TextSpeed, "textSpeed"},
                                                        {PauseMenu::Row::AutoAdvance, "autoAdvance"},
                                                        {PauseMenu::Row::AutoAdvanceWait, "autoAdvanceWait"},
                                                        {PauseMenu::Row::TextSize, "textSize"},
                                                        {PauseMenu::Row::Fullscreen, "fullscreen"},
                                                        {PauseMenu::Row::MasterVolume, "masterVolume"},
                                                        {PauseMenu::Row::MusicVolume, "musicVolume"},
                                                        {PauseMenu::Row::SoundVolume, "soundVolume"},
                                                        {PauseMenu::Row::VoiceVolume, "voiceVolume"},
                                                        {PauseMenu::Row::MuteUnfocused, "muteUnfocused"},
                                                        {PauseMenu::Row::SelfVoicing, "selfVoicing"},
                                                        {PauseMenu::Row::Font, "font"},
                                                        {PauseMenu::Row::LineSpacing, "lineSpacing"},
                                                        {PauseMenu::Row::HighContrast, "highContrast"},
                                                        {PauseMenu::Row::ReduceFlashes, "reduceFlashes"},
                                                        {PauseMenu::Row::Skip, "skipAll"},
                                                        {PauseMenu::Row::MarkRead, "markRead"}};
    // Unfocused windows mute; this one keeps its sound so the volumes are the rows' own.
    std::ofstream(folder / "user" / "settings.txt", std::ios::binary) << "mute_unfocused = false\n";
    open("pages");
    frame();
    press(SDLK_ESCAPE);
    ASSERT_TRUE(game->pauseOverlayOpen());
    const std::vector<double> full = laneLevels({});
    std::set<PauseMenu::Row> visited;
    while (!visited.count(game->pauseRow())) {
        PauseMenu::Row row = game->pauseRow();
        visited.insert(row);
        if (row != PauseMenu::Row::Quit && row != PauseMenu::Row::SceneMenu && row != PauseMenu::Row::SaveLoad &&
            row != PauseMenu::Row::History && row != PauseMenu::Row::Resume) {
            auto before = settingFields(game->settings());
            press(SDLK_LEFT);
            auto after = settingFields(game->settings());
            for (const auto& [field, value] : before) {
                bool own = owns.count(row) && owns.at(row) == field;
                if (own) {
                    EXPECT_NE(after[field], value) << PauseMenu::label(row) << " changes " << field;
                } else {
                    EXPECT_EQ(after[field], value) << PauseMenu::label(row) << " leaves " << field << " alone";
                }
            }
            // What is heard: each lane at master x its own volume, in tenths.
            const PlayerSettings& s = game->settings();
            MixVolumes v = game->sound().volumes();
            auto tenths = [](int steps) { return steps / 10.0; };
            // Muting an unfocused window (the offscreen one may have no focus) silences the master.
            double master = s.muteUnfocused && v.master == 0 ? 0 : tenths(s.masterVolume);
            std::vector<double> expected = {master * tenths(s.musicVolume), master * tenths(s.soundVolume),
                                            master * tenths(s.voiceVolume), master * tenths(s.voiceVolume)};
            std::vector<double> heard = laneLevels(v);
            for (std::size_t lane = 0; lane < heard.size(); ++lane)
                EXPECT_NEAR(heard[lane], full[lane] * expected[lane], full[lane] * 0.02 + 2)
                    << "after " << PauseMenu::label(row) << ", lane " << lane;
            press(SDLK_RIGHT);  // back as it was (a toggle toggles back)
            EXPECT_EQ(settingFields(game->settings()), before) << PauseMenu::label(row) << " goes back";
        }
        press(SDLK_DOWN);
    }
    EXPECT_GE(visited.size(), owns.size() - 1) << "every row was visited (self-voicing needs a synthesiser)";
}

// ---------------------------------------------------------------------------
// Every screen in every mode (issue 45): the scene menu, a scene's page, the
// history, the pause overlay, the save/load screen and the end card, each in
// high contrast, large text and right-to-left text, judged by what the
// frame holds: in high contrast the colours the theme names
// (palette::kContrastText, kContrastAccent) outnumber the plain ones; large
// text puts more ink on screen; right-to-left text stands further right.
// Where a screen does not follow a mode today it is listed below and the
// list is held both ways: a listed case that passes fails (take it out).

namespace {

struct Frame {
    int w = 0, h = 0;
    std::vector<std::uint8_t> rgb;  // top row first
    std::vector<DrawnText> words;   // the texts the frame drew, in the order drawn
    // (The pixel loops walk plain pointers: the tests' code is built unoptimized, where each
    // operator[] is a call.)
    int count(const Color& c) const {
        int n = 0;
        for (const std::uint8_t *p = rgb.data(), *end = p + rgb.size(); p != end; p += 3)
            n += p[0] == c.r && p[1] == c.g && p[2] == c.b;
        return n;
    }
    // Text ink on the dark panels: pixels bright in every channel.
    int ink(double* meanX = nullptr) const {
        int n = 0;
        double sumX = 0;
        const std::uint8_t* p = rgb.data();
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x, p += 3)
                if (p[0] >= 200 && p[1] >= 200 && p[2] >= 200) ++n, sumX += x;
        if (meanX) *meanX = n ? sumX / n : 0;
        return n;
    }
    Color at(int x, int y) const {
        const std::uint8_t* p = rgb.data() + (static_cast<std::size_t>(y) * w + x) * 3;
        return {p[0], p[1], p[2], 255};
    }
    // The ground the pixel at (x, y) stands on: going left, the first colour
    // three pixels in a row hold alike that is not the pixel's own (a glyph's
    // stroke and its soft edge are not flat; a panel, a row of a sky or a
    // highlight is). False when there is none within 40 pixels.
    bool ground(int x, int y, Color& out) const {
        const Color own = at(x, y);
        for (int gx = x - 1; gx >= 2 && gx >= x - 40; --gx) {
            Color a = at(gx, y);
            if (sameRgb(a, at(gx - 1, y)) && sameRgb(a, at(gx - 2, y)) && !sameRgb(a, own)) {
                out = a;
                return true;
            }
        }
        return false;
    }
    static bool sameRgb(const Color& a, const Color& b) { return a.r == b.r && a.g == b.g && a.b == b.b; }
};

// High contrast's rule (palette.h): the words stand on black (kContrastPanel;
// a selected row's faint white highlight over it keeps it a neutral dark grey)...
bool contrastGround(const Color& g) {
    return Frame::sameRgb(g, palette::kContrastPanel) || (g.r == g.g && g.g == g.b && g.r <= 40);
}

// ...and every text element is drawn in one of two colours, whatever it is:
// the table each word on every screen is held to. A pixel of a glyph is the
// colour over its ground, at some coverage.
struct ContrastElement {
    const char* elements;
    Color colour;
};
const ContrastElement kContrastColours[] = {
    {"story text, hints, values, option rows, headings of lists", palette::kContrastText},
    {"speaker names, titles, choices made, selected rows, numbers", palette::kContrastAccent},
};
bool shadeOver(const Color& p, const Color& ground, const Color& c) {
    double t = c.r == ground.r ? 0 : double(p.r - ground.r) / (c.r - ground.r);
    if (t < -0.05 || t > 1.05) return false;
    auto near = [&](std::uint8_t pc, std::uint8_t gc, std::uint8_t cc) {
        return std::abs(gc + t * (cc - gc) - pc) <= 10;
    };
    return near(p.g, ground.g, c.g) && near(p.b, ground.b, c.b);
}

// The words of `f` in high contrast's two colours that do not stand on dark:
// each a box the rule left out (a notice's see-through panel over the scene,
// say), however small a share of the screen it is. What a word stands on is
// read just outside its ink, three units left and right of it down its first
// rows and three above it; a pixel there may be the rule's ground (black, the
// selection's faint neutral grey), within 10 of black (a veil over black), or
// the edge of a letter in either colour over black, and at least 70% of them
// must be: the notice's see-through blue over a dark scene, (11,15,22), is
// none. A word under a veil (the page behind the pause panel) shows none of
// its own colour and is not asked.
std::vector<std::string> wordsOffTheBlack(const Frame& f) {
    auto contrastInk = [](const Color& c) {
        return Frame::sameRgb(c, palette::kContrastText) || Frame::sameRgb(c, palette::kContrastAccent);
    };
    auto onDark = [](const Color& p) {
        return contrastGround(p) || std::max({p.r, p.g, p.b}) <= 10 ||
               shadeOver(p, palette::kContrastPanel, palette::kContrastText) ||
               shadeOver(p, palette::kContrastPanel, palette::kContrastAccent);
    };
    std::vector<std::string> off;
    for (const DrawnText& d : f.words) {
        if (d.sign || !contrastInk(d.color)) continue;
        const int left = static_cast<int>(std::floor(d.x)) - 3, right = static_cast<int>(std::ceil(d.x + d.width)) + 3;
        const int top = static_cast<int>(std::floor(d.y));
        int visible = 0;
        for (int y = std::max(0, top); y <= std::min(f.h - 1, top + 10); ++y)
            for (int x = std::max(0, left + 3); x <= std::min(f.w - 1, right - 3); ++x)
                visible += Frame::sameRgb(f.at(x, y), d.color);
        if (visible < 5) continue;
        int on = 0, all = 0;
        auto sample = [&](int x, int y) {
            if (x < 0 || y < 0 || x >= f.w || y >= f.h) return;
            ++all, on += onDark(f.at(x, y));
        };
        for (int y = top; y <= top + 10; ++y) sample(left, y), sample(right, y);
        for (int x = left; x <= right; x += 2) sample(x, top - 3);
        if (all >= 8 && on < 0.7 * all)
            off.push_back(d.text + " (" + std::to_string(on) + " of " + std::to_string(all) + " around it dark)");
    }
    return off;
}

// The screens' script: scene titles and pages left to right, or right to left.
std::string screensScript(bool rightToLeft) {
    std::string page =
        rightToLeft ? "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D, \xD7\x96\xD7\x94\xD7\x95 \xD7\xA2\xD7\x9E\xD7\x95\xD7\x93."
                    : "Hello, this is a page.";
    std::string title = rightToLeft ? "\xD7\xA2\xD7\x9E\xD7\x95\xD7\x93\xD7\x99\xD7\x9D" : "Pages";
    return "SCENES = {\n    { name = \"pages\", title = \"" + title + "\" },\n    { name = \"ends\", title = \"" +
           title + " 2\" },\n}\nfunction pages() dialogue(\"pell\", \"" + page + " 0\") for n = 1, 30 do text(\"" +
           page + " \" .. n) end end\nfunction ends() text(\"" + page + "\") end\n";
}

const char* const kScreens[] = {"scene menu", "page", "history", "pause", "save/load", "end card"};

// Every text a screen drew, one row each: its colour, where it stands and
// how wide (view units, whole), and the text, with a save card's date and
// time (the moment the test ran) written as DATE. The signs drawn as shapes
// (the page marker, an actor's facing, a bubble's tail) are rows marked "sign".
std::string wordsOf(const Frame& f) {
    // A date cut short by a narrow card ("2026-11-27 …") is the moment too: it must not pin the golden to a day.
    static const std::regex moment(R"(\d{4}-\d\d-\d\d( \d\d:\d\d)?)");
    std::ostringstream out;
    for (const DrawnText& d : f.words) {
        char colour[16];
        std::snprintf(colour, sizeof colour, "#%02x%02x%02x%02x", d.color.r, d.color.g, d.color.b, d.color.a);
        bool dated = std::regex_search(d.text, moment);
        out << colour << " x" << std::lround(d.x) << " y" << std::lround(d.y) << " w"
            << (dated ? std::string("-") : std::to_string(std::lround(d.width))) << (d.sign ? " sign '" : " '")
            << std::regex_replace(d.text, moment, "DATE") << "'\n";
    }
    return out.str();
}

// High contrast's two colours by what each word is: yellow for the screen's
// title, a speaker's name, the selected scene's number and save tab, and the
// save screen's message; white for every other word.
const std::map<std::string, std::set<std::string>> kContrastYellow = {
    {"scene menu", {"Stagehand", "Start"}},     {"page", {}},
    {"history", {"History", "Pell"}},           {"pause", {"Paused"}},
    {"save/load", {"Save", "saved in slot 1"}}, {"end card", {"The end"}},
};

}  // namespace

// Every screen over settings met two at a time. Each row below is one run of
// every screen; together the rows meet every pair of values of the engine's
// language, text size, font, line spacing, high contrast, the script's
// direction and the device in the player's hands (the test checks that it does), so a screen that breaks only when
// two settings meet (Arabic words in large text, the dyslexia font with wide
// lines, high contrast right to left, a pad's hints in German) changes tests/golden/screens_pairs_words.txt.
// Whatever the row, every word stands inside the view, and in high contrast
// every word is one of the rule's two colours. The story's screens (a line in
// the box, a bubble, a banner, narration, a page beside a portrait, a choice
// menu) likewise, against tests/golden/story_screens_pairs_words.txt (their
// white bubbles and the names under the actors keep colours of their own).
namespace {
struct SettingsPair {
    const char* language;
    int textSize, font, lineSpacing;
    bool highContrast, rightToLeft, pad;  // pad: the player's hands are on a controller
};
const SettingsPair kSettingsPairs[] = {
    {"en", 0, 0, 0, false, false, false}, {"en", 1, 1, 1, true, true, false},   {"en", 2, 0, 2, true, false, true},
    {"ar", 0, 1, 1, true, false, true},   {"ar", 1, 0, 2, true, false, false},  {"ar", 2, 1, 0, false, true, false},
    {"ja", 0, 0, 2, true, true, false},   {"ja", 1, 1, 0, false, false, true},  {"ja", 2, 0, 1, false, false, false},
    {"de", 0, 1, 0, true, true, true},    {"de", 1, 0, 1, false, false, false}, {"de", 2, 1, 2, false, false, false},
};
// A row's values as numbers, one per setting, for the pairs check.
std::vector<int> valuesOf(const SettingsPair& row) {
    const std::vector<std::string> languages = {"en", "ar", "ja", "de"};
    int language = int(std::find(languages.begin(), languages.end(), row.language) - languages.begin());
    return {language, row.textSize, row.font, row.lineSpacing, row.highContrast, row.rightToLeft, row.pad};
}
// Every value of each setting meets every value of each other on some row.
void expectSettingsPairsMet() {
    const std::vector<int> choices = {4, 3, int(std::size(kFontChoices)), int(std::size(kLineSpacings)), 2, 2, 2};
    for (std::size_t a = 0; a < choices.size(); ++a)
        for (std::size_t b = a + 1; b < choices.size(); ++b) {
            std::set<std::pair<int, int>> met;
            for (const SettingsPair& row : kSettingsPairs) met.insert({valuesOf(row)[a], valuesOf(row)[b]});
            EXPECT_EQ(int(met.size()), choices[a] * choices[b]) << "settings " << a << " and " << b << " never meet";
        }
}
}  // namespace

// The story's own screens by their words: a line in the dialogue box with a
// bubble and a banner over the scene, a narrated line, a page beside a
// portrait, and a choice menu, in the same four looks, against
// tests/golden/story_screens_words.txt; in high contrast a speaker's name is
// yellow and a line is white, as on every other screen.
namespace {

std::string storyScript(bool rightToLeft) {
    auto say = [&](const char* ltr, const char* rtl) { return std::string(rightToLeft ? rtl : ltr); };
    return "SCENES = { { name = \"story\", title = \"Story\" } }\n"
           "function story()\n"
           "    activate('pell')\n"
           "    say('pell', '" +
           say("A bubble over Pell.", "\xD7\x91\xD7\x95\xD7\xA2\xD7\x94 \xD7\x9E\xD7\xA2\xD7\x9C \xD7\xA4\xD7\x9C.") +
           "')\n"
           "    banner('" +
           say("Chapter one", "\xD7\xA4\xD7\xA8\xD7\xA7 \xD7\x90") +
           "', 60)\n"
           "    dialogue('pell', '" +
           say("Hello from the box.",
               "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D \xD7\x9E\xD7\x94\xD7\xAA\xD7\x99\xD7\x91\xD7\x94.") +
           "')\n"
           "    dialogue(nil, '" +
           say("A narrated line.",
               "\xD7\xA9\xD7\x95\xD7\xA8\xD7\x94 \xD7\x9E\xD7\xA1\xD7\x95\xD7\xA4\xD7\xA8\xD7\xAA.") +
           "')\n"
           "    portrait('pell', 'fisher')\n"
           "    text('pell', '" +
           say("A page beside a portrait.",
               "\xD7\xA2\xD7\x9E\xD7\x95\xD7\x93 \xD7\x9C\xD7\x99\xD7\x93 \xD7\x93\xD7\x99\xD7\x95\xD7\xA7\xD7\x9F.") +
           "')\n"
           "    option('" +
           say("The first way.",
               "\xD7\x94\xD7\x93\xD7\xA8\xD7\x9A \xD7\x94\xD7\xA8\xD7\x90\xD7\xA9\xD7\x95\xD7\xA0\xD7\x94.") +
           "', 'story_end')\n"
           "    option('" +
           say("The second way.", "\xD7\x94\xD7\x93\xD7\xA8\xD7\x9A \xD7\x94\xD7\xA9\xD7\xA0\xD7\x99\xD7\x94.") +
           "', 'story_end')\n"
           "    menu()\n"
           "end\n"
           "function story_end() text('" +
           say("The end of it.", "\xD7\xA1\xD7\x95\xD7\xA3.") + "') end\n";
}

const char* const kStoryScreens[] = {"dialogue, bubble and banner", "narration", "page and portrait", "choice menu"};

}  // namespace

class ScreensTest : public WindowPadTest {
protected:
    // The player's key, or with `padLook_` the pad's button for it (platform/Gamepads.cpp).
    void tap(SDL_Keycode key) {
        if (!padLook_) return press(key);
        const std::map<SDL_Keycode, SDL_GameControllerButton> buttons = {{SDLK_SPACE, SDL_CONTROLLER_BUTTON_A},
                                                                         {SDLK_RETURN, SDL_CONTROLLER_BUTTON_A},
                                                                         {SDLK_h, SDL_CONTROLLER_BUTTON_Y},
                                                                         {SDLK_ESCAPE, SDL_CONTROLLER_BUTTON_START},
                                                                         {SDLK_DOWN, SDL_CONTROLLER_BUTTON_DPAD_DOWN}};
        pressButton(buttons.at(key));
    }
    // Opens `scene`; with `padLook_` a pad is plugged in afresh (a window made later never hears of one before).
    void openLooking(const std::string& scene) {
        open(scene);
        if (!padLook_) return;
        if (joystick) SDL_JoystickClose(joystick), joystick = nullptr;
        if (device >= 0) SDL_JoystickDetachVirtual(device), device = -1;
        plugIn();
    }
    bool padLook_ = false;
    // As wait(), with a frame drawn every 12 ticks rather than every tick: the scene runs the same
    // ticks (the frame clock runs every whole tick of a frame up to a quarter second), and only
    // the frames grab() takes are looked at. Five twelfths of these tests' time went on frames
    // nobody looked at (60 s of the story screens' pairs under the sanitizers).
    void skim(double seconds) {
        constexpr double kStride = 12 * kTick;
        static_assert(kStride < FrameClock::kMaxFrameSeconds, "a frame longer than the clock's most is cut short");
        for (double end = now + seconds - kTick / 2; now < end && running;)
            frame(std::min(kStride, end + kTick / 2 - now));
    }
    Frame grab() {
        Frame f;
        DrawnText::recordInto(&f.words);
        frame();
        DrawnText::recordInto(nullptr);
        SDL_GL_GetDrawableSize(SDL_GL_GetCurrentWindow(), &f.w, &f.h);
        std::vector<std::uint8_t> rgba(static_cast<std::size_t>(f.w) * f.h * 4);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glReadPixels(0, 0, f.w, f.h, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
        f.rgb.resize(static_cast<std::size_t>(f.w) * f.h * 3);
        // Plain pointers: the tests' code is built unoptimized, where each operator[] is a call.
        std::uint8_t* out = f.rgb.data();
        for (int y = 0; y < f.h; ++y)
            for (const std::uint8_t* in = rgba.data() + static_cast<std::size_t>(f.h - 1 - y) * f.w * 4,
                                     *end = in + static_cast<std::size_t>(f.w) * 4;
                 in != end; in += 4, out += 3)
                out[0] = in[0], out[1] = in[1], out[2] = in[2];
        return f;
    }
    // Every screen, in the order of kScreens, with `settings` kept and the script's direction.
    std::map<std::string, Frame> everyScreen(const std::string& settings, bool rightToLeft, bool pad = false) {
        padLook_ = pad;
        std::ofstream(folder / "user" / "settings.txt", std::ios::binary) << settings;
        fs::remove_all(folder / "user" / "saves");
        setup.cmd.width = 1280;  // the view's own size: text at its full resolution
        setup.cmd.height = 720;
        std::ofstream(scriptPath, std::ios::binary | std::ios::trunc) << screensScript(rightToLeft);
        std::map<std::string, Frame> shots;
        openLooking("");
        frame();
        shots["scene menu"] = grab();
        openLooking("pages");
        frame();
        for (int i = 0; i < 3; ++i) tap(SDLK_SPACE), tap(SDLK_SPACE), skim(0.2);
        tap(SDLK_SPACE);
        shots["page"] = grab();
        tap(SDLK_h);
        shots["history"] = grab();
        tap(SDLK_h);
        tap(SDLK_ESCAPE);
        shots["pause"] = grab();
        for (int i = 0; i < PauseMenu::kRowCount && game->pauseRow() != PauseMenu::Row::SaveLoad; ++i) tap(SDLK_DOWN);
        tap(SDLK_RETURN);
        EXPECT_TRUE(game->saveScreen().isOpen());
        tap(SDLK_RETURN);                        // a save in slot 1: its card shows the scene and its line
        EXPECT_EQ(game->saveScreen().message(),  // "saved in slot 1", in the language played
                  lang::word("save.saved", {{"slot", lang::word("save.slot", {{"number", "1"}})}}));
        shots["save/load"] = grab();
        openLooking("ends");
        frame();
        tap(SDLK_SPACE), tap(SDLK_SPACE);
        waitFor([&] { return sim().isSceneOver(); }, 5);
        skim(1.5);
        shots["end card"] = grab();
        return shots;
    }
    // The story's screens, in the order of kStoryScreens, with `settings` kept and the script's direction.
    std::map<std::string, Frame> storyScreens(const std::string& settings, bool rightToLeft, bool pad = false) {
        padLook_ = pad;
        std::ofstream(folder / "user" / "settings.txt", std::ios::binary) << settings;
        setup.cmd.width = 1280;
        setup.cmd.height = 720;
        std::ofstream(scriptPath, std::ios::binary | std::ios::trunc) << storyScript(rightToLeft);
        openLooking("story");
        std::map<std::string, Frame> shots;
        // dialogue() holds its line long enough to read, then goes on; the page waits for Space.
        skim(1);
        shots[kStoryScreens[0]] = grab();
        skim(2);
        shots[kStoryScreens[1]] = grab();
        skim(3);
        shots[kStoryScreens[2]] = grab();
        tap(SDLK_SPACE);
        skim(1);
        shots[kStoryScreens[3]] = grab();
        return shots;
    }
    // The words of `screens`, as take(settings, rightToLeft, pad) shows them, over every row of kSettingsPairs, each
    // word held to what holds whatever the row: inside the view, and (`contrastWords`: on screens of boxes and
    // panels only, not the stage's white bubbles, names and banners) in high contrast one of its two colours.
    template <std::size_t N, typename Take>
    std::string wordsOverSettingsPairs(const char* const (&screens)[N], bool contrastWords, Take take) {
        // The game offers a language it has a table for: empty ones, so the engine's words change, the lines not.
        fs::create_directories(folder / "strings");
        for (const char* code : {"ar", "ja", "de"})
            std::ofstream(folder / "strings" / (std::string("scenes.") + code + ".csv"), std::ios::binary)
                << "language,id,text,file,line,lock,comment\n";
        std::string words;
        for (const SettingsPair& row : kSettingsPairs) {
            std::ostringstream settings, look;
            settings << "language = " << row.language << "\ntext_size = " << row.textSize << "\nfont = " << row.font
                     << "\nline_spacing = " << row.lineSpacing << "\nhigh_contrast = " << std::boolalpha
                     << row.highContrast << "\n";
            look << row.language << ", text size " << row.textSize << ", font " << row.font << ", spacing "
                 << row.lineSpacing << (row.highContrast ? ", high contrast" : "")
                 << (row.rightToLeft ? ", right to left" : "") << (row.pad ? ", pad" : "");
            auto shots = take(settings.str(), row.rightToLeft, row.pad);
            for (const char* screen : screens) {
                words += "== " + look.str() + ": " + screen + "\n" + wordsOf(shots[screen]);
                if (contrastWords && row.highContrast)
                    for (const std::string& word : wordsOffTheBlack(shots[screen]))
                        ADD_FAILURE() << look.str() << ", " << screen << ": '" << word
                                      << "' is high contrast's colour off its black";
                for (const DrawnText& d : shots[screen].words) {
                    EXPECT_TRUE(d.x >= -0.5f && d.x + d.width <= ViewLayout::kWidth + 0.5f && d.y >= -0.5f &&
                                d.y <= ViewLayout::kHeight)
                        << look.str() << ", " << screen << ": '" << d.text << "' at x " << d.x << " y " << d.y << " w "
                        << d.width << " stands outside the view";
                    if (contrastWords && row.highContrast && !d.sign) {
                        EXPECT_TRUE(Frame::sameRgb(d.color, palette::kContrastText) ||
                                    Frame::sameRgb(d.color, palette::kContrastAccent))
                            << look.str() << ", " << screen << ": '" << d.text
                            << "' is neither of high contrast's colours";
                    }
                }
            }
        }
        return words;
    }
};

TEST_F(ScreensTest, every_screen_follows_high_contrast_large_text_and_right_to_left) {
    // What today's screens do not follow, "screen/mode": none.
    const std::set<std::string> expectedFailures = {};
    auto plain = everyScreen("", false);
    auto contrast = everyScreen("high_contrast = true\n", false);
    auto large = everyScreen("text_size = 2\n", false);
    auto rtl = everyScreen("", true);
    std::set<std::string> failed;
    std::ostringstream measures;
    const std::vector<Color> plainText = {palette::kPanelText,      palette::kAccent, palette::kMenuText,
                                          palette::kOptionSelected, palette::kMuted,  palette::kMenuMuted};
    for (const char* screen : kScreens) {
        auto plainCount = [&](const Frame& f) {
            int n = 0;
            for (const Color& c : plainText) n += f.count(c);
            return n;
        };
        const Frame& c = contrast[screen];
        int themed = c.count(palette::kContrastText) + c.count(palette::kContrastAccent);
        int themedBefore = plain[screen].count(palette::kContrastText) + plain[screen].count(palette::kContrastAccent);
        measures << screen << ": contrast colours " << themedBefore << " -> " << themed << ", plain text colours "
                 << plainCount(plain[screen]) << " -> " << plainCount(c);
        // Its own colours give way: what stays of them (a speaker's own colour) is under a tenth.
        if (!(themed >= 150 && themed > 2 * themedBefore && plainCount(c) < 0.1 * plainCount(plain[screen])))
            failed.insert(std::string(screen) + "/high contrast");
        // What the words stand on: in high contrast the rule's black, in the plain look its own panels and sky.
        auto groundShare = [&](const Frame& f, const std::vector<Color>& words) {
            int on = 0, all = 0;
            for (int y = 0; y < f.h; ++y)
                for (int x = 0; x < f.w; ++x) {
                    Color p = f.at(x, y), g;
                    if (std::none_of(words.begin(), words.end(),
                                     [&](const Color& w) { return Frame::sameRgb(p, w); }) ||
                        !f.ground(x, y, g))
                        continue;
                    ++all, on += contrastGround(g);
                }
            return all ? double(on) / all : 0.0;
        };
        double contrastOn = groundShare(c, {palette::kContrastText, palette::kContrastAccent});
        double plainOn = groundShare(plain[screen], plainText);
        measures << "; words on black " << plainOn << " -> " << contrastOn;
        // (Not all: a box's accent rule, 3 pixels high, lies on the scene left of the box.)
        if (!(contrastOn >= 0.8 && plainOn <= 0.1)) failed.insert(std::string(screen) + "/contrast ground");
        // Every glyph on the black is a shade of a colour in kContrastColours: a colour
        // outside the table held by 20 pixels or more is a text element left out.
        std::map<std::vector<int>, int> strays;
        for (int y = 0; y < c.h; ++y)
            for (int x = 0; x < c.w; ++x) {
                Color p = c.at(x, y), g;
                if (std::max({p.r, p.g, p.b}) < 96 || !c.ground(x, y, g) || !contrastGround(g)) continue;
                bool themedShade = false;
                for (const ContrastElement& e : kContrastColours)
                    themedShade = themedShade || shadeOver(p, g, e.colour);
                if (!themedShade) ++strays[{p.r, p.g, p.b}];
            }
        for (const auto& [colour, n] : strays)
            if (n >= 20) {
                measures << "; " << n << " pixels of (" << colour[0] << "," << colour[1] << "," << colour[2]
                         << ") on black are no colour of the table";
                failed.insert(std::string(screen) + "/contrast colours");
            }
        int inkPlain = plain[screen].ink(), inkLarge = large[screen].ink();
        measures << "; ink " << inkPlain << " -> " << inkLarge << " large";
        if (!(inkLarge >= 1.05 * inkPlain)) failed.insert(std::string(screen) + "/large text");
        // The engine's own words (pause rows, the end card's, the title screen's rows) are
        // English: only the screens showing the script's text are asked where
        // right-to-left text stands (the chapters' titles: SceneMenuRenderTest).
        if (std::string(screen) != "pause" && std::string(screen) != "end card" &&
            std::string(screen) != "scene menu") {
            double left = 0, right = 0;
            plain[screen].ink(&left);
            rtl[screen].ink(&right);
            measures << "; mean ink x " << left << " -> " << right << " right to left";
            if (!(right > left + 0.04 * plain[screen].w)) failed.insert(std::string(screen) + "/right to left");
        }
        measures << "\n";
    }
    std::cout << measures.str();
    // By what each word is: high contrast's colour for it, and every word of
    // every screen in each look where the golden has it (its colour, place,
    // width): a word moved, dropped, recoloured or left English is a change.
    for (const char* screen : kScreens)
        for (const DrawnText& d : contrast[screen].words) {
            if (d.sign) continue;  // shapes keep their own colours: the rule is for words
            bool yellow = kContrastYellow.at(screen).count(d.text) > 0;
            EXPECT_TRUE(Frame::sameRgb(d.color, yellow ? palette::kContrastAccent : palette::kContrastText))
                << screen << ": '" << d.text << "' in high contrast is drawn in (" << int(d.color.r) << ","
                << int(d.color.g) << "," << int(d.color.b) << "), not " << (yellow ? "yellow" : "white");
        }
    std::string words;
    for (const auto& [look, shots] : {std::pair<const char*, const std::map<std::string, Frame>*>{"plain", &plain},
                                      {"high contrast", &contrast},
                                      {"large text", &large},
                                      {"right to left", &rtl}})
        for (const char* screen : kScreens)
            words += "== " + std::string(look) + ": " + screen + "\n" + wordsOf(shots->at(screen));
    test::expectAsGolden(words, "screens_words");
    for (const auto& f : failed)
        EXPECT_TRUE(expectedFailures.count(f)) << f << " does not follow its mode\n" << measures.str();
    for (const auto& f : expectedFailures) EXPECT_TRUE(failed.count(f)) << f << " follows its mode now: take it out";
}

TEST_F(ScreensTest, the_story_screens_words_follow_every_look_as_their_golden_says) {
    std::string words;
    for (const auto& [look, settings, rightToLeft] : {std::tuple<const char*, const char*, bool>{"plain", "", false},
                                                      {"high contrast", "high_contrast = true\n", false},
                                                      {"large text", "text_size = 2\n", false},
                                                      {"right to left", "", true}}) {
        auto shots = storyScreens(settings, rightToLeft);
        for (const char* screen : kStoryScreens) {
            words += "== " + std::string(look) + ": " + screen + "\n" + wordsOf(shots[screen]);
            if (std::string(look) != "high contrast") continue;
            for (const DrawnText& d : shots[screen].words)
                if (d.text == "Pell") {
                    EXPECT_TRUE(Frame::sameRgb(d.color, palette::kContrastAccent))
                        << screen << ": the name is not yellow";
                }
        }
    }
    test::expectAsGolden(words, "story_screens_words");
}

TEST_F(ScreensTest, every_screen_over_every_pair_of_settings_keeps_its_words_in_view_and_as_its_golden_says) {
    expectSettingsPairsMet();
    test::expectAsGolden(wordsOverSettingsPairs(kScreens, true,
                                                [&](const std::string& settings, bool rightToLeft, bool pad) {
                                                    return everyScreen(settings, rightToLeft, pad);
                                                }),
                         "screens_pairs_words");
}

TEST_F(ScreensTest, the_story_screens_over_every_pair_of_settings_keep_their_words_in_view_and_as_their_golden_says) {
    test::expectAsGolden(wordsOverSettingsPairs(kStoryScreens, false,
                                                [&](const std::string& settings, bool rightToLeft, bool pad) {
                                                    return storyScreens(settings, rightToLeft, pad);
                                                }),
                         "story_screens_pairs_words");
}

// The pause overlay's list in large text, where it scrolls: at every row the
// cursor can reach, going down and coming back up, the mark above (▲) is
// drawn exactly when the first row is out of sight, and the mark below (▼)
// exactly when the last row is.
TEST_F(ScreensTest, the_pause_lists_marks_say_exactly_when_rows_are_out_of_sight_above_or_below) {
    std::ofstream(folder / "user" / "settings.txt", std::ios::binary | std::ios::trunc) << "text_size = 2\n";
    setup.cmd.width = 1280;
    setup.cmd.height = 720;
    std::ofstream(scriptPath, std::ios::binary | std::ios::trunc) << screensScript(false);
    open("pages");
    wait(1);
    press(SDLK_ESCAPE);
    auto has = [](const Frame& f, const std::string& text) {
        return std::any_of(f.words.begin(), f.words.end(), [&](const DrawnText& d) { return d.text == text; });
    };
    int scrolled = 0;
    for (int step = 0; step < 2 * PauseMenu::kRowCount; ++step) {
        const Frame f = grab();
        const std::string at =
            "step " + std::to_string(step) + ", row " + std::to_string(static_cast<int>(game->pauseRow()));
        EXPECT_EQ(has(f, "\u25B2"), !has(f, "Resume")) << at << ": the mark above";
        EXPECT_EQ(has(f, "\u25BC"), !has(f, "Quit")) << at << ": the mark below";
        scrolled += !has(f, "Resume");
        press(step < PauseMenu::kRowCount ? SDLK_DOWN : SDLK_UP);
    }
    EXPECT_GT(scrolled, 2) << "large text never scrolled the list: the test tries nothing";
}

// A player's tour of every panel and every key that changes what is on
// screen, by the words each step leaves there: the hint bar after F2 and F3,
// the inspector, the editor overlay, a paused and a slowed scene, each pause
// row moved right and left (its label and value, and the page behind it), the
// save and load screens and a quick save's notice, plain and in high contrast,
// against tests/golden/tour_words.txt. A label, a value's wording, a key that
// moves another row or a colour gone astray is a change there.
TEST_F(ScreensTest, a_tour_of_every_key_and_pause_row_leaves_the_words_its_golden_says) {
    using Row = PauseMenu::Row;
    // Rows that act rather than change a setting, and self-voicing, which would
    // start the system's synthesiser (each has its own tests).
    const std::set<Row> passedOver = {Row::Resume,  Row::Fullscreen, Row::SelfVoicing, Row::SaveLoad,
                                      Row::History, Row::SceneMenu,  Row::Quit};
    std::string words;
    for (const auto& [look, settings] :
         {std::pair<const char*, const char*>{"plain", ""}, {"high contrast", "high_contrast = true\n"}}) {
        std::ofstream(folder / "user" / "settings.txt", std::ios::binary | std::ios::trunc) << settings;
        fs::remove_all(folder / "user" / "saves");
        setup.cmd.width = 1280;
        setup.cmd.height = 720;
        std::ofstream(scriptPath, std::ios::binary | std::ios::trunc) << screensScript(false);
        open("pages");
        wait(1);
        const bool highContrast = std::string(look) == "high contrast";
        auto step = [&](const std::string& name) {
            Frame shot = grab();
            words += "== " + std::string(look) + ": " + name + "\n" + wordsOf(shot);
            if (highContrast)
                for (const std::string& word : wordsOffTheBlack(shot))
                    ADD_FAILURE() << name << ": '" << word << "' is high contrast's colour off its black";
        };
        step("a page");
        for (const auto& [key, name] :
             std::vector<std::pair<SDL_Keycode, const char*>>{{SDLK_F2, "F2: auto on"},
                                                              {SDLK_F2, "F2: auto off"},
                                                              {SDLK_F3, "F3: fast"},
                                                              {SDLK_F3, "F3: instant"},
                                                              {SDLK_F3, "F3: slow"},
                                                              {SDLK_F3, "F3: normal"},
                                                              {SDLK_F1, "F1: the inspector"},
                                                              {SDLK_F1, "F1: closed"},
                                                              {SDLK_F4, "F4: the editor overlay"},
                                                              {SDLK_F4, "F4: closed"},
                                                              {SDLK_p, "P: paused"},
                                                              {SDLK_LEFTBRACKET, "[: half speed"},
                                                              {SDLK_RIGHTBRACKET, "]: full speed"},
                                                              {SDLK_p, "P: going on"}}) {
            press(key);
            step(name);
        }
        press(SDLK_ESCAPE);
        step("pause");
        for (int i = 0; i < PauseMenu::kRowCount && game->pauseRow() != Row::Quit; ++i, press(SDLK_DOWN)) {
            const Row row = game->pauseRow();
            if (passedOver.count(row)) continue;
            const std::string name = "pause row " + std::to_string(static_cast<int>(row));
            press(SDLK_RIGHT);
            step(name + " right");
            press(SDLK_LEFT);
            press(SDLK_LEFT);
            step(name + " left");
            press(SDLK_RIGHT);
        }
        press(SDLK_ESCAPE);
        press(SDLK_F6);
        step("F6: save screen");
        press(SDLK_ESCAPE);
        press(SDLK_F7);
        step("F7: load screen");
        press(SDLK_ESCAPE);
        press(SDLK_F5);
        step("F5: quick save");
    }
    test::expectAsGolden(words, "tour_words");
}
