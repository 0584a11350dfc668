#include "game/Transcript.h"

#include <cstdio>

namespace stagehand {

namespace {

std::string jsonEscape(const std::string& s) {
    std::string out;
    out.reserve(s.size() + 2);
    for (unsigned char c : s) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            case '\r': out += "\\r"; break;
            default:
                if (c < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", c);
                    out += buf;
                } else {
                    out += static_cast<char>(c);
                }
        }
    }
    return out;
}

std::string formatTime(double t) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", t);
    return buf;
}

}  // namespace

std::string formatNumber(double value) {
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
        line += f.isNumber ? f.value : '"' + jsonEscape(f.value) + '"';
    }
    return line + '}';
}

}  // namespace stagehand
