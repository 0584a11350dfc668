// Free movement in a scene: the harbour of the demo, walked by feeding the
// player's input, as the window does.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "TestSupport.h"

using namespace stagehand;
using test::Stage;

namespace {
const char* const kWalkUp = R"(
function scene()
    disableControls()
    setPlayer("ines")
    setPosition("ines", {x = 0, y = 0})
    setPosition("pell", {x = 250, y = 0})
    face("pell", "down")
    for n = 3, 1, -1 do banner(tostring(n), 0.8) wait(1) end
    enableControls()
    runProcess(function()
        while true do
            waitFrames(1)
            if isLookingAt("ines", "pell") then faceTowards("pell", "ines") else face("pell", "down") end
        end
    end)
    waitNear("ines", "pell", 100)
    disableControls()
    jump("talk")
end
function talk() text("pell", "Hello there.") end
)";
}  // namespace

TEST(Play, a_countdown_then_walking_up_to_someone_starts_the_conversation) {
    Stage stage(kWalkUp);
    stage.startScene("scene");
    stage.ticks(110);
    ASSERT_EQ(stage.events("banner").size(), 2u);  // 3 and 2 so far
    stage.world.cast().setPlayerInput({1, 0});     // hold right: Ines walks at 170 units a second
    stage.ticks(70);                               // the countdown ends at 3 s: controls are on
    EXPECT_FLOAT_EQ(stage.world.cast().findActor("ines")->position.x, 0) << "no walking before the countdown ends";
    stage.ticks(10);
    EXPECT_TRUE(stage.events("jump").empty());
    EXPECT_EQ(stage.world.cast().findActor("pell")->facing, Facing::Left) << "Pell looks back while Ines looks at him";
    stage.ticks(120);
    auto jumps = stage.events("jump");
    ASSERT_EQ(jumps.size(), 1u);
    EXPECT_EQ(*jumps[0]->field("target"), "talk");
    EXPECT_GE(stage.world.cast().findActor("ines")->position.x, 150 - 1);
    EXPECT_EQ(*stage.events("text").back()->field("text"), "Hello there.");
    // Once the scene took the controls back, holding right does nothing.
    float x = stage.world.cast().findActor("ines")->position.x;
    stage.ticks(30);
    EXPECT_FLOAT_EQ(stage.world.cast().findActor("ines")->position.x, x);
}

TEST(Play, the_npc_stops_looking_back_when_the_player_turns_away) {
    Stage stage(kWalkUp);
    stage.startScene("scene");
    stage.ticks(200);
    stage.world.cast().setPlayerInput({1, 0});
    stage.ticks(2);
    EXPECT_EQ(stage.world.cast().findActor("pell")->facing, Facing::Left);
    stage.world.cast().setPlayerInput({-1, 0});  // turn around
    stage.ticks(2);
    EXPECT_EQ(stage.world.cast().findActor("pell")->facing, Facing::Down);
}

// waitNear's "within radius" at its edge: an actor at exactly `radius` from
// the place is within it, a step further is not (distances along an axis and
// along a 3-4-5 diagonal, to an actor and to a point).
TEST(Play, wait_near_counts_the_edge_of_its_radius_as_within) {
    for (const char* where : {"{x = 100, y = 0}", "{x = 60, y = 80}"})
        for (const auto& [radius, within] :
             std::vector<std::pair<const char*, bool>>{{"100", true}, {"99.999", false}}) {
            const std::string source = std::string("function scene()\n") +
                                       "    setPosition(\"ines\", {x = 0, y = 0})\n" + "    setPosition(\"pell\", " +
                                       where + ")\n" + "    runProcess(function() waitNear(\"ines\", \"pell\", " +
                                       radius + ") print(\"near pell\") end)\n" + "    waitNear(\"ines\", " + where +
                                       ", " + radius + ")\n    print(\"near the point\")\nend\n";
            Stage stage(source);
            stage.startScene("scene");
            stage.ticks(10);
            EXPECT_EQ(stage.events("print").size(), within ? 2u : 0u) << "radius " << radius << " to " << where;
        }
}
