// What inline markup costs a frame (issue 27): (a) a page of 2,000 characters
// with colour, bold, italic and size tags against the same page plain: the
// first frame lays it out, later frames only draw (the layouts made are
// counted); (b) a page of 1,000 waving and shaking letters against the same
// letters still. Each figure is the median of FRAMES frames of the world view
// drawn into an offscreen target, glFinish'ed, at 1280x720.
//   usage: SDL_VIDEODRIVER=offscreen markup_bench [FRAMES]   (from the repo root)
#include <SDL.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "app/run/CommandLine.h"
#include "app/run/DrawingKit.h"
#include "render/OffscreenTarget.h"
#include "text/Markup.h"

using namespace stagehand;

namespace {

// About `letters` characters of prose, with `open`/`close` around every
// second word (or none).
std::string page(std::size_t letters, const std::vector<std::pair<std::string, std::string>>& tags) {
    const char* words[] = {"lamp", "salt", "brass", "keeper", "storm", "harbour", "wick", "light", "tide", "rope"};
    std::string out;
    std::size_t plain = 0;
    for (std::size_t i = 0; plain < letters; ++i) {
        std::string word = words[i % 10];
        plain += word.size() + 1;
        if (!tags.empty() && i % 2 == 0) {
            const auto& tag = tags[(i / 2) % tags.size()];
            word = tag.first + word + tag.second;
        }
        out += word + " ";
    }
    return out;
}

struct Result {
    double firstMs, medianMs;
    int layouts;
    double cpuMs;  // median of the view's draw call alone: building the batch, before the GPU finishes
};

Result measure(DrawingKit& r, const std::string& source, int frames) {
    Transcript transcript;
    World world{transcript};
    world.setTickSeconds(1.0 / 60.0);
    std::string error;
    auto marked = text::parseMarkup(source, text::MarkupPlace::Typed, error);
    if (!marked) {
        std::fprintf(stderr, "markup: %s\n", error.c_str());
        std::exit(2);
    }
    TextSettings settings;
    settings.charsPerSecond = 0;  // the whole page at once
    world.story().setTextSettings(settings);
    world.story().showPage("", marked);
    world.advance(1.0f / 60);
    OffscreenTarget target(1280, 720);
    target.bind();
    ViewLayout layout = ViewLayout::fit(1280, 720);
    layout.applyViewport();
    int layoutsBefore = r.view.layoutsMade();
    std::vector<double> times, cpu;
    double first = 0;
    for (int frame = 0; frame <= frames; ++frame) {
        world.advance(1.0f / 60);  // scene time moves: waving letters are computed anew
        auto start = std::chrono::steady_clock::now();
        clearScreen();
        r.view.draw(world, layout, {});
        double drawn = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        glFinish();
        double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        if (frame == 0)
            first = ms;
        else
            times.push_back(ms), cpu.push_back(drawn);
    }
    std::sort(times.begin(), times.end());
    std::sort(cpu.begin(), cpu.end());
    return {first, times[times.size() / 2], r.view.layoutsMade() - layoutsBefore, cpu[cpu.size() / 2]};
}

void report(const char* name, const Result& r) {
    std::printf("%-24s first_frame_ms %7.3f median_ms %7.3f draw_call_ms %6.3f layouts_made %d\n", name, r.firstMs,
                r.medianMs, r.cpuMs, r.layouts);
}

}  // namespace

int main(int argc, char** argv) {
    int frames = argc > 1 ? std::atoi(argv[1]) : 300;
    std::string error;
    std::string root = locateDataRoot(error);
    DrawingKit r(WindowOptions{"markup_bench", 1280, 720, true, false, false}, root);

    std::vector<std::pair<std::string, std::string>> looks = {
        {"{color=#f0b050}", "{/color}"}, {"{b}", "{/b}"}, {"{i}", "{/i}"}, {"{size=+4}", "{/size}"}};
    Result plainPage = measure(r, page(2000, {}), frames);
    Result markedPage = measure(r, page(2000, looks), frames);
    report("page_2000_plain", plainPage);
    report("page_2000_markup", markedPage);
    std::printf("markup_vs_plain %.2fx (draw call %.2fx)\n", markedPage.medianMs / plainPage.medianMs,
                markedPage.cpuMs / plainPage.cpuMs);

    Result still = measure(r, page(1000, {}), frames);
    Result moving = measure(r, page(1000, {{"{wave}", "{/wave}"}, {"{shake}", "{/shake}"}}), frames);
    // every letter moves: the whole page between one pair of tags each
    Result allMoving = measure(r, "{wave}" + page(500, {}) + "{/wave}{shake}" + page(500, {}) + "{/shake}", frames);
    report("glyphs_1000_still", still);
    report("glyphs_1000_half_moving", moving);
    report("glyphs_1000_all_moving", allMoving);
    std::printf("moving_vs_still %.2fx (draw call %.2fx)\n", allMoving.medianMs / still.medianMs,
                allMoving.cpuMs / still.cpuMs);
    return 0;
}
