#include <gtest/gtest.h>

#include "FrameClock.h"

using stagehand::FrameClock;

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
