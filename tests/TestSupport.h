// Helpers for the C++ tests: the data folder, throwaway scripts, and a world
// with a script host ready to tick.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <utility>

#include "game/Transcript.h"
#include "game/World.h"
#include "script/ScriptHost.h"

namespace stagehand::test {

// The checkout the tests were built from (platform/BuildTree.h).
std::string dataRoot();
// This build's tests/ folder, where its tests write.
std::filesystem::path testBuildFolder();
// The folder for the files tests write: this build's own (tests/scratch in
// the build folder), never a temporary folder shared with other checkouts and
// builds running the same tests at the same moment, which could write over
// and delete each other's files by the same names; and one folder per test,
// so tests running side by side in one build do not either.
std::filesystem::path scratchFolder();
// Writes `source` to a file of that name in scratchFolder(); returns its path.
std::string writeScript(const std::string& name, const std::string& source);
// Expects `text` to be tests/golden/NAME.txt, or writes it there with UPDATE_GOLDEN=1 (after a change meant);
// what was seen is kept beside the test's scratch files for a diff.
void expectAsGolden(const std::string& text, const std::string& name);
// A file's bytes ("" when it cannot be read).
std::string readFile(const std::filesystem::path& path);

// An environment variable set (or, given nullptr, unset) for a scope, then put back as it was.
class ScopedEnv {
public:
    ScopedEnv(std::string name, const char* value);
    ScopedEnv(std::string name, const std::string& value) : ScopedEnv(std::move(name), value.c_str()) {}
    ~ScopedEnv();
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;

private:
    std::string name_, saved_;
    bool had_ = false;
};

// A world (with the demo maps) and a host running one script.
struct Stage {
    Transcript transcript;
    World world{transcript};
    std::unique_ptr<ScriptHost> host;

    // Headless by default, like transcripts: pages turn once typed and menus
    // take `choices`.
    explicit Stage(const std::string& source, std::uint64_t seed = 1, std::vector<int> choices = {},
                   bool headless = true);
    // Starts `name` the way the game starts a scene (a story that can jump).
    void startScene(const std::string& name);
    std::string sceneStatus;  // set when the scene started by startScene ends
    void ticks(int n);
    // Starts `function` as a process, runs `ticks` ticks and returns its outcome
    // so far: one still running when the ticks run out ends later (with the stage).
    ProcessOutcome run(const char* function, int ticks = 0);
    // Events of one name, in order, as "field=value ..." text lines.
    std::vector<const TranscriptEvent*> events(const std::string& name) const;
};

}  // namespace stagehand::test
