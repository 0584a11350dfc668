// The timeline: a headless run's transcript drawn as one self-contained HTML
// page (inline SVG, no scripts, no network). A lane per process, nested under
// its parent; a bar per wait, coloured by its kind, whose tooltip names the
// wait, its target and the author's file:line; an arrow from each signal to
// every process it woke; dialogue as labels on a lane of its own; seconds
// along the top. Built from the mechanics events (process_start, wait,
// signal...) that WaitSupport's observer puts in the transcript.
#pragma once

#include <string>
#include <vector>

#include "game/Transcript.h"

namespace stagehand {

struct TimelineSummary {
    int processes = 0;
    int arrows = 0;
    double seconds = 0;
};

// The page for `events` (in time order), titled `title`.
std::string timelineHtml(const std::vector<TranscriptEvent>& events, const std::string& title,
                         TimelineSummary* summary = nullptr);

}  // namespace stagehand
