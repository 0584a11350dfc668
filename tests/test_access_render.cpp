// The accessibility settings as drawn: a screenshot at each font, line
// spacing and contrast (written as PNGs and read back), the high-contrast
// theme's contrast ratio measured on its PNG by WCAG 2's formula, and the
// flash that, with fewer flashes asked for, never brightens the frame.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <sstream>

#include "RenderFixture.h"
#include "TestSupport.h"
#include "app/run/Simulation.h"
#include "app/window/PauseMenu.h"
#include "render/ImageFiles.h"
#include "render/OffscreenTarget.h"
#include "view/Palette.h"
#include "view/WorldView.h"

using namespace stagehand;

namespace {

constexpr int kWidth = 1280, kHeight = 720;

struct Rgb {
    int r = 0, g = 0, b = 0;
    bool operator<(const Rgb& o) const { return r != o.r ? r < o.r : g != o.g ? g < o.g : b < o.b; }
    bool operator==(const Rgb& o) const { return r == o.r && g == o.g && b == o.b; }
};

// WCAG 2's relative luminance of an sRGB colour, and the contrast ratio of two.
double luminance(Rgb c) {
    auto linear = [](int v) {
        double s = v / 255.0;
        return s <= 0.03928 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
}
double contrast(Rgb a, Rgb b) {
    double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// A PNG read back: the pixels a player's screenshot holds.
struct Picture {
    SurfacePtr surface;
    Rgb at(int x, int y) const {
        const auto* p = static_cast<const std::uint8_t*>(surface->pixels) + y * surface->pitch + x * 4;
        return {p[0], p[1], p[2]};
    }
};

// What the text box of a screenshot measures: its commonest colour (the
// background), how much of the box is exactly that colour, and its text's
// contrast against it (the pixel that differs most: a glyph's core).
struct BoxMeasure {
    Rgb background;
    double backgroundShare = 0;
    double textContrast = 0;
    int pixelsAt7 = 0;  // pixels at 7:1 or more against the background
};
BoxMeasure measureBox(const Picture& picture, const ViewArea& box) {
    std::map<Rgb, int> counts;
    int x0 = static_cast<int>(box.x) + 4, x1 = static_cast<int>(box.x + box.w) - 4;
    int y0 = static_cast<int>(box.y) + 6, y1 = static_cast<int>(box.y + box.h) - 4;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) ++counts[picture.at(x, y)];
    auto most = std::max_element(counts.begin(), counts.end(),
                                 [](const auto& a, const auto& b) { return a.second < b.second; });
    BoxMeasure m;
    m.background = most->first;
    m.backgroundShare = static_cast<double>(most->second) / ((x1 - x0) * (y1 - y0));
    for (const auto& [colour, count] : counts) {
        double ratio = contrast(colour, m.background);
        m.textContrast = std::max(m.textContrast, ratio);
        if (ratio >= 7) m.pixelsAt7 += count;
    }
    return m;
}

double meanLuminance(const std::vector<std::uint8_t>& rgb) {
    double sum = 0;  // (a plain pointer: the tests' code is built unoptimized, where operator[] is a call)
    for (const std::uint8_t *p = rgb.data(), *end = p + rgb.size() / 3 * 3; p != end; p += 3)
        sum += 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2];
    return sum / (rgb.size() / 3);
}

struct AccessRenderTest : test::RenderFixture<kWidth, kHeight> {
    std::vector<std::uint8_t> render(Simulation& sim, OffscreenTarget& target, const ViewOverlay& overlay,
                                     FontFamily family = FontFamily::DejaVuSans) {
        text->setFamily(family);
        target.bind();
        glClearColor(0, 0, 0, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        ViewLayout layout = ViewLayout::fit(kWidth, kHeight);
        layout.applyViewport();
        view->draw(sim.world(), layout, overlay);
        return target.readRgb();
    }
    // Writes the frame as a screenshot and reads the PNG back.
    Picture screenshot(const std::vector<std::uint8_t>& rgb, const std::string& name) {
        auto path = test::scratchFolder() / ("access_" + name + ".png");
        std::filesystem::create_directories(path.parent_path());
        std::string error;
        EXPECT_TRUE(savePng(path, kWidth, kHeight, rgb, error)) << error;
        Picture picture{loadRgbaImage(path, error)};
        EXPECT_TRUE(picture.surface) << error;
        return picture;
    }
    // The dialogue box as the last frame laid it out: the widest text area.
    ViewArea dialogueBox() const {
        ViewArea widest{0, 0, 0, 0};
        for (const ViewArea& a : view->storyAreas())
            if (a.w > widest.w) widest = a;
        return widest;
    }
};

int differingPixels(const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b, const ViewArea& in) {
    int count = 0;
    for (int y = static_cast<int>(in.y); y < static_cast<int>(in.y + in.h); ++y)
        for (int x = static_cast<int>(in.x); x < static_cast<int>(in.x + in.w); ++x) {
            std::size_t i = (static_cast<std::size_t>(y) * kWidth + x) * 3;
            count += a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2];
        }
    return count;
}

}  // namespace

TEST_F(AccessRenderTest, the_high_contrast_box_is_opaque_and_its_text_measures_at_least_7_to_1_on_the_png) {
    auto sim = sceneAt("handshake", 11.0);  // the closing narration, fully typed, over the dock
    ASSERT_TRUE(sim->world().story().currentLine());
    OffscreenTarget target(kWidth, kHeight);
    ViewOverlay plain, contrasted;
    contrasted.highContrast = true;

    Picture before = screenshot(render(*sim, target, plain), "contrast_off");
    BoxMeasure usual = measureBox(before, dialogueBox());
    Picture after = screenshot(render(*sim, target, contrasted), "contrast_on");
    BoxMeasure high = measureBox(after, dialogueBox());

    EXPECT_GE(high.textContrast, 7.0) << "the text against its box";
    EXPECT_GT(high.pixelsAt7, 1500) << "the text's glyphs, not a stray pixel, reach 7:1";
    EXPECT_EQ(high.background, (Rgb{0, 0, 0})) << "the box is opaque black, whatever is behind it";
    EXPECT_GT(high.backgroundShare, 0.6) << "one colour fills the box: nothing shows through";
    std::cout << "contrast ratio of the dialogue text: usual theme " << usual.textContrast << ":1 (box "
              << usual.backgroundShare * 100 << "% one colour), high contrast " << high.textContrast << ":1 (box "
              << high.backgroundShare * 100 << "% one colour)\n";
}

TEST_F(AccessRenderTest, the_high_contrast_menu_options_measure_at_least_7_to_1) {
    auto sim = sceneAt("lighthouse", 6.0);  // the first menu waits, beside the keeper's portrait
    ASSERT_TRUE(sim->world().story().currentMenu());
    OffscreenTarget target(kWidth, kHeight);
    ViewOverlay contrasted;
    contrasted.highContrast = true;
    Picture shot = screenshot(render(*sim, target, contrasted), "contrast_menu");
    ViewArea box = dialogueBox();
    box.x += 210;  // right of the portrait
    box.w -= 210;
    box.y = box.y + box.h - 150;  // the option rows, below the portrait's top
    box.h = 140;
    BoxMeasure m = measureBox(shot, box);
    EXPECT_GE(m.textContrast, 7.0);
    EXPECT_GT(m.pixelsAt7, 1500);
    EXPECT_EQ(m.background, (Rgb{0, 0, 0}));
}

TEST_F(AccessRenderTest, each_font_draws_the_page_in_its_own_letters) {
    ASSERT_TRUE(atlas->hasDyslexicFont()) << "assets/fonts/OpenDyslexic-*.otf";
    auto sim = sceneAt("handshake", 11.0);
    OffscreenTarget target(kWidth, kHeight);
    auto dejavu = render(*sim, target, {});
    ViewArea box = dialogueBox();
    auto dyslexic = render(*sim, target, {}, FontFamily::OpenDyslexic);
    screenshot(dejavu, "font_dejavu");
    screenshot(dyslexic, "font_opendyslexic");
    EXPECT_GT(differingPixels(dejavu, dyslexic, box), 2000) << "OpenDyslexic's letters are not DejaVu's";
    // A shape the view draws with a font (the page marker) still comes from DejaVu: it has ink.
    EXPECT_NE(atlas->glyph(text->font(FontFace::Regular, 18, 1).id, U'\u25B6').texture, 0u);
    text->setFamily(FontFamily::DejaVuSans);
}

TEST_F(AccessRenderTest, more_line_spacing_makes_a_taller_box_with_its_lines_further_apart) {
    auto sim = sceneAt("handshake", 11.0);
    OffscreenTarget target(kWidth, kHeight);
    std::vector<float> heights;
    for (float spacing : {1.0f, 1.25f, 1.5f}) {
        ViewOverlay overlay;
        overlay.lineSpacing = spacing;
        screenshot(render(*sim, target, overlay), "spacing_" + std::to_string(static_cast<int>(spacing * 100)));
        heights.push_back(dialogueBox().h);
    }
    ASSERT_EQ(heights.size(), 3u);
    EXPECT_GT(heights[1], heights[0]);
    EXPECT_GT(heights[2], heights[1]);
}

TEST_F(AccessRenderTest, with_fewer_flashes_the_flash_is_a_short_dim_and_no_frame_is_brighter_than_before_it) {
    auto sim = sceneAt("openingScene", 7.80);  // the flash comes at 7.93 s, for 0.9 s
    OffscreenTarget target(kWidth, kHeight);
    ViewOverlay reduced;
    reduced.reduceFlashes = true;
    double before = meanLuminance(render(*sim, target, reduced));
    while (sim->world().scenery().flashAlpha() <= 0 && sim->time() < 9) sim->tick();
    ASSERT_GT(sim->world().scenery().flashAlpha(), 0.9f) << "the flash has begun";
    double flashed = meanLuminance(render(*sim, target, {}));
    EXPECT_GT(flashed, 200) << "as scripted, the first frame of a flash is white";

    double brightest = 0, darkest = 255;
    std::vector<std::uint8_t> brightestFrame;
    for (; sim->world().scenery().flashAlpha() > 0; sim->tick()) {
        auto frame = render(*sim, target, reduced);
        double mean = meanLuminance(frame);
        if (mean > brightest) brightest = mean, brightestFrame = frame;
        darkest = std::min(darkest, mean);
    }
    screenshot(brightestFrame, "flash_reduced_brightest");
    EXPECT_LE(brightest, before * 1.05 + 2) << "a frame of the reduced flash outshines the scene before it";
    EXPECT_LT(darkest, before * 0.75) << "the flash still shows, as a dim";
    std::cout << "mean luminance: before the flash " << before << ", its first frame as scripted " << flashed
              << ", with fewer flashes at most " << brightest << " (darkest " << darkest << ")\n";
}

// The flash with fewer flashes asked for, over its whole length, frame by
// frame, beside the flash as scripted on the same frames (mean luminance, on a
// stage that holds still): the scripted flash's strength is the effect's, and
// the reduced one is a dip that never brightens the frame, never takes more
// than half its light, follows the flash's own fade (deepest as it begins,
// gone as it ends: never held at full strength and then snapped back), and shows.
TEST_F(AccessRenderTest, with_fewer_flashes_every_frame_of_the_flash_is_a_dip_that_fades_as_the_flash_does) {
    std::string script = test::writeScript("flash_probe.lua",
                                           "function probe()\n"
                                           "  setCameraCenter({x = 640, y = 360})\n"
                                           "  activate('jon') setPosition('jon', {x = 640, y = 360})\n"
                                           "  wait(2.5)\n"
                                           "  flash(0.9)\n"
                                           "  wait(3)\n"
                                           "end\n");
    auto sim = sceneAt("probe", 2.3, {}, script);  // past the appear glow
    OffscreenTarget target(kWidth, kHeight);
    ViewOverlay reduced;
    reduced.reduceFlashes = true;
    const double still = meanLuminance(render(*sim, target, {}));
    ASSERT_GT(still, 20) << "a stage light enough to be dimmed";
    const Color w = palette::kFlashWhite;
    const double white = 0.2126 * w.r + 0.7152 * w.g + 0.0722 * w.b;
    while (sim->world().scenery().flashAlpha() <= 0 && sim->time() < 4) sim->tick();
    ASSERT_GT(sim->world().scenery().flashAlpha(), 0.9f) << "the flash has begun";
    std::ostringstream curve;  // what each frame measured, for the messages
    double dipPerStrength = -1;
    int frames = 0, framesAfter = 0;
    for (; framesAfter < 3; sim->tick(), ++frames) {
        const float alpha = sim->world().scenery().flashAlpha();
        const double plain = meanLuminance(render(*sim, target, {}));
        const double dimmed = meanLuminance(render(*sim, target, reduced));
        const double strength = (plain - still) / (white - still), depth = (still - dimmed) / still;
        curve << "frame " << frames << ": flash " << alpha << ", drawn " << strength << ", reduced dip " << depth
              << "\n";
        ASSERT_LT(frames, 120) << "the flash of 0.9 s never ended\n" << curve.str();
        EXPECT_NEAR(strength, alpha, 0.03) << "the scripted flash is drawn at the effect's strength\n" << curve.str();
        EXPECT_LE(dimmed, still + 1) << "a frame of the reduced flash is brighter than the stage\n" << curve.str();
        EXPECT_LE(depth, 0.5) << "the reduced flash takes more than half the frame's light\n" << curve.str();
        if (alpha <= 0) {
            ++framesAfter;
            EXPECT_NEAR(depth, 0, 0.01) << "the dip outlasts the flash\n" << curve.str();
            continue;
        }
        if (dipPerStrength < 0) dipPerStrength = depth / strength;  // the first frame sets the scale
        EXPECT_NEAR(depth, dipPerStrength * strength, 0.03) << "the dip does not fade as the flash does\n"
                                                            << curve.str();
    }
    EXPECT_GE(dipPerStrength, 0.25) << "the reduced flash does not show\n" << curve.str();
    EXPECT_GE(frames, 50) << "the flash of 0.9 s lasted " << frames << " frames\n" << curve.str();
}

TEST_F(AccessRenderTest, the_pause_overlay_shows_every_row_in_either_font_and_at_7_to_1_in_high_contrast) {
    auto sim = sceneAt("handshake", 11.0);
    OffscreenTarget target(kWidth, kHeight);
    for (FontFamily family : {FontFamily::DejaVuSans, FontFamily::OpenDyslexic}) {
        PlayerSettings settings;
        settings.highContrast = true;
        settings.font = static_cast<int>(family);
        PauseMenu menu;
        ViewLayout layout = ViewLayout::fit(kWidth, kHeight);
        // The second frame, as a player sees it: under wine the first frame's
        // glyphs rasterised mid-batch (the overlay's title size) came out blank.
        for (int frame = 0; frame < 2; ++frame) {
            render(*sim, target, {}, family);
            menu.draw(*batch, *text, layout, settings, false);
        }
        auto rgb = target.readRgb();
        Picture shot = screenshot(rgb, family == FontFamily::DejaVuSans ? "pause_dejavu" : "pause_opendyslexic");
        // The panel: its yellow top edge and its bottom inside the view; every row's label in it.
        int top = -1, bottom = -1;
        for (int y = 0; y < kHeight; ++y) {
            Rgb c = shot.at(640, y);
            if (top < 0 &&
                c == (Rgb{palette::kContrastAccent.r, palette::kContrastAccent.g, palette::kContrastAccent.b}))
                top = y;
            if (c == (Rgb{0, 0, 0})) bottom = y;
        }
        ASSERT_GE(top, 0) << "the panel's top edge is on screen";
        EXPECT_LT(bottom, kHeight - 1) << "the panel ends inside the view";
        EXPECT_GT(bottom - top, 18 * 24) << "room for every row";
        BoxMeasure m =
            measureBox(shot, {340, static_cast<float>(top + 80), 600, static_cast<float>(bottom - top - 140)});
        EXPECT_EQ(m.background, (Rgb{0, 0, 0}));
        EXPECT_GE(m.textContrast, 7.0);
        EXPECT_GT(m.pixelsAt7, 3000) << "the rows' labels";
    }
    text->setFamily(FontFamily::DejaVuSans);
}

// A line read before, when the player marks read lines: its base colour is
// kReadText, drawn through RichText, so a {color} span keeps its own colour;
// in high contrast the read colour stays (on the opaque black box it is 11:1,
// above the 7:1 the theme promises).
TEST_F(AccessRenderTest,
       a_read_line_is_drawn_in_the_read_colour_its_colour_spans_keep_theirs_and_high_contrast_keeps_7_to_1) {
    Simulation::Options options;
    options.dataRoot = test::dataRoot();
    options.scriptPath = test::writeScript("read_colour.lua", R"(
SCENES = { "scene" }
function scene()
    text("Words read before, then {color=#ff2020}RED WORDS{/color}, then more words read before.")
end
)");
    options.headless = true;
    options.menusWaitForAnswers = true;
    Simulation sim(options);
    std::string error;
    ASSERT_TRUE(sim.startScene("scene", error)) << error;
    while (sim.time() < 3.0 && !(sim.world().story().currentLine() && sim.world().story().currentLine()->typed))
        sim.tick();
    ASSERT_TRUE(sim.world().story().currentLine());
    OffscreenTarget target(kWidth, kHeight);
    const Rgb read{palette::kReadText.r, palette::kReadText.g, palette::kReadText.b};
    const Rgb usual{palette::kPanelText.r, palette::kPanelText.g, palette::kPanelText.b};
    const Rgb contrastText{palette::kContrastText.r, palette::kContrastText.g, palette::kContrastText.b};
    const Rgb red{255, 32, 32};
    for (bool highContrast : {false, true}) {
        for (bool readBefore : {false, true}) {
            ViewOverlay overlay;
            overlay.highContrast = highContrast;
            overlay.lineReadBefore = readBefore;
            std::string name = std::string("read_") + (readBefore ? "on" : "off") + (highContrast ? "_contrast" : "");
            Picture shot = screenshot(render(sim, target, overlay), name);
            ViewArea box = dialogueBox();
            std::map<Rgb, int> counts;  // the text's part of the box (the page's "Space" marker is at its right)
            for (int y = static_cast<int>(box.y); y < static_cast<int>(box.y + box.h); ++y)
                for (int x = static_cast<int>(box.x); x < static_cast<int>(box.x + box.w * 0.85f); ++x)
                    ++counts[shot.at(x, y)];
            Rgb base = readBefore ? read : highContrast ? contrastText : usual;
            SCOPED_TRACE(name);
            EXPECT_GT(counts[base], 300) << "the glyphs' cores are the base colour";
            EXPECT_GT(counts[red], 100) << "the {color} span keeps its own colour";
            if (readBefore) {
                EXPECT_EQ(counts[highContrast ? contrastText : usual], 0) << "no glyph in the unread colour";
            } else {
                EXPECT_EQ(counts[read], 0) << "an unread line has no read-coloured glyph";
            }
            if (highContrast) {
                BoxMeasure m = measureBox(shot, box);
                EXPECT_EQ(m.background, (Rgb{0, 0, 0}));
                EXPECT_GE(contrast(base, m.background), 7.0) << "the base colour against the opaque box";
            }
        }
    }
}
