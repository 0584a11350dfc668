// Rendering under SDL's offscreen video driver: the real frame, read back.
#include <gtest/gtest.h>

#include <SDL.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "RenderFixture.h"
#include "TestSupport.h"
#include "app/run/Simulation.h"
#include "game/SpriteFrames.h"
#include "game/Transcript.h"
#include "platform/Window.h"
#include "render/DrawnText.h"
#include "render/ImageFiles.h"
#include "render/OffscreenTarget.h"
#include "render/TextRenderer.h"
#include "view/Palette.h"
#include "view/WorldView.h"

using namespace stagehand;

namespace {

constexpr int kWidth = 1280, kHeight = 720;

struct RenderTest : test::RenderFixture<kWidth, kHeight> {
    // The scene `probe` of the test's own `script`, played headless to `seconds`.
    std::unique_ptr<Simulation> probeAt(const std::string& script, double seconds) {
        Simulation::Options options;
        options.dataRoot = test::dataRoot();
        options.scriptPath = script;
        options.headless = true;
        auto sim = std::make_unique<Simulation>(options);
        std::string error;
        EXPECT_TRUE(sim->startScene("probe", error)) << error;
        while (sim->time() < seconds) sim->tick();
        return sim;
    }

    std::vector<std::uint8_t> render(Simulation& sim, OffscreenTarget& target, const ViewOverlay& overlay = {}) {
        target.bind();
        glClearColor(0, 0, 0, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        ViewLayout layout = ViewLayout::fit(kWidth, kHeight);
        layout.applyViewport();
        batch->resetStats();
        view->draw(sim.world(), layout, overlay);
        return target.readRgb();
    }
};

int brightPixels(const std::vector<std::uint8_t>& rgb, int x0, int y0, int x1, int y1) {
    int count = 0;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) {
            const std::uint8_t* p = &rgb[(static_cast<std::size_t>(y) * kWidth + x) * 3];
            if (p[0] > 200 && p[1] > 200 && p[2] > 200) ++count;
        }
    return count;
}

struct Rgb {
    int r, g, b;
};
Rgb pixelAt(const std::vector<std::uint8_t>& rgb, int x, int y) {
    const std::uint8_t* p = &rgb[(static_cast<std::size_t>(y) * kWidth + x) * 3];
    return {p[0], p[1], p[2]};
}
// A world drawn whole by `view` onto a cleared black target, read back as RGB.
std::vector<std::uint8_t> drawnFrame(WorldView& view, const World& world, OffscreenTarget& target) {
    target.bind();
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    ViewLayout layout = ViewLayout::fit(kWidth, kHeight);
    layout.applyViewport();
    view.draw(world, layout, ViewOverlay{});
    return target.readRgb();
}
bool near(Rgb a, Rgb b, int tolerance = 12) {
    return std::abs(a.r - b.r) <= tolerance && std::abs(a.g - b.g) <= tolerance && std::abs(a.b - b.b) <= tolerance;
}

}  // namespace

TEST_F(RenderTest, the_frame_is_not_blank_and_the_dialogue_text_has_ink) {
    auto sim = sceneAt("handshake", 11.0);  // the closing narration is fully typed by now
    ASSERT_TRUE(sim->world().story().currentLine());
    OffscreenTarget target(kWidth, kHeight);
    auto rgb = render(*sim, target);

    std::set<std::uint32_t> colours;
    for (std::size_t i = 0; i + 2 < rgb.size(); i += 3 * 97)
        colours.insert(rgb[i] << 16 | rgb[i + 1] << 8 | rgb[i + 2]);
    EXPECT_GT(colours.size(), 20u) << "the frame looks blank";
    // The dialogue box spans the bottom of the view; its light text must be there.
    EXPECT_GT(brightPixels(rgb, 100, 600, 1180, 700), 300);
    // The sky above the actors holds no light text.
    EXPECT_LT(brightPixels(rgb, 0, 0, 600, 60), 50);
}

TEST_F(RenderTest, a_menu_shows_its_options_with_ink) {
    auto sim = sceneAt("lighthouse", 6.0);  // the first menu waits: no answers given
    ASSERT_TRUE(sim->world().story().currentMenu());
    OffscreenTarget target(kWidth, kHeight);
    auto rgb = render(*sim, target);
    // Three option rows of light text in the lower third, right of the portrait.
    EXPECT_GT(brightPixels(rgb, 300, 480, 1180, 700), 800);
}

TEST_F(RenderTest, a_portrait_is_drawn_beside_the_text) {
    auto sim = sceneAt("lighthouse", 1.0);
    ASSERT_EQ(sim->world().scenery().image(), "keeper");
    ASSERT_TRUE(sim->world().story().currentLine());
    OffscreenTarget target(kWidth, kHeight);
    auto rgb = render(*sim, target);
    // The portrait sits at the box's left edge: its hair and lamp make light pixels
    // and its face many colours; the page text sits to its right.
    std::set<std::uint32_t> colours;
    for (int y = 520; y < 660; y += 3)
        for (int x = 120; x < 270; x += 3) {
            const std::uint8_t* p = &rgb[(static_cast<std::size_t>(y) * kWidth + x) * 3];
            colours.insert(p[0] << 16 | p[1] << 8 | p[2]);
        }
    EXPECT_GT(colours.size(), 40u) << "the portrait area looks flat";
    EXPECT_GT(brightPixels(rgb, 300, 560, 1180, 700), 200);
}

TEST_F(RenderTest, a_screenshot_png_reads_back_as_the_frame_it_shows) {
    auto sim = sceneAt("lighthouse", 1.0);  // portrait and text: many colours
    OffscreenTarget target(kWidth, kHeight);
    auto rgb = render(*sim, target);
    auto path = test::scratchFolder() / "frame_readback.png";
    std::filesystem::create_directories(path.parent_path());
    std::string error;
    ASSERT_TRUE(savePng(path, kWidth, kHeight, rgb, error)) << error;
    EXPECT_LT(std::filesystem::file_size(path), rgb.size() / 4) << "the PNG is not compressed";
    SurfacePtr back = loadRgbaImage(path, error);
    ASSERT_TRUE(back) << error;
    ASSERT_EQ(back->w, kWidth);
    ASSERT_EQ(back->h, kHeight);
    int differing = 0;
    for (int y = 0; y < kHeight; ++y)
        for (int x = 0; x < kWidth; ++x) {
            const auto* got = static_cast<const std::uint8_t*>(back->pixels) + y * back->pitch + x * 4;
            const auto* want = &rgb[(static_cast<std::size_t>(y) * kWidth + x) * 3];
            differing += got[0] != want[0] || got[1] != want[1] || got[2] != want[2];
        }
    EXPECT_EQ(differing, 0);
}

TEST_F(RenderTest, after_warm_up_no_glyph_is_rasterised_and_text_takes_few_draw_calls) {
    auto sim = sceneAt("conversation", 12.0);  // a speech bubble is up
    OffscreenTarget target(kWidth, kHeight);
    render(*sim, target);
    int rasterised = atlas->glyphsRasterised();
    EXPECT_GT(rasterised, 0);
    render(*sim, target);
    EXPECT_EQ(atlas->glyphsRasterised(), rasterised);
    EXPECT_LE(batch->drawCalls(), 4);
}

namespace {
// The coverage under a glyph's box, read back from its page.
std::vector<std::uint8_t> glyphCoverage(const GlyphAtlas& atlas, const Glyph& g) {
    int size = atlas.pageSize();
    std::vector<std::uint8_t> page(static_cast<std::size_t>(size) * size);
    glBindTexture(GL_TEXTURE_2D, g.texture);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_UNSIGNED_BYTE, page.data());
    int x0 = static_cast<int>(std::lround(g.uv.u0 * size)), y0 = static_cast<int>(std::lround(g.uv.v0 * size));
    std::vector<std::uint8_t> box;
    for (int y = 0; y < static_cast<int>(g.height); ++y)
        for (int x = 0; x < static_cast<int>(g.width); ++x)
            box.push_back(page[static_cast<std::size_t>(y0 + y) * size + x0 + x]);
    return box;
}
}  // namespace

TEST_F(RenderTest, a_full_atlas_page_adds_a_page_and_every_glyph_keeps_its_ink) {
    GlyphAtlas small(test::dataRoot() + "/assets/fonts", 256);  // a few dozen large glyphs per page
    int font = small.font(FontFace::Regular, 40);
    std::vector<char32_t> codepoints;
    for (char32_t cp = U'!'; cp <= U'~'; ++cp) codepoints.push_back(cp);
    for (char32_t cp = 0x391; cp <= 0x3A9; ++cp)
        if (cp != 0x3A2) codepoints.push_back(cp);  // Greek capitals (U+03A2 is unassigned)
    for (char32_t cp = U'\u0410'; cp <= U'\u044F'; ++cp) codepoints.push_back(cp);  // Cyrillic
    std::vector<std::vector<std::uint8_t>> placed;
    for (char32_t cp : codepoints) {
        const Glyph& g = small.glyph(font, cp);
        ASSERT_NE(g.texture, 0u) << "U+" << std::hex << static_cast<unsigned>(cp);
        placed.push_back(glyphCoverage(small, g));
    }
    EXPECT_GE(small.pageCount(), 3) << "the glyphs should need several 256x256 pages";
    EXPECT_EQ(small.glyphsRasterised(), static_cast<int>(codepoints.size()));
    // Every glyph is where it was put, with the same ink: nothing was overwritten.
    for (std::size_t i = 0; i < codepoints.size(); ++i) {
        const Glyph& g = small.glyph(font, codepoints[i]);
        auto now = glyphCoverage(small, g);
        EXPECT_EQ(now, placed[i]) << "glyph " << i << " changed";
        int ink = 0;
        for (auto v : now) ink += v > 128;
        EXPECT_GT(ink, 0) << "glyph " << i << " has no ink";
    }
    EXPECT_EQ(small.glyphsRasterised(), static_cast<int>(codepoints.size()));
}

TEST_F(RenderTest, wrap_keeps_every_line_within_the_width_and_loses_no_character) {
    Font font = text->font(FontFace::Regular, 24, 1.0f);
    std::string page = "A few words, then " + std::string(300, 'w') + " and the rest of the page.\nA second paragraph.";
    const auto& lines = text->wrap(font, page, 400);
    ASSERT_GT(lines.size(), 4u);
    std::string joined;
    for (const auto& line : lines) {
        EXPECT_LE(text->width(font, line), 400.5f) << line;
        joined += line;
    }
    auto strip = [](std::string s) {
        s.erase(std::remove_if(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\n'; }), s.end());
        return s;
    };
    EXPECT_EQ(strip(joined), strip(page));
    EXPECT_EQ(lines.back(), "A second paragraph.");
}

TEST_F(RenderTest, wrap_lays_a_text_out_once_and_returns_the_same_lines_after) {
    Font font = text->font(FontFace::Regular, 24, 1.0f);
    std::string word(32000, 'x');
    const auto* first = &text->wrap(font, word, 1000);
    int rasterised = atlas->glyphsRasterised();
    const auto* again = &text->wrap(font, word, 1000);
    EXPECT_EQ(first, again) << "the second call must not lay the text out again";
    EXPECT_EQ(atlas->glyphsRasterised(), rasterised);
    EXPECT_NE(first, &text->wrap(font, word, 900)) << "another width is another layout";
}

#ifndef _WIN32
// The window mode refuses a display nobody can see, unless the offscreen
// driver was asked for (as every render test and screenshot here does).

TEST(DisplayCheck, an_asked_for_offscreen_driver_is_a_display) {
    test::ScopedEnv driver("SDL_VIDEODRIVER", "offscreen");
    EXPECT_EQ(displayProblem(), "");
}

// Issue 59: the window takes over the display check's video start, with no
// stop and second start between them: in that gap a display server with no
// other client (Xvfb) reset and dropped the window's connection, and SDL fell
// back on its offscreen driver with no word (1 start in 8 on a busy machine).
TEST(DisplayCheck, the_window_takes_over_the_display_checks_video_start) {
    ASSERT_EQ(SDL_WasInit(SDL_INIT_VIDEO), 0u) << "an earlier test left SDL's video running";
    ASSERT_EQ(displayProblem(/*keepForTheWindow=*/true), "");
    const int started = videoStarts();
    {
        WindowOptions options;
        options.width = 320;
        options.height = 180;
        Window window(options);
        EXPECT_EQ(videoStarts(), started) << "the window started SDL's video again";
    }
    EXPECT_NE(SDL_WasInit(SDL_INIT_VIDEO), 0u) << "the check's start outlives the window";
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
    EXPECT_EQ(SDL_WasInit(SDL_INIT_VIDEO), 0u);
    // Without it, a window starts its own.
    ASSERT_EQ(displayProblem(), "");
    const int before = videoStarts();
    {
        WindowOptions options;
        options.width = 320;
        options.height = 180;
        Window window(options);
        EXPECT_GT(videoStarts(), before);
    }
}

TEST(DisplayCheck, no_x11_or_wayland_display_is_named_as_the_problem) {
    test::ScopedEnv driver("SDL_VIDEODRIVER", nullptr), x11("DISPLAY", nullptr), wayland("WAYLAND_DISPLAY", nullptr);
    std::string problem = displayProblem();
    EXPECT_NE(problem.find("no display"), std::string::npos) << problem;
}

#ifdef __linux__
// A display named but not there: the problem names it, and a window made
// anyway is refused with it, never opened on SDL's offscreen driver that
// nobody asked for (issue 59: on a busy machine 1 start in 8 ran that way,
// with no window and no message, although the probe had found the display).
TEST(DisplayCheck, a_named_display_that_does_not_open_is_named_and_no_window_opens_offscreen) {
    test::ScopedEnv driver("SDL_VIDEODRIVER", nullptr), x11("DISPLAY", ":987"), wayland("WAYLAND_DISPLAY", nullptr);
    std::string problem = displayProblem();
    EXPECT_NE(problem.find("DISPLAY=:987"), std::string::npos) << problem;
    try {
        Window window(WindowOptions{});
        ADD_FAILURE() << "a window opened on SDL's '" << SDL_GetCurrentVideoDriver() << "' driver";
    } catch (const PlatformError& e) {
        EXPECT_NE(std::string(e.what()).find("DISPLAY=:987"), std::string::npos) << e.what();
    }
}
#endif
#endif

// The cove is a Tiled map: its tiles come from tools/make-tiles.py's picture.
TEST_F(RenderTest, a_tiled_maps_tile_layers_are_drawn_from_their_tileset) {
    auto sim = sceneAt("cove", 1.0);  // the camera is at cove.camera, 640,360: screen = world
    OffscreenTarget target(kWidth, kHeight);
    auto rgb = render(*sim, target);
    Rgb grass = pixelAt(rgb, 1090, 170), water = pixelAt(rgb, 40, 650), pier = pixelAt(rgb, 970, 470);
    EXPECT_TRUE(near(grass, {94, 140, 72}) || near(grass, {76, 118, 60}))
        << grass.r << "," << grass.g << "," << grass.b;
    EXPECT_TRUE(near(water, {52, 104, 140}) || near(water, {96, 150, 180}))
        << water.r << "," << water.g << "," << water.b;
    EXPECT_TRUE(near(pier, {150, 108, 70}) || near(pier, {110, 78, 50})) << pier.r << "," << pier.g << "," << pier.b;
}

// A Tiled map's frame stays cheap however many tiles it has: its tilesets are
// uploaded once, not again on later frames, and the tiles are drawn a tileset
// at a time (the cove's three layers, ~1000 tiles, take a few draw calls, not
// one per tile), so a window playing it keeps its memory.
TEST_F(RenderTest, a_tiled_maps_frames_upload_its_tilesets_once_and_take_few_draw_calls) {
    auto sim = sceneAt("cove", 1.0);
    OffscreenTarget target(kWidth, kHeight);
    render(*sim, target);
    int uploadsAfterFirstFrame = kit->images.uploads();
    EXPECT_GE(uploadsAfterFirstFrame, 2);  // cove.png and trees.png
    for (int frame = 0; frame < 5; ++frame) {
        sim->tick();
        render(*sim, target);
        EXPECT_EQ(kit->images.uploads(), uploadsAfterFirstFrame) << "frame " << frame;
        EXPECT_LE(batch->drawCalls(), 12) << "frame " << frame;
    }
}

// F4's overlay: a dot at each waypoint, a frame at each actor's start, the
// dialogue box's area tinted. Also written to editor_overlay_cove.png in the
// test's folder, to look at.
TEST_F(RenderTest, the_editor_overlay_marks_waypoints_actor_starts_and_the_dialogue_box_area) {
    auto sim = sceneAt("cove", 1.0);
    OffscreenTarget target(kWidth, kHeight);
    auto plain = render(*sim, target);
    ViewOverlay overlay;
    overlay.editor = true;
    auto marked = render(*sim, target, overlay);
    std::string error;
    EXPECT_TRUE(savePng("editor_overlay_cove.png", kWidth, kHeight, marked, error)) << error;
    const Vec2* bench = sim->world().cast().findWaypoint("cove.bench");
    ASSERT_NE(bench, nullptr);
    Rgb dot = pixelAt(marked, static_cast<int>(bench->x), static_cast<int>(bench->y));
    EXPECT_TRUE(near(dot, {120, 236, 255}, 30)) << dot.r << "," << dot.g << "," << dot.b;
    EXPECT_FALSE(near(pixelAt(plain, static_cast<int>(bench->x), static_cast<int>(bench->y)), {120, 236, 255}, 30));
    // Tam starts at 990,490: the frame's left edge is 9 units to the left.
    Rgb frame = pixelAt(marked, 990 - 9, 490);
    EXPECT_TRUE(near(frame, {255, 196, 92}, 30)) << frame.r << "," << frame.g << "," << frame.b;
    // Inside the dialogue box's area, left of the box drawn for the line on screen: redder.
    Rgb before = pixelAt(plain, 60 + 50, 560), after = pixelAt(marked, 60 + 50, 560);
    EXPECT_GT(after.r, before.r + 20);
    // The title names the map: text in the waypoints' colour, where the plain frame has none.
    auto cyanPixels = [](const std::vector<std::uint8_t>& rgb) {
        int count = 0;
        for (int y = 40; y < 66; ++y)
            for (int x = 24; x < 600; ++x) count += near(pixelAt(rgb, x, y), {120, 236, 255}, 40);
        return count;
    };
    EXPECT_GT(cyanPixels(marked), 200);
    EXPECT_EQ(cyanPixels(plain), 0);
}

// Tiled's flip flags: the cove's trees lean right, and mirrored ones lean left.
TEST_F(RenderTest, a_tile_with_tileds_horizontal_flip_is_drawn_mirrored) {
    auto sim = sceneAt("cove", 1.0);
    OffscreenTarget target(kWidth, kHeight);
    auto rgb = render(*sim, target);
    const Rgb leaf{40, 84, 48};
    // The tree at column 2, row 4 is drawn as it is: its crown reaches the tile's right edge, not its left.
    EXPECT_TRUE(near(pixelAt(rgb, 2 * 32 + 29, 4 * 32 + 12), leaf));
    EXPECT_FALSE(near(pixelAt(rgb, 2 * 32 + 2, 4 * 32 + 12), leaf));
    // The one at column 13, row 3 is flipped: the other way round.
    EXPECT_TRUE(near(pixelAt(rgb, 13 * 32 + 2, 3 * 32 + 12), leaf));
    EXPECT_FALSE(near(pixelAt(rgb, 13 * 32 + 29, 3 * 32 + 12), leaf));
}

// A tileset's picture saved again (a new modification stamp at the map's
// reload) is read again; the same stamp keeps the texture already made.
TEST_F(RenderTest, a_tile_picture_is_loaded_again_when_its_stamp_changes) {
    std::string path = test::writeScript("tile_picture_reload.png", "");
    std::string error;
    ASSERT_TRUE(savePng(path, 2, 2, std::vector<std::uint8_t>(2 * 2 * 3, 200), error)) << error;
    const Image* first = kit->images.file(path, 1);
    ASSERT_NE(first, nullptr);
    EXPECT_EQ(first->width, 2);
    ASSERT_TRUE(savePng(path, 4, 4, std::vector<std::uint8_t>(4 * 4 * 3, 90), error)) << error;
    EXPECT_EQ(kit->images.file(path, 1)->width, 2);
    const Image* second = kit->images.file(path, 2);
    ASSERT_NE(second, nullptr);
    EXPECT_EQ(second->width, 4);
}

// Zoom draws the stage larger about the view's middle and text at its size:
// at zoom 2 an actor's disc covers four times the pixels (twice across),
// while its name, drawn in view units, stays as it was.
TEST_F(RenderTest, a_zoomed_camera_draws_an_actor_twice_as_large_at_its_time) {
    std::string script = test::writeScript("zoom_probe.lua",
                                           "function probe()\n"
                                           "  setCameraCenter({x = 640, y = 360})\n"
                                           "  activate('jon') setPosition('jon', {x = 640, y = 360})\n"
                                           "  wait(1)\n"
                                           "  zoomCamera(2, 1, 'inOutSine')\n"
                                           "end\n");
    auto discPixels = [&](double seconds, float* zoom) {
        auto sim = probeAt(script, seconds);
        *zoom = sim->world().camera().zoom();
        Color c = sim->world().cast().findActor("jon")->color;
        OffscreenTarget target(kWidth, kHeight);
        auto rgb = render(*sim, target);
        int count = 0;
        for (int y = 260; y < 460; ++y)
            for (int x = 540; x < 740; ++x)
                if (near(pixelAt(rgb, x, y), {c.r, c.g, c.b}, 20)) ++count;
        return count;
    };
    float zoom = 0;
    int before = discPixels(0.9, &zoom);
    EXPECT_FLOAT_EQ(zoom, 1);
    int after = discPixels(2.1, &zoom);
    EXPECT_FLOAT_EQ(zoom, 2);
    ASSERT_GT(before, 500) << "the disc is drawn";
    EXPECT_NEAR(static_cast<double>(after) / before, 4.0, 0.8) << before << " pixels, then " << after;
}

// Batch2D::setOpaque: a fill drawn opaque replaces what is beneath whatever its
// alpha, and blending comes back after it (and at the next begin()); the
// backdrops' skies and grounds are drawn this way (bench/RESULTS.md).
TEST_F(RenderTest, an_opaque_fill_replaces_the_pixels_beneath_and_blending_returns_after_it) {
    OffscreenTarget target(kWidth, kHeight);
    target.bind();
    glClearColor(1, 0, 0, 1);  // red beneath everything
    glClear(GL_COLOR_BUFFER_BIT);
    ViewLayout layout = ViewLayout::fit(kWidth, kHeight);
    layout.applyViewport();
    batch->begin(ViewLayout::kWidth, ViewLayout::kHeight);
    batch->setOpaque(true);
    batch->gradientRect(0, 0, 200, 100, Color{0, 0, 255, 60}, Color{0, 0, 255, 60});  // alpha ignored
    batch->setOpaque(false);
    batch->rect(300, 0, 200, 100, Color{0, 0, 255, 128});  // blended with the red
    batch->setOpaque(true);
    batch->end();
    batch->begin(ViewLayout::kWidth, ViewLayout::kHeight);  // a new frame blends again
    batch->rect(600, 0, 200, 100, Color{0, 0, 255, 128});
    batch->end();
    auto rgb = target.readRgb();
    EXPECT_TRUE(near(pixelAt(rgb, 100, 50), {0, 0, 255}, 2));
    EXPECT_TRUE(near(pixelAt(rgb, 400, 50), {127, 0, 128}, 3));
    EXPECT_TRUE(near(pixelAt(rgb, 700, 50), {127, 0, 128}, 3));
}

// The browser draws with the same shaders in their OpenGL ES 3.0 form
// (glslForEs3, WebGL 2). This desktop context (Mesa: ARB_ES3_compatibility)
// compiles and links ES 3.0 shaders as a browser would, so a desktop-only
// construct in the batch's shaders, or a version line the swap misses, fails here.
TEST_F(RenderTest, the_batch_shaders_compile_and_link_in_their_opengl_es_3_form_for_the_browser) {
    BatchShaderSources sources = batchShaderSources();
    for (const char* source : {sources.vertex, sources.fragment, sources.solidFragment}) {
        std::string es = glslForEs3(source);
        EXPECT_EQ(es.rfind("#version 300 es\n", 0), 0u) << es;
        EXPECT_EQ(es.find("core"), std::string::npos) << es;
    }
    for (const char* fragment : {sources.fragment, sources.solidFragment}) {
        std::string vertex = glslForEs3(sources.vertex), pixels = glslForEs3(fragment);
        EXPECT_NO_THROW(GlProgram(vertex.c_str(), pixels.c_str())) << pixels;
    }
}

// A transition's frames as a sequence (issue 45), for every transition kind:
// from an all-red backdrop to an all-green one, frame by frame, the old
// picture's weight in the frame (its red) only falls and the new one's (its
// green) only rises, from all old to all new. A fade that brings the old
// picture back from black, a dissolve or slide that runs backwards or jumps
// ahead and back, each breaks one of the two.
TEST_F(RenderTest, every_transition_only_takes_the_old_backdrop_away_and_only_brings_the_new_one_in) {
    const std::filesystem::path folder = test::scratchFolder() / "transition_pictures";
    std::filesystem::create_directories(folder);
    std::string error;
    for (auto [name, channel] : {std::pair<const char*, int>{"old", 0}, {"new", 1}}) {
        std::vector<std::uint8_t> rgb(64 * 36 * 3, 0);
        for (std::size_t i = static_cast<std::size_t>(channel); i < rgb.size(); i += 3) rgb[i] = 200;
        ASSERT_TRUE(savePng(folder / (std::string(name) + ".png"), 64, 36, rgb, error)) << error;
    }
    ImageCache images({folder.string()});
    WorldView own(*atlas, *batch, *text, images);
    OffscreenTarget target(kWidth, kHeight);
    constexpr int kSteps = 48;
    for (const std::string& kindName : std::vector<std::string>{"cut", "dissolve", "fade", "slide"}) {
        const Transition kind = kindName == "cut" ? Transition::Cut : *parseTransition(kindName);
        Transcript transcript;
        World world(transcript);
        world.scenery().setBackdropPicture("old");
        world.scenery().setBackdropPicture("new", kind);
        double lastOld = 2, lastNew = -1;
        for (int step = 0; step <= kSteps; ++step) {
            world.scenery().setTransitionProgress(static_cast<float>(step) / kSteps);
            auto rgb = drawnFrame(own, world, target);
            double red = 0, green = 0;
            int samples = 0;
            for (int y = 8; y < kHeight; y += 16)
                for (int x = 8; x < kWidth; x += 16, ++samples) {
                    red += pixelAt(rgb, x, y).r;
                    green += pixelAt(rgb, x, y).g;
                }
            const double oldWeight = red / samples / 200, newWeight = green / samples / 200;
            const std::string at = kindName + " at step " + std::to_string(step) + " of " + std::to_string(kSteps);
            EXPECT_LE(oldWeight, lastOld + 0.01) << at << ": the old picture comes back";
            EXPECT_GE(newWeight, lastNew - 0.01) << at << ": the new picture goes away again";
            if (step == kSteps) {
                EXPECT_NEAR(newWeight, 1, 0.02) << at;
                EXPECT_NEAR(oldWeight, 0, 0.02) << at;
            }
            if (step == 0 && kind != Transition::Cut) {
                EXPECT_NEAR(oldWeight, 1, 0.02) << at;
            }
            lastOld = oldWeight, lastNew = newWeight;
        }
    }
}

// A picture backdrop stands in the world (issue 62): a camera move, a zoom and a
// shake carry it as they carry the cast, measured by a red column and a green
// row painted on it; and however far the camera goes, the view is never the
// void behind it (past its edges it goes on mirrored).
TEST_F(RenderTest, a_picture_backdrop_moves_zooms_and_shakes_with_the_camera_and_never_runs_out) {
    const std::filesystem::path folder = test::scratchFolder() / "backdrop_under_camera";
    std::filesystem::create_directories(folder);
    // 128x72, shown ten times over: the column covers x 600..680 of the view at rest, the row y 300..340.
    std::vector<std::uint8_t> picture(128 * 72 * 3);
    for (int y = 0; y < 72; ++y)
        for (int x = 0; x < 128; ++x) {
            std::uint8_t* p = &picture[(static_cast<std::size_t>(y) * 128 + x) * 3];
            bool column = x >= 60 && x < 68, row = y >= 30 && y < 34;
            p[0] = column ? 255 : 0, p[1] = row && !column ? 255 : 0, p[2] = column || row ? 0 : 150;
        }
    std::string error;
    ASSERT_TRUE(savePng(folder / "marked.png", 128, 72, picture, error)) << error;
    ImageCache images({folder.string()});
    WorldView own(*atlas, *batch, *text, images);
    OffscreenTarget target(kWidth, kHeight);
    Transcript transcript;
    World world(transcript);
    world.scenery().setBackdropPicture("marked");
    struct Seen {
        double columnX = 0, columnWidth = 0, rowY = 0;
        int voidPixels = 0;
    };
    auto look = [&](Vec2 centre, float zoom, Vec2 shake) {
        world.camera().setCenter(centre);
        world.camera().setZoom(zoom);
        world.camera().setShakeOffset(shake);
        auto rgb = drawnFrame(own, world, target);
        Seen seen;
        double reds = 0, greens = 0, redX = 0, greenY = 0;
        for (int y = 0; y < kHeight; y += 2)
            for (int x = 0; x < kWidth; x += 2) {
                Rgb c = pixelAt(rgb, x, y);
                if (c.r > 127 && c.g < 60) reds += 1, redX += x;  // past halfway from the blue to the red
                if (c.g > 127 && c.r < 60) greens += 1, greenY += y;
                seen.voidPixels += c.r < 20 && c.g < 20 && c.b < 20;
            }
        seen.columnX = reds ? redX / reds : -1;
        seen.rowY = greens ? greenY / greens : -1;
        seen.columnWidth = reds / (kHeight / 2.0) * 2;  // pixels across, per row
        return seen;
    };
    Seen rest = look({640, 360}, 1, {0, 0});
    EXPECT_NEAR(rest.columnX, 640, 3);
    EXPECT_NEAR(rest.rowY, 320, 3);
    EXPECT_NEAR(rest.columnWidth, 80, 4);
    Seen moved = look({900, 460}, 1, {0, 0});  // 260 right and 100 down: the picture goes 260 left, 100 up
    EXPECT_NEAR(moved.columnX, 380, 3);
    EXPECT_NEAR(moved.rowY, 220, 3);
    Seen zoomed = look({640, 360}, 2, {0, 0});  // about the view's middle, twice as wide
    EXPECT_NEAR(zoomed.columnX, 640, 3);
    EXPECT_NEAR(zoomed.columnWidth, 160, 6);
    Seen zoomedOut = look({640, 360}, 0.75f, {0, 0});  // smaller with the cast, as the painted one is not
    EXPECT_NEAR(zoomedOut.columnX, 640, 3);
    EXPECT_NEAR(zoomedOut.columnWidth, 60, 4);
    Seen both = look({900, 360}, 2, {0, 0});
    EXPECT_NEAR(both.columnX, 120, 4);
    Seen shaken = look({640, 360}, 1, {12, 0});
    EXPECT_NEAR(shaken.columnX, 628, 3);
    // A whole picture's width to the right, the view shows its mirror image, the column in the middle again.
    Seen mirrored = look({640 + 1280, 360}, 1, {0, 0});
    EXPECT_NEAR(mirrored.columnX, 640, 3);
    // Below the picture the row comes back mirrored (at y 400), not repeated (it would be at 320).
    Seen below = look({640, 360 + 720}, 1, {0, 0});
    EXPECT_NEAR(below.rowY, 400, 3);
    for (auto [centre, zoom] : {std::pair<Vec2, float>{{640 + 5000, 360 - 3000}, 1},
                                {{640, 360}, 0.25f},
                                {{-2000, 2000}, Camera::kMinZoom}}) {
        Seen far = look(centre, zoom, {0, 0});
        EXPECT_EQ(far.voidPixels, 0) << "the void shows at (" << centre.x << ", " << centre.y << "), zoom " << zoom;
    }
}

// A banner's words stand centred across the view, above its middle (the
// banner's place), in the banner's colour; fade("out") then veils the whole
// view in black, and fade("in") takes the veil away again.
TEST_F(RenderTest, a_banner_stands_centred_above_the_middle_and_a_fade_out_veils_the_whole_view) {
    const auto folder = test::scratchFolder() / "banner";
    std::filesystem::create_directories(folder);
    std::ofstream(folder / "banner.lua", std::ios::binary) << R"(SCENES = { "scene" }
function scene()
    banner("CHAPTER ONE", 3)
    wait(1.5)
    fade("out", 1)
    wait(2)
    fade("in", 0.5)
    wait(5)
end
)";
    Simulation::Options options;
    options.dataRoot = test::dataRoot();
    options.scriptPath = (folder / "banner.lua").string();
    options.headless = true;
    Simulation sim(options);
    std::string error;
    ASSERT_TRUE(sim.startScene("scene", error)) << error;
    auto runTo = [&sim](double seconds) {
        while (sim.time() < seconds) sim.tick();
    };
    OffscreenTarget target(kWidth, kHeight);
    runTo(0.8);
    auto shown = render(sim, target);
    // The banner's ink: pixels of its colour (its text is drawn in no other), where they stand.
    double sumX = 0, sumY = 0, count = 0;
    for (int y = 0; y < kHeight; ++y)
        for (int x = 0; x < kWidth; ++x)
            if (near(pixelAt(shown, x, y), {palette::kBannerText.r, palette::kBannerText.g, palette::kBannerText.b}, 6))
                sumX += x, sumY += y, ++count;
    ASSERT_GT(count, 300) << "the banner's words are drawn in the banner's colour";
    EXPECT_NEAR(sumX / count, kWidth / 2.0, 12) << "centred across the view";
    // Its top 110 above the middle: the words stand between there and the middle.
    EXPECT_LT(sumY / count, kHeight / 2.0) << "above the view's middle";
    EXPECT_GT(sumY / count, kHeight / 2.0 - 110) << "below the banner's top";
    runTo(2.9);  // the fade out took a second from 1.5 s
    auto veiled = render(sim, target);
    int lit = 0;
    for (std::size_t i = 0; i < veiled.size(); ++i) lit += veiled[i] > 8;
    EXPECT_LT(lit, 50) << "the whole view is black";
    runTo(4.2);  // the fade in took half a second from 3.5 s
    auto back = render(sim, target);
    int litAgain = 0;
    for (std::size_t i = 0; i < back.size(); ++i) litAgain += back[i] > 8;
    EXPECT_GT(litAgain, static_cast<int>(back.size() / 4)) << "the scene shows again";
}

// A text too wide for its room is cut at a whole character and ends with an
// ellipsis (a long speaker's name in the history, a long hint), over generated
// texts mixing every script the game draws (one to four bytes a character) and
// rooms of every width: what is kept is the longest run of whole characters
// from the start that fits with its "…", and a text that fits is left alone.
TEST_F(RenderTest, over_generated_texts_of_every_script_elide_keeps_the_most_whole_characters_that_fit) {
    const std::vector<std::string> letters = {"a",
                                              "W",
                                              " ",
                                              "é",
                                              "ß",
                                              "\xD8\xB4",
                                              "\xD8\xB9",
                                              "\xD7\x90",
                                              "\xE6\x97\xA5",
                                              "\xE8\xAA\x9E",
                                              "\xE3\x82\xA2",
                                              "\xF0\x9F\x98\x80"};
    const std::string ellipsis = "\xE2\x80\xA6";
    Font font = text->font(FontFace::Regular, 18, 1);
    std::mt19937 random(29);
    for (int round = 0; round < 300; ++round) {
        std::vector<std::string> characters(1 + random() % 24);
        for (auto& c : characters) c = letters[random() % letters.size()];
        std::string whole;
        for (const auto& c : characters) whole += c;
        const float room = 4 + float(random() % 400);
        const std::string cut = text->elide(font, whole, room);
        if (text->width(font, whole) <= room) {
            EXPECT_EQ(cut, whole) << "a text that fits is cut";
            continue;
        }
        ASSERT_GE(cut.size(), ellipsis.size());
        ASSERT_EQ(cut.substr(cut.size() - ellipsis.size()), ellipsis) << cut;
        const std::string kept = cut.substr(0, cut.size() - ellipsis.size());
        std::string prefix;
        std::size_t count = 0;
        while (prefix.size() < kept.size() && count < characters.size()) prefix += characters[count++];
        EXPECT_EQ(kept, prefix) << "'" << whole << "' in " << room << ": not cut at a whole character";
        if (count > 0) {
            EXPECT_LE(text->width(font, cut), room) << "'" << cut << "' is wider than " << room;
        }
        if (count < characters.size()) {
            EXPECT_GT(text->width(font, prefix + characters[count] + ellipsis), room)
                << "'" << cut << "' in " << room << ": one more character would have fitted";
        }
    }
}

// Actors stand in depth by their feet: of two that overlap, the one nearer the
// viewer (larger y) is drawn over the other. Over generated pairs, sides and
// small differences in depth, the nearer actor's colour owns the strip between
// the two centres, where the far one's disc is hidden under the near one's.
TEST_F(RenderTest, over_generated_pairs_the_nearer_of_two_overlapping_actors_is_drawn_over_the_other) {
    const std::vector<std::string> names = {"jackie", "jon", "kayla", "colin"};
    std::mt19937 random(45);
    for (int round = 0; round < 8; ++round) {
        std::string left = names[round % names.size()];
        std::string right = names[(round + 1 + random() % (names.size() - 1)) % names.size()];
        int leftY = 360 + static_cast<int>(random() % 13) - 6;
        int rightY = leftY + ((random() % 2) ? 1 : -1) * static_cast<int>(3 + random() % 6);
        std::string script = test::writeScript(
            "depth_probe.lua", "function probe()\n  setCameraCenter({x = 640, y = 360})\n  activate('" + left +
                                   "') setPosition('" + left + "', {x = 628, y = " + std::to_string(leftY) +
                                   "})\n  activate('" + right + "') setPosition('" + right +
                                   "', {x = 652, y = " + std::to_string(rightY) + "})\n  wait(5)\nend\n");
        auto sim = probeAt(script, 2);  // past the appear glow
        ASSERT_TRUE(sim->world().cast().findActor(left) && sim->world().cast().findActor(right));
        Color leftColour = sim->world().cast().findActor(left)->color;
        Color rightColour = sim->world().cast().findActor(right)->color;
        OffscreenTarget target(kWidth, kHeight);
        auto rgb = render(*sim, target);
        int leftPixels = 0, rightPixels = 0;
        for (int y = std::min(leftY, rightY) - 6; y <= std::max(leftY, rightY) + 6; ++y)
            for (int x = 637; x <= 643; ++x) {  // the lens both discs cover, between the letters
                Rgb p = pixelAt(rgb, x, y);
                if (near(p, {leftColour.r, leftColour.g, leftColour.b}, 20)) ++leftPixels;
                if (near(p, {rightColour.r, rightColour.g, rightColour.b}, 20)) ++rightPixels;
            }
        SCOPED_TRACE(left + " at y " + std::to_string(leftY) + " (" + std::to_string(leftPixels) + " pixels), " +
                     right + " at y " + std::to_string(rightY) + " (" + std::to_string(rightPixels) + " pixels)");
        std::string nearer = leftY > rightY ? left : right;
        int nearerPixels = leftY > rightY ? leftPixels : rightPixels;
        int fartherPixels = leftY > rightY ? rightPixels : leftPixels;
        EXPECT_GT(nearerPixels, 30) << nearer << " is the nearer";
        EXPECT_LT(fartherPixels, nearerPixels / 4) << nearer << " is the nearer";
    }
}

// What a reader reads of the cast stays inside the view and above the story's
// box (the dialogue box and the portrait rising from it) whatever the camera
// does: names under the feet and speech bubbles, left-to-right and right-to-left,
// over generated camera places and zooms that put their actors near an edge,
// under the box or off the view.
TEST_F(RenderTest, names_and_bubbles_stay_in_the_view_and_above_the_dialogue_box_at_any_camera) {
    const std::filesystem::path folder = test::scratchFolder() / "keep_in_view";
    std::filesystem::create_directories(folder / "maps");
    std::ofstream(folder / "maps" / "yard.map", std::ios::binary)
        << "waypoint here 640 360\n"
           "actor sami \"\xD8\xB3\xD8\xA7\xD9\x85\xD9\x8A\" #f0a06a S here\n";  // سامي: a right-to-left name
    std::mt19937 random(62);
    std::string spots;
    const int kSpots = 14;
    for (int i = 0; i < kSpots; ++i) {
        const float zooms[] = {0.5f, 1, 1.5f, 2, 3};
        spots += "{" + std::to_string(static_cast<int>(random() % 2400) - 560) + ", " +
                 std::to_string(static_cast<int>(random() % 1200) - 240) + ", " + std::to_string(zooms[random() % 5]) +
                 "},";
    }
    const std::string bubbleEnglish = "A bubble that must be read",
                      bubbleArabic = "\xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7";
    std::ofstream(folder / "probe.lua", std::ios::binary)
        << "function probe()\n"
           "  activate('jon') setPosition('jon', {x = 640, y = 640})\n"     // under the box at rest
           "  activate('kayla') setPosition('kayla', {x = 30, y = 700})\n"  // at the view's corner
           "  activate('sami') setPosition('sami', {x = 1250, y = 120})\n"
           "  runProcess(function() sayFor('jon', '"
        << bubbleEnglish << "', 100) end)\n  runProcess(function() sayFor('sami', '" << bubbleArabic
        << "', 100) end)\n"
           "  runProcess(function() text('kayla', 'The line in the box, waiting for the player.') end)\n"
           "  for i, s in ipairs({"
        << spots
        << "}) do\n"
           "    if i == 8 then image('keeper') end\n"  // from here the box has a portrait rising above it
           "    setCameraCenter({x = s[1], y = s[2]}) zoomCamera(s[3], 0.01)\n"
           "    wait(1)\n"
           "  end\n"
           "end\n";
    Simulation::Options options;
    options.dataRoot = test::dataRoot();
    options.scriptPath = (folder / "probe.lua").string();
    options.headless = false;  // the line waits for a player who never comes
    Simulation sim(options);
    std::string error;
    ASSERT_TRUE(sim.startScene("probe", error)) << error;
    OffscreenTarget target(kWidth, kHeight);
    std::vector<std::string> names;
    for (const char* id : {"jon", "kayla", "sami"}) {
        ASSERT_TRUE(sim.world().cast().findActor(id)) << id;
        names.push_back(sim.world().cast().findActor(id)->displayName);
    }
    int seenBox = 0;
    for (int spot = 0; spot < kSpots; ++spot) {
        while (sim.time() < spot + 0.5) sim.tick();
        std::vector<DrawnText> drawn;
        DrawnText::recordInto(&drawn);
        render(sim, target);
        DrawnText::recordInto(nullptr);
        const Camera& camera = sim.world().camera();
        SCOPED_TRACE("camera at " + std::to_string(camera.viewCenter().x) + ", " +
                     std::to_string(camera.viewCenter().y) + ", zoom " + std::to_string(camera.zoom()));
        // The box is the widest area the frame keeps for the story; the others are bubbles.
        ViewArea box{0, static_cast<float>(kHeight), 0, 0};
        for (const ViewArea& area : view->storyAreas())
            if (area.w > box.w) box = area;
        if (box.w > 600) ++seenBox;
        if (spot >= 7) {
            EXPECT_LT(box.y, 520) << "the portrait's top is the box's";
        }
        for (const std::string& what : {names[0], names[1], names[2], bubbleEnglish, bubbleArabic}) {
            auto found = std::find_if(drawn.begin(), drawn.end(), [&](const DrawnText& d) { return d.text == what; });
            ASSERT_NE(found, drawn.end()) << "'" << what << "' was not drawn";
            const float height = 18;  // a line of the label or bubble font, at least
            EXPECT_GE(found->x, 0) << what;
            EXPECT_LE(found->x + found->width, kWidth) << what;
            EXPECT_GE(found->y, 0) << what;
            EXPECT_FALSE(box.w > 0 && box.overlaps({found->x, found->y, found->width, height}))
                << "'" << what << "' at " << found->x << ", " << found->y << " is under the box (top " << box.y << ")";
            EXPECT_LE(found->y + height, kHeight) << what;
        }
    }
    EXPECT_EQ(seenBox, kSpots) << "the line stayed in its box throughout";
}

// A backdrop's layers, farthest first: a folder's pictures by the depth their
// names start with (none: 1), then by name; a picture of the name itself is
// one layer.
TEST(BackdropLayers, a_folder_gives_its_pictures_farthest_first_by_the_depth_their_names_start_with) {
    const std::vector<std::string> pictures = {
        "forest/1-ground",   "forest/0.2-sky", "forest/trees", "forest/1.5-hedge", "forest/0.5-hills",
        "forest/deep/0.1-x", "forestry",       "sky",          "forest-2/0.3-a"};
    auto layers = backdropLayers("forest", pictures);
    std::vector<std::string> order;
    std::vector<float> depths;
    for (const auto& layer : layers) order.push_back(layer.picture), depths.push_back(layer.depth);
    EXPECT_EQ(order, (std::vector<std::string>{"forest/0.2-sky", "forest/0.5-hills", "forest/1-ground", "forest/trees",
                                               "forest/1.5-hedge"}));
    EXPECT_EQ(depths, (std::vector<float>{0.2f, 0.5f, 1, 1, 1.5f}));
    ASSERT_EQ(backdropLayers("sky", pictures).size(), 1u);
    EXPECT_EQ(backdropLayers("sky", pictures)[0].depth, 1);
    // Any other name is one picture (it may load: a file saved since the list was made); "" none.
    ASSERT_EQ(backdropLayers("fores", pictures).size(), 1u);
    EXPECT_EQ(backdropLayers("fores", pictures)[0].picture, "fores");
    EXPECT_TRUE(backdropLayers("", pictures).empty());
    EXPECT_TRUE(isBackdropName("forest", pictures) && isBackdropName("sky", pictures));
    EXPECT_FALSE(isBackdropName("fores", pictures) || isBackdropName("forest/deep/0.1-x", {}) ||
                 isBackdropName("", pictures));
    // Names that only look like a depth are labels at depth 1.
    auto odd = backdropLayers("odd", {"odd/-1-a", "odd/1e3-b", "odd/0.5x-c", "odd/abc-d"});
    for (const auto& layer : odd) EXPECT_EQ(layer.depth, 1) << layer.picture;
}

// Each layer of a backdrop moves and zooms with the camera by its depth,
// farthest drawn first: a far column (depth 0.25) and a near one (depth 1),
// measured at rest, moved and zoomed; drawn the other way round the far
// layer's opaque sky would hide the near column.
TEST_F(RenderTest, a_layered_backdrop_moves_each_layer_by_its_depth_and_draws_the_farthest_first) {
    const std::filesystem::path folder = test::scratchFolder() / "layered_backdrop";
    std::filesystem::create_directories(folder / "hills");
    auto layer = [&](const std::string& name, int columnX, std::uint8_t r, std::uint8_t g, std::uint8_t sky) {
        SDL_Surface* s = SDL_CreateRGBSurfaceWithFormat(0, 128, 72, 32, SDL_PIXELFORMAT_RGBA32);
        ASSERT_TRUE(s);
        for (int y = 0; y < 72; ++y)
            for (int x = 0; x < 128; ++x) {
                auto* p = static_cast<std::uint8_t*>(s->pixels) + y * s->pitch + x * 4;
                bool column = x >= columnX && x < columnX + 8;
                p[0] = column ? r : 0, p[1] = column ? g : 0, p[2] = column ? 0 : 150, p[3] = column ? 255 : sky;
            }
        std::string error;
        EXPECT_TRUE(saveRgbaPng(folder / "hills" / (name + ".png"), *s, error)) << error;
        SDL_FreeSurface(s);
    };
    layer("0.25-far", 28, 255, 0, 255);  // an opaque sky, a red column at view x 320
    layer("1-near", 92, 0, 255, 0);      // see-through, a green column at view x 960
    ImageCache images({folder.string()});
    WorldView own(*atlas, *batch, *text, images);
    OffscreenTarget target(kWidth, kHeight);
    Transcript transcript;
    World world(transcript);
    world.scenery().setImageNames({"hills/1-near", "hills/0.25-far"});
    world.scenery().setBackdropPicture("hills");
    auto columns = [&](Vec2 centre, float zoom) {
        world.camera().setCenter(centre);
        world.camera().setZoom(zoom);
        auto rgb = drawnFrame(own, world, target);
        double reds = 0, redX = 0, greens = 0, greenX = 0;
        for (int x = 0; x < kWidth; ++x) {
            Rgb c = pixelAt(rgb, x, 200);
            if (c.r > 127 && c.g < 60) reds += 1, redX += x;
            if (c.g > 127 && c.r < 60) greens += 1, greenX += x;
        }
        return std::array<double, 4>{reds ? redX / reds : -1, reds, greens ? greenX / greens : -1, greens};
    };
    auto rest = columns({640, 360}, 1);
    EXPECT_NEAR(rest[0], 320, 3);
    EXPECT_NEAR(rest[2], 960, 3);
    EXPECT_NEAR(rest[3], 80, 4) << "the near column is drawn over the far sky";
    auto moved = columns({840, 360}, 1);  // 200 right: the near layer 200 left, the far one 50
    EXPECT_NEAR(moved[0], 270, 3);
    EXPECT_NEAR(moved[2], 760, 3);
    auto zoomed = columns({640, 360}, 1.5f);  // the near layer 1.5 times, the far one 1.125 times
    EXPECT_NEAR(zoomed[0], 640 - 320 * 1.125, 3);
    EXPECT_NEAR(zoomed[1], 80 * 1.125, 4);
    EXPECT_NEAR(zoomed[2], 640 + 320 * 1.5, 3);
    EXPECT_NEAR(zoomed[3], 120, 10);
}

// The image cache reads its folders once; a name it has not got sends it to
// look again, so a picture saved while the game plays (hot reload) shows at
// its first use, and a name no file has stays unknown.
TEST_F(RenderTest, a_picture_saved_after_the_cache_read_its_folders_loads_at_its_first_use) {
    const std::filesystem::path folder = test::scratchFolder() / "saved_later";
    std::filesystem::remove_all(folder);  // "later" saved by a run before is not saved later
    std::filesystem::create_directories(folder);
    auto save = [&](const std::string& name) {
        SDL_Surface* s = SDL_CreateRGBSurfaceWithFormat(0, 4, 4, 32, SDL_PIXELFORMAT_RGBA32);
        ASSERT_TRUE(s);
        SDL_FillRect(s, nullptr, SDL_MapRGBA(s->format, 200, 40, 40, 255));
        std::string error;
        EXPECT_TRUE(saveRgbaPng(folder / (name + ".png"), *s, error)) << error;
        SDL_FreeSurface(s);
    };
    save("first");
    ImageCache images({folder.string()});
    ASSERT_TRUE(images.get("first"));
    save("later");
    const Image* later = images.get("later");
    ASSERT_TRUE(later) << "a picture saved since the folders were read";
    EXPECT_EQ(later->width, 4);
    EXPECT_FALSE(images.get("never"));
}

// A picture's opaque band, over generated pictures: the longest run of rows
// every texel of which is opaque, less a row at an end inside the picture
// (the filter mixes in its neighbour there); a picture opaque throughout
// keeps all its rows.
TEST_F(RenderTest, a_pictures_opaque_band_is_its_longest_run_of_opaque_rows_less_a_row_at_an_inner_end) {
    const std::filesystem::path folder = test::scratchFolder() / "opaque_bands";
    std::filesystem::create_directories(folder);
    std::mt19937 random(62);
    for (int picture = 0; picture < 40; ++picture) {
        const int w = 3 + static_cast<int>(random() % 20), h = 1 + static_cast<int>(random() % 30);
        std::vector<bool> opaqueRow(h);
        SDL_Surface* s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32);
        ASSERT_TRUE(s);
        for (int y = 0; y < h; ++y) {
            opaqueRow[y] = picture % 7 == 0 || random() % 3 != 0;
            const int seeThrough = opaqueRow[y] ? -1 : static_cast<int>(random() % w);  // one texel is enough
            for (int x = 0; x < w; ++x) {
                auto* p = static_cast<std::uint8_t*>(s->pixels) + y * s->pitch + x * 4;
                p[0] = 90, p[1] = 90, p[2] = 90,
                p[3] = x == seeThrough ? static_cast<std::uint8_t>(random() % 255) : 255;
            }
        }
        const std::string name = "band" + std::to_string(picture);
        std::string error;
        ASSERT_TRUE(saveRgbaPng(folder / (name + ".png"), *s, error)) << error;
        SDL_FreeSurface(s);
        int bestStart = 0, bestEnd = 0;
        for (int start = 0; start < h;) {
            int end = start;
            while (end < h && opaqueRow[end]) ++end;
            if (end - start > bestEnd - bestStart) bestStart = start, bestEnd = end;
            start = end + 1;
        }
        if (bestStart > 0) ++bestStart;
        if (bestEnd < h) --bestEnd;
        if (bestEnd < bestStart) bestStart = bestEnd = 0;
        ImageCache images({folder.string()});
        const Image* image = images.get(name);
        ASSERT_TRUE(image);
        SCOPED_TRACE(name + " " + std::to_string(w) + "x" + std::to_string(h));
        EXPECT_EQ(image->opaque, std::count(opaqueRow.begin(), opaqueRow.end(), true) == h);
        EXPECT_EQ(image->opaqueY0, bestStart);
        EXPECT_EQ(image->opaqueY1, bestEnd);
    }
}

// A layered backdrop skips what a nearer layer's opaque band hides and draws
// the band without blending; neither may change a pixel. The same layers,
// each of whose opaque rows has one texel a level short of opaque (so none
// is hidden and all blend), drawn at generated camera places and zooms, give
// the same frame within that level.
TEST_F(RenderTest, a_layered_backdrop_skipping_hidden_rows_draws_the_frame_drawing_every_layer_would) {
    const std::filesystem::path root = test::scratchFolder() / "hidden_rows";
    // Each layer row by row: its colour by column and its alpha.
    struct Row {
        std::uint8_t r, g, b, a;
    };
    using Painter = Row (*)(int x, int y);
    const std::vector<std::pair<std::string, Painter>> layers = {
        {"0.4-sky",
         [](int, int y) {
             return Row{200, static_cast<std::uint8_t>(y * 3), 0, 255};
         }},
        {"0.7-wood",
         [](int x, int y) {
             if (y >= 30 && y < 41) return Row{0, 200, 200, 255};  // a band in the middle of its see-through rows
             return Row{0, 255, 0, static_cast<std::uint8_t>(x % 16 < 8 ? 160 : 0)};
         }},
        {"1-ground", [](int x, int y) {
             if (y < 40) return Row{255, 255, 255, 0};
             if (y == 40) return Row{255, 255, 0, 128};
             if (y < 66) return Row{static_cast<std::uint8_t>(x * 2), 40, 255, 255};
             return Row{255, 0, 255, 100};  // see-through below its band: the sky shows there
         }}};
    auto paint = [&](const std::string& folder, bool nearlyOpaque) {
        std::filesystem::create_directories(root / folder / "hills");
        for (const auto& [name, painter] : layers) {
            SDL_Surface* s = SDL_CreateRGBSurfaceWithFormat(0, 128, 72, 32, SDL_PIXELFORMAT_RGBA32);
            ASSERT_TRUE(s);
            for (int y = 0; y < 72; ++y)
                for (int x = 0; x < 128; ++x) {
                    Row c = painter(x, y);
                    if (nearlyOpaque && x == 0 && c.a == 255) c.a = 254;
                    auto* p = static_cast<std::uint8_t*>(s->pixels) + y * s->pitch + x * 4;
                    p[0] = c.r, p[1] = c.g, p[2] = c.b, p[3] = c.a;
                }
            std::string error;
            EXPECT_TRUE(saveRgbaPng(root / folder / "hills" / (name + ".png"), *s, error)) << error;
            SDL_FreeSurface(s);
        }
    };
    paint("skipping", false);
    paint("whole", true);
    ImageCache skippingImages({(root / "skipping").string()}), wholeImages({(root / "whole").string()});
    WorldView skipping(*atlas, *batch, *text, skippingImages), whole(*atlas, *batch, *text, wholeImages);
    OffscreenTarget target(kWidth, kHeight);
    Transcript transcript;
    World world(transcript);
    world.scenery().setImageNames({"hills/1-ground", "hills/0.7-wood", "hills/0.4-sky"});
    world.scenery().setBackdropPicture("hills");
    std::mt19937 random(7);
    std::uniform_real_distribution<float> across(240, 1040), down(110, 610), zoom(0.5f, 2.5f);
    int groundSeen = 0;
    for (int spot = 0; spot < 12; ++spot) {
        const Vec2 centre = spot == 0 ? Vec2{640, 360} : Vec2{across(random), down(random)};
        world.camera().setCenter(centre);
        world.camera().setZoom(spot == 0 ? 1 : zoom(random));
        SCOPED_TRACE("camera at " + std::to_string(centre.x) + ", " + std::to_string(centre.y) + ", zoom " +
                     std::to_string(world.camera().zoom()));
        const auto skipped = drawnFrame(skipping, world, target), drawn = drawnFrame(whole, world, target);
        ASSERT_EQ(skipped.size(), drawn.size());
        int worst = 0, worstAt = 0, blue = 0;
        for (std::size_t i = 0; i < drawn.size(); ++i) {
            const int off = std::abs(static_cast<int>(skipped[i]) - static_cast<int>(drawn[i]));
            if (off > worst) worst = off, worstAt = static_cast<int>(i);
            if (i % 3 == 2 && drawn[i] == 255 && drawn[i - 1] == 40) ++blue;
        }
        EXPECT_LE(worst, 2) << "at pixel " << worstAt / 3 % kWidth << ", " << worstAt / 3 / kWidth;
        groundSeen += blue > 0;
    }
    EXPECT_GE(groundSeen, 8) << "the ground's band was in view at most places";
    // Half dissolved in or slid in, no layer hides another: each shows through or beside the nearer.
    world.camera().setCenter({640, 360});
    world.camera().setZoom(1);
    for (Transition transition : {Transition::Dissolve, Transition::Slide}) {
        world.scenery().setBackdropPicture("");
        world.scenery().setBackdropPicture("hills", transition);
        world.scenery().setTransitionProgress(0.5f);
        const auto skipped = drawnFrame(skipping, world, target), drawn = drawnFrame(whole, world, target);
        int worst = 0;
        for (std::size_t i = 0; i < drawn.size(); ++i)
            worst = std::max(worst, std::abs(static_cast<int>(skipped[i]) - static_cast<int>(drawn[i])));
        EXPECT_LE(worst, 2) << "transition " << static_cast<int>(transition);
    }
}

// A sprite's folder gives its animations as runs of numbered frames, an
// expression's own (happy_talk_1) apart from the shared (talk_1); a gap ends
// a run, and a name that is not ANIMATION_N is no frame (it is an expression).
TEST(SpriteFrames, a_folders_numbered_frames_make_each_animations_run_and_nothing_else_is_a_frame) {
    const std::vector<std::string> pictures = {
        "ada/neutral",      "ada/talk_2",       "ada/talk_1",     "ada/happy_talk_1", "ada/walk_right_1",
        "ada/walk_right_2", "ada/walk_right_4", "ada/blink_1",    "ada/talk_x",       "ada/happy",
        "bob/talk_1",       "ada/talk_0",       "ada/sideways_1", "adam/talk_1",      "ada/walk_up_1"};
    SpriteSheet sheet = spriteSheet("ada", pictures);
    std::map<std::string, std::vector<std::string>> expected = {
        {"talk", {"ada/talk_1", "ada/talk_2"}},
        {"happy_talk", {"ada/happy_talk_1"}},
        {"walk_right", {"ada/walk_right_1", "ada/walk_right_2"}},
        {"walk_up", {"ada/walk_up_1"}},
        {"blink", {"ada/blink_1"}}};
    EXPECT_EQ(sheet.frames, expected);
    EXPECT_TRUE(isAnimationFrame("ada/happy_talk_1") && isAnimationFrame("walk_down_12"));
    EXPECT_FALSE(isAnimationFrame("ada/happy") || isAnimationFrame("ada/talk_x") || isAnimationFrame("ada/talk_0") ||
                 isAnimationFrame("ada/sideways_1") || isAnimationFrame("ada/talk"));
}

// What a sprite shows, over a generated clock: walking, its facing's walk at
// 8 frames a second (left on walk_right mirrored); talking, the still and the
// expression's talk frames in turn; otherwise the still, with a blink's frame
// now and then, each blink one twelfth of a second a frame, about every 4 s.
TEST(SpriteFrames, an_actor_walks_talks_and_blinks_on_its_frames_by_the_clock) {
    const std::vector<std::string> pictures = {"ada/neutral",      "ada/happy",        "ada/talk_1",
                                               "ada/talk_2",       "ada/happy_talk_1", "ada/blink_1",
                                               "ada/walk_right_1", "ada/walk_right_2", "ada/walk_right_3",
                                               "ada/walk_right_4", "ada/walk_down_1",  "ada/walk_down_2"};
    const SpriteSheet sheet = spriteSheet("ada", pictures);
    Actor ada;
    ada.id = "ada";
    ada.sprite = "ada";
    ada.walking = true;
    for (int step = 0; step < 64; ++step) {
        const double t = step / 16.0 + 0.01;
        const int frame = static_cast<int>(std::floor(t * 8)) % 4 + 1;
        ada.facing = Facing::Right;
        SpriteFrame f = spriteFrame(ada, "ada/neutral", sheet, t, true);
        EXPECT_EQ(f.picture, "ada/walk_right_" + std::to_string(frame)) << t;
        EXPECT_FALSE(f.mirrored);
        ada.facing = Facing::Left;
        f = spriteFrame(ada, "ada/neutral", sheet, t, false);
        EXPECT_EQ(f.picture, "ada/walk_right_" + std::to_string(frame)) << t;
        EXPECT_TRUE(f.mirrored);
        ada.facing = Facing::Down;
        EXPECT_EQ(spriteFrame(ada, "ada/neutral", sheet, t, false).picture,
                  "ada/walk_down_" + std::to_string(static_cast<int>(std::floor(t * 8)) % 2 + 1));
        ada.facing = Facing::Up;  // no walk_up: the still
        EXPECT_EQ(spriteFrame(ada, "ada/neutral", sheet, t, false).picture, "ada/neutral");
    }
    ada.walking = false;
    for (int step = 0; step < 48; ++step) {
        const double t = step / 16.0 + 0.01;
        const int phase = static_cast<int>(std::floor(t * 8)) % 3;
        const std::string neutral[] = {"ada/neutral", "ada/talk_1", "ada/talk_2"};
        EXPECT_EQ(spriteFrame(ada, "ada/neutral", sheet, t, true).picture, neutral[phase]) << t;
        ada.expression = "happy";
        EXPECT_EQ(spriteFrame(ada, "ada/happy", sheet, t, true).picture,
                  static_cast<int>(std::floor(t * 8)) % 2 == 0 ? "ada/happy" : "ada/happy_talk_1")
            << t;
        ada.expression.clear();
    }
    // A rate the game set: the walk at 4 frames a second, for this sprite only.
    FrameRates rates;
    rates.bySpriteAndAnimation["ada/walk"] = 4;
    ada.walking = true;
    ada.facing = Facing::Right;
    for (int step = 0; step < 32; ++step) {
        const double t = step / 16.0 + 0.01;
        EXPECT_EQ(spriteFrame(ada, "ada/neutral", sheet, t, false, rates).picture,
                  "ada/walk_right_" + std::to_string(static_cast<int>(std::floor(t * 4)) % 4 + 1))
            << t;
    }
    ada.walking = false;
    int blinks = 0, blinkFrames = 0;
    bool wasBlinking = false;
    for (int step = 0; step < 60 * 30; ++step) {  // 30 seconds at 60 frames a second
        const bool blinking = spriteFrame(ada, "ada/neutral", sheet, step / 60.0, false).picture == "ada/blink_1";
        blinks += blinking && !wasBlinking;
        blinkFrames += blinking;
        wasBlinking = blinking;
    }
    EXPECT_GE(blinks, 6);
    EXPECT_LE(blinks, 8);
    EXPECT_NEAR(static_cast<double>(blinkFrames) / blinks, 5, 1) << "a twelfth of a second at 60 frames a second";
}

namespace {
// A sprite folder "ada" in `folder`: each picture 40x100, one colour (RGB).
void paintSprite(const std::filesystem::path& folder, const std::vector<std::pair<std::string, Rgb>>& pictures) {
    std::filesystem::create_directories(folder / "ada");
    for (const auto& [name, colour] : pictures) {
        std::vector<std::uint8_t> rgb;
        for (int i = 0; i < 40 * 100; ++i)
            rgb.insert(rgb.end(), {static_cast<std::uint8_t>(colour.r), static_cast<std::uint8_t>(colour.g),
                                   static_cast<std::uint8_t>(colour.b)});
        std::string error;
        EXPECT_TRUE(savePng(folder / "ada" / (name + ".png"), 40, 100, rgb, error)) << error;
    }
}
// Ada, drawn as the sprite folder "ada", on stage at `at`.
void addAda(World& world, Vec2 at) {
    Actor ada;
    ada.id = "ada";
    ada.displayName = "Ada";
    ada.sprite = "ada";
    ada.active = true;
    ada.position = at;
    world.cast().addActor(ada);
}
}  // namespace

// Names are drawn over the whole cast: one standing nearer (drawn later) never
// hides a farther actor's name under its picture. Ada's green name falls where
// Bob's red picture stands, just in front of her.
TEST_F(RenderTest, a_nearer_actors_picture_never_hides_a_farther_actors_name) {
    const std::filesystem::path folder = test::scratchFolder() / "names_over_cast";
    paintSprite(folder, {{"neutral", {200, 40, 40}}});
    ImageCache images({folder.string()});
    WorldView own(*atlas, *batch, *text, images);
    OffscreenTarget target(kWidth, kHeight);
    Transcript transcript;
    World world(transcript);
    world.scenery().setImageNames({"ada/neutral"});
    addAda(world, {600, 300});
    world.cast().findActor("ada")->color = {40, 220, 60, 255};
    Actor bob;
    bob.id = "bob";
    bob.displayName = "Bob";
    bob.sprite = "ada";
    bob.active = true;
    bob.position = {600, 400};  // its picture covers 324-424 down, 580-620 across: where Ada's name goes
    world.cast().addActor(bob);
    world.camera().setCenter({640, 360});
    std::vector<DrawnText> drawn;
    DrawnText::recordInto(&drawn);
    const auto rgb = drawnFrame(own, world, target);
    DrawnText::recordInto(nullptr);
    auto name = std::find_if(drawn.begin(), drawn.end(), [](const DrawnText& d) { return d.text == "Ada"; });
    ASSERT_NE(name, drawn.end());
    ASSERT_GT(name->y + 14, 324) << "the name is where Bob's picture stands";
    int green = 0;
    for (int y = static_cast<int>(name->y); y < static_cast<int>(name->y) + 16; ++y)
        for (int x = static_cast<int>(name->x); x < static_cast<int>(name->x + name->width); ++x) {
            const Rgb c = pixelAt(rgb, x, y);
            green += c.g > 150 && c.r < 120;
        }
    EXPECT_GT(green, 15) << "Ada's name shows over Bob's picture";
}

// A sprite's bubble speaks from just above its picture, at any zoom: the
// picture's top is its feet's place less its height (less the 24 below the
// feet) times the zoom, and the bubble's paper ends 4 units above it.
TEST_F(RenderTest, a_sprites_bubble_ends_just_above_its_picture_at_any_zoom) {
    const std::filesystem::path folder = test::scratchFolder() / "sprite_bubble";
    paintSprite(folder, {{"neutral", {200, 40, 40}}});
    ImageCache images({folder.string()});
    WorldView own(*atlas, *batch, *text, images);
    OffscreenTarget target(kWidth, kHeight);
    for (float zoom : {1.0f, 2.0f, 0.5f}) {
        Transcript transcript;
        World world(transcript);
        world.scenery().setImageNames({"ada/neutral"});
        addAda(world, {700, 500});
        world.cast().say(*world.cast().findActor("ada"), "Up here.", 100);
        world.camera().setCenter({640, 360});
        world.camera().setZoom(zoom);
        drawnFrame(own, world, target);
        ASSERT_EQ(own.storyAreas().size(), 1u) << "one bubble, no box";
        const ViewArea& bubble = own.storyAreas()[0];
        const float feet = (500 - 360) * zoom + 360;
        EXPECT_NEAR(bubble.y + bubble.h, feet + (24 - 100) * zoom - 4, 1) << "zoom " << zoom;
    }
}

// A sprite talks while its line types in the box: its still and talk frame in
// turn (8 a second), then only the still once the line is typed; a bubble's
// speaker talks while it is fresh. Told apart by their colours.
TEST_F(RenderTest, a_sprite_talks_while_its_line_types_and_stands_still_after) {
    const std::filesystem::path folder = test::scratchFolder() / "sprite_talks";
    const Rgb still{200, 40, 40}, talk{40, 200, 40};
    paintSprite(folder, {{"neutral", still}, {"talk_1", talk}});
    ImageCache images({folder.string()});
    WorldView own(*atlas, *batch, *text, images);
    OffscreenTarget target(kWidth, kHeight);
    Transcript transcript;
    World world(transcript);
    world.setTickSeconds(1.0 / 60.0);
    world.scenery().setImageNames({"ada/neutral", "ada/talk_1"});
    addAda(world, {640, 300});
    world.camera().setCenter({640, 360});
    auto shows = [&](Rgb colour) {
        auto rgb = drawnFrame(own, world, target);
        return near(pixelAt(rgb, 640, 280), colour, 30);  // the picture spans y 224..324 of the view
    };
    world.story().showLine("ada", std::string(400, 'a'));  // long enough to type for seconds
    int stills = 0, talks = 0;
    for (int tick = 0; tick < 60 && !world.story().currentLine()->typed; ++tick) {
        world.advance(1.0f / 60.0f);
        stills += shows(still), talks += shows(talk);
    }
    ASSERT_FALSE(world.story().currentLine()->typed) << "a second of typing";
    EXPECT_GT(talks, 15) << "the talk frame while the line types";
    EXPECT_GT(stills, 15) << "the still in turn";
    for (int tick = 0; tick < 60 * 60 && !world.story().currentLine()->typed; ++tick) world.advance(1.0f / 60.0f);
    ASSERT_TRUE(world.story().currentLine()->typed);
    for (int tick = 0; tick < 30; ++tick) {
        world.advance(1.0f / 60.0f);
        EXPECT_TRUE(shows(still)) << "typed: the still only, " << tick << " ticks after";
    }
}

// A sprite draws only the part of its picture that shows, and that part stays
// where the whole picture would put it, facing either way: a picture with a
// clear margin and one coloured column off its centre, drawn at rest and
// mirrored (walking left on walk_right), puts the column at the same place as
// an untrimmed draw would, and on the other side when mirrored.
TEST_F(RenderTest, a_sprite_drawn_by_its_shown_part_keeps_its_place_facing_either_way) {
    const std::filesystem::path folder = test::scratchFolder() / "sprite_shown_part";
    std::filesystem::create_directories(folder / "ada");
    SDL_Surface* s = SDL_CreateRGBSurfaceWithFormat(0, 40, 100, 32, SDL_PIXELFORMAT_RGBA32);
    ASSERT_TRUE(s);
    for (int y = 0; y < 100; ++y)
        for (int x = 0; x < 40; ++x) {
            auto* p = static_cast<std::uint8_t*>(s->pixels) + y * s->pitch + x * 4;
            const bool shown = x >= 8 && x < 16 && y >= 30 && y < 90;  // 8 columns left of the centre
            p[0] = 230, p[1] = 30, p[2] = 30, p[3] = shown ? 255 : 0;
        }
    std::string error;
    for (const char* name : {"neutral", "walk_right_1"})
        ASSERT_TRUE(saveRgbaPng(folder / "ada" / (std::string(name) + ".png"), *s, error)) << error;
    SDL_FreeSurface(s);
    ImageCache images({folder.string()});
    WorldView own(*atlas, *batch, *text, images);
    OffscreenTarget target(kWidth, kHeight);
    for (const bool left : {false, true}) {
        Transcript transcript;
        World world(transcript);
        world.scenery().setImageNames({"ada/neutral", "ada/walk_right_1"});
        Actor ada;
        ada.id = "ada";
        ada.sprite = "ada";
        ada.active = true;
        ada.nameShown = false;
        ada.position = {640, 400};
        ada.walking = left;
        ada.speed = 0;
        ada.walkTarget = {left ? 540.0f : 740.0f, 400};
        ada.facing = left ? Facing::Left : Facing::Right;
        world.cast().addActor(ada);
        world.camera().setCenter({640, 360});
        auto rgb = drawnFrame(own, world, target);
        // The picture spans x 620..660 and y 324..424 of the view; the column x 628..636 (mirrored 644..652), y
        // 354..414.
        double reds = 0, redX = 0, top = 1e9, bottom = -1;
        for (int y = 300; y < 440; ++y)
            for (int x = 600; x < 680; ++x)
                if (near(pixelAt(rgb, x, y), {230, 30, 30}, 40))
                    reds += 1, redX += x, top = std::min<double>(top, y), bottom = std::max<double>(bottom, y);
        ASSERT_GT(reds, 300) << (left ? "mirrored" : "at rest");
        EXPECT_NEAR(redX / reds, left ? 648 : 632, 1.5) << (left ? "mirrored" : "at rest");
        EXPECT_NEAR(top, 354, 1.5);
        EXPECT_NEAR(bottom, 413, 1.5);
        EXPECT_NEAR(reds / (bottom - top + 1), 8, 1.5) << "eight columns wide";
    }
}
