// The timeline's audio lanes: music, voice and sounds as bars under the
// processes, from the transcript's sound events (each carries its clip's
// length, so a bar ends where the sound does, or where it was stopped).
#pragma once

#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "game/Transcript.h"

namespace stagehand {

struct AudioBar {
    double start = 0, end = 0;
    std::string label;
};

struct AudioLanes {
    std::vector<AudioBar> music, voice;
    std::vector<std::vector<AudioBar>> sounds;  // rows: sounds that overlap take rows of their own
    int rows() const { return 2 + static_cast<int>(sounds.empty() ? 1 : sounds.size()); }
    bool empty() const { return music.empty() && voice.empty() && sounds.empty(); }
};

AudioLanes audioLanes(const std::vector<TranscriptEvent>& events, double endTime);

// Draws the lanes from `top`, one `laneHeight` each; `x` maps seconds to pixels.
void drawAudioLanes(std::ostringstream& out, const AudioLanes& lanes, double top, double laneHeight, double width,
                    const std::function<double(double)>& x);
// Their names, for the names column.
void drawAudioNames(std::ostringstream& out, const AudioLanes& lanes, double top, double laneHeight);

}  // namespace stagehand
