// Rollback latency 10 minutes into a scene, as the window does it
// (PlaySession), against the way it was done before in the same run (a
// fresh Lua state, the script loaded, the scene started and its input
// replayed to the tick of the page: Simulation::rebuild). Run from the
// repository root:   ./build/<preset>/bench/rollback_bench
// The scene is written to a temporary folder: 300 pages turned every 2 s by
// the player's input, an actor walking between two points and a process that
// counts every quarter of a second all the while.
//
// Measured, per run:
// - load: PlaySession::start at tick 36,000 (it now builds spare runs during
//   the load) against one run replayed there (before);
// - cold: the first rollback right after that load, against a replay from a
//   fresh load to the same page (before), and the states compared (the same
//   transcript, byte for byte, and the actor where the replay has her);
// - reload: a hot reload at 10 minutes (one replay, as before: the spares
//   come back in the frames after it), the frames (keepUp calls) until two
//   spares stand ready, and the first rollback after them;
// - steps: fourteen steps back, more than there are spares, after a load
//   with one frame (one keepUp) between each (the wheel turned fast) or 60
//   (a page a second), and after playing on with one frame between: the
//   slowest of the thirteen after the first, and the most ticks one replayed;
// - warm: after playing on until every spare run stands at its stop, one and
//   a second step back; the frames that took, the slowest frame's spare work
//   (wall and CPU time), and the heap each run takes (glibc's count).
#include <SDL.h>  // for SDL_main on Windows, like every program of ours

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "BenchSupport.h"
#include "app/run/CommandLine.h"
#include "app/run/PlaySession.h"
#include "script/LuaCompat.h"

using namespace stagehand;
using bench::Clock;
using bench::medianMs;
using bench::msSince;

namespace {

const char* const kScene = R"(
SCENES = { { name = "long", title = "Ten minutes" } }
local counted = 0
function long()
    activate("ines")
    setPosition("ines", {x = 200, y = 400})
    runProcess(function()
        while true do
            counted = counted + 1
            wait(0.25)
        end
    end)
    runProcess(function()
        while true do
            walkTo("ines", {x = 900, y = 400})
            walkTo("ines", {x = 200, y = 400})
        end
    end)
    for n = 1, 300 do text("Line " .. n .. " of a long scene, counted " .. counted .. ".") end
end
)";

// This process's CPU time since `start`, in ms: on a machine shared with other
// work the wall time also counts the time others had the CPU.
double cpuMsSince(std::clock_t start) {
    return 1000.0 * static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
}

// The heap in use in MB (glibc; 0 elsewhere).
double heapMb() {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    return static_cast<double>(mallinfo2().uordblks) / (1024.0 * 1024.0);
#else
    return 0;
#endif
}

// A run's state as the player would see it: its transcript and the actor's place.
std::vector<std::string> stateOf(Simulation& sim) {
    std::vector<std::string> state;
    for (const auto& e : sim.transcript().events()) state.push_back(Transcript::formatText(e));
    if (const Actor* ines = sim.world().cast().findActor("ines"))
        state.push_back(std::to_string(ines->position.x) + "," + std::to_string(ines->position.y));
    return state;
}

InputLog before(const InputLog& input, std::uint64_t tick) {
    InputLog cut = input;
    cut.commands.clear();
    for (const auto& c : input.commands)
        if (c.tick < tick) cut.commands.push_back(c);
    return cut;
}

}  // namespace

int main(int, char**) {  // SDL_main on Windows needs this signature
    std::string error;
    std::string root = bench::dataRootOrSay();
    if (root.empty()) return 2;
    auto folder = std::filesystem::temp_directory_path() / "stagehand_rollback_bench";
    std::filesystem::create_directories(folder);
    std::string script = (folder / "long.lua").string();
    std::ofstream(script, std::ios::binary | std::ios::trunc) << kScene;

    Simulation::Options options;
    options.dataRoot = root;
    options.scriptPath = script;
    options.mechanics = false;  // as the window
    const std::uint64_t tenMinutes = 36000;
    InputLog input;  // the player: text at once, a page turned every 2 s
    InputCommand text;
    text.kind = InputCommand::Kind::Text;
    text.tick = 0;
    text.y = 1;
    input.commands.push_back(text);
    for (std::uint64_t tick = 119; tick < tenMinutes; tick += 120) {
        InputCommand advance;
        advance.tick = tick;
        input.commands.push_back(advance);
    }
    input.scene = "long";
    input.seed = options.seed;
    input.hasSeed = true;

    std::printf("# Rollback 10 minutes into a scene (%s)\n\n", lua::implementationName());
    std::vector<std::string> loads, steps, warms;
    for (int run = 1; run <= 3; ++run) {
        // Before: a load is one replay to 10 minutes, a cold rollback another
        // to the page before, from a fresh load.
        auto t = Clock::now();
        auto loadedBefore = Simulation::rebuild(options, "long", input, tenMinutes);
        double loadBefore = msSince(t);
        loadedBefore.reset();

        PlaySession session(options, "", input);
        t = Clock::now();
        if (!session.start("long", error, tenMinutes)) {
            std::fprintf(stderr, "%s\n", error.c_str());
            return 1;
        }
        double loadNow = msSince(t);
        std::string message;
        t = Clock::now();
        if (!session.rollBack(message)) {
            std::fprintf(stderr, "%s\n", message.c_str());
            return 1;
        }
        double coldNow = msSince(t);
        std::uint64_t page = session.simulation().ticks();
        t = Clock::now();
        std::clock_t cpu = std::clock();
        auto replayed = Simulation::rebuild(options, "long", before(input, page), page);
        double coldBefore = msSince(t), coldBeforeCpu = cpuMsSince(cpu);
        if (stateOf(*replayed) != stateOf(session.simulation())) {
            std::fprintf(stderr, "the rollback landed at another state than a replay to tick %llu\n",
                         static_cast<unsigned long long>(page));
            return 1;
        }
        replayed.reset();

        PlaySession edited(options, "", input);
        edited.start("long", error, tenMinutes);
        t = Clock::now();
        if (!edited.reload(error)) {
            std::fprintf(stderr, "%s\n", error.c_str());
            return 1;
        }
        double reloadNow = msSince(t);
        int framesToSpares = 0;
        while (edited.readySpares() < PlaySession::kLoadSpares && framesToSpares < 100000) {
            edited.keepUp();
            ++framesToSpares;
        }
        t = Clock::now();
        edited.rollBack(message);
        double afterReload = msSince(t);
        char row[512];
        std::snprintf(row, sizeof row,
                      "| %d | %.0f | %.0f | %.2fx | %.1f (CPU %.1f) | %.2f | %.4fx | %.0f | %.2fx | %d | %.2f |", run,
                      loadBefore, loadNow, loadNow / loadBefore, coldBefore, coldBeforeCpu, coldNow,
                      coldNow / coldBefore, reloadNow, reloadNow / loadBefore, framesToSpares, afterReload);
        loads.push_back(row);

        // Thirteen more steps back from the first, more than there are
        // spares: right after a load with one frame between each (the wheel
        // turned fast) or 60 (a page a second), and after playing on until
        // every spare stands at its stop, one frame between.
        std::string cells;
        for (int kind = 0; kind < 3; ++kind) {
            PlaySession reader(options, "", input);
            reader.start("long", error, tenMinutes);
            const int everySpare = PlaySession::kSpareRuns + PlaySession::kCheckpointSpares;
            for (int frame = 0; kind == 2 && reader.readySpares() < everySpare && frame < 100000; ++frame)
                reader.keepUp();
            double slowest = 0, slowestCpu = 0;
            std::uint64_t mostTicks = 0;
            for (int step = 0; step < 14; ++step) {
                for (int frame = 0; frame < (kind == 1 ? 60 : 1); ++frame) reader.keepUp();
                t = Clock::now();
                std::clock_t stepCpu = std::clock();
                if (!reader.rollBack(message)) {
                    std::fprintf(stderr, "%s\n", message.c_str());
                    return 1;
                }
                if (step == 0) continue;
                slowest = std::max(slowest, msSince(t));
                slowestCpu = std::max(slowestCpu, cpuMsSince(stepCpu));
                mostTicks = std::max(mostTicks, reader.lastReplayTicks());
            }
            char cell[128];
            std::snprintf(cell, sizeof cell, " %.1f (CPU %.1f) | %llu |", slowest, slowestCpu,
                          static_cast<unsigned long long>(mostTicks));
            cells += cell;
        }
        steps.push_back("| " + std::to_string(run) + " |" + cells);

        // Warm, as in the window after the player has played on.
        double memoryBefore = heapMb();
        PlaySession played(options, "", input);
        played.start("long", error, tenMinutes);
        int frames = 0;
        double slowestFrame = 0, slowestCpu = 0;
        const int everySpare = PlaySession::kSpareRuns + PlaySession::kCheckpointSpares;
        for (; played.readySpares() < everySpare && frames < 100000; ++frames) {
            t = Clock::now();
            std::clock_t frameCpu = std::clock();
            played.keepUp();
            slowestCpu = std::max(slowestCpu, cpuMsSince(frameCpu));
            slowestFrame = std::max(slowestFrame, msSince(t));
        }
        std::size_t spares = played.spareCount();
        double perRun = (heapMb() - memoryBefore) / static_cast<double>(spares + 1);
        t = Clock::now();
        bool back = played.rollBack(message);
        double warm = msSince(t);
        t = Clock::now();
        bool back2 = played.rollBack(message);
        double warm2 = msSince(t);
        if (!back || !back2) {
            std::fprintf(stderr, "warm rollback failed: %s\n", message.c_str());
            return 1;
        }
        std::snprintf(row, sizeof row, "| %d | %zu | %.2f | %.2f | %d | %.2f | %.2f | %.2f |", run, spares, warm, warm2,
                      frames, slowestFrame, slowestCpu, perRun);
        warms.push_back(row);
    }
    std::printf(
        "| run | load before ms | load now ms | now/before | cold rollback before ms | cold now ms | now/before | "
        "reload now ms | now/before | frames until 2 spares | rollback after them ms |\n"
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (const auto& row : loads) std::printf("%s\n", row.c_str());
    std::printf(
        "\n| run | 13 more steps after a load, 1 frame between: slowest ms | most ticks replayed | 60 frames between: "
        "slowest ms | most ticks replayed | after playing on, 1 frame between: slowest ms | most ticks replayed "
        "|\n|---|---:|---:|---:|---:|---:|---:|\n");
    for (const auto& row : steps) std::printf("%s\n", row.c_str());
    std::printf(
        "\n| run | spares | warm rollback ms | a second one ms | frames to warm up | slowest frame's spare work ms | "
        "its CPU ms | MB per run (heap) |\n|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for (const auto& row : warms) std::printf("%s\n", row.c_str());
    std::error_code ignored;
    std::filesystem::remove_all(folder, ignored);
    return 0;
}
