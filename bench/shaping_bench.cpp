// What shaping costs a frame (issue 28): a demo-like frame (the forest, six
// actors with names, three of them with speech bubbles, a dialogue line in the
// box under a portrait) with its text in English, then the same frame with
// the text in Arabic, in Japanese and in Chinese (the bubbles and the line; names stay
// Latin), each drawn FRAMES times after its first frame into a 1280x720
// offscreen target, glFinish'ed. The English frame is the baseline of the same
// run; the four are measured in turns (English, Arabic, Japanese, Chinese, repeated
// ROUNDS times) so a busy machine slows all alike. Shaping happens once per
// text (the first frame, with the atlas warming its glyphs); later frames only
// draw, which `layouts_made` shows.
//   usage: SDL_VIDEODRIVER=offscreen shaping_bench [FRAMES [ROUNDS]]   (from the repo root)
#include <SDL.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "BenchCast.h"
#include "app/run/CommandLine.h"
#include "app/run/DrawingKit.h"
#include "render/OffscreenTarget.h"
#include "text/Markup.h"

using namespace stagehand;

namespace {

struct Texts {
    const char* name;
    const char* line;
    const char* bubbles[3];
};

const Texts kLanguages[] = {
    {"english",
     "Here. We'll spread the blanket by the old oak, and nobody will find us until the tide turns at 2024 past six.",
     {"Are we there yet? I think we are nearly there now.", "Look at the boats coming in with the evening tide.",
      "I left the lamp burning in the window for you."}},
    {"arabic",
     "هنا. سنفرش البطانية قرب شجرة البلوط القديمة، ولن يجدنا أحد حتى يتغير المد عند الساعة 2024 بعد السادسة.",
     {"هل وصلنا؟ أظن أننا اقتربنا الآن.", "انظر إلى القوارب العائدة مع مد المساء.",
      "تركت المصباح مضاءً في النافذة من أجلك."}},
    {"japanese",
     "ここだよ。古い樫の木のそばに毛布を広げよう。潮が変わるまで、誰にも見つからないはずだ。",
     {"まだ着かないの？もうすぐだと思うよ。", "夕方の潮に乗って船が帰ってくるのを見て。",
      "あなたのために窓辺のランプをつけておいたよ。"}},
    {"chinese",
     "灯室里满是煤油和海盐的气味。守塔人玛伦擦着黄铜，头也不抬。“你要是为那页撕掉的日志来的，该说的我都说了。”",
     {"他是真的巫师吗？我想吃三明治。", "快看，一只甲虫！我鞋子里全是草。", "你也好啊。出去的时候当心脚下的缆绳。"}},
};

struct Result {
    double firstMs = 0;
    std::vector<double> frameMs, drawMs;
    int layouts = 0;
};

std::shared_ptr<const text::MarkedText> marked(const char* source) {
    std::string error;
    auto out = text::parseMarkup(source, text::MarkupPlace::Shown, error);
    if (!out) {
        std::fprintf(stderr, "markup: %s\n", error.c_str());
        std::exit(2);
    }
    return out;
}

void measure(DrawingKit& r, const Texts& texts, int frames, Result& result) {
    Transcript transcript;
    World world{transcript};
    world.setTickSeconds(1.0 / 60.0);
    world.scenery().setBackdrop("", Backdrop::Forest);
    for (int i = 0; i < 6; ++i) {
        Actor a = bench::castMember(i, 200, 260);
        a.active = true;
        world.cast().addActor(a);
        if (i % 2 == 0) world.cast().say(*world.cast().findActor(a.id), marked(texts.bubbles[i / 2]), 1e6f);
    }
    world.scenery().setImage("keeper");
    TextSettings settings;
    settings.charsPerSecond = 0;  // the whole line at once
    world.story().setTextSettings(settings);
    world.story().showPage("", marked(texts.line));
    world.advance(1.0f / 60);
    OffscreenTarget target(1280, 720);
    target.bind();
    ViewLayout layout = ViewLayout::fit(1280, 720);
    layout.applyViewport();
    int layoutsBefore = r.view.layoutsMade();
    for (int frame = 0; frame <= frames; ++frame) {
        world.advance(1.0f / 60);
        auto start = std::chrono::steady_clock::now();
        clearScreen();
        r.view.draw(world, layout, {});
        double drawn = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        glFinish();
        double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        if (frame == 0) {
            result.firstMs = std::max(result.firstMs, ms);
        } else {
            result.frameMs.push_back(ms);
            result.drawMs.push_back(drawn);
        }
    }
    result.layouts += r.view.layoutsMade() - layoutsBefore;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    int frames = argc > 1 ? std::atoi(argv[1]) : 200;
    int rounds = argc > 2 ? std::atoi(argv[2]) : 3;
    std::string error;
    std::string root = locateDataRoot(error);
    DrawingKit r(WindowOptions{"shaping_bench", 1280, 720, true, false, false}, root);
    constexpr int kCount = sizeof(kLanguages) / sizeof(kLanguages[0]);
    Result results[kCount];
    for (int round = 0; round < rounds; ++round)
        for (int i = 0; i < kCount; ++i) measure(r, kLanguages[i], frames, results[i]);
    const double englishFrame = median(results[0].frameMs), englishDraw = median(results[0].drawMs);
    for (int i = 0; i < kCount; ++i) {
        double frame = median(results[i].frameMs), draw = median(results[i].drawMs);
        std::printf(
            "%-9s first_frame_ms %7.3f median_ms %7.3f draw_call_ms %6.3f layouts_made %d  vs english %.2fx "
            "(draw call %.2fx)\n",
            kLanguages[i].name, results[i].firstMs, frame, draw, results[i].layouts, frame / englishFrame,
            draw / englishDraw);
    }
    return 0;
}
