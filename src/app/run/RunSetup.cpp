#include "app/run/RunSetup.h"

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "app/run/PlaySession.h"
#include "app/run/UserFolder.h"
#include "game/MapData.h"
#include "lang/EngineWords.h"
#include "platform/Portable.h"

namespace stagehand {

int fail(const std::string& message, int code) {
    std::cerr << problemLine(message) << '\n';
    return code;
}

std::vector<std::string> setupProblems(const Setup& setup) {
    std::vector<std::string> problems = setup.gameProblems;
    if (setup.lines)
        problems.insert(problems.end(), setup.lines->tableProblems().begin(), setup.lines->tableProblems().end());
    return problems;
}

// The setup of a saved run: its scene, seed, flags and input.
Setup withSave(Setup setup, const InputLog& save) {
    setup.cmd.scene = save.scene;
    setup.cmd.seed = save.hasSeed ? save.seed : setup.cmd.seed;
    setup.cmd.flags = save.flags;
    setup.persistent = save.persistent;
    setup.story = save.story;
    setup.input = save;
    setup.resumeAt = save.at;
    return setup;
}

// Where F5 saves and F9 loads: quicksave.txt in the player's folder.
std::string quicksavePath() {
    std::string folder = userFolder();
    return folder.empty() ? "stagehand-quicksave.txt" : joinPath(folder, "quicksave.txt");
}

// Plain values from their text (--flag NAME=VALUE, a saved run's header):
// true and false are booleans, a number is a number and anything else a string.
std::map<std::string, ScriptValue> plainValuesFromText(const std::vector<std::pair<std::string, std::string>>& text) {
    std::map<std::string, ScriptValue> values;
    for (const auto& [name, value] : text) {
        double number = 0;
        if (value == "true" || value == "false")
            values[name] = ScriptValue::of(value == "true");
        else if (parseFiniteNumber(value, number))
            values[name] = ScriptValue::of(number);
        else
            values[name] = ScriptValue::of(value);
    }
    return values;
}

// Headless runs and screenshots have no player: pages turn once typed and
// menus take the --choose answers, so they are deterministic (a replay is a
// player). A screenshot may show a menu: one with no --choose answer left
// stays open. Headless runs count the watchdog's budget in VM instructions,
// so a runaway script is stopped at the same line on every run and machine.
Simulation::Options makeOptions(const Setup& setup, Transcript::Sink sink, bool headless) {
    Simulation::Options options;
    options.dataRoot = setup.dataRoot;
    options.scriptPath = setup.scriptPath;
    options.mapFolders = setup.files ? setup.files->maps().folders()
                                     : mapSearchFolders(setup.cmd.mapFolders, setup.scriptPath, setup.dataRoot);
    options.files = setup.files;
    options.seed = setup.cmd.seed;
    options.sink = std::move(sink);
    options.headless = headless && !setup.input;
    options.choices = setup.cmd.choices;
    options.choicesSource = "--choose";
    options.menusWaitForAnswers = setup.cmd.mode == CommandLine::Mode::Screenshot;
    options.limits.watchdogSeconds = setup.cmd.watchdogSeconds;
    options.limits.deterministic = setup.cmd.mode != CommandLine::Mode::Window;
    options.limits.memoryBytes = static_cast<std::size_t>(setup.cmd.memoryLimitMb * 1024 * 1024);
    options.flags = plainValuesFromText(setup.cmd.flags);
    options.persistent = plainValuesFromText(setup.persistent);
    options.tracebacks = setup.cmd.tracebackAll ? TracebackShown::All
                         : setup.cmd.traceback  ? TracebackShown::Scene
                                                : TracebackShown::None;
    // The window keeps no mechanics: a long session would hold every wait.
    options.mechanics = setup.cmd.mode != CommandLine::Mode::Window;
    options.storyTargetWarnings = setup.cmd.mode != CommandLine::Mode::Check;
    options.lines = setup.lines;
    // Play goes on from chapter to chapter; the author's tools take one scene at a time.
    using Mode = CommandLine::Mode;
    const Mode mode = setup.cmd.mode;
    options.story = setup.story && (mode == Mode::Window || mode == Mode::Headless || mode == Mode::Screenshot ||
                                    mode == Mode::Timeline);
    return options;
}

std::unique_ptr<Simulation> loadSimulation(const Setup& setup, Transcript::Sink sink, bool headless) {
    return std::make_unique<Simulation>(makeOptions(setup, std::move(sink), headless));
}

// --replay FILE: its header gives the scene, seed and flags the command line
// leaves out. Returns false with a "FILE:LINE: ..." error.
// A replay or a save plays in the language it was made in (its `language`
// line) unless --lang names one; a language the game no longer has is one
// line on stderr, and the run plays in the one chosen.
void takeLanguageOf(Setup& setup, const InputLog& log, const std::string& file) {
    if (log.language.empty() || !setup.cmd.language.empty() || !setup.lines || log.language == setup.lines->language())
        return;
    std::string error;
    if (!setup.lines->setLanguage(log.language, error))
        std::cerr << file << ": made in '" << log.language << "': " << error << "; it plays in "
                  << setup.lines->language() << '\n';
}

bool readReplay(Setup& setup, std::string& error) {
    if (setup.cmd.replayPath.empty()) return true;
    std::ifstream in(pathFromUtf8(setup.cmd.replayPath), std::ios::binary);
    if (!in) {
        error = "cannot open " + setup.cmd.replayPath;
        return false;
    }
    std::ostringstream text;
    text << in.rdbuf();
    InputLog log;
    if (!InputLog::parse(text.str(), setup.cmd.replayPath, log, error)) return false;
    if (setup.cmd.scene.empty()) {
        setup.cmd.scene = log.scene;
        setup.story = log.story || log.scene.empty();
    }
    if (!setup.cmd.seedGiven && log.hasSeed) setup.cmd.seed = log.seed;
    setup.cmd.flags.insert(setup.cmd.flags.begin(), log.flags.begin(), log.flags.end());
    setup.persistent = log.persistent;
    takeLanguageOf(setup, log, setup.cmd.replayPath);
    setup.input = std::move(log);
    return true;
}

// --lang: one of the script's known languages (exit 2 listing them
// otherwise); a table that does not load is one line, and the source is played.
bool chooseLanguage(Setup& setup, std::string& error) {
    lang::engineWords().setFolder(joinPath(setup.dataRoot, "assets/strings"));
    setup.lines = std::make_shared<lang::LineProvider>(setup.scriptPath);
    // --strings merge --lang CODE names the table to write, which may not exist yet.
    if (setup.cmd.mode == CommandLine::Mode::Strings) return true;
    // game.json's language when --lang names none (the window's player may choose another).
    if (setup.cmd.language.empty() && !setup.game.language.empty()) {
        if (setup.lines->setLanguage(setup.game.language, error)) return true;
        error = joinPath(gameFolderOf(setup.scriptPath), kDescriptionName) + ": \"language\": " + error;
        return false;
    }
    if (setup.cmd.language.empty()) return true;
    return setup.lines->setLanguage(setup.cmd.language, error);
}

// game.json's font and bold font as files, found as every font is (the game's fonts/, then assets/fonts).
void findFonts(Setup& setup) {
    setup.fontFile.clear();
    setup.boldFontFile.clear();
    const FileIndex& fonts = setup.files->fonts();
    auto find = [&](const std::string& name, std::string& file) {
        if (name.empty()) return true;
        if (const auto* found = fonts.find(name)) {
            file = utf8Path(*found);
            return true;
        }
        setup.gameProblems.push_back(joinPath(gameFolderOf(setup.scriptPath), kDescriptionName) + ": no font file '" +
                                     name + "' in " + fonts.foldersText() + " (the engine's font is used)");
        return false;
    };
    find(setup.game.font, setup.fontFile);
    find(setup.game.boldFont, setup.boldFontFile);
    if (setup.boldFontFile.empty()) setup.boldFontFile = setup.fontFile;
}

// The game: GAME (a folder or its main script), else --script PATH, else the demo; then its game.json.
bool chooseGame(Setup& setup, std::string& error) {
    if (!setup.cmd.gamePath.empty()) {
        if (!mainScriptOf(setup.cmd.gamePath, setup.scriptPath, error)) return false;
    } else if (!setup.cmd.scriptPath.empty()) {
        // --script takes a game's folder as GAME does (a file is read as given, its own errors its own).
        std::error_code ec;
        if (std::filesystem::is_directory(pathFromUtf8(setup.cmd.scriptPath), ec)) {
            if (!mainScriptOf(setup.cmd.scriptPath, setup.scriptPath, error)) return false;
        } else {
            setup.scriptPath = setup.cmd.scriptPath;
        }
    } else {
        // A player's package (--package) holds its game in game/ beside the engine: it plays at once.
        std::string packaged = joinPath(joinPath(setup.dataRoot, "game"), kMainScriptName);
        std::error_code ec;
        setup.scriptPath = std::filesystem::is_regular_file(pathFromUtf8(packaged), ec)
                               ? packaged
                               : joinPath(setup.dataRoot, "scripts/Demo.lua");
    }
    setup.gameProblems.clear();
    readGameDescription(setup.scriptPath, setup.game, setup.gameProblems);
    if (!setup.game.title.empty()) useUserFolderOf(setup.game.title);
    setup.files = std::make_shared<GameFiles>(setup.scriptPath, setup.dataRoot,
                                              mapSearchFolders(setup.cmd.mapFolders, setup.scriptPath, setup.dataRoot));
    const FileIndex &pictures = setup.files->pictures(), &sounds = setup.files->sounds();
    const std::string description = joinPath(gameFolderOf(setup.scriptPath), kDescriptionName);
    if (!setup.game.icon.empty() && !pictures.has(setup.game.icon)) {
        setup.gameProblems.push_back(description + ": no picture '" + setup.game.icon + "' for the icon in " +
                                     pictures.foldersText() + " (the window keeps the engine's icon)");
        setup.game.icon.clear();
    }
    if (!setup.game.titlePicture.empty() && !pictures.has(setup.game.titlePicture)) {
        setup.gameProblems.push_back(description + ": titlePicture: no picture '" + setup.game.titlePicture + "' in " +
                                     pictures.foldersText() + " (the title screen keeps the engine's sky)");
        setup.game.titlePicture.clear();
    }
    if (!setup.game.titleMusic.empty() && !sounds.has(setup.game.titleMusic)) {
        setup.gameProblems.push_back(description + ": titleMusic: no sound '" + setup.game.titleMusic + "' in " +
                                     sounds.foldersText() + " (the title screen is silent)");
        setup.game.titleMusic.clear();
    }
    findFonts(setup);
    // --check lists them among its findings; every other mode says them here, once.
    if (setup.cmd.mode != CommandLine::Mode::Check)
        for (const auto& problem : setup.gameProblems) std::cerr << problemLine(problem) << '\n';
    return true;
}

bool completeSetup(Setup& setup, std::string& error) {
    setup.story = setup.cmd.scene.empty();
    if (!chooseGame(setup, error)) return false;
    if (!chooseLanguage(setup, error)) return false;
    if (!readReplay(setup, error)) return false;
    if (setup.cmd.loadPath.empty()) return true;
    InputLog save;
    if (!PlaySession::readSave(setup.cmd.loadPath, save, error)) return false;
    std::string message;
    if (!PlaySession::resolveSave(makeOptions(setup, {}, false), save, message, error)) {
        error = setup.cmd.loadPath + ": " + error;
        return false;
    }
    if (!message.empty()) std::cerr << problemLine(setup.cmd.loadPath + ": " + message) << '\n';
    takeLanguageOf(setup, save, setup.cmd.loadPath);
    setup = withSave(setup, save);
    setup.loadMessage = message;
    return true;
}

// SIGINT and SIGTERM stop any script at its next hook and end the run with
// the transcript flushed.
namespace {
extern "C" void onStopSignal(int) {
    LuaState::requestInterrupt();
}
}  // namespace

void installStopSignals() {
    std::signal(SIGINT, onStopSignal);
    std::signal(SIGTERM, onStopSignal);
}

bool stopRequested() {
    return LuaState::interruptRequested();
}

long runTicks(const Setup& setup) {
    auto ticks = static_cast<long>(setup.cmd.seconds / Simulation::kTickSeconds + 0.5);
    if (!setup.input) return ticks;
    std::uint64_t last = setup.input->at;
    for (const auto& command : setup.input->commands) last = std::max(last, command.tick);
    auto recordingEnd = static_cast<long>(last) + 1;  // the last input applies before its tick runs
    if (!setup.cmd.secondsGiven) return recordingEnd + ticks;
    if (ticks < recordingEnd) {
        const std::string& file = setup.cmd.replayPath.empty() ? setup.cmd.loadPath : setup.cmd.replayPath;
        std::cerr << "stagehand: --seconds " << formatNumber(setup.cmd.seconds) << " stops before the end of " << file
                  << " (its last input is at " << formatNumber(static_cast<double>(last) * Simulation::kTickSeconds)
                  << " s)\n";
    }
    return ticks;
}

void runToTheEnd(Simulation& sim, const Setup& setup) {
    const long ticks = runTicks(setup);
    const bool perChapter = sim.playsStory() && !setup.cmd.secondsGiven;
    auto allowed = [&] {
        const std::uint64_t from = perChapter ? sim.chapterStartTick() : 0;
        return static_cast<long>(sim.ticks() - from) < ticks;
    };
    while (allowed() && !sim.isSceneOver() && !sim.nothingCanRun() && !stopRequested()) sim.tick();
}

// The scene named on the command line, or the script's first.
bool chooseScene(Simulation& sim, const CommandLine& cmd, std::string& scene, std::string& error) {
    scene = cmd.scene;
    if (scene.empty() && sim.isTopLevelScript()) scene = Simulation::kTopLevelScene;
    if (scene.empty()) {
        auto scenes = sim.scenes();
        if (scenes.empty()) {
            error = "the script defines no scenes (global functions or a SCENES list)";
            return false;
        }
        scene = scenes.front().name;
    }
    return sim.startScene(scene, error);
}

}  // namespace stagehand
