// What a soak reads of a window's run (--frame-stats, tools/soak-window.sh):
// frames shown, how long the first took to show and the longest.
#pragma once

#include <string>

namespace stagehand {

struct FrameStats {
    long frames = 0;
    double firstFrameSeconds = -1, longestFrameSeconds = 0;

    // The file's lines, with the run's peak memory.
    std::string text(double peakMemoryMegabytes) const;
    // Writes text() to `path` (nothing for ""); a file it cannot write is one line on stderr.
    void write(const std::string& path) const;
};

// One frame shown at `now` (seconds): the window opened at `opened`, the frame before it ended at `previous`.
void countFrame(FrameStats& stats, double opened, double previous, double now);

}  // namespace stagehand
