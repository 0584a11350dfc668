// What happened in the world, as it happens: transcript events stamped with
// the world's time, and the player's inputs stamped with the tick they
// arrived at (for --record). Shared by the world's parts so each records its
// own events without knowing the others.
#pragma once

#include <cstdint>
#include <functional>

#include "game/InputLog.h"
#include "game/Transcript.h"

namespace stagehand {

class Chronicle {
public:
    using InputRecorder = std::function<void(const InputCommand&)>;

    explicit Chronicle(Transcript& transcript) : transcript_(transcript) {}

    double time() const { return static_cast<double>(ticks_) * tickSeconds_; }
    std::uint64_t ticks() const { return ticks_; }
    void setTickSeconds(double seconds) { tickSeconds_ = seconds; }
    void nextTick() { ++ticks_; }

    // An event named `name`, stamped now, for the caller to fill and record.
    TranscriptEvent event(const char* name) const {
        TranscriptEvent e;
        e.time = time();
        e.name = name;
        return e;
    }
    void record(TranscriptEvent e) { transcript_.record(std::move(e)); }
    const std::uint64_t& recordedCount() const { return transcript_.recordedCount(); }

    void setInputRecorder(InputRecorder recorder) { recorder_ = std::move(recorder); }
    void recordInput(InputCommand command) {
        command.tick = ticks_;
        if (recorder_) recorder_(command);
    }

private:
    Transcript& transcript_;
    InputRecorder recorder_;
    std::uint64_t ticks_ = 0;
    double tickSeconds_ = 1.0 / 60.0;
};

}  // namespace stagehand
