// The Lua host: protected calls, processes started from C++, error isolation
// and the sandbox.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>

#include "TestSupport.h"
#include "platform/Portable.h"
#include "script/ScriptHost.h"

using namespace stagehand;
using test::Stage;

TEST(ScriptHost, a_process_started_from_cpp_delivers_its_return_values) {
    Stage stage("function add(a, b) wait(0.5) return a + b, 'sum' end");
    bool ended = false;
    ProcessOutcome outcome;
    ASSERT_TRUE(stage.host->startProcess("add", {ScriptValue::of(2.0), ScriptValue::of(3.0)},
                                         [&](const ProcessOutcome& o) { ended = true, outcome = o; }));
    stage.ticks(29);
    EXPECT_FALSE(ended);
    stage.ticks(2);
    ASSERT_TRUE(ended);
    EXPECT_EQ(outcome.status, "done");
    ASSERT_EQ(outcome.results.size(), 2u);
    EXPECT_EQ(outcome.results[0].number, 5);
    EXPECT_EQ(outcome.results[1].string, "sum");
}

TEST(ScriptHost, a_process_that_ends_without_waiting_is_reported_at_once) {
    Stage stage("function answer() return true end");
    bool ended = false;
    stage.host->startProcess("answer", {}, [&](const ProcessOutcome& o) { ended = o.status == "done"; });
    EXPECT_TRUE(ended);
}

TEST(ScriptHost, a_failing_process_reports_its_error_and_the_others_go_on) {
    Stage stage(
        "function breaks() wait(0.1) local t = nil; return t.field end\n"
        "function counts() for i = 1, 3 do wait(0.1) end return 'counted' end\n");
    ProcessOutcome failed, counted;
    stage.host->startProcess("breaks", {}, [&](const ProcessOutcome& o) { failed = o; });
    stage.host->startProcess("counts", {}, [&](const ProcessOutcome& o) { counted = o; });
    stage.ticks(20);
    EXPECT_EQ(failed.status, "failed");
    EXPECT_NE(failed.error.find(":1: attempt to index local 't'"), std::string::npos) << failed.error;
    EXPECT_NE(failed.error.find("stack traceback"), std::string::npos);
    EXPECT_EQ(counted.status, "done");
    EXPECT_EQ(stage.host->errorCount(), 1);
    auto errors = stage.events("error");
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0]->field("where")->find(".lua:1"), std::string::npos);
    EXPECT_NE(stage.world.notices().lastError().find("attempt to index"), std::string::npos);
}

TEST(ScriptHost, an_unknown_function_is_reported_not_thrown) {
    Stage stage("function real() end");
    EXPECT_FALSE(stage.host->startProcess("imaginary", {}, nullptr));
    EXPECT_EQ(stage.host->errorCount(), 1);
}

// require is there, for the game's own modules only: a library's name is refused.
TEST(Sandbox, io_os_debug_and_loaders_are_absent) {
    Stage stage(
        "function probe()\n"
        "  return io == nil, os == nil, debug == nil, load == nil, loadstring == nil, dofile == nil,\n"
        "         not pcall(require, 'string'), loadfile == nil, string.dump == nil, ('').dump == nil,\n"
        "         wakeUpWaitingThreads == nil, setErrorHandler == nil, getfenv == nil, module == nil\n"
        "end\n");
    ProcessOutcome outcome;
    stage.host->startProcess("probe", {}, [&](const ProcessOutcome& o) { outcome = o; });
    ASSERT_EQ(outcome.status, "done");
    ASSERT_EQ(outcome.results.size(), 14u);
    for (std::size_t i = 0; i < outcome.results.size(); ++i)
        EXPECT_TRUE(outcome.results[i].boolean) << "value " << i + 1;
}

// getmetatable("") is a read-only stand-in whose __index is the scene's
// string library: the idiom works, and the host's string metatable (shared by
// every chunk) cannot be changed through it.
TEST(Sandbox, the_string_metatable_is_a_read_only_stand_in) {
    Stage stage(
        "function probe()\n"
        "  local mt = getmetatable('')\n"
        "  local isString = mt.__index == string\n"
        "  local wrote = pcall(function() mt.__index = {} end)\n"
        "  local raw = pcall(function() rawset(mt, '__index', { upper = function() return 'hacked' end }) end)\n"
        "  return type(mt), isString, wrote, ('abc'):upper(), getmetatable(mt)\n"
        "end");
    ProcessOutcome outcome;
    stage.host->startProcess("probe", {}, [&](const ProcessOutcome& o) { outcome = o; });
    ASSERT_EQ(outcome.results.size(), 5u) << outcome.error;
    EXPECT_EQ(outcome.results[0].string, "table");
    EXPECT_TRUE(outcome.results[1].boolean);
    EXPECT_FALSE(outcome.results[2].boolean);     // the write raised
    EXPECT_EQ(outcome.results[3].string, "ABC");  // a rawset on the stand-in changes no string
    EXPECT_EQ(outcome.results[4].string, "read-only");
}

TEST(Sandbox, bytecode_is_refused) {
    Transcript transcript;
    World world(transcript);
    ScriptHost host(world, test::dataRoot(), 1);
    std::string error;
    EXPECT_FALSE(host.loadScript(test::writeScript("compiled.luac", std::string("\x1bLuaQ\0junk", 10)), error));
    EXPECT_NE(error.find("precompiled bytecode is refused"), std::string::npos) << error;
}

TEST(Sandbox, a_syntax_error_names_file_and_line) {
    Transcript transcript;
    World world(transcript);
    ScriptHost host(world, test::dataRoot(), 1);
    std::string error;
    EXPECT_FALSE(host.loadScript(test::writeScript("syntax.lua", "x = 1\ny = = 2\n"), error));
    EXPECT_NE(error.find("syntax.lua:2:"), std::string::npos) << error;
}

TEST(Sandbox, scripts_do_not_share_globals_with_the_host) {
    Stage stage("print = nil\nwaitSeconds = 'broken'\nfunction probe() return type(string.format) end");
    ProcessOutcome outcome;
    stage.host->startProcess("probe", {}, [&](const ProcessOutcome& o) { outcome = o; });
    EXPECT_EQ(outcome.status, "done");
    // The scheduler still works for the host even though the script clobbered its own copy.
    stage.ticks(1);
    EXPECT_EQ(stage.host->errorCount(), 0);
}

TEST(Sandbox, math_random_follows_the_seed_on_every_vm) {
    const char* source = "function draw() return math.random(), math.random(100), math.random(5, 7) end";
    auto drawWith = [&](std::uint64_t seed) {
        Stage stage(source, seed);
        std::vector<double> values;
        stage.host->startProcess("draw", {}, [&](const ProcessOutcome& o) {
            for (const auto& v : o.results) values.push_back(v.number);
        });
        return values;
    };
    auto a = drawWith(1), b = drawWith(1), c = drawWith(2);
    ASSERT_EQ(a.size(), 3u);
    EXPECT_EQ(a, b);
    EXPECT_NE(a, c);
    EXPECT_GE(a[0], 0.0);
    EXPECT_LT(a[0], 1.0);
    EXPECT_GE(a[1], 1.0);
    EXPECT_LE(a[1], 100.0);
    EXPECT_GE(a[2], 5.0);
    EXPECT_LE(a[2], 7.0);
}

TEST(ScriptHost, scenes_come_from_the_SCENES_list_in_order) {
    Stage stage(
        "SCENES = { 'zeta', { name = 'alpha', title = 'The first' } }\nfunction zeta() end\nfunction alpha() end");
    auto scenes = stage.host->scenes();
    ASSERT_EQ(scenes.size(), 2u);
    EXPECT_EQ(scenes[0].name, "zeta");
    EXPECT_EQ(scenes[1].title, "The first");
}

TEST(ScriptHost, without_a_SCENES_list_every_script_function_is_a_scene) {
    Stage stage("function beta() end\nfunction alpha() end\nlocal function hidden() end");
    auto scenes = stage.host->scenes();
    ASSERT_EQ(scenes.size(), 2u);
    EXPECT_EQ(scenes[0].name, "alpha");
    EXPECT_EQ(scenes[1].name, "beta");
}

TEST(ScriptHost, plain_flags_can_be_carried_to_the_next_scene) {
    Stage first("function scene() flags.sawSmudge = true; flags.visits = 2; flags.name = 'Maren'; flags.f = print end");
    first.host->startProcess("scene", {}, nullptr);
    auto carried = first.host->flags();
    EXPECT_EQ(carried.size(), 3u);  // the function is not a plain value
    Stage second("function probe() return flags.sawSmudge, flags.visits, flags.name end");
    second.host->setFlags(carried);
    ProcessOutcome outcome;
    second.host->startProcess("probe", {}, [&](const ProcessOutcome& o) { outcome = o; });
    ASSERT_EQ(outcome.results.size(), 3u);
    EXPECT_TRUE(outcome.results[0].boolean);
    EXPECT_EQ(outcome.results[1].number, 2);
    EXPECT_EQ(outcome.results[2].string, "Maren");
}

TEST(ScriptHost, the_process_report_names_what_each_process_waits_on) {
    Stage stage(
        "function sleeper() wait(5) end\nfunction listener()\n  waitSignal('door')\nend\n"
        "function opener() signal('door') end");
    stage.host->startProcess("sleeper", {}, nullptr);
    stage.host->startProcess("listener", {}, nullptr);
    auto list = stage.host->processes();
    ASSERT_EQ(list.size(), 2u);
    EXPECT_EQ(list[0].name, "sleeper");
    EXPECT_EQ(list[0].waiting, "seconds");
    EXPECT_EQ(list[0].detail, "5");
    EXPECT_EQ(list[1].waiting, "signal");
    EXPECT_EQ(list[1].detail, "door");
    // The inspector's line for each, made by the scheduler, not by matching kinds here.
    EXPECT_EQ(list[0].summary, "seconds 5.0 s");
    EXPECT_EQ(list[1].summary, "signal door");
    EXPECT_NE(list[1].where.find(".lua:3"), std::string::npos) << list[1].where;
    auto stuck = stage.host->findDeadlocks();  // the sleeper can still run: the listener is only suspect
    ASSERT_EQ(stuck.size(), 1u);
    EXPECT_FALSE(stuck[0].certain);
    EXPECT_EQ(stuck[0].waitingOn, "signal door");
}

TEST(ScriptHost, a_wait_on_a_signal_no_line_of_the_script_sends_is_a_certain_hang) {
    // The host gives the scheduler the script's text (scripts/wait/senders.lua).
    Stage stage(
        "function sleeper() wait(5) end\nfunction listener()\n  waitSignal('dore')\nend\n"
        "function opener() signal('door') end");
    stage.host->startProcess("sleeper", {}, nullptr);
    stage.host->startProcess("listener", {}, nullptr);
    auto stuck = stage.host->findDeadlocks();
    ASSERT_EQ(stuck.size(), 1u);
    EXPECT_TRUE(stuck[0].certain) << "the sleeper still runs, but nothing can send it";
    EXPECT_FALSE(stuck[0].nothingRuns);
    EXPECT_EQ(stuck[0].hint, "door");
}

TEST(ScriptHost, error_locations_are_found_after_a_prefix) {
    EXPECT_EQ(errorLocation("scripts/Demo.lua:12: boom"), "scripts/Demo.lua:12");
    EXPECT_EQ(errorLocation("waitUntil predicate failed: scripts/Demo.lua:3: x"), "scripts/Demo.lua:3");
    EXPECT_EQ(errorLocation("no location here"), "?");
}

// The inspector shows where the author's code waits, not the line inside
// the stage library (scripts/stage/stage.lua) where walkTo and dialogue do their waiting.
TEST(ScriptHost, the_process_report_shows_the_authors_line_for_stage_waits) {
    Stage stage("function scene()\n  activate('jackie')\n  walkTo('jackie', 'forest.jackie_stop')\nend");
    stage.host->startProcess("scene", {}, nullptr);
    auto list = stage.host->processes();
    ASSERT_FALSE(list.empty());
    EXPECT_NE(list[0].where.find(".lua:3"), std::string::npos) << list[0].where;
    EXPECT_EQ(list[0].where.find("StageSupport"), std::string::npos) << list[0].where;
    EXPECT_EQ(list[0].where.find("scripts/stage/"), std::string::npos) << list[0].where;
}

// The scheduler's parts (scripts/wait/) are library code to the bindings too:
// a stage call refused inside the scene's pcall, which runs in
// scripts/wait/protected.lua, is blamed on the scene's line. (Given to pcall
// itself, pcall(say, ...), the caller is pcall: no line, as Lua's error(msg, 2).)
TEST(ScriptHost, a_stage_error_inside_the_scenes_pcall_names_the_scenes_line) {
    Stage stage(
        "function scene()\n  local ok, err = pcall(function() say('nobody', 'hello') end)\n  return ok, err\nend");
    ProcessOutcome outcome;
    stage.host->startProcess("scene", {}, [&](const ProcessOutcome& o) { outcome = o; });
    ASSERT_EQ(outcome.results.size(), 2u);
    EXPECT_FALSE(outcome.results[0].boolean);
    const std::string& message = outcome.results[1].string;
    EXPECT_NE(message.find(".lua:2: say:"), std::string::npos) << message;
    EXPECT_EQ(message.find("scripts/wait/"), std::string::npos) << message;
}

// Adding a function scenes can see means documenting it: each one is in the
// LuaLS meta file (editor completion) and in docs/API.md, and nothing is
// documented there that scenes cannot see.
TEST(ScriptHost, every_scene_function_is_in_the_meta_file_and_the_api_doc) {
    Stage stage("");
    const std::set<std::string> standard = {
        "assert", "error",  "ipairs", "next",     "pairs",  "pcall",  "select",       "tonumber",     "tostring",
        "type",   "unpack", "xpcall", "rawequal", "rawget", "rawset", "setmetatable", "getmetatable", "print"};
    auto read = [](const std::string& path) {
        std::ifstream in(test::dataRoot() + "/" + path);
        std::ostringstream text;
        text << in.rdbuf();
        return text.str();
    };
    std::string meta = read("scripts/meta/stagehand.lua"), api = read("docs/API.md");
    std::set<std::string> visible;
    for (const auto& name : stage.host->sceneFunctions()) {
        if (standard.count(name)) continue;
        visible.insert(name);
        EXPECT_NE(meta.find("function " + name + "("), std::string::npos) << name << " is not in the meta file";
        EXPECT_NE(api.find("`" + name + "("), std::string::npos) << name << " is not in docs/API.md";
    }
    // The meta file declares nothing a scene cannot call.
    for (std::size_t at = meta.find("\nfunction "); at != std::string::npos; at = meta.find("\nfunction ", at + 1)) {
        std::size_t begin = at + 10, end = meta.find_first_of("(.:", begin);
        std::string name = meta.substr(begin, end - begin);
        if (meta[end] == '(') {
            EXPECT_TRUE(visible.count(name)) << name << " is documented but scenes cannot see it";
        }
    }
}

TEST(ScriptHost, an_error_names_the_function_the_scene_called_not_the_one_the_library_did) {
    // walkTo and walkToPointAndSignal call the engine's walkToPoint: every
    // path a binding's error takes (a bad argument, an unknown name, a bad
    // point) names what the scene's line wrote.
    const char* const cases[][2] = {
        {"walkTo(12, 'forest.jackie_stop')", "walkTo: actor must be a string"},
        {"walkTo('jackie', 'nowhere')", "walkTo: unknown waypoint 'nowhere'"},
        {"walkTo('jackie', 12)", "walkTo: point must be a waypoint name"},
        {"walkToPointAndSignal('jackie', 'x', 12)", "walkToPointAndSignal: point must be a waypoint name"},
        {"walkToPoint('jackie', 12)", "walkToPoint: point must be a waypoint name"},
    };
    for (const auto& c : cases) {
        Stage stage(std::string("function scene()\n  activate('jackie')\n  ") + c[0] + "\nend");
        stage.host->startProcess("scene", {}, nullptr);
        const std::string& shown = stage.world.notices().lastError();
        EXPECT_NE(shown.find(std::string(".lua:3: ") + c[1]), std::string::npos) << c[0] << " -> " << shown;
    }
}

TEST(ScriptHost, the_inspector_keeps_the_last_errors_traceback_in_the_scenes_frames) {
    Stage stage("local function inner()\n  error('boom')\nend\nfunction scene()\n  inner()\nend");
    stage.host->startProcess("scene", {}, nullptr);
    const std::string& traceback = stage.world.notices().errorTraceback();
    EXPECT_EQ(traceback.rfind(stage.world.notices().lastError() + "\nstack traceback:\n", 0), 0u) << traceback;
    EXPECT_NE(traceback.find(".lua:2: in function 'inner'"), std::string::npos) << traceback;
    EXPECT_NE(traceback.find(".lua:5: in function"), std::string::npos) << traceback;
    EXPECT_EQ(traceback.find("scripts/wait/"), std::string::npos) << "the scheduler's frames are counted, not shown";
    EXPECT_EQ(traceback.find("[C]"), std::string::npos) << traceback;
    EXPECT_NE(traceback.find("frames of the stage library hidden; --traceback-all shows them)"), std::string::npos);
}

// The one reader's facts reach the host's consumers unchanged: the lines
// --strings and --explore read, --check's findings and the hang report, for
// the tricky source spec/scene_source_spec.lua holds the Lua consumers to.
TEST(ScriptHost, every_consumer_reads_the_one_readers_facts_of_a_tricky_source) {
    std::ifstream in(test::dataRoot() + "/tests/scripts/tricky_source.lua", std::ios::binary);
    std::string source((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_FALSE(source.empty());
    // (waiters added after its last line: the lines above keep their numbers)
    Stage stage(source +
                "function sleeper() wait(5) end\n"
                "function waitsForComment() waitSignal('commented-out') end\n"
                "function waitsForPage() waitSignal('page-turned') end\n");
    std::vector<ScriptHost::WrittenLine> lines;
    std::string error;
    ASSERT_TRUE(stage.host->writtenLines(lines, error)) << error;
    std::vector<std::string> seen;
    for (const auto& l : lines)
        seen.push_back(std::to_string(l.line) + " " + l.call + " " + l.owner + "/" + l.top + ": " + l.text);
    EXPECT_EQ(seen, (std::vector<std::string>{
                        "16 say aside/scene: An aside: \"quoted\", A.",
                        "20 dialogue scene/scene: A long\nline.",
                        "22 dialogue scene/scene: Joined line.{#scene.joined}",
                        "24 text scene/scene: A page that sends {signal=page-turned} as it types.",
                        "28 option scene/scene: Left",
                        "29 option scene/scene: Back",
                    }));
    std::vector<std::string> targets;
    for (const auto& finding : stage.host->check())
        if (finding.find("story function") != std::string::npos)
            targets.push_back(finding.substr(finding.find(".lua:") + 5));
    EXPECT_EQ(targets, (std::vector<std::string>{"28: option: no story function named 'left_path'"}));
    // A wait on a name only a comment sends is a certain hang; one a line's markup sends is not.
    for (const char* name : {"sleeper", "waitsForComment", "waitsForPage"})
        ASSERT_TRUE(stage.host->startProcess(name, {}, nullptr));
    auto stuck = stage.host->findDeadlocks();
    std::vector<std::string> certain;
    for (const auto& s : stuck)
        if (s.certain) certain.push_back(s.waitingOn);
    EXPECT_EQ(certain, (std::vector<std::string>{"signal commented-out"}));
}

// How a script's path is shown in every message: as typed, or, for a path
// typed from the root that lies below the current folder, the same file named
// from here (short, the same on both VMs). Never a climb out with "..": that
// names the file by where the shell happens to stand. Over generated paths
// (names with spaces, quotes, dots and other scripts' letters; inside and
// outside the current folder; relative and absolute), the shown path is the
// typed one, or a relative path with no ".." that names the same file.
TEST(ScriptHost, a_shown_path_is_as_typed_or_the_same_file_named_from_the_current_folder) {
    namespace fs = std::filesystem;
    const char* const names[] = {"scenes", "my game", "Tom's", "x.lua", "a..b", "ĉapitro", "灯塔", "-dash", "main.lua"};
    const fs::path here = fs::current_path();
    const fs::path outside[] = {here.parent_path(), here.parent_path().parent_path(), here.root_path() / "elsewhere"};
    std::uint32_t seed = 7;
    auto pick = [&seed](std::size_t n) { return ((seed = seed * 1664525u + 1013904223u) >> 8) % n; };
    for (int k = 0; k < 300; ++k) {
        fs::path tail;
        for (std::size_t depth = 1 + pick(3); depth > 0; --depth) tail /= pathFromUtf8(names[pick(std::size(names))]);
        fs::path typed;
        switch (k % 4) {
            case 0: typed = tail; break;                               // relative, as an author types it
            case 1: typed = here / tail; break;                        // absolute, below here
            case 2: typed = outside[pick(3)] / "other" / tail; break;  // absolute, not below here
            default: typed = fs::path("..") / tail; break;             // relative, climbing: as typed
        }
        const std::string given = utf8Path(typed);
        const std::string shown = ScriptHost::shownPath(given);
        const fs::path shownPath = pathFromUtf8(shown);
        if (shown == given) {
            EXPECT_NE(k % 4, 1) << given << ": a path below here is shown from here";
            continue;
        }
        EXPECT_TRUE(shownPath.is_relative()) << given << " -> " << shown;
        for (const fs::path& part : shownPath) EXPECT_NE(part, "..") << given << " -> " << shown << ": climbs out";
        EXPECT_EQ((here / shownPath).lexically_normal(), fs::absolute(typed).lexically_normal())
            << given << " -> " << shown << ": another file";
    }
}

// Issue 59: a problem on standard error starts with its file (`file:line:
// message`, an editor's quickfix form), or with the program's name when it is
// about no file; a warning puts "warning: " right after the place. Over
// generated paths (folders, a Windows drive, dots, no extension) and messages.
TEST(ProblemLines, start_with_their_file_or_the_programs_name_and_a_warning_says_so_after_the_place) {
    const std::vector<std::string> files = {"scenes.lua",
                                            "game/main.lua",
                                            "C:/games/ferry/main.lua",
                                            "./assets/maps/a.tmj",
                                            "..\\up\\t.csv",
                                            "strings/Game.fr.csv",
                                            "C:\\users\\me\\Local Settings\\Temp\\scenes.lua",
                                            "/home/me/My Games/ferry/main.lua"};
    const std::vector<std::string> places = {"", ":1", ":42", ":1200"};
    const std::vector<std::string> messages = {"attempt to index a nil value", "no picture 'x' (known: a, b)",
                                               "bad lock 'xyz': 8 hex digits", "line 3: a comma?"};
    for (const auto& file : files)
        for (const auto& place : places)
            for (const auto& message : messages) {
                const std::string line = file + place + ": " + message;
                EXPECT_TRUE(startsWithFile(line)) << line;
                EXPECT_EQ(problemLine(line), line);
                EXPECT_EQ(warningLine(line), file + place + ": warning: " + message);
            }
    for (const auto& message : messages) {
        EXPECT_FALSE(startsWithFile(message)) << message;
        EXPECT_EQ(problemLine(message), "stagehand: " + message);
        EXPECT_EQ(warningLine(message), "stagehand: warning: " + message);
    }
    for (const std::string notAFile :
         {"reloaded scenes.lua (edited at 1.00 s)", "cannot switch fullscreen: no", "--seconds 2: stops early",
          "watchdog: ran too long", "cannot load the icon /home/me/icon.png: no such file"})
        EXPECT_EQ(problemLine(notAFile), "stagehand: " + notAFile);
}

// Issue 59: a loop that calls the stage and never waits made a million events
// (a 96 MB transcript) before the clock stopped it. The events it makes are
// the watchdog's too: it stops at the same count on every machine, with its
// line, and the scene's other processes go on.
TEST(ScriptHost, a_loop_that_calls_the_stage_without_waiting_is_stopped_by_the_events_it_made) {
    for (const std::string call : {"print('again')", "banner('again', 1)"}) {
        Stage stage("function flood()\n  while true do " + call +
                    " end\nend\n"
                    "function beat() for i = 1, 3 do wait(0.1) end return 'beat' end\n");
        ProcessOutcome flooded, beat;
        stage.host->startProcess("beat", {}, [&](const ProcessOutcome& o) { beat = o; });
        stage.host->startProcess("flood", {}, [&](const ProcessOutcome& o) { flooded = o; });
        stage.ticks(30);
        EXPECT_EQ(flooded.status, "failed") << call;
        const std::string said =
            ":2: watchdog: made more than " + std::to_string(static_cast<int>(LuaLimits::kEventsPerSecond)) + " events";
        EXPECT_NE(flooded.error.find(said), std::string::npos) << call << ": " << flooded.error;
        const std::size_t budget = static_cast<std::size_t>(LuaLimits::kEventsPerSecond);
        EXPECT_LE(stage.transcript.events().size(), budget + 2000) << call << ": the events stay within the budget";
        EXPECT_EQ(beat.status, "done") << call;
    }
}

// Issue 59: a scene that waits inside pcall hundreds of times behaves as one
// that waits there once: it ends on the same tick as the same waits made
// plainly and leaves no process behind. (Its memory, measured headless over
// 20,000 such waits: 31 MB against 30 plainly.)
TEST(ScriptHost, waiting_inside_pcall_hundreds_of_times_is_as_waiting_plainly) {
    auto ticksToEnd = [](const std::string& body) {
        Stage stage("function scene()\n  for i = 1, 600 do " + body + " end\n  return 'ended'\nend\n");
        bool ended = false;
        stage.host->startProcess("scene", {}, [&](const ProcessOutcome& o) {
            ended = o.status == "done";
            if (!ended) ADD_FAILURE() << o.status << ": " << o.error;
        });
        int ticks = 0;
        for (; !ended && ticks < 60 * 60; ++ticks) stage.ticks(1);
        EXPECT_TRUE(ended) << body;
        EXPECT_EQ(stage.host->liveProcessCount(), 0) << body;
        return ticks;
    };
    const int plain = ticksToEnd("wait(0.05)");
    EXPECT_EQ(ticksToEnd("pcall(function() wait(0.05) end)"), plain);
    EXPECT_EQ(ticksToEnd("pcall(wait, 0.05)"), plain);
}
