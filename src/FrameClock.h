// The frame loop's clock: fixed simulation ticks from variable frame times.
// Wall time accumulates; each whole tick in it is run; a frame longer than
// kMaxFrameSeconds counts as that long, so a stall (a debugger, a dragged
// window) never fires a burst of hundreds of ticks.
#pragma once

#include <algorithm>

namespace stagehand {

class FrameClock {
public:
    static constexpr double kMaxFrameSeconds = 0.25;

    explicit FrameClock(double tickSeconds) : tickSeconds_(tickSeconds) {}

    // Adds a frame's wall time; returns how many ticks to run now.
    int ticksFor(double frameSeconds) {
        accumulator_ += std::clamp(frameSeconds, 0.0, kMaxFrameSeconds);
        int ticks = 0;
        while (accumulator_ >= tickSeconds_) {
            accumulator_ -= tickSeconds_;
            ++ticks;
        }
        return ticks;
    }
    void reset() { accumulator_ = 0; }

private:
    double tickSeconds_;
    double accumulator_ = 0;
};

}  // namespace stagehand
