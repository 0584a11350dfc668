// The save screen's keys against where its cards are drawn: for every card
// and every arrow (and WASD), the card the selection moves to is the one the
// player sees above, below, before or after it. The cards' places are found
// by pointing the mouse over the screen, as a player would, not read from the
// layout's constants, so a slip in the keys' arithmetic (a row too many, a
// column off) and one in the layout's are each a difference.
#include <gtest/gtest.h>

#include <SDL.h>

#include <algorithm>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "TestSupport.h"
#include "app/run/SaveSlots.h"
#include "app/window/SaveScreen.h"
#include "lang/EngineWords.h"

using namespace stagehand;

namespace {

struct Place {
    float x = 0, y = 0;  // the middle of the card's area the mouse selects it from
};

struct SaveScreenModel : ::testing::Test {
    SaveScreen screen;
    ViewLayout layout = ViewLayout::fit(1280, 720);

    void SetUp() override {
        std::vector<SlotInfo> slots(kSaveSlotCount);
        for (int i = 0; i < kSaveSlotCount; ++i) slots[static_cast<std::size_t>(i)].number = i + 1;
        screen.open(SaveScreen::Mode::Save, slots);
    }
    void key(int k) { screen.handle({InputKind::KeyDown, k}, layout); }
    void pointAt(float x, float y) {
        InputEvent e{InputKind::MouseMove};
        e.x = x, e.y = y;
        screen.handle(e, layout);
    }
    // Each slot's place (1-based), found by moving the mouse over the view every 4 units.
    std::map<int, Place> places() {
        std::map<int, std::vector<std::pair<float, float>>> hits;
        for (float y = 0; y < ViewLayout::kHeight; y += 4)
            for (float x = 0; x < ViewLayout::kWidth; x += 4) {
                select(0);
                pointAt(x, y);
                if (screen.selectedSlot() != 0) hits[screen.selectedSlot()].push_back({x, y});
            }
        std::map<int, Place> out;
        for (const auto& [slot, points] : hits) {
            Place p;
            for (const auto& [x, y] : points) p.x += x, p.y += y;
            p.x /= points.size(), p.y /= points.size();
            out[slot] = p;
        }
        return out;
    }
    // Selects `slot` (1-based; 0 for the tabs) by keys: the tabs are above the first row.
    void select(int slot) {
        for (int i = 0; i < kSaveSlotCount && screen.selectedSlot() != 0; ++i) key(SDLK_UP);
        if (slot == 0) return;
        key(SDLK_DOWN);
        for (int i = 1; i < slot; ++i) key(SDLK_RIGHT);
    }
};

// The card drawn nearest in the direction (dx, dy) from `from`, in its own row or column;
// nothing when there is none that way.
std::optional<int> neighbour(const std::map<int, Place>& at, int from, int dx, int dy) {
    std::optional<int> best;
    float bestDistance = 0;
    const Place& f = at.at(from);
    for (const auto& [slot, p] : at) {
        float along = dx * (p.x - f.x) + dy * (p.y - f.y), across = dx ? std::abs(p.y - f.y) : std::abs(p.x - f.x);
        if (along <= 1 || across > 1) continue;
        if (!best || along < bestDistance) best = slot, bestDistance = along;
    }
    return best;
}

}  // namespace

TEST_F(SaveScreenModel, the_mouse_finds_every_slot_in_rows_read_left_to_right_top_to_bottom) {
    auto at = places();
    ASSERT_EQ(static_cast<int>(at.size()), kSaveSlotCount);
    for (int slot = 2; slot <= kSaveSlotCount; ++slot) {
        const Place &before = at[slot - 1], &p = at[slot];
        EXPECT_TRUE(p.y > before.y + 1 || (std::abs(p.y - before.y) <= 1 && p.x > before.x + 1))
            << "slot " << slot << " is not after slot " << slot - 1 << " in reading order";
    }
}

TEST_F(SaveScreenModel, every_arrow_from_every_card_goes_to_the_card_drawn_that_way) {
    const auto at = places();
    ASSERT_EQ(static_cast<int>(at.size()), kSaveSlotCount);
    struct Arrow {
        std::vector<int> keys;
        int dx, dy;
        const char* name;
    };
    const Arrow arrows[] = {{{SDLK_UP, SDLK_w}, 0, -1, "up"},
                            {{SDLK_DOWN, SDLK_s}, 0, 1, "down"},
                            {{SDLK_LEFT, SDLK_a}, -1, 0, "left"},
                            {{SDLK_RIGHT, SDLK_d}, 1, 0, "right"}};
    for (int from = 1; from <= kSaveSlotCount; ++from)
        for (const Arrow& arrow : arrows)
            for (int k : arrow.keys) {
                select(from);
                ASSERT_EQ(screen.selectedSlot(), from);
                key(k);
                int expected;
                if (auto n = neighbour(at, from, arrow.dx, arrow.dy))
                    expected = *n;
                else if (arrow.dy < 0)
                    expected = 0;  // up from the top row: the Save and Load tabs
                else if (arrow.dy > 0)
                    expected = from;  // down from the bottom row: it stays
                else  // left and right go on through the reading order, round from the last to the first
                    expected = (from - 1 + arrow.dx + kSaveSlotCount) % kSaveSlotCount + 1;
                EXPECT_EQ(screen.selectedSlot(), expected)
                    << arrow.name << " (" << SDL_GetKeyName(k) << ") from slot " << from;
            }
}

TEST_F(SaveScreenModel, on_the_tabs_down_reaches_the_first_card_left_and_right_switch_save_and_load_up_stays) {
    select(0);
    key(SDLK_UP);
    EXPECT_EQ(screen.selectedSlot(), 0);
    EXPECT_EQ(screen.mode(), SaveScreen::Mode::Save);
    key(SDLK_RIGHT);
    EXPECT_EQ(screen.mode(), SaveScreen::Mode::Load);
    key(SDLK_LEFT);
    EXPECT_EQ(screen.mode(), SaveScreen::Mode::Save);
    key(SDLK_TAB);
    EXPECT_EQ(screen.mode(), SaveScreen::Mode::Load);
    EXPECT_EQ(screen.selectedSlot(), 0);
    key(SDLK_DOWN);
    EXPECT_EQ(screen.selectedSlot(), 1);
    key(SDLK_TAB);
    EXPECT_EQ(screen.mode(), SaveScreen::Mode::Save) << "Tab switches from a card too";
    EXPECT_EQ(screen.selectedSlot(), 1) << "and keeps the card";
}

// What the player reads about a card is what the card holds: in every
// language the engine speaks, choosing a damaged card to load says what is
// wrong with that card's file (its problem, not its path), and nothing loads.
TEST_F(SaveScreenModel, in_every_language_a_damaged_card_chosen_to_load_says_its_own_problem) {
    lang::engineWords().setFolder(test::dataRoot() + "/assets/strings");
    std::vector<SlotInfo> slots(kSaveSlotCount);
    for (int i = 0; i < kSaveSlotCount; ++i) {
        SlotInfo& slot = slots[static_cast<std::size_t>(i)];
        slot.number = i + 1;
        slot.state = SlotInfo::State::Damaged;
        slot.path = "saves-folder/slot-0" + std::to_string(i + 1) + ".txt";
        slot.problem = "line " + std::to_string(3 + 7 * i) + ": not a save (problem " + std::to_string(i + 1) + ")";
    }
    std::vector<std::string> languages = {lang::kSourceLanguage};  // and every table shipped beside it
    for (const auto& entry : std::filesystem::directory_iterator(lang::engineWords().folder())) {
        std::string name = entry.path().filename().string();
        if (name.rfind("Engine.", 0) == 0 && name.size() > 11 && name.substr(name.size() - 4) == ".csv")
            languages.push_back(name.substr(7, name.size() - 11));
    }
    ASSERT_GE(languages.size(), 6u) << "English and the five tables";
    for (const std::string& language : languages) {
        std::string error;
        lang::engineWords().setLanguage(language, error);
        ASSERT_EQ(error, "");
        screen.open(SaveScreen::Mode::Load, slots);
        for (const SlotInfo& slot : slots) {
            SCOPED_TRACE(language + ", card " + std::to_string(slot.number));
            select(slot.number);
            ASSERT_EQ(screen.selectedSlot(), slot.number);
            EXPECT_EQ(screen.handle({InputKind::KeyDown, SDLK_RETURN}, layout), SaveScreen::Action::None);
            EXPECT_NE(screen.message().find(slot.problem), std::string::npos) << screen.message();
            EXPECT_EQ(screen.message().find(slot.path), std::string::npos) << screen.message();
        }
    }
    std::string error;
    lang::engineWords().setLanguage(lang::kSourceLanguage, error);
}

// A save's date reads back as the moment it was made: year, month, day, hour
// and minute, in that order, each where a reader of "2026-11-28 09:05" looks.
// Why a save file is damaged is said in the language played: the reasons the
// reader gives (a file that lacks a scene, script or moment; another
// script's) are that language's words, with the other script's name in them,
// and none of their English is left over. (The third, a file the system will
// not open, cannot be made by a test running as root.)
TEST(SaveSlotProblems, in_every_shipped_language_a_damaged_files_reason_is_that_languages) {
    lang::engineWords().setFolder(test::dataRoot() + "/assets/strings");
    const std::filesystem::path folder = test::scratchFolder() / "save_problems";
    std::filesystem::create_directories(folder);
    auto file = [&](const std::string& name, const std::string& text) {
        std::ofstream(folder / name, std::ios::binary) << text;
        return (folder / name).string();
    };
    const std::string script = (folder / "mine.lua").string();
    const std::string incomplete = file("incomplete.txt", "stagehand-input 1\nscene choices\nat 5\n---\n");
    const std::string other =
        file("other.txt", "stagehand-input 1\nscene choices\nscript 10 00\nat 5\nfile other.lua\n---\n");
    for (const std::string code : {"en", "fr", "de", "ar", "ja", "zh"}) {
        SCOPED_TRACE(code);
        std::string error;
        lang::engineWords().setLanguage(code, error);
        ASSERT_EQ(error, "");
        const SlotInfo a = readSaveFile(incomplete, script), b = readSaveFile(other, script);
        EXPECT_EQ(a.state, SlotInfo::State::Damaged);
        EXPECT_EQ(a.problem, lang::word("save.incomplete"));
        EXPECT_EQ(b.state, SlotInfo::State::Damaged);
        EXPECT_EQ(b.problem, lang::word("save.otherScript", {{"file", "other.lua"}}));
        EXPECT_NE(b.problem.find("other.lua"), std::string::npos);
        if (code == "en") continue;
        for (const char* id : {"save.incomplete", "save.otherScript"}) {
            const std::string english = lang::EngineWords().word(id);  // a fresh one speaks English
            ASSERT_NE(lang::word(id), english) << id << " is not translated";
            for (const std::string& problem : {a.problem, b.problem})
                EXPECT_EQ(problem.find(english.substr(0, english.find(" ("))), std::string::npos) << problem;
        }
    }
    std::string error;
    lang::engineWords().setLanguage(lang::kSourceLanguage, error);
}

TEST(SaveDate, the_date_a_save_is_given_reads_back_as_the_local_time_it_was_made) {
    std::time_t before = std::time(nullptr);
    std::string date = dateNow();
    std::time_t after = std::time(nullptr);
    std::tm read{};
    std::istringstream in(date);
    in >> std::get_time(&read, "%Y-%m-%d %H:%M");
    ASSERT_FALSE(in.fail()) << date;
    EXPECT_EQ(date.size(), 16u) << date;
    read.tm_isdst = -1;
    std::time_t readBack = std::mktime(&read);
    EXPECT_LE(readBack, before) << date;
    EXPECT_GT(readBack, after - 60) << date << ": not this minute";
}
