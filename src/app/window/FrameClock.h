// The frame loop's clock: fixed simulation ticks from variable frame times.
// Wall time accumulates; each whole tick in it is run; a frame longer than
// kMaxFrameSeconds counts as that long, so a stall (a debugger, a dragged
// window) never fires a burst of hundreds of ticks.
#pragma once

#include <algorithm>
#include <cstdio>
#include <string>

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

// The author's hands on the scene's clock in the window: pause, step one tick,
// and run slower or faster. Only how many ticks a frame runs changes, so the
// run itself (and its input log) is the same as at normal speed.
class Playback {
public:
    static constexpr double kMinSpeed = 0.125, kMaxSpeed = 8;

    void togglePause() { paused_ = !paused_; }
    void step() { steps_ += paused_ ? 1 : 0; }
    void slower() { speed_ = std::max(kMinSpeed, speed_ / 2); }
    void faster() { speed_ = std::min(kMaxSpeed, speed_ * 2); }
    bool paused() const { return paused_; }
    double speed() const { return speed_; }

    // The ticks this frame runs: none while paused (but the steps asked for).
    int ticksFor(FrameClock& clock, double frameSeconds) {
        int ticks = clock.ticksFor(paused_ ? 0 : frameSeconds * speed_);
        ticks += steps_;
        steps_ = 0;
        return ticks;
    }

    // "" at normal speed, else what the author set, for the screen.
    std::string label() const {
        char text[96] = "";
        if (paused_)
            std::snprintf(text, sizeof text, "paused (P resumes, . steps one tick)");
        else if (speed_ != 1)
            std::snprintf(text, sizeof text, "%gx speed ([ slower, ] faster)", speed_);
        return text;
    }

private:
    bool paused_ = false;
    int steps_ = 0;
    double speed_ = 1;
};

}  // namespace stagehand
