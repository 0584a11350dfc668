// Maps saved by the Tiled editor (JSON): tiles, flips, tilesets embedded and
// external, points as waypoints, objects of class "actor" as the cast, and
// one clear line for each kind of file it cannot use.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "TestSupport.h"
#include "game/MapData.h"
#include "game/TiledMap.h"
#include "game/World.h"
#include "platform/Portable.h"
#include "view/WorldView.h"

using namespace stagehand;
namespace fs = std::filesystem;

namespace {

// A folder of its own for each test (tests run in parallel).
class TiledTest : public ::testing::Test {
protected:
    void SetUp() override {
        folder = fs::temp_directory_path() / ("stagehand_tiled_" + std::to_string(std::random_device{}())) /
                 ::testing::UnitTest::GetInstance()->current_test_info()->name();
        fs::create_directories(folder / "tiles");
        write("tiles/set.png", "a picture; the loader only checks it is there");
    }
    void TearDown() override {
        std::error_code ignored;
        fs::remove_all(folder.parent_path(), ignored);
    }
    std::string write(const std::string& name, const std::string& text) {
        std::ofstream(folder / name, std::ios::binary) << text;
        return (folder / name).string();
    }
    // A 3x2 map with `layers` and, unless given, an embedded 4-tile tileset.
    static std::string map(const std::string& layers, const std::string& tilesets = kEmbeddedTileset,
                           const std::string& extra = "") {
        return R"({"type": "map", "orientation": "orthogonal", "infinite": false, "width": 3, "height": 2,
                   "tilewidth": 32, "tileheight": 32, )" +
               extra + R"("tilesets": [)" + tilesets + R"(], "layers": [)" + layers + "]}";
    }
    // The error loading `text` as a map gives, or "" if it loads.
    std::string errorOf(const std::string& text) {
        std::string path = write("m.tmj", text);
        try {
            loadTiledMap(path, "m", world);
        } catch (const MapError& e) {
            return e.what();
        }
        return "";
    }
    static constexpr const char* kEmbeddedTileset =
        R"({"firstgid": 1, "name": "set", "image": "tiles/set.png", "imagewidth": 64, "imageheight": 64,
            "tilewidth": 32, "tileheight": 32, "tilecount": 4, "columns": 2})";
    static constexpr const char* kGround =
        R"({"type": "tilelayer", "name": "ground", "width": 3, "height": 2, "data": [1, 2, 0, 3, 2147483652, 1]})";

    fs::path folder;
    Transcript transcript;
    World world{transcript};
};

}  // namespace

TEST_F(TiledTest, tile_layers_keep_their_tiles_with_the_flip_flags_masked_off_and_kept_apart) {
    ASSERT_EQ(errorOf(map(kGround)), "");
    const TileMap* tiles = world.maps().tileMap("m");
    ASSERT_NE(tiles, nullptr);
    ASSERT_EQ(tiles->layers.size(), 1u);
    const TileLayer& ground = tiles->layers[0];
    EXPECT_EQ(ground.name, "ground");
    EXPECT_EQ(ground.gids, (std::vector<std::uint32_t>{1, 2, 0, 3, 4, 1}));  // 2147483652 is tile 4, mirrored
    EXPECT_EQ(ground.flips[4], kFlipHorizontal);
    EXPECT_EQ(ground.flips[0], 0);
    ASSERT_EQ(tiles->tilesets.size(), 1u);
    EXPECT_EQ(tiles->tilesets[0].imagePath, utf8Path(folder / "tiles/set.png"));
    EXPECT_EQ(tiles->tilesets[0].columns, 2);
}

TEST_F(TiledTest, uncompressed_base64_data_reads_as_the_same_tiles) {
    // 1, 2, 0, 3, 4|vertical flip, 1 as little-endian 32-bit words.
    std::string layer = R"({"type": "tilelayer", "name": "ground", "width": 3, "height": 2, "encoding": "base64",
                            "data": "AQAAAAIAAAAAAAAAAwAAAAQAAEABAAAA"})";
    ASSERT_EQ(errorOf(map(layer)), "");
    const TileLayer& ground = world.maps().tileMap("m")->layers[0];
    EXPECT_EQ(ground.gids, (std::vector<std::uint32_t>{1, 2, 0, 3, 4, 1}));
    EXPECT_EQ(ground.flips[4], kFlipVertical);
}

// Each number of a tileset is read from its own field: over generated
// tilesets whose nine numbers all differ (so a field read for another shows),
// embedded in the map and in a file of their own, the loaded tileset holds
// what Tiled wrote.
TEST_F(TiledTest, over_generated_tilesets_each_number_reads_back_from_its_own_field) {
    std::mt19937 random(36);
    for (int round = 0; round < 30; ++round) {
        std::vector<int> numbers(40);
        for (int i = 0; i < 40; ++i) numbers[static_cast<std::size_t>(i)] = i + 1;
        std::shuffle(numbers.begin(), numbers.end(), random);
        const int margin = numbers[0], spacing = numbers[1], tileWidth = numbers[2] + 8, tileHeight = numbers[3] + 8,
                  columns = numbers[4], tileCount = numbers[5] * 3, firstGid = numbers[6] + 50,
                  imageWidth = numbers[7] + 1000, imageHeight = numbers[8] + 2000;
        auto field = [](const char* name, int value) {
            return std::string("\"") + name + "\": " + std::to_string(value) + ", ";
        };
        std::string fields = field("imagewidth", imageWidth) + field("imageheight", imageHeight) +
                             field("tilewidth", tileWidth) + field("tileheight", tileHeight) +
                             field("tilecount", tileCount) + field("columns", columns) + field("margin", margin) +
                             field("spacing", spacing);
        const bool external = round % 2 == 1;
        std::string tileset;
        if (external) {
            write("tiles/gen.tsj", R"({"type": "tileset", "name": "gen", )" + fields + R"("image": "set.png"})");
            tileset = R"({"firstgid": )" + std::to_string(firstGid) + R"(, "source": "tiles/gen.tsj"})";
        } else {
            tileset = R"({"firstgid": )" + std::to_string(firstGid) + R"(, "name": "gen", )" + fields +
                      R"("image": "tiles/set.png"})";
        }
        std::string layer = R"({"type": "tilelayer", "name": "ground", "width": 3, "height": 2, "data": [)" +
                            std::to_string(firstGid) + ", 0, 0, 0, 0, " + std::to_string(firstGid + tileCount - 1) +
                            "]}";
        SCOPED_TRACE((external ? "external: " : "embedded: ") + fields + "firstgid " + std::to_string(firstGid));
        ASSERT_EQ(errorOf(map(layer, tileset)), "");
        const Tileset& t = world.maps().tileMap("m")->tilesets.at(0);
        EXPECT_EQ(t.imageWidth, imageWidth);
        EXPECT_EQ(t.imageHeight, imageHeight);
        EXPECT_EQ(t.tileWidth, tileWidth);
        EXPECT_EQ(t.tileHeight, tileHeight);
        EXPECT_EQ(t.tileCount, tileCount);
        EXPECT_EQ(t.columns, columns);
        EXPECT_EQ(t.margin, margin);
        EXPECT_EQ(t.spacing, spacing);
        EXPECT_EQ(t.firstGid, static_cast<std::uint32_t>(firstGid));
    }
}

TEST_F(TiledTest, an_external_tileset_is_read_relative_to_its_own_file) {
    write("tiles/set.tsj", R"({"type": "tileset", "name": "set", "image": "set.png", "imagewidth": 64,
                               "imageheight": 64, "tilewidth": 32, "tileheight": 32, "tilecount": 4, "columns": 2})");
    ASSERT_EQ(errorOf(map(kGround, R"({"firstgid": 1, "source": "tiles/set.tsj"})")), "");
    EXPECT_EQ(world.maps().tileMap("m")->tilesets[0].imagePath, utf8Path(folder / "tiles/set.png"));
    // Both files are watched for hot reload.
    EXPECT_EQ(world.maps().otherFiles.size(), 2u);
}

// Where each kind of Tiled object stands, by Tiled's own definition (its map
// format: a point at x, y; a rectangle's or an ellipse's x, y its top-left
// corner; a tile object's its bottom-left, the tile drawn above it), over
// generated objects in a layer with a generated offset, inside two group
// layers with their own: a waypoint is at the shape's centre, a point at itself.
TEST_F(TiledTest, every_kind_of_object_is_a_waypoint_at_its_shapes_centre_as_tiled_places_shapes) {
    std::mt19937 random(9);
    auto number = [&random](int lo, int hi) {
        return static_cast<float>(lo + static_cast<int>(random() % (hi - lo + 1)));
    };
    const float offsetX = number(-50, 50), offsetY = number(-50, 50);
    std::string objects = "{\"type\": \"objectgroup\", \"name\": \"o\", \"offsetx\": " + std::to_string(offsetX) +
                          ", \"offsety\": " + std::to_string(offsetY) + ", \"objects\": [";
    struct Expected {
        std::string name;
        float x, y;
    };
    std::vector<Expected> expected;
    for (int k = 0; k < 24; ++k) {
        const float x = number(0, 500), y = number(0, 500), w = number(1, 120), h = number(1, 120);
        const std::string name = "p" + std::to_string(k);
        std::string object = "{\"id\": " + std::to_string(k + 1) + ", \"name\": \"" + name +
                             "\", \"x\": " + std::to_string(x) + ", \"y\": " + std::to_string(y);
        switch (k % 4) {
            case 0:
                object += ", \"point\": true";
                expected.push_back({name, x, y});
                break;
            case 1:
                object += ", \"width\": " + std::to_string(w) + ", \"height\": " + std::to_string(h);
                expected.push_back({name, x + w / 2, y + h / 2});
                break;
            case 2:
                object += ", \"ellipse\": true, \"width\": " + std::to_string(w) + ", \"height\": " + std::to_string(h);
                expected.push_back({name, x + w / 2, y + h / 2});
                break;
            default:
                object += ", \"gid\": 2, \"width\": " + std::to_string(w) + ", \"height\": " + std::to_string(h);
                expected.push_back({name, x + w / 2, y - h / 2});
        }
        objects += (k ? ", " : "") + object + "}";
    }
    objects += "]}";
    // Inside two group layers, each with its own offset: Tiled adds a layer's offset to its parents'.
    float totalX = offsetX, totalY = offsetY;
    for (const char* group : {"inner", "outer"}) {
        const float x = number(-40, 40), y = number(-40, 40);
        totalX += x, totalY += y;
        objects = std::string("{\"type\": \"group\", \"name\": \"") + group + "\", \"offsetx\": " + std::to_string(x) +
                  ", \"offsety\": " + std::to_string(y) + ", \"layers\": [" + objects + "]}";
    }
    ASSERT_EQ(errorOf(map(objects)), "");
    for (const Expected& e : expected) {
        const auto* point = world.cast().findWaypoint("m." + e.name);
        ASSERT_NE(point, nullptr) << e.name;
        EXPECT_FLOAT_EQ(point->x, e.x + totalX) << e.name;
        EXPECT_FLOAT_EQ(point->y, e.y + totalY) << e.name;
    }
}

TEST_F(TiledTest, named_objects_are_waypoints_and_objects_of_class_actor_are_the_cast_with_their_properties) {
    std::string objects = R"({"type": "objectgroup", "name": "points", "offsetx": 10, "objects": [
        {"id": 1, "name": "pier", "point": true, "x": 100, "y": 200},
        {"id": 2, "name": "gate", "x": 0, "y": 0, "width": 40, "height": 20},
        {"id": 3, "name": "", "point": true, "x": 5, "y": 5},
        {"id": 4, "name": "wren", "type": "actor", "point": true, "x": 300, "y": 310, "properties": [
            {"name": "name", "type": "string", "value": "Wren Ashby"},
            {"name": "colour", "type": "color", "value": "#ff9be39b"},
            {"name": "glyph", "type": "string", "value": "W"},
            {"name": "speed", "type": "float", "value": 95.5}]},
        {"id": 5, "name": "tam", "class": "actor", "point": true, "x": 1, "y": 2}]})";
    ASSERT_EQ(errorOf(map(objects, kEmbeddedTileset, R"("properties": [{"name": "backdrop", "type": "string",
                                                                         "value": "sea"}],)")),
              "");
    ASSERT_NE(world.cast().findWaypoint("m.pier"), nullptr);
    EXPECT_FLOAT_EQ(world.cast().findWaypoint("m.pier")->x, 110);  // the layer's offset moves its objects
    EXPECT_FLOAT_EQ(world.cast().findWaypoint("m.gate")->x, 30);   // a shape's centre
    EXPECT_FLOAT_EQ(world.cast().findWaypoint("m.gate")->y, 10);
    EXPECT_EQ(world.cast().waypointNames().size(), 2u);  // unnamed objects and actors are no waypoints
    const Actor* wren = world.cast().findActor("wren");
    ASSERT_NE(wren, nullptr);
    EXPECT_EQ(wren->displayName, "Wren Ashby");
    EXPECT_EQ(wren->glyph, "W");
    EXPECT_EQ(wren->color.r, 0x9b);
    EXPECT_EQ(wren->color.g, 0xe3);
    EXPECT_FLOAT_EQ(wren->speed, 95.5f);
    EXPECT_FLOAT_EQ(wren->position.x, 310);
    EXPECT_FALSE(wren->active);
    const Actor* tam = world.cast().findActor("tam");  // Tiled 1.9 wrote "class"; the defaults fill the rest
    ASSERT_NE(tam, nullptr);
    EXPECT_EQ(tam->displayName, "tam");
    EXPECT_EQ(tam->glyph, "T");
    world.scenery().setPlace("m");
    EXPECT_EQ(world.scenery().backdrop(), Backdrop::Sea);
    ASSERT_EQ(world.maps().actorStarts.size(), 2u);
    EXPECT_EQ(world.maps().actorStarts[0].where, (folder / "m.tmj").string() + ": object 'wren'");
}

// Each bad file: one line naming the file, the part and what is wrong.
TEST_F(TiledTest, a_file_that_is_not_json_is_one_line_naming_the_file_and_where_parsing_stopped) {
    std::string error = errorOf("{\"type\": \"map\",\n  \"width\": 3,,\n}");
    EXPECT_EQ(error.find((folder / "m.tmj").string() + ": not a JSON file: parse error at line 2"), 0u) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
}

TEST_F(TiledTest, a_missing_tileset_names_the_file_it_looked_for) {
    std::string error = errorOf(map(kGround, R"({"firstgid": 1, "source": "tiles/gone.tsj"})"));
    EXPECT_NE(error.find("m.tmj: tileset " + utf8Path(folder / "tiles/gone.tsj") + ": the tileset file is missing"),
              std::string::npos)
        << error;
    error = errorOf(map(kGround, R"({"firstgid": 1, "source": "tiles/set.tsx"})"));
    EXPECT_NE(error.find("is in Tiled's XML format; save the tileset as JSON (.tsj)"), std::string::npos) << error;
}

TEST_F(TiledTest, a_missing_tileset_picture_is_named) {
    std::string set = kEmbeddedTileset;
    set.replace(set.find("tiles/set.png"), 13, "tiles/gone.png");
    std::string error = errorOf(map(kGround, set));
    EXPECT_NE(error.find("tileset 'set': its picture " + utf8Path(folder / "tiles/gone.png") + " is missing"),
              std::string::npos)
        << error;
}

TEST_F(TiledTest, compressed_tile_data_is_refused_with_the_setting_that_fixes_it) {
    std::string layer = R"({"type": "tilelayer", "name": "ground", "width": 3, "height": 2, "encoding": "base64",
                            "compression": "zlib", "data": "eJxjZGBgYAAAAAQAAQ=="})";
    std::string error = errorOf(map(layer));
    EXPECT_NE(error.find("m.tmj: layer 'ground': is zlib-compressed, which is not supported: in Tiled choose Map > "
                         "Map Properties > Tile Layer Format CSV"),
              std::string::npos)
        << error;
}

TEST_F(TiledTest, an_unknown_layer_type_and_an_image_layer_are_named) {
    std::string error = errorOf(map(R"({"type": "hexlayer", "name": "odd"})"));
    EXPECT_NE(
        error.find("m.tmj: layer 'odd': unknown layer type 'hexlayer' (expected tilelayer, objectgroup or group)"),
        std::string::npos)
        << error;
    error = errorOf(map(R"({"type": "imagelayer", "name": "sky", "image": "sky.png"})"));
    EXPECT_NE(error.find("layer 'sky': image layers are not supported"), std::string::npos) << error;
}

TEST_F(TiledTest, tiles_outside_every_tileset_and_wrong_sizes_are_named_by_layer_and_cell) {
    std::string layer =
        R"({"type": "tilelayer", "name": "ground", "width": 3, "height": 2, "data": [1, 2, 0, 3, 9, 1]})";
    EXPECT_NE(errorOf(map(layer)).find("layer 'ground': tile 9 at column 1, row 1 is in no tileset"),
              std::string::npos);
    layer = R"({"type": "tilelayer", "name": "ground", "width": 3, "height": 2, "data": [1, 2]})";
    EXPECT_NE(errorOf(map(layer)).find("layer 'ground': has 2 tiles for its 3x2 size"), std::string::npos);
}

// The cell an error names is the cell to fix: over generated sizes and places
// (wide, tall, one row, one column), the column and row read back from the
// message index the tile that is in no tileset, and no other.
TEST_F(TiledTest, over_generated_layers_the_cell_a_missing_tile_error_names_holds_that_tile) {
    std::mt19937 random(45);
    for (int round = 0; round < 40; ++round) {
        int width = std::uniform_int_distribution<int>(1, 9)(random);
        int height = std::uniform_int_distribution<int>(1, 9)(random);
        int bad = std::uniform_int_distribution<int>(0, width * height - 1)(random);
        std::string data;
        for (int i = 0; i < width * height; ++i)
            data += (i ? ", " : "") + std::to_string(i == bad ? 99 : std::uniform_int_distribution<int>(0, 4)(random));
        std::string size = R"("width": )" + std::to_string(width) + R"(, "height": )" + std::to_string(height);
        std::string text = R"({"type": "map", "orientation": "orthogonal", "infinite": false, )" + size +
                           R"(, "tilewidth": 32, "tileheight": 32, "tilesets": [)" + kEmbeddedTileset +
                           R"(], "layers": [{"type": "tilelayer", "name": "ground", )" + size + R"(, "data": [)" +
                           data + "]}]}";
        std::string error = errorOf(text);
        SCOPED_TRACE(std::to_string(width) + "x" + std::to_string(height) + ", tile " + std::to_string(bad) + ": " +
                     error);
        std::size_t at = error.find("tile 99 at column ");
        ASSERT_NE(at, std::string::npos);
        int column = -1, row = -1;
        ASSERT_EQ(std::sscanf(error.c_str() + at, "tile 99 at column %d, row %d is in no tileset", &column, &row), 2);
        EXPECT_TRUE(column >= 0 && column < width && row >= 0 && row < height);
        EXPECT_EQ(row * width + column, bad);
    }
}

// Every tileset's range at both its edges: over generated tilesets (one to
// three, of 1 to 12 tiles, with gaps of unused ids between them), every tile
// id from 1 to two past the last is taken exactly when it is in a tileset's
// [firstgid, firstgid + tilecount), and is "in no tileset" otherwise.
TEST_F(TiledTest, over_generated_tilesets_a_tile_id_is_taken_exactly_within_a_tilesets_range) {
    std::mt19937 random(4343);
    auto pick = [&](int low, int high) { return std::uniform_int_distribution<int>(low, high)(random); };
    for (int round = 0; round < 12; ++round) {
        std::string tilesets;
        std::vector<std::pair<int, int>> ranges;  // [first, end)
        int first = 1 + pick(0, 2);
        for (int set = 0, sets = pick(1, 3); set < sets; ++set) {
            const int count = pick(1, 12);
            tilesets += (set ? ", " : "") + std::string(R"({"firstgid": )") + std::to_string(first) +
                        R"(, "name": "set)" + std::to_string(set) + R"(", "image": "tiles/set.png", "imagewidth": )" +
                        std::to_string(32 * count) +
                        R"(, "imageheight": 32, "tilewidth": 32, "tileheight": 32, "tilecount": )" +
                        std::to_string(count) + R"(, "columns": )" + std::to_string(count) + "}";
            ranges.emplace_back(first, first + count);
            first += count + pick(0, 3);
        }
        for (int gid = 1; gid <= ranges.back().second + 1; ++gid) {
            const bool inSet = std::any_of(ranges.begin(), ranges.end(),
                                           [&](const auto& r) { return gid >= r.first && gid < r.second; });
            const std::string layer =
                R"({"type": "tilelayer", "name": "ground", "width": 3, "height": 2, "data": [0, 0, )" +
                std::to_string(gid) + ", 0, 0, 0]}";
            const std::string error = errorOf(map(layer, tilesets));
            SCOPED_TRACE("tilesets " + tilesets + ", tile " + std::to_string(gid));
            if (inSet)
                EXPECT_EQ(error, "");
            else
                EXPECT_NE(error.find("tile " + std::to_string(gid) + " at column 2, row 0 is in no tileset"),
                          std::string::npos)
                    << error;
        }
    }
}

TEST_F(TiledTest, other_orientations_infinite_maps_and_wrong_field_types_are_refused_by_name) {
    std::string text = map(kGround);
    std::string iso = text;
    iso.replace(iso.find("orthogonal"), 10, "isometric");
    EXPECT_NE(errorOf(iso).find("only orthogonal maps are supported, not \"isometric\""), std::string::npos);
    std::string infinite = text;
    infinite.replace(infinite.find("\"infinite\": false"), 17, "\"infinite\": true");
    EXPECT_NE(errorOf(infinite).find("infinite maps are not supported"), std::string::npos);
    std::string badWidth = text;
    badWidth.replace(badWidth.find("\"tilewidth\": 32"), 15, "\"tilewidth\": \"wide\"");
    EXPECT_NE(errorOf(badWidth).find("the map needs \"tilewidth\" as a whole number"), std::string::npos);
    EXPECT_NE(errorOf("[1, 2]").find("not a Tiled map"), std::string::npos);
}

TEST_F(TiledTest, an_actor_with_a_bad_colour_or_no_name_is_named) {
    std::string objects = R"({"type": "objectgroup", "name": "cast", "objects": [
        {"id": 7, "name": "wren", "type": "actor", "x": 1, "y": 2,
         "properties": [{"name": "colour", "type": "string", "value": "green"}]}]})";
    EXPECT_NE(errorOf(map(objects)).find("layer 'cast', object 'wren': property \"colour\" must look like #rrggbb"),
              std::string::npos);
    objects = R"({"type": "objectgroup", "name": "cast", "objects": [{"id": 7, "type": "actor", "x": 1, "y": 2}]})";
    EXPECT_NE(errorOf(map(objects)).find("layer 'cast', object 7: is an actor with no name"), std::string::npos);
}

TEST_F(TiledTest, a_folder_may_not_hold_two_files_for_one_map_name) {
    write("m.map", "waypoint a 1 2\n");
    write("m.tmj", map(kGround));
    loadMapFolder(folder.string(), world);
    ASSERT_NE(world.maps().failureOf("m"), nullptr) << "both are left out";
    EXPECT_NE(world.maps().failureOf("m")->line.find("two files for map 'm' in " + folder.string() +
                                                     ": m.map and m.tmj (keep one)"),
              std::string::npos)
        << world.maps().failureOf("m")->line;
    EXPECT_EQ(world.cast().findWaypoint("m.a"), nullptr);
}

TEST_F(TiledTest, the_demo_cove_loads_with_its_tiles_points_and_cast) {
    loadMapFolder(test::dataRoot() + "/assets/maps", world);
    const TileMap* cove = world.maps().tileMap("cove");
    ASSERT_NE(cove, nullptr);
    EXPECT_EQ(cove->layers.size(), 3u);  // ground, decor, and trees from a second tileset of 64x64 tiles
    EXPECT_EQ(cove->tilesets.size(), 2u);
    EXPECT_NE(world.cast().findWaypoint("cove.bench"), nullptr);
    ASSERT_NE(world.cast().findActor("wren"), nullptr);
    EXPECT_EQ(world.cast().findActor("wren")->displayName, "Wren");
    EXPECT_TRUE(world.maps().warnings.empty()) << world.maps().warnings[0];
}

// Where each tile of a tileset is cut from its picture, over generated grids
// (margin, spacing, columns), for every combination of Tiled's flip bits: a
// horizontal flip takes the picture's right edge to the tile's left, a
// vertical one the bottom edge to the top (Tiled's "Tile Flipping" in its
// map format), and a diagonal one, Tiled's rotation, is not drawn.
TEST(TiledFlips, every_tile_is_cut_from_its_grid_cell_and_mirrored_as_its_flip_bits_say) {
    std::mt19937 random(4517);
    for (int round = 0; round < 50; ++round) {
        Tileset tileset;
        tileset.firstGid = 1 + random() % 100;
        tileset.tileWidth = 8 + static_cast<int>(random() % 40);
        tileset.tileHeight = 8 + static_cast<int>(random() % 40);
        tileset.columns = 1 + static_cast<int>(random() % 8);
        tileset.margin = static_cast<int>(random() % 4);
        tileset.spacing = static_cast<int>(random() % 4);
        const int rows = 1 + static_cast<int>(random() % 6);
        Image image;
        image.width =
            2 * tileset.margin + tileset.columns * tileset.tileWidth + (tileset.columns - 1) * tileset.spacing;
        image.height = 2 * tileset.margin + rows * tileset.tileHeight + (rows - 1) * tileset.spacing;
        for (int index = 0; index < tileset.columns * rows; ++index) {
            const float left =
                static_cast<float>(tileset.margin + (index % tileset.columns) * (tileset.tileWidth + tileset.spacing)) /
                image.width;
            const float top = static_cast<float>(tileset.margin +
                                                 (index / tileset.columns) * (tileset.tileHeight + tileset.spacing)) /
                              image.height;
            const float right = left + static_cast<float>(tileset.tileWidth) / image.width;
            const float bottom = top + static_cast<float>(tileset.tileHeight) / image.height;
            for (std::uint8_t flips = 0; flips < 8; ++flips) {
                const TextureRegion uv = tileRegion(tileset, image, tileset.firstGid + index, flips);
                const bool h = flips & kFlipHorizontal, v = flips & kFlipVertical;
                const std::string context = "tile " + std::to_string(index) + " flips " + std::to_string(flips);
                EXPECT_FLOAT_EQ(uv.u0, h ? right : left) << context;
                EXPECT_FLOAT_EQ(uv.u1, h ? left : right) << context;
                EXPECT_FLOAT_EQ(uv.v0, v ? bottom : top) << context;
                EXPECT_FLOAT_EQ(uv.v1, v ? top : bottom) << context;
            }
        }
    }
}
