// The timeline page built from mechanics events: lanes nested by parent, bars
// with the author's line, arrows for each woken waiter (from the host too),
// and every script-supplied text escaped.
#include <gtest/gtest.h>

#include "app/TimelineReport.h"

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
