// The engine's own words (lang/EngineWords): every word the screens ask for is
// in the list, every demo language's table holds every word translated and
// current, the words switch with the language of the lines, and a
// right-to-left language's pause overlay reads from the right.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "RenderFixture.h"
#include "TestSupport.h"
#include "app/run/Simulation.h"
#include "app/window/PauseMenu.h"
#include "app/window/PlayerSettings.h"
#include "lang/EngineWords.h"
#include "lang/LineProvider.h"
#include "lang/StringTable.h"
#include "render/OffscreenTarget.h"
#include "render/TextShaper.h"
#include "view/Palette.h"

using namespace stagehand;

namespace {

std::set<std::string> listedIds() {
    std::set<std::string> ids;
    for (const lang::EngineWord& w : lang::engineWordList()) ids.insert(w.id);
    return ids;
}

// The `{name}`s of a text.
std::multiset<std::string> placeholders(const std::string& text) {
    std::multiset<std::string> names;
    static const std::regex tag(R"(\{[a-z]+\})");
    for (std::sregex_iterator it(text.begin(), text.end(), tag), end; it != end; ++it) names.insert(it->str());
    return names;
}

// Restores English and the default folder after a test that switched them.
struct EngineWordsTest : ::testing::Test {
    void SetUp() override { lang::engineWords().setFolder(test::dataRoot() + "/assets/strings"); }
    void TearDown() override {
        std::string error;
        lang::engineWords().setLanguage(lang::kSourceLanguage, error);
    }
};

}  // namespace

TEST_F(EngineWordsTest, every_word_the_engine_asks_for_is_listed_and_every_listed_word_is_asked_for) {
    const std::set<std::string> listed = listedIds();
    EXPECT_EQ(listed.size(), lang::engineWordList().size()) << "an ID listed twice";
    // Every string literal in the code that looks like a word's ID: word("ID"), a choice's name, a ?: of two
    // (but a file's name: "story.json").
    static const std::regex asked(
        R"re("((?:pause|value|menu|story|end|history|save|notice|play|voice|problem)\.(?!json")[A-Za-z]+)")re");
    std::set<std::string> used;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(test::dataRoot() + "/src")) {
        if (entry.path().filename() == "EngineWords.cpp") continue;
        std::ifstream in(entry.path());
        std::stringstream text;
        text << in.rdbuf();
        const std::string source = text.str();
        for (std::sregex_iterator it(source.begin(), source.end(), asked), end; it != end; ++it) {
            used.insert((*it)[1]);
            EXPECT_TRUE(listed.count((*it)[1])) << entry.path().filename() << " asks for " << (*it)[1];
        }
    }
    for (const std::string& id : listed) EXPECT_TRUE(used.count(id)) << id << " is listed but never shown";
}

TEST_F(EngineWordsTest, every_demo_language_has_every_engine_word_translated_and_current) {
    // German is not a demo language: the starter game (--new) offers it.
    for (const std::string code : {"fr", "ar", "ja", "zh", "de"}) {
        lang::StringTable table;
        std::string error;
        ASSERT_TRUE(lang::loadStringTable(lang::engineWords().tablePath(code), code, table, error)) << error;
        EXPECT_EQ(table.rows.size(), lang::engineWordList().size()) << code << ": a row too many or missing";
        for (const lang::EngineWord& w : lang::engineWordList()) {
            const lang::StringRow* row = table.find(w.id);
            ASSERT_NE(row, nullptr) << code << " has no row for " << w.id;
            EXPECT_FALSE(row->text.empty()) << code << ": " << w.id << " is not translated";
            EXPECT_FALSE(lang::isStale(*row, w.source)) << code << ": " << w.id << " was translated from other English";
            // The columns a translator reads beside the text: the English, where it stands, its room.
            EXPECT_FALSE(table.firstFormat) << code;
            EXPECT_EQ(row->source, w.source) << code << ": " << w.id;
            EXPECT_EQ(row->context, w.context) << code << ": " << w.id;
            EXPECT_EQ(row->maxWidth, static_cast<int>(std::lround(w.fit))) << code << ": " << w.id;
            EXPECT_EQ(row->fontSize, static_cast<int>(std::lround(w.fontSize))) << code << ": " << w.id;
            EXPECT_EQ(placeholders(row->text), placeholders(w.source)) << code << ": " << w.id;
            // fr and de share some words with English (Volume, normal, Pause); a word of placeholders
            // and punctuation only ("{label}: {text}") may be the same in any language.
            const std::string bare = std::regex_replace(std::string(w.source), std::regex(R"(\{[a-zA-Z]+\})"), "");
            const bool hasWords =
                std::any_of(bare.begin(), bare.end(), [](unsigned char c) { return std::isalpha(c) != 0; });
            if (code != "fr" && code != "de" && hasWords) {
                EXPECT_NE(row->text, w.source) << code << ": " << w.id << " is still English";
            }
        }
    }
}

namespace {

// Held to its English: what a translation must keep of the source whatever
// the language. The keys printed on keyboards and the controller's buttons
// (a letter, F1..F12, LB, RB) stay as they are, as many times as the English
// names them; named keys (Enter, Esc, Ctrl, Space) may take the language's
// own names. A key stands apart from Latin letters ("Wähle" names no W) but
// may touch other scripts' ("وA", "A："). "D-pad" is a thing, not a key.
std::multiset<std::string> keysNamed(const std::string& text) {
    auto latin = [](char32_t c) { return (c < 0x80 && std::isalpha(static_cast<int>(c))) || (c >= 0xC0 && c < 0x250); };
    const std::u32string chars = shaping::decodeUtf8(text);
    std::multiset<std::string> keys;
    for (std::size_t at = 0; at < chars.size();) {
        std::size_t end = at;
        while (end < chars.size() && latin(chars[end])) ++end;
        while (end < chars.size() && chars[end] >= '0' && chars[end] <= '9') ++end;
        if (end == at) {
            ++at;
            continue;
        }
        std::string word(chars.begin() + static_cast<std::ptrdiff_t>(at),
                         chars.begin() + static_cast<std::ptrdiff_t>(end));
        const bool before = at == 0 || !latin(chars[at - 1]);
        const bool after = end == chars.size() || (!latin(chars[end]) && chars[end] != '-');
        static const std::regex key("F[0-9]{1,2}|LB|RB|[A-Z]");
        if (before && after && std::regex_match(word, key)) keys.insert(word);
        at = end;
    }
    return keys;
}

std::string lowerAscii(std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

}  // namespace

TEST_F(EngineWordsTest, every_translation_keeps_the_keys_its_english_names_and_tells_apart_what_english_does) {
    for (const std::string code : {"fr", "ar", "ja", "zh", "de"}) {
        lang::StringTable table;
        std::string error;
        ASSERT_TRUE(lang::loadStringTable(lang::engineWords().tablePath(code), code, table, error)) << error;
        // Words shown together (one screen: the ID's first part) that differ in English
        // differ in the translation too: a menu with "Continue" and "Load" never reads
        // "Charger" twice. Letter case alone is not a difference ("Load", "load").
        std::map<std::string, std::map<std::string, std::string>> englishOf;  // screen -> text -> English
        for (const lang::EngineWord& w : lang::engineWordList()) {
            const lang::StringRow* row = table.find(w.id);
            ASSERT_NE(row, nullptr) << code << " has no row for " << w.id;
            EXPECT_EQ(keysNamed(row->text), keysNamed(w.source))
                << code << ": " << w.id << " names other keys than its English: \"" << row->text << "\"";
            const std::string id = w.id, screen = id.substr(0, id.find('.'));
            auto [seen, added] = englishOf[screen].emplace(row->text, w.source);
            EXPECT_TRUE(added || lowerAscii(seen->second) == lowerAscii(w.source))
                << code << ": \"" << row->text << "\" translates both \"" << seen->second << "\" and \"" << w.source
                << "\" on the " << screen << " screen";
        }
    }
    // The rule's own reading of a key, on the English.
    EXPECT_EQ(keysNamed("Enter: scene menu      R: play again"), (std::multiset<std::string>{"R"}));
    EXPECT_EQ(keysNamed("D-pad: choose  ·  LB/RB: back  ·  F2: auto"), (std::multiset<std::string>{"LB", "RB", "F2"}));
    EXPECT_EQ(keysNamed("A：次へ  ·  B 長押し"), (std::multiset<std::string>{"A", "B"}));
}

TEST_F(EngineWordsTest, the_engine_words_switch_with_the_language_of_the_lines) {
    lang::LineProvider lines(test::dataRoot() + "/scripts/Demo.lua");
    std::string error;
    EXPECT_EQ(lang::word("pause.resume"), "Resume");
    ASSERT_TRUE(lines.setLanguage("fr", error)) << error;
    EXPECT_EQ(lang::word("pause.resume"), "Reprendre");
    EXPECT_EQ(lang::word("save.slot", {{"number", "3"}}), "l’emplacement 3");
    ASSERT_TRUE(lines.setLanguage("ja", error)) << error;
    EXPECT_EQ(lang::word("end.title"), "おわり");
    ASSERT_TRUE(lines.setLanguage("pseudo", error)) << error;
    EXPECT_EQ(lang::word("end.title").front(), '[') << "pseudo is generated from the English";
    ASSERT_TRUE(lines.setLanguage("en", error)) << error;
    EXPECT_EQ(lang::word("end.title"), "The end");
    EXPECT_EQ(lang::word("save.slot", {{"number", "3"}}), "slot 3");
    EXPECT_EQ(lang::word("no.such.word"), "no.such.word") << "an unknown ID shows as itself";
}

TEST_F(EngineWordsTest, a_table_that_does_not_load_leaves_the_engine_in_english_with_one_line) {
    auto folder = test::scratchFolder() / "engine-words";
    std::filesystem::create_directories(folder);
    std::ofstream(folder / "Engine.fr.csv") << "language,id,text\nfr,pause.resume,Reprendre\n";
    lang::engineWords().setFolder(folder.string());
    std::string error;
    lang::engineWords().setLanguage("fr", error);
    EXPECT_NE(error.find("Engine.fr.csv"), std::string::npos) << error;
    EXPECT_EQ(lang::word("pause.resume"), "Resume");
    std::filesystem::remove_all(folder);
}

namespace {

struct EngineWordsRenderTest : test::RenderFixture<1280, 720> {
    void TearDown() override {
        std::string error;
        lang::engineWords().setLanguage(lang::kSourceLanguage, error);
        test::RenderFixture<1280, 720>::TearDown();
    }
    // The mean x of the selected row's text (Resume: a label, no value), found by the selection bar's rows;
    // `barX`, where the bar stands: at the side the rows start from (the panel is 330 to 950).
    double selectedLabelX(const std::string& code, int barX) {
        lang::engineWords().setFolder(test::dataRoot() + "/assets/strings");
        std::string error;
        lang::engineWords().setLanguage(code, error);
        EXPECT_EQ(error, "");
        OffscreenTarget target(1280, 720);
        ViewLayout layout = ViewLayout::fit(1280, 720);
        PauseMenu menu;
        for (int frame = 0; frame < 2; ++frame) {  // the second frame, as a player sees it
            target.bind();
            glClearColor(0, 0, 0, 1);
            glClear(GL_COLOR_BUFFER_BIT);
            layout.applyViewport();
            menu.draw(*batch, *text, layout, PlayerSettings{}, false);
        }
        auto rgb = target.readRgb();
        auto at = [&](int x, int y) { return &rgb[(static_cast<std::size_t>(y) * 1280 + x) * 3]; };
        // The longest run of accent at x `barX` (the panel's top edge, 3 rows, is accent too).
        int top = -1, bottom = -1, runStart = -1;
        for (int y = 0; y <= 720; ++y) {
            const std::uint8_t* p = y < 720 ? at(barX, y) : nullptr;
            bool accent = p && p[0] == palette::kAccent.r && p[1] == palette::kAccent.g && p[2] == palette::kAccent.b;
            if (accent && runStart < 0) runStart = y;
            if (!accent && runStart >= 0) {
                if (y - 1 - runStart > bottom - top) top = runStart, bottom = y - 1;
                runStart = -1;
            }
        }
        EXPECT_GT(bottom, top) << code << ": no selection bar";
        double sum = 0;
        int count = 0;
        for (int y = top; y <= bottom; ++y)
            for (int x = 360; x < 940; ++x)
                if (at(x, y)[0] > 180) sum += x, ++count;
        EXPECT_GT(count, 20) << code << ": the label is drawn";
        return count ? sum / count : -1;
    }
};

}  // namespace

TEST_F(EngineWordsRenderTest, the_pause_overlays_rows_read_from_the_right_in_arabic_and_from_the_left_in_french) {
    EXPECT_LT(selectedLabelX("fr", 352), 500) << "Reprendre stands at the left, its selection bar before it";
    EXPECT_GT(selectedLabelX("ar", 927), 780) << "متابعة stands at the right, its selection bar before it";
}

// A scene's title and an actor's name from its map are lines like any other:
// extracted with their IDs, translated in the script's tables, shown in the language played.
TEST_F(EngineWordsTest, scene_titles_and_actor_names_are_shown_in_the_language_played) {
    auto titleAndName = [](const std::string& code) {
        auto lines = std::make_shared<lang::LineProvider>(test::dataRoot() + "/scripts/Demo.lua");
        std::string error;
        EXPECT_TRUE(lines->setLanguage(code, error)) << error;
        Simulation::Options options;
        options.dataRoot = test::dataRoot();
        options.scriptPath = test::dataRoot() + "/scripts/Demo.lua";
        options.headless = true;
        options.lines = lines;
        Simulation sim(options);
        std::string title;
        for (const SceneInfo& scene : sim.scenes())
            if (scene.name == "conversation") title = scene.title;
        const Actor* visitor = sim.world().cast().findActor("visitor");
        return std::make_pair(title, visitor ? visitor->displayName : std::string("(no visitor)"));
    };
    EXPECT_EQ(titleAndName("en"),
              std::make_pair(std::string("George and Bob: the missing ladder"), std::string("You")));
    EXPECT_EQ(titleAndName("ja"), std::make_pair(std::string("ジョージとボブ：消えたはしご"), std::string("あなた")));
    EXPECT_EQ(titleAndName("ar").second, "أنت");
    EXPECT_EQ(titleAndName("fr").first, "George et Bob\u00A0: l’échelle disparue");
}

// The fallback, against a model over generated tables: each engine word's row
// is left out, left untranslated (empty text, as --strings merge writes a new
// row) or translated; the word shown is its translation, or its English when
// the row gives none. A table written with the engine's own writer, so its
// quoting is the one a translator's file gets.
TEST_F(EngineWordsTest, over_generated_tables_a_word_shows_its_translation_or_its_english_when_the_row_gives_none) {
    auto folder = test::scratchFolder() / "engine-words-fallback";
    std::filesystem::create_directories(folder);
    lang::engineWords().setFolder(folder.string());
    std::mt19937 random(45);
    for (int round = 0; round < 25; ++round) {
        lang::StringTable table;
        table.language = "fr";
        std::map<std::string, std::string> expected;
        for (const lang::EngineWord& w : lang::engineWordList()) {
            const int kind = static_cast<int>(random() % 3);  // 0 left out, 1 untranslated, 2 translated
            expected[w.id] = w.source;
            if (kind == 0) continue;
            lang::StringRow row;
            row.id = w.id;
            row.source = w.source;
            row.lock = lang::sourceLock(w.source);
            if (kind == 2) row.text = "«" + std::to_string(round) + ", " + w.id + "»";
            if (kind == 2) expected[w.id] = row.text;
            table.rows.push_back(row);
        }
        std::string error;
        ASSERT_TRUE(lang::writeStringTable((folder / "Engine.fr.csv").string(), table, error)) << error;
        lang::engineWords().setLanguage("fr", error);
        ASSERT_EQ(error, "") << "round " << round;
        for (const auto& [id, text] : expected) EXPECT_EQ(lang::word(id), text) << "round " << round << ", " << id;
    }
    std::filesystem::remove_all(folder);
}

// Filling a word's {name}s, against a model over generated translations: a
// translator may name a placeholder once, twice or three times and anywhere
// in the line, and each is filled, whatever the value (empty, with braces,
// longer or shorter than the tag).
TEST_F(EngineWordsTest, over_generated_translations_every_placeholder_named_is_filled_each_time) {
    auto folder = test::scratchFolder() / "engine-words-fill";
    std::filesystem::create_directories(folder);
    lang::engineWords().setFolder(folder.string());
    std::mt19937 random(27);
    const std::vector<std::string> values = {"7", "", "Slot 12", "{x}", "a much longer value than its tag"};
    int filled = 0;
    for (int round = 0; round < 10; ++round) {
        lang::StringTable table;
        table.language = "fr";
        std::map<std::string, std::string> tagOf;
        for (const lang::EngineWord& w : lang::engineWordList()) {
            const auto names = placeholders(w.source);
            if (names.empty()) continue;
            const std::string tag = *names.begin();
            std::string text = "«";
            for (int n = 1 + static_cast<int>(random() % 3); n > 0; --n) text += (random() % 2 ? " " : "") + tag + "·";
            lang::StringRow row;
            row.id = w.id;
            row.source = w.source;
            row.lock = lang::sourceLock(w.source);
            row.text = text;
            table.rows.push_back(row);
            tagOf[w.id] = tag;
        }
        std::string error;
        ASSERT_TRUE(lang::writeStringTable((folder / "Engine.fr.csv").string(), table, error)) << error;
        lang::engineWords().setLanguage("fr", error);
        ASSERT_EQ(error, "") << "round " << round;
        for (const auto& row : table.rows) {
            const std::string& tag = tagOf[row.id];
            const std::string name = tag.substr(1, tag.size() - 2);
            const std::string value = values[random() % values.size()];
            std::string expected;
            for (std::size_t from = 0;;) {
                const std::size_t at = row.text.find(tag, from);
                expected += row.text.substr(from, at == std::string::npos ? std::string::npos : at - from);
                if (at == std::string::npos) break;
                expected += value, from = at + tag.size();
            }
            EXPECT_EQ(lang::word(row.id, {{name.c_str(), value}}), expected)
                << row.id << " with " << tag << "='" << value << "' in '" << row.text << "'";
            ++filled;
        }
    }
    EXPECT_GE(filled, 30) << "too few engine words have a placeholder to try";
    std::filesystem::remove_all(folder);
}
