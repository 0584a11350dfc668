#include "game/TiledMap.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "game/MapCast.h"
#include "game/World.h"
#include "platform/Portable.h"

namespace stagehand {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

// Tiled keeps a tile's flips in the top bits of its global id.
constexpr std::uint32_t kFlippedHorizontally = 0x80000000u, kFlippedVertically = 0x40000000u,
                        kFlippedDiagonally = 0x20000000u, kRotatedHexagonal = 0x10000000u;
constexpr std::uint32_t kGidMask =
    ~(kFlippedHorizontally | kFlippedVertically | kFlippedDiagonally | kRotatedHexagonal);

// A problem in one part of the file; the loader adds the file's name.
struct Problem : std::runtime_error {
    using std::runtime_error::runtime_error;
};

std::string describe(const json& value) {
    std::string text = value.dump();
    return text.size() > 40 ? text.substr(0, 37) + "..." : text;
}

json readJson(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw Problem("cannot open the file");
    std::stringstream text;
    text << in.rdbuf();
    try {
        return json::parse(text.str());
    } catch (const json::parse_error& e) {
        std::string what = e.what();  // "[json.exception.parse_error.101] parse error at line 3, ..."
        std::size_t start = what.find("] ");
        throw Problem("not a JSON file: " + (start == std::string::npos ? what : what.substr(start + 2)));
    }
}

int intField(const json& object, const char* key, const std::string& where, int fallback = -1) {
    auto it = object.find(key);
    if (it == object.end() && fallback >= 0) return fallback;
    if (it == object.end() || !it->is_number_integer() || it->get<long long>() < 0 || it->get<long long>() > 1 << 24)
        throw Problem(where + "needs \"" + key + "\" as a whole number from 0 to 16777216" +
                      (it == object.end() ? "" : ", not " + describe(*it)));
    return it->get<int>();
}

float numberField(const json& object, const char* key, const std::string& where, float fallback) {
    auto it = object.find(key);
    if (it == object.end()) return fallback;
    if (!it->is_number() || !std::isfinite(it->get<double>()) || std::fabs(it->get<double>()) > 1e6)
        throw Problem(where + "needs \"" + key + "\" as a number within +-1000000, not " + describe(*it));
    return it->get<float>();
}

std::string stringField(const json& object, const char* key) {
    auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : "";
}

// Custom properties: Tiled writes [{"name":, "type":, "value":}] (older
// versions an object of name -> value).
json properties(const json& object) {
    json byName = json::object();
    auto it = object.find("properties");
    if (it == object.end()) return byName;
    if (it->is_object()) return *it;
    if (it->is_array())
        for (const auto& p : *it)
            if (p.is_object() && p.contains("name") && p["name"].is_string() && p.contains("value"))
                byName[p["name"].get<std::string>()] = p["value"];
    return byName;
}

// "#rrggbb", or Tiled's colour property "#aarrggbb" (the alpha is dropped).
Color parseColour(const json& value, const std::string& where) {
    std::string text = value.is_string() ? value.get<std::string>() : "";
    if (text.size() == 9 && text[0] == '#') text = "#" + text.substr(3);
    bool valid = text.size() == 7 && text[0] == '#' && std::all_of(text.begin() + 1, text.end(), [](char c) {
                     return std::isxdigit(static_cast<unsigned char>(c));
                 });
    if (!valid) throw Problem(where + "property \"colour\" must look like #rrggbb, not " + describe(value));
    auto channel = [&](int at) { return static_cast<std::uint8_t>(std::stoi(text.substr(at, 2), nullptr, 16)); };
    return {channel(1), channel(3), channel(5), 255};
}

std::int64_t modificationStamp(const fs::path& file) {
    std::error_code ec;
    auto time = fs::last_write_time(file, ec);
    return ec ? 0 : static_cast<std::int64_t>(time.time_since_epoch().count());
}

// --- Tilesets ---------------------------------------------------------------

Tileset readTileset(const json& set, const fs::path& folder, const std::string& where, World& world) {
    if (!set.contains("image")) {
        std::string kind = set.contains("tiles") ? "a collection of images" : "no picture";
        throw Problem(where + "is " + kind + "; only tilesets cut from one picture are supported");
    }
    Tileset tileset;
    fs::path image = folder / pathFromUtf8(stringField(set, "image"));
    std::error_code ec;
    if (!fs::is_regular_file(image, ec)) throw Problem(where + "its picture " + utf8Path(image) + " is missing");
    tileset.imagePath = utf8Path(image);
    tileset.imageStamp = modificationStamp(image);
    world.maps().otherFiles.push_back(tileset.imagePath);
    tileset.imageWidth = intField(set, "imagewidth", where);
    tileset.imageHeight = intField(set, "imageheight", where);
    tileset.tileWidth = intField(set, "tilewidth", where);
    tileset.tileHeight = intField(set, "tileheight", where);
    tileset.tileCount = intField(set, "tilecount", where);
    tileset.columns = intField(set, "columns", where);
    tileset.margin = intField(set, "margin", where, 0);
    tileset.spacing = intField(set, "spacing", where, 0);
    if (tileset.tileWidth == 0 || tileset.tileHeight == 0 || tileset.columns == 0)
        throw Problem(where + "needs tiles at least 1x1 and at least one column");
    return tileset;
}

Tileset loadTileset(const json& reference, const fs::path& mapFolder, World& world) {
    std::string where = "tileset ";
    if (!reference.is_object()) throw Problem("a tileset entry is not an object: " + describe(reference));
    std::uint32_t firstGid = static_cast<std::uint32_t>(intField(reference, "firstgid", where));
    if (!reference.contains("source")) {
        where += "'" + stringField(reference, "name") + "': ";
        Tileset tileset = readTileset(reference, mapFolder, where, world);
        tileset.firstGid = firstGid;
        return tileset;
    }
    fs::path file = mapFolder / pathFromUtf8(stringField(reference, "source"));
    where += utf8Path(file) + ": ";
    if (file.extension() == ".tsx")
        throw Problem(where + "is in Tiled's XML format; save the tileset as JSON (.tsj) and point the map at it");
    std::error_code ec;
    if (!fs::is_regular_file(file, ec)) throw Problem(where + "the tileset file is missing");
    world.maps().otherFiles.push_back(utf8Path(file));
    json set;
    try {
        set = readJson(file);
    } catch (const Problem& e) {
        throw Problem(where + e.what());
    }
    Tileset tileset = readTileset(set, file.parent_path(), where, world);
    tileset.firstGid = firstGid;
    return tileset;
}

// --- Tile layers ------------------------------------------------------------

std::vector<std::uint32_t> decodeBase64(const std::string& text, const std::string& where) {
    static const std::string kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::vector<std::uint8_t> bytes;
    std::uint32_t buffer = 0;
    int bits = 0;
    for (char c : text) {
        if (c == '=' || std::isspace(static_cast<unsigned char>(c))) continue;
        std::size_t value = kAlphabet.find(c);
        if (value == std::string::npos) throw Problem(where + "its base64 data holds '" + std::string(1, c) + "'");
        buffer = (buffer << 6) | static_cast<std::uint32_t>(value);
        bits += 6;
        if (bits >= 8) bytes.push_back(static_cast<std::uint8_t>(buffer >> (bits -= 8)));
    }
    if (bytes.size() % 4) throw Problem(where + "its base64 data is not a whole number of 4-byte tiles");
    std::vector<std::uint32_t> gids;
    for (std::size_t i = 0; i < bytes.size(); i += 4)  // little-endian, as Tiled writes them
        gids.push_back(bytes[i] | bytes[i + 1] << 8 | bytes[i + 2] << 16 |
                       static_cast<std::uint32_t>(bytes[i + 3]) << 24);
    return gids;
}

std::vector<std::uint32_t> rawTileData(const json& layer, const std::string& where) {
    auto data = layer.find("data");
    if (data == layer.end()) throw Problem(where + "has no \"data\" (an infinite map's chunks are not supported)");
    if (data->is_string()) {
        std::string compression = stringField(layer, "compression");
        if (!compression.empty())
            throw Problem(where + "is " + compression +
                          "-compressed, which is not supported: in Tiled choose Map > Map Properties > Tile Layer "
                          "Format CSV (or Base64 uncompressed)");
        if (stringField(layer, "encoding") != "base64")
            throw Problem(where + "has data in an unknown encoding '" + stringField(layer, "encoding") + "'");
        return decodeBase64(data->get<std::string>(), where);
    }
    if (!data->is_array()) throw Problem(where + "has \"data\" that is neither an array nor base64 text");
    std::vector<std::uint32_t> gids;
    for (const auto& gid : *data) {
        if (!gid.is_number_unsigned() || gid.get<unsigned long long>() > 0xFFFFFFFFull)
            throw Problem(where + "has a tile id that is not a whole number: " + describe(gid));
        gids.push_back(static_cast<std::uint32_t>(gid.get<unsigned long long>()));
    }
    return gids;
}

bool inSomeTileset(std::uint32_t gid, const std::vector<Tileset>& tilesets) {
    return std::any_of(tilesets.begin(), tilesets.end(), [gid](const Tileset& t) {
        return gid >= t.firstGid && gid < t.firstGid + static_cast<std::uint32_t>(t.tileCount);
    });
}

TileLayer readTileLayer(const json& layer, Vec2 offset, const TileMap& map, const std::string& where) {
    TileLayer tiles;
    tiles.name = stringField(layer, "name");
    tiles.width = intField(layer, "width", where);
    tiles.height = intField(layer, "height", where);
    tiles.offset = offset;
    tiles.opacity = std::clamp(numberField(layer, "opacity", where, 1), 0.0f, 1.0f);
    std::vector<std::uint32_t> raw = rawTileData(layer, where);
    if (raw.size() != static_cast<std::size_t>(tiles.width) * tiles.height)
        throw Problem(where + "has " + std::to_string(raw.size()) + " tiles for its " + std::to_string(tiles.width) +
                      "x" + std::to_string(tiles.height) + " size");
    for (std::size_t i = 0; i < raw.size(); ++i) {
        std::uint32_t gid = raw[i] & kGidMask;
        std::uint8_t flips = (raw[i] & kFlippedHorizontally ? kFlipHorizontal : 0) |
                             (raw[i] & kFlippedVertically ? kFlipVertical : 0) |
                             (raw[i] & kFlippedDiagonally ? kFlipDiagonal : 0);
        if (gid != 0 && !inSomeTileset(gid, map.tilesets))
            throw Problem(where + "tile " + std::to_string(gid) + " at column " + std::to_string(i % tiles.width) +
                          ", row " + std::to_string(i / tiles.width) + " is in no tileset");
        tiles.gids.push_back(gid);
        tiles.flips.push_back(flips);
    }
    return tiles;
}

// --- Objects: waypoints and actors --------------------------------------------

// A point object's position, or the centre of any other shape (a tile
// object's y is its bottom edge).
Vec2 objectPoint(const json& object, Vec2 offset, const std::string& where) {
    float x = numberField(object, "x", where, 0) + offset.x, y = numberField(object, "y", where, 0) + offset.y;
    float w = numberField(object, "width", where, 0), h = numberField(object, "height", where, 0);
    if (object.contains("gid")) return {x + w / 2, y - h / 2};
    return {x + w / 2, y + h / 2};
}

void addActor(const json& object, Vec2 at, const std::string& mapName, const std::string& file,
              const std::string& where, World& world) {
    std::string id = stringField(object, "name");
    if (id.empty()) throw Problem(where + "is an actor with no name (its name is the actor's id)");
    try {
        if (!claimActorId(id, mapName, file + ": " + where.substr(0, where.size() - 2), world)) return;
    } catch (const std::invalid_argument& e) {
        throw Problem(where + e.what());
    }
    json props = properties(object);
    Actor actor;
    actor.id = id;
    actor.displayName = props.contains("name") && props["name"].is_string() ? props["name"].get<std::string>() : id;
    actor.glyph = props.contains("glyph") && props["glyph"].is_string() ? props["glyph"].get<std::string>()
                                                                        : std::string(1, std::toupper(id[0]));
    actor.color = props.contains("colour")  ? parseColour(props["colour"], where)
                  : props.contains("color") ? parseColour(props["color"], where)
                                            : Color{200, 200, 200, 255};
    if (props.contains("speed")) actor.speed = numberField(props, "speed", where + "property ", actor.speed);
    if (actor.speed <= 0) throw Problem(where + "property \"speed\" must be above 0");
    actor.position = at;
    world.cast().addActor(actor);
    world.maps().actorStarts.push_back({id, mapName, at, file + ": object '" + id + "'"});
}

void readObjects(const json& layer, Vec2 offset, const std::string& mapName, const std::string& file, World& world) {
    auto objects = layer.find("objects");
    if (objects == layer.end() || !objects->is_array()) return;
    for (const auto& object : *objects) {
        std::string name = stringField(object, "name");
        std::string kind =
            stringField(object, "type").empty() ? stringField(object, "class") : stringField(object, "type");
        std::string where = "layer '" + stringField(layer, "name") + "', object " +
                            (name.empty() ? std::to_string(object.value("id", 0)) : "'" + name + "'") + ": ";
        Vec2 at = objectPoint(object, offset, where);
        if (kind == "actor") {
            addActor(object, at, mapName, file, where, world);
        } else if (!name.empty()) {
            if (world.cast().findWaypoint(mapName + "." + name))
                throw Problem(where + "a second waypoint named '" + name + "' (object names are waypoint names)");
            world.cast().addWaypoint(mapName + "." + name, at);
        }
    }
}

// --- The map ------------------------------------------------------------------

struct MapReader {
    const std::string& mapName;
    const std::string& file;
    World& world;
    TileMap tiles;

    void readLayers(const json& layers, Vec2 offset) {
        if (!layers.is_array()) throw Problem("\"layers\" is not an array");
        for (const auto& layer : layers) readLayer(layer, offset);
    }

    void readLayer(const json& layer, Vec2 offset) {
        std::string type = stringField(layer, "type");
        std::string where = "layer '" + stringField(layer, "name") + "': ";
        offset.x += numberField(layer, "offsetx", where, 0);
        offset.y += numberField(layer, "offsety", where, 0);
        bool visible = !layer.contains("visible") || layer["visible"] != false;
        if (type == "tilelayer") {
            TileLayer read = readTileLayer(layer, offset, tiles, where);
            if (visible) tiles.layers.push_back(std::move(read));
        } else if (type == "objectgroup") {
            readObjects(layer, offset, mapName, file, world);
        } else if (type == "group") {
            readLayers(layer.value("layers", json::array()), offset);
        } else if (type == "imagelayer") {
            throw Problem(where + "image layers are not supported: place the picture as tiles");
        } else {
            throw Problem(where + "unknown layer type '" + type + "' (expected tilelayer, objectgroup or group)");
        }
    }

    void readMap(const json& map, const fs::path& folder) {
        if (!map.is_object() || (map.contains("type") && map["type"] != "map"))
            throw Problem("not a Tiled map (no \"type\": \"map\" object)");
        if (map.contains("orientation") && map["orientation"] != "orthogonal")
            throw Problem("only orthogonal maps are supported, not " + describe(map["orientation"]));
        if (map.value("infinite", false))
            throw Problem("infinite maps are not supported: untick Map > Map Properties > Infinite");
        tiles.tileWidth = intField(map, "tilewidth", "the map ");
        tiles.tileHeight = intField(map, "tileheight", "the map ");
        for (const auto& reference : map.value("tilesets", json::array()))
            tiles.tilesets.push_back(loadTileset(reference, folder, world));
        std::sort(tiles.tilesets.begin(), tiles.tilesets.end(),
                  [](const Tileset& a, const Tileset& b) { return a.firstGid < b.firstGid; });
        readLayers(map.value("layers", json::array()), {0, 0});
        json props = properties(map);
        if (props.contains("backdrop")) {
            std::string name = props["backdrop"].is_string() ? props["backdrop"].get<std::string>() : "";
            std::optional<Backdrop> backdrop = parseBackdrop(name);
            if (!backdrop)
                throw Problem("map property \"backdrop\" must be one of " + backdropNamesForHelp() + ", not " +
                              describe(props["backdrop"]));
            world.scenery().setBackdrop(mapName, *backdrop);
        }
    }
};

}  // namespace

void loadTiledMap(const std::string& path, const std::string& mapName, World& world) {
    fs::path file = pathFromUtf8(path);
    MapReader reader{mapName, path, world, {}};
    try {
        reader.readMap(readJson(file), file.parent_path());
    } catch (const Problem& e) {
        throw MapError(path + ": " + e.what());
    } catch (const json::exception& e) {  // a field of an unexpected type that the checks above let through
        throw MapError(path + ": " + e.what());
    }
    world.maps().tileMaps[mapName] = std::move(reader.tiles);
}

}  // namespace stagehand
