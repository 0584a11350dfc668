#include "app/run/CommandLine.h"

#include <SDL.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <locale>
#include <sstream>

#include "platform/BuildTree.h"
#include "platform/Portable.h"

namespace stagehand {

namespace {

constexpr double kMaxSimulatedSeconds = 1e6;  // 11 days of scene time; keeps tick counts in range

bool parseChoices(const std::string& text, std::vector<int>& out) {
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        double value = 0;
        if (!parseFiniteNumber(item, value) || value < 1 || value != static_cast<int>(value)) return false;
        out.push_back(static_cast<int>(value));
    }
    return !out.empty();
}

bool isDataRoot(const std::filesystem::path& dir) {
    return missingFromDataRoot(utf8Path(dir)).empty();
}

}  // namespace

const char* usageText() {
    return "usage:\n"
           "  stagehand [GAME] [--scene NAME] [--size WxH] [--seed N] [--frame-stats OUT.txt]\n"
           "            (GAME: a game's folder, or its main script;\n"
           "            every mode takes one, as --script PATH; default the demo, scripts/Demo.lua)\n"
           "  stagehand --new DIR [--title TEXT]             (a starter game to make your own; its title: TEXT or "
           "DIR's name)\n"
           "  stagehand --package GAME --out DIR [--windows-engine DIR] [--web-engine DIR] [--warn-only]   "
           "(NAME-linux.tar.gz,\n"
           "            NAME-windows.zip, NAME-web/ and NAME-web.zip for players: the engine and the game, starting "
           "straight\n"
           "            into it; an SDK's stagehand (bash tools/make-sdk.sh DIR) has every engine, others name them)\n"
           "  stagehand --headless [--script PATH] [--scene NAME] [--seconds S] [--json] [--choose 2,1,...] "
           "[--seed N] [--audio OUT.wav]\n"
           "  stagehand --screenshot OUT.png --at T [--script PATH] [--scene NAME] [--choose 2,1,...] [--size WxH] "
           "[--seed N]\n"
           "  stagehand --timeline OUT.html [--script PATH] [--scene NAME] [--seconds S] [--choose 2,1,...] "
           "[--seed N]\n"
           "  stagehand --list-scenes [--script PATH]\n"
           "  stagehand --check [--script PATH] [--warn-only]   (also every string table beside the script)\n"
           "  stagehand --strings extract [--script PATH]    (writes strings/NAME.en.csv beside the script)\n"
           "  stagehand --strings merge --lang CODE [--script PATH]\n"
           "  stagehand --overflow-report CODE [--script PATH] [--size WxH]   (lines that overflow their box; exit 1 "
           "if "
           "any)\n"
           "  stagehand --explore [--script PATH] [--scene NAME] [--explore-paths N (default 200)]\n"
           "            [--explore-walks N (default 20)] [--seed N] [--seconds S (per run)] [--json]\n"
           "  common: --flag NAME=VALUE (repeatable), --record FILE, --replay FILE, --load SAVE,\n"
           "          --watchdog SECONDS (default 1), --memory-limit MB (default 512),\n"
           "          --traceback (a script error's traceback, the stage library's frames hidden), --traceback-all\n"
           "          --maps DIR (repeatable): look for maps there first, then in maps/ beside the script,\n"
           "          then in the data folder's assets/maps (a game folder: only with game.json's \"engineMaps\")\n"
           "          --lang CODE: play in that language (en, a code with a table in strings/ beside the\n"
           "          script, or pseudo); an unknown code lists the known ones\n";
}

bool parseCommandLine(int argc, char** argv, CommandLine& out, std::string& error) {
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        auto value = [&](std::string& into) {
            if (i + 1 >= argc) {
                error = arg + " needs a value";
                return false;
            }
            into = argv[++i];
            return true;
        };
        std::string v;
        double number = 0;
        if (arg == "--help" || arg == "-h") {
            out.mode = CommandLine::Mode::Help;
        } else if (arg == "--headless") {
            out.mode = CommandLine::Mode::Headless;
        } else if (arg == "--list-scenes") {
            out.mode = CommandLine::Mode::ListScenes;
        } else if (arg == "--check") {
            out.mode = CommandLine::Mode::Check;
        } else if (arg == "--explore") {
            out.mode = CommandLine::Mode::Explore;
        } else if (arg == "--explore-paths" || arg == "--explore-walks") {
            if (!value(v)) return false;
            if (!parseFiniteNumber(v, number) || number < 0 || number > 100000 || number != static_cast<int>(number)) {
                error = arg + " needs a whole number from 0 to 100000, not '" + v + "'";
                return false;
            }
            (arg == "--explore-paths" ? out.explorePaths : out.exploreWalks) = static_cast<int>(number);
        } else if (arg == "--json") {
            out.json = true;
        } else if (arg == "--traceback") {
            out.traceback = true;
        } else if (arg == "--traceback-all") {
            out.tracebackAll = true;
        } else if (arg == "--warn-only") {
            out.warnOnly = true;
        } else if (arg == "--script") {
            if (!value(out.scriptPath)) return false;
        } else if (arg == "--scene") {
            if (!value(out.scene)) return false;
        } else if (arg == "--strings") {
            if (!value(out.stringsAction)) return false;
            out.mode = CommandLine::Mode::Strings;
        } else if (arg == "--overflow-report") {
            if (!value(out.language)) return false;
            out.mode = CommandLine::Mode::OverflowReport;
        } else if (arg == "--lang") {
            if (!value(out.language)) return false;
        } else if (arg == "--screenshot") {
            if (!value(out.screenshotPath)) return false;
            out.mode = CommandLine::Mode::Screenshot;
        } else if (arg == "--audio") {
            if (!value(out.audioPath)) return false;
        } else if (arg == "--timeline") {
            if (!value(out.timelinePath)) return false;
            out.mode = CommandLine::Mode::Timeline;
        } else if (arg == "--seconds" || arg == "--at") {
            if (!value(v)) return false;
            if (!parseFiniteNumber(v, number) || number < 0 || number > kMaxSimulatedSeconds) {
                error = arg + " needs a number of seconds from 0 to 1000000, not '" + v + "'";
                return false;
            }
            (arg == "--seconds" ? out.seconds : out.at) = number;
            out.secondsGiven = out.secondsGiven || arg == "--seconds";
        } else if (arg == "--record") {
            if (!value(out.recordPath)) return false;
        } else if (arg == "--frame-stats") {
            if (!value(out.frameStatsPath)) return false;
        } else if (arg == "--replay") {
            if (!value(out.replayPath)) return false;
        } else if (arg == "--load") {
            if (!value(out.loadPath)) return false;
        } else if (arg == "--flag") {
            if (!value(v)) return false;
            std::size_t equals = v.find('=');
            if (equals == 0 || equals == std::string::npos) {
                error = "--flag needs NAME=VALUE such as sawSmudge=true, not '" + v + "'";
                return false;
            }
            out.flags.emplace_back(v.substr(0, equals), v.substr(equals + 1));
        } else if (arg == "--maps") {
            if (!value(v)) return false;
            std::error_code ec;
            if (!std::filesystem::is_directory(pathFromUtf8(v), ec)) {
                error = "--maps needs a folder of maps, and '" + v + "' is not one";
                return false;
            }
            out.mapFolders.push_back(v);
        } else if (arg == "--watchdog") {
            if (!value(v)) return false;
            if (!parseFiniteNumber(v, number) || number < 0.01 || number > 3600) {
                error = "--watchdog needs a number of seconds from 0.01 to 3600, not '" + v + "'";
                return false;
            }
            out.watchdogSeconds = number;
        } else if (arg == "--memory-limit") {
            if (!value(v)) return false;
            if (!parseFiniteNumber(v, number) || number < 16 || number > 65536) {
                error = "--memory-limit needs a number of MB from 16 to 65536, not '" + v + "'";
                return false;
            }
            out.memoryLimitMb = number;
        } else if (arg == "--seed") {
            if (!value(v)) return false;
            if (!parseFiniteNumber(v, number) || number < 0 ||
                number != static_cast<double>(static_cast<std::uint64_t>(number))) {
                error = "--seed needs a non-negative integer, not '" + v + "'";
                return false;
            }
            out.seed = static_cast<std::uint64_t>(number);
            out.seedGiven = true;
        } else if (arg == "--choose") {
            if (!value(v)) return false;
            if (!parseChoices(v, out.choices)) {
                error = "--choose needs a comma-separated list of option numbers such as 2,1,3, not '" + v + "'";
                return false;
            }
        } else if (arg == "--size") {
            if (!value(v)) return false;
            if (std::sscanf(v.c_str(), "%dx%d", &out.width, &out.height) != 2 || out.width < 64 || out.height < 64) {
                error = "--size needs WIDTHxHEIGHT such as 1280x720, not '" + v + "'";
                return false;
            }
            out.sizeGiven = true;
        } else if (arg == "--new") {
            if (!value(out.newPath)) return false;
            out.mode = CommandLine::Mode::NewGame;
        } else if (arg == "--title") {
            if (!value(out.newTitle)) return false;
        } else if (arg == "--package") {
            if (!value(out.packagePath)) return false;
            out.mode = CommandLine::Mode::Package;
        } else if (arg == "--out") {
            if (!value(out.outPath)) return false;
        } else if (arg == "--windows-engine") {
            if (!value(out.windowsEnginePath)) return false;
        } else if (arg == "--web-engine") {
            if (!value(out.webEnginePath)) return false;
        } else if (arg.size() > 1 && arg[0] == '-') {
            error = "unknown option '" + arg + "'";
            return false;
        } else if (!out.gamePath.empty()) {
            error = "one game at a time: '" + out.gamePath + "' and '" + arg + "'";
            return false;
        } else {
            out.gamePath = arg;
        }
    }
    if (!out.gamePath.empty() && !out.scriptPath.empty()) {
        error = "name the game once: '" + out.gamePath + "' or --script " + out.scriptPath;
        return false;
    }
    if (!out.audioPath.empty() && out.mode != CommandLine::Mode::Headless) {
        error = "--audio OUT.wav renders a --headless run's sound; add --headless";
        return false;
    }
    if (!out.newTitle.empty() && out.mode != CommandLine::Mode::NewGame) {
        error = "--title names a new game's title: --new DIR --title TEXT";
        return false;
    }
    if (out.mode == CommandLine::Mode::Package && out.outPath.empty()) {
        error = "--package GAME needs --out DIR (the folder the archives are written to)";
        return false;
    }
    if (out.mode == CommandLine::Mode::Screenshot && out.at < 0) {
        error = "--screenshot needs --at T (the simulated time to capture)";
        return false;
    }
    return true;
}

std::string missingFromDataRoot(const std::string& dir) {
    namespace fs = std::filesystem;
    std::error_code ec;
    std::string missing;
    for (const char* needed : {"scripts/WaitSupport.lua", "scripts/StageSupport.lua", "assets/maps", "assets/fonts"})
        if (!fs::exists(pathFromUtf8(dir) / pathFromUtf8(needed), ec))
            missing += (missing.empty() ? "" : ", ") + std::string(needed);
    return missing;
}

std::string locateDataRoot(std::string& error) {
    namespace fs = std::filesystem;
    if (const char* env = std::getenv("STAGEHAND_DATA"); env && *env) {
        std::string missing = missingFromDataRoot(env);
        if (missing.empty()) return env;
        error = std::string("STAGEHAND_DATA=") + env + " is not a Stagehand data folder: it lacks " + missing +
                " (copy scripts/ and assets/ from the game, or unset STAGEHAND_DATA)";
        return "";
    }
    std::error_code ec;
    if (isDataRoot(fs::current_path(ec))) return ".";
    fs::path executableDir;
    if (char* base = SDL_GetBasePath()) {
        executableDir = pathFromUtf8(base);
        SDL_free(base);
        if (!executableDir.has_filename()) executableDir = executableDir.parent_path();  // the trailing separator
    }
    // Beside the executable (a Windows zip), or the installed layout
    // PREFIX/bin/stagehand with PREFIX/share/stagehand, or above it in a build tree.
    fs::path dir = executableDir;
    for (int up = 0; up < 4 && !dir.empty(); ++up, dir = dir.parent_path()) {
        if (isDataRoot(dir)) return utf8Path(dir);
        if (isDataRoot(dir / "share" / "stagehand")) return utf8Path(dir / "share" / "stagehand");
    }
    // A program still in its build tree uses the sources it was built from.
    std::string buildDir = utf8Path(pathFromUtf8(buildTreeBuildDir()));
    if (!executableDir.empty() && utf8Path(executableDir).rfind(buildDir, 0) == 0 && isDataRoot(buildTreeSourceDir()))
        return buildTreeSourceDir();
    return ".";
}

}  // namespace stagehand
