#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "TestSupport.h"
#include "app/window/FrameClock.h"
#include "app/window/FrameStats.h"
#include "platform/Window.h"

using stagehand::FrameClock;
using stagehand::Playback;

TEST(FrameClock, frames_at_60_hz_run_one_tick_each) {
    FrameClock clock(1.0 / 60.0);
    int total = 0;
    for (int i = 0; i < 600; ++i) total += clock.ticksFor(1.0 / 60.0);
    EXPECT_NEAR(total, 600, 1);
}

TEST(FrameClock, fast_frames_accumulate_into_ticks) {
    FrameClock clock(1.0 / 60.0);
    int total = 0;
    for (int i = 0; i < 240; ++i) total += clock.ticksFor(1.0 / 240.0);
    EXPECT_NEAR(total, 60, 1);
}

TEST(FrameClock, a_stall_is_clamped_to_a_quarter_second_of_ticks) {
    FrameClock clock(1.0 / 60.0);
    EXPECT_EQ(clock.ticksFor(5.0), 15);
    EXPECT_EQ(clock.ticksFor(-1.0), 0);  // a clock that went backwards runs nothing
}

TEST(Playback, pause_stops_ticks_and_a_step_runs_exactly_one) {
    FrameClock clock(1.0 / 60);
    Playback playback;
    playback.togglePause();
    EXPECT_EQ(playback.ticksFor(clock, 0.1), 0);
    playback.step();
    EXPECT_EQ(playback.ticksFor(clock, 0.1), 1);
    EXPECT_EQ(playback.ticksFor(clock, 0.1), 0);
    EXPECT_NE(playback.label().find("paused"), std::string::npos);
    playback.togglePause();
    playback.step();  // a step means nothing while running
    EXPECT_EQ(playback.ticksFor(clock, 1.0 / 60 + 1e-9), 1);
}

TEST(Playback, speed_scales_the_ticks_a_frame_runs_within_bounds) {
    FrameClock clock(1.0 / 60);
    Playback playback;
    playback.faster();
    EXPECT_EQ(playback.ticksFor(clock, 0.1 + 1e-9), 12);
    for (int i = 0; i < 10; ++i) playback.slower();
    EXPECT_EQ(playback.speed(), Playback::kMinSpeed);
    EXPECT_NE(playback.label().find("0.125x"), std::string::npos);
    for (int i = 0; i < 10; ++i) playback.faster();
    EXPECT_EQ(playback.speed(), Playback::kMaxSpeed);
}

// --frame-stats against known sequences of frame times (issue 45): a stall
// in the middle, at the start and at the end, and generated ones; the figures
// are the count, the first frame's time from the window's opening and the
// longest gap between frames, whichever frame it was.
TEST(FrameStats, the_figures_are_those_of_a_known_sequence_of_frames_wherever_the_longest_falls) {
    auto statsOf = [](double opened, const std::vector<double>& ends) {
        stagehand::FrameStats stats;
        double previous = opened;
        for (double now : ends) stagehand::countFrame(stats, opened, previous, now), previous = now;
        return stats;
    };
    auto middle = statsOf(10.0, {10.25, 10.27, 10.29, 11.0, 11.02, 11.04});
    EXPECT_EQ(middle.frames, 6);
    EXPECT_NEAR(middle.firstFrameSeconds, 0.25, 1e-9);
    EXPECT_NEAR(middle.longestFrameSeconds, 0.71, 1e-9) << "the stall, not the last frame";
    EXPECT_EQ(middle.text(12.5),
              "frames 6\nfirst_frame_seconds 0.25\nlongest_frame_seconds 0.71\npeak_memory_mb 12.5\n");
    EXPECT_NEAR(statsOf(0, {0.5, 0.51, 0.52}).longestFrameSeconds, 0.5, 1e-9) << "the first frame's wait counts";
    EXPECT_NEAR(statsOf(0, {0.01, 0.02, 0.4}).longestFrameSeconds, 0.38, 1e-9);
    EXPECT_EQ(statsOf(0, {}).frames, 0);
    EXPECT_EQ(statsOf(0, {}).firstFrameSeconds, -1);

    std::uint32_t state = 45;
    for (int sequence = 0; sequence < 200; ++sequence) {
        std::vector<double> ends;
        double t = 1, longest = 0;
        const int count = 1 + static_cast<int>((state = state * 1664525u + 1013904223u) >> 28);
        for (int i = 0; i < count; ++i) {
            double gap = 0.001 * static_cast<double>(((state = state * 1664525u + 1013904223u) >> 20) % 500);
            t += gap, longest = std::max(longest, gap);
            ends.push_back(t);
        }
        auto stats = statsOf(1, ends);
        EXPECT_EQ(stats.frames, count);
        EXPECT_NEAR(stats.firstFrameSeconds, ends.front() - 1, 1e-9);
        EXPECT_NEAR(stats.longestFrameSeconds, longest, 1e-9) << "sequence " << sequence;
    }
}

// --frame-stats OUT.txt: the file holds the figures and this run's peak
// memory (a real figure, above zero); no path writes nothing; a file that
// cannot be written is one line on stderr naming it.
TEST(FrameStats, the_file_holds_the_figures_and_the_peak_memory_and_a_bad_path_is_one_line) {
    stagehand::FrameStats stats;
    stagehand::countFrame(stats, 0, 0, 0.25);
    stagehand::countFrame(stats, 0, 0.25, 0.3);
    const std::filesystem::path out = stagehand::test::scratchFolder() / "frame_stats.txt";
    std::filesystem::remove(out);
    stats.write(out.string());
    std::ifstream in(out);
    std::string frames, first, longest, memory;
    double peak = 0;
    ASSERT_TRUE(std::getline(in, frames) && std::getline(in, first) && std::getline(in, longest) &&
                static_cast<bool>(in >> memory >> peak));
    EXPECT_EQ(frames, "frames 2");
    EXPECT_EQ(first, "first_frame_seconds 0.25");
    EXPECT_EQ(longest, "longest_frame_seconds 0.25");
    EXPECT_EQ(memory, "peak_memory_mb");
    EXPECT_GT(peak, 1.0) << "a test binary holds more than a megabyte";
    stats.write("");  // no --frame-stats: nothing written, nothing said
    testing::internal::CaptureStderr();
    stats.write((stagehand::test::scratchFolder() / "no_such_folder" / "stats.txt").string());
    const std::string said = testing::internal::GetCapturedStderr();
    EXPECT_NE(said.find("stagehand: cannot write the frame stats to "), std::string::npos) << said;
    EXPECT_NE(said.find("no_such_folder"), std::string::npos) << said;
    EXPECT_EQ(std::count(said.begin(), said.end(), '\n'), 1) << said;
}

// Without vsync the window sleeps off the rest of a frame of 1/120 s: over
// frames of every length, a frame and its wait last 1/120 s when the frame
// was quicker (never longer: motion stays smooth at 120 frames a second) and
// a slower frame waits for nothing.
TEST(FrameCap, a_frame_and_its_wait_last_a_hundred_and_twentieth_of_a_second_unless_it_took_longer) {
    constexpr double kFrame = 1.0 / 120.0;
    for (int k = 0; k <= 400; ++k) {
        const double spent = k * 0.0001;  // 0 to 40 ms
        const double wait = stagehand::Window::frameCapWait(spent);
        EXPECT_GE(wait, 0.0) << spent;
        EXPECT_NEAR(spent + wait, std::max(spent, kFrame), 1e-9) << "a frame of " << spent << " s";
    }
}
