// Input record and replay, and hot reload: the same script, seed, flags and
// input give the same run, so a recorded run replays to the same transcript
// and a reloaded scene arrives at the moment that was on screen.
#include <SDL.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>

#include "TestSupport.h"
#include "app/run/CommandLine.h"
#include "app/run/PlaySession.h"
#include "app/run/RunSetup.h"
#include "app/run/SaveRecord.h"
#include "app/run/Simulation.h"
#include "app/window/PlayInput.h"
#include "lang/LineId.h"
#include "lang/StringTable.h"

using namespace stagehand;

namespace {

Simulation::Options playerOptions(std::vector<std::string>& lines, const std::string& script = "") {
    Simulation::Options options;
    options.dataRoot = test::dataRoot();
    options.scriptPath = script.empty() ? options.dataRoot + "/scripts/Demo.lua" : script;
    options.sink = [&lines](const TranscriptEvent& e) { lines.push_back(Transcript::formatText(e)); };
    options.mechanics = false;  // as the window: no process, wait and signal events
    return options;             // not headless: pages and menus wait for the player
}

// Plays the harbour as the window does: keys through PlayInput, once per tick.
void playHarbour(Simulation& sim) {
    PlayInput input;
    auto press = [&](int key) {
        input.handle({InputKind::KeyDown, key}, sim.world(), [](float, float) { return -1; });
    };
    for (int tick = 0; tick < 900; ++tick) {
        if (tick == 130 || tick == 140 || tick == 540 || tick == 550 || tick >= 600) press(SDLK_SPACE);
        if (tick == 580) press(SDLK_1);
        HeldKeys held;
        held.right = tick >= 330 && tick < 530;
        input.applyHeld(held, sim.world());
        sim.tick();
    }
}

void writeFile(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

}  // namespace

// A recording's text format and back (as --record writes and --replay reads),
// over generated logs: every field of every kind of command, and the header's
// scene, seed and language, read back as they were written. (Numbers are
// eighths, which the format prints exactly.)
TEST(Replay, every_recorded_command_reads_back_as_it_was_over_generated_logs) {
    std::mt19937 random(45);
    auto eighths = [&random](int lo, int hi) { return (lo + static_cast<int>(random() % (hi - lo + 1))) / 8.0f; };
    // A field's value over the whole range the reader takes, its ends a third of the time each
    // way: generated values seldom land on an end, where a reader's slip lives.
    auto ranged = [&](int lo, int hi) {
        switch (random() % 3) {
            case 0: return lo / 8.0f;
            case 1: return hi / 8.0f;
            default: return eighths(lo, hi);
        }
    };
    for (int round = 0; round < 20; ++round) {
        InputLog log;
        log.scene = "scene" + std::to_string(random() % 100);
        log.seed = random();
        log.hasSeed = true;
        log.language = std::vector<std::string>{"en", "fr", "ar", "ja", "zh"}[random() % 5];
        // The values the run's `flags` and `persistent` began with, apart: names with spaces, values with "=".
        const std::vector<std::string> values = {"true", "false", "3.5", "a=b", "caf\u00e9 noir", ""};
        for (int k = 0, n = static_cast<int>(random() % 4); k < n; ++k)
            log.flags.emplace_back("flag " + std::to_string(k), values[random() % values.size()]);
        for (int k = 0, n = static_cast<int>(random() % 4); k < n; ++k)
            log.persistent.emplace_back("kept" + std::to_string(k), values[random() % values.size()]);
        std::uint64_t tick = 0;
        for (int k = 0; k < 60; ++k) {
            InputCommand c;
            c.tick = tick += random() % 90;
            c.kind = static_cast<InputCommand::Kind>(random() % 6);
            switch (c.kind) {
                case InputCommand::Kind::Text:
                    c.x = ranged(0, 800000), c.y = random() % 2 ? 1.0f : ranged(1, 80);  // speed 0-100000, wait (0, 10]
                    c.autoAdvance = random() % 2, c.skipping = random() % 2;
                    break;
                case InputCommand::Kind::Move: c.x = ranged(-8, 8), c.y = ranged(-8, 8); break;
                case InputCommand::Kind::Choose: c.number = 1 + static_cast<int>(random() % 9); break;
                case InputCommand::Kind::Hover: c.number = static_cast<int>(random() % 10); break;
                case InputCommand::Kind::Select: c.number = random() % 2 ? 1 : -1; break;
                case InputCommand::Kind::Advance: break;
            }
            log.commands.push_back(c);
        }
        std::string text = log.header();
        for (const auto& c : log.commands) text += InputLog::formatCommand(c) + "\n";
        InputLog back;
        std::string error;
        ASSERT_TRUE(InputLog::parse(text, "recorded.txt", back, error)) << error << "\n" << text;
        EXPECT_EQ(back.scene, log.scene);
        EXPECT_EQ(back.seed, log.seed);
        EXPECT_EQ(back.language, log.language);
        EXPECT_EQ(back.flags, log.flags);
        EXPECT_EQ(back.persistent, log.persistent);
        ASSERT_EQ(back.commands.size(), log.commands.size());
        for (std::size_t i = 0; i < log.commands.size(); ++i) {
            const InputCommand &a = log.commands[i], &b = back.commands[i];
            const std::string line = InputLog::formatCommand(a);
            EXPECT_EQ(b.tick, a.tick) << line;
            EXPECT_EQ(b.kind, a.kind) << line;
            EXPECT_EQ(b.x, a.x) << line;
            EXPECT_EQ(b.y, a.y) << line;
            EXPECT_EQ(b.number, a.number) << line;
            EXPECT_EQ(b.autoAdvance, a.autoAdvance) << line;
            EXPECT_EQ(b.skipping, a.skipping) << line;
        }
    }
}

// Every number a recording's command carries, at each end of the range the
// reader takes and one step past it: the end reads, the step past is an error
// naming the file and the line (docs/REPLAY.md's format).
TEST(Replay, every_commands_numbers_read_at_their_ranges_ends_and_are_refused_one_step_past) {
    const std::vector<std::string> taken = {"text speed=0 auto=0 skip=0",
                                            "text speed=100000 auto=1 skip=1",
                                            "text speed=45 auto=0 skip=0 wait=0.125",
                                            "text speed=45 auto=0 skip=0 wait=10",
                                            "move -1 1",
                                            "move 1 -1",
                                            "choose 1",
                                            "hover 0",
                                            "select -1",
                                            "select +1"};
    const std::vector<std::string> refused = {"text speed=-0.125 auto=0 skip=0",
                                              "text speed=100000.125 auto=0 skip=0",
                                              "text speed=45 auto=0 skip=0 wait=0",
                                              "text speed=45 auto=0 skip=0 wait=10.125",
                                              "move -1.125 0",
                                              "move 0 1.125",
                                              "choose 0",
                                              "hover -1",
                                              "select 0",
                                              "select 2"};
    for (const auto& command : taken) {
        InputLog log;
        std::string error;
        EXPECT_TRUE(InputLog::parse("stagehand-input 1\n---\n7 " + command + "\n", "ends.txt", log, error))
            << command << ": " << error;
        if (log.commands.size() == 1) {
            InputLog back;
            EXPECT_TRUE(InputLog::parse("stagehand-input 1\n---\n" + InputLog::formatCommand(log.commands[0]) + "\n",
                                        "ends.txt", back, error))
                << command << " written again as " << InputLog::formatCommand(log.commands[0]) << ": " << error;
        }
    }
    for (const auto& command : refused) {
        InputLog log;
        std::string error;
        EXPECT_FALSE(InputLog::parse("stagehand-input 1\n---\n7 advance\n8 " + command + "\n", "ends.txt", log, error))
            << command;
        EXPECT_EQ(error.rfind("ends.txt:4: ", 0), 0u) << command << ": " << error;
    }
}

TEST(Replay, a_recorded_run_replays_to_the_same_transcript) {
    std::vector<std::string> recorded, replayed;
    InputLog log;
    {
        Simulation sim(playerOptions(recorded));
        std::string error;
        ASSERT_TRUE(sim.startScene("harbour", error)) << error;
        sim.world().setInputRecorder([&log](const InputCommand& c) { log.commands.push_back(c); });
        playHarbour(sim);
    }
    ASSERT_NE(recorded.back().find("scene_end scene=\"harbour\" status=\"done\""), std::string::npos)
        << recorded.back();

    // Through the text format and back, as --record and --replay do.
    std::string text = log.header();
    for (const auto& c : log.commands) text += InputLog::formatCommand(c) + "\n";
    InputLog parsed;
    std::string error;
    ASSERT_TRUE(InputLog::parse(text, "recorded.txt", parsed, error)) << error;

    Simulation sim(playerOptions(replayed));
    ASSERT_TRUE(sim.startScene("harbour", error)) << error;
    sim.replay(parsed);
    for (int tick = 0; tick < 900; ++tick) sim.tick();
    EXPECT_EQ(recorded, replayed);
}

TEST(Replay, a_malformed_input_file_is_an_error_naming_file_and_line) {
    InputLog log;
    std::string error;
    EXPECT_FALSE(InputLog::parse("stagehand-input 1\n---\n10 advance\n12 jump 3\n", "bad.txt", log, error));
    EXPECT_NE(error.find("bad.txt:4: not a command: '12 jump 3'"), std::string::npos) << error;
    EXPECT_FALSE(InputLog::parse("stagehand-input 1\n---\n10 move nan 0\n", "nan.txt", log, error));
    EXPECT_NE(error.find("nan.txt:3:"), std::string::npos) << error;
    EXPECT_FALSE(InputLog::parse("hello\n", "other.txt", log, error));
    EXPECT_NE(error.find("other.txt:1: not a Stagehand input file"), std::string::npos) << error;
}

// A save while the scene runs: the scene starts again from the new text, is
// brought to the same tick by the input so far, and the new line is there at
// the same simulated time; a version that fails to load changes nothing.
TEST(Reload, an_edited_scene_resumes_at_the_same_moment_and_a_broken_one_keeps_running) {
    std::string path = test::writeScript("reload_scene.lua", "");
    auto version = [&](const std::string& line) {
        writeFile(path, "function scene()\n  activate('jackie')\n  wait(5)\n  say('jackie', '" + line +
                            "', 2)\n  wait(10)\nend\n");
    };
    version("old line");
    std::vector<std::string> lines;
    PlaySession session(playerOptions(lines, path), "", InputLog{});
    std::string error;
    ASSERT_TRUE(session.start("scene", error)) << error;
    for (int tick = 0; tick < 240; ++tick) session.simulation().tick();  // 4 s: the line is still to come

    version("new line");
    lines.clear();
    ASSERT_TRUE(session.reload(error)) << error;
    EXPECT_EQ(session.simulation().ticks(), 240u);
    for (int tick = 0; tick < 120; ++tick) session.simulation().tick();
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines.back(), "   5.00  say actor=\"jackie\" text=\"new line\"");

    writeFile(path, "function scene()\n  wait(\nend\n");  // a syntax error
    EXPECT_FALSE(session.reload(error));
    EXPECT_NE(error.find("reload_scene.lua:3:"), std::string::npos) << error;
    EXPECT_EQ(session.simulation().ticks(), 360u);  // the running version goes on
    session.simulation().tick();
    EXPECT_EQ(session.simulation().ticks(), 361u);
}

// F5 and --load: a save is the input so far, and loading it replays the run
// to the same tick; a save of another version of the script loads when that
// version replays it the same way, and otherwise stops at the last moment that
// matches, saying where (file:line) and why.
TEST(Save, a_save_resumes_at_the_same_moment_and_a_changed_script_says_where_it_diverged) {
    std::string path = test::writeScript("save_scene.lua", "");
    const std::string original =
        "function scene()\n  activate('jackie')\n  say('jackie', 'one', 1)\n  wait(3)\n"
        "  say('jackie', 'two', 1)\n  wait(10)\nend\n";
    writeFile(path, original);
    std::vector<std::string> first, second;
    PlaySession played(playerOptions(first, path), "", InputLog{});
    std::string error, message;
    ASSERT_TRUE(played.start("scene", error)) << error;
    for (int tick = 0; tick < 200; ++tick) played.simulation().tick();
    std::string savePath = test::writeScript("save_scene.save", "");
    ASSERT_TRUE(played.save(savePath, "The scene", error)) << error;

    InputLog save;
    ASSERT_TRUE(PlaySession::readSave(savePath, save, error)) << error;
    EXPECT_EQ(save.at, 200u);
    EXPECT_EQ(save.scene, "scene");
    EXPECT_EQ(save.title, "The scene");
    EXPECT_EQ(save.file, "save_scene.lua");
    ASSERT_FALSE(save.checks.empty()) << "the save records the run's lines and waits";
    ASSERT_TRUE(PlaySession::resolveSave(playerOptions(second, path), save, message, error)) << error;
    EXPECT_EQ(message, "") << "the same script: nothing to say";
    PlaySession loaded(playerOptions(second, path), "", save);
    ASSERT_TRUE(loaded.start(save.scene, error, save.at)) << error;
    EXPECT_EQ(loaded.simulation().ticks(), 200u);
    EXPECT_EQ(first, second);

    // A comment added at the top: the same run, so the save loads at its moment.
    writeFile(path, "-- a note\n" + original);
    ASSERT_TRUE(PlaySession::readSave(savePath, save, error)) << error;
    ASSERT_TRUE(PlaySession::resolveSave(playerOptions(second, path), save, message, error)) << error;
    EXPECT_EQ(save.at, 200u);
    EXPECT_NE(message.find("replays the same way"), std::string::npos) << message;

    // The wait after the first line edited: it diverges there, at its line.
    writeFile(path,
              "function scene()\n  activate('jackie')\n  say('jackie', 'one', 1)\n  wait(2)\n"
              "  say('jackie', 'two', 1)\n  wait(10)\nend\n");
    ASSERT_TRUE(PlaySession::readSave(savePath, save, error)) << error;
    ASSERT_TRUE(PlaySession::resolveSave(playerOptions(second, path), save, message, error)) << error;
    EXPECT_NE(message.find("save_scene.lua:4"), std::string::npos) << message;
    EXPECT_NE(message.find("a wait (seconds 2.000)"), std::string::npos) << message;
    EXPECT_LT(save.at, 200u) << "loaded up to the last moment that matches, not the save's own";
    for (const auto& command : save.commands) EXPECT_LT(command.tick, save.at);

    // A save from an older format (no checks) of another version: refused, as before.
    InputLog bare;
    ASSERT_TRUE(PlaySession::readSave(savePath, bare, error)) << error;
    bare.checks.clear();
    EXPECT_FALSE(PlaySession::resolveSave(playerOptions(second, path), bare, message, error));
    EXPECT_NE(error.find("no longer matches"), std::string::npos) << error;
}

// A save loaded into an edited script stops at the last moment that matches:
// over generated scenes of lines and waits, one line's text changed, the save
// loads at the tick just before the first event that differs between the two
// versions' own transcripts (found here by playing both, not from the save's
// checks), says that moment, and the run loaded shows what the old one did
// up to it.
TEST(Save, over_generated_edits_a_diverged_save_loads_at_the_tick_before_the_first_difference) {
    std::mt19937 random(4516);
    std::string path = test::writeScript("diverge_scene.lua", "");
    struct Event {
        std::uint64_t tick;
        std::string text;
    };
    auto optionsFor = [&](std::vector<Event>* events) {
        Simulation::Options options;
        options.dataRoot = test::dataRoot();
        options.scriptPath = path;
        options.mechanics = false;
        options.sink = [events](const TranscriptEvent& e) {
            if (events)
                events->push_back({static_cast<std::uint64_t>(std::llround(e.time / Simulation::kTickSeconds)),
                                   Transcript::formatText(e)});
        };
        return options;
    };
    auto play = [&](std::uint64_t ticks, std::uint64_t startAt, const InputLog& input) {
        auto events = std::make_unique<std::vector<Event>>();
        auto session = std::make_unique<PlaySession>(optionsFor(events.get()), "", input);
        std::string error;
        EXPECT_TRUE(session->start("scene", error, startAt)) << error;
        while (session->simulation().ticks() < ticks) session->simulation().tick();
        return std::make_pair(std::move(session), std::move(events));
    };
    for (int round = 0; round < 12; ++round) {
        const int lines = 2 + static_cast<int>(random() % 4), changed = static_cast<int>(random() % lines);
        std::vector<int> waits;
        auto script = [&](bool edited) {
            std::string text = "function scene()\n  activate('jackie')\n";
            for (int i = 0; i < lines; ++i)
                text += "  say('jackie', 'line " + std::to_string(i) + (edited && i == changed ? " again" : "") +
                        "', 1)\n  wait(" + std::to_string(waits[static_cast<std::size_t>(i)]) + " / 60)\n";
            return text + "  wait(30)\nend\n";
        };
        for (int i = 0; i < lines; ++i) waits.push_back(1 + static_cast<int>(random() % 200));
        std::uint64_t end = 60;
        for (int w : waits) end += static_cast<std::uint64_t>(w);
        const std::string context =
            "round " + std::to_string(round) + ", line " + std::to_string(changed) + " of " + std::to_string(lines);
        writeFile(path, script(false));
        auto [played, before] = play(end, 0, InputLog{});
        std::string savePath = test::writeScript("diverge_scene.save", ""), error, message;
        ASSERT_TRUE(played->save(savePath, "The scene", error)) << error;

        writeFile(path, script(true));
        auto [fresh, after] = play(end, 0, InputLog{});
        (void)fresh;
        std::size_t same = 0;
        while (same < before->size() && same < after->size() && (*before)[same].text == (*after)[same].text) ++same;
        ASSERT_LT(same, after->size()) << context << ": the edit changes nothing played";
        // A difference at the start leaves nothing that matches: the save loads at the start.
        const std::uint64_t firstDifference = (*after)[same].tick,
                            lastMatch = firstDifference ? firstDifference - 1 : 0;

        InputLog save;
        ASSERT_TRUE(PlaySession::readSave(savePath, save, error)) << error;
        ASSERT_TRUE(PlaySession::resolveSave(optionsFor(nullptr), save, message, error)) << error;
        EXPECT_EQ(save.at, lastMatch) << context << ": " << message;
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "loaded up to %.2f s", lastMatch * Simulation::kTickSeconds);
        EXPECT_NE(message.find(seconds), std::string::npos) << context << ": " << message;
        auto [loaded, shown] = play(save.at, save.at, save);
        EXPECT_EQ(loaded->simulation().ticks(), lastMatch) << context;
        std::vector<std::string> shownText, matchedText;
        for (const Event& e : *shown) shownText.push_back(e.text);
        for (const Event& e : *before)
            if (e.tick <= lastMatch) matchedText.push_back(e.text);
        if (firstDifference > 0) {
            EXPECT_EQ(shownText, matchedText) << context;
        }
    }
}

// Rollback at the session: back one page at a time to the moment each was
// shown, with the stage as it was then; forward along the recorded future;
// the player's own answer there forks the run. Cold (every step replays from
// the start) and warm (the spare runs kept up once a tick, as the window does,
// are swapped in): the same stage either way.
class Rollback : public ::testing::TestWithParam<bool> {};
INSTANTIATE_TEST_SUITE_P(ColdAndWarm, Rollback, ::testing::Values(false, true));

TEST_P(Rollback, back_one_page_at_a_time_forward_again_and_a_new_choice_forks) {
    const bool warm = GetParam();
    // One file per instance: ctest runs the two at once.
    std::string path = test::writeScript(warm ? "rollback_scene_warm.lua" : "rollback_scene_cold.lua",
                                         "function scene()\n  activate('jackie')\n  text('one')\n"
                                         "  setPosition('jackie', {x = 300, y = 200})\n  text('two')\n"
                                         "  option('Left', 'left')\n  option('Right', 'right')\n  menu()\nend\n"
                                         "function left() text('went left') end\n"
                                         "function right() text('went right') end\n");
    std::vector<std::string> lines;
    PlaySession session(playerOptions(lines, path), "", InputLog{});
    std::string error, message;
    ASSERT_TRUE(session.start("scene", error)) << error;
    auto page = [&] {
        const Story& story = session.simulation().world().story();
        return story.currentMenu() ? std::string("(menu)") : story.currentLine() ? story.currentLine()->text : "";
    };
    auto run = [&](int ticks) {
        for (int i = 0; i < ticks; ++i) {
            session.simulation().tick();
            if (warm) session.keepUp();
        }
    };
    auto advance = [&] { session.simulation().world().story().advancePressed(); };
    auto stage = [&] {  // the transcript so far, and where jackie stands
        std::vector<std::string> out;
        for (const auto& e : session.simulation().transcript().events()) out.push_back(Transcript::formatText(e));
        const Actor* jackie = session.simulation().world().cast().findActor("jackie");
        out.push_back(std::to_string(jackie->position.x) + "," + std::to_string(jackie->position.y));
        return out;
    };
    run(30);
    EXPECT_EQ(page(), "one");
    advance(), advance(), run(30);
    ASSERT_EQ(page(), "two");
    auto atTwo = stage();
    advance(), advance(), run(30);
    ASSERT_EQ(page(), "(menu)");
    session.simulation().world().story().chooseMenuOption(0);
    run(30);
    ASSERT_EQ(page(), "went left");
    std::uint64_t furthest = session.simulation().ticks();
    EXPECT_EQ(session.readySpares(), warm ? 4 : 0) << "a spare run at each of the four stops";

    ASSERT_TRUE(session.rollBack(message)) << message;
    EXPECT_EQ(page(), "(menu)");
    EXPECT_EQ(session.readySpares(), warm ? 4 : 1) << "the furthest run is kept as a spare (one stop's spare used)";
    ASSERT_TRUE(session.rollBack(message)) << message;
    EXPECT_EQ(page(), "two");
    // The stage equals the one recorded when "two" was shown, up to that moment.
    auto now = stage();
    ASSERT_LE(now.size(), atTwo.size());
    EXPECT_EQ(now.back(), atTwo.back()) << "jackie stands where she stood";
    for (std::size_t i = 0; i + 1 < now.size(); ++i) EXPECT_EQ(now[i], atTwo[i]);
    ASSERT_TRUE(session.rollBack(message)) << message;
    EXPECT_EQ(page(), "one");
    EXPECT_FALSE(session.rollBack(message)) << "nothing before the first page";
    EXPECT_NE(message.find("first line"), std::string::npos) << message;
    EXPECT_EQ(page(), "one") << "rolling back past the start breaks nothing";

    // Forward: the same future, up to the moment rolled back from.
    ASSERT_TRUE(session.rollForward(message));
    EXPECT_EQ(page(), "two");
    ASSERT_TRUE(session.rollForward(message));
    EXPECT_EQ(page(), "(menu)");
    ASSERT_TRUE(session.rollForward(message));
    EXPECT_EQ(page(), "went left");
    ASSERT_TRUE(session.rollForward(message));
    EXPECT_EQ(session.simulation().ticks(), furthest);
    EXPECT_FALSE(session.rolledBack());
    EXPECT_FALSE(session.rollForward(message)) << "nothing after the newest moment";

    // Back to the menu, choose differently: the run forks, the old future is gone.
    ASSERT_TRUE(session.rollBack(message));
    ASSERT_EQ(page(), "(menu)");
    session.simulation().world().story().chooseMenuOption(1);
    run(30);
    EXPECT_EQ(page(), "went right");
    EXPECT_FALSE(session.rolledBack());
    EXPECT_FALSE(session.rollForward(message)) << "the old future was dropped";
    ASSERT_TRUE(session.rollBack(message));
    ASSERT_TRUE(session.rollForward(message));
    EXPECT_EQ(page(), "went right") << "forward follows the new run";
}

// Rollback far into a scene: a run of 100 pages turned every 2 s by the input,
// an actor walking and a process counting all the while, loaded at tick 9,000
// (2.5 minutes: two whole minutes, kCheckpointTicks, lie behind it).
namespace {

const char* const kLongScene =
    "local counted = 0\n"
    "function long()\n"
    "  activate('jackie')\n"
    "  setPosition('jackie', {x = 200, y = 400})\n"
    "  runProcess(function() while true do counted = counted + 1 wait(0.25) end end)\n"
    "  runProcess(function() while true do walkTo('jackie', {x = 900, y = 400}) "
    "walkTo('jackie', {x = 200, y = 400}) end end)\n"
    "  for n = 1, 100 do text('Line ' .. n .. ', counted ' .. counted .. '.') end\n"
    "end\n";
constexpr std::uint64_t kLoadedAt = 9000;

InputLog pagesTurned() {
    InputLog input;
    InputCommand text;
    text.kind = InputCommand::Kind::Text;
    text.y = 1;
    input.commands.push_back(text);
    for (std::uint64_t tick = 119; tick < kLoadedAt; tick += 120) {
        InputCommand advance;
        advance.tick = tick;
        input.commands.push_back(advance);
    }
    return input;
}

// What the player sees of a run: its transcript, byte for byte, and where jackie stands.
std::vector<std::string> seen(Simulation& sim) {
    std::vector<std::string> out;
    for (const auto& e : sim.transcript().events()) out.push_back(Transcript::formatText(e));
    const Actor* jackie = sim.world().cast().findActor("jackie");
    out.push_back(jackie ? std::to_string(jackie->position.x) + "," + std::to_string(jackie->position.y) : "-");
    return out;
}

// The run a rollback to the tick on screen must equal: the input before that
// tick replayed from a fresh load.
std::vector<std::string> replayedTo(const Simulation::Options& options, const InputLog& input, std::uint64_t tick) {
    InputLog before = input;
    before.commands.clear();
    for (const auto& c : input.commands)
        if (c.tick < tick) before.commands.push_back(c);
    auto run = Simulation::rebuild(options, "long", before, tick);
    return seen(*run);
}

}  // namespace

// The player's own answer after rolling back and forward to the menu, given
// after the moment rolled back from, is recorded once: the run rolled back
// from is kept as a spare, and a spare sent on past that answer replays it
// (seen in Chromium: one tap saved as "710 choose 1" twice).
TEST(Rollback, an_answer_given_after_rolling_back_and_forward_to_the_menu_is_recorded_once) {
    std::string path = test::writeScript("rollback_answer_once.lua",
                                         "function scene()\n  text('one')\n  text('two')\n"
                                         "  option('Left', 'left')\n  option('Right', 'right')\n  menu()\nend\n"
                                         "function left() text('went left') text('and on') end\n"
                                         "function right() text('went right') end\n");
    std::vector<std::string> lines;
    PlaySession session(playerOptions(lines, path), "", InputLog{});
    std::string error, message;
    ASSERT_TRUE(session.start("scene", error)) << error;
    auto run = [&](int ticks) {
        for (int i = 0; i < ticks; ++i) session.simulation().tick(), session.keepUp();
    };
    run(30);
    session.simulation().world().story().advancePressed(), run(30);  // "one" turned
    session.simulation().world().story().advancePressed(), run(30);  // "two" turned: the menu
    ASSERT_TRUE(session.simulation().world().story().currentMenu()) << "the menu is up";
    run(20);  // the moment rolled back from is past the menu's stop
    ASSERT_TRUE(session.rollBack(message)) << message;
    ASSERT_TRUE(session.rollForward(message)) << message;
    ASSERT_TRUE(session.simulation().world().story().currentMenu()) << "forward to the menu";
    ASSERT_TRUE(session.rolledBack()) << "the menu's stop is before the moment rolled back from";
    run(40);  // the answer comes after the moment rolled back from
    ASSERT_TRUE(session.simulation().world().story().chooseMenuOption(0));
    run(60);
    session.simulation().world().story().advancePressed(), run(60);  // "went left" turned: "and on"
    run(600);  // the spares catch up with the stops after the answer
    const std::string savePath = (test::scratchFolder() / "answer_once.txt").string();
    ASSERT_TRUE(session.save(savePath, "answer once", error)) << error;
    InputLog saved;
    ASSERT_TRUE(PlaySession::readSave(savePath, saved, error)) << error;
    int answers = 0;
    for (const InputCommand& c : saved.commands) answers += c.kind == InputCommand::Kind::Choose;
    EXPECT_EQ(answers, 1) << "one answer given";
}

TEST(Rollback, a_load_builds_spares_so_the_first_rollbacks_replay_nothing_and_land_where_a_replay_does) {
    std::vector<std::string> lines;
    auto options = playerOptions(lines, test::writeScript("rollback_load.lua", kLongScene));
    PlaySession session(options, "", pagesTurned());
    std::string error, message;
    ASSERT_TRUE(session.start("long", error, kLoadedAt)) << error;
    EXPECT_EQ(session.readySpares(), PlaySession::kLoadSpares) << "spare runs built during the load, at their stops";
    for (int step = 0; step < PlaySession::kLoadSpares; ++step) {
        ASSERT_TRUE(session.rollBack(message)) << message;
        std::uint64_t at = session.simulation().ticks();
        EXPECT_LT(at, kLoadedAt);
        EXPECT_EQ(session.lastReplayTicks(), 0u) << "step " << step << ": a spare stood at the page";
        EXPECT_EQ(seen(session.simulation()), replayedTo(options, pagesTurned(), at)) << "step " << step;
    }
}

TEST(Rollback, a_rollback_past_the_spares_at_pages_replays_from_a_whole_minute_and_lands_where_a_replay_does) {
    std::vector<std::string> lines;
    auto options = playerOptions(lines, test::writeScript("rollback_deep.lua", kLongScene));
    PlaySession session(options, "", pagesTurned());
    std::string error, message;
    ASSERT_TRUE(session.start("long", error, kLoadedAt)) << error;
    const int everySpare = PlaySession::kSpareRuns + PlaySession::kCheckpointSpares;
    for (int frame = 0; frame < 10000 && session.readySpares() < everySpare; ++frame) session.keepUp();
    ASSERT_EQ(session.readySpares(), everySpare) << "played on: a spare at each of the last pages and at a minute";
    // Back one page at a time with no frame between, past the pages' spares.
    int step = 0;
    while (session.lastReplayTicks() == 0 && step < 40) {
        ASSERT_TRUE(session.rollBack(message)) << message;
        ++step;
    }
    std::uint64_t at = session.simulation().ticks();
    EXPECT_GE(step, PlaySession::kSpareRuns) << "the pages' spares came first";
    std::uint64_t from = at - session.lastReplayTicks();
    EXPECT_GT(from, 0u) << "replayed from a spare, not from a fresh load";
    EXPECT_EQ(from % PlaySession::kCheckpointTicks, 0u) << "the spare at a whole minute: " << from;
    EXPECT_LE(session.lastReplayTicks(), PlaySession::kCheckpointTicks + 240) << "the nearest whole minute";
    EXPECT_EQ(seen(session.simulation()), replayedTo(options, pagesTurned(), at));
}

TEST(Rollback, while_rolled_back_spares_keep_up_behind_the_page_on_screen) {
    std::vector<std::string> lines;
    auto options = playerOptions(lines, test::writeScript("rollback_behind.lua", kLongScene));
    PlaySession session(options, "", pagesTurned());
    std::string error, message;
    ASSERT_TRUE(session.start("long", error, kLoadedAt)) << error;
    for (int step = 0; step < PlaySession::kLoadSpares + 3; ++step) {
        for (int frame = 0; frame < 60; ++frame) session.keepUp();  // a second on each page
        ASSERT_TRUE(session.rollBack(message)) << message;
        EXPECT_EQ(session.lastReplayTicks(), 0u) << "step " << step << ": a spare had come to the page";
    }
    EXPECT_EQ(seen(session.simulation()), replayedTo(options, pagesTurned(), session.simulation().ticks()));
}

TEST(Reload, a_reload_is_one_replay_and_its_spares_come_back_over_the_next_frames) {
    std::vector<std::string> lines;
    std::string path = test::writeScript("rollback_reload.lua", kLongScene);
    auto options = playerOptions(lines, path);
    PlaySession session(options, "", pagesTurned());
    std::string error, message;
    ASSERT_TRUE(session.start("long", error, kLoadedAt)) << error;
    std::string edited = kLongScene;
    edited.replace(edited.find("'Line '"), 7, "'Page '");
    writeFile(path, edited);
    ASSERT_TRUE(session.reload(error)) << error;
    EXPECT_EQ(session.readySpares(), 0) << "the old spares went, and the reload itself built none";
    for (int frame = 0; frame < 10000 && session.readySpares() < PlaySession::kLoadSpares; ++frame) session.keepUp();
    ASSERT_GE(session.readySpares(), PlaySession::kLoadSpares) << "spares of the edited script, kept up by the frames";
    ASSERT_TRUE(session.rollBack(message)) << message;
    EXPECT_EQ(session.lastReplayTicks(), 0u);
    auto now = seen(session.simulation());
    EXPECT_EQ(now, replayedTo(options, pagesTurned(), session.simulation().ticks()));
    EXPECT_NE(now[now.size() - 2].find("Page "), std::string::npos) << now[now.size() - 2];
}

// --- A run remembers its language (issue 43) --------------------------------
// A save and a --record file say the language the run was played in; --load
// and --replay play in it unless --lang names another; the window's load
// switches to it and says so (test_window.cpp); a spare run made in another
// language is never swapped in by a rollback.

namespace {

// A folder with Talk.lua (eight pages, each with an ID) and its French and
// Japanese tables; returns the script's path.
std::string talkInThreeLanguages() {
    auto folder = test::scratchFolder() / "run-language";
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder / "strings");
    std::string script = "function talk()\n";
    std::string fr = std::string(lang::kTableHeader) + "\n", ja = fr;
    for (int page = 1; page <= 8; ++page) {
        std::string english = "Page " + std::to_string(page) + ".", id = "talk." + std::to_string(page);
        script += "    text(\"" + english + "{#" + id + "}\")\n";
        std::string tail = ",text,,,Talk.lua," + std::to_string(page + 1) + "," + lang::sourceLock(english) + ",\n";
        fr += "fr," + id + "," + english + ",Page " + std::to_string(page) + " en français." + tail;
        ja += "ja," + id + "," + english + ",ページ" + std::to_string(page) + "。" + tail;
    }
    writeFile((folder / "Talk.lua").string(), script + "end\n");
    writeFile((folder / "strings" / "Talk.fr.csv").string(), fr);
    writeFile((folder / "strings" / "Talk.ja.csv").string(), ja);
    return (folder / "Talk.lua").string();
}

// The command line's setup (as Main makes it) for `args` after "stagehand".
Setup setupOf(std::vector<std::string> args) {
    args.insert(args.begin(), "stagehand");
    std::vector<char*> argv;
    for (auto& arg : args) argv.push_back(arg.data());
    Setup setup;
    std::string error;
    EXPECT_TRUE(parseCommandLine(static_cast<int>(argv.size()), argv.data(), setup.cmd, error)) << error;
    setup.dataRoot = test::dataRoot();
    EXPECT_TRUE(completeSetup(setup, error)) << error;
    return setup;
}

// A page turned every second from tick 59, after the text command.
InputLog pagesEverySecond(int pages) {
    InputLog input;
    InputCommand text;
    text.kind = InputCommand::Kind::Text;
    text.y = 1;
    input.commands.push_back(text);
    for (int page = 0; page < pages; ++page) {
        InputCommand advance;
        advance.tick = static_cast<std::uint64_t>(59 + 60 * page);
        input.commands.push_back(advance);
    }
    return input;
}

// The last page a run showed.
std::string lastPage(Simulation& sim) {
    std::string page;
    for (const auto& e : sim.transcript().events())
        if (e.name == "text") page = *e.field("text");
    return page;
}

std::string readAll(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

TEST(RunLanguage, an_input_log_says_its_language_and_a_bad_code_is_an_error_at_its_line) {
    InputLog log;
    log.scene = "talk";
    log.language = "fr";
    std::string header = log.header();
    EXPECT_NE(header.find("\nlanguage fr\n"), std::string::npos) << header;
    InputLog back;
    std::string error;
    ASSERT_TRUE(InputLog::parse(header, "r.txt", back, error)) << error;
    EXPECT_EQ(back.language, "fr");
    EXPECT_FALSE(InputLog::parse("stagehand-input 1\nlanguage f r\n---\n", "r.txt", back, error));
    EXPECT_EQ(error.rfind("r.txt:2: language must be a language code", 0), 0u) << error;
    EXPECT_EQ(InputLog{}.header().find("language"), std::string::npos) << "not said when unknown";
}

TEST(RunLanguage, a_save_made_in_french_loads_in_french_after_a_switch_to_japanese_unless_lang_names_another) {
    const std::string script = talkInThreeLanguages();
    stagehand::Setup french = setupOf({"--lang", "fr", "--script", script});
    PlaySession played(makeOptions(french, {}, false), "", InputLog{});
    std::string error;
    ASSERT_TRUE(played.start("talk", error)) << error;
    for (int tick = 0; tick < 200; ++tick) played.simulation().tick();
    ASSERT_EQ(lastPage(played.simulation()), "Page 1 en français.");
    const std::string savePath = (test::scratchFolder() / "run-language.save").string();
    ASSERT_TRUE(played.save(savePath, "Talk", error)) << error;
    InputLog save;
    ASSERT_TRUE(PlaySession::readSave(savePath, save, error)) << error;
    EXPECT_EQ(save.language, "fr") << "the save says the language it was made in";

    // The player switches to Japanese (a game.json or settings language would do the same), then loads.
    stagehand::Setup loaded = setupOf({"--load", savePath, "--script", script});
    EXPECT_EQ(loaded.lines->language(), "fr") << "a save plays in its own language";
    auto run = loadSimulation(loaded, nullptr, true);
    ASSERT_TRUE(run->startScene("talk", error)) << error;
    run->replay(*loaded.input);
    run->fastForwardTo(loaded.resumeAt);
    EXPECT_EQ(lastPage(*run), "Page 1 en français.");

    stagehand::Setup asked = setupOf({"--load", savePath, "--lang", "ja", "--script", script});
    EXPECT_EQ(asked.lines->language(), "ja") << "--lang names the language: it wins, as it does over the scene";
}

TEST(RunLanguage, a_recording_says_its_language_follows_a_switch_and_replays_in_it) {
    const std::string script = talkInThreeLanguages();
    const std::string recordPath = (test::scratchFolder() / "run-language.record").string();
    stagehand::Setup french = setupOf({"--lang", "fr", "--script", script});
    PlaySession session(makeOptions(french, {}, false), recordPath, InputLog{});
    std::string error;
    ASSERT_TRUE(session.start("talk", error)) << error;
    for (int tick = 0; tick < 150; ++tick) session.simulation().tick();
    EXPECT_NE(readAll(recordPath).find("\nlanguage fr\n"), std::string::npos) << readAll(recordPath);
    EXPECT_EQ(session.language(), "fr");

    ASSERT_TRUE(french.lines->setLanguage("ja", error)) << error;  // the Language row: a switch and a reload
    ASSERT_TRUE(session.reload(error)) << error;
    EXPECT_NE(readAll(recordPath).find("\nlanguage ja\n"), std::string::npos) << readAll(recordPath);
    EXPECT_EQ(lastPage(session.simulation()), "ページ1。");

    stagehand::Setup replay = setupOf({"--replay", recordPath, "--script", script});
    EXPECT_EQ(replay.lines->language(), "ja") << "a replay plays in the recording's language";
}

TEST(RunLanguage, a_rollback_never_swaps_in_a_spare_run_made_in_another_language) {
    const std::string script = talkInThreeLanguages();
    stagehand::Setup french = setupOf({"--lang", "fr", "--script", script});
    PlaySession session(makeOptions(french, {}, false), "", pagesEverySecond(6));
    std::string error, message;
    ASSERT_TRUE(session.start("talk", error, 400)) << error;
    ASSERT_GT(session.readySpares(), 0) << "a load builds spares (in French)";
    ASSERT_TRUE(session.rollBack(message)) << message;
    EXPECT_EQ(session.lastReplayTicks(), 0u) << "a spare of the same language is swapped in";
    EXPECT_EQ(lastPage(session.simulation()), "Page 6 en français.");

    // The language changes under the spares (no reload): they were made in French.
    ASSERT_TRUE(french.lines->setLanguage("ja", error)) << error;
    ASSERT_TRUE(session.rollBack(message)) << message;
    EXPECT_GT(session.lastReplayTicks(), 0u) << "no French spare is swapped in: the page is replayed";
    EXPECT_EQ(lastPage(session.simulation()), "ページ5。");
}

// What a save remembers of each moment, to know a script changed under it:
// over generated events of every kind it checks, the same event gives the same
// check, and changing any one field the player sees or the script decides
// (who speaks, what is said, a menu's options, the answer taken, what a wait
// waits on and its kind) gives another. A field left out of the check is an
// edit a save would load through as if nothing had changed.
TEST(Save, over_generated_events_every_field_a_player_sees_changes_the_saves_check) {
    const std::vector<std::pair<std::string, std::vector<std::string>>> kinds = {
        {"line", {"speaker", "text"}}, {"text", {"speaker", "text"}}, {"say", {"actor", "text"}},
        {"menu", {"options"}},         {"choice", {"index", "text"}}, {"wait", {"kind", "target"}},
    };
    std::mt19937 random(45);
    auto word = [&] {
        const char* words[] = {"jackie", "jon", "", "Hello.", "1", "2", "a, b", "ladder\n", "seconds", "signal"};
        return std::string(words[random() % std::size(words)]) + std::to_string(random() % 3);
    };
    for (int round = 0; round < 100; ++round)
        for (const auto& [name, fields] : kinds) {
            TranscriptEvent event;
            event.time = 1.5;
            event.name = name;
            for (const auto& field : fields) event.with(field, word());
            event.with("where", "scene.lua:3");
            auto check = checkOf(event);
            ASSERT_TRUE(check) << name;
            EXPECT_EQ(checkOf(event), check) << name;
            for (std::size_t changed = 0; changed < fields.size(); ++changed) {
                TranscriptEvent edited = event;
                edited.fields.clear();
                for (std::size_t i = 0; i < fields.size(); ++i) {
                    const std::string value = *event.field(fields[i]);
                    edited.with(fields[i], i == changed ? value + "!" : value);
                }
                edited.with("where", "scene.lua:3");
                EXPECT_FALSE(checkOf(edited) == check) << name << "'s " << fields[changed] << " changed";
            }
        }
}

// docs/REPLAY.md: a recording's header gives the scene and seed the command
// line leaves out, and what the command line gives wins. Over every choice of
// giving --scene and --seed or not, with generated values on both sides.
TEST(Replay, the_command_line_wins_over_a_recordings_header_and_the_header_fills_what_it_leaves_out) {
    std::mt19937 random(4515);
    for (int round = 0; round < 16; ++round) {
        InputLog log;
        log.scene = "recorded" + std::to_string(random() % 100);
        log.seed = random() % 100000;
        log.hasSeed = true;
        const std::string path = test::writeScript("replay_header.txt", log.header());
        const bool giveScene = round & 1, giveSeed = round & 2;
        const std::string scene = "given" + std::to_string(random() % 100);
        const std::string seed = std::to_string(100000 + random() % 100000);
        std::vector<std::string> args = {"stagehand", "--headless", "--replay", path};
        if (giveScene) args.insert(args.end(), {"--scene", scene});
        if (giveSeed) args.insert(args.end(), {"--seed", seed});
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        stagehand::Setup setup;
        std::string error;
        ASSERT_TRUE(parseCommandLine(static_cast<int>(argv.size()), argv.data(), setup.cmd, error)) << error;
        ASSERT_TRUE(readReplay(setup, error)) << error;
        EXPECT_EQ(setup.cmd.scene, giveScene ? scene : log.scene) << round;
        EXPECT_EQ(std::to_string(setup.cmd.seed), giveSeed ? seed : std::to_string(log.seed)) << round;
    }
}
