// A game in several files (issue 61): require loads the game's own modules,
// once, from its folder and nowhere else; every error names its own file and
// line; --check, --strings, the load warnings and hot reload read every file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "TestSupport.h"
#include "app/run/PlaySession.h"
#include "app/run/Simulation.h"

using namespace stagehand;
namespace fs = std::filesystem;

namespace {

// A game folder in the test's scratch folder: main.lua, a game.json that adds the demo's maps, and the
// files given (path -> text).
fs::path gameWith(const std::string& main, const std::map<std::string, std::string>& files) {
    const fs::path game = test::scratchFolder() / "game";
    fs::remove_all(game);
    fs::create_directories(game);
    std::ofstream(game / "main.lua", std::ios::binary) << main;
    std::ofstream(game / "game.json", std::ios::binary) << "{ \"engineMaps\": true }\n";  // the demo's cast
    for (const auto& [path, text] : files) {
        fs::create_directories((game / path).parent_path());
        std::ofstream(game / path, std::ios::binary) << text;
    }
    return game;
}

const std::map<std::string, std::string> kModules = {
    {"people.lua",
     "loads = (loads or 0) + 1\nlocal people = {}\n"
     "function people.greet(name) text(name, \"Hello.\") end\nreturn people\n"},
    {"chapters/one.lua",
     "local people = require(\"people\")\nfunction one()\n    activate(\"george\")\n"
     "    people.greet(\"george\")\n    flags.metGeorge = true\nend\n"},
    {"chapters/two.lua", "function two()\n    text(flags.metGeorge and \"Again.\" or \"First time.\")\nend\n"},
};

const char* const kMain = R"(
local people = require("people")
require("chapters.one")
require("chapters.two")
SCENES = { "one", "two" }
sameTable = require("people") == people
)";

struct Game {
    std::vector<TranscriptEvent> events;
    std::unique_ptr<Simulation> sim;
    std::string error;

    explicit Game(const fs::path& folder, bool story = true) {
        Simulation::Options o;
        o.dataRoot = test::dataRoot();
        o.scriptPath = (folder / "main.lua").string();
        o.headless = true;
        o.story = story;
        o.mechanics = false;
        o.sink = [this](const TranscriptEvent& e) { events.push_back(e); };
        try {
            sim = std::make_unique<Simulation>(o);
        } catch (const LoadError& e) {
            error = e.what();
        }
    }
    std::vector<std::string> field(const std::string& name, const std::string& key) const {
        std::vector<std::string> out;
        for (const auto& e : events)
            if (e.name == name && e.field(key)) out.push_back(*e.field(key));
        return out;
    }
};

using Texts = std::vector<std::string>;

}  // namespace

TEST(Modules, a_game_in_three_files_plays_every_chapter_with_what_each_left) {
    Game game(gameWith(kMain, kModules));
    ASSERT_NE(game.sim, nullptr) << game.error;
    std::string error;
    ASSERT_TRUE(game.sim->startScene("one", error)) << error;
    for (int i = 0; i < 60 * 30 && !game.sim->isSceneOver(); ++i) game.sim->tick();
    EXPECT_EQ(game.field("text", "text"), (Texts{"Hello.", "Again."}));
    EXPECT_EQ(game.field("story_end", "chapters"), Texts{"2"});
    EXPECT_EQ(game.sim->host().errorCount(), 0);
    // Each module ran once: three requires of people, one load.
    const auto& modules = game.sim->host().modules();
    ASSERT_EQ(modules.size(), 3u);
    EXPECT_EQ(modules[0].name, "people");
    EXPECT_EQ(modules[1].file, "chapters/one.lua");
}

TEST(Modules, a_module_runs_once_and_every_require_returns_what_it_returned) {
    Game game(gameWith(kMain + std::string("assert(loads == 1, 'loaded ' .. tostring(loads))\nassert(sameTable)\n"),
                       kModules));
    EXPECT_NE(game.sim, nullptr) << game.error;
    // A module that returns nothing runs once too, and require gives true.
    Game silent(
        gameWith("assert(require('quiet') == true)\nassert(require('quiet') == true)\n"
                 "assert(runs == 1, 'ran ' .. tostring(runs))\nSCENES = { 'scene' }\nfunction scene() end\n",
                 {{"quiet.lua", "runs = (runs or 0) + 1\n"}}));
    EXPECT_NE(silent.sim, nullptr) << silent.error;
}

// What require refuses, each in one line at the line that asked, saying why.
TEST(Modules, require_loads_nothing_but_the_games_own_modules_and_says_why_at_the_callers_line) {
    const struct {
        const char* call;
        const char* says;
    } refused[] = {
        {"require('peple')", "main.lua:1: require: no module 'peple' in "},
        {"require('peple')", "(peple.lua) (did you mean 'people'?); its modules: chapters.one, chapters.two, people"},
        {"require('os')", "main.lua:1: require: no module 'os' in "},
        {"require('../secret')", "main.lua:1: require: '../secret' is not a module's name"},
        {"require('/etc/passwd')", "main.lua:1: require: '/etc/passwd' is not a module's name"},
        {"require('chapters/one')", "main.lua:1: require: 'chapters/one' is not a module's name"},
        {"require('main')", "main.lua:1: require: 'main' is the game's main script"},
        {"require(nil)",
         "main.lua:1: require: name must be a module's name, like \"people\" or \"chapters.one\". Was nil"},
        {"require(12)", "main.lua:1: require: name must be a module's name"},
        {"require('1st')", "main.lua:1: require: '1st' is not a module's name"},
        {"require('chapters.2nd')", "main.lua:1: require: 'chapters.2nd' is not a module's name"},
        {"require('people.')", "main.lua:1: require: 'people.' is not a module's name"},
    };
    for (const auto& r : refused) {
        Game game(gameWith(r.call, kModules));
        EXPECT_EQ(game.sim, nullptr) << r.call << " loaded";
        EXPECT_NE(game.error.find(r.says), std::string::npos) << r.call << ": " << game.error;
    }
}

TEST(Modules, errors_in_a_module_name_its_own_file_and_line) {
    auto errorOf = [](const std::map<std::string, std::string>& files) {
        return Game(gameWith("require('a')\nSCENES = { 'scene' }\nfunction scene() broken() end\n", files)).error;
    };
    EXPECT_NE(errorOf({{"a.lua", "local x = 1\nlocal = 2\n"}}).find("a.lua:2:"), std::string::npos) << "a syntax error";
    EXPECT_NE(errorOf({{"a.lua", "local x = 1\n\nerror('no')\n"}}).find("a.lua:3: no"), std::string::npos)
        << "an error at its top level";
    const std::string loop = errorOf({{"a.lua", "require('b')\n"}, {"b.lua", "\nrequire('a')\n"}});
    EXPECT_NE(loop.find("b.lua:2: require: 'a' requires itself (a -> b -> a)"), std::string::npos) << loop;
    // At play time, an error in a module's function names the module.
    Game game(gameWith("require('a')\nSCENES = { 'scene' }\n",
                       {{"a.lua", "function scene()\n    text('one')\n    say('nobody', 'hi', 1)\nend\n"}}));
    ASSERT_NE(game.sim, nullptr) << game.error;
    std::string error;
    game.sim->startScene("scene", error);
    for (int i = 0; i < 600 && !game.sim->isSceneOver(); ++i) game.sim->tick();
    ASSERT_EQ(game.field("error", "message").size(), 1u);
    EXPECT_NE(game.field("error", "message")[0].find("a.lua:3: say: unknown actor 'nobody'"), std::string::npos)
        << game.field("error", "message")[0];
}

TEST(Modules, check_and_the_string_tables_read_every_file_at_its_own_lines) {
    Game game(gameWith(kMain, {{"people.lua",
                                "local p = {}\nfunction p.x() text(\"A line of people.\") end\n"
                                "function p.y() walkTo(\"georgee\", \"porch.bench\") end\nreturn p\n"},
                               {"chapters/one.lua", "function one() text(\"One.\") nextChapter(\"tow\") end\n"},
                               {"chapters/two.lua", "function two() text(\"Two.\") end\n"}}));
    ASSERT_NE(game.sim, nullptr) << game.error;
    const auto findings = game.sim->host().check();
    auto found = [&](const std::string& text) {
        return std::any_of(findings.begin(), findings.end(),
                           [&](const std::string& f) { return f.find(text) != std::string::npos; });
    };
    EXPECT_TRUE(found("people.lua:3: walkTo: unknown actor 'georgee' (did you mean 'george'?)"));
    EXPECT_TRUE(found("one.lua:1: nextChapter: no chapter named 'tow' in SCENES (did you mean 'two'?)"));
    std::vector<ScriptHost::WrittenLine> lines;
    std::string error;
    game.sim->host().writtenLines(lines, error);
    std::map<std::string, std::string> fileOf;
    for (const auto& line : lines) fileOf[line.text] = line.file + ":" + std::to_string(line.line);
    EXPECT_EQ(fileOf["A line of people."], "people.lua:2");
    EXPECT_EQ(fileOf["One."], "chapters/one.lua:1");
    EXPECT_EQ(fileOf["Two."], "chapters/two.lua:1");
}

// Saving a module reloads the game as saving the main script does.
TEST(Modules, saving_a_module_reloads_the_game) {
    const fs::path folder = gameWith(kMain, kModules);
    Simulation::Options o;
    o.dataRoot = test::dataRoot();
    o.scriptPath = (folder / "main.lua").string();
    o.story = true;
    PlaySession session(o, "", InputLog{});
    std::string error;
    ASSERT_TRUE(session.start("one", error)) << error;
    for (int i = 0; i < 30; ++i) session.simulation().tick();
    session.reloadIfChanged(0);
    const std::size_t before = session.simulation().transcript().events().size();
    // A new modification time (file systems keep them coarse): written, then set a second later.
    std::ofstream(folder / "chapters" / "two.lua", std::ios::binary | std::ios::trunc)
        << "function two() text(\"Edited.\") end\n";
    fs::last_write_time(folder / "chapters" / "two.lua",
                        fs::last_write_time(folder / "chapters" / "two.lua") + std::chrono::seconds(2));
    session.reloadIfChanged(1);
    EXPECT_NE(session.simulation().transcript().events().size(), 0u);
    EXPECT_NE(session.simulation().world().notices().notice().find("reloaded"), std::string::npos)
        << "the notice of a reload: " << session.simulation().world().notices().notice() << " (" << before << ")";
}
