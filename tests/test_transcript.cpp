#include <gtest/gtest.h>

#include "game/Transcript.h"

using namespace stagehand;

TEST(Transcript, json_lines_carry_t_event_and_fields_in_order) {
    TranscriptEvent e;
    e.time = 12.345;
    e.name = "say";
    e.with("actor", "jackie").with("text", "Look! A bee!");
    EXPECT_EQ(Transcript::formatJson(e), R"({"t":12.35,"event":"say","actor":"jackie","text":"Look! A bee!"})");
}

TEST(Transcript, json_escapes_quotes_backslashes_and_control_characters) {
    TranscriptEvent e;
    e.name = "say";
    e.with("text", "a \"b\"\\\n\x01");
    EXPECT_EQ(Transcript::formatJson(e), R"({"t":0.00,"event":"say","text":"a \"b\"\\\n\u0001"})");
}

TEST(Transcript, numbers_are_json_numbers) {
    TranscriptEvent e;
    e.name = "fade";
    e.with("kind", "flash").withNumber("seconds", 0.9);
    EXPECT_EQ(Transcript::formatJson(e), R"({"t":0.00,"event":"fade","kind":"flash","seconds":0.9})");
    EXPECT_EQ(Transcript::formatText(e), "   0.00  fade kind=\"flash\" seconds=0.9");
}

TEST(Transcript, the_sink_sees_each_event_as_it_is_recorded) {
    Transcript transcript;
    std::vector<std::string> seen;
    transcript.setSink([&](const TranscriptEvent& e) { seen.push_back(e.name); });
    TranscriptEvent a;
    a.name = "scene_start";
    transcript.record(a);
    EXPECT_EQ(seen, std::vector<std::string>{"scene_start"});
}
