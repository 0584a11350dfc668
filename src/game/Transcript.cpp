#include "game/Transcript.h"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace stagehand {

namespace {

// A JSON string body for any bytes: nlohmann's serializer escapes control
// characters and replaces invalid UTF-8 with U+FFFD, so every line parses.
std::string jsonEscape(const std::string& s) {
    std::string quoted = nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return quoted.substr(1, quoted.size() - 2);
}

std::string formatTime(double t) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", t);
    return buf;
}

}  // namespace

std::string formatNumber(double value) {
    if (std::isnan(value)) return "nan";  // the C library may print -nan or nan(ind)
    if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.10g", value);
    return buf;
}

TranscriptEvent& TranscriptEvent::with(std::string key, std::string value) {
    fields.push_back({std::move(key), std::move(value), false});
    return *this;
}

TranscriptEvent& TranscriptEvent::withNumber(std::string key, double value) {
    fields.push_back({std::move(key), formatNumber(value), true});
    return *this;
}

const std::string* TranscriptEvent::field(const std::string& key) const {
    for (const auto& f : fields)
        if (f.key == key) return &f.value;
    return nullptr;
}

void Transcript::record(TranscriptEvent event) {
    ++recorded_;
    events_.push_back(std::move(event));
    if (sink_) sink_(events_.back());
}

std::string Transcript::formatText(const TranscriptEvent& event) {
    std::string line = formatTime(event.time);
    line.insert(0, line.size() < 7 ? 7 - line.size() : 0, ' ');
    line += "  " + event.name;
    for (const auto& f : event.fields) {
        line += ' ' + f.key + '=';
        line += f.isNumber ? f.value : '"' + jsonEscape(f.value) + '"';
    }
    return line;
}

std::string Transcript::formatJson(const TranscriptEvent& event) {
    std::string line = "{\"t\":" + formatTime(event.time) + ",\"event\":\"" + jsonEscape(event.name) + '"';
    for (const auto& f : event.fields) {
        line += ",\"" + jsonEscape(f.key) + "\":";
        // JSON has no NaN or infinity: such a number is written as null.
        bool finite = f.value != "nan" && f.value != "inf" && f.value != "-inf";
        line += f.isNumber ? (finite ? f.value : "null") : '"' + jsonEscape(f.value) + '"';
    }
    return line + '}';
}

}  // namespace stagehand
