// Engine benchmark. Run from the repository root with SDL's offscreen driver:
//   SDL_VIDEODRIVER=offscreen ./build/lua51/bench/engine_bench
// Measures, in one run:
//   1. headless simulation speed of each demo scene against real time;
//   2. a stress scene of 1,000 chattering actors: CPU cost per tick against the
//      60 Hz budget (16.7 ms);
//   3. rendering after warm-up: glyphs rasterised per frame and draw calls per frame.
#include <SDL.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "BenchCast.h"
#include "BenchSupport.h"
#include "app/run/CommandLine.h"
#include "app/run/Simulation.h"
#include "game/MapData.h"
#include "platform/Window.h"
#include "render/OffscreenTarget.h"
#include "render/TextRenderer.h"
#include "script/LuaCompat.h"
#include "view/WorldView.h"

using namespace stagehand;
using bench::Clock;

namespace {

constexpr double kTick = Simulation::kTickSeconds;

// Headless, as transcripts run; the lighthouse's menus take the answers of
// its longest path (logbook, storm, the oil, the strict ending).
Simulation::Options demoOptions(const std::string& root) {
    Simulation::Options options;
    options.dataRoot = root;
    options.scriptPath = root + "/scripts/Demo.lua";
    options.headless = true;
    options.choices = {2, 1, 3, 2};
    return options;
}

double secondsSince(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

void benchHeadlessScenes(const std::string& root) {
    std::printf("## Headless simulation speed (60 simulated seconds per scene)\n\n");
    std::printf("| scene | wall ms | simulated s | x real time |\n|---|---:|---:|---:|\n");
    for (const char* scene : {"conversation", "openingScene", "handshake", "lighthouse", "harbour"}) {
        auto start = Clock::now();
        Simulation sim(demoOptions(root));
        std::string error;
        sim.startScene(scene, error);
        for (int i = 0; i < 3600; ++i) sim.tick();
        double wall = secondsSince(start);
        std::printf("| %s | %.1f | %.0f | %.0fx |\n", scene, wall * 1e3, sim.time(), sim.time() / wall);
    }
    std::printf("\n");
}

const char* const kStressScript = R"(
local lines = { "Look! A bee!", "I'm hungry.", "Are we there yet?", "What's that?", "Can I pick a flower?" }
local function chatter(actor)
    while true do
        wait(0.5 + math.random() * 3)
        sayFor(actor, lines[math.random(#lines)], 1.5)
    end
end
function crowd(count)
    for i = 1, count do
        activate("extra" .. i)
        runProcess(chatter, "extra" .. i)
    end
end
)";

struct Crowd {
    Transcript transcript;
    World world{transcript};
    std::unique_ptr<ScriptHost> host;
};

std::unique_ptr<Crowd> makeCrowd(const std::string& root, int count) {
    auto crowd = std::make_unique<Crowd>();
    crowd->world.setTickSeconds(kTick);
    for (int i = 1; i <= count; ++i) {
        Actor a = bench::castMember(i, 280, 400);
        a.id = "extra" + std::to_string(i);  // the stress script's names
        crowd->world.cast().addActor(a);
    }
    crowd->host = std::make_unique<ScriptHost>(crowd->world, root, 1);
    std::string path = (std::filesystem::temp_directory_path() / "stagehand_stress_crowd.lua").string();
    std::ofstream(path) << kStressScript;
    std::string error;
    if (!crowd->host->loadScript(path, error)) std::fprintf(stderr, "stress script: %s\n", error.c_str());
    crowd->host->startProcess("crowd", {ScriptValue::of(static_cast<double>(count))}, nullptr);
    return crowd;
}

void benchCrowd(const std::string& root) {
    const int count = 1000;
    auto crowd = makeCrowd(root, count);
    for (int i = 0; i < 600; ++i) {  // warm up: everyone has spoken at least once
        crowd->world.advance(static_cast<float>(kTick));
        crowd->host->tick(kTick);
    }
    std::vector<double> costs;
    std::size_t eventsBefore = crowd->transcript.events().size();
    for (int i = 0; i < 1200; ++i) {
        auto start = Clock::now();
        crowd->world.advance(static_cast<float>(kTick));
        crowd->host->tick(kTick);
        costs.push_back(secondsSince(start) * 1e3);
    }
    std::sort(costs.begin(), costs.end());
    double mean = 0;
    for (double c : costs) mean += c;
    mean /= costs.size();
    std::size_t says = crowd->transcript.events().size() - eventsBefore;
    std::printf("## Stress: %d chattering actors (1,200 ticks after 600 warm-up ticks)\n\n", count);
    std::printf("| mean ms/tick | p99 ms/tick | max ms/tick | budget ms (60 Hz) | mean/budget | lines said |\n");
    std::printf("|---:|---:|---:|---:|---:|---:|\n");
    std::printf("| %.3f | %.3f | %.3f | 16.667 | %.3f | %zu |\n\n", mean, costs[costs.size() * 99 / 100], costs.back(),
                mean / 16.667, says);
}

struct FrameStats {
    double msPerFrame;
    double glyphsPerFrame;
    int maxDrawCalls;
};

FrameStats measureFrames(World& world, WorldView& view, GlyphAtlas& atlas, Batch2D& batch,
                         const std::function<void()>& step, int warmUp = 60, int frames = 240) {
    OffscreenTarget target(1280, 720);
    target.bind();
    ViewLayout layout = ViewLayout::fit(1280, 720);
    for (int i = 0; i < warmUp; ++i) {  // warm up: the glyphs of this scene are in the atlas
        step();
        view.draw(world, layout, {});
    }
    glFinish();
    int glyphsBefore = atlas.glyphsRasterised();
    int maxDrawCalls = 0;
    auto start = Clock::now();
    for (int i = 0; i < frames; ++i) {
        step();
        batch.resetStats();
        layout.applyViewport();
        view.draw(world, layout, {});
        maxDrawCalls = std::max(maxDrawCalls, batch.drawCalls());
    }
    glFinish();
    double ms = secondsSince(start) * 1e3 / frames;
    OffscreenTarget::unbind();
    return {ms, static_cast<double>(atlas.glyphsRasterised() - glyphsBefore) / frames, maxDrawCalls};
}

void benchRendering(const std::string& root) {
    Window window({"bench", 1280, 720, true});
    GlyphAtlas atlas(root + "/assets/fonts");
    Batch2D batch;
    batch.setWhiteTexel(atlas.whiteTexture(), atlas.whiteTexel());
    TextRenderer text(atlas, batch);
    ImageCache images({root + "/assets/images"});
    WorldView view(atlas, batch, text, images);

    std::printf("## Rendering after warm-up (240 frames, 1280x720, offscreen; CPU+GPU time incl. glFinish)\n\n");
    std::printf(
        "| frame | ms/frame | glyphs rasterised per frame | max draw calls per frame |\n|---|---:|---:|---:|\n");
    for (const char* scene : {"conversation", "openingScene", "handshake", "lighthouse"}) {
        Simulation sim(demoOptions(root));
        std::string error;
        sim.startScene(scene, error);
        for (int i = 0; i < 600; ++i) sim.tick();
        auto stats = measureFrames(sim.world(), view, atlas, batch, [&] { sim.tick(); });
        std::printf("| %s | %.2f | %.3f | %d |\n", scene, stats.msPerFrame, stats.glyphsPerFrame, stats.maxDrawCalls);
    }
    auto crowd = makeCrowd(root, 1000);
    auto stats = measureFrames(crowd->world, view, atlas, batch, [&] {
        crowd->world.advance(static_cast<float>(kTick));
        crowd->host->tick(kTick);
    });
    std::printf("| 1,000 actors | %.2f | %.3f | %d |\n", stats.msPerFrame, stats.glyphsPerFrame, stats.maxDrawCalls);

    // One page of a single 32,000-character word: the wrap splits it by
    // characters, the worst case for text layout (20 frames).
    Transcript transcript;
    World world{transcript};
    world.setTickSeconds(kTick);
    world.story().showPage("", std::string(32000, 'x'));
    stats = measureFrames(
        world, view, atlas, batch, [&] { world.advance(static_cast<float>(kTick)); }, 2, 20);
    std::printf("| one 32,000-character word | %.2f | %.3f | %d |\n\n", stats.msPerFrame, stats.glyphsPerFrame,
                stats.maxDrawCalls);
}

}  // namespace

int main(int, char**) {  // SDL_main on Windows needs this signature
    std::string error;
    std::string root = bench::dataRootOrSay();
    if (root.empty()) return 2;
    std::printf("# Engine benchmark (%s)\n\n", lua::implementationName());
    benchHeadlessScenes(root);
    benchCrowd(root);
    benchRendering(root);
    return 0;
}
