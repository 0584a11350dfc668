// One scene played in the window: the simulation, the player's input log
// (kept always, written with --record), and hot reload. When the script, a map
// or an image changes on disk, the scene is run again from a fresh load with
// the same seed, flags and input up to the tick on screen, and play goes on
// there; a version that fails to load leaves the running one in place.
// Rollback goes back one line, page or menu at a time the same way: the scene
// is run again from a fresh load up to the tick that line was shown; rolling
// forward replays the recorded future, and the player's own input there forks
// the run (the old future is dropped).
#pragma once

#include <cstdint>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

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
    // tick on screen, the title, time played and date, and the run's checks)
    // to `path`, through a temporary file: a save, restored by replay (--load,
    // F9, the load screen). A failed save leaves the file that was there.
    bool save(const std::string& path, const std::string& title, std::string& error);
    // Reads a save; false with `error` if it cannot be read or is not a save.
    static bool readSave(const std::string& path, InputLog& save, std::string& error);
    // The moment a save resumes with today's script: its own when the script
    // is the one it was made with or replays the same way; otherwise the last
    // moment that still matches, with `message` saying where and why it
    // diverged. The save's input after that moment is dropped. False with
    // `error` when the script cannot run it (no such scene, does not load).
    static bool resolveSave(const Simulation::Options& options, InputLog& save, std::string& message,
                            std::string& error);

    // Rollback: back one line, page or menu (false with `message` when there
    // is none before), and forward again along the recorded future (false
    // with `message` when there is no future to go to).
    bool rollBack(std::string& message);
    bool rollForward(std::string& message);
    bool rolledBack() const { return rolled_; }
    // The ticks the lines, pages and menus of the furthest run were shown at.
    const std::vector<std::uint64_t>& stops() const { return stops_; }
    // Once a frame: brings the spare runs a rollback uses up to the latest
    // stops (at most `budgetTicks` ticks of theirs). A rollback to a stop a
    // spare run has reached swaps it in at once instead of replaying.
    void keepUp(int budgetTicks = kSpareBudgetTicks);
    static constexpr int kSpareRuns = 6, kSpareBudgetTicks = 600;
    // How many spare runs stand exactly at a stop (tests and the bench).
    int readySpares() const;

private:
    void attachRecorder();
    static void showMapFailures(World& world);
    std::vector<std::uint64_t> stopsOfRun();
    std::unique_ptr<Simulation> goTo(std::uint64_t tick, bool live);  // returns the run it replaced
    std::unique_ptr<Simulation> takeOver(std::unique_ptr<Simulation> run, std::uint64_t tick, bool live);
    void forkAt(std::uint64_t tick);
    void dropFuture();
    void rewriteRecord();

    Simulation::Options options_;
    std::string recordPath_;
    std::ofstream record_;
    InputLog input_;  // the header, the replayed commands and every live input so far
    std::string scene_;
    std::unique_ptr<Simulation> sim_;
    ScriptWatcher watcher_;
    // While rolled back: the furthest run's input and the tick rolled back
    // from; its stops, and the one on screen.
    bool rolled_ = false;
    InputLog future_;
    std::uint64_t futureEnd_ = 0;
    std::vector<std::uint64_t> stops_;
    std::size_t stop_ = 0;
    // Spare runs of the same input, each on its way to (or at) a recent stop.
    struct Spare {
        std::unique_ptr<Simulation> run;
        std::uint64_t target = 0;
    };
    std::vector<Spare> spares_;
    std::vector<std::uint64_t> liveStops_;  // the live run's stops, kept up as its transcript grows
    std::size_t eventsSeen_ = 0;
};

}  // namespace stagehand
