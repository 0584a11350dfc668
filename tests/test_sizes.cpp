// Every size reads well: the pause overlay, a dialogue in large text and a
// menu of 12 choices drawn at 640x360, 1280x720 and 2560x1440. Each frame is
// written as a PNG (build/.../tests/sizes/) to look at, and checked: light
// text only inside its box, and the box's text there at every size.
#include <gtest/gtest.h>

#include <filesystem>

#include "RenderFixture.h"
#include "TestSupport.h"
#include "app/run/Simulation.h"
#include "app/window/PauseMenu.h"
#include "platform/Window.h"
#include "render/ImageFiles.h"
#include "render/OffscreenTarget.h"
#include "view/WorldView.h"

using namespace stagehand;

namespace {

struct Size {
    int w, h;
};
constexpr Size kSizes[] = {{640, 360}, {1280, 720}, {2560, 1440}};

// Text pixels (every channel above 140: the dialogue, menu and overlay text,
// muted or not, but none of the panels or the night backdrops) inside a
// rectangle given in view units (1280x720), at a frame of `size`.
int lightPixels(const std::vector<std::uint8_t>& rgb, Size size, float x0, float y0, float x1, float y1) {
    ViewLayout layout = ViewLayout::fit(size.w, size.h);
    int px0 = std::max(0, static_cast<int>(layout.offsetX + x0 * layout.scale));
    int px1 = std::min(size.w, static_cast<int>(layout.offsetX + x1 * layout.scale));
    int py0 = std::max(0, static_cast<int>(layout.offsetY + y0 * layout.scale));
    int py1 = std::min(size.h, static_cast<int>(layout.offsetY + y1 * layout.scale));
    int count = 0;
    for (int y = py0; y < py1; ++y)
        for (int x = px0; x < px1; ++x) {
            const std::uint8_t* p = &rgb[(static_cast<std::size_t>(y) * size.w + x) * 3];  // rows top down
            if (p[0] > 140 && p[1] > 140 && p[2] > 140) ++count;
        }
    return count;
}

struct SizesTest : test::RenderFixture<640, 360> {
    // Draws with `paint(layout)` into a frame of `size`, keeps it as a PNG, returns its pixels.
    template <typename Paint>
    std::vector<std::uint8_t> frame(Size size, const std::string& name, Paint paint) {
        OffscreenTarget target(size.w, size.h);
        target.bind();
        glViewport(0, 0, size.w, size.h);
        glClearColor(0, 0, 0, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        ViewLayout layout = ViewLayout::fit(size.w, size.h);
        layout.applyViewport();
        paint(layout);
        auto rgb = target.readRgb();
        OffscreenTarget::unbind();
        auto folder = test::testBuildFolder() / "sizes";
        std::filesystem::create_directories(folder);
        std::string error;
        EXPECT_TRUE(savePng(folder / (name + "_" + std::to_string(size.w) + "x" + std::to_string(size.h) + ".png"),
                            size.w, size.h, rgb, error))
            << error;
        return rgb;
    }

    // `file` is the script's own name: tests run in parallel and must not share one.
    std::unique_ptr<Simulation> scene(const std::string& file, const std::string& source, double seconds) {
        Simulation::Options options;
        options.dataRoot = test::dataRoot();
        options.scriptPath = test::writeScript(file, source);
        options.headless = true;
        options.menusWaitForAnswers = true;
        auto sim = std::make_unique<Simulation>(options);
        std::string error;
        EXPECT_TRUE(sim->startScene("scene", error)) << error;
        while (sim->time() < seconds) sim->tick();
        return sim;
    }
};

}  // namespace

TEST_F(SizesTest, the_pause_overlay_keeps_its_text_in_its_panel) {
    PauseMenu menu;
    PlayerSettings settings;
    for (Size size : kSizes) {
        auto rgb =
            frame(size, "pause", [&](const ViewLayout& layout) { menu.draw(*batch, *text, layout, settings, false); });
        // The panel is 620 wide, centred; everything light is inside it.
        EXPECT_GT(lightPixels(rgb, size, 330, 95, 950, 625), 300 * size.w / 1280) << size.w;
        EXPECT_EQ(lightPixels(rgb, size, 0, 0, 325, 720), 0) << size.w;
        EXPECT_EQ(lightPixels(rgb, size, 955, 0, 1280, 720), 0) << size.w;
    }
}

TEST_F(SizesTest, a_long_line_in_large_text_stays_in_the_dialogue_box) {
    auto sim = scene(
        "sizes_long_line.lua",
        "function scene() dialogue(nil, string.rep('Every word of this long line must stay inside the box. ', 6)) "
        "end",
        9.0);  // typed out (336 characters at 45 a second), not yet turned
    ASSERT_TRUE(sim->world().story().currentLine());
    for (Size size : kSizes) {
        auto rgb = frame(size, "dialogue_large", [&](const ViewLayout& layout) {
            ViewOverlay overlay;
            overlay.textScale = 1.2f;
            view->draw(sim->world(), layout, overlay);
        });
        EXPECT_GT(lightPixels(rgb, size, 90, 300, 1190, 692), 1000 * size.w / 1280) << size.w;
        // Outside the box (90..1190 wide, ending 28 above the bottom): no text.
        EXPECT_EQ(lightPixels(rgb, size, 0, 60, 88, 720), 0) << size.w;
        EXPECT_EQ(lightPixels(rgb, size, 1192, 60, 1280, 720), 0) << size.w;
        EXPECT_EQ(lightPixels(rgb, size, 0, 694, 1280, 720), 0) << size.w;
    }
}

TEST_F(SizesTest, a_menu_of_twelve_choices_fits_the_screen) {
    std::string source = "function scene()\n";
    for (int i = 1; i <= 12; ++i)
        source += "  option('Choice number " + std::to_string(i) + ", with a few words more', 'done')\n";
    source += "  menu()\nend\nfunction done() end\n";
    auto sim = scene("sizes_menu12.lua", source, 1.0);
    ASSERT_TRUE(sim->world().story().currentMenu());
    ASSERT_EQ(sim->world().story().currentMenu()->options.size(), 12u);
    for (Size size : kSizes) {
        auto rgb = frame(size, "menu12", [&](const ViewLayout& layout) { view->draw(sim->world(), layout, {}); });
        EXPECT_GT(lightPixels(rgb, size, 90, 60, 1190, 692), 1000 * size.w / 1280) << size.w;
        EXPECT_EQ(lightPixels(rgb, size, 0, 60, 88, 720), 0) << size.w;
        EXPECT_EQ(lightPixels(rgb, size, 1192, 60, 1280, 720), 0) << size.w;
        EXPECT_EQ(lightPixels(rgb, size, 0, 694, 1280, 720), 0) << size.w;
        // Every option is on screen: the last one's row is above the box's bottom edge.
        EXPECT_GT(lightPixels(rgb, size, 90, 600, 1190, 692), 0) << size.w;
    }
}
