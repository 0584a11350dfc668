// What sound costs. (1) A frame's game-thread work (the world's tick with N
// walking actors, and handing the new cues to the device) with sound on and
// off, in the same run: "on" gives every actor a footstep every 0.4 s (at
// most 32 play at once) and mixes them on SDL's audio thread, which shares
// the CPU. (2) The wait from a script's call to the device callback that
// starts the sound, in samples. (3) The mixer's own speed: 32 voices,
// rendered offline, against real time.
//   usage: SDL_AUDIODRIVER=dummy ./build/<preset>/bench/audio_bench [TICKS]   (from the repo root)
#include <SDL.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "BenchCast.h"
#include "app/run/CommandLine.h"
#include "audio/AudioOutput.h"
#include "audio/ClipLibrary.h"
#include "audio/Mixer.h"
#include "platform/Portable.h"

using namespace stagehand;

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

struct Figures {
    double median = 0, p99 = 0;
};

Figures summarise(std::vector<double> times) {
    std::sort(times.begin(), times.end());
    return {times[times.size() / 2], times[times.size() * 99 / 100]};
}

// One run of `ticks` ticks with `count` walking actors; with `output`, each
// actor's footstep every 24 ticks (staggered) and the cues handed over each tick.
Figures tickTimes(int count, int ticks, const std::string& root, AudioOutput* output) {
    Transcript transcript;
    World world{transcript};
    world.setTickSeconds(1.0 / 60.0);
    world.soundtrack().setClips(std::make_shared<ClipLibrary>(pathFromUtf8(joinPath(root, "assets/audio"))));
    for (int i = 0; i < count; ++i) {
        world.cast().addActor(bench::castMember(i, 60, 440));
        Actor& a = *world.cast().findActor("a" + std::to_string(i));
        world.cast().walkTo(a, {a.position.x + 400, a.position.y}, "far");
    }
    std::vector<double> times;
    std::string error;
    for (int t = 0; t < ticks; ++t) {
        auto start = Clock::now();
        world.advance(1.0f / 60.0f);
        if (output) {
            for (int i = t % 24; i < count; i += 24)
                world.soundtrack().playSound("footstep", {0.3, 0, 0, false}, error);
            output->follow(world.soundtrack().run(), world.soundtrack().cues(), world.time());
        }
        times.push_back(msSince(start));
    }
    return summarise(times);
}

// Samples from follow() to the start of the next device callback, which
// mixes the new cue first; the callback's buffer (1024 frames) then plays.
void latency(AudioOutput& output, const std::string& root) {
    Transcript transcript;
    World world{transcript};
    world.soundtrack().setClips(std::make_shared<ClipLibrary>(pathFromUtf8(joinPath(root, "assets/audio"))));
    std::string error;
    std::vector<double> samples;
    for (int trial = 0; trial < 200; ++trial) {
        auto spin = Clock::now();  // a different phase against the callbacks each time
        while (msSince(spin) < (trial % 23) * 0.5) {
        }
        world.soundtrack().playSound("footstep", {}, error);
        std::uint64_t before = output.callbacks();
        auto start = Clock::now();
        output.follow(world.soundtrack().run(), world.soundtrack().cues(), world.time());
        while (output.callbacks() == before && msSince(start) < 500) {
        }
        samples.push_back(msSince(start) / 1000.0 * kSampleRate);
    }
    Figures f = summarise(samples);
    std::printf("latency call_to_callback_samples median %.0f p99 %.0f (+ %d frames of device buffer)\n", f.median,
                f.p99, 1024);
}

void mixerSpeed(const std::string& root) {
    ClipLibrary clips(pathFromUtf8(joinPath(root, "assets/audio")));
    std::string error;
    std::vector<AudioCue> cues;
    for (int i = 0; i < Mixer::kMaxVoices; ++i) {
        AudioCue c;
        c.clip = clips.load(i % 2 ? "ambience_storm" : "music_harbour", error);
        c.loop = true;
        c.volume = 0.03f;
        c.pitch = 1.0f + 0.01f * static_cast<float>(i);
        cues.push_back(c);
    }
    auto start = Clock::now();
    auto pcm = renderCues(cues, 10.0);
    double ms = msSince(start);
    std::printf("mixer voices %d rendered_s 10 took_ms %.1f realtime_factor %.0fx\n", Mixer::kMaxVoices, ms,
                10000.0 / ms);
}

}  // namespace

int main(int argc, char** argv) {
    int ticks = argc > 1 ? std::atoi(argv[1]) : 600;
    std::string error, root = locateDataRoot(error);
    std::string notice;
    AudioOutput output(notice);
    if (!notice.empty()) std::printf("%s\n", notice.c_str());
    std::printf("driver %s live %d\n", SDL_GetCurrentAudioDriver() ? SDL_GetCurrentAudioDriver() : "none",
                output.live() ? 1 : 0);
    for (int count : {10, 100, 1000}) {
        Figures off = tickTimes(count, ticks, root, nullptr);
        Figures on = tickTimes(count, ticks, root, &output);
        std::printf("N %d off_median_ms %.4f off_p99_ms %.4f on_median_ms %.4f on_p99_ms %.4f ratio %.2fx\n", count,
                    off.median, off.p99, on.median, on.p99, on.median / off.median);
    }
    if (output.live()) latency(output, root);
    mixerSpeed(root);
    return 0;
}
