#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>

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

// Any bytes a script prints, and any number, still make a line a JSON parser
// accepts: invalid UTF-8 becomes U+FFFD, NaN and infinity become null.
TEST(Transcript, json_lines_parse_for_invalid_utf8_and_non_finite_numbers) {
    TranscriptEvent e;
    e.time = 1;
    e.name = "print";
    e.with("text", std::string("bad \xff\xfe bytes \xc3 and a cut \xe2\x82"))
        .withNumber("nan", std::nan(""))
        .withNumber("inf", HUGE_VAL)
        .withNumber("x", 2.5);
    auto parsed = nlohmann::json::parse(Transcript::formatJson(e));
    EXPECT_NE(parsed["text"].get<std::string>().find("\xef\xbf\xbd"), std::string::npos);
    EXPECT_TRUE(parsed["nan"].is_null());
    EXPECT_TRUE(parsed["inf"].is_null());
    EXPECT_EQ(parsed["x"].get<double>(), 2.5);
    EXPECT_EQ(Transcript::formatText(e).find("-nan"), std::string::npos);
}

// Every byte string of a seeded random sample survives a JSON round trip.
TEST(Transcript, json_lines_parse_for_random_bytes) {
    std::uint32_t state = 12345;
    for (int round = 0; round < 2000; ++round) {
        std::string text;
        int length = static_cast<int>(state % 40);
        for (int i = 0; i < length; ++i) {
            state = state * 1664525u + 1013904223u;
            text += static_cast<char>(state >> 24);
        }
        TranscriptEvent e;
        e.name = "say";
        e.with("text", text);
        EXPECT_TRUE(nlohmann::json::accept(Transcript::formatJson(e))) << Transcript::formatJson(e);
    }
}
