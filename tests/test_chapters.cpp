// A story of chapters (issue 61): the SCENES played in turn in one run, what
// carries from one chapter into the next (flags, the script's globals) and
// what does not (the stage: each chapter finds it as a chapter played alone
// does), where the story goes (nextChapter, endStory, a failure), and that a
// saved or replayed story comes back the same.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <sstream>

#include "TestSupport.h"
#include "app/run/RunSetup.h"
#include "app/run/Simulation.h"

using namespace stagehand;

namespace {

// Three chapters over the demo's yard map (george, bob): the first moves the
// stage about and leaves a flag and a global; the second tells what it found.
const char* const kThreeChapters = R"(
SCENES = { "one", "two", "three" }
chaptersSeen = 0
function one()
    chaptersSeen = chaptersSeen + 1
    activate("george")
    setPosition("george", { x = 100, y = 100 })
    setPlayer("george")
    disableControls()
    setCameraCenter({ x = 50, y = 60 })
    zoomCamera(2, 0)
    image("keeper")
    backdrop("keeper")
    playMusic("music_porch")
    playSound("ambience_sea", { loop = true })
    banner("ONE", 100)
    flags.fromOne = "carried"
    text("The first chapter.")
    fade("out", 0.5)
    wait(0.5)
end
function two()
    chaptersSeen = chaptersSeen + 1
    text("flag " .. tostring(flags.fromOne) .. ", chapters " .. chaptersSeen)
end
function three()
    chaptersSeen = chaptersSeen + 1
    text("the third")
end
)";

struct StoryRun {
    std::vector<TranscriptEvent> events;
    std::unique_ptr<Simulation> sim;

    StoryRun(const std::string& source, bool story, const std::string& first = "one", std::vector<int> choices = {},
             std::map<std::string, ScriptValue> persistent = {}) {
        const std::string path = test::writeScript("chapters.lua", source);
        Simulation::Options o = options(path, story, choices);
        o.persistent = std::move(persistent);
        sim = std::make_unique<Simulation>(o);
        std::string error;
        EXPECT_TRUE(sim->startScene(first, error)) << error;
    }
    Simulation::Options options(const std::string& path, bool story, std::vector<int> choices) {
        Simulation::Options o;
        o.dataRoot = test::dataRoot();
        o.scriptPath = path;
        o.headless = true;
        o.story = story;
        o.choices = std::move(choices);
        o.mechanics = false;
        o.sink = [this](const TranscriptEvent& e) { events.push_back(e); };
        return o;
    }
    void toTheEnd(int maxTicks = 60 * 60) {
        for (int i = 0; i < maxTicks && !sim->isSceneOver(); ++i) sim->tick();
        ASSERT_TRUE(sim->isSceneOver()) << "the story did not end";
    }
    std::vector<std::string> named(const std::string& name, const std::string& field) const {
        std::vector<std::string> out;
        for (const auto& e : events)
            if (e.name == name) out.push_back(e.field(field) ? *e.field(field) : "");
        return out;
    }
};

using Names = std::vector<std::string>;

}  // namespace

TEST(Chapters, a_story_plays_its_scenes_in_order_and_flags_and_globals_carry_into_the_next) {
    StoryRun run(kThreeChapters, true);
    run.toTheEnd();
    EXPECT_EQ(run.named("scene_start", "scene"), (Names{"one", "two", "three"}));
    EXPECT_EQ(run.named("scene_start", "chapter"), (Names{"1", "2", "3"}));
    EXPECT_EQ(run.named("scene_end", "next"), (Names{"two", "three", ""}));
    EXPECT_EQ(run.named("text", "text"), (Names{"The first chapter.", "flag carried, chapters 2", "the third"}));
    EXPECT_EQ(run.named("story_end", "chapters"), Names{"3"});
    EXPECT_EQ(run.named("story_end", "status"), Names{"done"});
}

TEST(Chapters, a_scene_played_alone_or_a_script_without_scenes_list_is_one_scene) {
    StoryRun alone(kThreeChapters, false);
    alone.toTheEnd();
    EXPECT_EQ(alone.named("scene_start", "scene"), Names{"one"});
    EXPECT_EQ(alone.named("scene_start", "chapter"), Names{""}) << "no chapter number outside a story";
    EXPECT_TRUE(alone.named("story_end", "status").empty());

    std::string noList = kThreeChapters;
    noList.replace(noList.find("SCENES"), noList.find('\n', noList.find("SCENES")) - noList.find("SCENES"), "");
    StoryRun functions(noList, true);
    functions.toTheEnd();
    EXPECT_EQ(functions.named("scene_start", "scene"), Names{"one"}) << "global functions are scenes, not chapters";
}

TEST(Chapters, each_chapter_begins_on_the_stage_a_chapter_played_alone_finds) {
    StoryRun alone(kThreeChapters, true, "two");
    StoryRun story(kThreeChapters, true);
    for (int i = 0; i < 60 * 60 && story.sim->chapter() != "two"; ++i) story.sim->tick();
    ASSERT_EQ(story.sim->chapter(), "two");
    // What each sees as the second chapter begins: the cast, the camera, the scenery and the sound.
    auto stage = [](Simulation& sim) {
        std::ostringstream out;
        const World& w = sim.world();
        for (const Actor& a : w.cast().actors())
            out << a.id << ' ' << a.active << ' ' << a.position.x << ',' << a.position.y << ' ' << a.walking << ' '
                << a.speech << '|';
        out << (w.cast().player() ? w.cast().player()->id : "-") << ' ' << w.cast().controlsEnabled() << '|';
        out << w.camera().center().x << ',' << w.camera().center().y << ' ' << w.camera().zoom() << '|';
        out << w.scenery().image() << ' ' << w.scenery().backdropPicture() << ' ' << w.scenery().fadeOverlayAlpha()
            << ' ' << w.scenery().bannerText() << ' ' << w.scenery().place() << '|';
        out << w.story().currentLine().has_value() << w.story().currentMenu().has_value();
        return out.str();
    };
    EXPECT_EQ(stage(*story.sim), stage(*alone.sim));
    // The first chapter's music and looping sound end as the second begins.
    EXPECT_EQ(story.named("music_stop", "fade").size(), 1u);
    EXPECT_EQ(story.named("sound_stop", "id").size(), 1u);
    EXPECT_TRUE(alone.named("music_stop", "fade").empty());
}

TEST(Chapters, nextChapter_and_endStory_choose_where_the_story_goes) {
    const std::string source = R"(
SCENES = { "one", "two", "three", "four" }
function one() nextChapter("three") text("one") end
function two() text("two") end
function three() text("three") endStory() end
function four() text("four") end
)";
    StoryRun run(source, true);
    run.toTheEnd();
    EXPECT_EQ(run.named("scene_start", "scene"), (Names{"one", "three"}));
    EXPECT_EQ(run.named("story_end", "chapters"), Names{"2"});
    // Outside a story the choice is kept and not followed: the scene is over.
    StoryRun alone(source, false);
    alone.toTheEnd();
    EXPECT_EQ(alone.named("scene_start", "scene"), Names{"one"});
}

TEST(Chapters, nextChapter_names_a_chapter_of_SCENES_or_is_an_error_at_its_line) {
    const std::string source = R"(
SCENES = { "one", { name = "two", title = "Two" } }
function one()
    nextChapter("tow")
end
function two() end
function helper() end
function three() nextChapter("helper") end
)";
    StoryRun run(source, true);
    run.toTheEnd();
    auto errors = run.named("error", "message");
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find("chapters.lua:4: nextChapter: no chapter named 'tow' in SCENES (did you mean 'two'?)"),
              std::string::npos)
        << errors[0];
    EXPECT_EQ(run.named("story_end", "status"), Names{"failed"}) << "a chapter that fails ends the story there";
    EXPECT_EQ(run.named("scene_start", "scene"), Names{"one"});
    StoryRun notAChapter(source, true, "three");
    notAChapter.toTheEnd();
    ASSERT_EQ(notAChapter.named("error", "message").size(), 1u);
    EXPECT_NE(notAChapter.named("error", "message")[0].find("no chapter named 'helper' in SCENES"), std::string::npos);
}

TEST(Chapters, a_chapter_that_fails_ends_the_story_and_the_next_never_starts) {
    std::string source = kThreeChapters;
    source.replace(source.find("function two()\n"), std::string("function two()\n").size(),
                   "function two()\n    error('broken')\n");
    StoryRun run(source, true);
    run.toTheEnd();
    EXPECT_EQ(run.named("scene_start", "scene"), (Names{"one", "two"}));
    EXPECT_EQ(run.named("story_end", "status"), Names{"failed"});
}

TEST(Chapters, the_player_choice_in_one_chapter_changes_a_line_in_a_later_one) {
    const std::string source = R"(
SCENES = { "ask", "answer" }
function ask()
    option("Keep the secret.", "keep")
    option("Tell the town.", "tell")
    menu()
end
function keep() flags.kept = true end
function tell() flags.kept = false end
function answer()
    if flags.kept then text("She thanks you for keeping it.") else text("The town knows.") end
end
)";
    StoryRun kept(source, true, "ask", {1});
    kept.toTheEnd();
    EXPECT_EQ(kept.named("text", "text"), Names{"She thanks you for keeping it."});
    StoryRun told(source, true, "ask", {2});
    told.toTheEnd();
    EXPECT_EQ(told.named("text", "text"), Names{"The town knows."});
}

// A save is the run's input from its start: a story saved in a later chapter
// comes back in that chapter with what the earlier ones left (the window's
// rollback and hot reload rebuild the same way), at every tick.
TEST(Chapters, a_story_rebuilt_from_its_input_reaches_every_tick_as_it_was_played) {
    const std::string source = R"(
SCENES = { "ask", "answer" }
function ask()
    text("Choose.")
    option("Keep the secret.", "keep")
    option("Tell the town.", "tell")
    menu()
end
function keep() flags.kept = "yes" end
function tell() flags.kept = "no" end
function answer() text("kept: " .. flags.kept) text("the end") end
)";
    const std::string path = test::writeScript("chapters_saved.lua", source);
    std::vector<std::string> played;
    Simulation::Options options;
    options.dataRoot = test::dataRoot();
    options.scriptPath = path;
    options.story = true;
    options.mechanics = false;
    options.sink = [&](const TranscriptEvent& e) { played.push_back(Transcript::formatText(e)); };
    InputLog input;
    input.scene = "ask";
    input.story = true;
    auto live = std::make_unique<Simulation>(options);
    live->world().setInputRecorder([&](const InputCommand& c) { input.commands.push_back(c); });
    std::string error;
    ASSERT_TRUE(live->startScene("ask", error)) << error;
    // The player: turns each page once typed, takes the second option.
    for (int i = 0; i < 60 * 30 && !live->isSceneOver(); ++i) {
        Story& story = live->world().story();
        if (story.currentMenu() && live->ticks() % 7 == 0) story.chooseMenuOption(1);
        if (story.currentLine() && story.currentLine()->typed && live->ticks() % 5 == 0) story.advancePressed();
        live->tick();
    }
    ASSERT_TRUE(live->isSceneOver());
    // The log survives its text form, and each rebuild reaches the same transcript.
    std::string parseError;
    InputLog read;
    ASSERT_TRUE(InputLog::parse(
        input.header() +
            [&] {
                std::string body;
                for (const auto& c : input.commands) body += InputLog::formatCommand(c) + "\n";
                return body;
            }(),
        "saved", read, parseError))
        << parseError;
    EXPECT_TRUE(read.story);
    const std::vector<std::string> whole = played;
    for (std::uint64_t at : {live->ticks() / 3, live->ticks() / 2, live->ticks()}) {
        std::vector<std::string> rebuilt;
        Simulation::Options again = options;
        again.sink = [&](const TranscriptEvent& e) { rebuilt.push_back(Transcript::formatText(e)); };
        auto copy = Simulation::rebuild(again, "ask", read, at);
        ASSERT_LE(rebuilt.size(), whole.size());
        EXPECT_TRUE(std::equal(rebuilt.begin(), rebuilt.end(), whole.begin())) << "at tick " << at;
    }
    const bool toldKept = std::any_of(whole.begin(), whole.end(),
                                      [](const std::string& l) { return l.find("kept: no") != std::string::npos; });
    EXPECT_TRUE(toldKept) << "the second chapter saw the first one's choice";
}

// endChapter: the chapter ends where it is called, whatever it started still runs; the story goes on.
TEST(Chapters, endChapter_ends_the_chapter_and_all_it_started_from_the_story_or_from_a_process) {
    const std::string source = R"(
SCENES = { "crowd", "after" }
local function chatter() while true do wait(1) print("chatter") end end
function crowd()
    runProcess(chatter):setName("chatter")
    runForScene(chatter):setName("ambience")
    wait(2.5)
    endChapter()
    print("never")
end
function after() print("after") end
)";
    StoryRun run(source, true, "crowd");
    run.toTheEnd();
    EXPECT_EQ(run.named("print", "text"), (Names{"chatter", "chatter", "chatter", "chatter", "after"}));
    EXPECT_EQ(run.named("cancelled", "by"), (Names{"chapter_end", "chapter_end", "chapter_end"}));
    EXPECT_EQ(run.named("scene_end", "status"), (Names{"done", "done"}));
    // From a process the chapter started, the same; played alone, the scene is over there.
    std::string fromProcess = source;
    fromProcess.replace(fromProcess.find("    wait(2.5)\n    endChapter()"),
                        std::string("    wait(2.5)\n    endChapter()").size(),
                        "    runProcess(function() wait(2.5) endChapter() print('never') end)\n    waitSignal('no')");
    StoryRun alone(fromProcess, false, "crowd");
    alone.toTheEnd();
    EXPECT_EQ(alone.named("scene_end", "status"), Names{"done"});
    const auto printed = alone.named("print", "text");
    EXPECT_EQ(std::count(printed.begin(), printed.end(), "never"), 0);
    EXPECT_EQ(std::count(printed.begin(), printed.end(), "after"), 0) << "played alone, no chapter follows";
}

// A save says whether its run was a story, whatever the window it is loaded in would start.
TEST(Chapters, a_save_plays_as_the_story_or_the_one_chapter_it_was) {
    stagehand::Setup setup;
    InputLog save;
    save.scene = "one";
    for (bool windowStory : {false, true})
        for (bool savedStory : {false, true}) {
            setup.story = windowStory;
            save.story = savedStory;
            EXPECT_EQ(withSave(setup, save).story, savedStory) << "window story " << windowStory;
        }
}

// A chapter that ends while an actor still walks: the next one begins only once the world is still,
// after the walk's arrive (as a chapter played alone is over only then).
TEST(Chapters, the_next_chapter_begins_only_once_the_last_one_is_still) {
    const std::string source =
        "SCENES = { 'one', 'two' }\n"
        "function one() activate('george') walkToPoint('george', { x = 900, y = 300 }) end\n"
        "function two() print('two') end\n";
    StoryRun run(source, true);
    run.toTheEnd();
    double started = -1, arrived = -1;
    for (const auto& e : run.events) {
        if (e.name == "scene_start" && *e.field("scene") == "two") started = e.time;
        if (e.name == "arrive") arrived = e.time;
    }
    ASSERT_GT(arrived, 1.0) << "a walk of some seconds";
    EXPECT_GE(started, arrived);
}

// What the window keeps of a playthrough (app/window/StoryMemory.h) comes from
// here: each chapter begun, with the flags it began with, and the ending.
TEST(Chapters, each_chapter_begun_is_recorded_with_the_flags_it_began_with_and_the_ending_by_its_name) {
    StoryRun run(
        "SCENES = { 'one', 'two', 'three' }\n"
        "function one() flags.n = 1 flags.word = 'a' flags.list = {} text('one') end\n"
        "function two() flags.n = 2 text('two') endStory('quiet') end\n"
        "function three() text('never') end\n",
        true);
    run.toTheEnd();
    const auto& starts = run.sim->chapterStarts();
    ASSERT_EQ(starts.size(), 2u);
    EXPECT_EQ(starts[0].chapter, "one");
    EXPECT_TRUE(starts[0].flags.empty()) << "the first chapter began with none";
    EXPECT_EQ(starts[1].chapter, "two");
    ASSERT_EQ(starts[1].flags.size(), 2u) << "plain values only: the table is left out";
    EXPECT_EQ(starts[1].flags.at("n").number, 1) << "as the chapter began, not as it left them";
    EXPECT_EQ(starts[1].flags.at("word").string, "a");
    EXPECT_EQ(run.sim->ending(), "quiet");
    EXPECT_EQ(run.named("story_end", "ending"), Names{"quiet"});
}

TEST(Chapters, an_ending_without_a_name_is_its_last_chapters_and_a_story_that_fails_reaches_none) {
    StoryRun plain("SCENES = { 'one', 'two' }\nfunction one() end\nfunction two() end\n", true);
    plain.toTheEnd();
    EXPECT_EQ(plain.sim->ending(), "two");
    EXPECT_EQ(plain.named("story_end", "ending"), Names{""}) << "the transcript names only an ending given a name";
    StoryRun failing(
        "SCENES = { 'one', 'two' }\nfunction one() endStory('early') error('broken') end\n"
        "function two() end\n",
        true);
    failing.toTheEnd();
    EXPECT_EQ(failing.sim->ending(), "");
    StoryRun alone("SCENES = { 'one', 'two' }\nfunction one() endStory('alone') end\nfunction two() end\n", false);
    alone.toTheEnd();
    EXPECT_EQ(alone.sim->ending(), "") << "a chapter played alone is no story";
    EXPECT_TRUE(alone.sim->chapterStarts().empty());
}

TEST(Chapters, endStory_refuses_an_ending_that_is_not_a_string_at_the_callers_line) {
    StoryRun run("SCENES = { 'one' }\nfunction one()\n    endStory(5)\nend\n", true);
    run.toTheEnd();
    auto errors = run.named("error", "message");
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find("chapters.lua:3: endStory: ending must be a string. Was 5"), std::string::npos)
        << errors[0];
}

// `persistent` starts as the run is told (the window: as the last playthrough
// left it) and is read back as plain values, as flags are.
TEST(Chapters, persistent_starts_as_the_run_is_told_and_is_read_back_as_plain_values) {
    StoryRun run(
        "SCENES = { 'one' }\n"
        "function one() persistent.runs = persistent.runs + 1 persistent.list = {} persistent.seen = true "
        "text('runs ' .. persistent.runs) end\n",
        true, "one", {}, {{"runs", ScriptValue::of(2.0)}});
    run.toTheEnd();
    auto values = run.sim->host().persistent();
    ASSERT_EQ(values.size(), 2u);
    EXPECT_EQ(values.at("runs").number, 3);
    EXPECT_TRUE(values.at("seen").boolean);
    EXPECT_EQ(run.named("text", "text"), Names{"runs 3"});
}
