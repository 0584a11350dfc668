// The command line, a contract users and tests depend on (see DESIGN.md):
//   stagehand [GAME] [--script PATH] [--scene NAME] [--lang CODE]   (GAME: a folder or its main script)
//   stagehand --new DIR
//   stagehand --package GAME --out DIR [--windows-engine DIR]
//   stagehand --headless [--script PATH] [--scene NAME] [--seconds S] [--json] [--choose 2,1] [--seed N]
//   stagehand --screenshot OUT.png --at T [--scene NAME] [--script PATH] [--size WxH]
//   stagehand --list-scenes [--script PATH]
//   stagehand --check [--script PATH] [--warn-only]
//   stagehand --explore [--script PATH] [--scene NAME] [--explore-paths N] [--explore-walks N] [--seed N] [--json]
//   --lang CODE (window, headless, screenshot, timeline): play in that language (src/lang)
//   common: --watchdog SECONDS, --memory-limit MB, --flag NAME=VALUE (repeatable),
//           --record FILE, --replay FILE, --load SAVE, --traceback, --traceback-all, --maps DIR (repeatable)
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace stagehand {

struct CommandLine {
    enum class Mode {
        Window,
        Headless,
        Screenshot,
        Timeline,
        ListScenes,
        Check,
        Explore,
        Strings,
        OverflowReport,
        NewGame,
        Package,
        Help
    };
    Mode mode = Mode::Window;
    std::string gamePath;           // GAME: a game's folder or its main script (platform/GameFolder.h)
    std::string scriptPath;         // --script PATH; with no GAME either, the data root's scripts/Demo.lua
    std::string newPath;            // --new DIR: where the starter game is written
    std::string newTitle;           // --new DIR --title TEXT: its title (else the folder's name)
    std::string packagePath;        // --package GAME: the game to make archives of
    std::string outPath;            // --out DIR: where they are written
    std::string windowsEnginePath;  // --windows-engine DIR: a Windows build for the .zip
    std::string webEnginePath;      // --web-engine DIR: a web build's site for NAME-web/
    std::string scene;
    std::string stringsAction;  // --strings extract|merge (src/app/author/StringTableTools.h)
    std::string language;       // --lang CODE: empty, the player's setting in the window and the source (en) elsewhere
    double seconds = 60;
    bool secondsGiven = false;  // --seconds: otherwise a --replay runs to the end of its recording
    int explorePaths = 200;     // --explore-paths N: runs a scene may take to try every menu path
    int exploreWalks = 20;      // --explore-walks N: seeded random walks through the menus after those
    bool json = false;
    bool warnOnly = false;  // --check --warn-only: findings are printed, the exit status stays 0
    std::vector<int> choices;
    std::uint64_t seed = 1;
    bool seedGiven = false;
    std::string recordPath;  // --record FILE: the window writes the player's input there
    // --frame-stats FILE: the window writes, as it closes, the frames it showed,
    // its longest frame and its peak memory (tools/soak-window.sh reads them).
    std::string frameStatsPath;
    std::string replayPath;  // --replay FILE: feed recorded input (window, headless, screenshot)
    std::string loadPath;    // --load SAVE: resume a saved run (F5 in the window writes one)
    std::string screenshotPath;
    std::string audioPath;     // --audio OUT.wav: a headless run's sound, rendered from its cues
    std::string timelinePath;  // --timeline OUT.html: run headless and draw the processes
    double at = -1;
    int width = 1280, height = 720;
    bool sizeGiven = false;        // --size: otherwise the window opens at the size the player left it
    double watchdogSeconds = 1.0;  // longest a script may run without waiting
    double memoryLimitMb = 512;    // the Lua state's memory cap
    bool traceback = false;        // --traceback: a script error's traceback in the scene's frames on stderr
    bool tracebackAll = false;     // --traceback-all: with the stage library's and the scheduler's frames
    // --flag NAME=VALUE, in order: the script's `flags` when a scene starts.
    std::vector<std::pair<std::string, std::string>> flags;
    // --maps DIR (repeatable): folders looked in for maps before the one beside
    // the script and the data folder's (docs/MAPS.md).
    std::vector<std::string> mapFolders;
};

// Fills `out`; on bad usage returns false with a one-line `error`.
bool parseCommandLine(int argc, char** argv, CommandLine& out, std::string& error);

const char* usageText();

// The folder holding scripts/WaitSupport.lua and assets/: $STAGEHAND_DATA, the
// current folder, the executable's folder or its parents, or the source tree.
// A $STAGEHAND_DATA that lacks what Stagehand needs is an error naming what
// is missing (returns "" and sets `error`), never silently passed over.
std::string locateDataRoot(std::string& error);

// What `dir` lacks to be a data folder ("" if nothing).
std::string missingFromDataRoot(const std::string& dir);

}  // namespace stagehand
