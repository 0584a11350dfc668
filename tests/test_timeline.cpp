// The timeline page built from mechanics events: lanes nested by parent, bars
// with the author's line, arrows for each woken waiter (from the host too),
// and every script-supplied text escaped.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <set>

#include "TestSupport.h"
#include "app/author/TimelineReport.h"
#include "app/run/RunSetup.h"
#include "app/run/Simulation.h"

using namespace stagehand;

namespace {

TranscriptEvent at(double time, const char* name) {
    TranscriptEvent e;
    e.time = time;
    e.name = name;
    return e;
}

int count(const std::string& text, const std::string& part) {
    int n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

std::vector<TranscriptEvent> handshake() {
    std::vector<TranscriptEvent> events;
    events.push_back(at(0, "process_start")
                         .withNumber("id", 1)
                         .with("process", "scene")
                         .withNumber("parent", 0)
                         .with("where", "s.lua:1"));
    events.push_back(at(0, "process_start")
                         .withNumber("id", 2)
                         .with("process", "<rhea & co>")
                         .withNumber("parent", 1)
                         .with("where", "s.lua:5"));
    events.push_back(at(0, "wait")
                         .withNumber("id", 2)
                         .with("process", "<rhea & co>")
                         .with("kind", "signal")
                         .with("target", "go")
                         .with("where", "s.lua:6"));
    events.push_back(at(0, "wait")
                         .withNumber("id", 1)
                         .with("process", "scene")
                         .with("kind", "seconds")
                         .with("target", "2.000")
                         .with("where", "s.lua:2"));
    events.push_back(at(1, "line").with("speaker", "rhea").with("text", "\"Hello\" <there>"));
    events.push_back(at(2, "signal")
                         .with("signal", "go")
                         .withNumber("sender", 1)
                         .with("sender_name", "scene")
                         .withNumber("woken", 1)
                         .with("woke", "2"));
    events.push_back(at(2.5, "latch")
                         .with("signal", "door")
                         .withNumber("sender", 0)
                         .with("sender_name", "host")
                         .withNumber("woken", 0)
                         .with("woke", ""));
    events.push_back(at(3, "process_end").withNumber("id", 2).with("process", "<rhea & co>").with("status", "done"));
    return events;
}

}  // namespace

TEST(Timeline, one_lane_per_process_nested_under_its_parent) {
    TimelineSummary summary;
    std::string html = timelineHtml(handshake(), "test", &summary);
    EXPECT_EQ(summary.processes, 2);
    EXPECT_EQ(count(html, "class=\"lane\""), 2);
    EXPECT_NE(html.find("data-id=\"2\" data-parent=\"1\""), std::string::npos);
    // The child's lane is drawn after its parent's.
    EXPECT_LT(html.find("data-id=\"1\""), html.find("data-id=\"2\""));
}

TEST(Timeline, a_bar_per_wait_with_kind_target_and_line) {
    std::string html = timelineHtml(handshake(), "test");
    EXPECT_EQ(count(html, "class=\"wait\""), 2);
    EXPECT_NE(html.find("waits (signal) go\n0.0 s to 2.0 s\nat s.lua:6"), std::string::npos) << html;
    EXPECT_NE(html.find(">2 s</text>"), std::string::npos) << "a seconds bar reads as seconds";
}

TEST(Timeline, an_arrow_per_woken_waiter_and_none_for_a_latch_nobody_waits_on) {
    TimelineSummary summary;
    std::string html = timelineHtml(handshake(), "test", &summary);
    EXPECT_EQ(summary.arrows, 1);
    EXPECT_EQ(count(html, "class=\"arrow\""), 1);
    EXPECT_NE(html.find("data-signal=\"go\" data-from=\"1\" data-to=\"2\""), std::string::npos);
}

TEST(Timeline, a_signal_from_the_host_comes_from_a_host_lane) {
    auto events = handshake();
    events.insert(events.begin() + 3, at(0, "wait")
                                          .withNumber("id", 2)
                                          .with("process", "x")
                                          .with("kind", "signal")
                                          .with("target", "cue")
                                          .with("where", "s.lua:7"));
    events.push_back(at(4, "signal")
                         .with("signal", "cue")
                         .withNumber("sender", 0)
                         .with("sender_name", "host")
                         .withNumber("woken", 1)
                         .with("woke", "1"));
    std::string html = timelineHtml(events, "test");
    EXPECT_NE(html.find("the host (game)"), std::string::npos);
    EXPECT_NE(html.find("data-signal=\"cue\" data-from=\"0\" data-to=\"1\""), std::string::npos);
}

TEST(Timeline, script_text_is_escaped_and_the_page_is_self_contained) {
    std::string html = timelineHtml(handshake(), "a <b> & c");
    EXPECT_EQ(html.find("<rhea"), std::string::npos);
    EXPECT_NE(html.find("&lt;rhea &amp; co&gt;"), std::string::npos);
    EXPECT_NE(html.find("&quot;Hello&quot; &lt;there&gt;"), std::string::npos);
    EXPECT_NE(html.find("<title>a &lt;b&gt; &amp; c</title>"), std::string::npos);
    EXPECT_EQ(html.find("<script"), std::string::npos);
    EXPECT_EQ(html.find("src="), std::string::npos);
}

TEST(Timeline, audio_lanes_show_music_voice_and_overlapping_sounds_until_they_end_or_stop) {
    std::vector<TranscriptEvent> events;
    events.push_back(at(0, "music").with("name", "theme").with("loop", "true").withNumber("seconds", 9));
    events.push_back(at(1, "sound").withNumber("id", 1).with("name", "door").withNumber("seconds", 2));
    events.push_back(at(1.5, "sound").withNumber("id", 2).with("name", "gull").withNumber("seconds", 1));
    events.push_back(at(2, "voice").with("speaker", "maren").with("name", "hello").withNumber("seconds", 4));
    events.push_back(at(2.5, "sound_stop").withNumber("id", 1));
    events.push_back(at(3, "voice_stop").with("name", "hello"));
    events.push_back(at(5, "music_stop"));
    std::string html = timelineHtml(events, "sound");
    EXPECT_EQ(count(html, "data-kind=\"music\""), 1);
    EXPECT_EQ(count(html, "data-kind=\"voice\""), 1);
    EXPECT_EQ(count(html, "data-kind=\"sound\""), 2);
    EXPECT_NE(html.find("music theme\n0.0 s to 5.0 s"), std::string::npos) << "a loop lasts until stopped";
    EXPECT_NE(html.find("voice maren: hello\n2.0 s to 3.0 s"), std::string::npos) << "cut by voice_stop";
    EXPECT_NE(html.find("sound door\n1.0 s to 2.5 s"), std::string::npos) << "cut by sound_stop";
    EXPECT_NE(html.find("sound gull\n1.5 s to 2.5 s"), std::string::npos) << "its clip's length";
    EXPECT_EQ(count(html, "class=\"name audio\""), 3);
    EXPECT_EQ(timelineHtml({}, "silent").find("name audio"), std::string::npos) << "no sound, no audio lanes";
}

// ---------------------------------------------------------------------------
// Failures, stuck waits, the legend and text that keeps clear (issue 30).

namespace {

// A scene whose process 3 fails with a message, process 4 is stuck waiting
// on a signal nobody sends, and process 5 is woken by one.
std::vector<TranscriptEvent> troubles() {
    std::vector<TranscriptEvent> events;
    auto start = [&](int id, const char* name, int parent) {
        events.push_back(at(0, "process_start")
                             .withNumber("id", id)
                             .with("process", name)
                             .withNumber("parent", parent)
                             .with("where", "t.lua:" + std::to_string(id)));
    };
    auto wait = [&](double time, int id, const char* name, const char* kind, const char* target, const char* where) {
        events.push_back(at(time, "wait")
                             .withNumber("id", id)
                             .with("process", name)
                             .with("kind", kind)
                             .with("target", target)
                             .with("where", where));
    };
    start(1, "scene", 0);
    start(3, "rigger", 1);
    start(4, "process 4 (t.lua:8)", 1);
    start(5, "actor", 1);
    wait(0, 3, "rigger", "seconds", "1.000", "t.lua:5");
    wait(0, 4, "process 4 (t.lua:8)", "signal", "curtain up", "t.lua:9");
    wait(0, 5, "actor", "signal", "cue", "t.lua:12");
    wait(0, 1, "scene", "seconds", "0.500", "t.lua:15");
    events.push_back(at(0.5, "signal")
                         .with("signal", "cue")
                         .withNumber("sender", 1)
                         .with("sender_name", "scene")
                         .withNumber("woken", 1)
                         .with("woke", "5"));
    wait(0.5, 5, "actor", "seconds", "2.000", "t.lua:13");
    wait(0.5, 1, "scene", "seconds", "2.000", "t.lua:16");
    events.push_back(at(1, "error").with("message", "t.lua:6: the rope <snapped>").with("where", "t.lua:6"));
    events.push_back(at(1, "process_end").withNumber("id", 3).with("process", "rigger").with("status", "failed"));
    events.push_back(at(2.5, "process_end").withNumber("id", 5).with("process", "actor").with("status", "done"));
    events.push_back(at(2.5, "process_end").withNumber("id", 1).with("process", "scene").with("status", "done"));
    events.push_back(
        at(3, "stuck").with("process", "stagehand").with("waiting", "signal curtain up").with("where", "t.lua:9"));
    return events;
}

// The values of `attribute` in the page between `from` and `to`.
std::set<std::string> attributeValues(const std::string& html, const std::string& attribute, const std::string& from,
                                      const std::string& to) {
    std::set<std::string> values;
    std::size_t begin = html.find(from), end = html.find(to, begin);
    std::string key = attribute + "=\"";
    for (auto at = html.find(key, begin); at < end; at = html.find(key, at + 1)) {
        std::size_t valueStart = at + key.size();
        values.insert(html.substr(valueStart, html.find('"', valueStart) - valueStart));
    }
    return values;
}

double numberAfter(const std::string& text, const std::string& key, std::size_t from = 0) {
    std::size_t at = text.find(key, from);
    return at == std::string::npos ? -1 : std::stod(text.substr(at + key.size()));
}

}  // namespace

TEST(Timeline, a_failed_process_shows_its_error_beside_its_end) {
    std::string html = timelineHtml(troubles(), "test");
    std::size_t note = html.find("class=\"failure\" data-mark=\"failure\"");
    ASSERT_NE(note, std::string::npos);
    EXPECT_NE(html.find(">failed: t.lua:6: the rope &lt;snapped&gt;</text>", note), std::string::npos);
    std::size_t lane = html.find("data-name=\"rigger\"");
    ASSERT_LT(lane, note) << "the note is in the failed process's own lane";
    EXPECT_EQ(html.find("data-mark=\"error\"", html.find("<svg id=\"timeline\"")), std::string::npos)
        << "the error is the rigger's, not a loose one";
    // Beside the end: right of the red end mark at 1 s.
    double endX = numberAfter(html, "cx=\"", html.find("data-mark=\"end-failed\""));
    double noteX = numberAfter(html, "x=\"", note);
    EXPECT_GT(noteX, endX);
    EXPECT_LT(noteX, endX + 120);
}

TEST(Timeline, a_stuck_wait_is_marked_to_the_end_with_what_it_waits_on) {
    std::string html = timelineHtml(troubles(), "test");
    EXPECT_NE(html.find("data-name=\"stagehand\""), std::string::npos) << "named as the deadlock report names it";
    std::size_t bar = html.find("class=\"wait stuck\"");
    ASSERT_NE(bar, std::string::npos);
    double barEnd = numberAfter(html, "x=\"", bar) + numberAfter(html, "width=\"", bar);
    double markX = numberAfter(html, "d=\"M", html.find("class=\"stuck-mark\""));
    EXPECT_NEAR(barEnd, markX, 0.01) << "the bar runs to the mark at the run's end";
    EXPECT_NEAR(markX, 10 + 4 * 90, 0.01) << "the end of the chart (3 s, rounded up past the last event)";
    EXPECT_NE(html.find(">stuck waiting on signal curtain up</text>"), std::string::npos);
    EXPECT_EQ(count(html, "class=\"wait stuck\""), 1) << "only the wait that never woke";
}

TEST(Timeline, every_mark_in_the_chart_has_a_legend_entry) {
    for (const auto& events : {troubles(), handshake()}) {
        std::string html = timelineHtml(events, "test");
        auto legend = attributeValues(html, "data-mark", "class=\"legend\"", "</p>");
        auto chart = attributeValues(html, "data-mark", "<svg id=\"timeline\"", "</svg>\n</div>");
        ASSERT_FALSE(chart.empty());
        for (const auto& mark : chart) EXPECT_TRUE(legend.count(mark)) << "no legend entry for " << mark;
    }
    std::string html = timelineHtml(troubles(), "test");
    for (const char* mark : {"end-failed", "failure", "stuck", "arrow", "signal-name", "run"})
        EXPECT_TRUE(attributeValues(html, "data-mark", "<svg id=\"timeline\"", "</svg>\n</div>").count(mark)) << mark;
}

// Arrows sweep right of their moment through every lane between sender and
// woken: a bar's text starts clear of that sweep, and signal names sit in a
// strip of their own above the lanes.
TEST(Timeline, bar_text_keeps_clear_of_arrows_and_signal_names_stay_out_of_the_lanes) {
    std::string html = timelineHtml(troubles(), "test");
    std::size_t arrow = html.find("class=\"arrow\"");
    ASSERT_NE(arrow, std::string::npos);
    double x = 0, y1 = 0, cx = 0, cy1 = 0, cx2 = 0, y2 = 0;
    ASSERT_EQ(std::sscanf(html.c_str() + html.find("d=\"M", arrow), "d=\"M%lf,%lf C%lf,%lf %lf,%lf", &x, &y1, &cx, &cy1,
                          &cx2, &y2),
              6);
    double sweepRight = x + (cx - x) * 0.75;  // a cubic with both controls at cx reaches three quarters of the way
    int crossed = 0;
    for (auto at = html.find("class=\"bar\""); at != std::string::npos; at = html.find("class=\"bar\"", at + 1)) {
        std::size_t open = html.rfind("<text x=\"", at);
        double textX = numberAfter(html, "x=\"", open), textMid = numberAfter(html, "y=\"", open) - 4;
        if (textMid < std::min(y1, y2) - 1 || textMid > std::max(y1, y2) + 1) continue;  // a lane it does not cross
        ++crossed;
        EXPECT_FALSE(textX > x - 2 && textX < sweepRight + 2)
            << "bar text at x " << textX << " lies under the arrow sweeping " << x << " to " << sweepRight;
    }
    EXPECT_GT(crossed, 0) << "the arrow crosses lanes with text";
    double lanesTop = numberAfter(html, "y1=\"", html.find("class=\"life\"")) - 13;
    int names = 0;
    for (auto at = html.find("class=\"signal\">"); at != std::string::npos;
         at = html.find("class=\"signal\">", at + 1)) {
        if (at < html.find("<svg id=\"timeline\"")) continue;  // the legend's sample
        ++names;
        EXPECT_LT(numberAfter(html, "y=\"", html.rfind("<text x=\"", at)), lanesTop)
            << "a signal's name above the lanes";
    }
    EXPECT_EQ(names, 1);
}

// How a process ended is told by its end's colour: in the legend each ending
// (done, failed, cancelled) has a colour of its own, and every end drawn in the
// chart has the colour its legend entry shows, whatever ended it.
TEST(Timeline, every_ending_has_its_own_colour_and_the_chart_draws_each_as_its_legend_shows) {
    // the fill of the first element after each data-mark="end-..." between `from` and `to`
    auto endFills = [](const std::string& html, const std::string& from, const std::string& to) {
        std::multimap<std::string, std::string> fills;
        std::size_t begin = html.find(from), end = html.find(to, begin);
        const std::string key = "data-mark=\"end-";
        for (auto at = html.find(key, begin); at < end; at = html.find(key, at + 1)) {
            std::size_t nameStart = at + key.size() - 4;
            std::string mark = html.substr(nameStart, html.find('"', nameStart) - nameStart);
            std::size_t fill = html.find("fill=\"", at) + 6;
            fills.emplace(mark, html.substr(fill, html.find('"', fill) - fill));
        }
        return fills;
    };
    std::vector<TranscriptEvent> events = troubles();  // one failed, others done; and one a jump cancelled:
    events.insert(events.begin() + 1, at(0, "process_start")
                                          .withNumber("id", 9)
                                          .with("process", "lookout")
                                          .withNumber("parent", 1)
                                          .with("where", "t.lua:9"));
    events.push_back(at(2, "process_end").withNumber("id", 9).with("process", "lookout").with("status", "cancelled"));
    std::stable_sort(events.begin(), events.end(), [](const auto& a, const auto& b) { return a.time < b.time; });
    std::string html = timelineHtml(events, "test");
    auto legend = endFills(html, "class=\"legend\"", "</p>");
    std::set<std::string> colours, endings;
    for (const auto& [mark, fill] : legend) {
        endings.insert(mark);
        EXPECT_TRUE(colours.insert(fill).second) << mark << " shares its colour " << fill << " with another ending";
    }
    EXPECT_EQ(endings, (std::set<std::string>{"end-cancelled", "end-done", "end-failed"}));
    auto chart = endFills(html, "<svg id=\"timeline\"", "</svg>\n</div>");
    std::set<std::string> drawn;
    for (const auto& [mark, fill] : chart) {
        drawn.insert(mark);
        ASSERT_TRUE(legend.count(mark)) << mark;
        EXPECT_EQ(fill, legend.find(mark)->second) << mark << " is drawn unlike its legend entry";
    }
    EXPECT_EQ(drawn, endings) << "the runs drawn end in every way at least once";
}

// Every call that shows a line (tests/scripts/explore_every_way_to_show.lua,
// held to ApiDescription's list by its own test), played: each line is on the
// chart with who said it, or alone when nobody did.
TEST(Timeline, every_line_shown_stands_on_the_chart_with_who_said_it) {
    std::ifstream in(test::dataRoot() + "/tests/scripts/explore_every_way_to_show.lua", std::ios::binary);
    const std::string source((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    test::Stage stage(source, 1, {1});
    stage.startScene("everyWay");
    stage.ticks(60 * 60);
    ASSERT_EQ(stage.sceneStatus, "done");
    const std::string html = timelineHtml(stage.transcript.events(), "every way");
    for (const char* label :
         {"jon: A bubble.", "jon: A bubble held.", "jon: A line in the box.", "Narration in the box.", "A banner.",
          "A page.", "jon: A page with a speaker.", "A page of 1 value.", "The end of the way."})
        EXPECT_NE(html.find(std::string(">") + label + "<"), std::string::npos) << label << " is not on the chart";
}

// Every kind of wait a scene can make has a colour of its own in the legend,
// never the grey of an unknown kind, and the chart draws each as its legend
// shows. The kinds are the program's own: the scheduler's, and every kind
// scripts/ labels with waitUntilLabelled. tests/scripts/timeline_every_wait.lua
// waits in each way (a menu's wait is drawn only when a player takes time to
// choose, which a headless run never does).
TEST(Timeline, every_kind_of_wait_has_its_own_colour_and_a_legend_entry) {
    std::set<std::string> kinds = {"seconds", "frames", "signal", "process", "predicate"};
    static const std::regex labelled(R"re(waitUntilLabelled\("([a-z]+)")re");
    for (const auto& entry : std::filesystem::recursive_directory_iterator(test::dataRoot() + "/scripts")) {
        if (entry.path().extension() != ".lua") continue;
        std::ifstream in(entry.path(), std::ios::binary);
        const std::string source((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        for (std::sregex_iterator it(source.begin(), source.end(), labelled), end; it != end; ++it)
            kinds.insert((*it)[1]);
    }
    // Played as --timeline plays it, with --choose 1.
    stagehand::Setup setup;
    setup.dataRoot = test::dataRoot();
    setup.cmd.mode = CommandLine::Mode::Headless;
    setup.cmd.scriptPath = test::dataRoot() + "/tests/scripts/timeline_every_wait.lua";
    setup.cmd.choices = {1};
    std::string error;
    ASSERT_TRUE(completeSetup(setup, error)) << error;
    auto sim = loadSimulation(setup, nullptr, true);
    ASSERT_TRUE(sim->startScene("everyWait", error)) << error;
    for (int i = 0; i < 30 * 60 && !sim->isSceneOver(); ++i) sim->tick();
    EXPECT_EQ(sim->host().errorCount(), 0);
    const std::string html = timelineHtml(sim->transcript().events(), "every wait");
    const auto legend = attributeValues(html, "data-mark", "class=\"legend\"", "</p>");
    std::map<std::string, std::string> legendFill, chartFill;  // a kind's colour in each
    static const std::regex entry(R"re(data-mark="wait-([a-z]+)"><svg[^>]*><rect[^>]*fill="(#[0-9a-f]+)")re");
    for (std::sregex_iterator it(html.begin(), html.end(), entry), end; it != end; ++it)
        legendFill[(*it)[1]] = (*it)[2];
    static const std::regex bar(R"re(class="wait[^"]*" data-kind="([a-z]+)"[^>]*fill="(#[0-9a-f]+)")re");
    for (std::sregex_iterator it(html.begin(), html.end(), bar), end; it != end; ++it) chartFill[(*it)[1]] = (*it)[2];
    std::set<std::string> fills;
    for (const std::string& kind : kinds) {
        EXPECT_TRUE(legendFill.count(kind)) << "no legend entry for a " << kind << " wait";
        EXPECT_TRUE(kind == "menu" || chartFill.count(kind))
            << "no " << kind << " wait in timeline_every_wait.lua's chart";
        EXPECT_NE(legendFill[kind], "#777777") << kind << " has the grey of an unknown kind";
        fills.insert(legendFill[kind]);
    }
    EXPECT_EQ(fills.size(), kinds.size()) << "two kinds of wait share a colour";
    for (const auto& [kind, fill] : chartFill) {
        EXPECT_TRUE(kinds.count(kind)) << kind << ": a kind the test does not know";
        EXPECT_EQ(fill, legendFill[kind]) << "a " << kind << " wait is drawn in another colour than its legend's";
    }
}
