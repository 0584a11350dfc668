// String tables (src/lang/StringTable, LineProvider, Translation; src/app/author/StringTableTools):
// the CSV reader's errors, each naming file:line; a line shown in a language
// with per-line fallback; stale rows; merge and extract; the pseudo-language.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <random>
#include <regex>
#include <set>

#include <SDL.h>
#include "TestSupport.h"

#include "app/author/StringTableTools.h"
#include "app/run/CommandLine.h"
#include "app/run/PlaySession.h"
#include "app/run/RunSetup.h"
#include "app/window/PauseMenu.h"
#include "app/window/PlayerSettings.h"
#include "lang/EngineWords.h"
#include "lang/LineProvider.h"
#include "lang/PseudoText.h"
#include "lang/StringTable.h"
#include "lang/Translation.h"
#include "render/Utf8.h"
#include "script/BindHelpers.h"
#include "text/Markup.h"

using namespace stagehand;
using test::Stage;

namespace {

const std::string kHeader = "language,id,text,file,line,lock,comment\n";

// The error of parsing `csv` as t.fr.csv, a file that cannot be read as a
// table at all (and that no row is kept).
std::string parseError(const std::string& csv) {
    lang::StringTable table;
    std::vector<std::string> problems;
    bool ok = lang::parseStringTable(csv, "t.fr.csv", "fr", table, problems);
    EXPECT_FALSE(ok) << csv;
    EXPECT_TRUE(table.rows.empty()) << "no partial table";
    EXPECT_EQ(problems.size(), 1u) << "one line";
    return problems.empty() ? "" : problems[0];
}

// The one problem of parsing `csv` as t.fr.csv, whose one bad row is left out
// and whose other rows are kept.
std::string rowProblem(const std::string& csv) {
    lang::StringTable table;
    std::vector<std::string> problems;
    EXPECT_TRUE(lang::parseStringTable(csv, "t.fr.csv", "fr", table, problems)) << csv;
    EXPECT_EQ(problems.size(), 1u) << csv;
    return problems.empty() ? "" : problems[0];
}

std::string row(const std::string& id, const std::string& text, const std::string& lock) {
    return "fr," + id + "," + text + ",s.lua,1," + lock + ",\n";
}

// A folder with SCRIPT.lua and strings/SCRIPT.CODE.csv: a provider reads it.
std::string scriptWithTable(const std::string& name, const std::string& code, const std::string& csv) {
    auto folder = test::scratchFolder() / ("tables-" + name);
    std::filesystem::create_directories(folder / "strings");
    std::ofstream(folder / (name + ".lua"), std::ios::binary) << "-- a scene for test_tables\n";
    std::ofstream(folder / "strings" / (name + "." + code + ".csv"), std::ios::binary) << csv;
    return (folder / (name + ".lua")).string();
}

}  // namespace

// --- The reader -------------------------------------------------------------

TEST(StringTable, reads_quoted_fields_crlf_a_bom_and_numbers_rows_by_their_first_line) {
    std::string lock = lang::sourceLock("Hi");
    std::string csv = "\xEF\xBB\xBF" + kHeader + "fr,a,\"Un, deux \"\"trois\"\"\nquatre\",s.lua,3," + lock +
                      ",\"who; scene\"\r\n" + "fr,b,Salut,s.lua,4," + lock + ",\n";
    lang::StringTable table;
    std::string error;
    ASSERT_TRUE(lang::parseStringTable(csv, "t.fr.csv", "fr", table, error)) << error;
    ASSERT_EQ(table.rows.size(), 2u);
    EXPECT_EQ(table.find("a")->text, "Un, deux \"trois\"\nquatre");
    EXPECT_EQ(table.find("a")->comment, "who; scene");
    EXPECT_EQ(table.find("a")->sourceLine, 3);
    EXPECT_EQ(table.find("a")->tableLine, 2);
    EXPECT_EQ(table.find("b")->tableLine, 4);  // the quoted field took lines 2 and 3
    EXPECT_EQ(table.find("nothing"), nullptr);
}

TEST(StringTable, what_it_writes_it_reads_back_the_same) {
    lang::StringTable table;
    table.language = "fr";
    lang::StringRow first, second;
    first.id = "x.1";
    first.source = "One, \"two\"\nthree";
    first.text = "Un, \"deux\"\ntrois";
    first.context = "jackie; scene; speech bubble: 3 lines at most";
    first.maxWidth = 280;
    first.fontSize = 19;
    first.file = "s.lua";
    first.sourceLine = 7;
    first.lock = lang::sourceLock("a");
    first.comment = "jackie; scene";
    second.id = "x.2";
    second.file = "s.lua";
    second.sourceLine = 8;
    second.lock = lang::sourceLock("b");
    table.rows = {first, second};
    std::string text = lang::formatStringTable(table);
    EXPECT_EQ(text.rfind(std::string(lang::kTableHeader) + "\n", 0), 0u);
    EXPECT_EQ(text.find('\r'), std::string::npos);
    lang::StringTable back;
    std::string error;
    ASSERT_TRUE(lang::parseStringTable(text, "t.fr.csv", "fr", back, error)) << error;
    ASSERT_EQ(back.rows.size(), 2u);
    EXPECT_EQ(back.rows[0].text, table.rows[0].text);
    EXPECT_EQ(back.rows[0].source, table.rows[0].source);
    EXPECT_EQ(back.rows[0].context, table.rows[0].context);
    EXPECT_EQ(back.rows[0].maxWidth, 280);
    EXPECT_EQ(back.rows[0].fontSize, 19);
    EXPECT_EQ(back.rows[0].comment, "jackie; scene");
    EXPECT_EQ(back.rows[1].lock, table.rows[1].lock);
    EXPECT_EQ(back.rows[1].maxWidth, 0) << "no box: an empty field";
    EXPECT_FALSE(back.firstFormat);
}

TEST(StringTable, bad_quoting_is_an_error_at_its_line) {
    std::string lock = lang::sourceLock("x");
    EXPECT_EQ(parseError(kHeader + row("a", "ok", lock) + "fr,b,\"open,s.lua,1," + lock + ",\n")
                  .rfind("t.fr.csv:3: bad quoting: a quoted field is never closed", 0),
              0u);
    EXPECT_EQ(parseError(kHeader + row("a", "\"quoted\"after", lock)).rfind("t.fr.csv:2: bad quoting: 'a' after", 0),
              0u);
    EXPECT_EQ(parseError(kHeader + row("a", "say \"hi\"", lock))
                  .rfind("t.fr.csv:2: bad quoting: a quote in a field that does not start with one", 0),
              0u);
}

// A quote left open on row 2 swallows rows 3 and 4 until the next quote
// closes it: the error names row 2, where the mistake is, not row 4.
TEST(StringTable, a_quote_left_open_is_an_error_at_the_row_that_opened_it) {
    std::string lock = lang::sourceLock("x");
    std::string csv = kHeader + "fr,a,\"Bonjour,s.lua,1," + lock + ",\n" + row("b", "ok", lock) +
                      "fr,c,\"Salut\",s.lua,3," + lock + ",\n";
    std::string error = parseError(csv);
    EXPECT_EQ(error.rfind("t.fr.csv:2: bad quoting: the quoted field that opens here runs on to line 4", 0), 0u)
        << error;
}

// The row's count first, then the header's, in both formats.
TEST(StringTable, a_wrong_column_count_names_the_rows_count_then_the_headers) {
    std::string lock = lang::sourceLock("x");
    EXPECT_EQ(rowProblem(kHeader + row("a", "ok", lock) + "fr,b,too few\n"),
              "t.fr.csv:3: this row has 3 columns, the header has 7 (language,id,text,file,line,lock,comment)");
    EXPECT_EQ(rowProblem(kHeader + "fr,a,un,deux,s.lua,1," + lock + ",\n"),
              "t.fr.csv:2: this row has 8 columns, the header has 7 (language,id,text,file,line,lock,comment)");
    EXPECT_EQ(rowProblem(std::string(lang::kTableHeader) + "\n" + "fr,a,s,t,c,,,s.lua,1," + lock + "\n"),
              "t.fr.csv:2: this row has 10 columns, the header has 11 (" + std::string(lang::kTableHeader) + ")");
}

TEST(StringTable, a_language_code_other_than_the_files_is_a_problem_of_its_row) {
    std::string lock = lang::sourceLock("x");
    EXPECT_EQ(rowProblem(kHeader + row("a", "ok", lock) + "de,b,gut,s.lua,1," + lock + ",\n"),
              "t.fr.csv:3: language 'de' is not this file's ('fr', from its name)");
}

TEST(StringTable, an_id_used_twice_is_a_problem_of_the_later_row_naming_both) {
    std::string lock = lang::sourceLock("x");
    lang::StringTable table;
    std::vector<std::string> problems;
    ASSERT_TRUE(
        lang::parseStringTable(kHeader + row("a", "un", lock) + row("b", "deux", lock) + row("a", "trois", lock),
                               "t.fr.csv", "fr", table, problems));
    EXPECT_EQ(problems, (std::vector<std::string>{"t.fr.csv:4: duplicate ID 'a' (also at t.fr.csv:2)"}));
    ASSERT_NE(table.find("a"), nullptr);
    EXPECT_EQ(table.find("a")->text, "un") << "the first row keeps its ID";
    // A row left out for another reason does not take its ID: the good row after it is kept.
    problems.clear();
    ASSERT_TRUE(lang::parseStringTable(kHeader + row("a", "un", "bad") + row("a", "deux", lock), "t.fr.csv", "fr",
                                       table, problems));
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0].rfind("t.fr.csv:2: bad lock", 0), 0u) << problems[0];
    ASSERT_NE(table.find("a"), nullptr);
    EXPECT_EQ(table.find("a")->text, "deux");
}

TEST(StringTable, invalid_utf8_is_an_error_at_its_line) {
    std::string lock = lang::sourceLock("x");
    for (std::string bad : {"\xff", "\xc3", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80"})
        EXPECT_EQ(parseError(kHeader + row("a", "ok", lock) + row("b", "caf" + bad, lock)),
                  "t.fr.csv:3: invalid UTF-8 (a string table is UTF-8 text)")
            << "bytes of " << bad.size();
    EXPECT_TRUE(lang::isValidUtf8("caf\xc3\xa9 \xe3\x81\x82 \xd8\xb9 \xf0\x9f\x98\x80"));
}

TEST(StringTable, a_lock_that_is_not_eight_lowercase_hex_digits_is_a_problem_of_its_row) {
    for (const char* lock : {"", "1234567", "ABCDEF01", "1234567g", "123456789"})
        EXPECT_EQ(
            rowProblem(kHeader + row("a", "ok", lock)).rfind("t.fr.csv:2: bad lock '" + std::string(lock) + "'", 0), 0u)
            << lock;
}

TEST(StringTable, the_header_and_the_id_are_checked) {
    EXPECT_EQ(parseError("id,text\n").rfind("t.fr.csv:1: the first row must be the header", 0), 0u);
    EXPECT_EQ(parseError("").rfind("t.fr.csv:1: the first row must be the header", 0), 0u);
    EXPECT_EQ(rowProblem(kHeader + row("a b", "ok", lang::sourceLock("x"))).rfind("t.fr.csv:2: bad line ID 'a b'", 0),
              0u);
}

// Over generated tables in both formats, for every kind of bad row: good rows
// around one bad row (some of them over two lines, in quotes) are all kept, in
// order, and the one problem names the bad row's line. A mistake that breaks
// the file as a whole (quoting, UTF-8) still costs it every row.
TEST(StringTable, over_generated_tables_a_bad_row_costs_that_row_and_every_good_row_is_kept) {
    const std::string lock = lang::sourceLock("x");
    struct Format {
        std::string header;
        std::function<std::string(const std::string& id, const std::string& text)> good;
        // The bad row of each kind (`earlier`: an ID a good row above has), and the start of its problem.
        std::vector<std::pair<std::function<std::string(const std::string& earlier)>, std::string>> faults;
    };
    const std::vector<Format> formats = {
        {kHeader,
         [&](const std::string& id, const std::string& text) {
             return "fr," + id + "," + text + ",s.lua,4," + lock + ",\n";
         },
         {{[&](const std::string&) { return "fr,bad,too few\n"; }, "this row has 3 columns, the header has 7"},
          {[&](const std::string&) { return "fr,bad,un,deux,s.lua,4," + lock + ",\n"; }, "this row has 8 columns"},
          {[&](const std::string&) { return "de,bad,gut,s.lua,4," + lock + ",\n"; },
           "language 'de' is not this file's"},
          {[&](const std::string&) { return "fr,b a d,t,s.lua,4," + lock + ",\n"; }, "bad line ID 'b a d'"},
          {[&](const std::string& earlier) { return "fr," + earlier + ",t,s.lua,4," + lock + ",\n"; }, "duplicate ID"},
          {[&](const std::string&) { return "fr,bad,t,s.lua,four," + lock + ",\n"; }, "bad source line number 'four'"},
          {[&](const std::string&) { return "fr,bad,t,s.lua,4,ABCDEF01,\n"; }, "bad lock 'ABCDEF01'"}}},
        {std::string(lang::kTableHeader) + "\n",
         [&](const std::string& id, const std::string& text) {
             return "fr," + id + ",s," + text + ",c,280,19,s.lua,4," + lock + ",\n";
         },
         {{[&](const std::string&) { return "fr,bad,s,t,c,280,19,s.lua,4," + lock + "\n"; },
           "this row has 10 columns, the header has 11"},
          {[&](const std::string&) { return "fr,bad,s,t,c,wide,19,s.lua,4," + lock + ",\n"; }, "bad max_width 'wide'"},
          {[&](const std::string&) { return "fr,bad,s,t,c,280,-1,s.lua,4," + lock + ",\n"; }, "bad font_size '-1'"},
          {[&](const std::string&) { return "fr,bad,s,t,c,280,19,s.lua,4,1234,\n"; }, "bad lock '1234'"},
          {[&](const std::string& earlier) { return "fr," + earlier + ",s,t,c,,,s.lua,4," + lock + ",\n"; },
           "duplicate ID"}}},
    };
    std::mt19937 random(59);
    int checked = 0;
    for (const Format& format : formats)
        for (const auto& [fault, says] : format.faults)
            for (int round = 0; round < 12; ++round) {
                std::string csv = format.header;
                long line = 2;
                std::vector<std::string> kept;
                auto addGood = [&](int count) {
                    for (int k = 0; k < count; ++k) {
                        const std::string id = "g" + std::to_string(kept.size());
                        const bool twoLines = random() % 3 == 0;
                        csv += format.good(id, twoLines ? "\"deux\nlignes\"" : "une");
                        line += twoLines ? 2 : 1;
                        kept.push_back(id);
                    }
                };
                addGood(1 + static_cast<int>(random() % 4));  // one at least: the duplicate's first
                const long badLine = line;
                csv += fault(kept[random() % kept.size()]);
                addGood(static_cast<int>(random() % 4));
                lang::StringTable table;
                std::vector<std::string> problems;
                ASSERT_TRUE(lang::parseStringTable(csv, "t.fr.csv", "fr", table, problems)) << csv;
                std::vector<std::string> ids;
                for (const auto& r : table.rows) ids.push_back(r.id);
                EXPECT_EQ(ids, kept) << csv;
                ASSERT_EQ(problems.size(), 1u) << csv;
                const std::string at = "t.fr.csv:" + std::to_string(badLine) + ": ";
                EXPECT_EQ(problems[0].rfind(at + says, 0), 0u) << problems[0] << "\n" << csv;
                // The same table broken as a whole keeps nothing: an unclosed quote after its rows.
                problems.clear();
                EXPECT_FALSE(lang::parseStringTable(csv + "fr,x,\"open\n", "t.fr.csv", "fr", table, problems));
                EXPECT_TRUE(table.rows.empty());
                EXPECT_EQ(problems.size(), 1u);
                ++checked;
            }
    EXPECT_EQ(checked, 12 * 12);
}

// Every bad row is named, in the file's order, each once; the strict form
// (a table used only whole) says them all and refuses.
TEST(StringTable, every_bad_row_is_one_line_in_the_files_order) {
    const std::string lock = lang::sourceLock("x");
    const std::string csv = kHeader + row("a", "un", lock) + "fr,b,court\n" + row("c", "trois", "nope") +
                            row("d", "quatre", lock) + row("a", "encore", lock);
    lang::StringTable table;
    std::vector<std::string> problems;
    ASSERT_TRUE(lang::parseStringTable(csv, "t.fr.csv", "fr", table, problems));
    ASSERT_EQ(problems.size(), 3u);
    EXPECT_EQ(problems[0].rfind("t.fr.csv:3: this row has 3 columns", 0), 0u) << problems[0];
    EXPECT_EQ(problems[1].rfind("t.fr.csv:4: bad lock 'nope'", 0), 0u) << problems[1];
    EXPECT_EQ(problems[2], "t.fr.csv:6: duplicate ID 'a' (also at t.fr.csv:2)");
    ASSERT_EQ(table.rows.size(), 2u);
    EXPECT_EQ(table.rows[1].id, "d");
    std::string error;
    EXPECT_FALSE(lang::parseStringTable(csv, "t.fr.csv", "fr", table, error));
    EXPECT_EQ(error, problems[0] + "\n" + problems[1] + "\n" + problems[2]);
}

TEST(StringTable, the_lock_is_the_hash_of_the_automatic_id_and_stale_means_it_differs) {
    EXPECT_EQ("auto.Demo." + lang::sourceLock("Here."), lang::automaticLineId("scripts/Demo.lua", "Here."));
    lang::StringRow translated;
    translated.id = "a";
    translated.text = "Ici.";
    translated.lock = lang::sourceLock("Here.");
    EXPECT_FALSE(lang::isStale(translated, "Here."));
    EXPECT_TRUE(lang::isStale(translated, "Here, by the oak."));
}

TEST(StringTable, the_known_languages_are_en_the_tables_beside_the_script_and_pseudo) {
    std::string script = scriptWithTable("Known", "fr", kHeader);
    auto folder = std::filesystem::path(script).parent_path() / "strings";
    std::ofstream(folder / "Known.ar.csv") << kHeader;
    std::ofstream(folder / "Other.de.csv") << kHeader;  // another script's
    EXPECT_EQ(lang::knownLanguages(script), (std::vector<std::string>{"en", "ar", "fr", "pseudo"}));
    EXPECT_EQ(lang::tablePathFor("scripts/Demo.lua", "fr"), "scripts/strings/Demo.fr.csv");
    EXPECT_EQ(lang::tablePathFor("Demo.lua", "ja"), "strings/Demo.ja.csv");
    lang::LineProvider lines(script);
    std::string error;
    EXPECT_FALSE(lines.setLanguage("de", error));
    EXPECT_EQ(error, "unknown language 'de' (known: en, ar, fr, pseudo)");
    EXPECT_EQ(lines.language(), "en");
}

// --- Playing in a language --------------------------------------------------

namespace {

// A stage playing `source` with `provider` for its lines.
struct TranslatedStage {
    std::vector<std::string> warnings;
    lang::LineProvider lines;
    Stage stage;
    TranslatedStage(const std::string& script, const std::string& code, const std::string& source)
        : lines(script, code, [this](const std::string& w) { warnings.push_back(w); }), stage(source, 1, {1}) {
        stage.host->setLineProvider(&lines);
    }
    std::vector<std::string> texts(const std::string& event) {
        std::vector<std::string> out;
        for (const auto* e : stage.events(event)) out.push_back(*e->field(event == "menu" ? "options" : "text"));
        return out;
    }
};

const char* const kScene = R"(
    function scene()
        dialogue("jackie", "Good morning.{#t.morning}")
        dialogue("jackie", "Not in the table.{#t.missing}")
        dialogue("jackie", "Empty in the table.{#t.empty}")
        dialogue("jackie", line("You have {count} apples.{#t.apples}", { count = 3 }))
        dialogue("jackie", "Changed since.{#t.stale}")
        dialogue("jackie", "Listen{signal=bell} now.{#t.lost}")
        dialogue("jackie", "Bad markup.{#t.markup}")
        say("jon", "Hello.{#t.hello}")
        banner("The end.{#t.banner}")
        option("Go.{#t.go}", "done")
        option("Stay.{#t.stay}", "done")
        menu()
    end
    function done() end
)";

std::string sceneTable() {
    return kHeader + row("t.morning", "Bonjour.", lang::sourceLock("Good morning.")) +
           row("t.empty", "", lang::sourceLock("Empty in the table.")) +
           row("t.apples", "Tu as {count} pommes.", lang::sourceLock("You have {count} apples.")) +
           row("t.stale", "Traduit avant.", lang::sourceLock("Changed before.")) +
           row("t.lost", "Écoute maintenant.", lang::sourceLock("Listen{signal=bell} now.")) +
           row("t.markup", "Mauvais {color=nope}balisage.", lang::sourceLock("Bad markup.")) +
           row("t.hello", "Salut.", lang::sourceLock("Hello.")) +
           row("t.banner", "Fin.", lang::sourceLock("The end.")) + row("t.go", "Allons.", lang::sourceLock("Go."));
}

}  // namespace

TEST(Translation, each_line_is_shown_in_the_language_and_falls_back_to_the_source_per_line) {
    TranslatedStage play(scriptWithTable("Scene", "fr", sceneTable()), "fr", kScene);
    play.stage.startScene("scene");
    play.stage.ticks(60 * 40);
    EXPECT_EQ(play.texts("line"),
              (std::vector<std::string>{"Bonjour.", "Not in the table.", "Empty in the table.", "Tu as 3 pommes.",
                                        "Traduit avant.", "Listen now.", "Bad markup."}));
    EXPECT_EQ(play.texts("say"), (std::vector<std::string>{"Salut."}));
    EXPECT_EQ(play.texts("banner"), (std::vector<std::string>{"Fin."}));
    EXPECT_EQ(play.texts("menu"), (std::vector<std::string>{"1. Allons. | 2. Stay."}));
    // The IDs stay the source's.
    auto lines = play.stage.events("line");
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(*lines[0]->field("id"), "t.morning");
}

TEST(Translation, a_translation_that_loses_an_event_tag_is_the_source_with_one_warning_naming_its_row) {
    TranslatedStage play(scriptWithTable("Lost", "fr", sceneTable()), "fr", kScene);
    play.stage.startScene("scene");
    play.stage.ticks(60 * 40);
    ASSERT_EQ(play.warnings.size(), 2u) << "the lost signal and the bad markup, once each";
    EXPECT_NE(play.warnings[0].find("Lost.fr.csv:6: line ID 't.lost': the translation lost {signal=bell}"),
              std::string::npos)
        << play.warnings[0];
    EXPECT_NE(play.warnings[1].find("Lost.fr.csv:7: line ID 't.markup': "), std::string::npos) << play.warnings[1];
    // The signal still went: the scene's timing is the source's.
    EXPECT_EQ(play.stage.events("cue").size(), 1u);
}

TEST(Translation, a_malformed_table_is_one_warning_and_the_source_language) {
    std::string broken = sceneTable() + "fr,x,\"never closed\n";
    TranslatedStage play(scriptWithTable("Broken", "fr", broken), "fr", kScene);
    ASSERT_EQ(play.warnings.size(), 1u);
    EXPECT_NE(play.warnings[0].find("Broken.fr.csv:11: bad quoting"), std::string::npos) << play.warnings[0];
    EXPECT_NE(play.warnings[0].find("playing in the source language"), std::string::npos);
    play.stage.startScene("scene");
    play.stage.ticks(60 * 10);
    ASSERT_FALSE(play.texts("line").empty());
    EXPECT_EQ(play.texts("line")[0], "Good morning.");
}

// Under --lang fr a bad row costs its own line, never the others: every good
// row is shown in French, and the warnings are one "FILE:LINE: ..." line per
// bad row, to the provider's warning channel and, by default, to stderr with
// nothing before the path.
TEST(Translation, a_bad_row_costs_its_line_and_every_good_row_is_shown_with_one_warning_each) {
    std::string table = sceneTable();
    const std::string hello = row("t.hello", "Salut.", lang::sourceLock("Hello."));
    ASSERT_NE(table.find(hello), std::string::npos);
    table.replace(table.find(hello), hello.size(), "fr,t.hello,Salut.,s.lua,1\n");  // row 8: too few columns
    table += row("t.go", "Encore.", lang::sourceLock("Go."));                       // row 11: t.go again
    std::string script = scriptWithTable("BadRow", "fr", table);
    TranslatedStage play(script, "fr", kScene);
    ASSERT_EQ(play.warnings.size(), 2u);
    const std::string path = lang::tablePathFor(script, "fr");
    EXPECT_EQ(play.warnings[0].rfind(path + ":8: this row has 5 columns, the header has 7", 0), 0u) << play.warnings[0];
    EXPECT_EQ(play.warnings[1].rfind(path + ":11: duplicate ID 't.go'", 0), 0u) << play.warnings[1];
    EXPECT_EQ(play.lines.tableProblems().size(), 2u);
    play.stage.startScene("scene");
    play.stage.ticks(60 * 40);
    ASSERT_FALSE(play.texts("line").empty());
    EXPECT_EQ(play.texts("line")[0], "Bonjour.") << "the good rows are kept";
    EXPECT_EQ(play.texts("banner"), (std::vector<std::string>{"Fin."}));
    EXPECT_EQ(play.texts("say"), (std::vector<std::string>{"Hello."})) << "the bad row's line is the source";
    EXPECT_EQ(play.texts("menu"), (std::vector<std::string>{"1. Allons. | 2. Stay."})) << "the first t.go";

    testing::internal::CaptureStderr();
    { lang::LineProvider quiet(script, "fr"); }
    std::string said = testing::internal::GetCapturedStderr();
    EXPECT_EQ(said.rfind(path + ":8: this row has 5 columns", 0), 0u) << said;
    EXPECT_NE(said.find("\n" + path + ":11: duplicate ID 't.go'"), std::string::npos) << said;
    EXPECT_EQ(std::count(said.begin(), said.end(), '\n'), 2) << said;
}

// The engine's own words (assets/strings/Engine.CODE.csv) under the same rule:
// a bad row leaves its word in English, the others are translated.
TEST(Translation, a_bad_row_of_the_engines_words_costs_only_its_word) {
    auto folder = test::scratchFolder() / "tables-engine-words";
    std::filesystem::create_directories(folder);
    std::ofstream(folder / "Engine.fr.csv", std::ios::binary)
        << kHeader << row("pause.resume", "Reprendre", lang::sourceLock("Resume")) << "fr,pause.quit,Quitter\n";
    const std::string before = lang::engineWords().folder();
    lang::engineWords().setFolder(folder.string());
    std::string error, ignored;
    lang::engineWords().setLanguage("fr", error);
    const std::string resume = lang::word("pause.resume"), quit = lang::word("pause.quit");
    lang::engineWords().setFolder(before);
    lang::engineWords().setLanguage(lang::kSourceLanguage, ignored);
    EXPECT_EQ(resume, "Reprendre");
    EXPECT_EQ(quit, "Quit");
    EXPECT_EQ(error.find('\n'), std::string::npos) << "one line: " << error;
    EXPECT_EQ(error.rfind(folder.string() + "/Engine.fr.csv:3: this row has 3 columns", 0), 0u) << error;
}

TEST(Translation, the_pseudo_language_is_accented_longer_bracketed_and_keeps_its_markup) {
    std::string source = "Listen{signal=bell} to {b}me{/b}, {name}!";
    std::string pseudo = lang::pseudoText(source);
    EXPECT_EQ(pseudo.front(), '[');
    EXPECT_EQ(pseudo.back(), ']');
    for (const char* kept : {"{signal=bell}", "{b}", "{/b}", "{name}"})
        EXPECT_NE(pseudo.find(kept), std::string::npos) << kept;
    EXPECT_EQ(pseudo.find("Listen"), std::string::npos) << "accented";
    std::string error;
    auto fill = [](std::string text) { return bind::fillLine(text, {{"name", "Vesper"}}); };
    auto before = text::parseMarkup(fill(source), text::MarkupPlace::Typed, error);
    auto after = text::parseMarkup(fill(pseudo), text::MarkupPlace::Typed, error);
    ASSERT_TRUE(before && after) << error;
    EXPECT_EQ(lang::eventTagChange(*before, *after), "");
    EXPECT_GE(after->length * 10, before->length * 13) << after->plain;  // about 40% longer
    EXPECT_LE(after->length * 10, before->length * 17) << after->plain;
}

// The pseudo-language's length over generated texts, vowel-rich, vowel-poor
// and mixed, against what docs/COMMANDS.md promises: every character shown,
// and 40% more (rounded up) added by doubled vowels or, short of vowels, by
// padding, inside the two brackets.
TEST(Translation, over_generated_texts_the_pseudo_language_is_forty_percent_longer_rounded_up) {
    std::mt19937 random(65);
    const std::vector<std::string> pieces = {"a", "e", "io", "U", "b", "rst", "K", " ", ", ", "7", "\xC3\xA9", "."};
    auto codePoints = [](const std::string& text) {
        return std::count_if(text.begin(), text.end(),
                             [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
    };
    for (int round = 0; round < 300; ++round) {
        std::string source;
        const std::size_t vowelBias = random() % 3;  // 0: any piece, 1: vowels only, 2: no vowels
        for (int n = 1 + static_cast<int>(random() % 40); n > 0; --n) {
            const std::size_t pick = vowelBias == 1 ? random() % 4 : vowelBias == 2 ? 4 + random() % 8 : random() % 12;
            source += pieces[pick];
        }
        const long letters = codePoints(source);
        const std::string pseudo = lang::pseudoText(source);
        EXPECT_EQ(codePoints(pseudo), 2 + letters + (letters * 4 + 9) / 10) << "'" << source << "' -> " << pseudo;
    }
    // Where the 40% comes from: doubled vowels while there are vowels to double, padding only for the rest.
    for (const auto& [source, want] :
         std::vector<std::pair<std::string, std::string>>{{"Open the door, Ada.", "[ÖÖþééñ ţĥéé ðööööŕ, ÅÅðáá.~]"},
                                                          {"Rhythm myths.", "[Ŕĥýţĥɱ ɱýţĥš.~~~~~~]"},
                                                          {"Aeiou aeiou aeiou", "[ÅÅéííöû ááééíöûû ááéíööû]"}})
        EXPECT_EQ(lang::pseudoText(source), want) << source;
}

// The pseudo-language keeps a text's markup whatever it holds: over generated
// texts of words, every kind of tag, templates, `{{` escapes and lone `}`, a
// text that parses parses in pseudo too, with the same events and no fewer
// letters, and each escaped brace still shows as a brace.
TEST(Translation, over_generated_marked_texts_the_pseudo_language_keeps_the_markup_and_its_braces) {
    const std::vector<std::string> pieces = {"Open ",
                                             "the door",
                                             ", Ada. ",
                                             "{{",
                                             "}",
                                             "{{b}",
                                             "{b}bold{/b}",
                                             "{i}it{/i}",
                                             "{w=0.5}",
                                             "{signal=bell}",
                                             "{name}",
                                             "{color=#f80}hue{/color}",
                                             "{size=+2}s{/size}",
                                             "{wave}w{/wave}",
                                             "{face=happy}",
                                             "{sound=door}",
                                             "{speed=2}",
                                             "{{}}",
                                             "7 ",
                                             "\xC3\xA9t\xC3\xA9 "};
    std::mt19937 random(35);
    auto fill = [](std::string text) { return bind::fillLine(text, {{"name", "Vesper"}}); };
    auto braces = [](const std::string& plain) { return std::count(plain.begin(), plain.end(), '{'); };
    for (int round = 0; round < 300; ++round) {
        std::string source;
        for (int n = 1 + static_cast<int>(random() % 8); n > 0; --n) source += pieces[random() % pieces.size()];
        std::string error;
        auto before = text::parseMarkup(fill(source), text::MarkupPlace::Typed, error);
        ASSERT_TRUE(before) << source << ": " << error;
        const std::string pseudo = lang::pseudoText(source);
        auto after = text::parseMarkup(fill(pseudo), text::MarkupPlace::Typed, error);
        ASSERT_TRUE(after) << source << " -> " << pseudo << ": " << error;
        EXPECT_EQ(lang::eventTagChange(*before, *after), "") << source << " -> " << pseudo;
        EXPECT_GE(after->length, before->length) << source << " -> " << pseudo;
        EXPECT_EQ(braces(after->plain), braces(before->plain)) << source << " -> " << pseudo;
    }
}

// --- Merge and extract ------------------------------------------------------

namespace {

std::vector<ScriptHost::WrittenLine> writtenLinesOf(const std::string& name, const std::string& source) {
    std::string path = test::writeScript(name, source);
    Stage stage("");
    std::vector<ScriptHost::WrittenLine> lines;
    std::string error;
    EXPECT_TRUE(stage.host->loadScript(path, error, false)) << error;
    EXPECT_TRUE(stage.host->writtenLines(lines, error)) << error;
    return lines;
}

const char* const kBefore = R"(function s()
    dialogue("jackie", "First line.")
    text("Second line.")
    option("Third line.{#s.third}", "s")
    say("jon", "Fourth line.")
end
)";

const char* const kAfter = R"(function s()
    dialogue("jackie", "First line, edited.")
    text("A new line.")
    text("Second line.")
    option("Third line, edited.{#s.third}", "s")
end
)";

}  // namespace

TEST(StringTableTools, extract_ids_of_other_lines_survive_an_edit_of_one) {
    auto before = sourceTable(writtenLinesOf("extract_a.lua", kBefore), "x/Scene.lua", "Scene.lua");
    auto after = sourceTable(writtenLinesOf("extract_b.lua", kAfter), "x/Scene.lua", "Scene.lua");
    ASSERT_EQ(before.rows.size(), 4u);
    EXPECT_EQ(before.rows[1].id, "auto.Scene." + lang::sourceLock("Second line."));
    EXPECT_NE(after.find(before.rows[1].id), nullptr) << "the untouched line keeps its ID";
    EXPECT_NE(after.find("s.third"), nullptr) << "an explicit ID survives an edit of its own line";
    EXPECT_EQ(after.find(before.rows[0].id), nullptr) << "an edited line without an ID is a new line";
    EXPECT_EQ(before.rows[0].context, "jackie; s; dialogue box (beside a portrait)");
    EXPECT_EQ(before.rows[0].source, "First line.");
    EXPECT_EQ(before.rows[0].file, "Scene.lua") << "the file column, not the label";
    EXPECT_EQ(before.rows[0].comment, "") << "the comment is the translator's";
    EXPECT_EQ(before.rows[0].sourceLine, 2);
    EXPECT_EQ(before.rows[2].context, "option; s; menu option: one line");
    EXPECT_EQ(before.rows[3].context, "jon; s; speech bubble: 3 lines at most");
    EXPECT_EQ(before.rows[3].maxWidth, 280);
    EXPECT_EQ(before.rows[3].fontSize, 19);
    EXPECT_EQ(before.rows[2].text, "Third line.") << "its ID tag is not in the text";
}

// A line() template's values, as the translator's context names them, are its
// {names} and never a markup tag: every tag written without a value in the
// markup's own list (text::knownTagsText) is tried beside a value of each kind.
TEST(StringTableTools, a_templates_values_in_the_context_are_its_names_and_never_a_markup_tag) {
    const std::string known = text::knownTagsText();
    const std::regex bareTag(R"(\{([a-z]+)\}(\.\.\.\{/([a-z]+)\})?)");
    std::string script = "function s()\n";
    std::vector<std::string> tags;
    for (auto it = std::sregex_iterator(known.begin(), known.end(), bareTag); it != std::sregex_iterator(); ++it) {
        const std::smatch& m = *it;
        const std::string used = "{" + m[1].str() + "}x" + (m[2].matched ? "{/" + m[3].str() + "}" : "");
        tags.push_back(m[1]);
        script += "    text(line(\"{count} " + used + " {who_2}.\", {count = 1, who_2 = 'a'}))\n";
    }
    script += "end\n";
    ASSERT_GE(tags.size(), 5u) << "the known tags' text no longer lists the tags without a value: " << known;
    const auto table = sourceTable(writtenLinesOf("template_values.lua", script), "x/Scene.lua", "Scene.lua");
    ASSERT_EQ(table.rows.size(), tags.size());
    for (std::size_t i = 0; i < tags.size(); ++i)
        EXPECT_NE(table.rows[i].context.find("; values: {count} {who_2};"), std::string::npos)
            << "{" << tags[i] << "} in a template: " << table.rows[i].context;
}

TEST(StringTableTools, merge_keeps_every_translation_and_marks_changed_lines_stale) {
    auto before = sourceTable(writtenLinesOf("merge_a.lua", kBefore), "x/Scene.lua", "Scene.lua");
    lang::StringTable french = before;
    french.language = "fr";
    french.rows[0].text = "Première ligne.";
    french.rows[1].text = "Deuxième ligne.";
    french.rows[2].text = "Troisième ligne.";
    french.rows[3].text = "";  // not translated yet
    french.index();
    auto after = sourceTable(writtenLinesOf("merge_b.lua", kAfter), "x/Scene.lua", "Scene.lua");
    MergeSummary summary;
    auto merged = mergeTable(after, french, "fr", summary);
    const lang::StringRow* second = merged.find(before.rows[1].id);
    ASSERT_NE(second, nullptr);
    EXPECT_EQ(second->text, "Deuxième ligne.");
    EXPECT_FALSE(lang::isStale(*second, "Second line."));
    const lang::StringRow* third = merged.find("s.third");
    ASSERT_NE(third, nullptr);
    EXPECT_EQ(third->text, "Troisième ligne.") << "kept";
    EXPECT_TRUE(lang::isStale(*third, "Third line, edited.")) << "its source changed: stale";
    const lang::StringRow* added = merged.find(after.rows[1].id);
    ASSERT_NE(added, nullptr);
    EXPECT_EQ(added->text, "") << "a new line waits for its translation";
    EXPECT_FALSE(lang::isStale(*added, "A new line."));
    // The first line's old ID is gone from the script: its text is kept, with a note.
    const lang::StringRow* gone = merged.find(before.rows[0].id);
    ASSERT_NE(gone, nullptr);
    EXPECT_EQ(gone->text, "Première ligne.");
    EXPECT_EQ(gone->comment.rfind(kRemovedNote, 0), 0u);
    EXPECT_EQ(merged.find(before.rows[3].id), nullptr) << "an untranslated row of a removed line is dropped";
    EXPECT_EQ(summary.added, 2);
    EXPECT_EQ(summary.stale, 1);
    EXPECT_EQ(summary.removed, 1);
    EXPECT_EQ(summary.dropped, 1);
    // And the merged table reads back (what the game and the next merge read).
    lang::StringTable back;
    std::string error;
    EXPECT_TRUE(lang::parseStringTable(lang::formatStringTable(merged), "m.fr.csv", "fr", back, error)) << error;
}

namespace {

const char* const kCheckedScene =
    "function s()\n    text(\"One.{#s.one}\")\n    text(\"Two.{#s.two}\")\n    text(\"Three.{#s.three}\")\nend\n";

// The script of kCheckedScene with `csv` as its French table.
std::string checkedScript(const std::string& name, const std::string& csv) {
    std::string script = scriptWithTable(name, "fr", csv);
    std::ofstream(script, std::ios::binary) << kCheckedScene;
    return script;
}

// A French table for kCheckedScene whose row 3 (s.two) is bad; s.three is stale.
std::string tableWithABadRow() {
    return kHeader + row("s.one", "Un.", lang::sourceLock("One.")) + "fr,s.two,Deux.\n" +
           row("s.three", "Trois.", lang::sourceLock("Three, once."));
}

}  // namespace

// --check lists the bad row at its line (so it fails) and still checks every good row.
TEST(StringTableTools, check_names_each_bad_row_and_still_checks_the_good_ones) {
    std::string script = checkedScript("CheckedBadRow", tableWithABadRow());
    Stage stage("");
    std::vector<ScriptHost::WrittenLine> lines;
    std::string error;
    ASSERT_TRUE(stage.host->loadScript(script, error, false)) << error;
    ASSERT_TRUE(stage.host->writtenLines(lines, error)) << error;
    auto findings = checkTables(lines, ScriptHost::shownPath(script), script);
    const std::string path = ScriptHost::shownPath(lang::tablePathFor(script, "fr"));
    auto count = [&](const std::string& part) {
        return std::count_if(findings.begin(), findings.end(),
                             [&](const std::string& f) { return f.find(part) != std::string::npos; });
    };
    EXPECT_EQ(count(path + ":3: this row has 3 columns, the header has 7"), 1) << ::testing::PrintToString(findings);
    EXPECT_EQ(count(path + ":4: fr: line ID 's.three' is stale"), 1) << ::testing::PrintToString(findings);
    EXPECT_EQ(count(path + ":2: "), 0) << "the good row s.one is fine: " << ::testing::PrintToString(findings);
}

// --strings merge rewrites the whole table: a row it could not read would be
// lost, so it names each bad row, writes nothing and exits 2.
TEST(StringTableTools, merge_refuses_a_table_with_a_bad_row_and_names_it) {
    std::string script = checkedScript("MergeBadRow", tableWithABadRow());
    const std::string path = lang::tablePathFor(script, "fr");
    std::vector<std::string> args = {"stagehand", "--strings", "merge", "--lang", "fr", "--script", script};
    std::vector<char*> argv;
    for (auto& arg : args) argv.push_back(arg.data());
    stagehand::Setup setup;
    std::string error;
    ASSERT_TRUE(parseCommandLine(static_cast<int>(argv.size()), argv.data(), setup.cmd, error)) << error;
    setup.dataRoot = test::dataRoot();
    ASSERT_TRUE(completeSetup(setup, error)) << error;
    testing::internal::CaptureStderr();
    const int exit = runStrings(setup);
    const std::string said = testing::internal::GetCapturedStderr();
    EXPECT_EQ(exit, kExitBadInput);
    EXPECT_EQ(said.rfind(path + ":3: this row has 3 columns", 0), 0u) << said;
    EXPECT_NE(said.find("nothing written"), std::string::npos) << said;
    std::ifstream in(path, std::ios::binary);
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), tableWithABadRow()) << "left as it was";
}

// --- The player's choice ----------------------------------------------------

TEST(LanguageRow, is_shown_with_two_languages_and_goes_round_them_and_is_kept_in_the_settings) {
    EXPECT_EQ(PauseMenu(true, {"en"}).rowCount(), PauseMenu::kRowCount - 1) << "one language: no row";
    PauseMenu menu(true, {"en", "ar", "fr"});
    ASSERT_EQ(menu.rowCount(), PauseMenu::kRowCount);
    PlayerSettings settings;
    ViewLayout layout = ViewLayout::fit(1280, 720);
    menu.handle({InputKind::KeyDown, SDLK_DOWN}, layout, settings);
    ASSERT_EQ(menu.selected(), PauseMenu::Row::Language);
    EXPECT_EQ(PauseMenu::value(PauseMenu::Row::Language, settings), "English");
    EXPECT_EQ(menu.handle({InputKind::KeyDown, SDLK_RIGHT}, layout, settings), PauseMenu::Action::LanguageChanged);
    EXPECT_EQ(settings.language, "ar");
    menu.handle({InputKind::KeyDown, SDLK_RIGHT}, layout, settings);
    EXPECT_EQ(PauseMenu::value(PauseMenu::Row::Language, settings), "Français");
    menu.handle({InputKind::KeyDown, SDLK_RIGHT}, layout, settings);
    EXPECT_EQ(settings.language, "en") << "round again";
    // Every key that changes the row moves it by one language (a click is an Enter on its row).
    for (SDL_Keycode forward : {SDLK_RIGHT, SDLK_d, SDLK_RETURN, SDLK_KP_ENTER, SDLK_SPACE}) {
        settings.language = "ar";
        menu.handle({InputKind::KeyDown, forward}, layout, settings);
        EXPECT_EQ(settings.language, "fr") << SDL_GetKeyName(forward);
    }
    for (SDL_Keycode back : {SDLK_LEFT, SDLK_a}) {
        settings.language = "ar";
        menu.handle({InputKind::KeyDown, back}, layout, settings);
        EXPECT_EQ(settings.language, "en") << SDL_GetKeyName(back);
    }
    settings.language = "fr";
    std::string path = test::writeScript("language_settings.txt", "");
    ASSERT_TRUE(settings.save(path));
    std::string warning;
    EXPECT_EQ(PlayerSettings::load(path, warning).language, "fr");
    EXPECT_EQ(warning, "");
    std::ofstream(path, std::ios::binary) << "language = f r\n";
    EXPECT_EQ(PlayerSettings::load(path, warning).language, "");
    EXPECT_NE(warning.find("language_settings.txt:1: cannot read 'language = f r'"), std::string::npos) << warning;
}

// A save records the lines it saw (to find where an edited script diverges):
// they are compared in the source language, so a save made in French loads
// at its own moment in English, with nothing said of a divergence (the script
// edited after the save, so the save is replayed and compared).
TEST(LanguageSaves, a_save_made_in_one_language_loads_in_another_at_its_moment) {
    std::string first = "A page to save on.";
    std::string script = scriptWithTable("Saved", "fr",
                                         kHeader + "fr," + lang::automaticLineId("Saved.lua", first) +
                                             ",Une page où sauver.,Saved.lua,1," + lang::sourceLock(first) + ",\n");
    std::ofstream(script, std::ios::binary)
        << "function saved()\n    text(\"" << first << "\")\n    text(\"Next.\")\nend\n";
    Simulation::Options options;
    options.dataRoot = test::dataRoot();
    options.scriptPath = script;
    options.quiet = true;
    options.lines = std::make_shared<lang::LineProvider>(script, "fr");
    PlaySession session(options, "", InputLog{});
    std::string error, message;
    ASSERT_TRUE(session.start("saved", error)) << error;
    for (int i = 0; i < 120; ++i) session.simulation().tick();
    ASSERT_EQ(session.simulation().world().story().currentLine()->text, "Une page où sauver.");
    std::string path = test::writeScript("language_save.txt", "");
    ASSERT_TRUE(session.save(path, "Saved", error)) << error;
    InputLog save;
    ASSERT_TRUE(PlaySession::readSave(path, save, error)) << error;
    std::uint64_t at = save.at;
    std::ofstream(script, std::ios::binary | std::ios::app) << "-- edited after the save\n";  // so it is replayed
    ASSERT_TRUE(options.lines->setLanguage("en", error)) << error;
    ASSERT_TRUE(PlaySession::resolveSave(options, save, message, error)) << error;
    EXPECT_EQ(message, "the script changed since this save; it replays the same way") << "no divergence";
    EXPECT_EQ(save.at, at);
}

// --strings extracts the names of the actors the script writes as a string
// literal, as the one reader (scripts/SceneSource.lua) found them: in any
// quoting, long strings and escapes read as Lua reads them, never in a comment.
TEST(StringTableTools, the_names_extracted_are_the_actors_the_script_writes_as_literals) {
    std::string script = test::writeScript("named_actors.lua",
                                           "-- \"jackie\" and 'maren' stand only in this comment\n"
                                           "function named()\n"
                                           "    say([[jon]], \"Hi.\")\n"
                                           "    say(\"\\112ell\", \"Hi.\")\n"
                                           "end\n");
    Simulation::Options options;
    options.dataRoot = test::dataRoot();
    options.scriptPath = script;
    options.quiet = true;
    Simulation sim(options);
    std::vector<ScriptHost::WrittenLine> lines;
    appendNames(sim, lines);
    std::set<std::string> named;
    for (const auto& line : lines)
        if (line.call.rfind("actor name", 0) == 0) named.insert(line.owner);
    EXPECT_EQ(named, (std::set<std::string>{"jon", "pell"}));
}

// --- The demo's tables ------------------------------------------------------
// (--check on the demo finds nothing: cli_check_finds_nothing_in_the_demo.)

TEST(DemoTables, every_line_has_an_explicit_id_and_only_digits_and_names_stay_english) {
    const std::string script = test::dataRoot() + "/scripts/Demo.lua";
    lang::StringTable english;
    std::string error;
    ASSERT_TRUE(lang::loadStringTable(lang::tablePathFor(script, "en"), "en", english, error)) << error;
    ASSERT_GE(english.rows.size(), 79u);
    for (const lang::StringRow& row : english.rows) {
        EXPECT_NE(row.id.rfind("auto.", 0), 0u) << row.id << " (Demo.lua:" << row.sourceLine << ") has no {#ID}";
        EXPECT_EQ(row.file, "Demo.lua") << "the script's path in its game's folder";
    }
    // The countdown's digits are the same in French and Japanese; "{cps=4}...{/cps}" is a silence;
    // French keeps the actors' names.
    std::vector<std::string> same;
    for (const char* code : {"fr", "ar", "ja", "zh"}) {
        lang::StringTable table;
        ASSERT_TRUE(lang::loadStringTable(lang::tablePathFor(script, code), code, table, error)) << error;
        EXPECT_EQ(table.rows.size(), english.rows.size()) << code;
        for (const lang::StringRow& row : table.rows) {
            EXPECT_EQ(row.source, english.find(row.id) ? english.find(row.id)->text : "?") << code << " " << row.id;
            bool frenchName = std::string(code) == "fr" && row.id.rfind("actor.", 0) == 0;
            if (row.text == row.source && !frenchName) same.push_back(std::string(code) + ":" + row.id);
        }
    }
    EXPECT_EQ(same, (std::vector<std::string>{"fr:lighthouse_oil.6756", "fr:harbour.count-3", "fr:harbour.count-2",
                                              "fr:harbour.count-1", "ar:lighthouse_oil.6756", "ja:harbour.count-3",
                                              "ja:harbour.count-2", "ja:harbour.count-1", "zh:harbour.count-3",
                                              "zh:harbour.count-2", "zh:harbour.count-1"}));
}

// The box a string table names for each line (its context, and the room
// --overflow-report measures) is the box play shows it in: every call that
// shows text, with a literal text and one made by line(), spoken and narrated,
// played, and the place of the event that shows it compared with placeOf.
TEST(StringTables, every_line_is_measured_in_the_box_play_shows_it_in) {
    using Place = WorldView::TextPlace;
    const std::string source =
        "function scene()\n  activate('jackie')\n"
        "  say('jackie', 'P1 a bubble')\n"
        "  sayFor('jackie', 'P2 a bubble for a while', 0.1)\n"
        "  say('jackie', line('P3 a bubble of {n}', {n = 1}))\n"
        "  dialogue('jackie', 'P4 a spoken line')\n"
        "  dialogue(nil, 'P5 a narrated line')\n"
        "  dialogue('jackie', line('P6 a spoken line of {n}', {n = 2}))\n"
        "  text('P7 a narrated page')\n"
        "  text('jackie', 'P8 a spoken page')\n"
        "  banner('P9 a banner', 0.1)\n"
        "  story()\nend\n"
        "function story()\n  option('P10 an option', 'after')\n  menu()\nend\n"
        "function after() end\n";
    test::Stage stage(source, 1, {1});
    std::vector<ScriptHost::WrittenLine> lines;
    std::string error;
    ASSERT_TRUE(stage.host->writtenLines(lines, error)) << error;
    stage.startScene("scene");
    stage.ticks(60 * 60);
    // Where play showed each text: the event that carries it.
    std::map<std::string, Place> shown;
    for (const auto& e : stage.transcript.events()) {
        const std::string* text = e.field(e.name == "menu" ? "options" : "text");
        if (!text || text->rfind("P", 0) == std::string::npos) {
            if (!(text && e.name == "menu")) continue;
        }
        const std::string* speaker = e.field(e.name == "say" ? "actor" : "speaker");
        const bool spoken = speaker && !speaker->empty();
        if (e.name == "say") shown[*text] = Place::Bubble;
        if (e.name == "line" || e.name == "text") shown[*text] = spoken ? Place::Dialogue : Place::Narration;
        if (e.name == "banner") shown[*text] = Place::Banner;
        if (e.name == "menu")
            shown[text->substr(text->find(". ") + 2, text->find(" |") - text->find(". ") - 2)] = Place::Option;
    }
    int compared = 0;
    for (const auto& line : lines) {
        std::string text = line.text;
        for (const char* value : {"{n}"})
            if (text.find(value) != std::string::npos)
                text.replace(text.find(value), 3, line.text.find("P3") == 0 ? "1" : "2");
        auto played = shown.find(text);
        ASSERT_NE(played, shown.end()) << line.call << " '" << line.text << "' was not seen in play";
        auto table = placeOf(line);
        ASSERT_TRUE(table) << line.text;
        EXPECT_EQ(placeName(*table), std::string(placeName(played->second)))
            << line.call << " '" << line.text << "' at line " << line.line;
        ++compared;
    }
    EXPECT_EQ(compared, 10);
}

// --- Language tags and event tags over every form ---------------------------

// RFC 5646's own examples of language tags (section 2.1 and appendix A): a
// table named for any of them is offered, can be chosen, and is kept in the
// player's settings; names that are no tag (or could climb out of strings/)
// are never taken for one.
TEST(StringTable, every_rfc5646_tag_form_names_a_language_chosen_and_kept_and_nothing_else_does) {
    const std::vector<std::string> tags = {
        "de",         "zh-Hant", "zh-Hans-CN", "sr-Latn-RS",     "es-419",
        "de-CH-1901", "en-US",   "pt-BR",      "sl-rozaj-biske", "hy-Latn-IT-arevela"};
    std::string script = scriptWithTable("Tags", tags[0], kHeader);
    auto folder = std::filesystem::path(script).parent_path();
    for (const auto& tag : tags) std::ofstream(folder / "strings" / ("Tags." + tag + ".csv")) << kHeader;
    auto known = lang::knownLanguages(script);
    for (const auto& tag : tags) {
        EXPECT_TRUE(lang::isLanguageCode(tag)) << tag;
        EXPECT_EQ(std::count(known.begin(), known.end(), tag), 1) << tag;
        lang::LineProvider lines(script);
        std::string error;
        EXPECT_TRUE(lines.setLanguage(tag, error)) << tag << ": " << error;
        PlayerSettings settings;
        settings.language = tag;
        auto path = (folder / "settings.txt").string();
        ASSERT_TRUE(settings.save(path));
        std::string warning;
        EXPECT_EQ(PlayerSettings::load(path, warning).language, tag) << warning;
        EXPECT_EQ(warning, "") << tag;
    }
    EXPECT_EQ(known.size(), tags.size() + 2) << "en, the tags, pseudo";
    for (const char* notATag : {"", "-fr", "fr_CA", "fr.old", "../fr", "fr ca", "1fr", "fr/ca"})
        EXPECT_FALSE(lang::isLanguageCode(notATag)) << notATag;
}

// A translation may move or drop what shapes the typing (pauses, speed,
// instant parts, styles), but every tag that makes something happen in the
// world ({signal=}, {face=}, {sound=}) is the author's contract: over random
// lines with tags of every kind, each such tag lost or added is named as
// lost or added, and a change of the others is not a change at all.
TEST(Translation, over_random_lines_every_world_tag_lost_or_added_is_named_and_typing_marks_never_are) {
    struct Tag {
        const char* text;
        bool world;
    };
    const std::vector<Tag> kinds = {
        {"{w=0.4}", false},
        {"{w}", false},
        {"{speed=2}fast{/speed}", false},
        {"{cps=30}slow{/cps}", false},
        {"{instant}now{/instant}", false},
        {"{b}bold{/b}", false},
        {"{signal=bell}", true},
        {"{signal=door}", true},
        {"{face=smile}", true},
        {"{face=frown}", true},
        {"{sound=knock}", true},
        {"{sound=chime}", true},
    };
    std::mt19937 random(4511);
    auto pick = [&](std::vector<std::size_t>& into) {
        for (std::size_t i = 0; i < kinds.size(); ++i)
            if (random() % 3 == 0) into.push_back(i);
    };
    auto lineOf = [&](const std::vector<std::size_t>& chosen, const char* word) {
        std::string line;
        for (std::size_t i : chosen) line += std::string(word) + " " + kinds[i].text;
        return line + " " + word + ".";
    };
    int checked = 0;
    for (int round = 0; round < 300; ++round) {
        std::vector<std::size_t> source, translation;
        pick(source);
        pick(translation);
        std::string error;
        auto before = text::parseMarkup(lineOf(source, "word"), text::MarkupPlace::Typed, error);
        auto after = text::parseMarkup(lineOf(translation, "mot"), text::MarkupPlace::Typed, error);
        if (!before || !after) continue;  // an unbalanced {/b} or {/speed}: not a line a table may hold
        ++checked;
        std::string change = lang::eventTagChange(*before, *after);
        std::string lostPart = change.substr(0, change.find("added"));
        std::string addedPart = change.find("added") == std::string::npos ? "" : change.substr(change.find("added"));
        bool changed = false;
        for (std::size_t i = 0; i < kinds.size(); ++i) {
            bool inSource = std::count(source.begin(), source.end(), i) > 0;
            bool inTranslation = std::count(translation.begin(), translation.end(), i) > 0;
            std::string tag = kinds[i].text;
            if (!kinds[i].world) continue;
            bool lost = inSource && !inTranslation, added = inTranslation && !inSource;
            changed = changed || lost || added;
            EXPECT_EQ(lostPart.find(tag) != std::string::npos, lost) << tag << " in '" << change << "'";
            EXPECT_EQ(addedPart.find(tag) != std::string::npos, added) << tag << " in '" << change << "'";
        }
        EXPECT_EQ(change.empty(), !changed) << change;
        for (const char* typing : {"{w", "{speed", "{/speed", "{cps", "{/cps", "{instant", "{/instant", "{b}", "{/b}"})
            EXPECT_EQ(change.find(typing), std::string::npos) << change;
    }
    EXPECT_GT(checked, 250);
}
