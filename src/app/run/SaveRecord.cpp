#include "app/run/SaveRecord.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>

namespace stagehand {

namespace {

std::string hashOf(const std::string& text) {
    std::uint32_t hash = 2166136261u;
    for (unsigned char byte : text) hash = (hash ^ byte) * 16777619u;
    char out[16];
    std::snprintf(out, sizeof out, "%08x", hash);
    return out;
}

std::string fieldOf(const TranscriptEvent& e, const char* key) {
    const std::string* value = e.field(key);
    return value ? *value : "";
}

std::uint64_t tickOf(const TranscriptEvent& e) {
    return static_cast<std::uint64_t>(std::llround(e.time / Simulation::kTickSeconds));
}

// "a wait (seconds 2.800)", "text \"Hello\"": what the player would recognise.
std::string describe(const TranscriptEvent& e) {
    if (e.name == "wait") return "a wait (" + fieldOf(e, "kind") + " " + fieldOf(e, "target") + ")";
    if (e.name == "menu") return "a menu (" + fieldOf(e, "options") + ")";
    if (e.name == "choice") return "the choice " + fieldOf(e, "index") + " (" + fieldOf(e, "text") + ")";
    std::string text = fieldOf(e, "text");
    if (text.size() > 40) text = text.substr(0, 37) + "...";
    return (e.name == "say" ? "a bubble" : e.name == "line" ? "a line" : "a page") + std::string(" \"") + text + "\"";
}

std::string secondsAt(std::uint64_t tick) {
    char out[32];
    std::snprintf(out, sizeof out, "%.2f s", static_cast<double>(tick) * Simulation::kTickSeconds);
    return out;
}

std::unique_ptr<Simulation> startedRun(Simulation::Options options, const InputLog& input,
                                       const Transcript::Sink& sink) {
    options.sink = sink;
    options.mechanics = true;
    options.quiet = true;  // the run on screen has said its errors already
    options.storyTargetWarnings = false;
    options.lines = nullptr;  // checks hash the source's lines: a save made in one language loads in another
    auto sim = std::make_unique<Simulation>(options);
    std::string error;
    if (!sim->startScene(input.scene, error)) throw LoadError(error);
    InputLog ordered = input;
    std::stable_sort(ordered.commands.begin(), ordered.commands.end(),
                     [](const InputCommand& a, const InputCommand& b) { return a.tick < b.tick; });
    sim->replay(std::move(ordered));
    return sim;
}

}  // namespace

std::optional<RunCheck> checkOf(const TranscriptEvent& e) {
    RunCheck check;
    check.tick = tickOf(e);
    check.where = "-";
    if (e.name == "wait") {
        check.kind = "wait:" + fieldOf(e, "kind");
        check.where = fieldOf(e, "where");
        check.hash = hashOf(fieldOf(e, "target"));
    } else if (e.name == "line" || e.name == "text" || e.name == "say") {
        check.kind = e.name;
        check.hash = hashOf(fieldOf(e, "speaker") + fieldOf(e, "actor") + "\n" + fieldOf(e, "text"));
    } else if (e.name == "menu") {
        check.kind = e.name;
        check.hash = hashOf(fieldOf(e, "options"));
    } else if (e.name == "choice") {
        check.kind = e.name;
        check.hash = hashOf(fieldOf(e, "index") + "\n" + fieldOf(e, "text"));
    } else {
        return std::nullopt;
    }
    // One word per field in the save's text ("(stage library)" has a space).
    for (std::string* text : {&check.kind, &check.where}) std::replace(text->begin(), text->end(), ' ', '_');
    if (check.where.empty()) check.where = "-";
    return check;
}

std::vector<RunCheck> collectChecks(Simulation::Options options, const std::string& scene, const InputLog& input,
                                    std::uint64_t ticks) {
    std::vector<RunCheck> checks;
    InputLog log = input;
    log.scene = scene;
    auto sim = startedRun(options, log, [&](const TranscriptEvent& e) {
        if (auto check = checkOf(e)) checks.push_back(*check);
    });
    sim->fastForwardTo(ticks);
    return checks;
}

Divergence findDivergence(Simulation::Options options, const InputLog& save) {
    Divergence result;
    std::size_t next = 0;
    std::optional<TranscriptEvent> different;  // the first event of today's run that the save did not have
    std::string where;                         // the first file:line of today's run from there
    auto sim = startedRun(options, save, [&](const TranscriptEvent& e) {
        auto check = checkOf(e);
        if (!check) return;
        if (different) {
            if (where.empty() && check->where != "-" && check->tick == tickOf(*different)) where = fieldOf(e, "where");
            return;
        }
        if (next < save.checks.size() && save.checks[next] == *check) {
            ++next;
            return;
        }
        different = e;
        if (check->where != "-") where = fieldOf(e, "where");
    });
    while (sim->ticks() < save.at && !different) sim->tick();
    if (different) sim->tick();  // the rest of that tick's events: the wait that says where
    std::string scriptName = options.scriptPath.substr(options.scriptPath.find_last_of("/\\") + 1);
    if (different) {
        std::uint64_t tick = tickOf(*different);
        result.diverged = true;
        result.matchedUpTo = tick > 0 ? tick - 1 : 0;
        std::string said = next < save.checks.size()
                               ? "where the save had " + save.checks[next].kind +
                                     (save.checks[next].where != "-" ? " at " + save.checks[next].where : "")
                               : "after the save's last one";
        result.message = "the save diverges from " + scriptName + " at " + (where.empty() ? "?" : where) + " (" +
                         secondsAt(tick) + "): the script now shows " + describe(*different) + ", " + said +
                         "; loaded up to " + secondsAt(result.matchedUpTo) + ", the last moment that matches";
    } else if (next < save.checks.size()) {
        const RunCheck& missing = save.checks[next];
        result.diverged = true;
        result.matchedUpTo = missing.tick > 0 ? missing.tick - 1 : 0;
        result.message = "the save diverges from " + scriptName + " at " +
                         (missing.where != "-" ? missing.where : "?") + " (" + secondsAt(missing.tick) +
                         "): the script no longer reaches the save's " + missing.kind + " there; loaded up to " +
                         secondsAt(result.matchedUpTo) + ", the last moment that matches";
    } else {
        result.matchedUpTo = save.at;
    }
    return result;
}

}  // namespace stagehand
