#include "game/InputLog.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <limits>
#include <locale>
#include <optional>
#include <sstream>

#include "game/EnumNames.h"
#include "platform/Portable.h"

namespace stagehand {

namespace {

constexpr const char* kMagic = "stagehand-input 1";

using Kind = InputCommand::Kind;
constexpr EnumName<Kind> kKinds[] = {{Kind::Text, "text"},     {Kind::Move, "move"},     {Kind::Advance, "advance"},
                                     {Kind::Choose, "choose"}, {Kind::Select, "select"}, {Kind::Hover, "hover"}};

const char* kindName(Kind kind) {
    return nameIn(kKinds, kind, "?");
}

// Reads a text command's fields (speed=, auto=, skip=, wait=).
bool parseTextFields(std::istringstream& in, InputCommand& c) {
    c.y = 1;  // files written before "wait=" existed
    std::string field;
    while (in >> field) {
        std::size_t eq = field.find('=');
        if (eq == std::string::npos) return false;
        std::string key = field.substr(0, eq);
        double number = 0;
        if (!parseFiniteNumber(field.substr(eq + 1), number) || number < 0 || number > 100000) return false;
        if (key == "speed")
            c.x = static_cast<float>(number);
        else if (key == "auto")
            c.autoAdvance = number != 0;
        else if (key == "skip")
            c.skipping = number != 0;
        else if (key == "wait" && number > 0 && number <= 10)
            c.y = static_cast<float>(number);
        else
            return false;
    }
    return true;
}

// Reads one command after its tick; false if the words do not make one.
bool parseCommand(std::istringstream& in, InputCommand& c) {
    std::string word;
    in >> word;
    std::optional<Kind> kind = parseIn(kKinds, word);
    if (!kind) return false;
    c.kind = *kind;
    switch (c.kind) {
        case Kind::Advance: break;
        case Kind::Choose:
        case Kind::Select:
        case Kind::Hover:
            if (!(in >> c.number)) return false;
            if (c.kind == Kind::Choose && c.number < 1) return false;
            if (c.kind == Kind::Select && c.number != 1 && c.number != -1) return false;
            if (c.kind == Kind::Hover && c.number < 0) return false;
            break;
        case Kind::Move:
            if (!(in >> c.x >> c.y) || !std::isfinite(c.x) || !std::isfinite(c.y) || std::fabs(c.x) > 1 ||
                std::fabs(c.y) > 1)
                return false;
            break;
        case Kind::Text: return parseTextFields(in, c);
    }
    std::string extra;
    return !(in >> extra);
}

}  // namespace

std::string InputLog::header() const {
    std::string out = std::string(kMagic) + "\n";
    if (!scene.empty()) out += "scene " + scene + "\n";
    if (story) out += "story yes\n";
    if (!chapter.empty()) out += "chapter " + chapter + "\n";
    if (hasSeed) out += "seed " + std::to_string(seed) + "\n";
    if (!language.empty()) out += "language " + language + "\n";
    for (const auto& [name, value] : flags) out += "flag " + name + "=" + value + "\n";
    for (const auto& [name, value] : persistent) out += "persistent " + name + "=" + value + "\n";
    if (!scriptIdentity.empty()) out += "script " + scriptIdentity + "\n";
    if (at > 0) out += "at " + std::to_string(at) + "\n";
    auto oneLine = [](std::string text) {
        for (char& c : text)
            if (c == '\n' || c == '\r') c = ' ';
        return text;
    };
    if (!title.empty()) out += "title " + oneLine(title) + "\n";
    if (played > 0) {
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%.2f", played);
        out += std::string("played ") + seconds + "\n";
    }
    if (!date.empty()) out += "date " + oneLine(date) + "\n";
    if (!file.empty()) out += "file " + oneLine(file) + "\n";
    for (const auto& c : checks)
        out += "check " + std::to_string(c.tick) + " " + c.kind + " " + (c.where.empty() ? "-" : c.where) + " " +
               c.hash + "\n";
    return out + "---\n";
}

std::string InputLog::formatCommand(const InputCommand& c) {
    std::ostringstream out;
    out.imbue(std::locale::classic());
    // Every float as read back bit for bit (a stick's 0.70710677 is not 0.707107): a replay moves as the run did.
    out.precision(std::numeric_limits<float>::max_digits10);
    out << c.tick << ' ' << kindName(c.kind);
    switch (c.kind) {
        case InputCommand::Kind::Text:
            out << " speed=" << c.x << " auto=" << (c.autoAdvance ? 1 : 0) << " skip=" << (c.skipping ? 1 : 0);
            if (c.y != 1) out << " wait=" << c.y;
            break;
        case InputCommand::Kind::Move: out << ' ' << c.x << ' ' << c.y; break;
        case InputCommand::Kind::Choose:
        case InputCommand::Kind::Hover: out << ' ' << c.number; break;
        case InputCommand::Kind::Select: out << (c.number > 0 ? " +1" : " -1"); break;
        case InputCommand::Kind::Advance: break;
    }
    return out.str();
}

bool InputLog::parse(const std::string& text, const std::string& name, InputLog& out, std::string& error) {
    std::istringstream lines(text);
    std::string line;
    int number = 0;
    bool inHeader = true;
    std::uint64_t lastTick = 0;
    auto fail = [&](const std::string& what) {
        error = name + ":" + std::to_string(number) + ": " + what;
        return false;
    };
    while (std::getline(lines, line)) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (number == 1) {
            if (line != kMagic)
                return fail("not a Stagehand input file (the first line must be '" + std::string(kMagic) + "')");
            continue;
        }
        if (line.empty() || line[0] == '#') continue;
        std::istringstream in(line);
        in.imbue(std::locale::classic());
        if (inHeader) {
            std::string key, value;
            in >> key;
            std::getline(in >> std::ws, value);
            if (key == "---") {
                inHeader = false;
            } else if (key == "scene" && !value.empty()) {
                out.scene = value;
            } else if (key == "chapter" && !value.empty()) {
                out.chapter = value;
            } else if (key == "story") {
                if (value != "yes") return fail("story must be 'yes' (or the line left out), not '" + value + "'");
                out.story = true;
            } else if (key == "seed") {
                std::istringstream seed(value);
                if (!(seed >> out.seed) || !seed.eof())
                    return fail("seed must be a non-negative integer, not '" + value + "'");
                out.hasSeed = true;
            } else if (key == "language") {
                bool code = !value.empty() && std::isalpha(static_cast<unsigned char>(value[0]));
                for (char c : value) code = code && (std::isalnum(static_cast<unsigned char>(c)) || c == '-');
                if (!code) return fail("language must be a language code (letters, digits, -), not '" + value + "'");
                out.language = value;
            } else if ((key == "flag" || key == "persistent") && value.find('=') != std::string::npos &&
                       value.find('=') > 0) {
                (key == "flag" ? out.flags : out.persistent)
                    .emplace_back(value.substr(0, value.find('=')), value.substr(value.find('=') + 1));
            } else if (key == "script" && !value.empty()) {
                out.scriptIdentity = value;
            } else if (key == "at") {
                std::istringstream at(value);
                if (!(at >> out.at) || !at.eof()) return fail("at must be a tick number, not '" + value + "'");
            } else if (key == "title" || key == "date" || key == "file") {
                (key == "title" ? out.title : key == "date" ? out.date : out.file) = value;
            } else if (key == "played") {
                if (!parseFiniteNumber(value, out.played) || out.played < 0)
                    return fail("played must be seconds, not '" + value + "'");
            } else if (key == "check") {
                // The kind is one or two words ("text", "wait seconds"): the tick first, where and hash last.
                std::istringstream words(value);
                std::vector<std::string> parts;
                for (std::string word; words >> word;) parts.push_back(word);
                RunCheck check;
                std::istringstream tick(parts.empty() ? "" : parts[0]);
                if (parts.size() < 4 || !(tick >> check.tick) || !tick.eof() || parts.back().size() != 8)
                    return fail("not a check line: '" + line + "' (check TICK KIND WHERE HASH)");
                check.hash = parts.back();
                check.where = parts[parts.size() - 2];
                for (std::size_t i = 1; i + 2 < parts.size(); ++i) check.kind += (i > 1 ? " " : "") + parts[i];
                out.checks.push_back(check);
            } else {
                return fail("unknown header line '" + line +
                            "' (scene, story, chapter, seed, language, flag, script, at, title, played, date, file, "
                            "check, then ---)");
            }
            continue;
        }
        InputCommand c;
        long long tick = -1;
        if (!(in >> tick) || tick < 0) return fail("a command starts with its tick, a whole number: '" + line + "'");
        c.tick = static_cast<std::uint64_t>(tick);
        if (c.tick < lastTick) return fail("ticks must not go back in time (" + std::to_string(tick) + ")");
        if (!parseCommand(in, c))
            return fail(
                "not a command: '" + line +
                "' (advance, choose N, select +1|-1, hover N, move X Y, text speed=S auto=0|1 skip=0|1 [wait=W])");
        lastTick = c.tick;
        out.commands.push_back(c);
    }
    if (number == 0) return fail("empty input file");
    if (inHeader) return fail("no '---' line ends the header");
    return true;
}

std::string scriptIdentity(const std::string& source) {
    std::uint64_t hash = 1469598103934665603ull;
    for (unsigned char byte : source) hash = (hash ^ byte) * 1099511628211ull;
    char text[48];
    std::snprintf(text, sizeof text, "%zu %016llx", source.size(), static_cast<unsigned long long>(hash));
    return text;
}

}  // namespace stagehand
