// What the benchmarks share besides their cast (BenchCast.h): timing in
// milliseconds, the median of samples, and the data root found or reported.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "app/run/CommandLine.h"

namespace stagehand::bench {

using Clock = std::chrono::steady_clock;

inline double msSince(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

inline double medianMs(std::vector<double> samples) {
    std::sort(samples.begin(), samples.end());
    return samples[samples.size() / 2];
}

// The folder holding scripts/ and assets/, or an empty string after saying
// why on stderr (main then exits 2).
inline std::string dataRootOrSay() {
    std::string error;
    std::string root = locateDataRoot(error);
    if (root.empty()) std::fprintf(stderr, "%s\n", error.c_str());
    return root;
}

}  // namespace stagehand::bench
