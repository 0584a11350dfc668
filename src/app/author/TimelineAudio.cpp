#include "app/author/TimelineAudio.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "platform/Portable.h"

namespace stagehand {

namespace {

double numberField(const TranscriptEvent& e, const char* key, double fallback) {
    const std::string* text = e.field(key);
    double value = fallback;
    return text && parseFiniteNumber(*text, value) ? value : fallback;
}

std::string textField(const TranscriptEvent& e, const char* key) {
    const std::string* text = e.field(key);
    return text ? *text : std::string();
}

// Ends the bar still sounding on a one-at-a-time lane (music, voice) at `time`.
void cut(std::vector<AudioBar>& lane, double time) {
    if (!lane.empty() && lane.back().end > time) lane.back().end = time;
}

// A sound's bar goes on the first row free at its start.
void place(std::vector<std::vector<AudioBar>>& rows, const AudioBar& bar, std::map<long, std::pair<int, int>>& where,
           long id) {
    for (std::size_t r = 0; r < rows.size(); ++r)
        if (rows[r].back().end <= bar.start) {
            rows[r].push_back(bar);
            where[id] = {static_cast<int>(r), static_cast<int>(rows[r].size() - 1)};
            return;
        }
    rows.push_back({bar});
    where[id] = {static_cast<int>(rows.size() - 1), 0};
}

std::string escape(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '&')
            out += "&amp;";
        else if (c == '<')
            out += "&lt;";
        else if (c == '>')
            out += "&gt;";
        else if (c == '"')
            out += "&quot;";
        else
            out += c;
    }
    return out;
}

void drawBars(std::ostringstream& out, const std::vector<AudioBar>& bars, double y, double height, const char* colour,
              const char* kind, const std::function<double(double)>& x) {
    for (const AudioBar& bar : bars) {
        double x0 = x(bar.start), w = std::max(2.0, x(bar.end) - x0);
        char times[64];
        std::snprintf(times, sizeof times, "%.1f s to %.1f s", bar.start, bar.end);
        out << "<rect class=\"audio\" data-kind=\"" << kind << "\" x=\"" << x0 << "\" y=\"" << y + 5 << "\" width=\""
            << w << "\" height=\"" << height - 10 << "\" rx=\"3\" fill=\"" << colour << "\" opacity=\"0.8\"><title>"
            << kind << " " << escape(bar.label) << "\n"
            << times << "</title></rect>\n";
        if (w > 40)
            out << "<text x=\"" << x0 + 5 << "\" y=\"" << y + height / 2 + 4 << "\" class=\"bar\">"
                << escape(bar.label.substr(0, static_cast<std::size_t>(w / 7))) << "</text>\n";
    }
}

}  // namespace

AudioLanes audioLanes(const std::vector<TranscriptEvent>& events, double endTime) {
    AudioLanes lanes;
    std::map<long, std::pair<int, int>> soundAt;  // sound id -> (row, index)
    for (const auto& e : events) {
        double seconds = numberField(e, "seconds", 0);
        bool loops = textField(e, "loop") == "true";
        double end = loops ? endTime : std::min(endTime, e.time + seconds);
        if (e.name == "music") {
            cut(lanes.music, e.time);
            lanes.music.push_back({e.time, end, textField(e, "name")});
        } else if (e.name == "music_stop") {
            cut(lanes.music, e.time);
        } else if (e.name == "voice") {
            cut(lanes.voice, e.time);
            std::string speaker = textField(e, "speaker");
            lanes.voice.push_back({e.time, end, (speaker.empty() ? "" : speaker + ": ") + textField(e, "name")});
        } else if (e.name == "voice_stop") {
            cut(lanes.voice, e.time);
        } else if (e.name == "sound") {
            place(lanes.sounds, {e.time, end, textField(e, "name")}, soundAt,
                  static_cast<long>(numberField(e, "id", 0)));
        } else if (e.name == "sound_stop") {
            auto it = soundAt.find(static_cast<long>(numberField(e, "id", 0)));
            if (it != soundAt.end()) {
                AudioBar& bar = lanes.sounds[it->second.first][it->second.second];
                bar.end = std::min(bar.end, e.time);
            }
        }
    }
    return lanes;
}

void drawAudioLanes(std::ostringstream& out, const AudioLanes& lanes, double top, double laneHeight, double width,
                    const std::function<double(double)>& x) {
    for (int row = 0; row < lanes.rows(); ++row)
        out << "<rect x=\"0\" y=\"" << top + row * laneHeight << "\" width=\"" << width << "\" height=\"" << laneHeight
            << "\" fill=\"" << (row % 2 ? "#eef5f3" : "#f5faf8") << "\"/>\n";
    drawBars(out, lanes.music, top, laneHeight, "#3f8f7a", "music", x);
    drawBars(out, lanes.voice, top + laneHeight, laneHeight, "#b5527a", "voice", x);
    for (std::size_t r = 0; r < lanes.sounds.size(); ++r)
        drawBars(out, lanes.sounds[r], top + (2 + static_cast<double>(r)) * laneHeight, laneHeight, "#4f79b0", "sound",
                 x);
}

void drawAudioNames(std::ostringstream& out, const AudioLanes& lanes, double top, double laneHeight) {
    const char* names[] = {"\u266B music", "\u266A voice", "\u266A sounds"};
    for (int row = 0; row < 3; ++row)
        out << "<text x=\"8\" y=\"" << top + row * laneHeight + laneHeight / 2 + 4 << "\" class=\"name audio\">"
            << names[row] << "</text>\n";
    (void)lanes;
}

}  // namespace stagehand
