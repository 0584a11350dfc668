#include "app/run/PlaySession.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <utility>

#include "app/run/SaveRecord.h"
#include "app/run/SaveSlots.h"
#include "platform/Portable.h"

namespace stagehand {

PlaySession::PlaySession(Simulation::Options options, std::string recordPath, InputLog replay)
    : options_(std::move(options)),
      recordPath_(std::move(recordPath)),
      input_(std::move(replay)),
      watcher_(options_.scriptPath, options_.dataRoot, options_.mapFolders) {}

bool PlaySession::start(const std::string& scene, std::string& error, std::uint64_t at) {
    try {
        sim_ = std::make_unique<Simulation>(options_);
        if (!sim_->startScene(scene, error)) return false;
    } catch (const LoadError& e) {
        error = e.what();
        return false;
    }
    watchRunFiles();
    showMapFailures(sim_->world());
    scene_ = scene;
    input_.scene = scene;
    input_.story = sim_->playsStory();
    input_.seed = options_.seed;
    input_.hasSeed = true;
    input_.language = language();
    sim_->replay(input_);
    sim_->fastForwardTo(at);
    if (at > 0) buildSparesNow();
    if (!recordPath_.empty()) {
        record_.open(pathFromUtf8(recordPath_), std::ios::binary | std::ios::trunc);
        if (!record_) std::cerr << "stagehand: cannot write the input record " << recordPath_ << '\n';
        record_ << input_.header();
        for (const auto& command : input_.commands) record_ << InputLog::formatCommand(command) << '\n';
        record_.flush();
    }
    attachRecorder();
    return true;
}

// Besides the script, its folder's pictures, sounds, tables and maps: the
// files the maps read elsewhere and the modules the script required.
void PlaySession::watchRunFiles() {
    std::vector<std::string> files = sim_->world().maps().otherFiles;
    for (const auto& module : sim_->host().modules()) files.push_back(module.path);
    watcher_.watchAlso(files);
}

// The maps left out, on screen too: the scene plays on without them.
void PlaySession::showMapFailures(World& world) {
    std::string lines;
    for (const auto& failure : world.maps().failures) lines += (lines.empty() ? "" : "\n") + failure.line;
    if (!lines.empty()) world.notices().showError(lines);
}

void PlaySession::attachRecorder() {
    sim_->world().setInputRecorder([this](const InputCommand& command) {
        // The player's own answer after a rollback forks the run there.
        using Kind = InputCommand::Kind;
        if (rolledBack() &&
            (command.kind == Kind::Advance || command.kind == Kind::Choose || command.kind == Kind::Move)) {
            input_.commands.push_back(command);
            forkAt(command.tick);
            dropFuture();
            rewriteRecord();
            return;
        }
        input_.commands.push_back(command);
        if (record_) record_ << InputLog::formatCommand(command) << '\n' << std::flush;
    });
}

void PlaySession::reloadIfChanged(double now) {
    std::string changed;
    if (!sim_ || !watcher_.poll(now, changed)) return;
    if (options_.files) options_.files->refresh();  // once, for every part of the run that asks it
    std::string error;
    if (options_.lines) options_.lines->setLanguage(options_.lines->language(), error);  // its table read again
    auto started = std::chrono::steady_clock::now();
    if (!reload(error)) {
        const std::string line = error + " (reload failed: still running the previous version)";
        std::cerr << problemLine(line) << '\n';
        sim_->world().notices().showError(line);
        return;
    }
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    char line[256];
    std::snprintf(line, sizeof line, "reloaded %s (%s at %.2f s, %.0f ms)", changed.c_str(), scene_.c_str(),
                  sim_->time(), ms);
    std::cerr << problemLine(line) << '\n';
    sim_->world().notices().showNotice(line);
}

namespace {
bool readText(const std::string& path, std::string& text) {
    std::ifstream in(pathFromUtf8(path), std::ios::binary);
    if (!in) return false;
    std::ostringstream buffer;
    buffer << in.rdbuf();
    text = buffer.str();
    return true;
}
}  // namespace

bool PlaySession::save(const std::string& path, const std::string& title, std::string& error) {
    std::string source;
    if (!readText(options_.scriptPath, source)) {
        error = "cannot read " + options_.scriptPath;
        return false;
    }
    InputLog save = input_;
    save.language = language();
    save.scriptIdentity = scriptIdentity(source);
    save.at = sim_->ticks();
    save.chapter = sim_->playsStory() && sim_->chapter() != save.scene ? sim_->chapter() : std::string();
    save.title = title;
    save.played = sim_->time();
    save.date = dateNow();
    save.file = options_.scriptPath.substr(options_.scriptPath.find_last_of("/\\") + 1);
    try {
        save.checks = collectChecks(options_, scene_, input_, save.at);
    } catch (const LoadError& e) {
        error = std::string("cannot save: ") + e.what();
        return false;
    }
    std::string text = save.header();
    for (const auto& command : save.commands) text += InputLog::formatCommand(command) + '\n';
    return writeFileSafely(path, text, error);
}

bool PlaySession::readSave(const std::string& path, InputLog& save, std::string& error) {
    std::string text;
    if (!readText(path, text)) {
        error = "cannot open the save " + path;
        return false;
    }
    save = InputLog{};
    if (!InputLog::parse(text, path, save, error)) return false;
    if (save.scriptIdentity.empty() || save.scene.empty()) {
        error = path + ": not a save (it names no script or scene; use --replay for an input file)";
        return false;
    }
    return true;
}

bool PlaySession::resolveSave(const Simulation::Options& options, InputLog& save, std::string& message,
                              std::string& error) {
    std::string source;
    if (!readText(options.scriptPath, source)) {
        error = "cannot read " + options.scriptPath;
        return false;
    }
    if (save.scriptIdentity == scriptIdentity(source)) return true;
    if (save.checks.empty() && save.at > 0) {
        error = "this save was made with another version of " + options.scriptPath +
                " and records nothing to compare it with; it no longer matches, so it would resume somewhere "
                "wrong (start the scene again)";
        return false;
    }
    try {
        Divergence divergence = findDivergence(options, save);
        if (!divergence.diverged) {
            message = "the script changed since this save; it replays the same way";
            return true;
        }
        message = divergence.message;
        save.at = divergence.matchedUpTo;
        auto& commands = save.commands;
        commands.erase(
            std::remove_if(commands.begin(), commands.end(), [&](const InputCommand& c) { return c.tick >= save.at; }),
            commands.end());
        return true;
    } catch (const LoadError& e) {
        error = e.what();
        return false;
    }
}

// Back from the line on screen; with none on screen, back to the last one:
// one past the index of the stop a rollback from now goes to.
std::size_t PlaySession::backStop(const std::vector<std::uint64_t>& stops) {
    std::size_t stop = 0;
    while (stop < stops.size() && stops[stop] <= sim_->ticks()) ++stop;
    if (stop > 0 && sim_->world().story().busy()) --stop;
    return stop;
}

// The ticks of the furthest run's lines, pages and menus, each once.
std::vector<std::uint64_t> PlaySession::stopsOfRun() {
    std::vector<std::uint64_t> stops;
    for (const auto& e : sim_->transcript().events()) {
        if (e.name != "line" && e.name != "text" && e.name != "menu" && e.name != "say") continue;
        auto tick = static_cast<std::uint64_t>(std::llround(e.time / Simulation::kTickSeconds));
        if (stops.empty() || stops.back() != tick) stops.push_back(tick);
    }
    return stops;
}

namespace {
// The input a run standing at `tick` goes on with: the recorded future when
// `live` (rolling forward along it), else only what came before `tick`.
InputLog inputFor(const InputLog& future, std::uint64_t tick, bool live) {
    InputLog before = future;
    if (!live)
        before.commands.erase(std::remove_if(before.commands.begin(), before.commands.end(),
                                             [&](const InputCommand& c) { return c.tick >= tick; }),
                              before.commands.end());
    return before;
}
}  // namespace

// Runs the furthest run's input again from a fresh load up to `tick`; with
// `live`, its input after `tick` is the run's own again (back at the moment
// rolled back from), else it is held aside as the future.
std::unique_ptr<Simulation> PlaySession::goTo(std::uint64_t tick, bool live) {
    dropSparesOfOtherLanguages();
    // The spare standing nearest at or before `tick`: the shortest replay.
    auto nearest = spares_.end();
    for (auto spare = spares_.begin(); spare != spares_.end(); ++spare)
        if (spare->run->ticks() <= tick && (nearest == spares_.end() || spare->run->ticks() > nearest->run->ticks()))
            nearest = spare;
    if (nearest != spares_.end()) {
        auto run = std::move(nearest->run);
        spares_.erase(nearest);
        lastReplayTicks_ = tick - run->ticks();
        return takeOver(std::move(run), tick, live);
    }
    lastReplayTicks_ = tick;
    InputLog before = inputFor(future_, tick, live);
    std::unique_ptr<Simulation> previous;
    try {
        previous = std::exchange(sim_, Simulation::rebuild(options_, scene_, before, tick, &sim_->world().maps()));
    } catch (const LoadError& e) {  // a script saved broken since: the scene stays where it is
        sim_->world().notices().showError(std::string("cannot roll back: ") + e.what());
        return nullptr;
    }
    input_.commands = before.commands;
    showMapFailures(sim_->world());
    attachRecorder();
    rewriteRecord();
    return previous;
}

bool PlaySession::rollBack(std::string& message) {
    std::vector<std::uint64_t> stops = rolled_ ? stops_ : stopsOfRun();
    std::size_t stop = stop_;
    if (!rolled_) stop = backStop(stops);
    if (stop == 0) {
        message = stops.empty() ? "nothing to roll back to: no line has been shown yet"
                                : "this is the first line: there is nothing before it to roll back to";
        return false;
    }
    bool first = !rolled_;
    if (first) {
        rolled_ = true;
        future_ = input_;
        futureEnd_ = sim_->ticks();
        stops_ = std::move(stops);
    }
    stop_ = stop - 1;
    auto previous = goTo(stops_[stop_], false);
    if (first && previous) {  // the furthest run becomes a spare: forward to the end swaps it back at once
        previous->continueReplay(future_, future_.commands.size());  // it has taken all its input
        // A spare replays input; it records none. This one was the live run, with the live recorder:
        // kept, a spare sent on past the player's own answer after the rollback replayed that answer
        // into the live log a second time (seen in Chromium: one tap saved as "710 choose 1" twice).
        previous->world().setInputRecorder(nullptr);
        previous->transcript().setSink(nullptr);
        previous->setQuiet(true);
        spares_.push_back({std::move(previous), futureEnd_, language()});
    }
    return true;
}

bool PlaySession::rollForward(std::string& message) {
    if (!rolled_) {
        message = "nothing to roll forward to: this is the newest moment";
        return false;
    }
    if (stop_ + 1 < stops_.size() && stops_[stop_ + 1] < futureEnd_) {
        ++stop_;
        goTo(stops_[stop_], false);
        return true;
    }
    goTo(futureEnd_, true);  // the moment rolled back from: live again
    dropFuture();
    return true;
}

void PlaySession::dropFuture() {
    rolled_ = false;
    future_ = InputLog{};
    futureEnd_ = 0;
    stops_.clear();
    stop_ = 0;
}

// A spare run standing at `tick` becomes the one on screen.
std::unique_ptr<Simulation> PlaySession::takeOver(std::unique_ptr<Simulation> run, std::uint64_t tick, bool live) {
    InputLog before = inputFor(future_, tick, live);
    run->continueReplay(before);
    run->fastForwardTo(tick);  // quiet still: what it replays was said when it first happened
    run->transcript().setSink(options_.sink);
    run->setQuiet(false);
    auto previous = std::exchange(sim_, std::move(run));
    input_.commands = before.commands;
    attachRecorder();
    rewriteRecord();
    return previous;
}

// The player's own input at `tick` after a rollback: spare runs past it
// followed the old future and go; the others follow the new run.
void PlaySession::forkAt(std::uint64_t tick) {
    spares_.erase(
        std::remove_if(spares_.begin(), spares_.end(), [&](const Spare& spare) { return spare.run->ticks() > tick; }),
        spares_.end());
    for (auto& spare : spares_) {  // the rest follow the new run; their old targets may not be in it
        spare.run->continueReplay(input_);
        spare.target = std::min(spare.target, tick);
    }
    liveStops_.clear();
    for (std::uint64_t stop : stops_)
        if (stop <= tick) liveStops_.push_back(stop);
    eventsSeen_ = sim_->transcript().events().size();
}

// The live run's new stops, as its transcript grows.
void PlaySession::noteLiveStops() {
    const auto& events = sim_->transcript().events();
    for (; eventsSeen_ < events.size(); ++eventsSeen_) {
        const auto& e = events[eventsSeen_];
        if (e.name != "line" && e.name != "text" && e.name != "menu" && e.name != "say") continue;
        auto tick = static_cast<std::uint64_t>(std::llround(e.time / Simulation::kTickSeconds));
        if (liveStops_.empty() || liveStops_.back() != tick) liveStops_.push_back(tick);
    }
}

// The moment on screen: spare runs aimed past it hold the future (rolled back).
std::uint64_t PlaySession::sparesUpTo() const {
    return rolled_ ? stops_[stop_] : sim_->ticks();
}

// Where spare runs should stand, nearest first: the stops before the moment
// on screen, then whole minutes before those.
std::vector<std::uint64_t> PlaySession::wantedTargets() {
    std::vector<std::uint64_t> wanted;
    if (rolled_) {
        for (std::size_t stop = stop_; stop > 0 && wanted.size() < kSpareRuns; --stop)
            wanted.push_back(stops_[stop - 1]);
    } else {
        for (auto stop = liveStops_.rbegin(); stop != liveStops_.rend() && wanted.size() < kSpareRuns; ++stop)
            wanted.push_back(*stop);
    }
    std::uint64_t below = wanted.empty() ? sparesUpTo() : wanted.back();
    std::uint64_t checkpoint = below == 0 ? 0 : (below - 1) / kCheckpointTicks * kCheckpointTicks;
    for (int n = 0; n < kCheckpointSpares && checkpoint > 0; ++n, checkpoint -= kCheckpointTicks)
        wanted.push_back(checkpoint);
    return wanted;
}

// Each wanted tick gets a spare: one aimed there already, else the one no
// longer wanted standing nearest before it, else (one a call) a new run.
// Spares nobody wants go, but for those holding the future while rolled back.
// True when it started a run (a load of the script: a frame's worth of work).
bool PlaySession::aimSpares(const std::vector<std::uint64_t>& wanted) {
    const std::uint64_t upTo = sparesUpTo();
    std::vector<bool> kept(spares_.size(), false);
    std::vector<std::uint64_t> missing;
    for (std::uint64_t target : wanted) {
        bool found = false;
        for (std::size_t i = 0; i < spares_.size() && !found; ++i)
            if (!kept[i] && spares_[i].target == target && spares_[i].run->ticks() <= target) kept[i] = found = true;
        if (!found) missing.push_back(target);
    }
    bool started = false;
    for (std::uint64_t target : missing) {
        std::size_t best = spares_.size();
        for (std::size_t i = 0; i < spares_.size(); ++i)
            if (!kept[i] && spares_[i].target <= upTo && spares_[i].run->ticks() <= target &&
                (best == spares_.size() || spares_[i].run->ticks() > spares_[best].run->ticks()))
                best = i;
        if (best < spares_.size()) {
            spares_[best].target = target;
            kept[best] = true;
        } else if (!started) {
            started = true;
            auto run = newSpare();
            if (!run) return started;  // the script on disk no longer loads: rollback replays, and says why
            spares_.push_back({std::move(run), target, language()});
            kept.push_back(true);
        }
    }
    std::vector<Spare> stay;
    for (std::size_t i = 0; i < spares_.size(); ++i)
        if (kept[i] || spares_[i].target > upTo) stay.push_back(std::move(spares_[i]));
    spares_ = std::move(stay);
    return started;
}

// A new spare run at tick 0 of the session's input, saying nothing.
std::unique_ptr<Simulation> PlaySession::newSpare() {
    try {
        Simulation::Options quiet = options_;
        quiet.sink = nullptr;
        quiet.quiet = true;
        quiet.storyTargetWarnings = false;
        auto run = Simulation::rebuild(quiet, scene_, InputLog{}, 0, &sim_->world().maps());
        run->continueReplay(input_);
        return run;
    } catch (const LoadError&) {
        return nullptr;
    }
}

// During a load or a reload: spare runs at the stops the first rollbacks go to.
void PlaySession::buildSparesNow() {
    noteLiveStops();
    std::size_t stop = backStop(liveStops_);
    for (int n = 0; n < kLoadSpares && stop > 0; ++n) {
        auto run = newSpare();
        if (!run) return;
        run->fastForwardTo(liveStops_[--stop]);
        spares_.push_back({std::move(run), liveStops_[stop], language()});
    }
}

void PlaySession::keepUp(int budgetTicks) {
    if (!sim_) return;
    dropSparesOfOtherLanguages();
    if (!rolled_) noteLiveStops();
    if (aimSpares(wantedTargets())) return;  // starting a run is this frame's spare work
    // The spares aimed nearest the moment on screen first: the next rollback goes there.
    const std::uint64_t upTo = sparesUpTo();
    std::vector<Spare*> behind;
    for (auto& spare : spares_)
        if (spare.target <= upTo && spare.run->ticks() < spare.target) behind.push_back(&spare);
    std::sort(behind.begin(), behind.end(), [](const Spare* a, const Spare* b) { return a->target > b->target; });
    for (Spare* spare : behind) {
        spare->run->continueReplay(input_);
        while (budgetTicks > 0 && spare->run->ticks() < spare->target) {
            spare->run->tick();
            --budgetTicks;
        }
    }
}

int PlaySession::readySpares() const {
    int ready = 0;
    for (const auto& spare : spares_) ready += spare.run->ticks() == spare.target;
    return ready;
}

// The record file holds the run on screen: after a rollback, its input so far.
std::string PlaySession::language() const {
    return options_.lines ? options_.lines->language() : std::string(lang::kSourceLanguage);
}

void PlaySession::dropSparesOfOtherLanguages() {
    const std::string now = language();
    spares_.erase(
        std::remove_if(spares_.begin(), spares_.end(), [&](const Spare& spare) { return spare.language != now; }),
        spares_.end());
}

void PlaySession::rewriteRecord() {
    if (recordPath_.empty()) return;
    record_.close();
    record_.open(pathFromUtf8(recordPath_), std::ios::binary | std::ios::trunc);
    record_ << input_.header();
    for (const auto& command : input_.commands) record_ << InputLog::formatCommand(command) << '\n';
    record_.flush();
}

bool PlaySession::reload(std::string& error) {
    dropFuture();  // an edited script: the recorded future and the spare runs may no longer fit
    spares_.clear();
    liveStops_.clear();
    eventsSeen_ = 0;
    try {
        auto fresh = Simulation::rebuild(options_, scene_, input_, sim_->ticks(), &sim_->world().maps());
        sim_ = std::move(fresh);
        watchRunFiles();
        showMapFailures(sim_->world());
    } catch (const LoadError& e) {
        error = e.what();
        return false;
    }
    attachRecorder();
    if (input_.language != language()) {  // the player's language switch: the run is now in the new one
        input_.language = language();
        rewriteRecord();
    }
    // No spare is built here: a reload (an author's save, the player's language
    // switch) stays one replay, and keepUp brings the spares back over the next
    // frames (bench/RESULTS.md, "Rollback").
    return true;
}

}  // namespace stagehand
