// What every mode of the program shares: the exit codes, the setup read from
// the command line (data folder, script, recorded input), and how a
// Simulation is made from it. Used by Main.cpp and WindowGame.cpp.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/run/CommandLine.h"
#include "app/run/Simulation.h"
#include "game/InputLog.h"
#include "platform/GameFiles.h"
#include "platform/GameFolder.h"

namespace stagehand {

constexpr int kExitOk = 0;
constexpr int kExitScriptError = 1;
constexpr int kExitBadInput = 2;

// Writes MESSAGE to stderr as problemLine words it and returns `code`.
int fail(const std::string& message, int code);

struct Setup;
// What setting up lost, one "FILE:LINE: message" line each: game.json's
// problems, and the rows of the played language's table left out (stderr had
// them as they were found). A headless run exits 1 for them; the window shows
// them until the player hides them.
std::vector<std::string> setupProblems(const Setup& setup);

struct Setup {
    CommandLine cmd;
    std::string dataRoot;
    std::string scriptPath;  // the game's main script (platform/GameFolder.h), the demo's by default
    GameDescription game;    // its game.json
    // game.json's mistakes, one line each (each left out, the game plays on): play prints
    // them on stderr, --check among its findings.
    std::vector<std::string> gameProblems;
    // The game's pictures, sounds, maps and fonts by name (read once; hot reload reads them again).
    std::shared_ptr<GameFiles> files;
    // The files of game.json's fonts (found as fonts are), "" for DejaVu Sans.
    std::string fontFile, boldFontFile;
    // The run plays the game's SCENES as the chapters of one story, from the
    // scene it starts (Simulation::Options::story): when no --scene names one
    // scene, or the replay or save was made so.
    bool story = false;
    // The script's `persistent` table at the start (NAME, VALUE as --flag's): the
    // window's story memory, or a replay's or save's header.
    std::vector<std::pair<std::string, std::string>> persistent;
    std::optional<InputLog> input;  // --replay or --load: the player's recorded input
    std::uint64_t resumeAt = 0;     // --load: the tick the save was made at
    std::string loadMessage;        // --load: how an edited script replays the save (shown in the window)
    // The language lines are shown in (--lang, or the player's setting in the
    // window): shared by every run made from this setup, so a switch reaches them all.
    std::shared_ptr<lang::LineProvider> lines;
};

// The setup of a saved run: its scene, seed, flags and input.
Setup withSave(Setup setup, const InputLog& save);
// Where F5 saves and F9 loads: quicksave.txt in the player's folder (userFolder()).
std::string quicksavePath();
// Plain values from their text (--flag NAME=VALUE, a saved run's header):
// true and false are booleans, a number is a number and anything else a string.
std::map<std::string, ScriptValue> plainValuesFromText(const std::vector<std::pair<std::string, std::string>>& text);
Simulation::Options makeOptions(const Setup& setup, Transcript::Sink sink, bool headless);
std::unique_ptr<Simulation> loadSimulation(const Setup& setup, Transcript::Sink sink, bool headless);
// --replay FILE: its header gives the scene, seed, flags and language the
// command line leaves out. Returns false with a "FILE:LINE: ..." error.
bool readReplay(Setup& setup, std::string& error);
// The rest of the setup once the command line and the data folder are known:
// the game (GAME, --script or the demo) and its game.json, the --replay file, then the --load save (read last: it
// names the script it was made with, so that path must be known). A replay and a save play in the language
// they were made in unless --lang names one. False with
// a one-line `error`.
bool completeSetup(Setup& setup, std::string& error);
// SIGINT and SIGTERM stop any script at its next hook and end the run with
// the transcript flushed.
void installStopSignals();
bool stopRequested();
// How many ticks a headless run (or a timeline) may take: --seconds; with a
// --replay or --load and no --seconds, to the recording's last input and
// the default allowance after it. A --seconds that stops before that input
// is said in one line on stderr.
long runTicks(const Setup& setup);
// Ticks until the scene (or the story) is over, nothing can run, a stop
// signal arrives, or the allowance (runTicks) is spent: a story's chapters
// each get it, counted from their start, unless --seconds was given.
void runToTheEnd(Simulation& sim, const Setup& setup);
// Starts the scene named on the command line, or the script's first.
bool chooseScene(Simulation& sim, const CommandLine& cmd, std::string& scene, std::string& error);

}  // namespace stagehand
