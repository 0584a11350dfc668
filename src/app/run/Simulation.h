// One play-through of one script: the world, the transcript and the script
// host, advanced by fixed simulation ticks. The window, headless runs,
// screenshots and tests all drive the same tick.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "game/InputLog.h"
#include "game/Transcript.h"
#include "game/World.h"
#include "lang/LineProvider.h"
#include "platform/GameFiles.h"
#include "script/ScriptHost.h"

namespace stagehand {

// The script, a map or the host's own files could not be loaded.
struct LoadError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class Simulation {
public:
    static constexpr double kTickSeconds = 1.0 / 60.0;

    struct Options {
        std::string dataRoot;    // holds scripts/ and assets/
        std::string scriptPath;  // the scene script
        std::uint64_t seed = 1;
        Transcript::Sink sink;                               // sees every transcript event as it happens
        bool headless = false;                               // no player: pages turn themselves, menus take `choices`
        std::vector<int> choices;                            // answers to menus, in order (headless)
        std::string choicesSource = "the scripted answers";  // what errors call them (the program: "--choose")
        bool menusWaitForAnswers = false;                    // headless: a menu with no answer left stays open
        LuaLimits limits;                                    // watchdog and memory cap of the script state
        std::map<std::string, ScriptValue> flags;            // the script's `flags` at the start
        std::map<std::string, ScriptValue> persistent;       // its `persistent` table at the start
        bool mechanics = true;                               // transcript events for processes, waits and signals
        TracebackShown tracebacks = TracebackShown::None;    // what of an error's traceback stderr gets
        std::string audioFolder;                             // the sounds scripts name; empty: assetFolders
        // The run's files by name (RunSetup's); null: read from the folders for this simulation alone.
        std::shared_ptr<GameFiles> files;
        // Where maps are looked for, in search order (mapSearchFolders); empty:
        // the game's and the engine's (assetFolders).
        std::vector<std::string> mapFolders;
        bool storyTargetWarnings = true;  // stderr lines at load (--check makes them findings)
        // The language lines are shown in (shared by the runs made from this
        // one); null: the source language.
        std::shared_ptr<lang::LineProvider> lines;
        bool quiet = false;  // a run nobody watches (rollback's spares, a save's replay): nothing on stderr
        // The scene started is a chapter of the story: when it ends, the chapter
        // it names (nextChapter) or the next in SCENES begins, in the same run
        // (`flags` and the script's globals carry on), until the story ends.
        // Only for a script with a SCENES list that has the scene.
        bool story = false;
    };

    explicit Simulation(const Options& options);  // throws LoadError

    // A new run of the same scene from a fresh load of the script, brought to
    // `ticks` by replaying `input`: a hot reload. Throws LoadError when the
    // script cannot be loaded or no longer has the scene, or when a map that
    // `previous` (the running version's maps) loaded no longer does.
    static std::unique_ptr<Simulation> rebuild(const Options& options, const std::string& scene, const InputLog& input,
                                               std::uint64_t ticks, const MapCatalog* previous = nullptr);

    // Their titles in the language played (lang::sceneTitleId's rows).
    std::vector<SceneInfo> scenes();
    // Starts a scene; false with `error` naming the valid scenes if unknown.
    // kTopLevelScene names the processes the script's top level started.
    bool startScene(const std::string& name, std::string& error);
    static constexpr const char* kTopLevelScene = "main";
    // The script is one of the seed articles' demos: no SCENES list, and its
    // top level left processes running. Such a script is its own scene.
    bool isTopLevelScript() { return host_->topLevelLeftProcesses() && !host_->hasSceneList(); }

    // Input -> world -> scripts, once. With a replay, the log's input for
    // this tick is applied first.
    void tick();
    // Feeds `log`'s commands to the world from now on, each at its tick.
    void replay(InputLog log);
    // The same, for a log whose commands so far are the ones already applied
    // (a rollback's spare run following the player's input as it grows).
    void continueReplay(InputLog log) { replay_ = std::move(log); }
    // The same, with the first `applied` commands done (a run that took its input live).
    void continueReplay(InputLog log, std::size_t applied) {
        replay_ = std::move(log);
        replayNext_ = applied;
    }
    // Ticks (with the replay) until `ticks` ticks are done: a hot reload or a
    // loaded save arriving at the moment the player was watching.
    void fastForwardTo(std::uint64_t ticks);
    std::uint64_t ticks() const { return world_.ticks(); }
    // A quiet run (Options::quiet) that the player now watches says its errors again.
    void setQuiet(bool quiet);

    // The scene's process ended, nothing it started is alive, and the world is
    // still; in a story, once its last chapter has.
    bool isSceneOver();
    // A story: its chapters are the SCENES played in turn (Options::story).
    bool playsStory() const { return story_; }
    // The chapter being played (in a story; else the scene) and the tick it began on.
    const std::string& chapter() const { return sceneName_; }
    std::uint64_t chapterStartTick() const { return chapterStartTick_; }
    // The chapters begun so far, the first one 1 (0 before the first).
    int chaptersBegun() const { return chaptersBegun_; }
    // Each chapter begun in this run, in order, with the `flags` it began with
    // (what the window keeps as the chapters reached: app/window/StoryMemory.h).
    struct ChapterStart {
        std::string chapter;
        std::map<std::string, ScriptValue> flags;
    };
    const std::vector<ChapterStart>& chapterStarts() const { return chapterStarts_; }
    // The chapter the story goes on to once the world is still (the one just ended named it, or
    // SCENES did); "" when none is waiting.
    const std::string& nextChapter() const { return pendingChapter_; }
    // The ending the story reached (endStory's name, else its last chapter's); "" while it goes on.
    const std::string& ending() const { return ending_; }
    // A hang was reported: a process waits on something nothing can produce
    // (other processes may still run).
    bool isStuck() const { return stuck_; }
    // Every live process is stuck: nothing can ever run again, so a run may stop.
    bool nothingCanRun() const { return nothingCanRun_; }
    const std::string& sceneName() const { return sceneName_; }
    double time() const { return world_.time(); }

    World& world() { return world_; }
    Transcript& transcript() { return transcript_; }
    ScriptHost& host() { return *host_; }

    // The live processes for the inspector, with those reported stuck marked.
    std::vector<ProcessInfo> inspectedProcesses();
    // Processes that may be stuck (waiting on a signal never sent), as text lines.
    std::vector<std::string> suspectedStuckLines();
    // Tells those not told yet: stderr (file:line: message) and the screen (a warning).
    void tellPossibleHangs();
    // The deadlocks reported so far, as the scheduler words them.
    const std::vector<std::string>& stuckLines() const { return stuckLines_; }

private:
    void translateActorNames();
    void checkDeadlocks();
    void warnOfQuietHangs();
    void beginChapter(std::string name);  // a copy: the name is often pendingChapter_, cleared first
    bool isChapter(const std::string& name);
    std::string chapterAfter(const ScriptValue& named);
    // How the scene ended; in a story, the chapter that follows (chapterAfter)
    // and the ending's name (endStory's, nil for none).
    void endScene(const std::string& status, const ScriptValue& after = {}, const ScriptValue& ending = {});

    Transcript transcript_;
    World world_{transcript_};
    std::unique_ptr<ScriptHost> host_;
    std::string sceneName_;
    bool sceneEnded_ = false;
    bool topLevelScene_ = false;
    bool storyAsked_ = false;  // Options::story
    bool story_ = false;       // the scene started is a chapter of the story
    int chaptersBegun_ = 0;
    std::uint64_t chapterStartTick_ = 0;
    std::vector<ChapterStart> chapterStarts_;
    std::string ending_;
    std::string pendingChapter_;  // begins once the ended chapter's world is still
    std::shared_ptr<lang::LineProvider> lines_;
    InputLog replay_;
    std::size_t replayNext_ = 0;  // the scene is the top level's processes: it ends when they all have
    bool stuck_ = false;
    bool quiet_ = false;
    TracebackShown tracebacks_ = TracebackShown::None;
    bool nothingCanRun_ = false;
    std::set<std::string> stuckNames_;  // processes a hang was reported for (the inspector marks them)
    std::set<std::string> reportedStuck_;
    std::vector<std::string> stuckLines_;
    std::size_t eventsSeen_ = 0;  // the transcript's length at the last look (warnOfQuietHangs)
    double quietSince_ = 0;
    std::set<std::string> warnedHangs_;
};

}  // namespace stagehand
