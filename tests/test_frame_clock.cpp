#include <gtest/gtest.h>

#include "app/FrameClock.h"

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
