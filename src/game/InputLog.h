// The player's input, tick by tick: what the window records (--record) and
// what a replay, a hot reload or a saved game feeds back (--replay, --load).
// Same script, seed, starting flags and log give the same run, byte for byte.
//
// The text format (docs/REPLAY.md) is one command per line, after a header:
//   stagehand-input 1
//   scene harbour            (optional: the scene to start)
//   story yes                (optional: the scene is a chapter; the story goes on from it)
//   chapter landing          (saves of a story: the chapter on screen when it was saved)
//   seed 1                   (optional)
//   language fr              (optional: the language the run was played in; a
//                            replay or a load plays in it, src/app/run/RunSetup.h)
//   flag NAME=VALUE          (optional, repeatable)
//   script SIZE HASH         (optional: a save refuses a script that changed)
//   at TICK                  (optional: a save's moment; loading fast-forwards there)
//   title TEXT / played SECONDS / date TEXT / file NAME   (saves: what the slot shows)
//   check TICK KIND WHERE HASH   (saves, repeatable: the run's lines, choices and
//                            waits, to find where an edited script diverges)
//   ---
//   TICK text speed=45 auto=0 skip=0
//   TICK move X Y
//   TICK advance | choose N | select +1|-1 | hover N
// TICK is the number of simulation ticks done when the input arrived (60 per
// second); commands of one tick apply in file order, before that tick runs.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace stagehand {

struct InputCommand {
    enum class Kind { Text, Move, Advance, Choose, Select, Hover };
    std::uint64_t tick = 0;
    Kind kind = Kind::Advance;
    float x = 0, y = 0;                          // Move: -1..1; Text: x = characters per second, y = reading-time scale
    int number = 0;                              // Choose/Hover: 1-based option (Hover 0: none); Select: -1 or +1
    bool autoAdvance = false, skipping = false;  // Text
};

// One line, choice or wait of a run, as a save remembers it: the tick it
// happened on, its kind ("wait seconds", "text", "choice"...), where the
// script was (file:line, "-" when the event names none) and a hash of what it
// showed or waited for. A replay of an edited script compares its own.
struct RunCheck {
    std::uint64_t tick = 0;
    std::string kind, where;
    std::string hash;  // 8 hex digits
    bool operator==(const RunCheck& o) const { return tick == o.tick && kind == o.kind && hash == o.hash; }
};

struct InputLog {
    std::string scene;
    bool story = false;   // the scene started is the first chapter played of a story (Simulation::Options::story)
    std::string chapter;  // a save of a story: the chapter on screen (its card's title), "" for `scene`
    std::uint64_t seed = 1;
    bool hasSeed = false;
    std::string language;  // the language its lines were shown in ("": not said, a log from before issue 43)
    std::vector<std::pair<std::string, std::string>> flags;
    std::vector<std::pair<std::string, std::string>> persistent;  // the script's `persistent` at the start
    std::string scriptIdentity;                                   // "SIZE HASH" of the script a save was made with
    std::uint64_t at = 0;                                         // a save's moment, in ticks (0: the start)
    std::string title;  // saves: the scene's title, the time played, the date, the script's file name
    double played = 0;
    std::string date, file;
    std::vector<RunCheck> checks;  // saves: the run's lines, choices and waits up to `at`
    std::vector<InputCommand> commands;

    std::string header() const;
    static std::string formatCommand(const InputCommand& command);
    // Parses the text format; on a mistake returns false with "NAME:LINE: what".
    static bool parse(const std::string& text, const std::string& name, InputLog& out, std::string& error);
};

// "SIZE HASH" (FNV-1a) of a script's text: a save names the script it needs.
std::string scriptIdentity(const std::string& source);

}  // namespace stagehand
