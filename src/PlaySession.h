// One scene played in the window: the simulation, the player's input log
// (kept always, written with --record), and hot reload. When the script, a map
// or an image changes on disk, the scene is run again from a fresh load with
// the same seed, flags and input up to the tick on screen, and play goes on
// there; a version that fails to load leaves the running one in place.
#pragma once

#include <fstream>
#include <memory>
#include <string>

#include "ScriptWatcher.h"
#include "Simulation.h"

namespace stagehand {

class PlaySession {
public:
    // `replay` (may be empty) is fed to the scene as if the player did it.
    PlaySession(Simulation::Options options, std::string recordPath, InputLog replay);

    // Loads the script and starts `scene`; false with `error` (never throws).
    bool start(const std::string& scene, std::string& error);
    Simulation& simulation() { return *sim_; }

    // Looks for changed files (a few times a second) and reloads if any.
    void reloadIfChanged(double now);
    // Runs the scene again from a fresh load up to the current tick. Returns
    // false (keeping the running version) with `error` if that fails.
    bool reload(std::string& error);

private:
    void attachRecorder();

    Simulation::Options options_;
    std::string recordPath_;
    std::ofstream record_;
    InputLog input_;  // the header, the replayed commands and every live input so far
    std::string scene_;
    std::unique_ptr<Simulation> sim_;
    ScriptWatcher watcher_;
};

}  // namespace stagehand
