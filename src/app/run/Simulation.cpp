#include "app/run/Simulation.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "audio/ClipLibrary.h"
#include "game/MapData.h"
#include "lang/LineId.h"
#include "platform/GameFolder.h"
#include "platform/Portable.h"

namespace stagehand {

namespace {
constexpr int kDeadlockCheckTicks = 60;
// How long a scene must be still before a wait that may never end is told:
// longer than a pause an author writes between lines.
constexpr double kQuietHangSeconds = 10;

const std::string& describeStuck(const StuckProcess& s) {
    return s.line;  // worded by the scheduler (WaitSupport's deadlockLine)
}
}  // namespace

namespace {

// A map warning, and a map that did not load (the scenes that do not use it
// play), each one line on stderr: said when they change, not again by every
// Simulation that loads the same maps (the window's menu, then its scene, each
// --explore run, a hot reload that still has them).
void reportMapProblems(const MapCatalog& maps) {
    static std::string lastReport;
    std::string report;
    for (const auto& warning : maps.warnings) report += warningLine(warning) + '\n';
    for (const auto& failure : maps.failures) report += problemLine(failure.line) + '\n';
    if (report == lastReport) return;
    lastReport = report;
    std::cerr << report;
}

}  // namespace

Simulation::Simulation(const Options& options) {
    transcript_.setSink(options.sink);
    world_.setTickSeconds(kTickSeconds);
    TextSettings settings;
    settings.headless = options.headless;
    settings.menusWaitForAnswers = options.menusWaitForAnswers;
    world_.story().setTextSettings(settings);
    world_.story().setScriptedChoices(options.choices, options.choicesSource);
    // Every name a script writes is found by the game folder's rule (the game's folder, then assets/),
    // through the run's one lookup.
    const auto files = options.files
                           ? options.files
                           : std::make_shared<GameFiles>(options.scriptPath, options.dataRoot, options.mapFolders);
    world_.scenery().setImageNames(files->pictures().names(), files->pictures().foldersText());
    if (options.audioFolder.empty())
        world_.soundtrack().setClips(std::make_shared<ClipLibrary>(files->sounds()));
    else
        world_.soundtrack().setClips(
            std::make_shared<ClipLibrary>(pathFromUtf8(options.audioFolder), options.audioFolder));
    try {
        loadMaps(files->maps(), world_);
        reportMapProblems(world_.maps());
        host_ = std::make_unique<ScriptHost>(world_, options.dataRoot, options.seed, options.limits);
        host_->useModules(std::shared_ptr<const FileIndex>(files, &files->modules()));
    } catch (const MapError& e) {
        throw LoadError(e.what());
    } catch (const ScriptHostError& e) {
        throw LoadError(e.what());
    }
    storyAsked_ = options.story;
    host_->setFlags(options.flags);  // both before the script's top level runs
    host_->setPersistent(options.persistent);
    lines_ = options.lines;
    host_->setLineProvider(lines_.get());
    translateActorNames();
    host_->observeMechanics(options.mechanics);
    tracebacks_ = options.tracebacks;
    setQuiet(options.quiet);
    std::string error;
    if (!host_->loadScript(options.scriptPath, error, options.storyTargetWarnings)) throw LoadError(error);
}

// Actors' display names (from their maps) in the language played; the ID
// stays, so scripts and transcripts are the same in every language.
void Simulation::translateActorNames() {
    if (!lines_ || !lines_->translates()) return;
    for (const Actor& actor : world_.cast().actors())
        if (auto name = lines_->translationOf(lang::actorNameId(actor.id), actor.displayName))
            world_.cast().findActor(actor.id)->displayName = *name;
}

std::vector<SceneInfo> Simulation::scenes() {
    std::vector<SceneInfo> scenes = host_->scenes();
    if (lines_ && lines_->translates())
        for (SceneInfo& scene : scenes)
            if (!scene.title.empty())
                scene.title = lines_->translationOf(lang::sceneTitleId(scene.name), scene.title).value_or(scene.title);
    return scenes;
}

std::unique_ptr<Simulation> Simulation::rebuild(const Options& options, const std::string& scene, const InputLog& input,
                                                std::uint64_t ticks, const MapCatalog* previous) {
    auto fresh = std::make_unique<Simulation>(options);
    // A map that played until this save and no longer loads keeps the running
    // version, as a script that no longer loads does.
    if (previous)
        for (const auto& failure : fresh->world().maps().failures)
            if (previous->files.count(failure.map)) throw LoadError(failure.line);
    std::string error;
    if (!fresh->startScene(scene, error)) throw LoadError(error);
    InputLog ordered = input;  // a replayed file and live input may interleave
    std::stable_sort(ordered.commands.begin(), ordered.commands.end(),
                     [](const InputCommand& a, const InputCommand& b) { return a.tick < b.tick; });
    fresh->replay(std::move(ordered));
    fresh->fastForwardTo(ticks);
    return fresh;
}

bool Simulation::startScene(const std::string& name, std::string& error) {
    bool topLevel = name == kTopLevelScene && !host_->hasFunction(name) && host_->topLevelLeftProcesses();
    if (!topLevel && !host_->hasFunction(name)) {
        std::string known;
        for (const auto& scene : host_->scenes()) known += (known.empty() ? "" : ", ") + scene.name;
        error = "unknown scene '" + name + "' (scenes: " + known + ")";
        return false;
    }
    const bool firstChapter = chaptersBegun_ == 0;
    story_ = storyAsked_ && !topLevel && host_->hasSceneList() && isChapter(name);
    if (story_ && firstChapter) world_.rememberChapterStart();
    if (story_) chapterStarts_.push_back({name, host_->flags()});
    sceneName_ = name;
    sceneEnded_ = false;
    topLevelScene_ = topLevel;
    chapterStartTick_ = world_.ticks();
    ++chaptersBegun_;
    TranscriptEvent start;
    start.time = world_.time();
    start.name = "scene_start";
    start.with("scene", name);
    if (story_) start.withNumber("chapter", chaptersBegun_);
    if (lines_ && lines_->translates() && firstChapter) start.with("lang", lines_->language());  // said once
    transcript_.record(start);
    if (topLevel) return true;  // its processes run already; tick() sees them end
    host_->startScene(name, [this](const ProcessOutcome& outcome) {
        // The scene runner returns how the story's last function ended, and
        // what follows it as a chapter (runScene in scripts/stage/story.lua).
        std::string status = outcome.status;
        if (status == "done" && !outcome.results.empty() && outcome.results[0].type == ScriptValue::Type::String)
            status = outcome.results[0].string;
        auto result = [&outcome](std::size_t i) {
            return i < outcome.results.size() ? outcome.results[i] : ScriptValue{};
        };
        endScene(status, result(1), result(2));
    });
    return true;
}

bool Simulation::isChapter(const std::string& name) {
    for (const auto& scene : host_->scenes())
        if (scene.name == name) return true;
    return false;
}

// The chapter that follows the one ending: the one it named (nextChapter), none
// (endStory: false), else the next in SCENES; "" when the story ends.
std::string Simulation::chapterAfter(const ScriptValue& named) {
    if (named.type == ScriptValue::Type::String) return named.string;
    if (named.type == ScriptValue::Type::Boolean) return {};
    const auto scenes = host_->scenes();
    for (std::size_t i = 0; i + 1 < scenes.size(); ++i)
        if (scenes[i].name == sceneName_) return scenes[i + 1].name;
    return {};
}

void Simulation::endScene(const std::string& status, const ScriptValue& after, const ScriptValue& ending) {
    sceneEnded_ = true;
    TranscriptEvent end;
    end.time = world_.time();
    end.name = "scene_end";
    end.with("scene", sceneName_).with("status", status);
    if (!story_) {
        transcript_.record(end);
        return;
    }
    // A chapter that failed or was cancelled ends the story there.
    pendingChapter_ = status == "done" ? chapterAfter(after) : std::string();
    end.withNumber("chapter", chaptersBegun_);
    if (!pendingChapter_.empty()) end.with("next", pendingChapter_);
    transcript_.record(end);
    if (pendingChapter_.empty()) {
        TranscriptEvent over;
        over.time = world_.time();
        over.name = "story_end";
        over.with("status", status).withNumber("chapters", chaptersBegun_);
        bool named = ending.type == ScriptValue::Type::String && !ending.string.empty();
        if (named) over.with("ending", ending.string);
        if (status == "done") ending_ = named ? ending.string : sceneName_;
        transcript_.record(over);
    }
}

// The next chapter on the stage as a chapter played alone finds it (World::beginChapter).
void Simulation::beginChapter(std::string name) {
    pendingChapter_.clear();
    world_.beginChapter();
    std::string error;
    if (!startScene(name, error)) {  // the script changed under a hot reload: said like any script error
        host_->reportError(error);
        endScene("failed", ScriptValue::of(false));
    }
}

void Simulation::replay(InputLog log) {
    replay_ = std::move(log);
    replayNext_ = 0;
}

void Simulation::fastForwardTo(std::uint64_t ticks) {
    while (world_.ticks() < ticks) tick();
}

void Simulation::tick() {
    world_.applyDueInput(replay_, replayNext_);
    world_.advance(static_cast<float>(kTickSeconds));
    host_->tick(kTickSeconds);
    if (topLevelScene_ && !sceneEnded_ && host_->liveProcessCount() == 0) endScene("done");
    if (!pendingChapter_.empty() && !world_.isBusy() && host_->liveProcessCount() == 0) beginChapter(pendingChapter_);
    // Once a second, and on the tick a wait that may never end began (a cheap
    // flag: the scheduler raises it, e.g. for a signal no line sends).
    if (host_->takeHangSuspicion() || world_.ticks() % kDeadlockCheckTicks == 0) checkDeadlocks();
    if (world_.ticks() % kDeadlockCheckTicks == 0) warnOfQuietHangs();
}

// A wait on a signal some line could still send may be a hang, or a signal
// still to come: it is told (a warning, on screen until dismissed) once the
// scene has been still for a while: no event, nothing walking, typing or
// fading, no line or menu waiting for the player. (A headless run tells them
// at its end: runHeadless.)
void Simulation::warnOfQuietHangs() {
    const std::size_t events = transcript_.events().size();
    const bool still = events == eventsSeen_ && !world_.isBusy() && !world_.story().busy() && !sceneEnded_;
    eventsSeen_ = events;
    if (!still) {
        quietSince_ = world_.time();
        return;
    }
    if (world_.time() - quietSince_ >= kQuietHangSeconds) tellPossibleHangs();
}

void Simulation::tellPossibleHangs() {
    for (const auto& line : suspectedStuckLines()) {
        if (!warnedHangs_.insert(line).second) continue;
        const std::string shown = host_->forPerson(line);
        if (!quiet_) std::cerr << problemLine(shown) << '\n';
        world_.notices().showWarning(shown);
    }
}

void Simulation::setQuiet(bool quiet) {
    quiet_ = quiet;
    host_->showTracebacks(quiet ? TracebackShown::Silent : tracebacks_);
}

void Simulation::checkDeadlocks() {
    auto stuck = host_->findDeadlocks();
    // A process waiting on a stuck process is stuck as a consequence: name the
    // causes (signal waits), unless joins are all there is (a cycle).
    bool anySignal = std::any_of(stuck.begin(), stuck.end(), [](const StuckProcess& s) {
        return s.certain && s.waitingOn.rfind("process ", 0) != 0;
    });
    for (const auto& s : stuck) {
        if (s.nothingRuns) nothingCanRun_ = true;
        if (anySignal && s.waitingOn.rfind("process ", 0) == 0) continue;
        if (!s.certain || !reportedStuck_.insert(s.name + s.waitingOn).second) continue;
        stuck_ = true;
        stuckNames_.insert(s.name);
        stuckLines_.push_back(describeStuck(s));
        if (!quiet_) std::cerr << problemLine(describeStuck(s)) << '\n';
        world_.notices().showError(describeStuck(s));
        TranscriptEvent e;
        e.time = world_.time();
        e.name = "stuck";
        e.with("process", s.name).with("waiting", s.waitingOn).with("where", s.where);
        if (!s.hint.empty()) e.with("hint", s.hint);
        if (s.sentAt >= 0) e.withNumber("sent_at", s.sentAt);
        transcript_.record(e);
    }
}

// The live processes, then the ones the last jump cancelled (and the scene's
// end, after it): the transcript's `cancelled` lines since its last `jump`.
std::vector<ProcessInfo> Simulation::inspectedProcesses() {
    auto list = host_->processes();
    for (auto& p : list) p.stuck = stuckNames_.count(p.name) > 0;
    const auto& events = transcript_.events();
    std::size_t from = events.size();
    while (from > 0 && events[from - 1].name != "jump") --from;
    for (std::size_t i = from; i < events.size(); ++i) {
        const TranscriptEvent& e = events[i];
        const std::string *name = e.field("process"), *by = e.field("by"), *target = e.field("target");
        if (e.name != "cancelled" || !name || !by) continue;
        ProcessInfo row;
        row.name = *name;
        row.status = "cancelled";
        row.summary = *by == "jump" && target ? "cancelled by jump to " + *target : "cancelled: the scene ended";
        row.cancelled = true;
        list.push_back(row);
    }
    return list;
}

bool Simulation::isSceneOver() {
    return sceneEnded_ && pendingChapter_.empty() && !world_.isBusy() && host_->liveProcessCount() == 0;
}

std::vector<std::string> Simulation::suspectedStuckLines() {
    std::vector<std::string> lines;
    for (const auto& s : host_->findDeadlocks())
        if (!s.certain) lines.push_back(describeStuck(s));
    return lines;
}

}  // namespace stagehand
