#include "TestSupport.h"

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <mutex>
#include <string>
#include <thread>

#include "app/run/UserFolder.h"
#include "game/MapData.h"
#include "lang/EngineWords.h"
#include "platform/BuildTree.h"
#include "platform/Portable.h"

// Last, so that its macros (DrawText, LoadImage...) rename nothing declared above.
#ifdef _WIN32
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#endif

namespace stagehand::test {

namespace {
// Every test starts with the engine's process-wide state as a fresh process
// has it: the engine's words in English from no folder, the demo's user
// folder. A shard (tests/CMakeLists.txt: STAGEHAND_TEST_SHARDS) runs many
// tests in one process, and a test that stops at a failed ASSERT, or plays a
// scene in another language, would otherwise hand its state to the next
// (seen: SceneMenu's rows in Japanese after a test that played in ja).
class FreshProcessState : public ::testing::EmptyTestEventListener {
    void OnTestStart(const ::testing::TestInfo&) override {
        lang::engineWords() = lang::EngineWords();
        useUserFolderOf("stagehand");
    }
};

// A test that never ends stops its process with its name on stderr. A shard
// runs a quarter of the cases in one process, so a hang there (seen once in
// CI under wine: the whole run's 90 minutes gone, and no name) would
// otherwise say only which shard it was in, and only once ctest's own timeout
// ended it. STAGEHAND_TEST_CASE_LIMIT: the seconds a case may take (300; the
// slowest took 58 s under wine), well inside a shard's own timeout.
class CaseWatchdog : public ::testing::EmptyTestEventListener {
public:
    CaseWatchdog() {
        const char* limit = std::getenv("STAGEHAND_TEST_CASE_LIMIT");
        limit_ = std::chrono::seconds(limit && std::atoi(limit) > 0 ? std::atoi(limit) : 300);
        // Detached, and its state never freed: it may still be waiting when the
        // process's statics are destroyed.
        std::thread([state = state_, limit = limit_] { watch(*state, limit); }).detach();
    }
    void OnTestStart(const ::testing::TestInfo& info) override {
        const std::lock_guard<std::mutex> lock(state_->mutex);
        state_->running = std::string(info.test_suite_name()) + "." + info.name();
        state_->started = std::chrono::steady_clock::now();
        ++state_->generation;
        state_->changed.notify_one();
    }
    void OnTestEnd(const ::testing::TestInfo&) override {
        const std::lock_guard<std::mutex> lock(state_->mutex);
        state_->running.clear();
        ++state_->generation;
        state_->changed.notify_one();
    }

private:
    struct State {
        std::mutex mutex;
        std::condition_variable changed;
        std::string running;  // empty between tests
        std::chrono::steady_clock::time_point started;
        unsigned long generation = 0;
    };
    static void watch(State& state, std::chrono::seconds limit) {
        std::unique_lock<std::mutex> lock(state.mutex);
        for (;;) {
            const unsigned long seen = state.generation;
            if (state.running.empty()) {
                state.changed.wait(lock, [&] { return state.generation != seen; });
            } else if (!state.changed.wait_until(lock, state.started + limit,
                                                 [&] { return state.generation != seen; })) {
                std::fprintf(stderr,
                             "%s has run for %lld s without ending: this process stops here (tests/TestSupport.cpp)\n",
                             state.running.c_str(), static_cast<long long>(limit.count()));
                std::fflush(stderr);
#ifdef _WIN32
                // Not _Exit: ExitProcess runs the DLLs' detach routines, which wait on any lock
                // the hung thread holds (the loader's, a driver's).
                TerminateProcess(GetCurrentProcess(), 1);
#endif
                std::_Exit(1);
            }
        }
    }
    State* state_ = new State;
    std::chrono::seconds limit_{300};
};

[[maybe_unused]] const bool kListenersRegistered = [] {
    auto& listeners = ::testing::UnitTest::GetInstance()->listeners();
    listeners.Append(new FreshProcessState);
    listeners.Append(new CaseWatchdog);
    return true;
}();
}  // namespace

std::string readFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

namespace {
void setEnvironment(const std::string& name, const char* value) {
#ifdef _WIN32
    _putenv_s(name.c_str(), value ? value : "");
#else
    if (value)
        setenv(name.c_str(), value, 1);
    else
        unsetenv(name.c_str());
#endif
}
}  // namespace

ScopedEnv::ScopedEnv(std::string name, const char* value) : name_(std::move(name)) {
    const char* old = std::getenv(name_.c_str());
    had_ = old != nullptr;
    if (had_) saved_ = old;
    setEnvironment(name_, value);
}

ScopedEnv::~ScopedEnv() {
    setEnvironment(name_, had_ ? saved_.c_str() : nullptr);
}

std::string dataRoot() {
    return buildTreeSourceDir();
}

std::filesystem::path testBuildFolder() {
    return pathFromUtf8(buildTreeBuildDir()) / "tests";
}

std::filesystem::path scratchFolder() {
    // One folder per test: ctest runs each test in its own process, side by side, and two
    // tests writing (or clearing) a file of the same name raced (seen: a test's script
    // removed under it by another's remove_all). Named by a hash of the test's name,
    // short enough for Windows' path limit.
    std::string name = "shared";
    if (const auto* info = ::testing::UnitTest::GetInstance()->current_test_info()) {
        std::uint32_t hash = 0x811c9dc5u;
        for (char c : std::string(info->test_suite_name()) + "." + info->name())
            hash = (hash ^ static_cast<unsigned char>(c)) * 0x01000193u;
        char hex[9];
        std::snprintf(hex, sizeof hex, "%08x", hash);
        name = std::string("t-") + hex;
    }
    std::filesystem::path dir = testBuildFolder() / "scratch" / name;
    std::filesystem::create_directories(dir);
    return dir;
}

void expectAsGolden(const std::string& text, const std::string& name) {
    const std::filesystem::path golden = pathFromUtf8(dataRoot()) / "tests" / "golden" / (name + ".txt");
    const char* update = std::getenv("UPDATE_GOLDEN");
    if (update && std::string(update) == "1") {
        std::ofstream(golden, std::ios::binary) << text;
        return;
    }
    std::ifstream in(golden, std::ios::binary);
    const std::string expected((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::filesystem::path actual = scratchFolder() / (name + ".actual");
    std::ofstream(actual, std::ios::binary) << text;
    EXPECT_EQ(text, expected) << "what was seen differs from " << golden.string()
                              << " (what was seen: " << actual.string()
                              << "; UPDATE_GOLDEN=1 rewrites it after a change meant)";
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
    world.scenery().setImageNames({"keeper", "keeper_worried", "logbook"});
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

ProcessOutcome Stage::run(const char* function, int n) {
    auto outcome = std::make_shared<ProcessOutcome>();
    host->startProcess(function, {}, [outcome](const ProcessOutcome& o) { *outcome = o; });
    ticks(n);
    return *outcome;
}

std::vector<const TranscriptEvent*> Stage::events(const std::string& name) const {
    std::vector<const TranscriptEvent*> found;
    for (const auto& e : transcript.events())
        if (e.name == name) found.push_back(&e);
    return found;
}

}  // namespace stagehand::test
