// Switching language in the window: what the pause overlay's Language row
// costs, from the choice to the scene back at the moment on screen with its
// lines in the new language. Run from the repository root:
//   ./build/<preset>/bench/language_bench
// The window does lang::LineProvider::setLanguage (the table read and
// checked) and then PlaySession::reload (Simulation::rebuild: a fresh Lua
// state, the script and maps loaded, the scene replayed to the same tick, its
// lines looked up in the new language). Timed here for each demo scene 60 s in,
// switching to the pseudo-language (every line generated at lookup); and the
// table read alone for a generated 5,000-row table (a long game's script).
#include <SDL.h>  // for SDL_main on Windows, like every program of ours

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "BenchSupport.h"
#include "app/run/CommandLine.h"
#include "app/run/Simulation.h"
#include "lang/LineProvider.h"
#include "lang/StringTable.h"
#include "script/LuaCompat.h"

using namespace stagehand;
using bench::Clock;
using bench::medianMs;
using bench::msSince;

int main(int, char**) {  // SDL_main on Windows needs this signature
    std::string error;
    std::string root = bench::dataRootOrSay();
    if (root.empty()) return 2;
    const std::uint64_t ticks = 3600;  // 60 s on screen
    const int runs = 15;
    Simulation::Options options;
    options.dataRoot = root;
    options.scriptPath = root + "/scripts/Demo.lua";
    options.quiet = true;
    options.lines = std::make_shared<lang::LineProvider>(options.scriptPath);

    std::printf("# Switching language (%s), scene 60 s in, median of %d\n\n", lua::implementationName(), runs);
    std::printf("| scene | en -> pseudo ms | pseudo -> en ms |\n|---|---:|---:|\n");
    for (const char* scene : {"conversation", "openingScene", "handshake", "lighthouse", "harbour"}) {
        std::vector<double> there, back;
        for (int run = 0; run < runs; ++run) {
            for (const char* code : {"pseudo", "en"}) {
                auto t0 = Clock::now();
                options.lines->setLanguage(code, error);
                auto sim = Simulation::rebuild(options, scene, InputLog{}, ticks);
                (std::string(code) == "pseudo" ? there : back).push_back(msSince(t0));
            }
        }
        std::printf("| %s | %.1f | %.1f |\n", scene, medianMs(there), medianMs(back));
    }

    // A 5,000-line table: written, then read and checked as setLanguage does.
    lang::StringTable big;
    big.language = "fr";
    for (int i = 0; i < 5000; ++i) {
        lang::StringRow row;
        row.id = "scene.line" + std::to_string(i);
        row.source = "A fairly long line, with {b}some markup{/b}, number " + std::to_string(i) + ".";
        row.text = "Une réplique assez longue, avec {b}du balisage{/b}, numéro " + std::to_string(i) + ".";
        row.context = "speaker; scene; dialogue box (beside a portrait)";
        row.maxWidth = 1000;
        row.fontSize = 24;
        row.file = "Big.lua";
        row.sourceLine = i + 1;
        row.lock = lang::sourceLock(std::to_string(i));
        big.rows.push_back(std::move(row));
    }
    auto folder = std::filesystem::temp_directory_path() / "stagehand-language-bench";
    std::filesystem::create_directories(folder / "strings");
    std::string path = (folder / "strings" / "Big.fr.csv").string();
    if (!lang::writeStringTable(path, big, error)) {
        std::fprintf(stderr, "%s\n", error.c_str());
        return 2;
    }
    std::vector<double> reads;
    for (int run = 0; run < runs; ++run) {
        lang::StringTable table;
        auto t0 = Clock::now();
        if (!lang::loadStringTable(path, "fr", table, error)) std::fprintf(stderr, "%s\n", error.c_str());
        reads.push_back(msSince(t0));
    }
    std::printf("\nA 5,000-row table (%zu bytes) read and checked: %.1f ms\n",
                static_cast<std::size_t>(std::filesystem::file_size(path)), medianMs(reads));
    std::filesystem::remove_all(folder);
    return 0;
}
