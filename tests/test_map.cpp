#include <gtest/gtest.h>

#include "TestSupport.h"
#include "game/MapData.h"

using namespace stagehand;

TEST(MapData, waypoints_are_named_after_their_map_and_actors_start_on_them) {
    std::string path = test::writeScript("garden.map",
                                         "# a comment\n"
                                         "waypoint gate 10 20   # trailing comment\n"
                                         "actor ivy \"Ivy Green\" #336699 I gate 90\n");
    Transcript transcript;
    World world(transcript);
    loadMapFile(path, "garden", world);
    ASSERT_NE(world.findWaypoint("garden.gate"), nullptr);
    EXPECT_FLOAT_EQ(world.findWaypoint("garden.gate")->y, 20);
    const Actor* ivy = world.findActor("ivy");
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
    EXPECT_NE(world.findWaypoint("forest.jackie_start"), nullptr);
    EXPECT_NE(world.findActor("vesper"), nullptr);
}
