#include "game/MapData.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <locale>
#include <sstream>
#include <vector>

#include "game/World.h"
#include "platform/Portable.h"

namespace stagehand {

namespace {

// "#rrggbb" followed by a space or the end of the line is a colour, not a comment.
bool isColourAt(const std::string& line, std::size_t i) {
    if (i + 7 > line.size()) return false;
    for (std::size_t k = i + 1; k < i + 7; ++k)
        if (!std::isxdigit(static_cast<unsigned char>(line[k]))) return false;
    return i + 7 == line.size() || line[i + 7] == ' ' || line[i + 7] == '\t' || line[i + 7] == '\r';
}

// Splits a line into words; "double quoted" words may hold spaces.
std::vector<std::string> tokenize(const std::string& line) {
    std::vector<std::string> words;
    std::size_t i = 0;
    while (i < line.size()) {
        if (line[i] == ' ' || line[i] == '\t' || line[i] == '\r') {
            ++i;
        } else if (line[i] == '#' && !isColourAt(line, i)) {
            break;  // a comment runs to the end of the line
        } else if (line[i] == '"') {
            std::size_t end = line.find('"', i + 1);
            if (end == std::string::npos) throw std::invalid_argument("unterminated quote");
            words.push_back(line.substr(i + 1, end - i - 1));
            i = end + 1;
        } else {
            std::size_t end = line.find_first_of(" \t\r", i);
            words.push_back(line.substr(i, end == std::string::npos ? std::string::npos : end - i));
            i = end == std::string::npos ? line.size() : end;
        }
    }
    return words;
}

// A finite coordinate, read the same in every locale: NaN, infinity and
// values a walk could never reach are refused (file:line is added by the caller).
float parseNumber(const std::string& word, const char* what) {
    double value = 0;
    if (!parseFiniteNumber(word, value) || std::fabs(value) > 1e6)
        throw std::invalid_argument(std::string(what) + " must be a finite number within +-1000000, not '" + word +
                                    "'");
    return static_cast<float>(value);
}

Color parseColor(const std::string& word) {
    if (word.size() != 7 || word[0] != '#' ||
        !std::all_of(word.begin() + 1, word.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); }))
        throw std::invalid_argument("colour must look like #rrggbb, not '" + word + "'");
    auto channel = [&](int at) { return static_cast<std::uint8_t>(std::stoi(word.substr(at, 2), nullptr, 16)); };
    return {channel(1), channel(3), channel(5), 255};
}

void parseLine(const std::vector<std::string>& w, const std::string& mapName, World& world) {
    if (w[0] == "waypoint") {
        if (w.size() != 4) throw std::invalid_argument("expected: waypoint NAME X Y");
        world.cast().addWaypoint(mapName + "." + w[1], {parseNumber(w[2], "X"), parseNumber(w[3], "Y")});
    } else if (w[0] == "actor") {
        if (w.size() != 6 && w.size() != 7)
            throw std::invalid_argument("expected: actor ID \"Name\" #rrggbb GLYPH START_WAYPOINT [SPEED]");
        if (world.cast().findActor(w[1])) throw std::invalid_argument("actor '" + w[1] + "' is defined twice");
        const Vec2* start = world.cast().findWaypoint(mapName + "." + w[5]);
        if (!start) throw std::invalid_argument("unknown start waypoint '" + w[5] + "' (define it above)");
        Actor actor;
        actor.id = w[1];
        actor.displayName = w[2];
        actor.color = parseColor(w[3]);
        actor.glyph = w[4];
        actor.position = *start;
        if (w.size() == 7) actor.speed = parseNumber(w[6], "SPEED");
        world.cast().addActor(actor);
    } else if (w[0] == "backdrop") {
        std::optional<Backdrop> backdrop = w.size() == 2 ? parseBackdrop(w[1]) : std::nullopt;
        if (!backdrop) throw std::invalid_argument(std::string("expected: backdrop ") + backdropNamesForHelp());
        world.effects().setBackdrop(mapName, *backdrop);
    } else {
        throw std::invalid_argument("unknown entry '" + w[0] + "' (expected waypoint, actor or backdrop)");
    }
}

}  // namespace

void loadMapFile(const std::string& path, const std::string& mapName, World& world) {
    std::ifstream in(pathFromUtf8(path));
    if (!in) throw MapError("cannot open map " + path);
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        try {
            auto words = tokenize(line);
            if (!words.empty()) parseLine(words, mapName, world);
        } catch (const std::invalid_argument& e) {
            throw MapError(path + ":" + std::to_string(number) + ": " + e.what());
        }
    }
}

void loadMapFolder(const std::string& folder, World& world) {
    namespace fs = std::filesystem;
    std::error_code ec;
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(pathFromUtf8(folder), ec))
        if (entry.path().extension() == ".map") files.push_back(entry.path());
    if (ec) throw MapError("cannot read map folder " + folder + ": " + ec.message());
    std::sort(files.begin(), files.end());
    for (const auto& file : files) loadMapFile(utf8Path(file), utf8Path(file.stem()), world);
}

}  // namespace stagehand
