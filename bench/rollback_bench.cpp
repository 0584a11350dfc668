// Rollback latency: one step back (a page) 10 minutes into a scene, as the
// window does it (PlaySession::rollBack: a fresh Lua state, the script loaded,
// the scene started and its input replayed to the tick the page before was
// shown). Run from the repository root:   ./build/<preset>/bench/rollback_bench
// The scene is written to a temporary folder: 300 pages turned every 2 s by
// the player's input, an actor walking between two points and a process that
// counts every quarter of a second all the while.
#include <SDL.h>  // for SDL_main on Windows, like every program of ours

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "app/CommandLine.h"
#include "app/PlaySession.h"
#include "script/LuaCompat.h"

using namespace stagehand;
using Clock = std::chrono::steady_clock;

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

}  // namespace

int main(int, char**) {  // SDL_main on Windows needs this signature
    std::string error;
    std::string root = locateDataRoot(error);
    if (root.empty()) {
        std::fprintf(stderr, "%s\n", error.c_str());
        return 2;
    }
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

    std::printf("# Rollback 10 minutes into a scene (%s)\n\n", lua::implementationName());
    std::printf(
        "| run | pages shown | play to 10 min ms | cold rollback (replay) ms | warm rollback ms | a second one ms | "
        "frames to warm up |\n|---|---:|---:|---:|---:|---:|---:|\n");
    for (int run = 1; run <= 3; ++run) {
        PlaySession session(options, "", input);
        auto t0 = Clock::now();
        if (!session.start("long", error, tenMinutes)) {
            std::fprintf(stderr, "%s\n", error.c_str());
            return 1;
        }
        auto t1 = Clock::now();
        std::string message;
        if (!session.rollBack(message)) {  // cold: no spare run yet, so a replay from the start
            std::fprintf(stderr, "%s\n", message.c_str());
            return 1;
        }
        auto t2 = Clock::now();
        std::uint64_t coldAt = session.simulation().ticks();
        // Warm, as in the window after the player has played on: the spare
        // runs brought up to the latest pages one frame's budget at a time.
        PlaySession played(options, "", input);
        played.start("long", error, tenMinutes);
        int frames = 0;
        for (; played.readySpares() < PlaySession::kSpareRuns && frames < 100000; ++frames) played.keepUp();
        auto t3 = Clock::now();
        bool back = played.rollBack(message);
        auto t4 = Clock::now();
        bool back2 = played.rollBack(message);
        auto t5 = Clock::now();
        if (!back || !back2 || played.simulation().ticks() >= coldAt) {
            std::fprintf(stderr, "warm rollback failed: %s\n", message.c_str());
            return 1;
        }
        std::printf("| %d | %zu | %.0f | %.1f | %.2f | %.2f | %d |\n", run, session.stops().size(),
                    std::chrono::duration<double, std::milli>(t1 - t0).count(),
                    std::chrono::duration<double, std::milli>(t2 - t1).count(),
                    std::chrono::duration<double, std::milli>(t4 - t3).count(),
                    std::chrono::duration<double, std::milli>(t5 - t4).count(), frames);
    }
    std::error_code ignored;
    std::filesystem::remove_all(folder, ignored);
    return 0;
}
