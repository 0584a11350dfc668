// Hot reload latency: from a saved script to the scene back at the moment on
// screen. Run from the repository root:   ./build/<preset>/bench/reload_bench
// For each demo scene played 60 s into (the harbour through its replay file),
// times Simulation::rebuild — a fresh Lua state, the script and maps loaded,
// the scene started and fast-forwarded by replaying the input to the same
// tick — and reports it beside the baseline of loading alone (no replay).
// The window adds the file check's wait (ScriptWatcher::kInterval at most)
// and one frame.
#include <SDL.h>  // for SDL_main on Windows, like every program of ours

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "BenchSupport.h"
#include "app/run/CommandLine.h"
#include "app/run/ScriptWatcher.h"
#include "app/run/Simulation.h"
#include "script/LuaCompat.h"

using namespace stagehand;
using bench::Clock;
using bench::medianMs;
using bench::msSince;

namespace {

InputLog harbourInput(const std::string& root) {
    std::ifstream in(root + "/tests/replays/harbour_walk_to_pell.txt");
    std::ostringstream text;
    text << in.rdbuf();
    InputLog log;
    std::string error;
    if (!InputLog::parse(text.str(), "harbour_walk_to_pell.txt", log, error))
        std::fprintf(stderr, "%s\n", error.c_str());
    return log;
}

}  // namespace

int main(int, char**) {  // SDL_main on Windows needs this signature
    std::string error;
    std::string root = bench::dataRootOrSay();
    if (root.empty()) return 2;
    Simulation::Options options;
    options.dataRoot = root;
    options.scriptPath = root + "/scripts/Demo.lua";  // a player run: pages wait for input
    const std::uint64_t ticks = 3600;                 // 60 s on screen
    const int runs = 15;

    std::printf("# Hot reload latency (%s), scene 60 s in, median of %d\n\n", lua::implementationName(), runs);
    std::printf("| scene | load only ms | rebuild to 60 s ms | rebuild/load |\n|---|---:|---:|---:|\n");
    for (const char* scene : {"conversation", "openingScene", "handshake", "lighthouse", "harbour"}) {
        InputLog input = std::string(scene) == "harbour" ? harbourInput(root) : InputLog{};
        std::vector<double> load, rebuild;
        for (int run = 0; run < runs; ++run) {
            auto t0 = Clock::now();
            Simulation::rebuild(options, scene, input, 0);
            auto t1 = Clock::now();
            auto sim = Simulation::rebuild(options, scene, input, ticks);
            auto t2 = Clock::now();
            load.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
            rebuild.push_back(std::chrono::duration<double, std::milli>(t2 - t1).count());
        }
        double l = medianMs(load), r = medianMs(rebuild);
        std::printf("| %s | %.1f | %.1f | %.1fx |\n", scene, l, r, r / l);
    }
    std::printf(
        "\nThe window looks for changed files every %.0f ms, so a save shows after at most that plus the\n"
        "rebuild and one frame.\n",
        ScriptWatcher::kInterval * 1000);
    return 0;
}
