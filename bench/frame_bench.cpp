// The frame benchmark against LÖVE (bench/love/main.lua draws the same frame):
// N actors, each a letter in a disc with a name label, half of them with a
// wrapped speech bubble, and a dialogue box with a portrait, at 1280x720 in a
// real window, vsync off. Prints the realtime clock at the first presented
// frame (bench/frames_vs_love.sh subtracts the launch time), then the median
// and p99 frame time over the measured frames.
// With "sound" as the third argument, each frame also runs the game's sound
// work: a footstep for every 24th actor (at most 32 play), the cues handed to
// the device, mixed on SDL's audio thread (bench/audio_frames.sh compares).
// With "zoom=Z" as the third argument, the camera looks at the same frame at
// zoom Z (the stage drawn through the camera, text at its size:
// bench/zoom_frames.sh compares).
// With "pictures" as the third argument, the frame is the demo's clock tower
// scene instead (N is not used): its picture backdrop and three sprites with
// their shadows and name labels, the pictures found as the demo finds them
// (scripts/images, then assets/images); bench/love/main.lua draws the same.
// With "painted" as the third argument, the frame is the demo as painted
// (issue 62): the forest's layered backdrop and N actors drawn as the demo's
// cast, half walking (their walk frames, left ones mirrored), half standing
// with a bubble (blinking now and then), and the dialogue box with a portrait;
// the world's clock runs a frame each frame, so the frames change as in play.
//   usage: frame_bench N [FRAMES [sound|zoom=Z|pictures|painted]]   (run under X, e.g. Xvfb, from the repo root)
#include <SDL.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "BenchCast.h"
#include "app/run/CommandLine.h"
#include "app/run/Simulation.h"
#include "audio/AudioOutput.h"
#include "audio/ClipLibrary.h"
#include "platform/GameFiles.h"
#include "platform/Portable.h"
#include "platform/Window.h"
#include "render/Batch2D.h"
#include "render/GlyphAtlas.h"
#include "render/ImageCache.h"
#include "render/ImageFiles.h"
#include "render/TextRenderer.h"
#include "view/WorldView.h"

using namespace stagehand;

namespace {

double realtimeSeconds() {
    using namespace std::chrono;
    return duration<double>(system_clock::now().time_since_epoch()).count();
}

// The dialogue box both frames end with: the keeper's portrait beside a page.
void addKeepersPage(World& world) {
    world.scenery().setImage("keeper");
    world.story().showPage("",
                           "The lamp room smells of paraffin and salt. Maren, the keeper, polishes the brass and "
                           "does not look up from her work.");
}

// The same cast as bench/love/main.lua: positions, letters, names and lines.
void addCast(World& world, int count) {
    const char* lines[] = {"Are we there yet? I think we are nearly there now.",
                           "Look at the boats coming in with the evening tide.",
                           "I left the lamp burning in the window for you."};
    for (int i = 0; i < count; ++i) {
        Actor a = bench::castMember(i, 60, 440);
        a.active = true;
        world.cast().addActor(a);
        if (i % 2 == 0) world.cast().say(*world.cast().findActor(a.id), lines[i % 3], 1e6f);
    }
    addKeepersPage(world);
}

// The clock tower's frame (assets/maps/clocktower.map): the dusk picture
// behind Hester, Kit and Bram, each drawn as a sprite.
void addPictureScene(World& world, const std::vector<std::string>& pictures) {
    world.scenery().setImageNames(pictures);
    world.scenery().setBackdropPicture("clocktower_dusk");
    struct Member {
        const char *id, *name;
        Vec2 at;
        Color color;
    };
    const Member members[] = {{"hester", "Hester", {360, 470}, {156, 207, 159, 255}},
                              {"kit", "Kit", {790, 478}, {240, 160, 106, 255}},
                              {"bram", "Bram", {930, 470}, {217, 160, 208, 255}}};
    for (const Member& m : members) {
        Actor a;
        a.id = m.id;
        a.displayName = m.name;
        a.position = m.at;
        a.color = m.color;
        a.sprite = m.id;
        a.active = true;
        world.cast().addActor(a);
    }
}

// The painted crowd (bench/love/main.lua's makePainted places the same): actor
// i is the cast's (i mod 18)th character; odd ones walk on the spot, facing
// right or left by turns, even ones stand and speak.
void addPaintedCast(World& world, int count, const std::vector<std::string>& pictures) {
    static const char* const kCast[] = {"george", "bob",  "jackie", "jon",    "kayla",   "colin",
                                        "vesper", "rhea", "otto",   "maren",  "visitor", "ines",
                                        "pell",   "wren", "tam",    "hester", "kit",     "bram"};
    const char* lines[] = {"Are we there yet? I think we are nearly there now.",
                           "Look at the boats coming in with the evening tide.",
                           "I left the lamp burning in the window for you."};
    world.scenery().setImageNames(pictures);
    world.scenery().setBackdropPicture("forest");
    for (int i = 0; i < count; ++i) {
        Actor a = bench::castMember(i, 200, 400);
        a.sprite = kCast[i % 18];
        a.active = true;
        if (i % 2 == 1) {  // walking on the spot (speed 0), towards its side
            const float side = (i / 2) % 2 == 0 ? 100.0f : -100.0f;
            a.walking = true;
            a.speed = 0;
            a.walkTarget = {a.position.x + side, a.position.y};
        }
        world.cast().addActor(a);
        if (i % 2 == 0) world.cast().say(*world.cast().findActor(a.id), lines[i % 3], 1e6f);
    }
    addKeepersPage(world);
}

}  // namespace

int main(int argc, char** argv) {
    int count = argc > 1 ? std::atoi(argv[1]) : 100;
    int frames = argc > 2 ? std::atoi(argv[2]) : 300;
    bool sound = argc > 3 && std::string(argv[3]) == "sound";
    bool pictures = argc > 3 && std::string(argv[3]) == "pictures";
    bool painted = argc > 3 && std::string(argv[3]) == "painted";
    float zoom = argc > 3 && std::string(argv[3]).rfind("zoom=", 0) == 0 ? std::strtof(argv[3] + 5, nullptr) : 1.0f;
    std::string error;
    std::string root = locateDataRoot(error);
    Window window({"frame_bench", 1280, 720, false, false, false});
    GlyphAtlas atlas(joinPath(root, "assets/fonts"));
    Batch2D batch;
    batch.setWhiteTexel(atlas.whiteTexture(), atlas.whiteTexel());
    TextRenderer text(atlas, batch);
    std::vector<std::string> imageFolders{joinPath(root, "assets/images")};
    if (pictures || painted) imageFolders.insert(imageFolders.begin(), joinPath(root, "scripts/images"));
    ImageCache images(imageFolders);
    WorldView view(atlas, batch, text, images);

    Transcript transcript;
    World world{transcript};
    world.setTickSeconds(1.0 / 60.0);
    std::vector<std::string> names;
    if (pictures || painted) names = FileIndex(AssetKind::Images, imageFolders).names();
    if (pictures) {
        addPictureScene(world, names);
    } else if (painted) {
        addPaintedCast(world, count, names);
    } else {
        world.scenery().setImageNames({"keeper"});
        world.scenery().setBackdrop("", Backdrop::Forest);  // the forest, as RESULTS.md describes the frame
        addCast(world, count);
    }
    world.camera().setZoom(zoom);
    for (int i = 0; i < 600; ++i) world.advance(1.0f / 60.0f);  // the dialogue line typed out
    std::string notice;
    std::unique_ptr<AudioOutput> output;
    if (sound) {
        output = std::make_unique<AudioOutput>(notice);
        world.soundtrack().setClips(std::make_shared<ClipLibrary>(pathFromUtf8(joinPath(root, "assets/audio"))));
        std::printf("sound %s\n", output->live() ? "live" : notice.c_str());
    }

    std::vector<double> times;
    double last = Window::seconds();
    for (int frame = 0; frame <= frames + 30; ++frame) {
        window.pollInput();
        int w = 0, h = 0;
        window.drawableSize(w, h);
        glViewport(0, 0, w, h);
        glClearColor(0.1f, 0.12f, 0.16f, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        ViewLayout layout = ViewLayout::fit(w, h);
        layout.applyViewport();
        view.draw(world, layout, {});
        if (painted) world.advance(1.0f / 60.0f);  // the clock runs: walks and blinks go on
        if (output) {
            for (int i = frame % 24; i < count; i += 24)
                world.soundtrack().playSound("footstep", {0.3, 0, 0, false}, error);
            output->follow(world.soundtrack().run(), world.soundtrack().cues(), world.time());
        }
        window.swap();
        if (frame == 0) std::printf("first_frame_realtime %.6f\n", realtimeSeconds());
        double now = Window::seconds();
        if (frame > 30) times.push_back((now - last) * 1e3);  // 30 frames of warm-up
        last = now;
    }
    std::sort(times.begin(), times.end());
    std::printf("frames %zu median_ms %.3f p99_ms %.3f\n", times.size(), times[times.size() / 2],
                times[times.size() * 99 / 100]);
    return 0;
}
