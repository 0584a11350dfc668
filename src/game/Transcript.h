// The transcript: one record per observable event with its simulation time.
// Headless runs print it; golden tests compare it byte for byte.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace stagehand {

struct TranscriptField {
    std::string key;
    std::string value;
    bool isNumber = false;
};

struct TranscriptEvent {
    double time = 0;
    std::string name;
    std::vector<TranscriptField> fields;

    TranscriptEvent& with(std::string key, std::string value);
    TranscriptEvent& withNumber(std::string key, double value);
    const std::string* field(const std::string& key) const;
};

class Transcript {
public:
    using Sink = std::function<void(const TranscriptEvent&)>;

    void setSink(Sink sink) { sink_ = std::move(sink); }
    void record(TranscriptEvent event);
    const std::vector<TranscriptEvent>& events() const { return events_; }
    // Every event recorded so far, counted where the script host's watchdog
    // can read it: a loop that records events without waiting is stopped.
    const std::uint64_t& recordedCount() const { return recorded_; }

    static std::string formatText(const TranscriptEvent& event);
    static std::string formatJson(const TranscriptEvent& event);

private:
    std::vector<TranscriptEvent> events_;
    std::uint64_t recorded_ = 0;
    Sink sink_;
};

std::string formatNumber(double value);

}  // namespace stagehand
