// One scene played in the window: the simulation, the player's input log
// (kept always, written with --record), and hot reload. When the script, a map
// or an image changes on disk, the scene is run again from a fresh load with
// the same seed, flags and input up to the tick on screen, and play goes on
// there; a version that fails to load leaves the running one in place.
#pragma once

#include <cstdint>
#include <fstream>
#include <memory>
#include <string>

#include "app/ScriptWatcher.h"
#include "app/Simulation.h"

namespace stagehand {

class PlaySession {
public:
    // `replay` (may be empty) is fed to the scene as if the player did it.
    PlaySession(Simulation::Options options, std::string recordPath, InputLog replay);

    // Loads the script and starts `scene`, fast-forwarded to tick `at` (a
    // loaded save); false with `error` (never throws).
    bool start(const std::string& scene, std::string& error, std::uint64_t at = 0);
    Simulation& simulation() { return *sim_; }

    // Looks for changed files (a few times a second) and reloads if any.
    void reloadIfChanged(double now);
    // Runs the scene again from a fresh load up to the current tick. Returns
    // false (keeping the running version) with `error` if that fails.
    bool reload(std::string& error);

    // Writes the run so far (script identity, scene, seed, flags, input, the
    // tick on screen) to `path`: a save, restored by replay (--load, F9).
    bool save(const std::string& path, std::string& error);
    // Reads a save; false with `error` if it cannot be read, or if it was made
    // with another version of the script (it would resume somewhere wrong).
    static bool readSave(const std::string& path, const std::string& scriptPath, InputLog& save, std::string& error);

private:
    void attachRecorder();
    static void showMapFailures(World& world);

    Simulation::Options options_;
    std::string recordPath_;
    std::ofstream record_;
    InputLog input_;  // the header, the replayed commands and every live input so far
    std::string scene_;
    std::unique_ptr<Simulation> sim_;
    ScriptWatcher watcher_;
};

}  // namespace stagehand
