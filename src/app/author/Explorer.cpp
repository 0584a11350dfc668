#include "app/author/Explorer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <deque>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>

#include "game/Transcript.h"
#include "lang/LineId.h"
#include "platform/Portable.h"
#include "text/Markup.h"

namespace stagehand {

namespace {

// A walker target is "close enough" within this many world units; one it
// cannot reach (a wall, an actor walking away) is given up after a while.
constexpr float kArrivedDistance = 30.0f;
constexpr double kSecondsPerTarget = 6.0;

// splitmix64: a small seeded generator, the same numbers on every machine.
std::uint64_t nextRandom(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

template <typename T>
void shuffle(std::vector<T>& items, std::uint64_t& rng) {
    for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[nextRandom(rng) % i]);
}

// Stands in for the player whenever a scene hands over control: walks the
// player's actor towards every other actor, then every waypoint, in a seeded
// order, so that "walk up to someone" moments happen with no one at the keys.
class FreeWalker {
public:
    explicit FreeWalker(std::uint64_t seed) : rng_(seed) {}

    void steer(World& world) {
        Cast& cast = world.cast();
        const Actor* player = cast.player();
        if (!player || !cast.controlsEnabled() || world.story().busy()) {
            cast.setPlayerInput({});
            targets_.clear();  // a later free moment picks targets again: actors may have come and gone
            return;
        }
        if (targets_.empty()) pickTargets(cast, player->id);
        std::optional<Vec2> target;
        for (std::size_t tries = 0; tries < targets_.size() && !target; ++tries) {
            target = positionOf(cast, targets_[current_]);
            float dx = target ? target->x - player->position.x : 0, dy = target ? target->y - player->position.y : 0;
            if (!target || std::hypot(dx, dy) < kArrivedDistance || secondsOnTarget_ > kSecondsPerTarget) {
                current_ = (current_ + 1) % targets_.size();
                secondsOnTarget_ = 0;
                target.reset();
            }
        }
        if (!target) return cast.setPlayerInput({});
        float dx = target->x - player->position.x, dy = target->y - player->position.y;
        float length = std::hypot(dx, dy);
        cast.setPlayerInput({dx / length, dy / length});
        secondsOnTarget_ += Simulation::kTickSeconds;
    }

private:
    void pickTargets(const Cast& cast, const std::string& playerId) {
        std::vector<std::string> actors, places;
        for (const auto& actor : cast.actors())
            if (actor.active && actor.id != playerId) actors.push_back("actor " + actor.id);
        for (const auto& [name, position] : cast.waypoints()) places.push_back(name);
        shuffle(actors, rng_);
        shuffle(places, rng_);
        targets_ = actors;
        targets_.insert(targets_.end(), places.begin(), places.end());
        current_ = 0;
        secondsOnTarget_ = 0;
    }

    static std::optional<Vec2> positionOf(const Cast& cast, const std::string& target) {
        if (target.rfind("actor ", 0) == 0) {
            const Actor* actor = cast.findActor(target.substr(6));
            if (actor && actor->active) return actor->position;
            return std::nullopt;
        }
        const Vec2* place = cast.findWaypoint(target);
        return place ? std::optional<Vec2>(*place) : std::nullopt;
    }

    std::uint64_t rng_;
    std::vector<std::string> targets_;
    std::size_t current_ = 0;
    double secondsOnTarget_ = 0;
};

using Path = std::vector<int>;  // the option chosen at each menu met, 1-based
using Flags = std::map<std::string, ScriptValue>;
// The flag states a chapter is explored from besides none: a story whose choices multiply stays bounded.
constexpr std::size_t kStartsPerChapter = 8;

// The flags as one comparable text: two runs that left the same flags are one start for the next chapter.
std::string flagsKey(const Flags& flags) {
    std::string key;
    for (const auto& [name, value] : flags)
        key += name + '\0' + static_cast<char>('0' + static_cast<int>(value.type)) + (value.boolean ? "1" : "0") +
               formatNumber(value.number) + '\0' + value.string + '\0';
    return key;
}

// One play-through of a scene.
struct PathRun {
    Path choices;
    std::vector<std::vector<std::string>> menus;  // the options of each menu met
    std::string status;                           // done, failed, cancelled, stuck, or running (at the time limit)
    double seconds = 0;
    std::vector<std::string> errors, hangs;
    // A chapter of a story that ended: the chapter the story goes on to, and the flags it carries there.
    std::string next;
    Flags flags;
};

// What every run of a scene showed: texts, menu options and story functions entered.
struct Seen {
    std::set<std::string> shown, offered, entered;
};

// Lines scripts and the scheduler write to stderr as they go would repeat
// for every path: the report gathers them instead.
class QuietStderr {
public:
    QuietStderr() : saved_(std::cerr.rdbuf(nullptr)) {}
    ~QuietStderr() { std::cerr.rdbuf(saved_); }
    QuietStderr(const QuietStderr&) = delete;
    QuietStderr& operator=(const QuietStderr&) = delete;

private:
    std::streambuf* saved_;
};

// Observes one run's transcript for the report.
Transcript::Sink watch(PathRun& run, Seen& seen) {
    return [&run, &seen](const TranscriptEvent& e) {
        const std::string* text = e.field("text");
        bool shows = e.name == "line" || e.name == "text" || e.name == "say" || e.name == "banner";
        if (shows && text) seen.shown.insert(*text);
        if (e.name == "jump" && e.field("target")) seen.entered.insert(*e.field("target"));
        if (e.name == "error" && e.field("message")) run.errors.push_back(*e.field("message"));
        if (e.name == "scene_end" && e.field("status")) run.status = *e.field("status");
    };
}

// Whether a path already took `option` at a menu of the same options: on a
// loop back to a menu, choosing again what was chosen before goes round the
// same loop, so such paths are not tried (a random walk may still take them).
bool chosenBefore(const PathRun& run, std::size_t upTo, const std::vector<std::string>& menu, int option) {
    for (std::size_t k = 0; k < upTo; ++k)
        if (run.menus[k] == menu && run.choices[k] == option) return true;
    return false;
}

// Answers an open menu: the path's choice while it has one, then the first
// option not chosen before at this menu (or, on a random walk, any).
void answerMenu(Story& story, PathRun& run, const Path& prefix, std::optional<std::uint64_t>& rng, Seen& seen) {
    const auto& menu = story.currentMenu();
    if (!menu) return;
    const std::vector<std::string>& options = menu->options;
    int count = static_cast<int>(options.size());
    seen.offered.insert(options.begin(), options.end());
    std::size_t k = run.choices.size();
    int choice = 1;
    if (k < prefix.size())
        choice = std::min(prefix[k], count);
    else if (rng)
        choice = 1 + static_cast<int>(nextRandom(*rng) % static_cast<std::uint64_t>(count));
    else
        while (choice < count && chosenBefore(run, k, options, choice)) ++choice;
    run.choices.push_back(choice);
    run.menus.push_back(options);
    story.chooseMenuOption(choice - 1);
}

// Where a chapter starts: the flags it finds, and whether it is a chapter of
// the story (its run stops where the story would go on to the next).
struct Start {
    Flags flags;
    bool story = false;
};

PathRun playPath(const Setup& setup, const std::string& scene, const Start& start, const Path& prefix,
                 std::optional<std::uint64_t> rng, std::uint64_t walkerSeed, Seen& seen) {
    PathRun run;
    QuietStderr quiet;
    Simulation::Options options = makeOptions(setup, watch(run, seen), true);
    options.headless = true;  // pages turn themselves; menus wait for the explorer's answers
    options.menusWaitForAnswers = true;
    options.choices.clear();
    options.mechanics = false;
    options.story = start.story;
    for (const auto& [name, value] : start.flags) options.flags[name] = value;
    Simulation sim(options);
    std::string error;
    if (!sim.startScene(scene, error)) throw LoadError(error);
    seen.entered.insert(scene);
    FreeWalker walker(walkerSeed);
    auto ticks = static_cast<long>(setup.cmd.seconds / Simulation::kTickSeconds + 0.5);
    // A chapter's end is its run's: the next one begins (in the tick that ended this one, when the world is still).
    auto over = [&sim] { return sim.isSceneOver() || !sim.nextChapter().empty() || sim.chaptersBegun() > 1; };
    for (long i = 0; i < ticks && !over() && !sim.nothingCanRun() && !stopRequested(); ++i) {
        answerMenu(sim.world().story(), run, prefix, rng, seen);
        walker.steer(sim.world());
        sim.tick();
    }
    run.seconds = sim.time();
    if (sim.chaptersBegun() > 1) {  // the flags it began with, before its first line ran
        run.next = sim.chapterStarts().back().chapter;
        run.flags = sim.chapterStarts().back().flags;
    } else if (!sim.nextChapter().empty()) {
        run.next = sim.nextChapter();
        run.flags = sim.host().flags();
    }
    if (sim.isStuck()) {
        run.status = "stuck";
        run.hangs = sim.stuckLines();
    } else if (!over()) {
        run.hangs = sim.suspectedStuckLines();
        run.status = run.hangs.empty() ? "running" : "stuck";  // the lines say "may be stuck" themselves
    }
    return run;
}

struct Finding {
    Path path;
    std::string message;
};

struct SceneReport {
    std::string scene;
    std::vector<std::pair<Path, PathRun>> paths;  // each distinct path once, in the order found
    bool everyPath = true;                        // the all-combinations stage ran out of paths, not of --explore-paths
    int newInWalks = 0;
    int walks = 0;  // the random walks run: fewer than asked when the rest would repeat one

    std::vector<Finding> errors, hangs;
    double seconds = 0;  // scene time of every run, walks included
    Seen seen;
    // Where the runs of a story's chapter went on: the next chapter and the flags it would start with.
    std::vector<std::pair<std::string, Flags>> exits;
};

void addFindings(std::vector<Finding>& into, const Path& path, const std::vector<std::string>& messages) {
    for (const auto& message : messages)
        if (std::none_of(into.begin(), into.end(), [&](const Finding& f) { return f.message == message; }))
            into.push_back({path, message});
}

void keep(SceneReport& report, PathRun run, bool randomWalk) {
    report.seconds += run.seconds;
    auto sameExit = [&run](const auto& exit) {
        return exit.first == run.next && flagsKey(exit.second) == flagsKey(run.flags);
    };
    if (!run.next.empty() && std::none_of(report.exits.begin(), report.exits.end(), sameExit))
        report.exits.emplace_back(run.next, run.flags);
    addFindings(report.errors, run.choices, run.errors);
    addFindings(report.hangs, run.choices, run.hangs);
    bool known =
        std::any_of(report.paths.begin(), report.paths.end(), [&](const auto& p) { return p.first == run.choices; });
    if (known) return;
    report.newInWalks += randomWalk;
    Path path = run.choices;
    report.paths.emplace_back(path, std::move(run));
}

// Every menu path (each run follows its prefix, then takes the first option
// not taken before at that menu; each later menu's other options become new
// paths, tried in the order found), then seeded random walks; from each of
// `starts` but the first, every menu path again (a story's chapter, from the
// flags each way through the chapters before it left).
SceneReport exploreScene(const Setup& setup, const std::string& scene, const std::vector<Start>& starts) {
    // The walks of a scene depend on its name, not its place in the list, so
    // --scene NAME repeats what the whole exploration did there.
    std::uint64_t sceneSeed = 14695981039346656037ull;
    for (unsigned char c : scene) sceneSeed = (sceneSeed ^ c) * 1099511628211ull;
    SceneReport report;
    report.scene = scene;
    int runs = 0;
    for (const Start& start : starts) {
        std::deque<Path> queue{Path{}};
        while (!queue.empty() && !stopRequested()) {
            if (runs++ >= setup.cmd.explorePaths) {
                report.everyPath = false;
                break;
            }
            Path prefix = queue.front();
            queue.pop_front();
            PathRun run = playPath(setup, scene, start, prefix, std::nullopt, setup.cmd.seed, report.seen);
            for (std::size_t k = prefix.size(); k < run.choices.size(); ++k)
                for (int option = 1; option <= static_cast<int>(run.menus[k].size()); ++option) {
                    if (option == run.choices[k] || chosenBefore(run, k, run.menus[k], option)) continue;
                    Path next(run.choices.begin(), run.choices.begin() + static_cast<long>(k));
                    next.push_back(option);
                    queue.push_back(next);
                }
            keep(report, std::move(run), false);
        }
    }
    // A walk that meets no menu has nothing random to choose: when one ends as
    // an earlier such walk did (the same end, moment and errors), every later
    // walk would play it again (issue 59: a runaway loop before any menu cost
    // the watchdog's stop on each of the 20 walks), so the walks stop there.
    std::optional<std::tuple<std::string, double, std::vector<std::string>>> menulessEnd;
    for (int walk = 0; walk < setup.cmd.exploreWalks && !stopRequested(); ++walk) {
        std::uint64_t walkSeed = setup.cmd.seed * 1000003u + sceneSeed * 7919u + static_cast<std::uint64_t>(walk);
        std::uint64_t walkerSeed = walkSeed;
        PathRun run =
            playPath(setup, scene, starts.front(), {}, nextRandom(walkSeed), nextRandom(walkerSeed), report.seen);
        ++report.walks;
        const bool menuless = run.choices.empty();
        const auto end = std::make_tuple(run.status, run.seconds, run.errors);
        const bool repeated = menuless && menulessEnd == end;
        if (menuless) menulessEnd = end;
        keep(report, std::move(run), true);
        if (repeated) break;
    }
    return report;
}

std::string pathText(const Path& path) {
    if (path.empty()) return "(no menu)";
    std::string text;
    for (int choice : path) text += (text.empty() ? "" : ",") + std::to_string(choice);
    return text;
}

std::string secondsText(double seconds) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", seconds);
    return text;
}

std::string plural(std::size_t n, const std::string& one, const std::string& many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

// A line the script writes, as the screen shows it (markup and ID taken out),
// and the story function it is in; the one reader found it (ScriptHost::writtenLines).
struct WrittenLine {
    long line = 0;
    std::string call, text, function;
    std::string file;  // a module's path in the game's folder, "" for the main script
    bool isOption() const { return call == "option"; }
    // "FILE:LINE" for a person, the main script shown as `label`.
    std::string where(const std::string& label) const {
        const std::string shown =
            file.empty() ? label : utf8Path(pathFromUtf8(label).parent_path() / pathFromUtf8(file));
        return shown + ":" + std::to_string(line);
    }
};

// The written lines and options runs can show as written: a line() template
// shows its values filled in, so it is left out.
std::vector<WrittenLine> shownLines(const std::vector<ScriptHost::WrittenLine>& lines) {
    std::vector<WrittenLine> out;
    for (const auto& line : lines) {
        if (line.call == "line") continue;
        std::string error, text;
        auto place = line.markup == "shown" ? text::MarkupPlace::Shown : text::MarkupPlace::Typed;
        if (auto marked = text::parseMarkup(line.text, place, error))
            text = marked->plain;
        else
            text = lang::splitLineId(line.text).text;  // a text whose markup is wrong is compared as written
        if (!text.empty()) out.push_back({line.line, line.call, text, line.top, line.file});
    }
    return out;
}

// A written line or option no run showed, with the scene that entered its function.
struct Missed {
    const WrittenLine* line;
    std::string scene;  // "" when no explored scene entered its function
};

void printText(const std::vector<SceneReport>& reports, const std::vector<Missed>& missed, const std::string& label,
               const Setup& setup) {
    auto printMissed = [&](const std::string& scene) {
        for (const auto& m : missed) {
            if (m.scene != scene) continue;
            std::string where = m.line->where(label);
            std::string in = m.line->function.empty() ? "" : " (in " + m.line->function + ")";
            if (m.line->isOption())
                std::cout << "  option never offered: " << where << ": \"" << m.line->text << "\"" << in << '\n';
            else
                std::cout << "  line never shown: " << where << ": " << m.line->call << " \"" << m.line->text << "\""
                          << in << '\n';
        }
    };
    for (const auto& r : reports) {
        std::cout << "scene " << r.scene << ": " << plural(r.paths.size(), "path", "paths") << " ("
                  << (r.everyPath ? "every menu path"
                                  : "the first " + std::to_string(setup.cmd.explorePaths) +
                                        " runs of more menu paths (--explore-paths N)")
                  << ", then " << plural(static_cast<std::size_t>(r.walks), "random walk", "random walks")
                  << (r.walks < setup.cmd.exploreWalks && !stopRequested() ? ", the rest would repeat one" : "") << ": "
                  << r.newInWalks << " new), " << plural(r.errors.size(), "error", "errors") << ", "
                  << plural(r.hangs.size(), "hang", "hangs") << ", " << secondsText(r.seconds) << " s of scene time\n";
        for (const auto& [path, run] : r.paths)
            std::cout << "  path " << pathText(path) << ": " << run.status << " at " << secondsText(run.seconds)
                      << " s\n";
        for (const auto& f : r.errors) std::cout << "  error on path " << pathText(f.path) << ": " << f.message << '\n';
        for (const auto& f : r.hangs) std::cout << "  hang on path " << pathText(f.path) << ": " << f.message << '\n';
        printMissed(r.scene);
    }
    if (std::any_of(missed.begin(), missed.end(), [](const Missed& m) { return m.scene.empty(); })) {
        std::cout << "outside every explored scene's story functions:\n";
        printMissed("");
    }
}

nlohmann::ordered_json pathJson(const Path& path) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (int choice : path) list.push_back(choice);
    return list;
}

void printJsonLine(const nlohmann::ordered_json& object) {
    std::cout << object.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

// (The same shape as printText, which reads the setup.)
void printJson(const std::vector<SceneReport>& reports, const std::vector<Missed>& missed, const std::string& label,
               const Setup& /*setup*/) {
    for (const auto& r : reports) {
        printJsonLine({{"event", "explore_scene"},
                       {"scene", r.scene},
                       {"paths", r.paths.size()},
                       {"every_path", r.everyPath},
                       {"random_walks", r.walks},
                       {"new_in_walks", r.newInWalks},
                       {"errors", r.errors.size()},
                       {"hangs", r.hangs.size()},
                       {"seconds", std::round(r.seconds * 100) / 100}});
        for (const auto& [path, run] : r.paths)
            printJsonLine({{"event", "explore_path"},
                           {"scene", r.scene},
                           {"path", pathJson(path)},
                           {"status", run.status},
                           {"seconds", std::round(run.seconds * 100) / 100}});
        for (const auto& f : r.errors)
            printJsonLine(
                {{"event", "explore_error"}, {"scene", r.scene}, {"path", pathJson(f.path)}, {"message", f.message}});
        for (const auto& f : r.hangs)
            printJsonLine(
                {{"event", "explore_hang"}, {"scene", r.scene}, {"path", pathJson(f.path)}, {"message", f.message}});
    }
    for (const auto& m : missed)
        printJsonLine({{"event", m.line->isOption() ? "explore_never_offered" : "explore_never_shown"},
                       {"scene", m.scene.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(m.scene)},
                       {"where", m.line->where(label)},
                       {"call", m.line->call},
                       {"function", m.line->function},
                       {"text", m.line->text}});
}

// The written lines and options no run showed. With --scene, only those in
// story functions the scene entered are judged: the rest belong elsewhere.
std::vector<Missed> findMissed(const std::vector<WrittenLine>& written, const std::vector<SceneReport>& reports,
                               bool everyScene) {
    std::set<std::string> shown, offered;
    for (const auto& r : reports) {
        shown.insert(r.seen.shown.begin(), r.seen.shown.end());
        offered.insert(r.seen.offered.begin(), r.seen.offered.end());
    }
    std::vector<Missed> missed;
    for (const auto& line : written) {
        if ((line.isOption() ? offered : shown).count(line.text)) continue;
        auto entered = std::find_if(reports.begin(), reports.end(),
                                    [&](const SceneReport& r) { return r.seen.entered.count(line.function) > 0; });
        std::string scene = entered == reports.end() ? "" : entered->scene;
        if (!scene.empty() || everyScene) missed.push_back({&line, scene});
    }
    return missed;
}

std::vector<std::string> scenesToExplore(Simulation& sim, const CommandLine& cmd) {
    if (!cmd.scene.empty()) return {cmd.scene};
    if (sim.isTopLevelScript()) return {Simulation::kTopLevelScene};
    std::vector<std::string> names;
    for (const auto& scene : sim.scenes()) names.push_back(scene.name);
    return names;
}

}  // namespace

int runExplore(const Setup& setup) {
    auto started = std::chrono::steady_clock::now();
    auto sim = loadSimulation(setup, nullptr, true);
    std::vector<std::string> scenes = scenesToExplore(*sim, setup.cmd);
    if (scenes.empty()) return fail("the script defines no scenes (global functions or a SCENES list)", kExitBadInput);
    std::string label = ScriptHost::shownPath(setup.scriptPath);
    std::vector<ScriptHost::WrittenLine> lines;
    std::string error;
    if (!sim->host().writtenLines(lines, error)) std::cerr << error << '\n';  // the lines are read all the same
    std::vector<WrittenLine> written = shownLines(lines);

    // A story's chapters (SCENES, every one explored): each as played alone (no flags), and, in SCENES'
    // order, from the flags each way through the chapters before it leaves there (up to kStartsPerChapter).
    const bool story = setup.cmd.scene.empty() && !sim->isTopLevelScript() && sim->host().hasSceneList();
    std::map<std::string, std::vector<Start>> startsOf;
    std::vector<SceneReport> reports;
    for (const auto& scene : scenes) {
        std::vector<Start> starts{Start{{}, story}};
        for (const auto& start : startsOf[scene]) starts.push_back(start);
        reports.push_back(exploreScene(setup, scene, starts));
        for (const auto& [next, flags] : reports.back().exits) {
            auto& known = startsOf[next];
            auto same = [&flags = flags](const Start& start) { return flagsKey(start.flags) == flagsKey(flags); };
            if (known.size() < kStartsPerChapter && !flags.empty() && std::none_of(known.begin(), known.end(), same))
                known.push_back({flags, true});
        }
    }
    // The runs' messages name the script by its chunk name; the report names it as a person can open it.
    for (auto& r : reports)
        for (auto* findings : {&r.errors, &r.hangs})
            for (auto& f : *findings) f.message = sim->host().forPerson(f.message);
    std::vector<Missed> missed = findMissed(written, reports, setup.cmd.scene.empty());
    (setup.cmd.json ? printJson : printText)(reports, missed, label, setup);

    std::size_t paths = 0, errors = 0, hangs = 0, options = 0;
    double seconds = 0;
    for (const auto& r : reports)
        paths += r.paths.size(), errors += r.errors.size(), hangs += r.hangs.size(), seconds += r.seconds;
    for (const auto& m : missed) options += m.line->isOption();
    double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (setup.cmd.json)
        printJsonLine({{"event", "explore_summary"},
                       {"scenes", reports.size()},
                       {"paths", paths},
                       {"errors", errors},
                       {"hangs", hangs},
                       {"never_offered", options},
                       {"never_shown", missed.size() - options},
                       {"seconds", std::round(seconds * 100) / 100},
                       {"wall_seconds", std::round(wall * 100) / 100}});
    else
        std::cout << "explored " << plural(reports.size(), "scene", "scenes") << ": " << plural(paths, "path", "paths")
                  << ", " << plural(errors, "error", "errors") << ", " << plural(hangs, "hang", "hangs") << ", "
                  << plural(options, "option", "options") << " never offered, "
                  << plural(missed.size() - options, "line", "lines") << " never shown; " << secondsText(seconds)
                  << " s of scene time in " << secondsText(wall) << " s\n";
    std::cout.flush();
    return errors + hangs > 0 ? kExitScriptError : kExitOk;
}

}  // namespace stagehand
