// Behaviours the mutation check (tools/mutation-check.sh, docs/TESTING.md)
// found no other test holding: each test here names the mutations of
// tools/mutations.txt it kills. The command line's limits as they reach the
// script state, the memory cap where it is promised, the watcher's folders,
// and the timeline's nesting and arrows.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "app/author/TimelineReport.h"
#include "app/run/CommandLine.h"
#include "app/run/RunSetup.h"
#include "app/run/ScriptWatcher.h"
#include "script/LuaCompat.h"
#include "script/LuaState.h"

using namespace stagehand;
namespace fs = std::filesystem;

namespace {

// Whether the command line `args` (without the program's name) parses into
// `cmd`; `error` says why not.
bool parses(std::vector<std::string> args, CommandLine& cmd, std::string& error) {
    args.insert(args.begin(), "stagehand");
    std::vector<char*> argv;
    for (auto& arg : args) argv.push_back(arg.data());
    error.clear();
    return parseCommandLine(static_cast<int>(argv.size()), argv.data(), cmd, error);
}

// The command line `args` (without the program's name), parsed; the test
// fails if it does not parse.
CommandLine parsed(std::vector<std::string> args) {
    CommandLine cmd;
    std::string error;
    EXPECT_TRUE(parses(std::move(args), cmd, error)) << error;
    return cmd;
}

// The limits a headless run of that command line gives its script state.
LuaLimits limitsOf(const CommandLine& cmd) {
    Setup setup;
    setup.cmd = cmd;
    return makeOptions(setup, nullptr, true).limits;
}

// A folder of its own under the system's temporary folder, removed at the end.
class TempFolder {
public:
    explicit TempFolder(const std::string& name)
        : path_(fs::temp_directory_path() / ("stagehand_guard_" + std::to_string(std::random_device{}())) / name) {
        fs::create_directories(path_);
    }
    ~TempFolder() {
        std::error_code ignored;
        fs::remove_all(path_.parent_path(), ignored);
    }
    TempFolder(const TempFolder&) = delete;
    TempFolder& operator=(const TempFolder&) = delete;
    const fs::path& path() const { return path_; }

private:
    fs::path path_;
};

// Moves a file's modification time on by a second, as a save in an editor
// would, even where the file system's clock is coarse.
void touchLater(const fs::path& path) {
    fs::last_write_time(path, fs::last_write_time(path) + std::chrono::seconds(1));
}

// A Lua function that allocates a block of exactly `bytes` (its argument) and
// keeps it, so a test can fill the state up to a known total.
int holdBlock(lua_State* L) {
    auto bytes = static_cast<std::size_t>(lua_tonumber(L, 1));
    lua_newuserdata(L, bytes);
    luaL_ref(L, LUA_REGISTRYINDEX);
    return 0;
}

// Calls holdBlock(bytes) in `lua`, protected, as the host calls scripts.
CallResult hold(LuaState& lua, std::size_t bytes) {
    lua_State* L = lua.get();
    lua_pushcfunction(L, holdBlock);
    lua_pushnumber(L, static_cast<lua_Number>(bytes));
    return lua.call(1, 0);
}

constexpr std::size_t kMiB = std::size_t{1} << 20;

// Mechanics events as a headless run records them (see test_timeline.cpp).
TranscriptEvent event(double time, const char* name) {
    TranscriptEvent e;
    e.time = time;
    e.name = name;
    return e;
}

// Process `id` starts at time 0, started by `parent` (0: the host).
TranscriptEvent started(long id, const char* name, long parent) {
    return event(0, "process_start")
        .withNumber("id", static_cast<double>(id))
        .with("process", name)
        .withNumber("parent", static_cast<double>(parent))
        .with("where", "s.lua:1");
}

// Process `id` begins waiting on `signal` at time 0.
TranscriptEvent waitsOn(long id, const char* name, const char* signal) {
    return event(0, "wait")
        .withNumber("id", static_cast<double>(id))
        .with("process", name)
        .with("kind", "signal")
        .with("target", signal)
        .with("where", "s.lua:2");
}

int count(const std::string& text, const std::string& part) {
    int n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

}  // namespace

// ---------------------------------------------------------------------------
// The command line's limits, as the script state gets them.

// Kills default-watchdog-30s: docs/COMMANDS.md promises a 1 s watchdog and 512 MB.
TEST(MutationGuards, a_run_without_limit_options_gets_a_1_s_watchdog_and_512_mb) {
    LuaLimits limits = limitsOf(parsed({"--headless"}));
    EXPECT_EQ(limits.watchdogSeconds, 1.0);
    EXPECT_EQ(limits.memoryBytes, 512 * kMiB);
}

// Kills watchdog-option-ignored, memory-limit-ignored and memory-limit-not-passed-on.
TEST(MutationGuards, watchdog_and_memory_limit_options_reach_the_script_state) {
    LuaLimits limits = limitsOf(parsed({"--headless", "--watchdog", "0.3", "--memory-limit", "48"}));
    EXPECT_EQ(limits.watchdogSeconds, 0.3);
    EXPECT_EQ(limits.memoryBytes, 48 * kMiB);
}

// ---------------------------------------------------------------------------
// The memory cap refuses the allocation that would pass it, not a later one.

// Kills memory-cap-half-again-too-high: 20 MiB twice is 40, over a 32 MiB cap.
TEST(MutationGuards, the_memory_cap_refuses_the_first_allocation_past_it) {
    LuaLimits limits;
    limits.memoryBytes = 32 * kMiB;
    LuaState lua(limits);
    CallResult first = hold(lua, 20 * kMiB);
    ASSERT_TRUE(first.ok) << first.error;
    CallResult second = hold(lua, 20 * kMiB);
    EXPECT_FALSE(second.ok) << "40 MiB held under a 32 MiB cap";
    EXPECT_NE(second.error.find("not enough memory"), std::string::npos) << second.error;
    EXPECT_LE(lua.memoryUsed(), 32 * kMiB);
}

// ---------------------------------------------------------------------------
// Hot reload watches the script, the maps and the images.

// Kills image-edits-not-watched.
TEST(MutationGuards, the_watcher_notices_a_saved_image_and_a_saved_map) {
    TempFolder root("watched");
    fs::create_directories(root.path() / "assets" / "maps");
    fs::create_directories(root.path() / "assets" / "images");
    fs::path script = root.path() / "scene.lua", map = root.path() / "assets" / "maps" / "yard.map",
             image = root.path() / "assets" / "images" / "keeper.png";
    for (const fs::path& file : {script, map, image}) std::ofstream(file, std::ios::binary) << "x";

    ScriptWatcher watcher(script.string(), root.path().string());
    std::string changed;
    EXPECT_FALSE(watcher.poll(0, changed)) << "nothing has changed yet";

    touchLater(image);
    ASSERT_TRUE(watcher.poll(1, changed)) << "a saved portrait reloads the scene";
    EXPECT_EQ(fs::path(changed).filename(), "keeper.png");

    touchLater(map);
    changed.clear();
    ASSERT_TRUE(watcher.poll(2, changed)) << "a saved map reloads the scene";
    EXPECT_EQ(fs::path(changed).filename(), "yard.map");
}

// ---------------------------------------------------------------------------
// The timeline (--timeline): lanes nested under their parent, an arrow to
// every process a signal woke.

// Kills lanes-not-nested: a child's lane comes right under its parent's,
// indented and marked, before a later process that is no child of it.
TEST(MutationGuards, a_timeline_lane_is_nested_under_the_process_that_started_it) {
    std::vector<TranscriptEvent> events = {started(1, "scene", 0), started(2, "chatter", 0), started(3, "walker", 1)};
    std::string html = timelineHtml(events, "nesting");
    auto scene = html.find("data-id=\"1\""), chatter = html.find("data-id=\"2\""), walker = html.find("data-id=\"3\"");
    ASSERT_NE(walker, std::string::npos);
    EXPECT_LT(scene, walker);
    EXPECT_LT(walker, chatter) << "the child's lane comes before the next top-level process";
    EXPECT_NE(html.find("\u2514 walker</text>"), std::string::npos) << "the child's name is marked as nested";
    EXPECT_EQ(html.find("\u2514 chatter"), std::string::npos) << "a top-level process is not";
}

// Kills arrow-to-the-first-woken-only: one signal, three waiters, three arrows.
TEST(MutationGuards, a_signal_that_wakes_several_processes_draws_an_arrow_to_each) {
    std::vector<TranscriptEvent> events = {started(1, "scene", 0),  started(2, "rhea", 1),    started(3, "otto", 1),
                                           started(4, "pell", 1),   waitsOn(2, "rhea", "go"), waitsOn(3, "otto", "go"),
                                           waitsOn(4, "pell", "go")};
    events.push_back(event(2, "signal")
                         .with("signal", "go")
                         .withNumber("sender", 1)
                         .with("sender_name", "scene")
                         .withNumber("woken", 3)
                         .with("woke", "2 3 4"));
    TimelineSummary summary;
    std::string html = timelineHtml(events, "arrows", &summary);
    EXPECT_EQ(summary.arrows, 3);
    EXPECT_EQ(count(html, "class=\"arrow\""), 3);
    for (const char* to : {"2", "3", "4"})
        EXPECT_NE(html.find(std::string("data-signal=\"go\" data-from=\"1\" data-to=\"") + to + "\""),
                  std::string::npos)
            << "no arrow to process " << to;
}

// Every number the command line takes, at and beyond the range its own
// message states: the ends are accepted, and a step past either end, a
// fraction where a whole number is due, a word, NaN and infinity are refused
// in one line naming the option and the value. --choose's items are option
// numbers, from 1.
TEST(CommandLineRanges, every_numeric_option_takes_its_stated_range_and_refuses_past_it_naming_itself) {
    struct Range {
        const char* option;
        double lo, hi;
        bool whole;
    };
    const Range ranges[] = {{"--seconds", 0, 1000000, false},     {"--at", 0, 1000000, false},
                            {"--watchdog", 0.01, 3600, false},    {"--memory-limit", 16, 65536, false},
                            {"--explore-paths", 0, 100000, true}, {"--explore-walks", 0, 100000, true},
                            {"--choose", 1, 1000, true}};
    auto parsesOption = [](const std::string& option, const std::string& value, std::string& error) {
        CommandLine cmd;
        return parses({"--headless", option, value}, cmd, error);
    };
    auto text = [](double v) {
        std::ostringstream out;
        out.precision(17);
        out << v;
        return out.str();
    };
    for (const Range& r : ranges) {
        std::string error;
        for (double ok : {r.lo, r.hi, r.whole ? std::floor((r.lo + r.hi) / 2) : (r.lo + r.hi) / 2})
            EXPECT_TRUE(parsesOption(r.option, text(ok), error)) << r.option << " " << text(ok) << ": " << error;
        const double step = r.whole ? 1 : 0.001;
        std::vector<std::string> refused = {text(r.lo - step), "x", "nan", "inf", "-inf", ""};
        if (std::string(r.option) != "--choose") refused.push_back(text(r.hi + step));  // a list has no top
        if (r.whole) refused.push_back(text(r.lo + 0.5));
        for (const std::string& bad : refused) {
            EXPECT_FALSE(parsesOption(r.option, bad, error)) << r.option << " '" << bad << "' is accepted";
            EXPECT_NE(error.find(r.option), std::string::npos) << r.option << " '" << bad << "': " << error;
        }
    }
    std::string error;
    EXPECT_TRUE(parsesOption("--choose", "2,1,3", error)) << error;
    for (const char* bad : {"2,0", "0,1", "1,,2", "1,-2", "1,2.5"})
        EXPECT_FALSE(parsesOption("--choose", bad, error)) << "--choose " << bad << " is accepted";
}

// --flag NAME=VALUE over generated names and values: the name ends at the
// first '=', and the value keeps everything after it (more '=', spaces,
// another script's letters, nothing at all), flag after flag in order.
TEST(CommandLineRanges, over_generated_flags_each_name_and_value_reads_back_as_written) {
    std::mt19937 random(45);
    const std::vector<std::string> valueParts = {"a",      "=",   "b==c",   " ", "2.5", "true", "\u00e9t\u00e9",
                                                 "\u5149", "x=y", "--flag", ""};
    for (int round = 0; round < 60; ++round) {
        std::vector<std::pair<std::string, std::string>> written;
        std::vector<std::string> args = {"--headless"};
        int count = 1 + static_cast<int>(random() % 4);
        for (int i = 0; i < count; ++i) {
            std::string name = std::string(1, static_cast<char>('a' + random() % 26)) + std::to_string(random() % 100);
            std::string value;
            for (int part = static_cast<int>(random() % 4); part > 0; --part)
                value += valueParts[random() % valueParts.size()];
            written.emplace_back(name, value);
            args.push_back("--flag");
            args.push_back(name + "=" + value);
        }
        CommandLine cmd;
        std::string error;
        ASSERT_TRUE(parses(args, cmd, error)) << error;
        EXPECT_EQ(cmd.flags, written);
    }
}

// Every other way a command line can be wrong: each refused in one line that
// names what to write instead, and each right form beside it accepted.
TEST(CommandLineRanges, every_malformed_command_line_is_refused_in_one_line_naming_the_option) {
    struct Case {
        std::vector<std::string> args;
        const char* named;  // "" when the line is accepted
    };
    const Case cases[] = {
        {{"--seed", "7"}, ""},
        {{"--seed", "-1"}, "--seed"},
        {{"--seed", "1.5"}, "--seed"},
        {{"--seed", "x"}, "--seed"},
        {{"--size", "640x360"}, ""},
        {{"--size", "64x64"}, ""},
        {{"--size", "63x64"}, "--size"},
        {{"--size", "640x63"}, "--size"},
        {{"--size", "640"}, "--size"},
        {{"--size", "wide"}, "--size"},
        {{"--headless", "--scene"}, "--scene"},
        {{"--headless", "--record"}, "--record"},
        {{"--headless", "--audio", "a.wav"}, ""},
        {{"--audio", "a.wav"}, "--audio"},
        {{"--package", "game", "--out", "dist"}, ""},
        {{"--package", "game"}, "--out"},
        {{"--screenshot", "s.png", "--at", "2"}, ""},
        {{"--screenshot", "s.png"}, "--at"},
        {{"one", "two"}, "one game at a time"},
        {{"game", "--script", "x.lua"}, "name the game once"},
        {{"--frobnicate"}, "--frobnicate"},
    };
    for (const Case& c : cases) {
        CommandLine cmd;
        std::string error, line;
        for (const auto& a : c.args) line += a + " ";
        const bool accepted = parses(c.args, cmd, error);
        if (*c.named == '\0') {
            EXPECT_TRUE(accepted) << line << ": " << error;
        } else {
            EXPECT_FALSE(accepted) << line << "is accepted";
            EXPECT_NE(error.find(c.named), std::string::npos) << line << ": " << error;
            EXPECT_EQ(error.find('\n'), std::string::npos) << line << ": one line";
        }
    }
}
