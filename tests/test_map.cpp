#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "TestSupport.h"
#include "game/MapData.h"
#include "platform/Portable.h"

using namespace stagehand;

TEST(MapData, waypoints_are_named_after_their_map_and_actors_start_on_them) {
    std::string path = test::writeScript("garden.map",
                                         "# a comment\n"
                                         "waypoint gate 10 20   # trailing comment\n"
                                         "actor ivy \"Ivy Green\" #336699 I gate 90\n");
    Transcript transcript;
    World world(transcript);
    loadMapFile(path, "garden", world);
    ASSERT_NE(world.cast().findWaypoint("garden.gate"), nullptr);
    EXPECT_FLOAT_EQ(world.cast().findWaypoint("garden.gate")->y, 20);
    const Actor* ivy = world.cast().findActor("ivy");
    ASSERT_NE(ivy, nullptr);
    EXPECT_EQ(ivy->displayName, "Ivy Green");
    EXPECT_EQ(ivy->color.b, 0x99);
    EXPECT_FLOAT_EQ(ivy->speed, 90);
    EXPECT_FLOAT_EQ(ivy->position.x, 10);
    EXPECT_FALSE(ivy->active);
}

TEST(MapData, a_bad_line_is_an_error_naming_file_and_line) {
    std::string path = test::writeScript("broken.map", "waypoint a 1 2\nwaypoint b one 2\n");
    Transcript transcript;
    World world(transcript);
    try {
        loadMapFile(path, "broken", world);
        FAIL() << "expected a MapError";
    } catch (const MapError& e) {
        EXPECT_NE(std::string(e.what()).find("broken.map:2: X must be a finite number within +-1000000, not 'one'"),
                  std::string::npos)
            << e.what();
    }
}

// NaN, infinity and far-away coordinates would make a walk that never arrives.
TEST(MapData, non_finite_and_far_coordinates_are_errors_naming_file_and_line) {
    for (const char* bad : {"nan", "inf", "-inf", "1e300", "0x1p3"}) {
        std::string path = test::writeScript("far.map", std::string("waypoint a 1 2\nwaypoint b 3 ") + bad + "\n");
        Transcript transcript;
        World world(transcript);
        try {
            loadMapFile(path, "far", world);
            ADD_FAILURE() << "expected a MapError for " << bad;
        } catch (const MapError& e) {
            EXPECT_NE(std::string(e.what()).find("far.map:2: Y must be a finite number"), std::string::npos)
                << e.what();
        }
    }
}

TEST(MapData, the_demo_maps_load) {
    Transcript transcript;
    World world(transcript);
    loadMapFolder(test::dataRoot() + "/assets/maps", world);
    EXPECT_NE(world.cast().findWaypoint("forest.jackie_start"), nullptr);
    EXPECT_NE(world.cast().findActor("vesper"), nullptr);
}

// Seeded mutations of the demo's maps (bytes flipped, dropped, duplicated,
// lines cut, numbers made huge or NaN): each loads or is a MapError naming
// the file and a line, never a crash, a hang or another exception.
TEST(MapData, mutated_maps_load_or_fail_with_an_error_at_a_line) {
    std::vector<std::string> sources;
    for (const char* name : {"forest", "porch", "dock", "lighthouse", "harbour"}) {
        std::ifstream in(test::dataRoot() + "/assets/maps/" + name + ".map", std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        if (!text.str().empty()) sources.push_back(text.str());
    }
    ASSERT_FALSE(sources.empty());
    const char* const inserts[] = {" nan", " inf", " 1e300", " -0x1p9", "\xff\xfe", "\"", "#", " waypoint", "\n"};
    std::uint32_t state = 20261123;
    auto next = [&state](std::uint32_t below) {
        state = state * 1664525u + 1013904223u;
        return (state >> 8) % below;
    };
    int loaded = 0, refused = 0;
    for (int round = 0; round < 600; ++round) {
        std::string text = sources[next(static_cast<std::uint32_t>(sources.size()))];
        for (int edit = 1 + static_cast<int>(next(4)); edit > 0 && !text.empty(); --edit) {
            std::size_t at = next(static_cast<std::uint32_t>(text.size()));
            switch (next(4)) {
                case 0: text[at] = static_cast<char>(next(256)); break;
                case 1: text.erase(at, 1 + next(12)); break;
                case 2: text.insert(at, text.substr(at, 1 + next(20))); break;
                default: text.insert(at, inserts[next(sizeof inserts / sizeof *inserts)]); break;
            }
        }
        std::string path = test::writeScript("mutated.map", text);
        Transcript transcript;
        World world(transcript);
        try {
            loadMapFile(path, "mutated", world);
            ++loaded;
        } catch (const MapError& e) {
            ++refused;
            EXPECT_NE(std::string(e.what()).find("mutated.map:"), std::string::npos) << e.what();
        }
    }
    EXPECT_EQ(loaded + refused, 600);
    EXPECT_GT(refused, 0);
}

// The engine knows no demo data: a map that names no backdrop gets the plain
// one, and an unknown name is an error listing the backdrops there are.
TEST(MapData, backdrops_are_named_by_the_map_and_plain_otherwise) {
    std::string path = test::writeScript("backdrops_plain.map", "waypoint gate 10 20\n");
    Transcript transcript;
    World world(transcript);
    loadMapFile(path, "yard", world);
    world.scenery().setPlace("yard");
    EXPECT_EQ(world.scenery().backdrop(), Backdrop::Plain);

    std::string sea = test::writeScript("backdrops_sea.map", "backdrop sea\n");
    loadMapFile(sea, "quay", world);
    world.scenery().setPlace("quay");
    EXPECT_EQ(world.scenery().backdrop(), Backdrop::Sea);

    std::string bad = test::writeScript("backdrops_bad.map", "waypoint a 1 2\nbackdrop jungle\n");
    try {
        loadMapFile(bad, "bad", world);
        FAIL() << "expected a MapError";
    } catch (const MapError& e) {
        EXPECT_NE(std::string(e.what()).find("backdrops_bad.map:2: expected: backdrop forest|sea|lamproom"),
                  std::string::npos)
            << e.what();
    }
}

// --- Where maps are looked for (docs/MAPS.md) ---

namespace {
// An empty folder of the tests' own, by name.
std::string freshFolder(const std::string& name) {
    auto folder = test::scratchFolder() / name;
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    return utf8Path(folder);  // with "/", as the engine names the files it finds (on Windows too)
}
}  // namespace

TEST(MapSearch, the_folders_are_the_named_ones_then_maps_beside_the_script_then_the_data_folders) {
    std::string beside = test::dataRoot() + "/tests/maps/beside";
    auto folders = mapSearchFolders({"first", "second"}, beside + "/scene.lua", "data");
    ASSERT_EQ(folders.size(), 4u);
    EXPECT_EQ(folders[0], "first");
    EXPECT_EQ(folders[1], "second");
    EXPECT_EQ(std::filesystem::path(folders[2]), std::filesystem::path(beside) / "maps");
    EXPECT_EQ(folders[3], joinPath("data", "assets/maps"));
    // No maps/ beside the script: only the named folders and the data folder's.
    EXPECT_EQ(mapSearchFolders({}, beside + "/maps/yard.map", "data").size(), 1u);
}

// A game folder (main.lua in it) looks in the --maps folders and its own
// maps/, never the engine's assets/maps unless its game.json asks.
TEST(MapSearch, a_game_folder_looks_in_the_named_folders_and_its_own_maps_and_the_engines_only_when_asked) {
    std::string game = freshFolder("search_game");
    std::filesystem::create_directories(game + "/maps");
    std::ofstream(game + "/main.lua") << "function scene() end\n";
    EXPECT_EQ(mapSearchFolders({"first"}, game + "/main.lua", "data"),
              (std::vector<std::string>{"first", game + "/maps"}));
    std::ofstream(game + "/game.json") << R"({"engineMaps": true})";
    EXPECT_EQ(mapSearchFolders({"first"}, game + "/main.lua", "data"),
              (std::vector<std::string>{"first", game + "/maps", joinPath("data", "assets/maps")}));
    // Without maps/ of its own and not asking: the named folders alone, or none.
    std::string bare = freshFolder("search_bare_game");
    std::ofstream(bare + "/main.lua") << "function scene() end\n";
    EXPECT_EQ(mapSearchFolders({"first"}, bare + "/main.lua", "data"), (std::vector<std::string>{"first"}));
    EXPECT_TRUE(mapSearchFolders({}, bare + "/main.lua", "data").empty());
}

TEST(MapSearch, a_map_in_an_earlier_folder_hides_the_same_name_in_later_ones) {
    std::string folder = freshFolder("search_first");
    std::ofstream(folder + "/dock.map") << "waypoint camera 1 2\n";
    Transcript transcript;
    World world(transcript);
    loadMapFolders({folder, test::dataRoot() + "/assets/maps"}, world);
    EXPECT_FLOAT_EQ(world.cast().findWaypoint("dock.camera")->x, 1);
    EXPECT_EQ(world.cast().findWaypoint("dock.rhea_start"), nullptr);      // the data folder's dock is hidden
    EXPECT_NE(world.cast().findWaypoint("forest.jackie_start"), nullptr);  // its other maps are not
    EXPECT_EQ(world.maps().files.at("dock"), folder + "/dock.map");
}

TEST(MapSearch, a_map_error_ends_with_where_maps_are_looked_for_in_order) {
    std::string folder = freshFolder("search_broken");
    std::ofstream(folder + "/yard.map") << "waypoint a 1 2\nactor hen \"Hen\" #ffffff H nest\n";
    Transcript transcript;
    World world(transcript);
    loadMapFolders({folder, test::dataRoot() + "/assets/maps"}, world);
    ASSERT_EQ(world.maps().failures.size(), 1u);
    std::string expected = folder +
                           "/yard.map:2: unknown start waypoint 'nest' (waypoints above it: a) (maps are "
                           "looked for in " +
                           folder + ", " + test::dataRoot() + "/assets/maps)";
    EXPECT_EQ(world.maps().failures[0].line, expected);
    EXPECT_EQ(world.maps().failureOf("yard")->file, folder + "/yard.map");
}

// A map that fails half-way is left out whole; the other maps load.
TEST(MapSearch, a_map_that_does_not_load_is_left_out_whole_and_the_others_load) {
    std::string folder = freshFolder("search_half");
    std::ofstream(folder + "/bog.map") << "waypoint reeds 1 2\nactor newt \"Newt\" #ffffff N reeds\n"
                                          "backdrop sea\nwaypiont camera 3 4\n";
    Transcript transcript;
    World world(transcript);
    loadMapFolders({folder, test::dataRoot() + "/assets/maps"}, world);
    ASSERT_NE(world.maps().failureOf("bog"), nullptr);
    EXPECT_NE(world.maps().failureOf("bog")->reason.find("bog.map:4: unknown entry 'waypiont'"), std::string::npos);
    EXPECT_EQ(world.cast().findWaypoint("bog.reeds"), nullptr);
    EXPECT_EQ(world.cast().findActor("newt"), nullptr);
    EXPECT_EQ(world.maps().files.count("bog"), 0u);
    EXPECT_TRUE(world.maps().actorStarts.empty() || world.maps().actorStarts.back().actor != "newt");
    EXPECT_NE(world.cast().findWaypoint("dock.rhea_start"), nullptr);
    EXPECT_NE(world.cast().findActor("rhea"), nullptr);
}

// An actor id is one actor of the world: the author's copy of a demo map
// (searched first) defines it, the demo's second definition is a warning.
TEST(MapSearch, an_actor_in_two_maps_is_the_first_in_search_order_and_a_warning_names_both) {
    std::string folder = freshFolder("search_copy");
    std::ofstream(folder + "/quay.map") << "waypoint start 5 6\nactor rhea \"Rhea too\" #ffffff R start\n";
    Transcript transcript;
    World world(transcript);
    loadMapFolders({folder, test::dataRoot() + "/assets/maps"}, world);
    EXPECT_TRUE(world.maps().failures.empty());
    ASSERT_NE(world.cast().findActor("rhea"), nullptr);
    EXPECT_EQ(world.cast().findActor("rhea")->displayName, "Rhea too");
    EXPECT_FLOAT_EQ(world.cast().findActor("rhea")->position.x, 5);
    std::string dock = test::dataRoot() + "/assets/maps/dock.map";
    bool warned = false;
    for (const auto& warning : world.maps().warnings)
        warned = warned ||
                 (warning.rfind(dock + ":", 0) == 0 && warning.find(": actor 'rhea' is also defined at " + folder +
                                                                    "/quay.map:2, which is used") != std::string::npos);
    EXPECT_TRUE(warned);
    EXPECT_NE(world.cast().findWaypoint("dock.rhea_start"), nullptr) << "the rest of the dock loads";
}

TEST(MapSearch, an_actor_defined_twice_in_one_map_is_an_error_of_that_map) {
    std::string folder = freshFolder("search_twice");
    std::ofstream(folder + "/pen.map") << "waypoint a 1 2\nactor ox \"Ox\" #ffffff O a\nactor ox \"Ox\" #ffffff O a\n";
    Transcript transcript;
    World world(transcript);
    loadMapFolders({folder}, world);
    ASSERT_NE(world.maps().failureOf("pen"), nullptr);
    EXPECT_NE(world.maps().failureOf("pen")->reason.find("pen.map:3: actor 'ox' is defined twice (first at "),
              std::string::npos);
    EXPECT_EQ(world.cast().findActor("ox"), nullptr);
}

TEST(MapSearch, an_actor_starting_under_the_dialogue_box_is_one_warning_naming_file_line_and_actor) {
    std::string path = test::writeScript("hidden_actor.map",
                                         "waypoint camera 640 300\n"
                                         "waypoint low 200 560\n"   // screen y 620: under the box
                                         "waypoint high 200 400\n"  // screen y 460: above it
                                         "actor mole \"Mole\" #806050 M low\n"
                                         "actor owl \"Owl\" #a0a0a0 O high\n");
    Transcript transcript;
    World world(transcript);
    loadMapFile(path, "hidden_actor", world);
    warnOfHiddenActors("hidden_actor", world);
    ASSERT_EQ(world.maps().warnings.size(), 1u);
    EXPECT_EQ(world.maps().warnings[0].find(path + ":4: actor 'mole' starts at 200,560, under the dialogue box with "
                                                   "the camera at hidden_actor.camera"),
              0u)
        << world.maps().warnings[0];
}

TEST(MapSearch, the_demo_maps_warn_of_no_hidden_actor) {
    Transcript transcript;
    World world(transcript);
    loadMapFolder(test::dataRoot() + "/assets/maps", world);
    EXPECT_TRUE(world.maps().warnings.empty()) << world.maps().warnings.front();
}
