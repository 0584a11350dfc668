// The stage API as scripts see it: argument checks that point at the script
// line, and the waiting forms built on the scheduler.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>

#include "TestSupport.h"

using namespace stagehand;
using test::Stage;

TEST(StageApi, an_unknown_actor_is_an_error_naming_it_at_the_script_line) {
    Stage stage("function scene()\n  wait(0.1)\n  say('jakcie', 'hi')\nend");
    auto outcome = stage.run("scene", 10);
    EXPECT_EQ(outcome.status, "failed");
    EXPECT_NE(outcome.error.find(".lua:3: say: unknown actor 'jakcie' (did you mean 'jackie'?)"), std::string::npos)
        << outcome.error;
}

TEST(StageApi, an_unknown_waypoint_suggests_the_closest) {
    Stage stage("function scene()\n  setPosition('jon', waypoint('forest.jon_strat'))\nend");
    auto outcome = stage.run("scene");
    EXPECT_NE(
        outcome.error.find(".lua:2: waypoint: unknown waypoint 'forest.jon_strat' (did you mean 'forest.jon_start'?)"),
        std::string::npos)
        << outcome.error;
}

TEST(StageApi, errors_inside_stage_helpers_blame_the_scene_line_and_name_its_call) {
    Stage stage("function scene()\n\n  walkTo('nobody', 'forest.jon_stop')\nend");
    auto outcome = stage.run("scene");
    EXPECT_NE(outcome.error.find(".lua:3: walkTo: unknown actor 'nobody'"), std::string::npos) << outcome.error;
}

TEST(StageApi, arguments_of_the_wrong_type_are_named) {
    Stage stage("function scene() say('jon', 42) end\nfunction fades() fade('sideways', 1) end");
    EXPECT_NE(stage.run("scene").error.find("say: text must be a string or a line(...). Was 42"), std::string::npos);
    EXPECT_NE(stage.run("fades").error.find("fade: kind must be one of out, in, flash. Was \"sideways\""),
              std::string::npos);
}

TEST(StageApi, walkToPointAndSignal_wakes_the_waiter_when_the_actor_arrives) {
    Stage stage(
        "function scene()\n"
        "  setPosition('jon', {x = 0, y = 0})\n"
        "  walkToPointAndSignal('jon', 'jon-here', {x = 140, y = 0, name = 'spot'})\n"
        "  local t = waitSignal('jon-here')\n"
        "  say('jon', 'made it')\n"
        "end\n");
    auto outcome = stage.run("scene", 59);  // jon walks 140 units a second
    EXPECT_EQ(outcome.status, "");
    stage.ticks(2);
    auto says = stage.events("say");
    ASSERT_EQ(says.size(), 1u);
    EXPECT_EQ(*says[0]->field("text"), "made it");
    EXPECT_NEAR(says[0]->time, 1.0, 1.0 / 60 + 1e-9);
}

TEST(StageApi, dialogue_waits_until_the_line_is_read) {
    Stage stage("function scene() dialogue('jon', 'Hello there.') say('jon', 'after') end");
    stage.run("scene", 60);
    EXPECT_TRUE(stage.events("say").empty());
    stage.ticks(120);
    EXPECT_EQ(stage.events("say").size(), 1u);
}

TEST(StageApi, print_goes_to_the_transcript) {
    Stage stage("function scene() print('hello', 3, nil) end");
    stage.run("scene");
    auto prints = stage.events("print");
    ASSERT_EQ(prints.size(), 1u);
    EXPECT_EQ(*prints[0]->field("text"), "hello\t3\tnil");
}

TEST(StageApi, facePoint_turns_an_actor_towards_a_waypoint_or_a_point) {
    Stage stage(
        "function scene()\n"
        "  setPosition('jon', {x = 100, y = 100})\n"
        "  facePoint('jon', {x = 40, y = 110}) print(facingOf('jon'))\n"
        "  facePoint('jon', {x = 105, y = 20}) print(facingOf('jon'))\n"
        "  facePoint('jon', 'forest.jackie_stop') print(facingOf('jon'))\n"
        "end\n");
    EXPECT_EQ(stage.run("scene").status, "done");
    auto prints = stage.events("print");
    ASSERT_EQ(prints.size(), 3u);
    EXPECT_EQ(*prints[0]->field("text"), "left");
    EXPECT_EQ(*prints[1]->field("text"), "up");
    EXPECT_EQ(*prints[2]->field("text"), "right");
}

// A model of the stage's instant calls. Over generated sequences of them,
// some refused (an unknown image, expression, direction or waypoint, called
// in pcall), the stage ends as a few lines of bookkeeping say: each call sets
// its own property and only it, a portrait clears the expression, facing is
// along the longer of the two distances, and a refused call changes nothing.
TEST(StageApi, over_generated_sequences_of_instant_calls_the_stage_ends_as_a_model_says) {
    struct Model {
        int x = 640, y = 360;
        std::string facing = "down", portrait, expression, sprite, image;
        int cameraX = 640, cameraY = 360;
    };
    auto along = [](int dx, int dy) -> std::string {
        if (std::abs(dx) >= std::abs(dy)) return dx < 0 ? "left" : "right";
        return dy < 0 ? "up" : "down";
    };
    const int jackieX = 900, jackieY = 250;
    const std::vector<std::string> directions = {"down", "up", "left", "right"};
    const std::vector<std::string> pictures = {"keeper", "logbook", ""};  // "" is nil
    std::mt19937 random(2611);
    auto pick = [&](int n) { return static_cast<int>(random() % static_cast<unsigned>(n)); };
    auto lua = [](const std::string& name) { return name.empty() ? std::string("nil") : "'" + name + "'"; };
    for (int sequence = 0; sequence < 150; ++sequence) {
        Model model;
        std::string calls;
        const int length = 1 + pick(8);
        for (int i = 0; i < length; ++i) {
            const int x = 60 + pick(1160), y = 60 + pick(600);
            switch (pick(10)) {
                case 0:
                    calls += "setPosition('jon', {x = " + std::to_string(x) + ", y = " + std::to_string(y) + "})\n";
                    model.x = x, model.y = y;
                    break;
                case 1: {
                    const std::string d = directions[static_cast<std::size_t>(pick(4))];
                    calls += "face('jon', '" + d + "')\n";
                    model.facing = d;
                    break;
                }
                case 2:
                    if (std::abs(x - model.x) == std::abs(y - model.y)) break;  // a diagonal: either way
                    calls += "facePoint('jon', {x = " + std::to_string(x) + ", y = " + std::to_string(y) + "})\n";
                    model.facing = along(x - model.x, y - model.y);
                    break;
                case 3:
                    if (std::abs(jackieX - model.x) == std::abs(jackieY - model.y)) break;
                    calls += "faceTowards('jon', 'jackie')\n";
                    model.facing = along(jackieX - model.x, jackieY - model.y);
                    break;
                case 4: {
                    const std::string p = pictures[static_cast<std::size_t>(pick(3))];
                    calls += "portrait('jon', " + lua(p) + ")\n";
                    model.portrait = p, model.expression.clear();
                    break;
                }
                case 5: {  // only keeper has a face other than its own: worried
                    const bool canWorry = model.portrait == "keeper" || model.sprite == "keeper";
                    const bool hasPicture = !model.portrait.empty() || !model.sprite.empty();
                    const std::string e = canWorry && pick(2) ? "worried" : "";
                    if (!hasPicture && pick(2)) break;
                    calls += "expression('jon', " + lua(e) + ")\n";
                    model.expression = e;
                    break;
                }
                case 6: {
                    const std::string s = pictures[static_cast<std::size_t>(pick(3))];
                    calls += "sprite('jon', " + lua(s) + ")\n";
                    model.sprite = s;
                    break;
                }
                case 7:
                    calls += "setCameraCenter({x = " + std::to_string(x) + ", y = " + std::to_string(y) + "})\n";
                    model.cameraX = x, model.cameraY = y;
                    break;
                case 8: {
                    const std::string p = pictures[static_cast<std::size_t>(pick(3))];
                    calls += "image(" + lua(p) + ")\n";
                    model.image = p;
                    break;
                }
                default: {  // refused: nothing changes
                    static const char* refused[] = {"pcall(portrait, 'jon', 'keepr')",
                                                    "pcall(sprite, 'jon', 'logbok')",
                                                    "pcall(expression, 'jon', 'glad')",
                                                    "pcall(face, 'jon', 'sideways')",
                                                    "pcall(image, 'keeper_glad')",
                                                    "pcall(setPosition, 'jon', 'forest.nowhere')",
                                                    "pcall(facePoint, 'jon', 'nowhere')",
                                                    "pcall(faceTowards, 'jon', 'nobody')",
                                                    "pcall(setCameraCenter, 'porch.nowhere')"};
                    calls += std::string(refused[pick(9)]) + "\n";
                }
            }
        }
        SCOPED_TRACE("the calls:\n" + calls);
        Stage stage(
            "function scene()\n  activate('jon') activate('jackie') setPosition('jon', {x = 640, y = 360})\n"
            "  setPosition('jackie', {x = 900, y = 250})\n" +
            calls + "end\n");
        ASSERT_EQ(stage.run("scene", 2).status, "done");
        const Actor& jon = *stage.world.cast().findActor("jon");
        EXPECT_FLOAT_EQ(jon.position.x, static_cast<float>(model.x));
        EXPECT_FLOAT_EQ(jon.position.y, static_cast<float>(model.y));
        EXPECT_EQ(facingName(jon.facing), model.facing);
        EXPECT_EQ(jon.portrait, model.portrait);
        EXPECT_EQ(jon.expression, model.expression);
        EXPECT_EQ(jon.sprite, model.sprite);
        EXPECT_EQ(stage.world.scenery().image(), model.image);
        EXPECT_FLOAT_EQ(stage.world.camera().center().x, static_cast<float>(model.cameraX));
        EXPECT_FLOAT_EQ(stage.world.camera().center().y, static_cast<float>(model.cameraY));
        if (::testing::Test::HasFailure()) break;
    }
}

// isLookingAt over generated places: true exactly when the target stands
// within about 37 degrees (cos 0.8) of where the looker faces and within 300
// units, for each way the looker can face. Cases near either edge (a degree,
// a unit) are left out: there "about" is the rule.
TEST(StageApi, over_generated_places_isLookingAt_is_true_within_37_degrees_and_300_units_of_the_facing) {
    const double kPi = 3.14159265358979323846;
    const double edge = std::acos(0.8) * 180 / kPi;
    std::mt19937 random(3737);
    std::uniform_real_distribution<double> angle(-180, 180), reach(5, 420);
    struct Case {
        std::string facing;
        double x, y;
        bool looking;
    };
    std::vector<Case> cases;
    std::string source =
        "function scene()\n  activate('jon') activate('jackie') setPosition('jon', {x = 640, y = 360})\n";
    const std::map<std::string, double> ahead = {{"right", 0}, {"down", 90}, {"left", 180}, {"up", -90}};
    while (cases.size() < 240) {
        const auto& [facing, heading] = *std::next(ahead.begin(), static_cast<long>(cases.size() % 4));
        const double off = angle(random), distance = reach(random);
        if (std::abs(std::abs(off) - edge) < 1 || std::abs(distance - 300) < 1) continue;
        const double a = (heading + off) * kPi / 180;
        const double x = std::round((640 + distance * std::cos(a)) * 100) / 100;
        const double y = std::round((360 + distance * std::sin(a)) * 100) / 100;
        cases.push_back({facing, x, y, std::abs(off) < edge && distance < 300});
        source += "  face('jon', '" + facing + "') setPosition('jackie', {x = " + std::to_string(x) +
                  ", y = " + std::to_string(y) + "}) print(tostring(isLookingAt('jon', 'jackie')))\n";
    }
    source += "end\n";
    Stage stage(source);
    ASSERT_EQ(stage.run("scene").status, "done");
    auto prints = stage.events("print");
    ASSERT_EQ(prints.size(), cases.size());
    for (std::size_t i = 0; i < cases.size(); ++i)
        EXPECT_EQ(*prints[i]->field("text"), cases[i].looking ? "true" : "false")
            << "facing " << cases[i].facing << ", Jackie at " << cases[i].x << ", " << cases[i].y;
}

// show() without a map: a character is its pictures (images/NAME/...), stood
// at a quarter, the middle, three quarters or a fraction of the view's width
// wherever the camera is, its feet just above the dialogue box; it speaks as a
// map's actor does; hide() takes it off; a map's actor may be shown too.
TEST(StageApi, show_stands_a_character_of_pictures_alone_where_asked_and_hide_takes_it_off) {
    Stage stage(
        "function scene()\n"
        "  show('ada', 'happy', 'left') local lx, ly = positionOf('ada')\n"
        "  show('ada', nil, 'center') local cx = positionOf('ada')\n"
        "  show('ada', 'neutral', 'right') local rx = positionOf('ada')\n"
        "  show('ada', nil, 0.1) local fx = positionOf('ada')\n"
        "  setCameraCenter({x = 2000, y = 1000}) zoomCamera(2, 0.01) wait(0.1)\n"
        "  show('ada', nil, 'right') local zx, zy = positionOf('ada')\n"
        "  say('ada', 'Hello.')\n"
        "  show('jon', nil, 'left')\n"
        "  hide('ada')\n"
        "  return lx, ly, cx, rx, fx, zx, zy\n"
        "end\n");
    stage.world.scenery().setImageNames({"ada/neutral", "ada/happy", "ada/talk_1", "keeper"});
    auto outcome = stage.run("scene", 30);
    ASSERT_EQ(outcome.status, "done") << outcome.error;
    std::vector<double> at;
    for (const auto& value : outcome.results) at.push_back(value.number);
    // The view is 1280 wide; the feet stand at view y 512 (30 above the box's top at 542).
    EXPECT_EQ(at, (std::vector<double>{320, 512, 640, 960, 128, 2000 + 0.25 * 640, 1000 + (512 - 360) / 2.0}));
    const Actor* ada = stage.world.cast().findActor("ada");
    ASSERT_TRUE(ada);
    EXPECT_FALSE(ada->active) << "hidden";
    EXPECT_EQ(ada->displayName, "Ada");
    EXPECT_EQ(ada->sprite, "ada");
    EXPECT_FALSE(ada->nameShown);
    EXPECT_TRUE(stage.world.cast().findActor("jon")->active) << "a map's actor shows as well";
    EXPECT_EQ(stage.events("say").size(), 1u);
    ASSERT_EQ(stage.events("show").size(), 6u);
    EXPECT_EQ(*stage.events("show")[0]->field("expression"), "happy");
    EXPECT_EQ(*stage.events("show")[1]->field("expression"), "neutral");
    EXPECT_EQ(stage.events("hide").size(), 1u);
}

// A dissolve takes a shown character's opacity from 0 to 1 over its seconds, and
// a hide's from 1 to 0, after which it is off stage; a slide brings it in from
// the nearer edge of the view and takes it out by the nearer edge.
TEST(StageApi, show_and_hide_dissolve_and_slide_over_their_seconds) {
    Stage stage(
        "function scene()\n"
        "  show('ada', nil, 'left', 'dissolve', 1)\n"
        "  wait(2)\n"
        "  hide('ada', 'dissolve', 1)\n"
        "  wait(2)\n"
        "  show('bea', nil, 0.25, 'slide', 1)\n"
        "  wait(2)\n"
        "  hide('bea', 'slide', 1)\n"
        "  wait(2)\n"
        "end\n");
    stage.world.scenery().setImageNames({"ada/neutral", "bea/neutral"});
    stage.run("scene", 1);
    auto opacity = [&] { return stage.world.cast().findActor("ada")->opacity; };
    EXPECT_LT(opacity(), 0.05f);
    stage.ticks(29);
    EXPECT_NEAR(opacity(), 0.5f, 0.08f);
    stage.ticks(60);
    EXPECT_EQ(opacity(), 1);
    EXPECT_TRUE(stage.world.cast().findActor("ada")->active);
    stage.ticks(60);  // into the hide
    EXPECT_NEAR(opacity(), 0.5f, 0.1f);
    EXPECT_TRUE(stage.world.cast().findActor("ada")->active);
    stage.ticks(60);
    EXPECT_FALSE(stage.world.cast().findActor("ada")->active);
    EXPECT_EQ(opacity(), 1) << "ready to be shown again";
    stage.ticks(32);  // bea slides in from the left edge, past the view
    const Actor* bea = stage.world.cast().findActor("bea");
    ASSERT_TRUE(bea);
    EXPECT_LT(bea->position.x, 0);
    stage.ticks(90);
    EXPECT_EQ(bea->position.x, 320);
    stage.ticks(30);
    EXPECT_LT(bea->position.x, 320) << "out by the nearer (left) edge";
    EXPECT_TRUE(bea->active);
    stage.ticks(60);
    EXPECT_FALSE(bea->active);
}

// A point given as a table is refused whole when a field is wrong: x and y finite numbers, a name (what
// the transcript calls the place) a string or left out. Caught with pcall as thrown, and uncaught, the
// message names the scene's line.
TEST(StageApi, a_point_tables_wrong_field_is_refused_at_the_callers_line) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"setPosition('jon', {x = 1, y = 2, name = 5})", "setPosition: point's name must be a string. Was 5"},
        {"setPosition('jon', {x = 1, y = 2, name = {}})", "setPosition: point's name must be a string. Was table"},
        {"walkToPoint('jon', {x = 1, y = 'a'})", "walkToPoint: point needs finite numeric x and y fields"},
        {"setPosition('jon', {x = 1 / 0, y = 2})", "setPosition: point needs finite numeric x and y fields"},
        {"setCameraCenter({x = 1, y = 2, name = true})", "setCameraCenter: point's name must be a string"},
    };
    for (const auto& [call, expected] : cases) {
        Stage stage("function scene()\n  activate('jon')\n  print(select(2, pcall(function() " + call + " end)))\n  " +
                    call + "\nend\n");
        auto outcome = stage.run("scene", 2);
        EXPECT_EQ(outcome.status, "failed") << call;
        EXPECT_NE(outcome.error.find(".lua:4: " + expected), std::string::npos) << call << ": " << outcome.error;
        const auto printed = stage.events("print");
        ASSERT_EQ(printed.size(), 1u) << call;
        EXPECT_NE(printed[0]->field("text")->find(".lua:3: " + expected), std::string::npos)
            << call << ": " << *printed[0]->field("text");
    }
    Stage named("function scene()\n  activate('jon')\n  setPosition('jon', {x = 5, y = 6, name = 'mark'})\nend\n");
    EXPECT_EQ(named.run("scene", 2).status, "done") << "a string name is a point's label";
}

// Every wrong argument to show() and hide() is refused in the caller's name,
// at the scene's line, saying what was expected.
// The engine's errors name the scene function, not the local name a scene
// called it by: the description's check of each function is registered
// under its entry's name (scripts/StageSupport.lua's checkedNames).
TEST(StageApi, an_engine_error_names_the_scene_function_whatever_local_name_called_it) {
    const std::pair<std::string, std::string> cases[] = {
        {"local s = say; s('nobody', 'hi')", ".lua:3: say: unknown actor 'nobody'"},
        {"local w = walkTo; w('jackie', 'forest.nowhere')", ".lua:3: walkTo: unknown waypoint 'forest.nowhere'"},
        {"local t = {f = setPosition}; t.f('nobody', 'forest.jackie_stop')", ".lua:3: setPosition: unknown actor"},
    };
    for (const auto& [call, expected] : cases) {
        Stage stage("function scene()\n  activate('jackie')\n  " + call + "\nend\n");
        auto outcome = stage.run("scene", 2);
        EXPECT_EQ(outcome.status, "failed") << call;
        EXPECT_NE(outcome.error.find(expected), std::string::npos) << call << ": " << outcome.error;
    }
}

TEST(StageApi, show_and_hide_refuse_a_wrong_argument_at_the_callers_line) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"show('nobody')", "show: unknown character 'nobody'"},
        {"show('adaa')", "show: unknown character 'adaa' (did you mean 'ada'?)"},
        {"show('ada', 'sad')", "show: unknown expression 'sad'"},
        {"show('ada', nil, 'middle')", "show: at must be one of left, center, right. Was \"middle\""},
        {"show('ada', nil, 1.5)", "show: at must be left, center, right or a number from 0 to 1. Was 1.5"},
        {"show('ada', nil, nil, 'fade')", "show: transition must be one of dissolve, slide"},
        {"show('ada', nil, nil, 'slide', -1)", "show: seconds"},
        {"show(42)", "show: name must be a string"},
        {"hide('nobody')", "hide: unknown actor 'nobody'"},
        {"hide('ada', 'sideways')", "hide: transition must be one of dissolve, slide"},
        {"hide('nobody', 'dissolve')", "hide: unknown actor 'nobody'"},
    };
    for (const auto& [call, expected] : cases) {
        Stage stage("function scene()\n  show('ada')\n  " + call + "\nend\n");
        stage.world.scenery().setImageNames({"ada/neutral", "ada/happy"});
        auto outcome = stage.run("scene", 2);
        EXPECT_EQ(outcome.status, "failed") << call;
        EXPECT_NE(outcome.error.find(".lua:3: " + expected), std::string::npos) << call << ": " << outcome.error;
    }
}

// frameRate(): a sprite's animation at the rate asked (a walk at 4 frames a
// second shows each frame a quarter of a second), the others at their
// defaults; a wrong sprite, animation or rate is refused at the caller's line.
TEST(StageApi, frameRate_sets_one_animation_of_one_sprite_and_refuses_what_is_wrong) {
    Stage stage("function scene()\n  frameRate('ada', 'walk', 4)\nend\n");
    stage.world.scenery().setImageNames({"ada/neutral", "ada/walk_right_1", "bea/neutral"});
    ASSERT_EQ(stage.run("scene", 1).status, "done");
    const FrameRates& rates = stage.world.cast().frameRates();
    EXPECT_EQ(rates.of("ada", "walk"), 4);
    EXPECT_EQ(rates.of("ada", "talk"), 8);
    EXPECT_EQ(rates.of("bea", "walk"), 8);
    ASSERT_EQ(stage.events("frameRate").size(), 1u);
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"frameRate('adaa', 'walk', 4)", "frameRate: unknown sprite 'adaa' (did you mean 'ada'?)"},
        {"frameRate('ada', 'run', 4)", "frameRate: animation must be one of talk, blink, idle, walk. Was \"run\""},
        {"frameRate('ada', 'walk', 0)", "frameRate: fps must be a number from 0.5 to 60. Was 0"},
        {"frameRate('ada', 'walk', 61)", "frameRate: fps must be a number from 0.5 to 60. Was 61"},
        {"frameRate('ada', 'walk')", "frameRate: fps must be a number from 0.5 to 60. Was nil"},
    };
    for (const auto& [call, expected] : cases) {
        Stage wrong("function scene()\n\n  " + call + "\nend\n");
        wrong.world.scenery().setImageNames({"ada/neutral", "ada/walk_right_1"});
        auto outcome = wrong.run("scene", 1);
        EXPECT_NE(outcome.error.find(".lua:3: " + expected), std::string::npos) << call << ": " << outcome.error;
    }
}
