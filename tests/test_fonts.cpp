// Fonts for every script and style (render/GlyphAtlas, render/TextShaper,
// render/SystemFonts): bold and italic where a script has one weight, CJK
// punctuation from the CJK face, Chinese from the Chinese face, and the
// system's fonts (fontconfig) for what we ship no font for.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <iterator>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include <hb.h>

#include "RenderFixture.h"
#include "TestSupport.h"
#include "render/OffscreenTarget.h"
#include "render/SystemFonts.h"
#include "render/TextShaper.h"
#include "text/Markup.h"
#include "text/RichText.h"

using namespace stagehand;

namespace {

constexpr int kFontsWidth = 640, kFontsHeight = 200;

// What a drawn text's ink looks like: how much there is, how wide it spreads,
// and how far it leans.
struct Ink {
    double total = 0;
    int left = kFontsWidth, right = -1;
    double lean = 0;   // pixels the ink moves right per pixel up (a least-squares slope)
    double meanX = 0;  // where the ink stands: its centre, across
};

struct FontsTest : test::RenderFixture<kFontsWidth, kFontsHeight> {
    int regular() { return atlas->font(FontFace::Regular, 24); }
    int bold() { return atlas->font(FontFace::Bold, 24); }

    shaping::ShapedParagraph shape(const std::u32string& text, int font) {
        return shaping::shapeParagraph(*atlas, text, std::vector<int>(text.size(), font));
    }
    FontFace faceAt(const std::u32string& text, std::size_t k, int font = -1) {
        return atlas->faceOf(shape(text, font < 0 ? regular() : font).fonts[k]);
    }

    // `markup` drawn white on black at 48 pixels; its ink.
    Ink draw(const std::string& markup) {
        std::string error;
        auto marked = text::parseMarkup(markup, text::MarkupPlace::Shown, error);
        EXPECT_TRUE(marked) << error;
        if (!marked) return {};
        OffscreenTarget target(kFontsWidth, kFontsHeight);
        target.bind();
        glViewport(0, 0, kFontsWidth, kFontsHeight);
        glClearColor(0, 0, 0, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        text::RichText rich(*atlas, *batch);
        batch->begin(kFontsWidth, kFontsHeight);
        const auto& layout = rich.layout(marked, FontFace::Regular, 48, 1.0f, kFontsWidth - 40, 1.0f);
        rich.draw(layout, 20, 40, Color{255, 255, 255, 255}, std::numeric_limits<std::size_t>::max(), 0, true, false);
        batch->end();
        std::vector<std::uint8_t> rgb = target.readRgb();
        OffscreenTarget::unbind();
        Ink ink;
        double sum = 0, sumX = 0, sumY = 0;
        for (int y = 0; y < kFontsHeight; ++y)
            for (int x = 0; x < kFontsWidth; ++x) {
                double v = rgb[(static_cast<std::size_t>(y) * kFontsWidth + x) * 3] / 255.0;
                if (v <= 0) continue;
                ink.total += v;
                ink.left = std::min(ink.left, x), ink.right = std::max(ink.right, x);
                sum += v, sumX += v * x, sumY += v * y;
            }
        if (sum <= 0) return ink;
        // The least-squares slope of x against height: how far right the ink
        // moves for each pixel up (0 for upright ink, about kSlant for italic).
        double meanX = sumX / sum, meanY = sumY / sum, covariance = 0, variance = 0;
        ink.meanX = meanX;
        for (int y = 0; y < kFontsHeight; ++y)
            for (int x = 0; x < kFontsWidth; ++x) {
                double v = rgb[(static_cast<std::size_t>(y) * kFontsWidth + x) * 3] / 255.0;
                covariance += v * (x - meanX) * (meanY - y), variance += v * (meanY - y) * (meanY - y);
            }
        ink.lean = variance > 0 ? covariance / variance : 0;
        return ink;
    }
};

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    EXPECT_TRUE(in) << "cannot read " << path;
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

const char* const kOneWeightWords[] = {"سلام عليكم", "はしごを見た", "灯塔的日志"};

TEST_F(FontsTest, bold_in_a_one_weight_script_draws_emboldened_wider_and_darker) {
    for (const char* word : kOneWeightWords) {
        Ink plain = draw(word), strong = draw(std::string("{b}") + word + "{/b}");
        ASSERT_GT(plain.total, 100) << word << " is drawn";
        EXPECT_GT(strong.total, plain.total * 1.15) << word << ": bold has more ink";
        EXPECT_GT(strong.right - strong.left, plain.right - plain.left + 3) << word << ": bold is wider";
    }
}

TEST_F(FontsTest, an_emboldened_fallback_advances_as_wide_as_its_emboldened_glyphs) {
    for (const std::u32string& word : {std::u32string(U"سلام"), std::u32string(U"はしご"), std::u32string(U"灯塔")}) {
        auto plain = shape(word, regular()), strong = shape(word, bold());
        ASSERT_EQ(plain.runs.size(), 1u);
        ASSERT_EQ(strong.runs.size(), 1u);
        const int font = strong.runs[0].glyphs.front().font;
        EXPECT_TRUE(atlas->emboldened(font)) << "a bold text's fallback is emboldened";
        EXPECT_FALSE(atlas->emboldened(plain.runs[0].glyphs.front().font));
        ASSERT_GE(atlas->extraAdvance(font), 1.0f);
        for (std::size_t g = 0; g < strong.runs[0].glyphs.size(); ++g) {
            const auto& s = strong.runs[0].glyphs[g];
            const auto& p = plain.runs[0].glyphs[g];
            ASSERT_EQ(s.glyph, p.glyph);
            if (p.advance == 0) continue;  // a mark stays where it was put
            EXPECT_EQ(s.advance, p.advance + atlas->extraAdvance(font)) << "glyph " << g;
            EXPECT_NEAR(s.advance, atlas->glyphByIndex(font, s.glyph).advance, 0.5)
                << "HarfBuzz's advance and the rasterised glyph's (whole pixels) agree, glyph " << g;
        }
    }
}

// A character the line's own font lacks comes from another font, whose
// ascent differs: it must stand on the line's baseline as it stands on its own
// font's, for every font a line can fall back on, in every face and size.
// Over characters drawn at random (fixed seed) from each shipped script and
// the system's Hangul, the glyph's height above the baseline equals its
// height above the baseline in the font it came from.
TEST_F(FontsTest, a_character_from_a_fallback_font_stands_on_the_lines_baseline) {
    struct Script {
        char32_t first, last;
    };
    const Script scripts[] = {{0x0621, 0x064A}, {0x05D0, 0x05EA}, {0x0915, 0x0939}, {0x3041, 0x3096},
                              {0x30A1, 0x30FA}, {0x4E00, 0x9FA5}, {0xAC00, 0xD7A3}, {0x2190, 0x21FF}};
    std::uint32_t seed = 20261127;
    auto next = [&seed] { return seed = seed * 1664525u + 1013904223u; };
    int checked = 0;
    std::set<FontFace> facesSeen;
    for (FontFace face : {FontFace::Regular, FontFace::Bold, FontFace::DyslexicRegular})
        for (int size : {14, 24, 37}) {
            const int font = atlas->font(face, size);
            for (const Script& script : scripts)
                for (int k = 0; k < 6; ++k) {
                    char32_t cp = script.first + next() % (script.last - script.first + 1);
                    const int from = atlas->fontFor(font, cp);
                    if (from == font || !atlas->covers(from, cp)) continue;  // its own, or no font has it
                    const Glyph& placed = atlas->glyph(font, cp);
                    hb_codepoint_t index = 0;
                    ASSERT_TRUE(hb_font_get_nominal_glyph(atlas->shaper(from), cp, &index));
                    const Glyph& own = atlas->glyphByIndex(from, index);
                    if (own.height == 0) continue;
                    EXPECT_NEAR(atlas->ascent(font) - placed.offsetY, atlas->ascent(from) - own.offsetY, 0.01)
                        << "U+" << std::hex << static_cast<int>(cp) << std::dec << " at " << size
                        << " px: its top above the baseline";
                    facesSeen.insert(atlas->faceOf(from));
                    ++checked;
                }
        }
    EXPECT_GT(checked, 100);
    for (FontFace fallback :
         {FontFace::Arabic, FontFace::Hebrew, FontFace::Devanagari, FontFace::Japanese, FontFace::Chinese})
        EXPECT_TRUE(facesSeen.count(fallback)) << "no character came from fallback face " << static_cast<int>(fallback);
}

TEST_F(FontsTest, italic_leans_in_every_script) {
    for (const char* word : {"Lighthouse", kOneWeightWords[0], kOneWeightWords[1], kOneWeightWords[2]}) {
        Ink plain = draw(word), slanted = draw(std::string("{i}") + word + "{/i}");
        ASSERT_GT(plain.total, 100) << word << " is drawn";
        // (0.2 within a letter; less over a line, whose letters' own placement leans nothing)
        EXPECT_GT(slanted.lean - plain.lean, 0.05) << word << ": the top of italic ink stands to the right of its foot";
        // It leans about its middle, where the upright letter stands: not pushed along the line.
        EXPECT_NEAR(slanted.meanX, plain.meanX, 2.0) << word << ": italic ink stands where the upright ink does";
    }
}

TEST_F(FontsTest, an_ellipsis_among_cjk_letters_comes_from_the_cjk_face_centred_not_on_the_baseline) {
    EXPECT_EQ(faceAt(U"……すごく", 0), FontFace::Japanese) << "a paragraph opening with it";
    EXPECT_EQ(faceAt(U"M……マレンの字", 1), FontFace::Japanese) << "after a Latin letter in Japanese text";
    EXPECT_EQ(faceAt(U"M……这是玛伦的字", 1), FontFace::Chinese) << "in Chinese text, the Chinese face's";
    EXPECT_EQ(faceAt(U"见“你好”", 1), FontFace::Chinese) << "quotes too";
    EXPECT_EQ(faceAt(U"Wait… what?", 4), FontFace::Regular) << "in Latin text it stays DejaVu's";
    // Where its ink sits: CJK faces centre the dots in the em, DejaVu puts them on the baseline.
    for (const std::u32string& text : {std::u32string(U"……すごく"), std::u32string(U"……灯塔")}) {
        auto p = shape(text, regular());
        const auto& g = p.runs.front().glyphs.front();
        const Glyph& drawn = atlas->glyphByIndex(g.font, g.glyph);
        float centreAboveBaseline = atlas->ascent(g.font) - (drawn.offsetY + drawn.height / 2);
        EXPECT_GT(centreAboveBaseline, 24 * 0.2f) << "the dots stand well above the baseline";
    }
}

TEST_F(FontsTest, ideographs_take_the_chinese_face_in_chinese_text_and_the_japanese_one_among_kana) {
    EXPECT_EQ(faceAt(U"这是玛伦的字。", 0), FontFace::Chinese);
    EXPECT_EQ(faceAt(U"这是玛伦的字。", 6), FontFace::Chinese) << "and its punctuation";
    EXPECT_EQ(faceAt(U"物置に立てかけて", 0), FontFace::Japanese) << "kana make a paragraph Japanese";
    EXPECT_EQ(faceAt(U"物置に立てかけて", 2), FontFace::Japanese);
    EXPECT_EQ(shaping::hanFaceOf(*atlas, U"灯塔"), HanFace::Chinese);
    EXPECT_EQ(shaping::hanFaceOf(*atlas, U"灯台守のマレン"), HanFace::Japanese);
    EXPECT_EQ(shaping::hanFaceOf(*atlas, U"履歴"), HanFace::Japanese) << "歴: a form only Japanese uses";
    EXPECT_EQ(faceAt(U"日本語", 0), FontFace::Japanese) << "the language list's own name for Japanese";
}

#ifdef STAGEHAND_SCRIPTS_TXT
// Unicode's own Scripts.txt: every kana of the Basic Multilingual Plane
// (hiragana, katakana, the halfwidth and circled ones) makes a line of
// ideographs both faces have Japanese, before or after them; the letters of
// other scripts (Latin, Cyrillic, Hangul) leave it Chinese. (Built on Linux
// only, as the conformance tests: the file is the build machine's.)
TEST_F(FontsTest, every_kana_in_unicodes_scripts_file_makes_a_line_of_ideographs_japanese) {
    std::ifstream in(STAGEHAND_SCRIPTS_TXT);
    ASSERT_TRUE(in) << STAGEHAND_SCRIPTS_TXT;
    int kana = 0, others = 0, wrong = 0;
    for (std::string row; std::getline(in, row);) {
        std::size_t semi = row.find(';'), hash = row.find('#');
        if (row.empty() || row[0] == '#' || semi == std::string::npos) continue;
        std::string script = row.substr(semi + 1, hash - semi - 1);
        script.erase(0, script.find_first_not_of(' '));
        script.erase(script.find_last_not_of(' ') + 1);
        const bool isKana = script == "Hiragana" || script == "Katakana";
        if (!isKana && script != "Latin" && script != "Cyrillic" && script != "Hangul") continue;
        const std::string range = row.substr(0, semi);
        const std::size_t dots = range.find("..");
        const unsigned long first = std::stoul(range, nullptr, 16);
        const unsigned long last = dots == std::string::npos ? first : std::stoul(range.substr(dots + 2), nullptr, 16);
        if (last > 0xFFFF) continue;  // the newer planes: HarfBuzz may be older than the file
        for (unsigned long cp = first; cp <= last; ++cp) {
            const HanFace expected = isKana ? HanFace::Japanese : HanFace::Chinese;
            const std::u32string ch(1, static_cast<char32_t>(cp));
            for (const std::u32string& line : {U"灯塔" + ch, ch + U"灯塔"})
                if (shaping::hanFaceOf(*atlas, line) != expected && ++wrong <= 5)
                    ADD_FAILURE() << std::hex << "U+" << cp << " (" << script << ") beside 灯塔 is not "
                                  << (isKana ? "Japanese" : "Chinese");
            ++(isKana ? kana : others);
        }
    }
    EXPECT_EQ(wrong, 0);
    EXPECT_GT(kana, 300);
    EXPECT_GT(others, 1000);
}
#endif

TEST_F(FontsTest, every_character_of_the_chinese_tables_is_in_the_shipped_chinese_subset) {
    const int font = atlas->font(FontFace::Chinese, 24);
    for (const char* path : {"/scripts/strings/Demo.zh.csv", "/assets/strings/Engine.zh.csv"}) {
        std::u32string chars = shaping::decodeUtf8(readFile(test::dataRoot() + path));
        for (char32_t cp : chars)
            if (shaping::isCjk(cp)) {
                EXPECT_TRUE(atlas->covers(font, cp)) << path << ": U+" << std::hex << static_cast<int>(cp);
            }
    }
}

#ifdef STAGEHAND_HAVE_FONTCONFIG  // built without it (Windows, the web, macOS): no system fallback to test
// fontconfig over a folder of fonts we know (ours), so the answer is the same on every machine.
TEST_F(FontsTest, fontconfig_finds_the_font_whose_charset_has_the_character) {
    ASSERT_TRUE(SystemFonts::available());
    SystemFonts ours({test::dataRoot() + "/assets/fonts"});
    auto chinese = ours.fontFor(U'玛');  // simplified: in the Chinese subset alone
    ASSERT_TRUE(chinese);
    EXPECT_NE(chinese->path.find("NotoSansSC-Subset.otf"), std::string::npos) << chinese->path;
    auto devanagari = ours.fontFor(U'क');
    ASSERT_TRUE(devanagari);
    EXPECT_NE(devanagari->path.find("NotoSansDevanagari-Subset.ttf"), std::string::npos) << devanagari->path;
    EXPECT_FALSE(ours.fontFor(U'한')) << "none of our fonts has Hangul";
}

TEST_F(FontsTest, a_character_no_shipped_font_has_comes_from_a_system_font_not_the_notdef_box) {
    // A missing font fails rather than skips, as a missing tool does (tools/install-deps-debian.sh has it).
    ASSERT_TRUE(SystemFonts().fontFor(U'한'))
        << "no font on this system has Hangul (fc-list :lang=ko is empty; Debian: fonts-noto-cjk)";
    const int font = regular();
    const int from = atlas->fontFor(font, U'한');
    EXPECT_EQ(atlas->faceOf(from), FontFace::System);
    EXPECT_TRUE(atlas->covers(from, U'한'));
    Ink korean = draw("한국어");
    EXPECT_GT(korean.total, 100) << "Korean is drawn";
    atlas->useSystemFonts(false);
    EXPECT_EQ(atlas->fontFor(font, U'갈'), font) << "without the system's fonts: the .notdef box";
    EXPECT_EQ(atlas->faceOf(atlas->fontFor(font, U'あ')), FontFace::Japanese) << "a shipped font first, always";
}
#endif

}  // namespace
