#include "TestSupport.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "game/MapData.h"

namespace stagehand::test {

std::string dataRoot() {
    return STAGEHAND_SOURCE_DIR;
}

std::filesystem::path scratchFolder() {
    std::filesystem::path dir = std::filesystem::path(STAGEHAND_TEST_BINARY_DIR) / "scratch";
    std::filesystem::create_directories(dir);
    return dir;
}

std::string writeScript(const std::string& name, const std::string& source) {
    std::filesystem::path path = scratchFolder() / name;
    std::ofstream(path, std::ios::binary) << source;
    return path.string();
}

Stage::Stage(const std::string& source, std::uint64_t seed, std::vector<int> choices, bool headless) {
    world.setTickSeconds(1.0 / 60.0);
    TextSettings settings;
    settings.headless = headless;
    world.story().setTextSettings(settings);
    world.story().setScriptedChoices(std::move(choices));
    world.effects().setImageNames({"keeper", "keeper_worried", "logbook"});
    loadMapFolder(dataRoot() + "/assets/maps", world);
    world.soundtrack().setClips(std::make_shared<ClipLibrary>(dataRoot() + "/assets/audio"));
    // The watchdog counts VM instructions, as headless runs do, not wall-clock
    // time: on a busy machine a pattern guard's dry run (seen: PatternGuard,
    // about 1 s a call with the load at 17 on 2 cores) ran past a 1 s wall-clock
    // budget and the scene was stopped instead of refused.
    LuaLimits limits;
    limits.deterministic = true;
    host = std::make_unique<ScriptHost>(world, dataRoot(), seed, limits);
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string name = std::string(info->test_suite_name()) + "_" + info->name() + ".lua";
    std::string error;
    if (!host->loadScript(writeScript(name, source), error)) ADD_FAILURE() << "script did not load: " << error;
}

void Stage::startScene(const std::string& name) {
    host->startScene(
        name, [this](const ProcessOutcome& o) { sceneStatus = !o.results.empty() ? o.results[0].string : o.status; });
}

void Stage::ticks(int n) {
    for (int i = 0; i < n; ++i) {
        world.advance(1.0f / 60.0f);
        host->tick(1.0 / 60.0);
    }
}

std::vector<const TranscriptEvent*> Stage::events(const std::string& name) const {
    std::vector<const TranscriptEvent*> found;
    for (const auto& e : transcript.events())
        if (e.name == name) found.push_back(&e);
    return found;
}

}  // namespace stagehand::test
