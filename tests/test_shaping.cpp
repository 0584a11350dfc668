// Shaping and layout for every script (render/TextShaper, text/RichText): each
// test fails when shaping, direction, fallback or line breaking is lost.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "RenderFixture.h"
#include "TestSupport.h"
#include "app/run/Simulation.h"
#include "game/MapCatalog.h"
#include "render/OffscreenTarget.h"
#include "render/TextShaper.h"
#include "render/Utf8.h"
#include "text/RichText.h"
#include "view/Palette.h"
#include "view/WorldView.h"

using namespace stagehand;

namespace {

constexpr int kShapingWidth = 1280, kShapingHeight = 720;

struct ShapingTest : test::RenderFixture<kShapingWidth, kShapingHeight> {
    int regular() { return atlas->font(FontFace::Regular, 24); }

    shaping::ShapedParagraph shape(const std::u32string& text) {
        return shaping::shapeParagraph(*atlas, text, std::vector<int>(text.size(), regular()));
    }
    std::vector<shaping::LineGlyph> line(const std::u32string& text) {
        auto p = shape(text);
        std::vector<shaping::LineGlyph> out;
        shaping::placeLine(p, 0, text.size(), out);
        return out;
    }
    // The left edge of the first glyph of code point `k`'s cluster.
    static float xOf(const std::vector<shaping::LineGlyph>& glyphs, std::uint32_t k) {
        for (const auto& g : glyphs)
            if (g.cluster == k) return g.x;
        ADD_FAILURE() << "no glyph for code point " << k;
        return -1;
    }

    std::unique_ptr<Simulation> scene(const std::string& name) {
        Simulation::Options options;
        options.dataRoot = test::dataRoot();
        options.scriptPath = test::dataRoot() + "/tests/scripts/shaping.lua";
        options.headless = true;
        options.menusWaitForAnswers = true;
        auto sim = std::make_unique<Simulation>(options);
        std::string error;
        EXPECT_TRUE(sim->startScene(name, error)) << error;
        return sim;
    }
    std::vector<std::uint8_t> render(Simulation& sim, OffscreenTarget& target) {
        target.bind();
        glClearColor(0, 0, 0, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        ViewLayout layout = ViewLayout::fit(kShapingWidth, kShapingHeight);
        layout.applyViewport();
        view->draw(sim.world(), layout, ViewOverlay{});
        return target.readRgb();
    }
    // White ink (the story's text) in the dialogue box's rows below its speaker's name.
    // (Bytes and plain pointers, not vector<bool>: the tests' code is built unoptimized, where a
    // bit's iterator is a call, and the typewriter's test spent 20 s in them under the sanitizers.)
    static std::vector<std::uint8_t> textInk(const std::vector<std::uint8_t>& rgb) {
        std::vector<std::uint8_t> ink(rgb.size() / 3, 0);
        const std::uint8_t* p = rgb.data() + std::size_t{560} * kShapingWidth * 3;
        std::uint8_t* out = ink.data() + std::size_t{560} * kShapingWidth;
        for (std::size_t i = 0, n = std::size_t{kShapingHeight - 560} * kShapingWidth; i < n; ++i, p += 3)
            out[i] = p[0] > 200 && p[1] > 200 && p[2] > 200;
        return ink;
    }
};

TEST_F(ShapingTest, an_arabic_word_is_drawn_in_its_joined_forms_not_its_isolated_ones) {
    const std::u32string word = U"سلام";  // seen, lam, alef, meem: seen and lam join on both sides
    auto joined = shape(word);
    ASSERT_EQ(joined.runs.size(), 1u);
    int differing = 0;
    for (std::uint32_t k = 0; k < 2; ++k) {  // seen (initial form), lam (medial form)
        auto alone = shape(word.substr(k, 1));
        ASSERT_EQ(alone.runs[0].glyphs.size(), 1u);
        for (const auto& g : joined.runs[0].glyphs)
            if (g.cluster == k && g.glyph != alone.runs[0].glyphs[0].glyph) ++differing;
    }
    EXPECT_EQ(differing, 2) << "seen and lam must take their joining forms";
    EXPECT_TRUE(joined.rightToLeft);
}

TEST_F(ShapingTest, an_arabic_words_first_letter_is_drawn_rightmost) {
    auto glyphs = line(U"سلام");  // lam and alef make one ligature: four letters, three glyphs
    ASSERT_GE(glyphs.size(), 3u);
    for (const auto& g : glyphs)
        if (g.cluster != 0) {
            EXPECT_GT(xOf(glyphs, 0), g.x) << "code point " << g.cluster;
        }
    EXPECT_GT(xOf(glyphs, 1), xOf(glyphs, 3));
}

TEST_F(ShapingTest, a_number_and_a_latin_name_inside_arabic_keep_their_left_to_right_order) {
    // "في 2024 قال George": the first word rightmost, then the number, then the verb, the name leftmost.
    const std::u32string text = U"في 2024 قال George";
    auto glyphs = line(text);
    for (std::uint32_t k = 3; k < 6; ++k) EXPECT_LT(xOf(glyphs, k), xOf(glyphs, k + 1)) << "digit " << k;
    EXPECT_GT(xOf(glyphs, 0), xOf(glyphs, 6)) << "the first word is right of the number";
    EXPECT_GT(xOf(glyphs, 3), xOf(glyphs, 8)) << "the number is right of the verb after it";
    for (std::uint32_t k = 12; k < 17; ++k) EXPECT_LT(xOf(glyphs, k), xOf(glyphs, k + 1)) << "letter " << k;
    EXPECT_LT(xOf(glyphs, 17), xOf(glyphs, 10)) << "the name ends the line on the left";
}

TEST_F(ShapingTest, a_number_with_separators_inside_arabic_reads_left_to_right_as_one_number) {
    // "the price 1,250.75 dinars": the number's digits, comma and point left to right, the words around it right to
    // left.
    const std::u32string text = U"السعر 1,250.75 دينار";
    auto glyphs = line(text);
    for (std::uint32_t k = 6; k < 13; ++k) EXPECT_LT(xOf(glyphs, k), xOf(glyphs, k + 1)) << "code point " << k;
    EXPECT_GT(xOf(glyphs, 0), xOf(glyphs, 13)) << "the first word stands right of the number";
    EXPECT_LT(xOf(glyphs, 15), xOf(glyphs, 6)) << "the last word stands left of it";
    auto times = line(U"الساعة 10:30");  // a time after Arabic words: 10:30, not 30:10
    EXPECT_LT(xOf(times, 7), xOf(times, 10));
}

TEST_F(ShapingTest, an_isolated_name_keeps_a_following_number_out_of_its_direction) {
    // "⁨גון⁩ - 3 reviews": a Hebrew name in first-strong isolates inside English. Without them
    // the number joins the name's right-to-left run and is drawn to its left.
    auto isolated = line(U"\u2068גון\u2069 - 3 reviews");
    EXPECT_GT(xOf(isolated, 8), xOf(isolated, 1)) << "the number stays right of the name";
    EXPECT_GT(xOf(isolated, 1), xOf(isolated, 3)) << "the name itself reads right to left";
    auto bare = line(U"גון - 3 reviews");
    EXPECT_LT(xOf(bare, 6), xOf(bare, 2)) << "(without isolates the number goes left of the name)";
    EXPECT_FALSE(shape(U"\u2067שלום\u2069 Hello").rightToLeft) << "a paragraph's direction skips isolates";
}

TEST_F(ShapingTest, an_arabic_paragraph_wraps_with_its_first_words_on_the_first_line_read_from_the_right) {
    Font font{regular(), 1.0f};
    const std::string sentence = "كان السلم هنا في الصباح ثم اختفى فجأة قبل الظهر";
    const float limit = text->width(font, "كان السلم هنا في") + 2;
    const auto& lines = text->wrap(font, sentence, limit);
    ASSERT_GE(lines.size(), 2u);
    EXPECT_EQ(lines[0].rfind("كان", 0), 0u) << "the first line holds the first word: " << lines[0];
    std::string joined;
    for (const auto& l : lines) {
        EXPECT_LE(text->width(font, l), limit + 1) << l;
        EXPECT_NE(l.front(), ' ');
        EXPECT_NE(l.back(), ' ');
        joined += (joined.empty() ? "" : " ") + l;
    }
    EXPECT_EQ(joined, sentence);
    auto first = line(shaping::decodeUtf8(lines[0]));
    EXPECT_GT(xOf(first, 0), xOf(first, 4)) << "each line reads from the right";
}

TEST_F(ShapingTest, a_flag_between_words_neither_aborts_the_line_breaker_nor_splits) {
    // libunibreak 1.1 aborts on a regional indicator (a flag's half); two flags may part, a flag's halves never.
    const std::u32string flags = U"go \U0001F1EF\U0001F1F5\U0001F1EB\U0001F1F7 now";
    std::vector<bool> may = shaping::lineStarts(flags);
    EXPECT_TRUE(may[3]) << "after the space";
    EXPECT_FALSE(may[4]) << "inside the first flag";
#ifdef STAGEHAND_HAVE_LIBUNIBREAK
    EXPECT_TRUE(may[5]) << "between the flags";
#else
    EXPECT_FALSE(may[5]) << "without libunibreak (LineBreakFallback.cpp) a line breaks between flags only at a space";
#endif
    EXPECT_FALSE(may[6]) << "inside the second flag";
}

TEST_F(ShapingTest, japanese_small_kana_and_closing_marks_never_start_a_line_though_unicode_allows_it) {
    const std::u32string text = U"ちょっと待って。";
    std::vector<bool> unicode = shaping::unicodeLineStarts(text), ours = shaping::lineStarts(text);
    EXPECT_TRUE(unicode[1]) << "libunibreak's normal breaking allows a break before ょ";
    EXPECT_FALSE(ours[1]) << "kinsoku does not";
    EXPECT_FALSE(ours[2]) << "nor before っ";
    EXPECT_FALSE(ours[7]) << "nor before 。";
    EXPECT_TRUE(ours[4]) << "before 待 it may";
}

TEST_F(ShapingTest, hebrew_runs_right_to_left_and_latin_alone_stays_left_to_right) {
    auto hebrew = line(U"שלום");
    EXPECT_GT(xOf(hebrew, 0), xOf(hebrew, 3));
    auto latin = line(U"Hello");
    EXPECT_LT(xOf(latin, 0), xOf(latin, 4));
    auto prefixed = line(U"ב-3");  // "on the 3rd": the letter, then the number to its left
    EXPECT_GT(xOf(prefixed, 0), xOf(prefixed, 1));
    EXPECT_GT(xOf(prefixed, 1), xOf(prefixed, 2));
    EXPECT_FALSE(shape(U"Hello, שלום").rightToLeft) << "the first strong letter decides";
    EXPECT_TRUE(shape(U"שלום, Hello").rightToLeft);
}

TEST_F(ShapingTest, a_devanagari_conjunct_and_a_combining_mark_are_one_cluster_each) {
    auto conjunct = shape(U"क्ष");  // ka, virama, ssa: one conjunct
    std::size_t glyphs = 0;
    for (const auto& run : conjunct.runs)
        for (const auto& g : run.glyphs) {
            EXPECT_EQ(g.cluster, 0u);
            ++glyphs;
        }
    EXPECT_LT(glyphs, 3u) << "the virama must not be drawn as a letter of its own";
    EXPECT_NE(atlas->faceOf(conjunct.fonts[0]), FontFace::Regular) << "DejaVu has no Devanagari";

    auto marked = line(U"e\u0301");  // e and a combining acute: drawn over the e
    auto plain = shape(U"e");
    auto withMark = shape(U"e\u0301");
    EXPECT_EQ(withMark.advance[0], plain.advance[0]) << "the mark adds no width";
    for (const auto& g : marked) EXPECT_EQ(g.cluster, 0u);
}

TEST_F(ShapingTest, characters_the_main_font_lacks_come_from_the_fallback_fonts_not_the_notdef_box) {
    const int font = regular();
    for (char32_t cp : {U'あ', U'見', U'。', U'ש', U'س', U'क'}) {
        int from = atlas->fontFor(font, cp);
        EXPECT_NE(from, font) << "U+" << std::hex << static_cast<int>(cp);
        EXPECT_TRUE(atlas->covers(from, cp)) << "U+" << std::hex << static_cast<int>(cp);
        // Drawn, it is not the .notdef box.
        const Glyph& drawn = atlas->glyph(font, cp);
        const Glyph& box = atlas->glyphByIndex(font, 0);
        EXPECT_FALSE(drawn.width == box.width && drawn.height == box.height && drawn.advance == box.advance)
            << "U+" << std::hex << static_cast<int>(cp);
    }
    for (char32_t cp : {U'A', U'é', U'Ж'}) EXPECT_EQ(atlas->fontFor(font, cp), font);
    auto dyslexic = atlas->font(FontFace::DyslexicRegular, 24);
    EXPECT_EQ(atlas->faceOf(atlas->fontFor(dyslexic, U'ס')), FontFace::Hebrew) << "with OpenDyslexic too";
}

TEST_F(ShapingTest, japanese_wraps_between_characters_within_the_width_and_no_line_starts_with_closing_marks) {
    Font font{regular(), 1.0f};
    const std::string sentence =
        "はしごが見当たらない。春からずっと物置の裏に立てかけてあったはずなのに、今朝になって「急に」消えてしまった。";
    const std::u32string closing = U"。、」）！？";
    int wrapped = 0;
    for (float width = 60; width < 700; width += 7) {
        const auto& lines = text->wrap(font, sentence, width);
        std::string joined;
        for (std::size_t i = 0; i < lines.size(); ++i) {
            const std::string& l = lines[i];
            joined += l;
            ASSERT_FALSE(l.empty()) << "width " << width;
            std::size_t at = 0;
            char32_t first = utf8::next(l, at);
            EXPECT_EQ(closing.find(first), std::u32string::npos) << "width " << width << " line " << i << ": " << l;
            std::u32string chars = shaping::decodeUtf8(l);
            EXPECT_NE(chars.back(), U'「') << "width " << width << " line " << i << " ends with an opening bracket";
            EXPECT_LE(text->width(font, l), width + 1) << "width " << width << " line " << i << ": " << l;
        }
        EXPECT_EQ(joined, sentence) << "no character lost or added at width " << width;
        if (lines.size() > 1) ++wrapped;
    }
    EXPECT_GT(wrapped, 50) << "a sentence with no spaces must still wrap";
}

TEST_F(ShapingTest, latin_still_breaks_at_spaces_only) {
    Font font{regular(), 1.0f};
    const auto& lines = text->wrap(font, "The ladder is gone again", text->width(font, "The ladder is") + 1);
    ASSERT_GT(lines.size(), 1u);
    for (const auto& l : lines) {
        EXPECT_NE(l.front(), ' ');
        EXPECT_NE(l.back(), ' ');
    }
    EXPECT_EQ(lines[0], "The ladder is");
}

TEST_F(ShapingTest, a_right_to_left_line_in_the_dialogue_box_is_right_aligned) {
    OffscreenTarget target(kShapingWidth, kShapingHeight);
    auto arabic = scene("arabicLine");
    for (int i = 0; i < 60; ++i) arabic->tick();
    auto ink = textInk(render(*arabic, target));
    int left = kShapingWidth, right = -1;
    for (int y = 560; y < kShapingHeight; ++y)
        for (int x = 0; x < kShapingWidth; ++x)
            if (ink[static_cast<std::size_t>(y) * kShapingWidth + x])
                left = std::min(left, x), right = std::max(right, x);
    const int boxRight = static_cast<int>(screen::kDialogueX + screen::kDialogueWidth);
    ASSERT_GE(right, 0) << "no text drawn";
    EXPECT_GT(right, boxRight - 60) << "the line ends near the box's right edge";
    EXPECT_GT(left, static_cast<int>(screen::kDialogueX) + 150) << "and does not start at its left";
}

namespace {
// Where the pixels of one colour lie in the dialogue box's band (y 560 and
// below): their count and their leftmost and rightmost x.
struct ColourSpan {
    int count = 0, left = 1 << 20, right = -1;
    double sumX = 0;
    double meanX() const { return count ? sumX / count : -1; }
};
ColourSpan spanOf(const std::vector<std::uint8_t>& rgb, int width, int height, Color c) {
    ColourSpan span;
    auto matches = [&](int x, int y) {
        const std::uint8_t* p = &rgb[(static_cast<std::size_t>(y) * width + x) * 3];
        return std::abs(p[0] - c.r) + std::abs(p[1] - c.g) + std::abs(p[2] - c.b) <= 12;
    };
    for (int y = 560; y < height; ++y) {
        int inRow = 0;
        for (int x = 0; x < width; ++x) inRow += matches(x, y);
        if (inRow > width / 3) continue;  // the box's top edge, drawn in the same colour
        for (int x = 0; x < width; ++x)
            if (matches(x, y))
                ++span.count, span.sumX += x, span.left = std::min(span.left, x), span.right = std::max(span.right, x);
    }
    return span;
}
}  // namespace

// A right-to-left line reads from the right: its speaker's name stands over
// the line's start, at the right; a right-to-left option's number and the
// selection's bar stand at the right of its row (a left-to-right one keeps
// them at the left).
TEST_F(ShapingTest, a_right_to_left_lines_speaker_option_numbers_and_selection_bar_stand_at_the_right) {
    OffscreenTarget target(kShapingWidth, kShapingHeight);
    auto arabic = scene("arabicLine");
    for (int i = 0; i < 60; ++i) arabic->tick();
    const Actor* george = arabic->world().cast().findActor("george");
    ASSERT_NE(george, nullptr);
    ColourSpan name = spanOf(render(*arabic, target), kShapingWidth, kShapingHeight, george->color);
    ASSERT_GT(name.count, 20) << "the speaker's name is drawn";
    // (the page's small marker, in the same colour, stands at the left)
    EXPECT_GT(name.meanX(), kShapingWidth * 0.75) << "over the right end of a right-to-left line";

    auto hebrew = scene("hebrewMenu");
    for (int i = 0; i < 60; ++i) hebrew->tick();
    ASSERT_TRUE(hebrew->world().story().currentMenu());
    ColourSpan marks = spanOf(render(*hebrew, target), kShapingWidth, kShapingHeight, palette::kAccent);
    ASSERT_GT(marks.count, 40) << "the first option's number and bar, in the accent colour";
    EXPECT_GT(marks.left, kShapingWidth / 2) << "the selected right-to-left option is marked at its right";
}

TEST_F(ShapingTest, the_typewriter_never_moves_a_glyph_already_shown) {
    OffscreenTarget target(kShapingWidth, kShapingHeight);
    for (const char* name : {"arabicTyped", "japaneseTyped"}) {
        auto sim = scene(name);
        std::vector<std::uint8_t> before;
        int steps = 0, halfwayInk = -1, finalInk = 0;
        for (int tick = 0; tick < 400; ++tick) {
            sim->tick();
            const auto& line = sim->world().story().currentLine();
            if (!line || line->charsShown < 1) continue;
            auto ink = textInk(render(*sim, target));
            if (!before.empty()) {
                int lost = 0;
                const std::uint8_t *was = before.data(), *now = ink.data();
                for (std::size_t i = 0, n = ink.size(); i < n; ++i) lost += was[i] && !now[i];
                EXPECT_LE(lost, 2) << name << ": shown ink moved at " << line->charsShown << " characters";
            }
            int inked = 0;
            for (const std::uint8_t *at = ink.data(), *end = at + ink.size(); at != end; ++at) inked += *at;
            if (halfwayInk < 0 && line->charsShown * 2 >= static_cast<float>(line->marked->length)) halfwayInk = inked;
            finalInk = inked;
            before = std::move(ink);
            ++steps;
            if (line->typed) break;
        }
        EXPECT_GT(steps, 10) << name << " must be typed over many frames";
        // Half the characters typed show some of the text, not none or all of it.
        EXPECT_GT(halfwayInk, finalInk / 5) << name;
        EXPECT_LT(halfwayInk, finalInk * 4 / 5) << name;
    }
}

}  // namespace

// An invariant over generated paragraphs (issue 45): Hebrew, Arabic and Latin
// words in random mixes, one or two paragraphs, wrapped at random widths.
// Every line of a right-to-left paragraph ends at the text's right edge (the
// widest line's), every line of a left-to-right one starts at its left edge,
// whichever line is shorter and whatever the other paragraph's direction.
TEST_F(ShapingTest, generated_paragraphs_keep_each_line_on_its_directions_edge_however_they_wrap) {
    const std::vector<std::vector<std::string>> words = {
        {"שלום", "עולם", "ספר", "בית", "ילד", "גדול", "אור", "הדלת", "נפתחה"},
        {"كان", "السلم", "هنا", "في", "الصباح", "ثم", "اختفى", "فجأة"},
        {"the", "door", "opens", "slowly", "at", "dawn", "and", "closes"}};
    text::RichText rich(*atlas, *batch);
    std::uint32_t state = 45;
    auto next = [&](std::uint32_t n) {
        state = state * 1664525u + 1013904223u;
        return (state >> 8) % n;
    };
    int checkedLines = 0;
    std::vector<std::shared_ptr<const text::MarkedText>> texts;
    for (int seed = 0; seed < 60; ++seed) {
        std::string source;
        const std::size_t paragraphs = 1 + next(2);
        for (std::size_t p = 0; p < paragraphs; ++p) {
            const auto& own = words[next(3)];
            if (p) source += "\n";
            const std::size_t count = 3 + next(10);
            for (std::size_t w = 0; w < count; ++w) {
                const auto& pool = next(5) == 0 ? words[next(3)] : own;  // now and then a word of another script
                if (w) source += " ";
                source += pool[next(static_cast<std::uint32_t>(pool.size()))];
            }
        }
        const float maxWidth = 80.0f + static_cast<float>(next(320));
        texts.push_back(text::plainText(source));  // kept: the cache knows a text by its address
        const text::TextLayout& layout = rich.layout(texts.back(), FontFace::Regular, 24, 1, maxWidth);
        ASSERT_FALSE(layout.lineTops.empty()) << source;
        const float widest = layout.width / layout.unitsPerPixel;
        std::vector<float> left(layout.lineTops.size(), 1e9f), right(layout.lineTops.size(), -1e9f);
        std::vector<int> endAligned(layout.lineTops.size(), -1);
        for (const text::PlacedGlyph& g : layout.glyphs) {
            // its line: the last whose top is above the glyph's baseline (a fallback font's top may stand higher)
            const float baseline = g.y + atlas->ascent(g.font);
            std::size_t line = 0;
            while (line + 1 < layout.lineTops.size() && layout.lineTops[line + 1] / layout.unitsPerPixel < baseline)
                ++line;
            left[line] = std::min(left[line], g.x);
            right[line] = std::max(right[line], g.x + atlas->glyphByIndex(g.font, g.glyph).advance);
            endAligned[line] = g.endAligned;
        }
        for (std::size_t line = 0; line < left.size(); ++line) {
            if (endAligned[line] < 0) continue;  // a line with no ink
            ++checkedLines;
            if (endAligned[line])
                EXPECT_NEAR(right[line], widest, 3.0f) << "right-to-left line " << line << " of: " << source;
            else
                EXPECT_NEAR(left[line], 0.0f, 1.0f) << "left-to-right line " << line << " of: " << source;
        }
    }
    EXPECT_GT(checkedLines, 120);
}

// Every line break starts a line, a blank line too: over generated texts of
// one to six lines, some of them empty, in a box wide enough that nothing
// wraps, the layout has one line per line written, each a line height below
// the one before, and the text is as tall as its lines.
TEST_F(ShapingTest, every_line_written_is_a_line_laid_out_a_blank_one_too) {
    text::RichText rich(*atlas, *batch);
    std::mt19937 random(62);
    const std::vector<std::string> lines = {"", "", "The door.", "שלום עולם", "كان هنا", "扉が開く"};
    std::vector<std::shared_ptr<const text::MarkedText>> texts;
    for (int round = 0; round < 60; ++round) {
        std::string source;
        const int count = 1 + static_cast<int>(random() % 6);
        for (int i = 0; i < count; ++i) source += (i ? "\n" : "") + lines[random() % lines.size()];
        if (source.find_first_not_of('\n') == std::string::npos) source += "x";  // a text of only breaks is empty
        texts.push_back(text::plainText(source));
        const text::TextLayout& layout = rich.layout(texts.back(), FontFace::Regular, 24, 1, 2000);
        ASSERT_EQ(layout.lineTops.size(), static_cast<std::size_t>(count)) << "'" << source << "'";
        const float step = count > 1 ? layout.lineTops[1] - layout.lineTops[0] : layout.height;
        EXPECT_GT(step, 20) << "'" << source << "'";
        for (int i = 1; i < count; ++i)
            EXPECT_NEAR(layout.lineTops[i] - layout.lineTops[i - 1], step, 0.5) << "'" << source << "', line " << i;
        EXPECT_NEAR(layout.height, step * count, 0.5 * count) << "'" << source << "'";
    }
}

// Which face draws a letter: the player's family (DejaVu Sans or OpenDyslexic)
// in its bold where {b} or the box asks for bold, its regular elsewhere; for
// every family and box face, plain and in {b}.
TEST_F(ShapingTest, bold_letters_keep_the_players_family_and_plain_ones_its_regular) {
    text::RichText rich(*atlas, *batch);
    std::vector<std::shared_ptr<const text::MarkedText>> texts;
    std::string error;
    texts.push_back(text::parseMarkup("a{b}b{/b}", text::MarkupPlace::Typed, error));
    ASSERT_TRUE(texts.back()) << error;
    for (FontFace box : {FontFace::Regular, FontFace::Bold, FontFace::DyslexicRegular, FontFace::DyslexicBold}) {
        const bool dyslexic = box == FontFace::DyslexicRegular || box == FontFace::DyslexicBold;
        const bool boxBold = box == FontFace::Bold || box == FontFace::DyslexicBold;
        const text::TextLayout& layout = rich.layout(texts.back(), box, 24, 1, 500);
        ASSERT_EQ(layout.glyphs.size(), 2u);
        for (const auto& glyph : layout.glyphs) {
            const bool bold = boxBold || glyph.index == 1;
            const FontFace want = dyslexic ? (bold ? FontFace::DyslexicBold : FontFace::DyslexicRegular)
                                           : (bold ? FontFace::Bold : FontFace::Regular);
            EXPECT_EQ(glyph.font, atlas->font(want, 24))
                << "box face " << static_cast<int>(box) << ", letter " << glyph.index;
        }
    }
}
