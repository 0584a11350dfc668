#include "app/TimelineReport.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <sstream>

#include "app/TimelineAudio.h"
#include "platform/Portable.h"

namespace stagehand {

namespace {

// Sizes, in SVG pixels: readable for the demo's scenes at a glance; a long
// scene grows to the right and its page scrolls horizontally.
constexpr double kPixelsPerSecond = 90;
constexpr double kAxisHeight = 28;
constexpr double kDialogueHeight = 58;
constexpr double kLaneHeight = 26;
constexpr double kBarHeight = 14;
constexpr double kNamesWidth = 300;
constexpr double kRightMargin = 60;
constexpr std::size_t kLabelChars = 30;

struct WaitBar {
    double start = 0, end = 0;
    std::string kind, target, where;
};

struct Lane {
    long id = 0;
    long parent = 0;
    std::string name, where, status;
    double start = 0, end = -1;  // end < 0: still live when the run stopped
    std::vector<WaitBar> waits;
    std::vector<double> runs;  // moments the process ran (started or woke)
    std::vector<double> timeouts;
    int depth = 0;
    int row = 0;
};

struct Arrow {
    double time = 0;
    long from = 0, to = 0;  // from 0: the host
    std::string signal, event;
};

struct Label {
    double time = 0;
    std::string text, detail;
};

std::string field(const TranscriptEvent& e, const char* key) {
    const std::string* value = e.field(key);
    return value ? *value : std::string();
}

long idField(const TranscriptEvent& e, const char* key) {
    double value = 0;
    return parseFiniteNumber(field(e, key), value) ? static_cast<long>(value) : 0;
}

std::string escape(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
    }
    return out;
}

// At most `count` characters (UTF-8 aware), with an ellipsis when cut.
std::string shorten(const std::string& text, std::size_t count) {
    std::size_t chars = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;
        if (++chars > count) return text.substr(0, i) + "\u2026";
    }
    return text;
}

std::string number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", value);
    return text;
}

const char* colourOf(const std::string& kind) {
    static const std::map<std::string, const char*> colours = {
        {"seconds", "#4a7fd9"},   {"frames", "#2aa6a6"}, {"signal", "#e8912a"}, {"process", "#8d5fd6"},
        {"predicate", "#8a8f99"}, {"page", "#45a04a"},   {"menu", "#d9578f"},   {"walk", "#a97b4f"},
        {"near", "#9a9a35"},      {"sound", "#3f8f7a"}};
    auto it = colours.find(kind);
    return it == colours.end() ? "#777777" : it->second;
}

// What a wait bar says on itself: its target, seconds as "2.5 s".
std::string barText(const WaitBar& w) {
    double seconds = 0;
    if (w.kind == "seconds" && parseFiniteNumber(w.target, seconds)) {
        char text[32];
        std::snprintf(text, sizeof text, "%g s", seconds);
        return text;
    }
    return w.target;
}

struct Model {
    std::map<long, Lane> lanes;
    std::vector<Arrow> arrows;
    std::vector<Label> labels;
    double endTime = 0;
    bool hostSignals = false;
};

// Closes the wait a process was in when it next shows up at `time`.
void closeWait(Lane& lane, double time) {
    if (!lane.waits.empty() && lane.waits.back().end < 0) {
        lane.waits.back().end = time;
        lane.runs.push_back(time);
    }
}

Model buildModel(const std::vector<TranscriptEvent>& events) {
    Model m;
    for (const auto& e : events) {
        m.endTime = std::max(m.endTime, e.time);
        if (e.name == "process_start") {
            Lane& lane = m.lanes[idField(e, "id")];
            lane.id = idField(e, "id");
            lane.parent = idField(e, "parent");
            lane.name = field(e, "process");
            lane.where = field(e, "where");
            lane.start = e.time;
            lane.runs.push_back(e.time);
        } else if (e.name == "wait" || e.name == "process_end" || e.name == "timeout") {
            auto it = m.lanes.find(idField(e, "id"));
            if (it == m.lanes.end()) continue;
            Lane& lane = it->second;
            lane.name = field(e, "process");  // the latest name (setName may come after the start)
            if (e.name == "timeout") {
                lane.timeouts.push_back(e.time);
                continue;
            }
            closeWait(lane, e.time);
            if (e.name == "wait") {
                lane.waits.push_back({e.time, -1, field(e, "kind"), field(e, "target"), field(e, "where")});
            } else {
                lane.end = e.time;
                lane.status = field(e, "status");
            }
        } else if (e.name == "signal" || e.name == "latch") {
            long sender = idField(e, "sender");
            m.hostSignals = m.hostSignals || sender == 0;
            std::istringstream woke(field(e, "woke"));
            for (long to = 0; woke >> to;) {
                m.arrows.push_back({e.time, sender, to, field(e, "signal"), e.name});
                if (auto it = m.lanes.find(to); it != m.lanes.end()) closeWait(it->second, e.time);
            }
        } else if (e.name == "line" || e.name == "text" || e.name == "say") {
            std::string who = field(e, e.name == "say" ? "actor" : "speaker");
            std::string text = field(e, "text");
            m.labels.push_back({e.time, who.empty() ? text : who + ": " + text, e.name});
        } else if (e.name == "menu") {
            m.labels.push_back({e.time, "menu", field(e, "options")});
        } else if (e.name == "choice") {
            m.labels.push_back({e.time, "chose: " + field(e, "text"), "choice"});
        }
    }
    m.endTime = std::ceil(m.endTime + 0.5);
    return m;
}

// Lanes in tree order (each parent followed by its children, oldest first).
std::vector<Lane*> laneOrder(Model& m) {
    std::map<long, std::vector<long>> children;
    std::vector<long> roots;
    for (auto& [id, lane] : m.lanes) {
        if (lane.parent != 0 && m.lanes.count(lane.parent))
            children[lane.parent].push_back(id);
        else
            roots.push_back(id);
    }
    std::vector<Lane*> order;
    std::function<void(long, int)> visit = [&](long id, int depth) {
        Lane& lane = m.lanes[id];
        lane.depth = depth;
        lane.row = static_cast<int>(order.size());
        order.push_back(&lane);
        for (long child : children[id]) visit(child, depth + 1);
    };
    for (long root : roots) visit(root, 0);
    return order;
}

class Svg {
public:
    Svg(const Model& m, int rows, int audioRows) {
        width_ = m.endTime * kPixelsPerSecond + kRightMargin;
        hostRow_ = m.hostSignals ? rows : -1;
        audioRow_ = rows + (m.hostSignals ? 1 : 0);
        height_ = top() + (audioRow_ + audioRows) * kLaneHeight + 10;
    }
    double audioTop() const { return laneY(audioRow_); }
    double width() const { return width_; }
    double height() const { return height_; }
    double x(double time) const { return 10 + time * kPixelsPerSecond; }
    double top() const { return kAxisHeight + kDialogueHeight; }
    double laneY(int row) const { return top() + row * kLaneHeight; }
    double laneMid(int row) const { return laneY(row) + kLaneHeight / 2; }
    int hostRow() const { return hostRow_; }

    std::ostringstream out;

private:
    double width_ = 0, height_ = 0;
    int hostRow_ = -1;
    int audioRow_ = 0;  // the audio lanes come after the processes (and the host)
};

void drawAxis(Svg& svg, const Model& m) {
    int step = m.endTime > 120 ? 10 : (m.endTime > 40 ? 5 : 1);
    for (int s = 0; s <= static_cast<int>(m.endTime); ++s) {
        bool labelled = s % step == 0;
        svg.out << "<line class=\"tick\" x1=\"" << svg.x(s) << "\" y1=\"" << (labelled ? 16 : 22) << "\" x2=\""
                << svg.x(s) << "\" y2=\"" << svg.height() << "\" stroke=\"" << (labelled ? "#d5d9e0" : "#eceef2")
                << "\"/>\n";
        if (labelled) svg.out << "<text x=\"" << svg.x(s) + 3 << "\" y=\"13\" class=\"axis\">" << s << " s</text>\n";
    }
}

void drawDialogue(Svg& svg, const Model& m) {
    double y0 = kAxisHeight;
    svg.out << "<rect x=\"0\" y=\"" << y0 << "\" width=\"" << svg.width() << "\" height=\"" << kDialogueHeight - 4
            << "\" fill=\"#f4f0e6\"/>\n";
    int slot = 0;
    for (const Label& label : m.labels) {
        double x = svg.x(label.time), y = y0 + 14 + (slot++ % 3) * 15;
        svg.out << "<g class=\"label\"><title>" << number(label.time) << " s  " << escape(label.text);
        if (!label.detail.empty() && label.detail != "line" && label.detail != "text" && label.detail != "say")
            svg.out << "  " << escape(label.detail);
        svg.out << "</title><line x1=\"" << x << "\" y1=\"" << y0 << "\" x2=\"" << x << "\" y2=\"" << y + 3
                << "\" stroke=\"#b9a77c\"/><text x=\"" << x + 3 << "\" y=\"" << y << "\" class=\"dialogue\">"
                << escape(shorten(label.text, kLabelChars)) << "</text></g>\n";
    }
}

void drawLane(Svg& svg, const Model& m, const Lane& lane) {
    double mid = svg.laneMid(lane.row);
    double end = lane.end < 0 ? m.endTime : lane.end;
    svg.out << "<g class=\"lane\" data-id=\"" << lane.id << "\" data-parent=\"" << lane.parent << "\" data-name=\""
            << escape(lane.name) << "\">\n";
    svg.out << "<line class=\"life\" x1=\"" << svg.x(lane.start) << "\" y1=\"" << mid << "\" x2=\"" << svg.x(end)
            << "\" y2=\"" << mid << "\" stroke=\"#9aa1ad\" stroke-width=\"2\"/>\n";
    for (const WaitBar& w : lane.waits) {
        double wEnd = w.end < 0 ? end : w.end;
        double x0 = svg.x(w.start), width = std::max(2.0, svg.x(wEnd) - x0);
        svg.out << "<rect class=\"wait\" data-kind=\"" << escape(w.kind) << "\" x=\"" << x0 << "\" y=\""
                << mid - kBarHeight / 2 << "\" width=\"" << width << "\" height=\"" << kBarHeight
                << "\" rx=\"3\" fill=\"" << colourOf(w.kind) << "\"><title>" << escape(lane.name) << "\nwaits ("
                << escape(w.kind) << ") " << escape(w.target) << "\n"
                << number(w.start) << " s to " << number(wEnd) << " s\nat " << escape(w.where) << "</title></rect>\n";
        if (width > 40)
            svg.out << "<text x=\"" << x0 + 6 << "\" y=\"" << mid + 4 << "\" class=\"bar\">"
                    << escape(shorten(barText(w), static_cast<std::size_t>(width / 7))) << "</text>\n";
    }
    for (double t : lane.runs)
        svg.out << "<rect class=\"run\" x=\"" << svg.x(t) - 1.5 << "\" y=\"" << mid - kBarHeight / 2 - 2
                << "\" width=\"3\" height=\"" << kBarHeight + 4 << "\" fill=\"#1f2430\"><title>" << escape(lane.name)
                << " runs at " << number(t) << " s</title></rect>\n";
    for (double t : lane.timeouts)
        svg.out << "<circle class=\"timeout\" cx=\"" << svg.x(t) << "\" cy=\"" << mid << "\" r=\"5\" fill=\"none\" "
                << "stroke=\"#c0392b\" stroke-width=\"2\"><title>timed out at " << number(t) << " s</title></circle>\n";
    if (lane.end >= 0) {
        const char* colour = lane.status == "failed" ? "#c0392b" : (lane.status == "cancelled" ? "#7f8c8d" : "#2e7d32");
        svg.out << "<circle class=\"end\" cx=\"" << svg.x(lane.end) << "\" cy=\"" << mid << "\" r=\"4\" fill=\""
                << colour << "\"><title>" << escape(lane.name) << " " << escape(lane.status) << " at "
                << number(lane.end) << " s</title></circle>\n";
    }
    svg.out << "</g>\n";
}

void drawArrows(Svg& svg, const Model& m) {
    for (const Arrow& a : m.arrows) {
        auto from = m.lanes.find(a.from), to = m.lanes.find(a.to);
        if (to == m.lanes.end()) continue;
        int fromRow = a.from == 0 || from == m.lanes.end() ? svg.hostRow() : from->second.row;
        double x = svg.x(a.time), y1 = svg.laneMid(fromRow), y2 = svg.laneMid(to->second.row);
        double bulge = 26 + std::min(60.0, std::fabs(y2 - y1) / 6);
        svg.out << "<path class=\"arrow\" data-signal=\"" << escape(a.signal) << "\" data-from=\"" << a.from
                << "\" data-to=\"" << a.to << "\" d=\"M" << x << "," << y1 << " C" << x + bulge << "," << y1 << " "
                << x + bulge << "," << y2 << " " << x + 4 << "," << y2
                << "\" fill=\"none\" stroke=\"#d0661b\" stroke-width=\"1.6\" marker-end=\"url(#head)\"><title>"
                << escape(a.event) << " " << escape(a.signal) << " at " << number(a.time) << " s wakes "
                << escape(to->second.name) << "</title></path>\n";
        svg.out << "<text x=\"" << x + bulge + 3 << "\" y=\"" << (y1 + y2) / 2 + 4 << "\" class=\"signal\">"
                << escape(shorten(a.signal, kLabelChars)) << "</text>\n";
    }
}

void drawNames(std::ostringstream& out, const Svg& svg, const std::vector<Lane*>& order, const AudioLanes& audio) {
    out << "<svg class=\"names\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" << kNamesWidth << "\" height=\""
        << svg.height() << "\">\n";
    out << "<text x=\"8\" y=\"" << kAxisHeight + 20 << "\" class=\"heading\">dialogue</text>\n";
    for (const Lane* lane : order) {
        double y = svg.laneMid(lane->row) + 4;
        out << "<text x=\"" << 8 + lane->depth * 14 << "\" y=\"" << y << "\" class=\"name\"><title>"
            << escape(lane->name) << " (process " << lane->id << ", " << escape(lane->where) << ")</title>"
            << (lane->depth ? "\u2514 " : "") << escape(shorten(lane->name, 36 - lane->depth * 2)) << "</text>\n";
    }
    if (svg.hostRow() >= 0)
        out << "<text x=\"8\" y=\"" << svg.laneMid(svg.hostRow()) + 4
            << "\" class=\"name host\">the host (game)</text>\n";
    if (!audio.empty()) drawAudioNames(out, audio, svg.audioTop(), kLaneHeight);
    out << "</svg>\n";
}

const char* kStyle =
    R"(body{margin:0;padding:16px 20px;background:#fafafa;color:#1f2430;font:13px/1.4 "DejaVu Sans",Verdana,sans-serif}
h1{font-size:18px;margin:0 0 4px}p{margin:0 0 10px;color:#555}
.legend span{display:inline-block;margin-right:14px}.legend i{display:inline-block;width:14px;height:10px;border-radius:2px;margin-right:4px;vertical-align:middle}
.chart{display:flex;border:1px solid #d5d9e0;background:#fff}.scroll{overflow-x:auto;flex:1}
svg text{font-family:"DejaVu Sans",Verdana,sans-serif}.axis{font-size:11px;fill:#555}.name{font-size:12px;fill:#1f2430}
.host{fill:#8a5a14}.heading{font-size:12px;fill:#8a7a55;font-style:italic}.dialogue{font-size:11px;fill:#5b4a25}
.bar{font-size:10px;fill:#fff}.signal{font-size:10px;fill:#b3540f}
)";

}  // namespace

std::string timelineHtml(const std::vector<TranscriptEvent>& events, const std::string& title,
                         TimelineSummary* summary) {
    Model model = buildModel(events);
    std::vector<Lane*> order = laneOrder(model);
    AudioLanes audio = audioLanes(events, model.endTime);
    Svg svg(model, static_cast<int>(order.size()), audio.empty() ? 0 : audio.rows());
    svg.out << "<svg id=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" << svg.width() << "\" height=\""
            << svg.height() << "\">\n<defs><marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" "
            << "markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#d0661b\"/>"
            << "</marker></defs>\n";
    for (const Lane* lane : order)
        svg.out << "<rect x=\"0\" y=\"" << svg.laneY(lane->row) << "\" width=\"" << svg.width() << "\" height=\""
                << kLaneHeight << "\" fill=\"" << (lane->row % 2 ? "#f6f7f9" : "#ffffff") << "\"/>\n";
    drawAxis(svg, model);
    for (const Lane* lane : order) drawLane(svg, model, *lane);
    if (!audio.empty())
        drawAudioLanes(svg.out, audio, svg.audioTop(), kLaneHeight, svg.width(), [&svg](double t) { return svg.x(t); });
    drawDialogue(svg, model);
    drawArrows(svg, model);
    svg.out << "</svg>\n";

    std::ostringstream page;
    page << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" << escape(title)
         << "</title>\n<style>" << kStyle << "</style></head>\n<body>\n<h1>" << escape(title) << "</h1>\n<p>"
         << order.size() << " processes, " << model.arrows.size() << " wake-ups by signal, " << number(model.endTime)
         << " s. Hover a bar for its wait, target and line.</p>\n<p class=\"legend\">";
    for (const char* kind :
         {"seconds", "frames", "signal", "process", "predicate", "page", "menu", "walk", "near", "sound"})
        page << "<span><i style=\"background:" << colourOf(kind) << "\"></i>" << kind << "</span>";
    page << "<span>\u25AE runs</span><span style=\"color:#d0661b\">\u2192 signal wakes</span></p>\n"
         << "<div class=\"chart\">\n";
    drawNames(page, svg, order, audio);
    page << "<div class=\"scroll\">\n" << svg.out.str() << "</div>\n</div>\n</body></html>\n";
    if (summary) *summary = {static_cast<int>(order.size()), static_cast<int>(model.arrows.size()), model.endTime};
    return page.str();
}

}  // namespace stagehand
