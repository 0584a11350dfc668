// The stage API as scripts see it: argument checks that point at the script
// line, and the waiting forms built on the scheduler.
#include <gtest/gtest.h>

#include <memory>

#include "TestSupport.h"

using namespace stagehand;
using test::Stage;

namespace {
// The outcome so far: a process still running when the ticks run out ends
// later (with the stage), so the callback writes to shared storage.
ProcessOutcome run(Stage& stage, const char* function, int ticks = 0) {
    auto outcome = std::make_shared<ProcessOutcome>();
    stage.host->startProcess(function, {}, [outcome](const ProcessOutcome& o) { *outcome = o; });
    stage.ticks(ticks);
    return *outcome;
}
}  // namespace

TEST(StageApi, an_unknown_actor_is_an_error_naming_it_at_the_script_line) {
    Stage stage("function scene()\n  wait(0.1)\n  say('jakcie', 'hi')\nend");
    auto outcome = run(stage, "scene", 10);
    EXPECT_EQ(outcome.status, "failed");
    EXPECT_NE(outcome.error.find(".lua:3: say: unknown actor 'jakcie' (did you mean 'jackie'?)"), std::string::npos)
        << outcome.error;
}

TEST(StageApi, an_unknown_waypoint_suggests_the_closest) {
    Stage stage("function scene()\n  setPosition('jon', waypoint('forest.jon_strat'))\nend");
    auto outcome = run(stage, "scene");
    EXPECT_NE(
        outcome.error.find(".lua:2: waypoint: unknown waypoint 'forest.jon_strat' (did you mean 'forest.jon_start'?)"),
        std::string::npos)
        << outcome.error;
}

TEST(StageApi, errors_inside_stage_helpers_blame_the_scene_line_and_name_its_call) {
    Stage stage("function scene()\n\n  walkTo('nobody', 'forest.jon_stop')\nend");
    auto outcome = run(stage, "scene");
    EXPECT_NE(outcome.error.find(".lua:3: walkTo: unknown actor 'nobody'"), std::string::npos) << outcome.error;
}

TEST(StageApi, arguments_of_the_wrong_type_are_named) {
    Stage stage("function scene() say('jon', 42) end\nfunction fades() fade('sideways', 1) end");
    EXPECT_NE(run(stage, "scene").error.find("say: text must be a string or a line(...). Was 42"), std::string::npos);
    EXPECT_NE(run(stage, "fades").error.find("fade: kind must be one of out, in, flash. Was \"sideways\""),
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
    auto outcome = run(stage, "scene", 59);  // jon walks 140 units a second
    EXPECT_EQ(outcome.status, "");
    stage.ticks(2);
    auto says = stage.events("say");
    ASSERT_EQ(says.size(), 1u);
    EXPECT_EQ(*says[0]->field("text"), "made it");
    EXPECT_NEAR(says[0]->time, 1.0, 1.0 / 60 + 1e-9);
}

TEST(StageApi, dialogue_waits_until_the_line_is_read) {
    Stage stage("function scene() dialogue('jon', 'Hello there.') say('jon', 'after') end");
    run(stage, "scene", 60);
    EXPECT_TRUE(stage.events("say").empty());
    stage.ticks(120);
    EXPECT_EQ(stage.events("say").size(), 1u);
}

TEST(StageApi, print_goes_to_the_transcript) {
    Stage stage("function scene() print('hello', 3, nil) end");
    run(stage, "scene");
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
    EXPECT_EQ(run(stage, "scene").status, "done");
    auto prints = stage.events("print");
    ASSERT_EQ(prints.size(), 3u);
    EXPECT_EQ(*prints[0]->field("text"), "left");
    EXPECT_EQ(*prints[1]->field("text"), "up");
    EXPECT_EQ(*prints[2]->field("text"), "right");
}
