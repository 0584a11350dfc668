#include "game/MapData.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <locale>
#include <set>
#include <sstream>
#include <vector>

#include "game/TiledMap.h"
#include "game/Transcript.h"
#include "game/World.h"
#include "platform/GameFiles.h"
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

// "waypoints above it: a, b" for an unknown start waypoint.
std::string waypointsOf(const std::string& mapName, const World& world) {
    std::string names;
    std::string prefix = mapName + ".";
    for (const auto& [name, point] : world.cast().waypoints())
        if (name.rfind(prefix, 0) == 0) names += (names.empty() ? "" : ", ") + name.substr(prefix.size());
    return names.empty() ? "no waypoint is defined above it" : "waypoints above it: " + names;
}

void parseLine(const std::vector<std::string>& w, const std::string& mapName, const std::string& where, World& world) {
    if (w[0] == "waypoint") {
        if (w.size() != 4) throw std::invalid_argument("expected: waypoint NAME X Y");
        world.cast().addWaypoint(mapName + "." + w[1], {parseNumber(w[2], "X"), parseNumber(w[3], "Y")});
    } else if (w[0] == "actor") {
        if (w.size() != 6 && w.size() != 7)
            throw std::invalid_argument("expected: actor ID \"Name\" #rrggbb GLYPH START_WAYPOINT [SPEED]");
        if (!claimActorId(w[1], mapName, where, world)) return;
        const Vec2* start = world.cast().findWaypoint(mapName + "." + w[5]);
        if (!start)
            throw std::invalid_argument("unknown start waypoint '" + w[5] + "' (" + waypointsOf(mapName, world) + ")");
        Actor actor;
        actor.id = w[1];
        actor.displayName = w[2];
        actor.color = parseColor(w[3]);
        actor.glyph = w[4];
        actor.position = *start;
        if (w.size() == 7) actor.speed = parseNumber(w[6], "SPEED");
        world.cast().addActor(actor);
        world.maps().actorStarts.push_back({actor.id, mapName, *start, where});
    } else if (w[0] == "backdrop") {
        std::optional<Backdrop> backdrop = w.size() == 2 ? parseBackdrop(w[1]) : std::nullopt;
        if (!backdrop) throw std::invalid_argument(std::string("expected: backdrop ") + backdropNamesForHelp());
        world.scenery().setBackdrop(mapName, *backdrop);
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
            if (!words.empty()) parseLine(words, mapName, path + ":" + std::to_string(number), world);
        } catch (const std::invalid_argument& e) {
            throw MapError(path + ":" + std::to_string(number) + ": " + e.what());
        }
    }
}

namespace {

namespace fs = std::filesystem;

void loadAnyMap(const fs::path& file, World& world) {
    std::string path = utf8Path(file), name = utf8Path(file.stem());
    world.maps().files[name] = path;
    if (file.extension() == ".map")
        loadMapFile(path, name, world);
    else
        loadTiledMap(path, name, world);
    warnOfHiddenActors(name, world);
}

// What one map adds to the world, so that a map that fails half-way can be
// taken out again: the rest of the game plays without it.
struct MapMark {
    std::size_t actors, actorStarts, warnings;
    explicit MapMark(World& world)
        : actors(world.cast().actors().size()),
          actorStarts(world.maps().actorStarts.size()),
          warnings(world.maps().warnings.size()) {}
    void undo(const std::string& mapName, World& world) const {
        world.cast().forgetMapSetup(mapName + ".", actors);
        world.scenery().forgetBackdrop(mapName);
        MapCatalog& catalog = world.maps();
        catalog.actorStarts.resize(actorStarts);
        catalog.warnings.resize(warnings);
        catalog.files.erase(mapName);
        catalog.tileMaps.erase(mapName);
    }
};

void recordFailure(const std::string& mapName, const std::string& file, const std::string& reason, World& world) {
    MapCatalog& catalog = world.maps();
    catalog.failures.push_back(
        {mapName, file, reason, reason + " (maps are looked for in " + catalog.foldersText() + ")"});
}

}  // namespace

void loadMaps(const FileIndex& maps, World& world) {
    MapCatalog& catalog = world.maps();
    catalog.folders = maps.folders();
    // Folder by folder, so that an author's map defines a shared actor before the game's maps do
    // (claimActorId); each folder's own failures (two files of a name, a folder not read) first.
    for (std::size_t i = 0; i < maps.folders().size(); ++i) {
        const std::string& folder = maps.folders()[i];
        for (const auto& conflict : maps.conflicts())
            if (conflict.folder == i)
                recordFailure(conflict.name, utf8Path(conflict.second),
                              "two files for map '" + conflict.name + "' in " + folder + ": " +
                                  utf8Path(conflict.first.filename()) + " and " + utf8Path(conflict.second.filename()) +
                                  " (keep one)",
                              world);
        for (const auto& [unread, why] : maps.unreadable())
            if (unread == folder) recordFailure("", folder, "cannot read map folder " + folder + ": " + why, world);
        for (const auto& [name, found] : maps.files()) {
            if (found.folder != i) continue;
            MapMark mark(world);
            try {
                loadAnyMap(found.file, world);
            } catch (const MapError& e) {
                mark.undo(name, world);
                recordFailure(name, utf8Path(found.file), e.what(), world);
            }
        }
    }
}

void loadMapFolders(const std::vector<std::string>& folders, World& world) {
    loadMaps(FileIndex(AssetKind::Maps, folders), world);
}

void loadMapFolder(const std::string& folder, World& world) {
    loadMapFolders({folder}, world);
}

void warnOfHiddenActors(const std::string& mapName, World& world) {
    Vec2 camera{screen::kWidth / 2, screen::kHeight / 2};  // where the camera starts
    std::string cameraName = "640,360 (no " + mapName + ".camera waypoint)";
    std::string prefix = mapName + ".camera";
    for (const auto& [name, point] : world.cast().waypoints())
        if (name.rfind(prefix, 0) == 0) {
            camera = point, cameraName = name;
            break;
        }
    MapCatalog& catalog = world.maps();
    for (const auto& start : catalog.actorStarts) {
        if (start.map != mapName || !screen::underDialogueBox(screen::fromWorld(start.point, camera))) continue;
        catalog.warnings.push_back(start.where + ": actor '" + start.actor + "' starts at " +
                                   formatNumber(start.point.x) + "," + formatNumber(start.point.y) +
                                   ", under the dialogue box with the camera at " + cameraName +
                                   " (the box covers screen y " + formatNumber(screen::kDialogueTop) + " to " +
                                   formatNumber(screen::kDialogueBottom) + " of 720): hidden while anyone speaks");
    }
}

}  // namespace stagehand
