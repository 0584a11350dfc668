// Inline markup (src/text/Markup.h): the parse, the typewriter's cues at their
// scene times (pauses, speed, instant, signals, faces, sounds), skipping and
// a completed line firing them in order, errors at the author's line, and the
// drawn frame (a red letter, waving letters that move with time, the same at
// the same time, and still when the player asks).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <random>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "RenderFixture.h"
#include "TestSupport.h"
#include "render/OffscreenTarget.h"
#include "script/LuaCompat.h"
#include "script/LuaState.h"
#include "text/Markup.h"

using namespace stagehand;
using test::Stage;

namespace {

std::shared_ptr<const text::MarkedText> parsed(const std::string& source,
                                               text::MarkupPlace place = text::MarkupPlace::Typed) {
    std::string error;
    auto out = text::parseMarkup(source, place, error);
    EXPECT_TRUE(out) << error;
    return out;
}

std::string errorOf(const std::string& source, text::MarkupPlace place = text::MarkupPlace::Typed) {
    std::string error;
    EXPECT_FALSE(text::parseMarkup(source, place, error)) << source;
    return error;
}

// The times of the transcript's "cue" events with this tag.
std::vector<double> cueTimes(const Stage& stage, const std::string& tag) {
    std::vector<double> out;
    for (const auto* e : stage.events("cue"))
        if (*e->field("tag") == tag) out.push_back(e->time);
    return out;
}

std::string cueOrder(const Stage& stage) {
    std::string out;
    for (const auto* e : stage.events("cue")) {
        out += *e->field("tag");
        if (e->field("name")) out += "=" + *e->field("name");
        out += " ";
    }
    return out;
}

constexpr double kMarkupTick = 1.0 / 60;

}  // namespace

// --- The parse -----------------------------------------------------------

TEST(Markup, tags_are_removed_from_the_plain_text_and_a_doubled_brace_is_a_brace) {
    auto t = parsed("It was {b}red{/b}, {{not} {i}blue{/i}.");
    EXPECT_EQ(t->plain, "It was red, {not} blue.");
    EXPECT_EQ(t->length, 23u);
    EXPECT_TRUE(t->styles[t->styleOf[7]].bold);     // r
    EXPECT_FALSE(t->styles[t->styleOf[6]].bold);    // the space before it
    EXPECT_TRUE(t->styles[t->styleOf[18]].italic);  // b of blue
}

TEST(Markup, colours_sizes_and_motion_are_styles_of_their_letters) {
    auto t = parsed(
        "{color=#f00}a{/color}{color=#00ff80}b{/color}{size=30}c{/size}{size=+4}d{/size}"
        "{size=*1.5}{size=-2}e{/size}{/size}{wave}f{/wave}{shake}g{/shake}");
    const auto& s = t->styles;
    EXPECT_EQ(s[t->styleOf[0]].rgb, 0xff0000u);
    EXPECT_EQ(s[t->styleOf[1]].rgb, 0x00ff80u);
    EXPECT_FLOAT_EQ(s[t->styleOf[2]].sizeFor(24), 30);
    EXPECT_FLOAT_EQ(s[t->styleOf[3]].sizeFor(24), 28);
    EXPECT_FLOAT_EQ(s[t->styleOf[4]].sizeFor(24), 34);  // 24 * 1.5 - 2
    EXPECT_TRUE(s[t->styleOf[5]].wave);
    EXPECT_TRUE(s[t->styleOf[6]].shake);
    EXPECT_TRUE(t->moves());
    EXPECT_FALSE(parsed("still")->moves());
}

TEST(Markup, cues_sit_before_the_letter_they_precede) {
    auto t = parsed("ab{w=0.5}c{signal=door}{face=worried}d{sound=bell}{w}");
    ASSERT_EQ(t->cues.size(), 5u);
    EXPECT_EQ(t->cues[0].kind, text::CueKind::Pause);
    EXPECT_EQ(t->cues[0].at, 2u);
    EXPECT_DOUBLE_EQ(t->cues[0].value, 0.5);
    EXPECT_EQ(t->cues[1].kind, text::CueKind::Signal);
    EXPECT_EQ(t->cues[1].name, "door");
    EXPECT_EQ(t->cues[1].at, 3u);
    EXPECT_EQ(t->cues[2].kind, text::CueKind::Face);
    EXPECT_EQ(t->cues[3].kind, text::CueKind::Sound);
    EXPECT_EQ(t->cues[3].at, 4u);
    EXPECT_EQ(t->cues[4].kind, text::CueKind::WaitForPlayer);
    EXPECT_EQ(t->plain, "abcd");
}

TEST(Markup, a_line_id_is_a_tag_of_no_width) {
    auto t = parsed("Mind the crumbs.{#vesper.crumbs-2}");
    EXPECT_EQ(t->plain, "Mind the crumbs.");
    EXPECT_EQ(t->lineId, "vesper.crumbs-2");
    EXPECT_TRUE(t->cues.empty());
    EXPECT_TRUE(parsed("{#a_1} in front", text::MarkupPlace::Shown)->lineId == "a_1");
}

TEST(Markup, errors_name_the_tag_and_list_the_known_ones) {
    std::string unknown = errorOf("Hi {wiggle}there{/wiggle}");
    EXPECT_NE(unknown.find("unknown tag {wiggle}"), std::string::npos) << unknown;
    EXPECT_NE(unknown.find("{wave}...{/wave}"), std::string::npos) << unknown;  // the known tags
    EXPECT_NE(errorOf("{b}bold").find("{b} is not closed"), std::string::npos);
    EXPECT_NE(errorOf("{b}{i}x{/b}{/i}").find("{/b} closes {i}"), std::string::npos);
    EXPECT_NE(errorOf("{color=#ff}x{/color}").find("{color} needs #rgb or #rrggbb, not '#ff'"), std::string::npos);
    EXPECT_NE(errorOf("{w=-1}").find("{w} needs a number from 0 to 60, not '-1'"), std::string::npos);
    EXPECT_NE(errorOf("{speed=fast}").find("{speed} needs a number"), std::string::npos);
    EXPECT_NE(errorOf("{size=3}x{/size}").find("{size} needs a number from 6 to 200, not '3'"), std::string::npos);
    EXPECT_NE(errorOf("{signal=}").find("{signal} needs a name"), std::string::npos);
    EXPECT_NE(errorOf("{b=1}x{/b}").find("{b} takes no value"), std::string::npos);
    EXPECT_NE(errorOf("a { b").find("a '{' without its '}'"), std::string::npos);
    EXPECT_NE(errorOf("{#}").find("{#ID} needs an id"), std::string::npos);
    // A bubble, an option or a banner appears at once: no timing, no events.
    EXPECT_NE(errorOf("a{w=1}b", text::MarkupPlace::Shown).find("{w} is for lines and pages"), std::string::npos);
    EXPECT_NE(errorOf("{signal=x}", text::MarkupPlace::Shown).find("{signal} is for lines"), std::string::npos);
}

TEST(Markup, a_text_of_thousands_of_colours_is_refused_not_parsed_slowly) {
    std::string source;
    for (int i = 0; i < 5000; ++i) {
        char tag[32];
        std::snprintf(tag, sizeof tag, "{color=#%06x}x{/color}", i);
        source += tag;
    }
    EXPECT_NE(errorOf(source).find("at most 256 different styles"), std::string::npos);
}

TEST(Markup, speed_and_cps_may_run_to_the_end_of_the_line) {
    EXPECT_TRUE(parsed("{speed=2}fast to the end"));
    EXPECT_TRUE(parsed("{cps=10}slow {/cps}then not"));
}

// --- The typewriter ------------------------------------------------------

TEST(MarkupTyping, a_pause_holds_the_typewriter_and_a_signal_wakes_its_waiter_when_reached) {
    Stage stage(R"(
function scene()
    runProcess(function() waitSignal("door"); print("slam") end)
    dialogue("jon", "Knock{w=0.5} at the {signal=door}door.")
end)");
    stage.startScene("scene");
    stage.ticks(120);
    // "Knock" is 5 letters at 45 per second; the pause; then " at the " (8).
    ASSERT_EQ(cueTimes(stage, "w").size(), 1u);
    EXPECT_NEAR(cueTimes(stage, "w")[0], 5.0 / 45, kMarkupTick + 1e-9);
    ASSERT_EQ(cueTimes(stage, "signal").size(), 1u);
    double reached = 13.0 / 45 + 0.5;
    EXPECT_NEAR(cueTimes(stage, "signal")[0], reached, kMarkupTick + 1e-9);
    ASSERT_EQ(stage.events("print").size(), 1u);
    EXPECT_NEAR(stage.events("print")[0]->time, reached, kMarkupTick + 1e-9);  // woken on the tick the word appears
}

TEST(MarkupTyping, speed_and_cps_change_the_pace_and_an_instant_part_appears_at_once) {
    // Each line ends with a signal: its time is when the typewriter got to the end.
    Stage stage(R"(
function scene()
    dialogue("jon", "0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890{signal=plain}")
    dialogue("jon", "{speed=2}0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890{signal=fast}")
    dialogue("jon", "{cps=10}0123456789{/cps}{signal=slow}")
    dialogue("jon", "{instant}0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890{/instant}{signal=instant}")
end)");
    stage.startScene("scene");
    stage.ticks(60 * 20);
    auto at = [&](const std::string& name) {
        for (const auto* e : stage.events("cue"))
            if (*e->field("name") == name) return e->time;
        ADD_FAILURE() << "no cue " << name;
        return -1.0;
    };
    auto starts = stage.events("line");
    ASSERT_EQ(starts.size(), 4u);
    EXPECT_NEAR(at("plain") - starts[0]->time, 91.0 / 45, 2 * kMarkupTick);
    EXPECT_NEAR(at("fast") - starts[1]->time, 91.0 / 90, 2 * kMarkupTick);
    EXPECT_NEAR(at("slow") - starts[2]->time, 10.0 / 10, 2 * kMarkupTick);
    EXPECT_LE(at("instant") - starts[3]->time, 2 * kMarkupTick);
}

// The typewriter's pace over generated lines: a line is a run of parts, plain
// or inside {speed=F}, {cps=N} or {instant}, each followed by a signal. Each
// part types at its own pace (the player's 45 characters a second, that times
// F, N a second, or at once) and the pace after a closing tag is the one
// before it: every signal comes when the parts before it have taken their time.
TEST(MarkupTyping, every_part_of_a_line_types_at_its_own_pace_and_a_closed_span_gives_the_pace_back) {
    std::mt19937 random(45);
    std::string script = "function scene()\n";
    std::vector<std::vector<double>> expected;  // per line, the typing time at each signal
    for (int line = 0; line < 12; ++line) {
        std::string text;
        double at = 0;
        std::vector<double> signals;
        for (int part = 0, parts = 2 + static_cast<int>(random() % 4); part < parts; ++part) {
            const int length = 3 + static_cast<int>(random() % 25);
            const std::string letters(static_cast<std::size_t>(length), static_cast<char>('a' + part));
            switch (random() % 4) {
                case 0: text += letters, at += length / 45.0; break;
                case 1: {
                    const int factor = 2 + static_cast<int>(random() % 3);
                    text += "{speed=" + std::to_string(factor) + "}" + letters + "{/speed}";
                    at += length / (45.0 * factor);
                    break;
                }
                case 2: {
                    const int cps = 10 + static_cast<int>(random() % 40);
                    text += "{cps=" + std::to_string(cps) + "}" + letters + "{/cps}";
                    at += static_cast<double>(length) / cps;
                    break;
                }
                default: text += "{instant}" + letters + "{/instant}";
            }
            text += "{signal=l" + std::to_string(line) + "p" + std::to_string(part) + "}";
            signals.push_back(at);
        }
        script += "    dialogue(\"jon\", \"" + text + "\")\n";
        expected.push_back(signals);
    }
    Stage stage(script + "end\n");
    stage.startScene("scene");
    stage.ticks(60 * 120);
    auto starts = stage.events("line");
    ASSERT_EQ(starts.size(), expected.size());
    for (std::size_t line = 0; line < expected.size(); ++line)
        for (std::size_t part = 0; part < expected[line].size(); ++part) {
            const std::string name = "l" + std::to_string(line) + "p" + std::to_string(part);
            double when = -1;
            for (const auto* e : stage.events("cue"))
                if (*e->field("name") == name) when = e->time;
            ASSERT_GE(when, 0) << "no signal " << name;
            EXPECT_NEAR(when - starts[line]->time, expected[line][part], (part + 2) * kMarkupTick) << name;
        }
}

TEST(MarkupTyping, skipping_fires_every_event_in_order_without_the_pauses) {
    Stage stage(R"(
function scene()
    portrait("maren", "keeper")
    dialogue("maren", "a{w=2}b{signal=one}c{face=worried}d{w=3}{sound=door}e{signal=two}")
end)");
    TextSettings settings = stage.world.story().textSettings();
    settings.skipping = true;
    stage.world.story().setTextSettings(settings);
    stage.startScene("scene");
    stage.ticks(3);
    EXPECT_EQ(cueOrder(stage), "signal=one face=worried sound=door signal=two ");
    auto cues = stage.events("cue");
    ASSERT_EQ(cues.size(), 4u);
    EXPECT_DOUBLE_EQ(cues.front()->time, cues.back()->time);  // no pause between them
    EXPECT_EQ(stage.events("sound").size(), 1u);
    ASSERT_EQ(stage.events("expression").size(), 1u);
    EXPECT_EQ(*stage.events("expression")[0]->field("expression"), "worried");
    EXPECT_EQ(stage.world.cast().findActor("maren")->expression, "worried");
}

TEST(MarkupTyping, instant_text_speed_fires_every_event_in_order_without_the_pauses) {
    Stage stage(R"(
function scene()
    dialogue("jon", "a{w=2}b{signal=one}c{w=3}d{signal=two}")
end)");
    TextSettings settings = stage.world.story().textSettings();
    settings.charsPerSecond = 0;
    stage.world.story().setTextSettings(settings);
    stage.startScene("scene");
    stage.ticks(2);
    EXPECT_EQ(cueOrder(stage), "signal=one signal=two ");
}

TEST(MarkupTyping, the_players_first_press_completes_the_line_and_fires_the_rest_in_order) {
    Stage stage(R"(
function scene()
    text("jon", "a{signal=one}bcdefghijklmnopqrstuvwxyz{w=5}{signal=two}ABCDEFG{signal=three}")
end)",
                1, {}, false);
    stage.startScene("scene");
    stage.ticks(3);  // "a" is typed: the first signal went
    EXPECT_EQ(cueOrder(stage), "signal=one ");
    stage.world.story().advancePressed();
    stage.ticks(1);
    EXPECT_EQ(cueOrder(stage), "signal=one signal=two signal=three ");
    EXPECT_TRUE(stage.world.story().currentLine()->typed);
}

TEST(MarkupTyping, w_stops_the_typewriter_until_the_player_presses) {
    Stage stage(R"(
function scene()
    text("jon", "Wait.{w} Go on.{signal=after}")
end)",
                1, {}, false);
    stage.startScene("scene");
    stage.ticks(120);
    EXPECT_EQ(cueOrder(stage), "w ");
    EXPECT_FLOAT_EQ(stage.world.story().currentLine()->charsShown, 5);
    stage.world.story().advancePressed();
    stage.ticks(60);
    EXPECT_EQ(cueOrder(stage), "w signal=after ");
}

// A press at a {w} mark lets the typewriter go on from the mark: over
// generated pages of letters, {w} marks, {w=S} pauses and signals, watched
// tick by tick with the player pressing at each mark after a while: no tick
// shows more than the typing speed adds (a press never shows the rest at
// once), a stop at a mark holds the text at the mark, a pause holds it for its
// seconds, and each signal fires on the tick the text reaches it, never before.
TEST(MarkupTyping, after_a_press_at_w_the_typewriter_goes_on_from_the_mark_over_generated_pages) {
    struct Tag {
        enum Kind { Mark, Pause, Signal } kind;
        float at;  // in letters of the plain text
        std::string name;
    };
    struct Page {
        std::string source;
        float length = 0;
        std::vector<Tag> tags;
    };
    std::mt19937 random(64);
    auto pick = [&](int low, int high) { return std::uniform_int_distribution<int>(low, high)(random); };
    for (int round = 0; round < 6; ++round) {
        std::vector<Page> pages(4);
        std::string script = "function scene()\n";
        int signals = 0;
        for (Page& page : pages) {
            for (int segment = pick(2, 5); segment > 0; --segment) {
                for (int n = pick(2, 9); n > 0; --n) page.source += static_cast<char>('a' + pick(0, 25));
                if (segment == 1) break;  // the page ends on letters: a mark at its end is another rule
                switch (pick(0, 2)) {
                    case 0: page.tags.push_back({Tag::Mark, 0, ""}), page.source += "{w}"; break;
                    case 1: page.tags.push_back({Tag::Pause, 0, ""}), page.source += "{w=0.25}"; break;
                    default:
                        page.tags.push_back({Tag::Signal, 0, "s" + std::to_string(++signals)});
                        page.source += "{signal=" + page.tags.back().name + "}";
                }
            }
            // The plain text's length, and each tag's place in it.
            float letters = 0;
            std::size_t tag = 0;
            for (std::size_t i = 0; i < page.source.size(); ++i) {
                if (page.source[i] != '{') {
                    ++letters;
                    continue;
                }
                page.tags[tag++].at = letters;
                i = page.source.find('}', i);
            }
            page.length = letters;
            script += "    text(\"jon\", \"" + page.source + "\")\n";
        }
        script += "end\n";
        SCOPED_TRACE(script);
        Stage stage(script, 1, {}, false);
        stage.startScene("scene");
        Story& story = stage.world.story();
        const float perTick = story.textSettings().charsPerSecond / 60.0f;
        int page = -1, lastId = -1, waitedAtMark = 0, pressAfter = 0;
        float shownBefore = 0;
        std::vector<int> held;  // ticks the text stood still at each tag of the page
        // A {w=0.25} holds the text for 15 ticks: the tick it is reached spends the rest of its time there.
        auto expectPausesHeld = [&] {
            if (page < 0) return;
            for (std::size_t i = 0; i < pages[page].tags.size(); ++i)
                if (pages[page].tags[i].kind == Tag::Pause) {
                    EXPECT_TRUE(held[i] >= 13 && held[i] <= 16)
                        << "page " << page << ": the pause at letter " << pages[page].tags[i].at << " held " << held[i]
                        << " ticks, not 15";
                }
        };
        for (int tick = 0; tick < 60 * 120 && stage.sceneStatus.empty(); ++tick) {
            const auto& line = story.currentLine();
            if (line && line->id != lastId) {
                expectPausesHeld();
                lastId = line->id, ++page, shownBefore = 0;
                if (page < static_cast<int>(pages.size())) held.assign(pages[page].tags.size(), 0);
            }
            if (line && (line->waitsAtMark || line->typed) && ++waitedAtMark > pressAfter) {
                story.advancePressed();  // at a mark: type on; at a typed page: turn it
                waitedAtMark = 0, pressAfter = pick(0, 20);
            }
            stage.ticks(1);
            const auto& now = story.currentLine();
            if (!now || now->id != lastId || page >= static_cast<int>(pages.size())) continue;
            const Page& p = pages[page];
            const float shown = now->charsShown;
            ASSERT_LE(shown - shownBefore, perTick + 1e-3f)
                << "page " << page << ": " << shownBefore << " letters shown, then " << shown << " a tick later";
            ASSERT_GE(shown, shownBefore) << "page " << page;
            if (now->typed) {
                ASSERT_FLOAT_EQ(shown, p.length) << "page " << page << " typed before its end";
            }
            for (std::size_t i = 0; i < p.tags.size(); ++i) {
                const Tag& t = p.tags[i];
                if (t.kind == Tag::Signal) {
                    bool fired = false;
                    for (const auto* e : stage.events("cue"))
                        fired = fired || (e->field("name") && *e->field("name") == t.name);
                    ASSERT_EQ(fired, shown >= t.at) << "page " << page << ": " << t.name << " at letter " << t.at
                                                    << " with " << shown << " letters shown";
                }
                if (t.kind == Tag::Mark && now->waitsAtMark && shown >= t.at && shown < t.at + perTick) {
                    ASSERT_FLOAT_EQ(shown, t.at) << "page " << page << ": stopped off its mark";
                }
                if (shown == t.at && shown == shownBefore && !now->waitsAtMark) ++held[i];
            }
            shownBefore = shown;
        }
        expectPausesHeld();
        EXPECT_EQ(page, static_cast<int>(pages.size()) - 1) << "every page was shown";
        int marks = 0, pauses = 0;
        for (const Page& p : pages)
            for (const Tag& t : p.tags) marks += t.kind == Tag::Mark, pauses += t.kind == Tag::Pause;
        EXPECT_EQ(cueTimes(stage, "w").size(), static_cast<std::size_t>(marks + pauses))
            << "each mark and pause met once";
    }
}

// The typewriter against a timeline worked out here, over generated pages:
// letters at the player's speed (45 a second), {speed=F} and {cps=N} parts at
// theirs, {instant} parts at once, a {w=S} holding for its seconds, a {w}
// holding until the press (made a few ticks after the stop is seen), and
// signals firing as they are reached. The timeline is reckoned from the page
// as generated, not from the parse, in seconds since typing began: after the
// i-th tick of typing, what is shown and what has fired is the timeline's at
// (i + 1) / 60. Ticks that end within a hair of a change are not compared:
// there, float rounding may fairly land either side.
TEST(MarkupTyping, the_typewriter_follows_the_timeline_of_generated_pages_tick_by_tick) {
    struct Piece {
        enum Kind { Letters, Mark, Pause, Signal } kind;
        int letters = 0;
        double rate = 0;  // letters a second; 0: at once
        double seconds = 0;
        std::string name;
    };
    // From one start (a press, or the page's first tick) to the next mark or the page's end.
    struct Timeline {
        std::vector<std::pair<double, double>> points;  // (seconds, letters shown): straight between
        std::vector<double> signalTimes;
        std::vector<double> changes;  // every time something starts or stops
        std::size_t next = 0;         // the piece after the mark that ends it (pieces.size(): none)
        double shownAt(double t) const {
            double shown = points.front().second;
            for (std::size_t i = 0; i < points.size(); ++i) {
                if (points[i].first > t) {
                    const auto& [t0, s0] = points[i - 1];
                    const auto& [t1, s1] = points[i];
                    return s0 + (s1 - s0) * (t - t0) / (t1 - t0);
                }
                shown = points[i].second;
            }
            return shown;
        }
    };
    auto reckon = [](const std::vector<Piece>& pieces, std::size_t from, double t, double shown) {
        Timeline line;
        line.points.push_back({t, shown});
        line.changes.push_back(t);
        std::size_t i = from;
        for (; i < pieces.size() && pieces[i].kind != Piece::Mark; ++i) {
            const Piece& p = pieces[i];
            if (p.kind == Piece::Letters) t += p.rate > 0 ? p.letters / p.rate : 0, shown += p.letters;
            if (p.kind == Piece::Pause) t += p.seconds;
            if (p.kind == Piece::Signal) line.signalTimes.push_back(t);
            line.points.push_back({t, shown});
            line.changes.push_back(t);
        }
        line.next = i < pieces.size() ? i + 1 : i;
        return line;
    };
    std::mt19937 random(2064);
    auto pick = [&](int low, int high) { return std::uniform_int_distribution<int>(low, high)(random); };
    const double tick = 1.0 / 60;
    for (int round = 0; round < 30; ++round) {
        std::vector<Piece> pieces;
        std::string source;
        for (int part = pick(3, 8); part > 0; --part) {
            Piece letters{Piece::Letters, pick(1, 12), 45.0, 0, ""};
            std::string word;
            for (int n = 0; n < letters.letters; ++n) word += static_cast<char>('a' + pick(0, 25));
            switch (pick(0, 4)) {
                case 0: {
                    const char* factor = pick(0, 1) ? "0.5" : "2.5";
                    source += std::string("{speed=") + factor + "}" + word + "{/speed}";
                    letters.rate = 45.0 * std::stod(factor);
                    break;
                }
                case 1: {
                    int cps = pick(0, 1) ? 12 : 150;
                    source += "{cps=" + std::to_string(cps) + "}" + word + "{/cps}";
                    letters.rate = cps;
                    break;
                }
                case 2:
                    source += "{instant}" + word + "{/instant}";
                    letters.rate = 0;
                    break;
                default: source += word;
            }
            pieces.push_back(letters);
            if (part == 1) {  // the page ends on letters, or on a pause (a mark at the end is another rule)
                if (pick(0, 2) == 0) pieces.push_back({Piece::Pause, 0, 0, 0.3, ""}), source += "{w=0.3}";
                break;
            }
            switch (pick(0, 3)) {
                case 0: pieces.push_back({Piece::Mark, 0, 0, 0, ""}), source += "{w}"; break;
                case 1: {
                    int tenths = pick(1, 6);
                    pieces.push_back({Piece::Pause, 0, 0, tenths / 10.0, ""});
                    source += "{w=0." + std::to_string(tenths) + "}";
                    break;
                }
                case 2: {
                    std::string name = "r" + std::to_string(round) + "s" + std::to_string(pieces.size());
                    pieces.push_back({Piece::Signal, 0, 0, 0, name});
                    source += "{signal=" + name + "}";
                    break;
                }
                default: break;  // letters run on
            }
        }
        SCOPED_TRACE(source);
        Stage stage("function scene()\n    text(\"jon\", \"" + source + "\")\nend\n", 1, {}, false);
        stage.startScene("scene");
        Story& story = stage.world.story();
        ASSERT_FLOAT_EQ(story.textSettings().charsPerSecond, 45) << "the player's speed the timeline assumes";
        auto signalsFired = [&] {
            std::size_t n = 0;
            for (const auto* e : stage.events("cue")) n += *e->field("tag") == "signal";
            return n;
        };
        ASSERT_TRUE(story.currentLine());
        Timeline line = reckon(pieces, 0, 0, 0);
        std::size_t firedBefore = 0;  // signals fired before this timeline's start
        int ticks = 0, waited = 0, pressAfter = pick(0, 8);
        std::ostringstream seen;
        while (!story.currentLine()->typed && ticks < 60 * 60) {
            if (story.currentLine()->waitsAtMark && ++waited > pressAfter) {
                story.advancePressed();  // types on from the start of the coming tick
                firedBefore = signalsFired();
                line = reckon(pieces, line.next, ticks * tick, story.currentLine()->charsShown);
                waited = 0, pressAfter = pick(0, 8);
            }
            stage.ticks(1);
            ++ticks;
            const double now = ticks * tick;
            const float shown = story.currentLine()->charsShown;
            seen << "tick " << ticks << ": " << shown << " shown, the timeline " << line.shownAt(now) << "\n";
            if (std::any_of(line.changes.begin(), line.changes.end(),
                            [&](double t) { return std::abs(t - now) < 1e-4; }))
                continue;
            ASSERT_NEAR(shown, line.shownAt(now), 0.02) << seen.str();
            const auto due =
                std::count_if(line.signalTimes.begin(), line.signalTimes.end(), [&](double t) { return t <= now; });
            ASSERT_EQ(signalsFired(), firedBefore + due) << "signals fired by tick " << ticks << "\n" << seen.str();
        }
        ASSERT_TRUE(story.currentLine()->typed) << "the page never finished typing\n" << seen.str();
        EXPECT_EQ(line.next, pieces.size()) << "typed with a mark still ahead\n" << seen.str();
        EXPECT_NEAR(ticks * tick, line.points.back().first, tick + 1e-4) << "typed at another time\n" << seen.str();
    }
}

// Headless (transcripts, screenshots, --timeline) nobody is there to press:
// a {w} mark does not stop the typewriter, and the pages turn themselves.
TEST(MarkupTyping, headless_a_w_mark_does_not_stop_the_typewriter) {
    Stage stage(R"(
function scene()
    text("jon", "Wait.{w} Go on.{signal=after}")
    text("jon", "Next.")
end)");
    stage.startScene("scene");
    stage.ticks(600);
    EXPECT_EQ(cueOrder(stage), "signal=after ");
    EXPECT_FALSE(stage.sceneStatus.empty()) << "the scene ended";
}

TEST(MarkupTyping, face_changes_the_speakers_portrait_when_reached) {
    Stage stage(R"(
function scene()
    portrait("maren", "keeper")
    dialogue("maren", "Fine.{face=worried} Mostly.")
    expression("maren", nil)
end)");
    stage.startScene("scene");
    stage.ticks(5);
    EXPECT_EQ(Cast::portraitImage(*stage.world.cast().findActor("maren")), "keeper");
    stage.ticks(5);  // "Fine." is 5 letters: reached after 0.11 s
    EXPECT_EQ(Cast::portraitImage(*stage.world.cast().findActor("maren")), "keeper_worried");
    stage.ticks(300);
    EXPECT_EQ(Cast::portraitImage(*stage.world.cast().findActor("maren")), "keeper");
}

TEST(MarkupTyping, the_line_id_is_in_the_transcript_and_never_shown) {
    Stage stage(R"(function scene() dialogue("jon", "Hello.{#jon.hello}") end)");
    stage.startScene("scene");
    auto lines = stage.events("line");
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(*lines[0]->field("text"), "Hello.");
    EXPECT_EQ(*lines[0]->field("id"), "jon.hello");
}

// --- Errors at the author's line ----------------------------------------

TEST(MarkupErrors, a_markup_error_is_an_error_at_the_authors_line_for_every_kind_of_text) {
    const char* const cases[][2] = {
        {"dialogue('jon', 'x {wiggle}y{/wiggle}')", ":3: dialogue: text: unknown tag {wiggle}"},
        {"text('{b}x')", ":3: text: text: {b} is not closed"},
        {"say('jon', '{color=red}x{/color}')", ":3: say: text: {color} needs #rgb or #rrggbb, not 'red'"},
        {"sayFor('jon', 'a{w}b', 1)", ":3: sayFor: text: {w} is for lines and pages"},
        {"banner('{size=1000}BIG{/size}')", ":3: banner: text: {size} needs a number from 6 to 200"},
        {"option('{wave}x', 'scene'); menu()", ":3: menu: an option's text: {wave} is not closed"},
        {"dialogue('jon', '{sound=nosuch}')", ":3: dialogue: {sound=nosuch}: no sound named 'nosuch'"},
        {"dialogue(nil, '{face=worried}x')", ":3: dialogue: {face=worried} needs a speaker with a portrait"},
        {"dialogue('jon', '{face=worried}x')", ":3: dialogue: jon has no portrait"},
        {"portrait('maren', 'keeper'); expression('maren', 'angry')", ":3: expression: unknown expression 'angry'"},
    };
    for (const auto& c : cases) {
        Stage stage(std::string("function scene()\n    -- the call is on line 3\n    ") + c[0] + "\nend");
        stage.startScene("scene");
        ASSERT_EQ(stage.events("error").size(), 1u) << c[0];
        const std::string& message = *stage.events("error")[0]->field("message");
        EXPECT_NE(message.find(c[1]), std::string::npos) << message;
    }
}

// --- The drawn frame ---------------------------------------------------------

namespace {
constexpr int kMarkupWidth = 1280, kMarkupHeight = 720;

struct MarkupRender : test::RenderFixture<kMarkupWidth, kMarkupHeight> {
    std::vector<std::uint8_t> frame(Stage& stage, const ViewOverlay& overlay = ViewOverlay{}) {
        OffscreenTarget target(kMarkupWidth, kMarkupHeight);
        target.bind();
        glClearColor(0, 0, 0, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        ViewLayout layout = ViewLayout::fit(kMarkupWidth, kMarkupHeight);
        layout.applyViewport();
        view->draw(stage.world, layout, overlay);
        return target.readRgb();
    }
    // A menu stays up (no answer given), so its options can be drawn at any time.
    static std::unique_ptr<Stage> menuOf(const std::string& option, bool still = false) {
        auto stage = std::make_unique<Stage>("function scene() option('" + option + "', 'scene') menu() end", 1,
                                             std::vector<int>{});
        TextSettings settings = stage->world.story().textSettings();
        settings.menusWaitForAnswers = true;
        settings.stillMotion = still;
        stage->world.story().setTextSettings(settings);
        stage->startScene("scene");
        return stage;
    }
};

int countPixels(const std::vector<std::uint8_t>& rgb, bool (*test)(int r, int g, int b)) {
    int count = 0;
    for (int y = 400; y < kMarkupHeight; ++y)  // the box's part of the view
        for (int x = 0; x < kMarkupWidth; ++x) {
            const std::uint8_t* p = &rgb[(static_cast<std::size_t>(y) * kMarkupWidth + x) * 3];
            count += test(p[0], p[1], p[2]);
        }
    return count;
}
bool isRed(int r, int g, int b) {
    return r > 180 && g < 70 && b < 70;
}
// The box's rows (below the scene) differ between two frames.
bool boxesDiffer(const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b) {
    std::size_t from = static_cast<std::size_t>(400) * kMarkupWidth * 3;
    return !std::equal(a.begin() + static_cast<long>(from), a.end(), b.begin() + static_cast<long>(from));
}
}  // namespace

TEST_F(MarkupRender, a_coloured_word_is_drawn_in_its_colour) {
    auto red = menuOf("A {color=#ff0000}RED WORD{/color} here");
    auto plain = menuOf("A RED WORD here");
    EXPECT_GT(countPixels(frame(*red), isRed), 150);
    EXPECT_EQ(countPixels(frame(*plain), isRed), 0);
}

TEST_F(MarkupRender, waving_letters_move_with_scene_time_and_are_the_same_at_the_same_time) {
    auto first = menuOf("{wave}Waves on the sea{/wave}");
    auto second = menuOf("{wave}Waves on the sea{/wave}");
    first->ticks(12);
    second->ticks(12);
    auto atA = frame(*first), againAtA = frame(*second);
    EXPECT_FALSE(boxesDiffer(atA, againAtA)) << "two runs drew the same time differently";
    first->ticks(6);  // 0.1 s later
    EXPECT_TRUE(boxesDiffer(atA, frame(*first))) << "the letters did not move";
}

TEST_F(MarkupRender, shaking_letters_move_with_scene_time) {
    auto stage = menuOf("{shake}WHAT?{/shake}");
    stage->ticks(12);
    auto before = frame(*stage);
    stage->ticks(6);
    EXPECT_TRUE(boxesDiffer(before, frame(*stage)));
}

TEST_F(MarkupRender, still_motion_draws_waving_and_shaking_letters_still) {
    auto stage = menuOf("{wave}Waves{/wave} and {shake}shakes{/shake}", true);
    stage->ticks(12);
    auto before = frame(*stage);
    stage->ticks(6);
    EXPECT_FALSE(boxesDiffer(before, frame(*stage)));
    // Still is where plain letters would be.
    auto plain = menuOf("Waves and shakes");
    plain->ticks(18);
    EXPECT_FALSE(boxesDiffer(frame(*plain), frame(*stage)));
}

// The player's "reduce flashes and shakes" (the pause overlay) stills letters too.
TEST_F(MarkupRender, reduce_flashes_and_shakes_draws_moving_letters_still) {
    auto stage = menuOf("{wave}Waves{/wave} and {shake}shakes{/shake}");
    ViewOverlay reduced;
    reduced.reduceFlashes = true;
    stage->ticks(12);
    auto before = frame(*stage, reduced);
    stage->ticks(6);
    EXPECT_FALSE(boxesDiffer(before, frame(*stage, reduced)));
    EXPECT_TRUE(boxesDiffer(before, frame(*stage))) << "without the setting the letters move";
}

// "Reduce flashes and shakes" holds moving letters still wherever text is
// drawn: an option, a dialogue line, a page, a speech bubble and a banner, each
// drawn with {wave} and {shake} parts, is at two moments the same frame as the
// same words without the tags; without the setting it is not.
TEST_F(MarkupRender, reduce_flashes_and_shakes_holds_moving_letters_still_in_every_kind_of_text) {
    const std::string moving = "{wave}Waves{/wave} and {shake}shakes{/shake}", plain = "Waves and shakes";
    const std::map<std::string, std::string> kinds = {
        {"option", "option('TEXT', 'scene') menu()"},
        {"dialogue line", "dialogue('jon', 'TEXT')"},
        {"page", "text('jon', 'TEXT')"},
        {"speech bubble",
         "setCameraCenter({x = 640, y = 360}) activate('jon') setPosition('jon', {x = 640, y = 420}) "
         "say('jon', 'TEXT') wait(10)"},
        {"banner", "banner('TEXT', 10) wait(10)"},
    };
    ViewOverlay reduced;
    reduced.reduceFlashes = true;
    for (const auto& [kind, call] : kinds) {
        auto staged = [&, call = call](const std::string& text) {
            std::string body = call;
            body.replace(body.find("TEXT"), 4, text);
            auto stage = std::make_unique<Stage>("function scene() " + body + " end", 1, std::vector<int>{}, false);
            TextSettings settings = stage->world.story().textSettings();
            settings.menusWaitForAnswers = true;
            stage->world.story().setTextSettings(settings);
            stage->startScene("scene");
            return stage;
        };
        auto tagged = staged(moving), untagged = staged(plain);
        bool movesWithoutTheSetting = false;
        for (int ticks : {48, 7}) {  // typed out by then; then a moment later
            tagged->ticks(ticks), untagged->ticks(ticks);
            EXPECT_TRUE(frame(*tagged, reduced) == frame(*untagged, reduced))
                << kind << ": with the setting on, moving letters are not drawn where still ones are";
            movesWithoutTheSetting = movesWithoutTheSetting || frame(*tagged) != frame(*untagged);
        }
        EXPECT_TRUE(movesWithoutTheSetting) << kind << ": the letters do not move without the setting";
    }
}

// The "(A to B)" that docs/API.md's markup table states for the tag opened by
// `open`: in the tag's row, after the words that name its form ("a factor `*F`").
std::pair<double, double> documentedRange(const std::string& open) {
    const std::map<std::string, std::string> formWords = {{"{size=", "absolute "},
                                                          {"{size=+", "`\\+N` or `-N` "},
                                                          {"{size=-", "`\\+N` or `-N` "},
                                                          {"{size=*", "`\\*F` "}};
    const std::string rowStart = open.substr(0, open.find('=') + 1);
    const auto words = formWords.find(open);
    const std::regex stated((words == formWords.end() ? "" : words->second) + R"(\((-?[0-9.]+) to (-?[0-9.]+)\))");
    std::ifstream in(test::dataRoot() + "/docs/API.md", std::ios::binary);
    for (std::string row; std::getline(in, row);) {
        std::smatch range;
        if (row.rfind("| `" + rowStart, 0) == 0 && std::regex_search(row, range, stated))
            return {std::stod(range[1]), std::stod(range[2])};
    }
    ADD_FAILURE() << "docs/API.md's markup table states no (A to B) for " << open;
    return {0, 0};
}

// Every numeric tag against its own message: a value out of range is refused
// with "needs a number from A to B", and then A and B themselves are taken and
// a step past either is refused with that same message. The range is read
// from the reader's words, so a bound and the message that states it cannot
// drift apart, and a slip of < for <= at either end shows. Each form's range
// is also what docs/API.md's table promises the author.
TEST(Markup, every_numeric_tag_takes_the_ends_its_message_names_and_refuses_a_step_past) {
    const std::vector<std::pair<std::string, std::string>> tags = {
        {"{speed=", "}x{/speed}"}, {"{cps=", "}x{/cps}"},    {"{w=", "}x"},           {"{size=", "}x{/size}"},
        {"{size=+", "}x{/size}"},  {"{size=-", "}x{/size}"}, {"{size=*", "}x{/size}"}};
    const std::regex stated(R"(needs a number from (-?[0-9.]+) to (-?[0-9.]+), not)");
    for (const auto& [open, close] : tags) {
        const std::string message = errorOf(open + "100000" + close);
        std::smatch range;
        ASSERT_TRUE(std::regex_search(message, range, stated)) << open << ": " << message;
        const double low = std::stod(range[1]), high = std::stod(range[2]);
        EXPECT_EQ(documentedRange(open), std::make_pair(low, high))
            << open << "'s message names " << low << " to " << high << ", docs/API.md another range";
        const double step = 1e-3;
        auto written = [](double v) {
            std::ostringstream out;
            out.precision(17);
            out << v;
            return out.str();
        };
        for (double end : {low, high}) {
            std::string error;
            EXPECT_TRUE(text::parseMarkup(open + written(end) + close, text::MarkupPlace::Typed, error))
                << open << written(end) << close << " is an end of the range its message names: " << error;
        }
        for (double past : {low - step, high + step}) {
            if (past < 0 && open.back() != '=') continue;  // "+-0.001" is not a number a reader would write
            const std::string refused = errorOf(open + written(past) + close);
            EXPECT_NE(refused.find(range[0].str().substr(0, range[0].length() - 4)), std::string::npos)
                << open << written(past) << close << ": " << refused;
        }
    }
}

// {size} spans nested as an author nests them, against a model that reads the
// docs: an absolute size sets it, a step adds or takes away, a factor
// multiplies the size around it, and what is drawn is held within 6 to 200.
// Over generated nestings of one to four spans of every form, each letter's
// size for boxes of several sizes.
TEST(Markup, nested_sizes_follow_the_size_around_them_as_the_docs_read) {
    std::mt19937 random(61);
    for (int round = 0; round < 300; ++round) {
        struct Span {
            char how;  // 0 absolute, '+', '-', '*'
            double n;
        };
        std::vector<Span> spans;
        std::string open, close;
        for (int depth = 1 + static_cast<int>(random() % 4); depth > 0; --depth) {
            const char forms[] = {0, '+', '-', '*'};
            const Span s = {forms[random() % 4], 0};
            const double n = s.how == 0 ? 6 + random() % 60 : s.how == '*' ? (1 + random() % 30) / 10.0 : random() % 20;
            spans.push_back({s.how, n});
            std::ostringstream tag;
            tag << "{size=" << (s.how ? std::string(1, s.how) : "") << n << "}";
            open += tag.str() + "x";
            close += "{/size}";
        }
        std::string error;
        const auto marked = text::parseMarkup(open + close, text::MarkupPlace::Typed, error);
        ASSERT_TRUE(marked) << open << close << ": " << error;
        for (float base : {10.0f, 24.0f, 60.0f}) {
            double size = base;
            for (std::size_t i = 0; i < spans.size(); ++i) {
                const Span& s = spans[i];
                size = s.how == 0 ? s.n : s.how == '+' ? size + s.n : s.how == '-' ? size - s.n : size * s.n;
                const double drawn = std::clamp(size, 6.0, 200.0);
                const auto& style = marked->styles[marked->styleOf[i]];
                EXPECT_NEAR(style.sizeFor(base), drawn, 1e-3)
                    << open << close << ": letter " << i << " in a box of " << base;
            }
        }
    }
}

// A colour written down reads back as that colour, however its hex digits are
// cased (as CSS and every paint program write them), in the long form and the
// short one; and a digit that is not hex anywhere in it is refused by name.
TEST(Markup, over_generated_colours_in_any_case_a_colour_tag_reads_back_as_its_value) {
    std::mt19937 random(45);
    const std::string digits = "0123456789abcdef";
    const std::string notHex = "gGzZ-x ";
    for (int round = 0; round < 300; ++round) {
        bool shortForm = round % 3 == 0;
        std::uint32_t expected = 0;
        std::string value = "#";
        for (int i = 0; i < (shortForm ? 3 : 6); ++i) {
            int digit = static_cast<int>(random() % 16);
            char c = digits[static_cast<std::size_t>(digit)];
            value += random() % 2 ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
            expected = expected << 4 | static_cast<std::uint32_t>(digit);
            if (shortForm) expected = expected << 4 | static_cast<std::uint32_t>(digit);
        }
        SCOPED_TRACE(value);
        auto t = parsed("{color=" + value + "}x{/color}");
        ASSERT_TRUE(t);
        EXPECT_EQ(t->styles[t->styleOf[0]].rgb, expected);
        std::string broken = value;
        broken[1 + random() % (broken.size() - 1)] = notHex[random() % notHex.size()];
        EXPECT_NE(errorOf("{color=" + broken + "}x{/color}").find("{color} needs #rgb or #rrggbb"), std::string::npos)
            << broken;
    }
}

// ---------------------------------------------------------------------------
// One grammar, two readers: the parser and the source reader's twin
// (eventTags and lineIdOf in scripts/SceneSource.lua, which --check, --strings
// and the tagger read a script's texts with) held to the same answers.

namespace {

struct SharedCase {
    int line = 0;
    std::string text, id, events;  // id "refused": the parser refuses the text
};

// tests/conformance/markup_events.txt, which spec/markup_conformance_spec.lua reads too.
std::vector<SharedCase> sharedCases() {
    std::ifstream in(test::dataRoot() + "/tests/conformance/markup_events.txt", std::ios::binary);
    std::vector<SharedCase> cases;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (line.empty() || line[0] == '#') continue;
        std::size_t first = line.find(" | "), second = line.find(" | ", first + 3);
        if (first == std::string::npos || second == std::string::npos) {
            ADD_FAILURE() << "markup_events.txt:" << number << ": not TEXT | ID | EVENTS";
            continue;
        }
        cases.push_back(
            {number, line.substr(0, first), line.substr(first + 3, second - first - 3), line.substr(second + 3)});
    }
    return cases;
}

// A parsed text's event cues as the file writes them: "signal=door sound=bell", or "-".
std::string eventsOf(const text::MarkedText& marked) {
    std::string out;
    for (const auto& cue : marked.cues)
        if (cue.kind == text::CueKind::Signal || cue.kind == text::CueKind::Sound || cue.kind == text::CueKind::Face)
            out += (out.empty() ? "" : " ") + std::string(cue.tag()) + "=" + cue.name;
    return out.empty() ? "-" : out;
}

// The source reader loaded in a plain Lua state, as the tools load it.
class SourceReaderTwin {
public:
    SourceReaderTwin() {
        L_ = lua_.get();
        std::string path = test::dataRoot() + "/scripts/SceneSource.lua";
        if (luaL_dofile(L_, path.c_str()) != 0) throw std::runtime_error(lua_tostring(L_, -1));
        module_ = luaL_ref(L_, LUA_REGISTRYINDEX);
    }
    // What the twin reads from `text`, in the file's words.
    std::string lineId(const std::string& text) {
        call("lineIdOf", text);
        std::string id = lua_isstring(L_, -1) ? lua_tostring(L_, -1) : "-";
        lua_settop(L_, 0);
        return id;
    }
    std::string events(const std::string& text) {
        call("eventTags", text);
        std::string out;
        for (int i = 1;; ++i) {
            lua_rawgeti(L_, -1, i);
            if (lua_isnil(L_, -1)) break;
            lua_getfield(L_, -1, "tag");
            lua_getfield(L_, -2, "name");
            out += (out.empty() ? "" : " ") + std::string(lua_tostring(L_, -2)) + "=" + lua_tostring(L_, -1);
            lua_pop(L_, 3);
        }
        lua_settop(L_, 0);
        return out.empty() ? "-" : out;
    }

private:
    void call(const char* function, const std::string& text) {
        lua_settop(L_, 0);
        lua_rawgeti(L_, LUA_REGISTRYINDEX, module_);
        lua_getfield(L_, -1, function);
        lua_remove(L_, 1);
        lua_pushlstring(L_, text.data(), text.size());
        if (lua_pcall(L_, 1, 1, 0) != 0) throw std::runtime_error(lua_tostring(L_, -1));
    }
    LuaState lua_;
    lua_State* L_ = nullptr;
    int module_ = LUA_NOREF;
};

}  // namespace

TEST(MarkupGrammar, the_parser_reads_each_shared_case_as_the_file_says) {
    auto cases = sharedCases();
    ASSERT_GE(cases.size(), 20u);
    for (const auto& c : cases) {
        SCOPED_TRACE("markup_events.txt:" + std::to_string(c.line) + ": " + c.text);
        std::string error;
        auto marked = text::parseMarkup(c.text, text::MarkupPlace::Typed, error);
        if (c.id == "refused") {
            EXPECT_FALSE(marked) << "accepted a text the file says is refused";
            continue;
        }
        ASSERT_TRUE(marked) << error;
        EXPECT_EQ(marked->lineId.empty() ? "-" : marked->lineId, c.id);
        EXPECT_EQ(eventsOf(*marked), c.events);
    }
}

// Texts put together at random from the pieces markup is made of (tags,
// escapes, stray braces) and from tags made up character by character, their
// names drawn from letters, digits, every character a name may hold and some it
// may not: for every text the parser accepts, the twin reads the same line ID
// and the same event tags.
TEST(MarkupGrammar, over_generated_texts_the_source_readers_twin_reads_what_the_parser_reads) {
    SourceReaderTwin twin;
    const std::vector<std::string> pieces = {"word ", "{{",  "{", "}",         "{b}",        "{/b}",
                                             "{w}",   "é",   " ", "{instant}", "{/instant}", "{w=0.5}",
                                             "{{#x}", "{#}", "=", "#",         "{speed=2}",  "{/speed}"};
    const std::vector<std::string> tagNames = {"signal", "sound", "face", "#", "Signal", "w", "b", "size"};
    const std::string nameCharacters = "ab1Z_.-_.-é {}=#/";
    std::mt19937 random(63);
    auto madeUpTag = [&] {
        const std::string& name = tagNames[random() % tagNames.size()];
        std::string tag = "{" + name + (name == "#" ? "" : "=");
        for (int n = static_cast<int>(random() % 6); n > 0; --n) {
            std::size_t at = random() % nameCharacters.size();
            if (static_cast<unsigned char>(nameCharacters[at]) >= 0x80) at &= ~std::size_t{1};  // é whole
            tag += static_cast<unsigned char>(nameCharacters[at]) >= 0x80 ? nameCharacters.substr(at, 2)
                                                                          : nameCharacters.substr(at, 1);
        }
        return tag + (random() % 8 ? "}" : "");
    };
    int accepted = 0, withEvents = 0;
    for (int round = 0; round < 40000; ++round) {
        std::string text;
        for (int n = 1 + static_cast<int>(random() % 6); n > 0; --n)
            text += random() % 2 ? madeUpTag() : pieces[random() % pieces.size()];
        std::string error;
        auto marked = text::parseMarkup(text, text::MarkupPlace::Typed, error);
        if (!marked) continue;
        ++accepted;
        withEvents += eventsOf(*marked) != "-";
        SCOPED_TRACE(text);
        EXPECT_EQ(twin.lineId(text), marked->lineId.empty() ? "-" : marked->lineId);
        EXPECT_EQ(twin.events(text), eventsOf(*marked));
    }
    EXPECT_GE(accepted, 2000) << "too few accepted texts to hold the twin to anything";
    EXPECT_GE(withEvents, 400) << "too few accepted texts with event tags";
}

TEST(MarkupGrammar, the_shared_cases_are_read_the_same_by_the_twin) {
    SourceReaderTwin twin;
    for (const auto& c : sharedCases()) {
        if (c.id == "refused") continue;
        SCOPED_TRACE("markup_events.txt:" + std::to_string(c.line) + ": " + c.text);
        EXPECT_EQ(twin.lineId(c.text), c.id);
        EXPECT_EQ(twin.events(c.text), c.events);
    }
}
