// What a save remembers of its run to notice an edited script: each line,
// page, menu, choice and wait (RunCheck), and the replay that compares a run
// of today's script against them as it goes (docs/REPLAY.md, "Divergence").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/run/Simulation.h"

namespace stagehand {

// The check an event makes, or none for events a save does not compare.
std::optional<RunCheck> checkOf(const TranscriptEvent& event);

// Replays `input` from a fresh load of `scene` to tick `ticks` with the
// scheduler's waits observed, and returns its checks. Throws LoadError.
std::vector<RunCheck> collectChecks(Simulation::Options options, const std::string& scene, const InputLog& input,
                                    std::uint64_t ticks);

// How far today's script replays a save the same way.
struct Divergence {
    bool diverged = false;
    std::uint64_t matchedUpTo = 0;  // the last tick that still matches (the save's `at` when none differs)
    std::string message;            // one line: where (file:line) and why, and where the run was stopped
};

// Replays the save against its checks; stops at the first that differs.
// Throws LoadError when the script does not load or has no such scene.
Divergence findDivergence(Simulation::Options options, const InputLog& save);

}  // namespace stagehand
