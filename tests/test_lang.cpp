// Line IDs (src/lang/LineId.cpp): the `{#ID}` tag and its escapes, the
// automatic ID and what it survives, templates, and the ID of each kind of
// line as a scene shows it, in the transcript.
#include <gtest/gtest.h>

#include "TestSupport.h"
#include "lang/LineId.h"
#include "text/Markup.h"

using namespace stagehand;
using test::Stage;

TEST(LineId, an_id_tag_is_taken_out_of_the_text_wherever_it_stands) {
    auto end = lang::splitLineId("Here, by the old oak.{#forest.jackie.3f2a}");
    EXPECT_EQ(end.id, "forest.jackie.3f2a");
    EXPECT_EQ(end.text, "Here, by the old oak.");
    auto middle = lang::splitLineId("Here{#a_b-C.9}, by the oak.");
    EXPECT_EQ(middle.id, "a_b-C.9");
    EXPECT_EQ(middle.text, "Here, by the oak.");
    auto none = lang::splitLineId("No tag {here}.");
    EXPECT_EQ(none.id, "");
    EXPECT_EQ(none.text, "No tag {here}.");
}

TEST(LineId, an_escaped_brace_is_text_not_a_tag) {
    auto escaped = lang::splitLineId("Literal {{#x} stays");
    EXPECT_EQ(escaped.id, "");
    EXPECT_EQ(escaped.text, "Literal {{#x} stays");
    auto both = lang::splitLineId("Literal {{#x} then{#real}");
    EXPECT_EQ(both.id, "real");
    EXPECT_EQ(both.text, "Literal {{#x} then");
    auto escapedThenTag = lang::splitLineId("{{{#real}");  // an escaped brace, then a tag
    EXPECT_EQ(escapedThenTag.id, "real");
    EXPECT_EQ(escapedThenTag.text, "{{");
}

TEST(LineId, a_malformed_tag_is_left_in_the_text_and_only_the_first_tag_names_the_line) {
    for (const char* text : {"Bad {#} tag", "Bad {#a b} tag", "Bad {#a!} tag", "Unclosed {#abc"}) {
        auto split = lang::splitLineId(text);
        EXPECT_EQ(split.id, "") << text;
        EXPECT_EQ(split.text, text);
    }
    auto two = lang::splitLineId("One{#first} two{#second}");
    EXPECT_EQ(two.id, "first");
    EXPECT_EQ(two.text, "One two");
}

// One notion of a line's ID: the markup parser reads {#ID} by LineId's rules.
// Where the parser accepts a text, splitLineId (the tools' reader, and the
// automatic ID's source) finds the same ID; a malformed or second tag, which
// splitLineId would leave or skip, is an error of the markup, so such a line
// is never shown.
TEST(LineId, the_markup_parser_reads_the_same_id_by_the_same_characters) {
    std::string error;
    for (const char* text : {"Here, by the old oak.{#forest.jackie.3f2a}", "Here{#a_b-C.9}, by the oak.",
                             "No tag here.", "Literal {{#x} stays", "Literal {{#x} then{#real}", "{{{#real}",
                             "{b}Bold{/b} and {w=0.5}on.{#s.on}", "{#first}{color=#f00}red{/color}"}) {
        auto marked = text::parseMarkup(text, text::MarkupPlace::Typed, error);
        ASSERT_TRUE(marked) << text << ": " << error;
        EXPECT_EQ(marked->lineId, lang::splitLineId(text).id) << text;
    }
    for (const char* text :
         {"Bad {#} tag", "Bad {#a b} tag", "Bad {#a!} tag", "Unclosed {#abc", "One{#first} two{#second}"})
        EXPECT_FALSE(text::parseMarkup(text, text::MarkupPlace::Typed, error)) << text;
    // Every character: the parser takes it in an ID exactly when isLineIdChar does.
    for (int c = 1; c < 128; ++c) {
        if (c == '}' || c == '{' || c == '=') continue;  // the tag's own syntax
        std::string text = std::string("x{#a") + static_cast<char>(c) + "b}";
        auto marked = text::parseMarkup(text, text::MarkupPlace::Typed, error);
        EXPECT_EQ(marked != nullptr, lang::isLineIdChar(static_cast<char>(c))) << "character " << c;
        if (marked) {
            EXPECT_EQ(marked->lineId, lang::splitLineId(text).id);
        }
    }
}

// The automatic ID is a hash of the SOURCE text as written, its ID tag
// removed: markup tags count (restyling a line is changing it; tag it to keep
// its ID), an explicit ID wins over everything.
TEST(LineId, a_shown_lines_id_is_its_markup_id_else_the_automatic_id_of_its_source) {
    EXPECT_EQ(lang::lineIdOf("s.oak", "{b}Oak{/b}{#s.oak}", "Demo.lua"), "s.oak");
    EXPECT_EQ(lang::lineIdOf("", "{b}Oak{/b}", "Demo.lua"), lang::automaticLineId("Demo.lua", "{b}Oak{/b}"));
    EXPECT_NE(lang::lineIdOf("", "{b}Oak{/b}", "Demo.lua"), lang::lineIdOf("", "Oak", "Demo.lua"));
    EXPECT_EQ(lang::lineIdOf("", "Literal {{#x}", "Demo.lua"), lang::automaticLineId("Demo.lua", "Literal {{#x}"));
}

TEST(LineId, the_automatic_id_is_the_file_and_a_hash_of_the_text_only) {
    std::string id = lang::automaticLineId("scripts/Demo.lua", "Here, by the old oak.");
    EXPECT_EQ(id.rfind("auto.Demo.", 0), 0u) << id;
    EXPECT_EQ(id.size(), std::string("auto.Demo.").size() + 8);
    EXPECT_TRUE(lang::isLineId(id));
    // Only the file's name counts (not its folder) and only the text: not where the line stands,
    // nor any other line, so editing, adding or removing other lines leaves it as it is.
    EXPECT_EQ(lang::automaticLineId("/elsewhere/Demo.lua", "Here, by the old oak."), id);
    EXPECT_EQ(lang::automaticLineId("C:\\games\\Demo.lua", "Here, by the old oak."), id);
    // The weakness, documented: fixing a typo in the line itself gives it another ID.
    EXPECT_NE(lang::automaticLineId("scripts/Demo.lua", "Here, by the old oak!"), id);
    EXPECT_NE(lang::automaticLineId("scripts/Other.lua", "Here, by the old oak."), id);
    EXPECT_EQ(lang::automaticLineId("my scenes.v2.lua", "x").rfind("auto.my_scenes_v2.", 0), 0u);
}

TEST(LineId, identify_prefers_the_explicit_id) {
    auto tagged = lang::identifyLine("Hi.{#s.hi}", "Demo.lua");
    EXPECT_TRUE(tagged.explicitId);
    EXPECT_EQ(tagged.id, "s.hi");
    EXPECT_EQ(tagged.text, "Hi.");
    auto plain = lang::identifyLine("Hi.", "Demo.lua");
    EXPECT_FALSE(plain.explicitId);
    EXPECT_EQ(plain.id, lang::automaticLineId("Demo.lua", "Hi."));
}

TEST(LineId, a_template_fills_named_values_and_leaves_everything_else) {
    auto valueOf = [](const std::string& name) -> std::optional<std::string> {
        if (name == "count") return std::string("3");
        if (name == "who") return std::string("Bob");
        return std::nullopt;
    };
    EXPECT_EQ(lang::fillTemplate("{who} found {count} shells.", valueOf), "Bob found 3 shells.");
    EXPECT_EQ(lang::fillTemplate("{{count} {unknown} {w=0.5} {count", valueOf), "{{count} {unknown} {w=0.5} {count");
}

TEST(LineId, a_template_value_is_escaped_so_it_is_never_markup) {
    auto valueOf = [](const std::string&) -> std::optional<std::string> { return std::string("{b}x{/b}{{y}"); };
    std::string filled = lang::fillTemplate("Got {what}.", valueOf);
    EXPECT_EQ(filled, "Got {{b}x{{/b}{{{{y}.");
    std::string error;
    auto marked = text::parseMarkup(filled, text::MarkupPlace::Typed, error);
    ASSERT_TRUE(marked) << error;
    EXPECT_EQ(marked->plain, "Got {b}x{/b}{{y}.");
    EXPECT_FALSE(marked->styled());
}

// --- As a scene shows lines: the explicit ID is the last field of each kind of event.

TEST(LineId, every_kind_of_line_carries_its_explicit_id_into_the_transcript) {
    Stage stage(R"(
function scene()
    activate("jackie")
    banner("Chapter{#s.chapter}")
    say("jackie", "Hi{#s.hi}", 1)
    dialogue("jackie", "Here, by the old oak.{#s.oak}")
    text("A page{#s.page}")
    option("Go{#s.go}", "after")
    option("Stay", "after")
    menu()
end
function after() dialogue("jackie", "Untagged.") end
)",
                1, {1});
    stage.startScene("scene");
    stage.ticks(60 * 8);
    auto last = [](const TranscriptEvent* e) { return e->fields.back().key + "=" + e->fields.back().value; };
    ASSERT_EQ(stage.events("banner").size(), 1u);
    EXPECT_EQ(last(stage.events("banner")[0]), "id=s.chapter");
    EXPECT_EQ(*stage.events("banner")[0]->field("text"), "Chapter");
    EXPECT_EQ(last(stage.events("say")[0]), "id=s.hi");
    EXPECT_EQ(*stage.events("say")[0]->field("text"), "Hi");
    ASSERT_EQ(stage.events("line").size(), 2u);
    EXPECT_EQ(last(stage.events("line")[0]), "id=s.oak");
    EXPECT_EQ(*stage.events("line")[0]->field("text"), "Here, by the old oak.");
    EXPECT_EQ(last(stage.events("text")[0]), "id=s.page");
    EXPECT_EQ(*stage.events("menu")[0]->field("options"), "1. Go | 2. Stay");
    EXPECT_EQ(*stage.events("menu")[0]->field("ids"), "s.go | -");
    EXPECT_EQ(last(stage.events("choice")[0]), "id=s.go");
    // The ID is printed once, as the last field (never also before the text).
    for (const char* kind : {"banner", "say", "line", "text", "choice"})
        for (const TranscriptEvent* e : stage.events(kind)) {
            int ids = 0;
            for (const auto& f : e->fields) ids += f.key == "id";
            EXPECT_LE(ids, 1) << kind;
        }
    // An automatic ID is not printed: the line's event is as it always was.
    EXPECT_EQ(stage.events("line")[1]->field("id"), nullptr);
    EXPECT_EQ(Transcript::formatText(*stage.events("line")[0]).substr(7),
              "  line speaker=\"jackie\" text=\"Here, by the old oak.\" id=\"s.oak\"");
    // The story keeps every line's ID, automatic ones too (the read memory uses them).
    const auto& history = stage.world.story().history();
    ASSERT_GE(history.size(), 4u);
    std::string hash = lang::automaticLineId("x.lua", "Untagged.").substr(7);  // "auto.x." then the hash
    EXPECT_EQ(history.back().lineId.rfind("auto.", 0), 0u) << history.back().lineId;
    EXPECT_EQ(history.back().lineId.substr(history.back().lineId.size() - hash.size()), hash);
}

TEST(LineId, a_template_carries_the_id_of_its_template_whatever_the_values) {
    Stage stage(R"(
function scene()
    for _, n in ipairs({1, 2}) do
        dialogue("jackie", line("You found {count} shells, {who}.{#s.found}", {count = n, who = "Bob"}))
        dialogue("jackie", line("Untagged {count}.", {count = n}))
    end
end
)");
    stage.startScene("scene");
    stage.ticks(60 * 10);
    auto lines = stage.events("line");
    ASSERT_EQ(lines.size(), 4u);
    EXPECT_EQ(*lines[0]->field("text"), "You found 1 shells, Bob.");
    EXPECT_EQ(*lines[2]->field("text"), "You found 2 shells, Bob.");
    EXPECT_EQ(*lines[0]->field("id"), "s.found");
    EXPECT_EQ(*lines[2]->field("id"), "s.found");
    const auto& history = stage.world.story().history();
    ASSERT_EQ(history.size(), 4u);
    EXPECT_EQ(history[1].text, "Untagged 1.");
    EXPECT_EQ(history[1].lineId, history[3].lineId) << "the automatic ID comes from the template, not the result";
    EXPECT_NE(history[1].lineId, history[0].lineId);
}

TEST(LineId, a_template_value_with_braces_shows_as_written_and_cannot_change_the_lines_id_or_timing) {
    Stage stage(R"(
function scene()
    dialogue("jackie", line("You found {what}.{#s.found}", {what = "{b}gold{/b}{#evil}{w=9}{signal=x}"}))
    dialogue("jackie", line("Untagged {what}.", {what = "{#evil}"}))
    dialogue("jackie", "{b}Marked{/b} line.")
end
)");
    stage.startScene("scene");
    stage.ticks(60 * 10);
    auto lines = stage.events("line");
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(*lines[0]->field("text"), "You found {b}gold{/b}{#evil}{w=9}{signal=x}.");
    EXPECT_EQ(*lines[0]->field("id"), "s.found");
    EXPECT_EQ(*lines[1]->field("text"), "Untagged {#evil}.");
    EXPECT_EQ(lines[1]->field("id"), nullptr) << "a value's {#...} is text, not an ID";
    EXPECT_TRUE(stage.events("cue").empty()) << "a value's {w=9} and {signal=x} are text, not cues";
    EXPECT_TRUE(stage.events("error").empty());
    const auto& history = stage.world.story().history();
    ASSERT_EQ(history.size(), 3u);
    EXPECT_EQ(history[1].lineId.rfind("auto.", 0), 0u) << history[1].lineId;
    // The automatic ID hashes the template as written (its ID tag removed), and a marked line's source.
    auto hashOf = [](const std::string& source) { return lang::automaticLineId("x.lua", source).substr(7); };
    EXPECT_EQ(history[1].lineId.substr(history[1].lineId.size() - 8), hashOf("Untagged {what}."));
    EXPECT_EQ(history[2].text, "Marked line.");
    EXPECT_EQ(history[2].lineId.substr(history[2].lineId.size() - 8), hashOf("{b}Marked{/b} line."));
}

TEST(LineId, a_bad_template_value_is_an_error_at_the_script_line) {
    Stage stage(R"(
function scene()
    dialogue("jackie", line("You found {count}.", {count = {}}))
end
)");
    stage.startScene("scene");
    stage.ticks(5);
    ASSERT_EQ(stage.events("error").size(), 1u);
    EXPECT_NE(stage.events("error")[0]->field("message")->find(
                  ":3: line: values.count must be a string or a number. Was table"),
              std::string::npos)
        << *stage.events("error")[0]->field("message");
}
