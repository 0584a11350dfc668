// What outlives a playthrough (story.json, app/window/StoryMemory.h): what is
// kept comes back whatever it holds, a damaged or newer file loses nothing, and
// the values a chapter began with come back through a saved run's text form.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "TestSupport.h"
#include "app/run/RunSetup.h"
#include "app/run/Simulation.h"
#include "app/window/StoryMemory.h"
#include "game/InputLog.h"
#include "platform/Portable.h"

using namespace stagehand;

namespace {

std::string fileText(const std::string& path) {
    std::ifstream in(pathFromUtf8(path), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string freshPath(const std::string& name) {
    std::string path = test::writeScript(name, "");
    std::filesystem::remove(pathFromUtf8(path));
    std::filesystem::remove(pathFromUtf8(path + ".damaged"));
    return path;
}

bool same(const ScriptValue& a, const ScriptValue& b) {
    return a.type == b.type && a.boolean == b.boolean && a.number == b.number && a.string == b.string;
}

void expectSameValues(const StoryMemory::Values& a, const StoryMemory::Values& b, const std::string& where) {
    ASSERT_EQ(a.size(), b.size()) << where;
    for (const auto& [name, value] : a) {
        ASSERT_TRUE(b.count(name)) << where << ": " << name;
        EXPECT_TRUE(same(value, b.at(name))) << where << ": " << name;
    }
}

// Names and values of every kind a script may keep: quotes, "=", non-ASCII
// text, numbers tiny, huge, negative and fractional.
ScriptValue randomValue(std::mt19937& rng) {
    static const std::vector<std::string> words = {
        "", "lamp", "a \"quoted\" word", "x=y", "caf\u00e9", "\u706f\u53f0", "tab\there", "12abc", "-", " "};
    static const std::vector<double> numbers = {0, -1, 0.1, 1e-300, 1e300, 42, -2.5e-7, 3.141592653589793};
    switch (rng() % 3) {
        case 0: return ScriptValue::of(rng() % 2 == 0);
        case 1: return ScriptValue::of(numbers[rng() % numbers.size()] * (1 + static_cast<double>(rng() % 1000) / 7));
        default: return ScriptValue::of("s" + words[rng() % words.size()] + std::to_string(rng() % 3));
    }
}

StoryMemory::Values randomValues(std::mt19937& rng) {
    StoryMemory::Values values;
    for (int i = 0, n = static_cast<int>(rng() % 6); i < n; ++i)
        values["name" + std::to_string(rng() % 10) + (rng() % 4 == 0 ? " \u00e9" : "")] = randomValue(rng);
    return values;
}

}  // namespace

TEST(StoryMemory, over_generated_memories_what_is_kept_comes_back) {
    for (unsigned seed = 1; seed <= 60; ++seed) {
        std::mt19937 rng(seed);
        const std::string where = "seed " + std::to_string(seed);
        const std::string path = freshPath("story_round_trip.json");
        StoryMemory kept;
        std::vector<std::string> chapters, endings;
        for (int i = 0, n = static_cast<int>(rng() % 5); i < n; ++i) {
            chapters.push_back("chapter " + std::to_string(rng() % 7));
            kept.noteChapter(chapters.back(), randomValues(rng));
        }
        for (int i = 0, n = static_cast<int>(rng() % 4); i < n; ++i) {
            endings.push_back("ending " + std::to_string(rng() % 3));
            kept.noteEnding(endings.back());
        }
        StoryMemory::Values persistent = randomValues(rng);
        persistent["always"] = ScriptValue::of(true);  // never empty: an empty table could hide a lost one
        kept.setKept(persistent);
        expectSameValues(kept.kept(), persistent, where + ", kept at once");
        ASSERT_TRUE(kept.save(path)) << where;

        std::string warning;
        StoryMemory back = StoryMemory::load(path, warning);
        EXPECT_TRUE(warning.empty()) << where << ": " << warning;
        for (const auto& chapter : chapters) {
            ASSERT_TRUE(back.reached(chapter)) << where;
            expectSameValues(*kept.flagsAtStartOf(chapter), *back.flagsAtStartOf(chapter), where + ", " + chapter);
        }
        EXPECT_FALSE(back.reached("chapter 99")) << where;
        EXPECT_EQ(back.endings(), kept.endings()) << where << ": the endings, once each, in the order seen";
        expectSameValues(kept.kept(), back.kept(), where + ", persistent");
        std::filesystem::remove(pathFromUtf8(path));
        EXPECT_TRUE(back.save(path)) << where;
        EXPECT_FALSE(std::filesystem::exists(pathFromUtf8(path))) << where << ": nothing changed, nothing written";
    }
}

TEST(StoryMemory, a_chapter_keeps_the_flags_of_the_latest_time_it_was_reached_and_endings_are_kept_once) {
    StoryMemory memory;
    memory.noteChapter("two", {{"n", ScriptValue::of(1.0)}});
    memory.noteChapter("two", {{"n", ScriptValue::of(2.0)}});
    ASSERT_NE(memory.flagsAtStartOf("two"), nullptr);
    EXPECT_EQ(memory.flagsAtStartOf("two")->at("n").number, 2);
    EXPECT_EQ(memory.flagsAtStartOf("one"), nullptr);
    memory.noteEnding("kept");
    memory.noteEnding("told");
    memory.noteEnding("kept");
    memory.noteEnding("");
    EXPECT_EQ(memory.endings(), (std::vector<std::string>{"kept", "told"}));
}

TEST(StoryMemory, a_missing_file_is_an_empty_memory_quietly_and_an_unchanged_one_is_not_written) {
    const std::string path = freshPath("story_missing.json");
    std::string warning;
    StoryMemory memory = StoryMemory::load(path, warning);
    EXPECT_TRUE(warning.empty()) << warning;
    EXPECT_TRUE(memory.endings().empty());
    EXPECT_TRUE(memory.save(path));
    EXPECT_FALSE(std::filesystem::exists(pathFromUtf8(path))) << "nothing to keep: no file";
}

// A damaged file is one line naming it (and the line), the run starts with
// nothing reached, and the file is set aside at the first save, byte for byte.
TEST(StoryMemory, a_damaged_file_is_one_line_and_is_set_aside_never_lost) {
    const std::vector<std::string> damaged = {"{ \"version\": 1,\n  \"chapters\": { \"one\" }\n}\n", "[1, 2]\n",
                                              "{ \"chapters\": {} }\n", "not json at all"};
    for (const auto& text : damaged) {
        const std::string path = freshPath("story_damaged.json");
        std::ofstream(pathFromUtf8(path), std::ios::binary) << text;
        std::string warning;
        StoryMemory memory = StoryMemory::load(path, warning);
        EXPECT_EQ(warning.rfind(path, 0), 0u) << "names the file: " << warning;
        EXPECT_EQ(warning.find('\n'), std::string::npos) << warning;
        EXPECT_NE(warning.find(".damaged"), std::string::npos) << "says where the file goes: " << warning;
        EXPECT_FALSE(memory.reached("one"));
        memory.noteChapter("one", {});
        ASSERT_TRUE(memory.save(path));
        EXPECT_EQ(fileText(path + ".damaged"), text) << "the damaged file, as it was";
        std::string again;
        EXPECT_TRUE(StoryMemory::load(path, again).reached("one")) << again;
        EXPECT_TRUE(again.empty()) << again;
    }
    const std::string lineTwo = freshPath("story_line.json");
    std::ofstream(pathFromUtf8(lineTwo), std::ios::binary) << "{ \"version\": 1,\n  \"chapters\": { \"one\" }\n}\n";
    std::string warning;
    StoryMemory::load(lineTwo, warning);
    EXPECT_EQ(warning.rfind(lineTwo + ":2: not JSON", 0), 0u) << warning;
}

// A file from a newer Stagehand: read as far as this one can, never written over.
TEST(StoryMemory, a_newer_file_is_read_as_far_as_it_can_be_and_never_written_over) {
    const std::string path = freshPath("story_newer.json");
    const std::string text =
        "{ \"version\": 7, \"chapters\": { \"one\": { \"flags\": { \"n\": 3, \"later\": [1] } } },"
        " \"endings\": [\"kept\", 5], \"persistent\": { \"runs\": 2 }, \"gallery\": [\"a\"] }\n";
    std::ofstream(pathFromUtf8(path), std::ios::binary) << text;
    std::string warning;
    StoryMemory memory = StoryMemory::load(path, warning);
    EXPECT_NE(warning.find("newer Stagehand (version 7)"), std::string::npos) << warning;
    ASSERT_TRUE(memory.reached("one"));
    EXPECT_EQ(memory.flagsAtStartOf("one")->size(), 1u) << "the value of a kind it does not know is left out";
    EXPECT_EQ(memory.endings(), std::vector<std::string>{"kept"});
    EXPECT_EQ(memory.kept().at("runs").number, 2);
    memory.noteChapter("two", {});
    EXPECT_TRUE(memory.save(path));
    EXPECT_EQ(fileText(path), text) << "the newer file is left as it was";
}

// A chapter played from the title screen starts with the flags it was reached
// with, through the text a saved run's header holds (RunSetup's reading back).
TEST(StoryMemory, over_generated_values_the_text_form_reads_back_as_the_same_values) {
    for (unsigned seed = 1; seed <= 200; ++seed) {
        std::mt19937 rng(seed);
        StoryMemory::Values values = randomValues(rng);
        // Text that reads as a number or a boolean comes back as one (--flag's rule): not generated here.
        expectSameValues(values, plainValuesFromText(valuesAsText(values)), "seed " + std::to_string(seed));
    }
}

TEST(StoryMemory, what_a_saved_runs_header_cannot_hold_is_left_out_of_the_text_form) {
    StoryMemory::Values values = {{"ok", ScriptValue::of(std::string("fine"))},
                                  {"a=b", ScriptValue::of(true)},
                                  {"two\nlines", ScriptValue::of(1.0)},
                                  {"", ScriptValue::of(1.0)},
                                  {"text", ScriptValue::of(std::string("one\ntwo"))},
                                  {"crlf", ScriptValue::of(std::string("one\r"))}};
    auto text = valuesAsText(values);
    ASSERT_EQ(text.size(), 1u);
    EXPECT_EQ(text[0].first, "ok");
}

// A save and a --replay start the run with the `persistent` it began with (the
// file's header), and the script sees it, apart from `flags`.
TEST(StoryMemory, a_save_and_a_replay_start_with_the_persistent_their_run_began_with) {
    const std::string script =
        test::writeScript("story_memory_persistent.lua",
                          "SCENES = { 'one' }\n"
                          "function one() flags.mine = 1 text('runs ' .. tostring(persistent.runs) "
                          ".. ', flag ' .. tostring(persistent.mine)) end\n");
    InputLog log;
    log.scene = "one";
    log.story = true;
    log.persistent = {{"runs", "4"}};
    std::string text = log.header();
    const std::string replay = test::writeScript("story_memory_persistent.txt", text);
    InputLog parsed;
    std::string error;
    ASSERT_TRUE(InputLog::parse(text, replay, parsed, error)) << error;

    stagehand::Setup base;
    base.dataRoot = test::dataRoot();
    base.scriptPath = script;
    stagehand::Setup saved = withSave(base, parsed);
    stagehand::Setup replayed = base;
    replayed.cmd.replayPath = replay;
    ASSERT_TRUE(readReplay(replayed, error)) << error;
    for (const stagehand::Setup* setup : {&saved, &replayed}) {
        std::vector<std::string> said;
        auto sim = loadSimulation(
            *setup,
            [&said](const TranscriptEvent& e) {
                if (e.name == "text") said.push_back(*e.field("text"));
            },
            true);
        ASSERT_TRUE(sim->startScene("one", error)) << error;
        for (int i = 0; i < 600 && !sim->isSceneOver(); ++i) sim->tick();
        EXPECT_EQ(said, std::vector<std::string>{"runs 4, flag nil"}) << "`flags` is a table of its own";
        EXPECT_EQ(sim->host().persistent().size(), 1u);
    }
}
