// Camera direction and tweens: the camera's follow and shake rules, the
// easing curves at their key points, and tweens as processes on their
// group's clock (time scale, pause, cancel), with their transcript events
// and their errors at the scene's line.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <regex>
#include <set>
#include <string>

#include "TestSupport.h"
#include "game/Scenery.h"

using namespace stagehand;
using test::Stage;

namespace {

constexpr double kPi = 3.14159265358979323846;  // M_PI is not standard (mingw has none without _USE_MATH_DEFINES)

// Every easing name docs/API.md lists.
constexpr const char* kEasingNames[] = {"linear",       "inQuad",     "outQuad",   "inOutQuad",  "inCubic",
                                        "outCubic",     "inOutCubic", "inSine",    "outSine",    "inOutSine",
                                        "inBack",       "outBack",    "inOutBack", "inElastic",  "outElastic",
                                        "inOutElastic", "inBounce",   "outBounce", "inOutBounce"};

std::string fieldOf(const TranscriptEvent* e, const char* key) {
    const std::string* value = e->field(key);
    return value ? *value : "";
}

// "tween camera.zoom 1.00" style lines of the tween events, for compact checks.
std::vector<std::string> tweenEvents(const Stage& stage) {
    std::vector<std::string> lines;
    for (const auto& e : stage.transcript.events()) {
        char time[32];
        std::snprintf(time, sizeof time, "%.2f", e.time);
        if (e.name == "tween" || e.name == "tween_end")
            lines.push_back(std::string(time) + " " + e.name + " " + fieldOf(&e, "target") + "." +
                            fieldOf(&e, "property") + (e.name == "tween_end" ? " " + fieldOf(&e, "ended") : ""));
        if (e.name == "shake" || e.name == "shake_end")
            lines.push_back(std::string(time) + " " + e.name +
                            (e.name == "shake_end" ? " " + fieldOf(&e, "ended") : ""));
    }
    return lines;
}

}  // namespace

// --- The camera itself ---

TEST(Camera, a_followed_actor_moves_freely_inside_the_dead_zone_then_drags_the_centre) {
    Transcript transcript;
    World world(transcript);
    Actor jon;
    jon.id = "jon";
    jon.position = {640, 360};
    world.cast().addActor(jon);
    Camera& camera = world.camera();
    camera.setCenter({640, 360});
    camera.follow("jon", 100);
    world.cast().findActor("jon")->position = {720, 300};  // inside the zone: the camera holds
    camera.advance(world.cast());
    EXPECT_FLOAT_EQ(camera.center().x, 640);
    EXPECT_FLOAT_EQ(camera.center().y, 360);
    world.cast().findActor("jon")->position = {900, 100};  // past it: the actor sits on the zone's edge
    camera.advance(world.cast());
    EXPECT_FLOAT_EQ(camera.center().x, 800);
    EXPECT_FLOAT_EQ(camera.center().y, 200);
    camera.setZoom(2);  // the zone is in view units: half as much world at twice the zoom
    world.cast().findActor("jon")->position = {900, 200};
    camera.advance(world.cast());
    EXPECT_FLOAT_EQ(camera.center().x, 850);
    camera.follow("", 0);
    world.cast().findActor("jon")->position = {2000, 200};
    camera.advance(world.cast());
    EXPECT_FLOAT_EQ(camera.center().x, 850) << "following stopped";
}

TEST(Camera, still_shakes_keep_the_view_centre_where_the_camera_is) {
    Camera camera;
    camera.setCenter({100, 50});
    camera.setShakeOffset({6, -4});
    EXPECT_FLOAT_EQ(camera.viewCenter().x, 106);
    EXPECT_FLOAT_EQ(camera.viewCenter().y, 46);
    camera.setStillShakes(true);
    EXPECT_FLOAT_EQ(camera.viewCenter().x, 100);
    EXPECT_FLOAT_EQ(camera.viewCenter().y, 50);
}

TEST(Camera, zoom_is_kept_between_its_limits) {
    Camera camera;
    camera.setZoom(100);
    EXPECT_FLOAT_EQ(camera.zoom(), Camera::kMaxZoom);
    camera.setZoom(0);
    EXPECT_FLOAT_EQ(camera.zoom(), Camera::kMinZoom);
}

// --- Easing curves ---

TEST(Easing, every_curve_starts_at_0_ends_at_1_and_has_penners_values_between) {
    const auto& names = kEasingNames;
    std::string source = "function scene()\n";
    for (const char* name : names)
        source += std::string("  print('") + name + "', string.format('%.6f %.6f %.6f', ease('" + name +
                  "', 0), ease('" + name + "', 0.5), ease('" + name + "', 1)))\n";
    source += "end\n";
    Stage stage(source);
    stage.run("scene");
    auto prints = stage.events("print");
    ASSERT_EQ(prints.size(), std::size(names));
    const std::map<std::string, double> half = {{"linear", 0.5},
                                                {"inQuad", 0.25},
                                                {"outQuad", 0.75},
                                                {"inOutQuad", 0.5},
                                                {"inCubic", 0.125},
                                                {"outCubic", 0.875},
                                                {"inOutCubic", 0.5},
                                                {"inSine", 1 - std::cos(kPi / 4)},
                                                {"outSine", std::sin(kPi / 4)},
                                                {"inOutSine", 0.5},
                                                {"inBack", -0.0876975},
                                                {"outBack", 1.0876975},
                                                {"inOutBack", 0.5},
                                                {"inElastic", -0.015625},
                                                {"outElastic", 1.015625},
                                                {"inOutElastic", 0.5},
                                                {"inBounce", 0.234375},
                                                {"outBounce", 0.765625},
                                                {"inOutBounce", 0.5}};
    for (std::size_t i = 0; i < prints.size(); ++i) {
        double at0 = 0, at5 = 0, at1 = 0;
        char name[32];
        ASSERT_EQ(std::sscanf(fieldOf(prints[i], "text").c_str(), "%31s %lf %lf %lf", name, &at0, &at5, &at1), 4);
        EXPECT_NEAR(at0, 0, 1e-6) << name;
        EXPECT_NEAR(at1, 1, 1e-6) << name;
        EXPECT_NEAR(at5, half.at(name), 1e-5) << name;
    }
}

// A t outside 0..1 is held at its end, for every curve, however far outside.
TEST(Easing, a_t_outside_0_to_1_is_held_at_its_end_for_every_curve) {
    const auto& names = kEasingNames;
    std::string source = "function scene()\n";
    for (const char* name : names)
        for (const char* t : {"-0.001", "-0.5", "-1e9", "1.001", "1.5", "1e9"})
            source += std::string("  print('") + name + " " + t + "', string.format('%.9f', ease('" + name + "', " + t +
                      ")))\n";
    source += "end\n";
    Stage stage(source);
    stage.run("scene");
    auto prints = stage.events("print");
    ASSERT_EQ(prints.size(), std::size(names) * 6);
    for (const auto* e : prints) {
        char name[32];
        double t = 0, value = -7;
        ASSERT_EQ(std::sscanf(fieldOf(e, "text").c_str(), "%31s %lf %lf", name, &t, &value), 3);
        EXPECT_EQ(value, t < 0 ? 0.0 : 1.0) << name << " at " << t;
    }
}

TEST(Easing, back_and_elastic_overshoot_and_bounce_stays_inside) {
    Stage stage(
        "function scene()\n"
        "  local most, least = {}, {}\n"
        "  for _, name in ipairs({'outBack', 'inBack', 'outElastic', 'outBounce'}) do\n"
        "    most[name], least[name] = -1, 2\n"
        "    for i = 0, 1000 do\n"
        "      local v = ease(name, i / 1000)\n"
        "      most[name], least[name] = math.max(most[name], v), math.min(least[name], v)\n"
        "    end\n"
        "    print(name, string.format('%.4f %.4f', least[name], most[name]))\n"
        "  end\n"
        "end\n");
    stage.run("scene");
    auto prints = stage.events("print");
    ASSERT_EQ(prints.size(), 4u);
    EXPECT_EQ(fieldOf(prints[0], "text"), "outBack\t0.0000 1.1000");  // Penner's s = 1.70158: 10% past the end
    EXPECT_EQ(fieldOf(prints[1], "text"), "inBack\t-0.1000 1.0000");
    double least = 0, most = 0;
    std::sscanf(fieldOf(prints[2], "text").c_str(), "outElastic\t%lf %lf", &least, &most);
    EXPECT_GT(most, 1.3) << "the spring passes the end";
    EXPECT_EQ(fieldOf(prints[3], "text"), "outBounce\t0.0000 1.0000");
}

// --- Tweens as processes ---

TEST(Tween, a_zoom_follows_its_curve_on_scene_time_and_is_recorded_at_start_and_end) {
    Stage stage("function scene() zoomCamera(2, 1, 'linear') waitCamera() print('settled') end");
    stage.run("scene", 30);
    EXPECT_NEAR(stage.world.camera().zoom(), 1.5, 1e-4);
    stage.ticks(30);
    EXPECT_FLOAT_EQ(stage.world.camera().zoom(), 2);
    EXPECT_EQ(tweenEvents(stage),
              (std::vector<std::string>{"0.00 tween camera.zoom", "1.00 tween_end camera.zoom done"}));
    auto tween = stage.events("tween");
    ASSERT_EQ(tween.size(), 1u);
    EXPECT_EQ(fieldOf(tween[0], "to"), "2");
    EXPECT_EQ(fieldOf(tween[0], "seconds"), "1");
    EXPECT_EQ(fieldOf(tween[0], "easing"), "linear");
    auto prints = stage.events("print");
    ASSERT_EQ(prints.size(), 1u);
    EXPECT_NEAR(prints[0]->time, 1.0, 1e-9) << "waitCamera returns on the tick the zoom ends";
}

TEST(Tween, a_camera_move_eases_to_a_point_and_half_way_is_half_way_for_a_symmetric_curve) {
    Stage stage(
        "function scene() setCameraCenter({x = 0, y = 0}) moveCamera({x = 400, y = -200}, 2, 'inOutCubic') end");
    stage.run("scene", 60);
    EXPECT_NEAR(stage.world.camera().center().x, 200, 1e-3);
    EXPECT_NEAR(stage.world.camera().center().y, -100, 1e-3);
    stage.ticks(30);  // 1.5 s: inOutCubic is 1 - (0.5^3 * 4) / 2 = 0.9375 of the way
    EXPECT_NEAR(stage.world.camera().center().x, 375, 1e-2);
    stage.ticks(30);
    EXPECT_FLOAT_EQ(stage.world.camera().center().x, 400);
}

TEST(Tween, a_move_to_an_actor_ends_on_the_actor_where_it_walked_meanwhile) {
    Stage stage(
        "function scene()\n"
        "  activate('jon') setPosition('jon', {x = 0, y = 0}) setCameraCenter({x = 0, y = 0})\n"
        "  walkToPoint('jon', {x = 280, y = 0})\n"  // 140 units a second: there at 2 s
        "  moveCamera('jon', 1, 'linear')\n"
        "end\n");
    stage.run("scene", 60);
    EXPECT_NEAR(stage.world.camera().center().x, 140, 0.5) << "the move ended where jon was at 1 s";
}

TEST(Tween, the_groups_time_scale_slows_it_and_pause_holds_it) {
    Stage stage(
        "function scene()\n"
        "  local g = newGroup('slow')\n"
        "  g:setTimeScale(0.5)\n"
        "  g:run(function() zoomCamera(2, 1, 'linear') end)\n"
        "  wait(1)\n"  // 0.5 s of the group's time
        "  g:pause()\n"
        "  wait(1)\n"
        "  g:resume()\n"
        "end\n");
    stage.run("scene", 30);
    EXPECT_NEAR(stage.world.camera().zoom(), 1.25, 1e-3) << "half speed: a quarter of the way after half a second";
    // The scene pauses the group at 1 s, before the group's step of that
    // tick (groups step in the order they were made): the last step is 59/120.
    stage.ticks(31);
    float held = stage.world.camera().zoom();
    EXPECT_NEAR(held, 1 + 59.0 / 120, 1e-3);
    stage.ticks(58);  // to the tick before the scene resumes the group
    EXPECT_FLOAT_EQ(stage.world.camera().zoom(), held) << "paused: held";
    stage.ticks(1);  // resumed: the group's clock went on from 0.5 s
    EXPECT_NEAR(stage.world.camera().zoom(), 1.5, 1e-3);
    stage.ticks(59);
    EXPECT_LT(stage.world.camera().zoom(), 2);
    stage.ticks(1);
    EXPECT_FLOAT_EQ(stage.world.camera().zoom(), 2);
    EXPECT_EQ(tweenEvents(stage).back(), "3.00 tween_end camera.zoom done");
}

TEST(Tween, cancel_leaves_the_property_where_it_was_and_records_the_end) {
    Stage stage(
        "function scene()\n"
        "  local t = tween('camera', 'zoom', 3, 1, 'linear')\n"
        "  wait(0.5)\n"
        "  t:cancel()\n"
        "  print(t:status(), waitEnded(t))\n"
        "end\n");
    stage.run("scene", 90);
    // wait(0.5) ends before the tween's step of that tick (timers before
    // conditions): the zoom stays at its step of 29 ticks.
    EXPECT_NEAR(stage.world.camera().zoom(), 1 + 2 * 29.0 / 60, 1e-4);
    EXPECT_EQ(tweenEvents(stage),
              (std::vector<std::string>{"0.00 tween camera.zoom", "0.50 tween_end camera.zoom cancelled"}));
    EXPECT_EQ(fieldOf(stage.events("print").at(0), "text"), "cancelled\tcancelled");
}

TEST(Tween, a_newer_tween_or_a_direct_set_takes_over_a_property) {
    Stage stage(
        "function scene()\n"
        "  moveCamera({x = 1000, y = 0}, 1)\n"
        "  wait(0.25)\n"
        "  moveCamera({x = 0, y = 0}, 1)\n"
        "  wait(0.25)\n"
        "  setCameraCenter({x = 5, y = 5})\n"
        "end\n");
    stage.run("scene", 60);
    EXPECT_EQ(tweenEvents(stage),
              (std::vector<std::string>{"0.00 tween camera.center", "0.25 tween_end camera.center cancelled",
                                        "0.25 tween camera.center", "0.50 tween_end camera.center cancelled"}));
    EXPECT_FLOAT_EQ(stage.world.camera().center().x, 5);
}

// Every call docs/API.md names as setting a property at once ("and so do the
// calls that set it at once (...)") ends a tween of that property as cancelled
// at the moment it is made, and the tween sets it no more. The list is read
// from the docs, so a call named there without a case here fails too.
TEST(Tween, every_call_the_docs_name_as_setting_a_property_takes_it_over_from_its_tween) {
    struct Case {
        const char* tween;  // the tween it takes over, started first
        const char* call;   // the call, a quarter second in
        const char* key;    // the tween's target and property in the transcript
    };
    const std::map<std::string, Case> cases = {
        {"setCameraCenter", {"moveCamera({x = 1000, y = 0}, 1)", "setCameraCenter({x = 5, y = 5})", "camera.center"}},
        {"followCamera", {"moveCamera({x = 1000, y = 0}, 1)", "followCamera('jon')", "camera.center"}},
        {"setPosition",
         {"tween('jon', 'position', {x = 900, y = 100}, 1)", "setPosition('jon', {x = 5, y = 5})", "jon.position"}},
        {"walkToPoint",
         {"tween('jon', 'position', {x = 900, y = 100}, 1)", "walkToPoint('jon', {x = 5, y = 5})", "jon.position"}},
        {"fade", {"tween('fade', 'level', 1, 1)", "fade('in', 0.5)", "fade.level"}},
    };
    std::ifstream docs(test::dataRoot() + "/docs/API.md", std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(docs)), std::istreambuf_iterator<char>());
    std::replace(text.begin(), text.end(), '\n', ' ');
    const std::string opening = "the calls that set it at once (";
    const std::size_t from = text.find(opening);
    ASSERT_NE(from, std::string::npos) << "docs/API.md no longer lists the calls that take over a tween";
    const std::string list = text.substr(from + opening.size(), text.find(')', from) - from - opening.size());
    std::set<std::string> named;
    const std::regex quoted("`(\\w+)`");
    for (std::sregex_iterator m(list.begin(), list.end(), quoted), end; m != end; ++m) named.insert((*m)[1]);
    ASSERT_FALSE(named.empty()) << list;
    for (const std::string& name : named) {
        auto c = cases.find(name);
        ASSERT_NE(c, cases.end()) << "docs/API.md names " << name << " as taking over a tween; give it a case here";
        Stage stage(std::string("function scene()\n  activate('jon') setPosition('jon', {x = 0, y = 100})\n  ") +
                    c->second.tween + "\n  wait(0.25)\n  " + c->second.call + "\n  wait(1)\nend\n");
        stage.run("scene", 60);
        const std::vector<std::string> expected = {std::string("0.00 tween ") + c->second.key,
                                                   std::string("0.25 tween_end ") + c->second.key + " cancelled"};
        EXPECT_EQ(tweenEvents(stage), expected) << name;
        EXPECT_TRUE(stage.events("error").empty()) << name << ": " << fieldOf(stage.events("error").at(0), "message");
    }
}

TEST(Tween, an_actor_the_fade_and_the_picture_ease_too) {
    Stage stage(
        "function scene()\n"
        "  activate('jon') setPosition('jon', {x = 0, y = 100})\n"
        "  image('keeper')\n"
        "  tween('jon', 'position', {x = 200, y = 300}, 1, 'linear')\n"
        "  tween('fade', 'level', 0.8, 1, 'linear')\n"
        "  tween('picture', 'opacity', 0, 1, 'linear')\n"
        "end\n");
    stage.run("scene", 30);
    const Actor* jon = stage.world.cast().findActor("jon");
    EXPECT_NEAR(jon->position.x, 100, 1e-3);
    EXPECT_NEAR(jon->position.y, 200, 1e-3);
    EXPECT_NEAR(stage.world.scenery().fadeOverlayAlpha(), 0.4, 1e-3);
    EXPECT_NEAR(stage.world.scenery().imageOpacity(), 0.5, 1e-3);
    stage.ticks(30);
    EXPECT_FLOAT_EQ(jon->position.x, 200);
    EXPECT_NEAR(stage.world.scenery().fadeOverlayAlpha(), 0.8, 1e-6);
    EXPECT_NEAR(stage.world.scenery().imageOpacity(), 0, 1e-6);
}

TEST(Tween, a_shake_moves_the_view_not_the_camera_and_still_shakes_keep_its_events) {
    const char* source =
        "function scene() setCameraCenter({x = 0, y = 0}) wait(0.5) shakeCamera(20, 0.5) waitCamera() "
        "print('after') end";
    for (bool still : {false, true}) {
        Stage stage(source);
        stage.world.camera().setStillShakes(still);
        stage.run("scene", 40);  // 0.17 s into the shake
        EXPECT_FLOAT_EQ(stage.world.camera().center().x, 0);
        Vec2 view = stage.world.camera().viewCenter();
        float moved = std::abs(view.x) + std::abs(view.y);
        if (still)
            EXPECT_EQ(moved, 0) << "the reduce-shakes setting holds the view still";
        else
            EXPECT_GT(moved, 2) << "the view shakes";
        stage.ticks(40);
        EXPECT_EQ(stage.world.camera().viewCenter().x, 0) << "a shake ends where it began";
        EXPECT_EQ(tweenEvents(stage), (std::vector<std::string>{"0.50 shake", "1.00 shake_end done"}));
        EXPECT_NEAR(stage.events("print").at(0)->time, 1.0, 1e-9);
    }
}

TEST(Tween, following_the_player_at_any_zoom_keeps_the_player_walking_in_view) {
    Stage stage(
        "function scene()\n"
        "  activate('jon') setPosition('jon', {x = 0, y = 0}) setCameraCenter({x = 0, y = 0})\n"
        "  setPlayer('jon') enableControls()\n"
        "  zoomCamera(2, 0)\n"
        "  followCamera('jon', 100)\n"
        "end\n");
    stage.run("scene");
    stage.world.cast().setPlayerInput({1, 0});
    stage.ticks(120);  // 2 s at 140 units a second
    const Actor* jon = stage.world.cast().findActor("jon");
    EXPECT_NEAR(jon->position.x, 280, 0.5) << "the player walks as ever";
    EXPECT_NEAR(stage.world.camera().center().x, 280 - 50, 0.5) << "on the zone's edge: 100 view units at zoom 2";
    EXPECT_FLOAT_EQ(stage.world.camera().zoom(), 2);
}

TEST(Tween, bad_easings_properties_and_values_are_errors_at_the_scene_line_naming_the_choices) {
    Stage stage(
        "function easing()\n  zoomCamera(2, 1, 'inQaud')\nend\n"
        "function property()\n\n  tween('camera', 'opacity', 1, 1)\nend\n"
        "function target()\n  tween('nobody', 'position', 'forest.jon_stop', 1)\nend\n"
        "function value()\n  tween('fade', 'level', 2, 1)\nend\n"
        "function place()\n  moveCamera('forest.nowhere', 1)\nend\n");
    EXPECT_NE(stage.run("easing").error.find(
                  ".lua:2: zoomCamera: easing must be one of linear, inQuad, outQuad, inOutQuad, inCubic, outCubic, "
                  "inOutCubic, inSine, outSine, inOutSine, inBack, outBack, inOutBack, inElastic, outElastic, "
                  "inOutElastic, inBounce, outBounce, inOutBounce. Was \"inQaud\" (did you mean inQuad?)"),
              std::string::npos)
        << stage.run("easing").error;
    EXPECT_NE(
        stage.run("property")
            .error.find(".lua:6: tween: \"camera\" has no property \"opacity\"; its properties are: center, zoom"),
        std::string::npos)
        << stage.run("property").error;
    EXPECT_NE(stage.run("target").error.find(
                  ".lua:9: tween: target must be an actor, camera, fade or picture. Was \"nobody\""),
              std::string::npos)
        << stage.run("target").error;
    EXPECT_NE(stage.run("value").error.find(".lua:12: tween: to must be a number from 0 to 1. Was 2"),
              std::string::npos)
        << stage.run("value").error;
    EXPECT_NE(stage.run("place").error.find(".lua:15: moveCamera: unknown waypoint 'forest.nowhere'"),
              std::string::npos)
        << stage.run("place").error;
}

// The black veil over generated sequences of fades, flashes, levels set at
// once (what a tween of the fade's level does each frame) and time: a level
// set is what is drawn at once and after, whatever fade was under way (a fade
// in or out stops there); a fade out that has run its time leaves black, a
// fade in leaves it clear; a flash leaves the black veil where it was going;
// and the veil is always between clear and black.
TEST(Tween, over_generated_fades_and_levels_the_veil_is_the_last_word_on_it) {
    std::mt19937 random(45);
    for (int round = 0; round < 40; ++round) {
        test::Stage stage("function probe() end");
        Scenery& scenery = stage.world.scenery();
        std::optional<float> expected = 0.0f;  // what the veil must be now, when the model knows
        float blackGoal = 0, blackDue = 0, now = 0;
        for (int step = 0; step < 30; ++step) {
            const int op = static_cast<int>(random() % 4);
            const float value = static_cast<float>(random() % 1001) / 1000.0f;
            if (op == 0) {
                const FadeKind kind = random() % 2 ? FadeKind::Out : FadeKind::In;
                scenery.startFade(kind, value * 2);
                blackGoal = kind == FadeKind::Out ? 1.0f : 0.0f;
                blackDue = now + value * 2;
                expected.reset();
            } else if (op == 1) {
                scenery.startFade(FadeKind::Flash, value);
            } else if (op == 2) {
                scenery.setFadeLevel(value);
                expected = value;
                EXPECT_NEAR(scenery.fadeOverlayAlpha(), value, 1e-6) << "round " << round << ", step " << step;
            } else {
                scenery.advance(value);
                now += value;
                if (!expected && now >= blackDue + 1e-4f) expected = blackGoal;
            }
            const float veil = scenery.fadeOverlayAlpha();
            EXPECT_GE(veil, 0.0f);
            EXPECT_LE(veil, 1.0f);
            if (expected) {
                EXPECT_NEAR(veil, *expected, 1e-5) << "round " << round << ", step " << step << ", op " << op;
            }
        }
    }
}

// Each long change of the stage owns one property, and a call takes over only
// its own: over every ordered pair of a call that starts one (the camera's
// moves, zooms and shakes by either name, the fade's level, an actor's place)
// and a second call (another of those, or one that sets a property at once),
// the first ends "done" unless the second is of its own property, when it
// ends "cancelled".
// Whatever placed the camera before, the last call that places its centre is
// the one the player sees. Over every ordered pair of them, with Jon walking
// away afterwards (so a follow left running would drag the camera after him),
// the camera ends where the second call says: its point, or Jon on the edge
// of the follow's dead zone.
TEST(Camera, over_every_pair_of_calls_that_place_the_centre_the_last_one_wins) {
    struct Place {
        const char* lua;
        std::optional<Vec2> at;  // none: it follows Jon
    };
    const std::vector<Place> calls = {
        {"setCameraCenter({x = 500, y = 420})", Vec2{500, 420}},
        {"moveCamera({x = 700, y = 300}, 1)", Vec2{700, 300}},
        {"tween('camera', 'center', {x = 600, y = 400}, 1)", Vec2{600, 400}},
        {"followCamera('jon', 40)", std::nullopt},
    };
    for (const Place& first : calls)
        for (const Place& second : calls) {
            SCOPED_TRACE(std::string(first.lua) + ", then " + second.lua);
            Stage stage(std::string("function scene()\n  activate('jon') setPosition('jon', {x = 640, y = 360})\n  ") +
                        first.lua + "\n  wait(0.5)\n  " + second.lua +
                        "\n  wait(1.5)\n  walkToPoint('jon', {x = 1000, y = 560})\n  wait(8)\nend\n");
            stage.run("scene", 60 * 11);
            const Vec2 centre = stage.world.camera().center();
            const Vec2 jon = stage.world.cast().findActor("jon")->position;
            ASSERT_NEAR(jon.x, 1000, 1) << "Jon walked away";
            if (second.at) {
                EXPECT_NEAR(centre.x, second.at->x, 0.5);
                EXPECT_NEAR(centre.y, second.at->y, 0.5);
            } else {
                EXPECT_NEAR(centre.x, jon.x - 40, 0.5) << "Jon on the dead zone's edge";
                EXPECT_NEAR(centre.y, jon.y - 40, 0.5);
            }
        }
}

// The same rule for each property a scene can set at once or over time: over
// every ordered pair of the calls that set it, started half a second apart,
// the property ends at the second call's value, whether the first was done,
// still under way, or a walk.
TEST(Tween, over_every_pair_of_calls_that_set_a_property_it_ends_at_the_last_ones_value) {
    struct Call {
        const char* lua;
        std::vector<float> value;
    };
    struct Property {
        const char* name;
        std::vector<Call> calls;
        std::function<std::vector<float>(World&)> read;
    };
    const std::vector<Property> properties = {
        {"jon.position",
         {{"setPosition('jon', {x = 500, y = 420})", {500, 420}},
          {"walkToPoint('jon', {x = 700, y = 300})", {700, 300}},
          {"tween('jon', 'position', {x = 600, y = 400}, 1)", {600, 400}},
          {"walkToPointAndSignal('jon', 'there', {x = 560, y = 330})", {560, 330}},
          {"walkTo('jon', {x = 520, y = 380})", {520, 380}}},
         [](World& w) {
             const Vec2 p = w.cast().findActor("jon")->position;
             return std::vector<float>{p.x, p.y};
         }},
        {"fade.level",
         {{"fade('out', 0.5)", {1}},
          {"fade('in', 0.5)", {0}},
          {"tween('fade', 'level', 0.4, 1)", {0.4f}},
          {"tween('fade', 'level', 0.7, 0.5)", {0.7f}}},
         [](World& w) { return std::vector<float>{w.scenery().fadeOverlayAlpha()}; }},
        {"camera.zoom",
         {{"zoomCamera(2, 1)", {2}}, {"tween('camera', 'zoom', 1.5, 1)", {1.5f}}, {"zoomCamera(0.5, 0.5)", {0.5f}}},
         [](World& w) { return std::vector<float>{w.camera().zoom()}; }},
    };
    for (const Property& property : properties)
        for (const Call& first : property.calls)
            for (const Call& second : property.calls) {
                SCOPED_TRACE(std::string(property.name) + ": " + first.lua + ", then " + second.lua);
                Stage stage(
                    std::string("function scene()\n  activate('jon') setPosition('jon', {x = 640, y = 360})\n  ") +
                    first.lua + "\n  wait(0.5)\n  " + second.lua + "\n  wait(6)\nend\n");
                stage.run("scene", 60 * 7);
                const std::vector<float> seen = property.read(stage.world);
                ASSERT_EQ(seen.size(), second.value.size());
                for (std::size_t i = 0; i < seen.size(); ++i) EXPECT_NEAR(seen[i], second.value[i], 0.01) << i;
            }
}

// The backdrop by the same rule, read at once as well as at the end (a
// transition left running ends where a cut would, so only the moment after
// tells them apart): over every ordered pair of backdrop calls, a cut or a
// transition, the second shows its own picture from the tick it is made, a
// cut whole at once and a transition from its start, and ends whole.
TEST(Tween, over_every_pair_of_backdrop_calls_the_second_shows_at_once_as_it_says) {
    struct Call {
        const char* lua;
        const char* picture;
        bool cut;
    };
    const std::vector<Call> calls = {{"backdrop('keeper')", "keeper", true},
                                     {"backdrop(nil)", "", true},
                                     {"backdrop('logbook', 'dissolve', 1)", "logbook", false},
                                     {"backdrop('keeper', 'slide', 2)", "keeper", false},
                                     {"backdrop('logbook', 'fade', 1.5)", "logbook", false}};
    for (const Call& first : calls)
        for (const Call& second : calls) {
            SCOPED_TRACE(std::string(first.lua) + ", then " + second.lua);
            Stage stage(std::string("function scene()\n  ") + first.lua + "\n  wait(0.3)\n  " + second.lua +
                        "\n  wait(4)\nend\n");
            stage.run("scene", 20);  // the second call was made on tick 18
            const Scenery& scenery = stage.world.scenery();
            EXPECT_EQ(scenery.backdropPicture(), second.picture);
            if (second.cut) {
                EXPECT_EQ(scenery.transition(), Transition::Cut) << "a cut is whole at once";
                EXPECT_FLOAT_EQ(scenery.transitionProgress(), 1);
            } else {
                EXPECT_LT(scenery.transitionProgress(), 0.1) << "the transition starts from its start";
            }
            stage.ticks(60 * 3);
            EXPECT_EQ(scenery.backdropPicture(), second.picture);
            EXPECT_FLOAT_EQ(scenery.transitionProgress(), 1);
        }
}

TEST(Tween, over_every_pair_of_stage_changes_a_call_takes_over_only_its_own_property) {
    struct Call {
        const char* lua;
        const char* property;
    };
    const std::vector<Call> starters = {
        {"moveCamera({x = 700, y = 300}, 2)", "camera.center"},
        {"tween('camera', 'center', {x = 600, y = 400}, 2)", "camera.center"},
        {"zoomCamera(2, 2)", "camera.zoom"},
        {"tween('camera', 'zoom', 1.5, 2)", "camera.zoom"},
        {"shakeCamera(10, 2)", "camera.shake"},
        {"tween('fade', 'level', 0.5, 2)", "fade.level"},
        {"tween('jon', 'position', {x = 500, y = 300}, 2)", "jon.position"},
    };
    std::vector<Call> seconds = starters;
    for (const Call& c : std::vector<Call>{{"setCameraCenter({x = 640, y = 360})", "camera.center"},
                                           {"followCamera('jon')", "camera.center"},
                                           {"setPosition('jon', {x = 400, y = 400})", "jon.position"},
                                           {"walkToPoint('jon', {x = 420, y = 380})", "jon.position"},
                                           {"fade('in', 0.5)", "fade.level"}})
        seconds.push_back(c);
    for (const Call& first : starters)
        for (const Call& second : seconds) {
            SCOPED_TRACE(std::string(first.lua) + ", then " + second.lua);
            Stage stage(std::string("function scene()\n  activate('jon') setPosition('jon', {x = 300, y = 300})\n  ") +
                        first.lua + "\n  wait(0.5)\n  " + second.lua + "\n  wait(3)\nend\n");
            stage.run("scene", 60 * 4);
            std::string ended;
            for (const auto& e : stage.transcript.events()) {
                bool ownEnd = std::string(first.property) == "camera.shake"
                                  ? e.name == "shake_end"
                                  : e.name == "tween_end" &&
                                        fieldOf(&e, "target") + "." + fieldOf(&e, "property") == first.property;
                if (ownEnd) {
                    ended = fieldOf(&e, "ended");
                    break;
                }
            }
            EXPECT_EQ(ended, std::string(first.property) == second.property ? "cancelled" : "done");
        }
}
