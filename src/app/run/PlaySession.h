// One scene played in the window: the simulation, the player's input log
// (kept always, written with --record), and hot reload. When the script, a map
// or an image changes on disk, the scene is run again from a fresh load with
// the same seed, flags and input up to the tick on screen, and play goes on
// there; a version that fails to load leaves the running one in place.
// Rollback goes back one line, page or menu at a time the same way: a run of
// the same input (a spare kept up in the background, or a fresh load) is run
// up to the tick that line was shown; rolling
// forward replays the recorded future, and the player's own input there forks
// the run (the old future is dropped).
#pragma once

#include <cstdint>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "app/run/ScriptWatcher.h"
#include "app/run/Simulation.h"

namespace stagehand {

class PlaySession {
public:
    // `replay` (may be empty) is fed to the scene as if the player did it.
    PlaySession(Simulation::Options options, std::string recordPath, InputLog replay);

    // Loads the script and starts `scene`, fast-forwarded to tick `at` (a
    // loaded save); false with `error` (never throws).
    bool start(const std::string& scene, std::string& error, std::uint64_t at = 0);
    // The scene the run started at: a story's first chapter played.
    const std::string& firstScene() const { return scene_; }
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
    // The language the run plays in (its lines' provider's; en without one).
    // A save and the --record file say it (InputLog::language); a spare run
    // made in another (the provider switched without a reload) is dropped,
    // never swapped in.
    std::string language() const;
    // The ticks the lines, pages and menus of the furthest run were shown at.
    const std::vector<std::uint64_t>& stops() const { return stops_; }
    // Once a frame: brings the spare runs a rollback uses up to the stops the
    // next rollbacks go to (at most `budgetTicks` ticks of theirs, and at most
    // one new run started a frame, which then ticks none: a new run is a load
    // of the script), while playing and while rolled back.
    // Spare runs are runs of the same input, each standing at (or on its way
    // to) a tick: kSpareRuns at the latest stops behind the moment on screen,
    // kCheckpointSpares at whole minutes (kCheckpointTicks) further back. A
    // rollback takes the spare standing nearest at or before its stop and
    // replays from there: none at all from a stop a spare has reached, at
    // most a minute and a few pages from a checkpoint, never a fresh load
    // while a spare stands before the stop.
    void keepUp(int budgetTicks = kSpareBudgetTicks);
    static constexpr int kSpareRuns = 12, kCheckpointSpares = 2, kSpareBudgetTicks = 600;
    static constexpr std::uint64_t kCheckpointTicks = 3600;
    // A load (start at a tick) and a hot reload also build this many spare
    // runs, at the stops the first rollbacks go to, before they return: the
    // first rollbacks after a load are as quick as any (the load takes longer).
    static constexpr int kLoadSpares = 2;
    // How many spare runs stand exactly at their stop, and how many there are
    // (tests and the bench).
    int readySpares() const;
    std::size_t spareCount() const { return spares_.size(); }
    // The ticks the last rollback or roll forward replayed to get there (0
    // when a spare stood at its stop; its tick when it replayed from a fresh load).
    std::uint64_t lastReplayTicks() const { return lastReplayTicks_; }

private:
    void watchRunFiles();
    void attachRecorder();
    static void showMapFailures(World& world);
    std::vector<std::uint64_t> stopsOfRun();
    std::unique_ptr<Simulation> goTo(std::uint64_t tick, bool live);  // returns the run it replaced
    std::unique_ptr<Simulation> takeOver(std::unique_ptr<Simulation> run, std::uint64_t tick, bool live);
    std::size_t backStop(const std::vector<std::uint64_t>& stops);
    void noteLiveStops();
    std::uint64_t sparesUpTo() const;
    std::vector<std::uint64_t> wantedTargets();
    bool aimSpares(const std::vector<std::uint64_t>& wanted);
    std::unique_ptr<Simulation> newSpare();
    void buildSparesNow();
    void forkAt(std::uint64_t tick);
    void dropFuture();
    void rewriteRecord();
    void dropSparesOfOtherLanguages();

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
        std::string language;  // the one it was made in: a rollback never swaps in another language's run
    };
    std::vector<Spare> spares_;
    std::vector<std::uint64_t> liveStops_;  // the live run's stops, kept up as its transcript grows
    std::size_t eventsSeen_ = 0;
    std::uint64_t lastReplayTicks_ = 0;
};

}  // namespace stagehand
