#include "app/author/TimelineReport.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <optional>
#include <sstream>

#include "app/author/TimelineAudio.h"
#include "platform/Portable.h"

namespace stagehand {

namespace {

// Sizes, in SVG pixels: readable for the demo's scenes at a glance; a long
// scene grows to the right and its page scrolls horizontally.
constexpr double kPixelsPerSecond = 90;
constexpr double kAxisHeight = 28;
constexpr double kLaneHeight = 26;
constexpr double kBarHeight = 14;
constexpr double kNamesWidth = 300;
constexpr double kRightMargin = 60;
constexpr std::size_t kLabelChars = 30;
constexpr std::size_t kMessageChars = 70;  // a failure or stuck message beside its lane (the tooltip has it all)
constexpr double kLabelRowHeight = 15;
constexpr double kArrowReach = 90;  // how far right of its moment an arrow's curve may reach

struct WaitBar {
    double start = 0, end = 0;
    std::string kind, target, where;
};

struct TimelineLane {
    long id = 0;
    long parent = 0;
    std::string name, where, status;
    double start = 0, end = -1;  // end < 0: still live when the run stopped
    std::vector<WaitBar> waits;
    std::vector<double> runs;  // moments the process ran (started or woke)
    std::vector<double> timeouts;
    std::string failure;  // the error that ended it, when it failed
    std::string stuck;    // what it was stuck waiting on, when the deadlock report named it
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
    int row = 0;  // its row in its strip, so that no label runs into another
};

std::string field(const TranscriptEvent& e, const char* key) {
    const std::string* value = e.field(key);
    return value ? *value : std::string();
}

long idField(const TranscriptEvent& e, const char* key) {
    double value = 0;
    return parseFiniteNumber(field(e, key), value) ? static_cast<long>(value) : 0;
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

// Each kind of wait's colour, in the legend's order: the scheduler's kinds, then those
// the stage library (scripts/StageSupport.lua, scripts/stage/) labels (waitUntilLabelled).
const std::vector<std::pair<const char*, const char*>>& waitColours() {
    static const std::vector<std::pair<const char*, const char*>> colours = {
        {"seconds", "#4a7fd9"},   {"frames", "#2aa6a6"}, {"signal", "#e8912a"}, {"process", "#8d5fd6"},
        {"predicate", "#8a8f99"}, {"page", "#45a04a"},   {"menu", "#d9578f"},   {"walk", "#a97b4f"},
        {"near", "#9a9a35"},      {"sound", "#3f8f7a"},  {"tween", "#c06a3a"},  {"camera", "#5a6fa0"}};
    return colours;
}

const char* colourOf(const std::string& kind) {
    for (const auto& [name, colour] : waitColours())
        if (kind == name) return colour;
    return "#777777";
}

const char* endColour(const std::string& status) {
    return status == "failed" ? "#c0392b" : (status == "cancelled" ? "#7f8c8d" : "#2e7d32");
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
    std::map<long, TimelineLane> lanes;
    std::vector<Arrow> arrows;
    std::vector<Label> labels;   // dialogue, menus, choices, and errors no process claimed
    std::vector<Label> signals;  // the names of the signals that woke someone, over the lanes
    double endTime = 0;
    bool hostSignals = false;
    int labelRows = 1, signalRows = 0;
};

// The width a text takes in SVG pixels at `size`, a little generously (DejaVu Sans).
double textWidth(const std::string& text, double size) {
    std::size_t chars = 0;
    for (unsigned char c : text) chars += (c & 0xC0) != 0x80;
    return static_cast<double>(chars) * size * 0.62;
}

// The first x from `x` where `width` fits clear of every busy span.
double clearOf(const std::vector<std::pair<double, double>>& busy, double x, double width) {
    for (bool moved = true; moved;) {
        moved = false;
        for (const auto& [from, to] : busy)
            if (x < to && from < x + width) x = to + 2, moved = true;
    }
    return x;
}

// Closes the wait a process was in when it next shows up at `time`.
void closeWait(TimelineLane& lane, double time) {
    if (!lane.waits.empty() && lane.waits.back().end < 0) {
        lane.waits.back().end = time;
        lane.runs.push_back(time);
    }
}

// A failed process's error: the error event of the same moment (the
// scheduler reports it just before the process ends).
void claimError(TimelineLane& lane, std::vector<Label>& errors) {
    auto it = std::find_if(errors.begin(), errors.end(), [&](const Label& e) { return e.time == lane.end; });
    if (it == errors.end()) return;
    lane.failure = it->text;
    errors.erase(it);
}

// The deadlock report names the process and the line of the wait it is stuck in.
void markStuck(Model& m, const TranscriptEvent& e) {
    for (auto& [id, lane] : m.lanes)
        if (lane.end < 0 && lane.stuck.empty() && !lane.waits.empty() && lane.waits.back().end < 0 &&
            lane.waits.back().where == field(e, "where")) {
            lane.name = field(e, "process");
            lane.stuck = field(e, "waiting") + (field(e, "hint").empty() ? "" : " (" + field(e, "hint") + ")");
            return;
        }
}

Model buildModel(const std::vector<TranscriptEvent>& events) {
    Model m;
    std::vector<Label> errors;
    for (const auto& e : events) {
        m.endTime = std::max(m.endTime, e.time);
        if (e.name == "process_start") {
            TimelineLane& lane = m.lanes[idField(e, "id")];
            lane.id = idField(e, "id");
            lane.parent = idField(e, "parent");
            lane.name = field(e, "process");
            lane.where = field(e, "where");
            lane.start = e.time;
            lane.runs.push_back(e.time);
        } else if (e.name == "wait" || e.name == "process_end" || e.name == "timeout") {
            auto it = m.lanes.find(idField(e, "id"));
            if (it == m.lanes.end()) continue;
            TimelineLane& lane = it->second;
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
                if (lane.status == "failed") claimError(lane, errors);
            }
        } else if (e.name == "signal" || e.name == "latch") {
            long sender = idField(e, "sender");
            m.hostSignals = m.hostSignals || sender == 0;
            std::istringstream woke(field(e, "woke"));
            bool woken = false;
            for (long to = 0; woke >> to; woken = true) {
                m.arrows.push_back({e.time, sender, to, field(e, "signal"), e.name});
                if (auto it = m.lanes.find(to); it != m.lanes.end()) closeWait(it->second, e.time);
            }
            if (woken) m.signals.push_back({e.time, field(e, "signal"), e.name});
        } else if (e.name == "line" || e.name == "text" || e.name == "say" || e.name == "banner") {
            std::string who = field(e, e.name == "say" ? "actor" : "speaker");
            std::string text = field(e, "text");
            m.labels.push_back({e.time, who.empty() ? text : who + ": " + text, e.name});
        } else if (e.name == "menu") {
            m.labels.push_back({e.time, "menu", field(e, "options")});
        } else if (e.name == "choice") {
            m.labels.push_back({e.time, "chose: " + field(e, "text"), "choice"});
        } else if (e.name == "error") {
            errors.push_back({e.time, field(e, "message"), "error"});
        } else if (e.name == "stuck") {
            markStuck(m, e);
        }
    }
    for (auto& error : errors) m.labels.push_back({error.time, "error: " + error.text, "error"});
    std::stable_sort(m.labels.begin(), m.labels.end(), [](const Label& a, const Label& b) { return a.time < b.time; });
    m.endTime = std::ceil(m.endTime + 0.5);
    return m;
}

// Gives each label the first row where it does not run into the label before
// it; returns how many rows that takes.
int packLabels(std::vector<Label>& labels, std::size_t maxChars) {
    std::vector<double> rowEnds;
    for (Label& label : labels) {
        double x = label.time * kPixelsPerSecond, width = textWidth(shorten(label.text, maxChars), 11) + 10;
        auto row = std::find_if(rowEnds.begin(), rowEnds.end(), [&](double end) { return end < x; });
        if (row == rowEnds.end()) row = rowEnds.insert(rowEnds.end(), 0);
        *row = x + width;
        label.row = static_cast<int>(row - rowEnds.begin());
    }
    return static_cast<int>(rowEnds.size());
}

// Lanes in tree order (each parent followed by its children, oldest first).
std::vector<TimelineLane*> laneOrder(Model& m) {
    std::map<long, std::vector<long>> children;
    std::vector<long> roots;
    for (auto& [id, lane] : m.lanes) {
        if (lane.parent != 0 && m.lanes.count(lane.parent))
            children[lane.parent].push_back(id);
        else
            roots.push_back(id);
    }
    std::vector<TimelineLane*> order;
    std::function<void(long, int)> visit = [&](long id, int depth) {
        TimelineLane& lane = m.lanes[id];
        lane.depth = depth;
        lane.row = static_cast<int>(order.size());
        order.push_back(&lane);
        for (long child : children[id]) visit(child, depth + 1);
    };
    for (long root : roots) visit(root, 0);
    return order;
}

// What a lane says beside itself after its last moment: why it failed, or
// what it is stuck on.
std::string sideNote(const TimelineLane& lane) {
    if (!lane.failure.empty()) return "failed: " + lane.failure;
    if (!lane.stuck.empty()) return "stuck waiting on " + lane.stuck;
    return "";
}

class Svg {
public:
    Svg(const Model& m, int rows, int audioRows) {
        dialogueHeight_ = std::max(1, m.labelRows) * kLabelRowHeight + 14;
        signalsHeight_ = m.signalRows ? m.signalRows * kLabelRowHeight + 8 : 0;
        width_ = m.endTime * kPixelsPerSecond + kRightMargin;
        for (const auto& [id, lane] : m.lanes)  // room for the notes beside the lanes
            if (!sideNote(lane).empty())
                width_ = std::max(width_, x(lane.end < 0 ? m.endTime : lane.end) + kArrowReach +
                                              textWidth(shorten(sideNote(lane), kMessageChars), 11) + 30);
        hostRow_ = m.hostSignals ? rows : -1;
        audioRow_ = rows + (m.hostSignals ? 1 : 0);
        height_ = top() + (audioRow_ + audioRows) * kLaneHeight + 10;
    }
    double audioTop() const { return laneY(audioRow_); }
    double width() const { return width_; }
    double height() const { return height_; }
    double x(double time) const { return 10 + time * kPixelsPerSecond; }
    double dialogueHeight() const { return dialogueHeight_; }
    double signalsTop() const { return kAxisHeight + dialogueHeight_; }
    double top() const { return signalsTop() + signalsHeight_; }
    double laneY(int row) const { return top() + row * kLaneHeight; }
    double laneMid(int row) const { return laneY(row) + kLaneHeight / 2; }
    int hostRow() const { return hostRow_; }

    std::ostringstream out;
    // Per lane row, the x spans arrows cross: text drawn in a lane keeps clear of them.
    std::map<int, std::vector<std::pair<double, double>>> arrowSpans;

private:
    double width_ = 0, height_ = 0, dialogueHeight_ = 0, signalsHeight_ = 0;
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
    svg.out << "<rect x=\"0\" y=\"" << y0 << "\" width=\"" << svg.width() << "\" height=\"" << svg.dialogueHeight() - 4
            << "\" fill=\"#f4f0e6\"/>\n";
    for (const Label& label : m.labels) {
        bool error = label.detail == "error";
        double x = svg.x(label.time), y = y0 + 14 + label.row * kLabelRowHeight;
        svg.out << "<g class=\"label\" data-mark=\"" << (error ? "error" : "dialogue") << "\"><title>"
                << number(label.time) << " s  " << htmlEscaped(label.text);
        if (!label.detail.empty() && label.detail != "line" && label.detail != "text" && label.detail != "say" &&
            !error)
            svg.out << "  " << htmlEscaped(label.detail);
        svg.out << "</title><line x1=\"" << x << "\" y1=\"" << y - 11 << "\" x2=\"" << x << "\" y2=\"" << y + 3
                << "\" stroke=\"" << (error ? "#c0392b" : "#b9a77c") << "\"/><text x=\"" << x + 3 << "\" y=\"" << y
                << "\" class=\"" << (error ? "failure" : "dialogue") << "\">"
                << htmlEscaped(shorten(label.text, kLabelChars)) << "</text></g>\n";
    }
}

// The names of the signals that woke someone, in a strip over the lanes at
// their moments: beside the arrows they ran into the bars' text. Each label's
// tick spans its own row only, so no line crosses another label.
void drawSignalNames(Svg& svg, const Model& m) {
    for (const Label& signal : m.signals) {
        double x = svg.x(signal.time), y = svg.signalsTop() + 11 + signal.row * kLabelRowHeight;
        svg.out << "<g class=\"signal-name\" data-mark=\"signal-name\"><title>" << htmlEscaped(signal.detail) << " "
                << htmlEscaped(signal.text) << " at " << number(signal.time) << " s</title><line x1=\"" << x
                << "\" y1=\"" << y - 11 << "\" x2=\"" << x << "\" y2=\"" << y + 3
                << "\" stroke=\"#e9b48a\" stroke-dasharray=\"2,2\"/>"
                << "<text x=\"" << x + 3 << "\" y=\"" << y << "\" class=\"signal\">"
                << htmlEscaped(shorten(signal.text, kLabelChars)) << "</text></g>\n";
    }
}

// A wait bar's text, where it fits clear of the arrows crossing the lane
// (the tooltip always has it).
void drawBarText(Svg& svg, const WaitBar& w, int row, double x0, double width) {
    std::string text = barText(w);
    double mid = svg.laneMid(row), right = x0 + width - 4;
    double tx = clearOf(svg.arrowSpans[row], x0 + 6, std::min(textWidth(text, 10), 40.0));
    std::size_t fits = static_cast<std::size_t>(std::max(0.0, (right - tx) / (10 * 0.62)));
    if (fits < 3) return;
    text = shorten(text, fits - 1);
    if (tx + textWidth(text, 10) > right) return;
    svg.out << "<text x=\"" << tx << "\" y=\"" << mid + 4 << "\" class=\"bar\">" << htmlEscaped(text) << "</text>\n";
}

void drawWaits(Svg& svg, const Model& m, const TimelineLane& lane) {
    double mid = svg.laneMid(lane.row);
    double end = lane.end < 0 ? m.endTime : lane.end;
    for (std::size_t i = 0; i < lane.waits.size(); ++i) {
        const WaitBar& w = lane.waits[i];
        bool open = w.end < 0, stuck = open && i + 1 == lane.waits.size() && !lane.stuck.empty();
        double wEnd = open ? end : w.end;
        double x0 = svg.x(w.start), width = std::max(2.0, svg.x(wEnd) - x0);
        svg.out << "<rect class=\"wait" << (stuck ? " stuck" : "") << "\" data-kind=\"" << htmlEscaped(w.kind)
                << "\" data-mark=\"wait-" << htmlEscaped(w.kind) << "\" x=\"" << x0 << "\" y=\"" << mid - kBarHeight / 2
                << "\" width=\"" << width << "\" height=\"" << kBarHeight << "\" rx=\"3\" fill=\"" << colourOf(w.kind)
                << (stuck ? "\" stroke=\"#c0392b\" stroke-width=\"1.5\" stroke-dasharray=\"5,3" : "") << "\"><title>"
                << htmlEscaped(lane.name) << "\nwaits (" << htmlEscaped(w.kind) << ") " << htmlEscaped(w.target) << "\n"
                << number(w.start) << " s to "
                << (open ? (stuck ? "the end: stuck" : "the end: still waiting") : number(wEnd) + " s") << "\nat "
                << htmlEscaped(w.where) << "</title></rect>\n";
        drawBarText(svg, w, lane.row, x0, width);
        if (open) {  // never woke: a mark where the run stopped
            double x = svg.x(end);
            svg.out << "<path class=\"" << (stuck ? "stuck-mark" : "open-mark") << "\" data-mark=\""
                    << (stuck ? "stuck" : "open") << "\" d=\"M" << x << "," << mid - 8 << " L" << x + 8 << "," << mid
                    << " L" << x << "," << mid + 8 << " z\" fill=\"" << (stuck ? "#c0392b" : "#9aa1ad") << "\"><title>"
                    << htmlEscaped(lane.name)
                    << (stuck ? " is stuck waiting on " + htmlEscaped(lane.stuck) : " still waiting")
                    << " when the run stopped at " << number(end) << " s</title></path>\n";
        }
    }
}

// Why a lane ended badly, in words beside its end, clear of the arrows.
void drawSideNote(Svg& svg, const Model& m, const TimelineLane& lane) {
    std::string note = sideNote(lane);
    if (note.empty()) return;
    double end = lane.end < 0 ? m.endTime : lane.end;
    std::string shown = shorten(note, kMessageChars);
    double tx = clearOf(svg.arrowSpans[lane.row], svg.x(end) + 12, textWidth(shown, 11));
    svg.out << "<text class=\"" << (lane.failure.empty() ? "stuck" : "failure") << "\" data-mark=\""
            << (lane.failure.empty() ? "stuck" : "failure") << "\" x=\"" << tx << "\" y=\"" << svg.laneMid(lane.row) + 4
            << "\"><title>" << htmlEscaped(note) << "</title>" << htmlEscaped(shown) << "</text>\n";
}

void drawLane(Svg& svg, const Model& m, const TimelineLane& lane) {
    double mid = svg.laneMid(lane.row);
    double end = lane.end < 0 ? m.endTime : lane.end;
    svg.out << "<g class=\"lane\" data-id=\"" << lane.id << "\" data-parent=\"" << lane.parent << "\" data-name=\""
            << htmlEscaped(lane.name) << "\">\n";
    svg.out << "<line class=\"life\" x1=\"" << svg.x(lane.start) << "\" y1=\"" << mid << "\" x2=\"" << svg.x(end)
            << "\" y2=\"" << mid << "\" stroke=\"#9aa1ad\" stroke-width=\"2\"/>\n";
    drawWaits(svg, m, lane);
    for (double t : lane.runs)
        svg.out << "<rect class=\"run\" data-mark=\"run\" x=\"" << svg.x(t) - 1.5 << "\" y=\""
                << mid - kBarHeight / 2 - 2 << "\" width=\"3\" height=\"" << kBarHeight + 4
                << "\" fill=\"#1f2430\"><title>" << htmlEscaped(lane.name) << " runs at " << number(t)
                << " s</title></rect>\n";
    for (double t : lane.timeouts)
        svg.out << "<circle class=\"timeout\" data-mark=\"timeout\" cx=\"" << svg.x(t) << "\" cy=\"" << mid
                << "\" r=\"5\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"2\"><title>timed out at " << number(t)
                << " s</title></circle>\n";
    if (lane.end >= 0)
        svg.out << "<circle class=\"end\" data-mark=\"end-" << htmlEscaped(lane.status) << "\" cx=\"" << svg.x(lane.end)
                << "\" cy=\"" << mid << "\" r=\"4\" fill=\"" << endColour(lane.status) << "\"><title>"
                << htmlEscaped(lane.name) << " " << htmlEscaped(lane.status) << " at " << number(lane.end)
                << " s</title></circle>\n";
    drawSideNote(svg, m, lane);
    svg.out << "</g>\n";
}

// Where an arrow's curve runs: from the sender's lane at its moment, out to
// the right by `bulge`, into the woken lane.
struct ArrowPath {
    double x, y1, y2, bulge;
    int fromRow, toRow;
};

std::optional<ArrowPath> arrowPath(const Svg& svg, const Model& m, const Arrow& a) {
    auto from = m.lanes.find(a.from), to = m.lanes.find(a.to);
    if (to == m.lanes.end()) return std::nullopt;
    int fromRow = a.from == 0 || from == m.lanes.end() ? svg.hostRow() : from->second.row;
    double y1 = svg.laneMid(fromRow), y2 = svg.laneMid(to->second.row);
    double bulge = 26 + std::min(60.0, std::fabs(y2 - y1) / 6);
    return ArrowPath{svg.x(a.time), y1, y2, bulge, fromRow, to->second.row};
}

// The lanes each arrow crosses, and where: text in them keeps clear.
void noteArrowSpans(Svg& svg, const Model& m) {
    for (const Arrow& a : m.arrows)
        if (auto p = arrowPath(svg, m, a))
            for (int row = std::min(p->fromRow, p->toRow); row <= std::max(p->fromRow, p->toRow); ++row)
                svg.arrowSpans[row].push_back({p->x - 2, p->x + p->bulge * 0.75 + 4});
}

void drawArrows(Svg& svg, const Model& m) {
    for (const Arrow& a : m.arrows) {
        auto p = arrowPath(svg, m, a);
        if (!p) continue;
        svg.out << "<path class=\"arrow\" data-signal=\"" << htmlEscaped(a.signal) << "\" data-from=\"" << a.from
                << "\" data-to=\"" << a.to << "\" data-mark=\"arrow\" d=\"M" << p->x << "," << p->y1 << " C"
                << p->x + p->bulge << "," << p->y1 << " " << p->x + p->bulge << "," << p->y2 << " " << p->x + 4 << ","
                << p->y2 << "\" fill=\"none\" stroke=\"#d0661b\" stroke-width=\"1.6\" marker-end=\"url(#head)\"><title>"
                << htmlEscaped(a.event) << " " << htmlEscaped(a.signal) << " at " << number(a.time) << " s wakes "
                << htmlEscaped(m.lanes.at(a.to).name) << "</title></path>\n";
    }
}

void drawNames(std::ostringstream& out, const Svg& svg, const std::vector<TimelineLane*>& order,
               const AudioLanes& audio) {
    out << "<svg class=\"names\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" << kNamesWidth << "\" height=\""
        << svg.height() << "\">\n";
    out << "<text x=\"8\" y=\"" << kAxisHeight + 20 << "\" class=\"heading\">dialogue</text>\n";
    if (svg.top() > svg.signalsTop())
        out << "<text x=\"8\" y=\"" << svg.signalsTop() + 11 << "\" class=\"heading\">signals</text>\n";
    for (const TimelineLane* lane : order) {
        double y = svg.laneMid(lane->row) + 4;
        out << "<text x=\"" << 8 + lane->depth * 14 << "\" y=\"" << y << "\" class=\"name\"><title>"
            << htmlEscaped(lane->name) << " (process " << lane->id << ", " << htmlEscaped(lane->where) << ")</title>"
            << (lane->depth ? "\u2514 " : "") << htmlEscaped(shorten(lane->name, 36 - lane->depth * 2)) << "</text>\n";
    }
    if (svg.hostRow() >= 0)
        out << "<text x=\"8\" y=\"" << svg.laneMid(svg.hostRow()) + 4
            << "\" class=\"name host\">the host (game)</text>\n";
    if (!audio.empty()) drawAudioNames(out, audio, svg.audioTop(), kLaneHeight);
    out << "</svg>\n";
}

// One entry of the legend: its mark's name (as the chart's data-mark), a
// small picture of it and what it means.
struct LegendEntry {
    std::string mark, picture, meaning;
};

std::vector<LegendEntry> legendEntries() {
    std::vector<LegendEntry> entries;
    for (const auto& [kind, colour] : waitColours())
        entries.push_back(
            {std::string("wait-") + kind,
             std::string("<rect x=\"1\" y=\"2\" width=\"20\" height=\"10\" rx=\"2\" fill=\"") + colour + "\"/>",
             std::string("waits (") + kind + ")"});
    auto dot = [](const char* colour) {
        return std::string("<circle cx=\"11\" cy=\"7\" r=\"4\" fill=\"") + colour + "\"/>";
    };
    entries.push_back(
        {"run", "<rect x=\"9\" y=\"0\" width=\"3\" height=\"14\" fill=\"#1f2430\"/>", "runs (starts or wakes)"});
    entries.push_back({"arrow",
                       "<path d=\"M2,2 C18,2 18,12 6,12\" fill=\"none\" stroke=\"#d0661b\" stroke-width=\"1.6\" "
                       "marker-end=\"url(#legend-head)\"/>",
                       "a signal wakes a waiter"});
    entries.push_back(
        {"signal-name", "<text x=\"1\" y=\"11\" class=\"signal\">go</text>", "the signal's name, at its moment"});
    entries.push_back({"end-done", dot(endColour("done")), "ended"});
    entries.push_back({"end-failed", dot(endColour("failed")), "failed"});
    entries.push_back({"end-cancelled", dot(endColour("cancelled")), "cancelled"});
    entries.push_back(
        {"failure", "<text x=\"1\" y=\"11\" class=\"failure\">err</text>", "why it failed (the error's first line)"});
    entries.push_back({"stuck", "<path d=\"M6,0 L14,7 L6,14 z\" fill=\"#c0392b\"/>",
                       "stuck: a wait that can never end (the deadlock report), red-dashed to the end"});
    entries.push_back(
        {"open", "<path d=\"M6,0 L14,7 L6,14 z\" fill=\"#9aa1ad\"/>", "still waiting when the run stopped"});
    entries.push_back({"timeout",
                       "<circle cx=\"11\" cy=\"7\" r=\"5\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"2\"/>",
                       "a wait timed out"});
    entries.push_back(
        {"dialogue", "<text x=\"1\" y=\"11\" class=\"dialogue\">Hi</text>", "a line, page, menu or choice"});
    entries.push_back({"error", "<text x=\"1\" y=\"11\" class=\"failure\">err</text>", "an error no process owned"});
    return entries;
}

void drawLegend(std::ostringstream& page) {
    page << "<p class=\"legend\"><svg width=\"0\" height=\"0\"><defs><marker id=\"legend-head\" viewBox=\"0 0 10 10\" "
            "refX=\"9\" refY=\"5\" markerWidth=\"6\" markerHeight=\"6\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" "
            "fill=\"#d0661b\"/></marker></defs></svg>";
    for (const LegendEntry& entry : legendEntries())
        page << "<span class=\"mark\" data-mark=\"" << entry.mark << "\"><svg width=\"34\" height=\"14\">"
             << entry.picture << "</svg>" << entry.meaning << "</span>";
    page << "</p>\n";
}

const char* kStyle =
    R"(body{margin:0;padding:16px 20px;background:#fafafa;color:#1f2430;font:13px/1.4 "DejaVu Sans",Verdana,sans-serif}
h1{font-size:18px;margin:0 0 4px}p{margin:0 0 10px;color:#555}
.legend span{display:inline-block;margin:0 14px 4px 0}.legend svg{vertical-align:middle;margin-right:3px}
.chart{display:flex;border:1px solid #d5d9e0;background:#fff}.scroll{overflow-x:auto;flex:1}
svg text{font-family:"DejaVu Sans",Verdana,sans-serif}.axis{font-size:11px;fill:#555}.name{font-size:12px;fill:#1f2430}
.host{fill:#8a5a14}.heading{font-size:12px;fill:#8a7a55;font-style:italic}.dialogue{font-size:11px;fill:#5b4a25}
.bar{font-size:10px;fill:#fff}.signal{font-size:10px;fill:#b3540f}.failure,.stuck{font-size:11px;fill:#c0392b}
)";

}  // namespace

std::string timelineHtml(const std::vector<TranscriptEvent>& events, const std::string& title,
                         TimelineSummary* summary) {
    Model model = buildModel(events);
    model.labelRows = std::max(1, packLabels(model.labels, kLabelChars));
    model.signalRows = packLabels(model.signals, kLabelChars);
    std::vector<TimelineLane*> order = laneOrder(model);
    AudioLanes audio = audioLanes(events, model.endTime);
    Svg svg(model, static_cast<int>(order.size()), audio.empty() ? 0 : audio.rows());
    noteArrowSpans(svg, model);
    svg.out << "<svg id=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" << svg.width() << "\" height=\""
            << svg.height() << "\">\n<defs><marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" "
            << "markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#d0661b\"/>"
            << "</marker></defs>\n";
    for (const TimelineLane* lane : order)
        svg.out << "<rect x=\"0\" y=\"" << svg.laneY(lane->row) << "\" width=\"" << svg.width() << "\" height=\""
                << kLaneHeight << "\" fill=\"" << (lane->row % 2 ? "#f6f7f9" : "#ffffff") << "\"/>\n";
    drawAxis(svg, model);
    for (const TimelineLane* lane : order) drawLane(svg, model, *lane);
    if (!audio.empty())
        drawAudioLanes(svg.out, audio, svg.audioTop(), kLaneHeight, svg.width(), [&svg](double t) { return svg.x(t); });
    drawDialogue(svg, model);
    drawSignalNames(svg, model);
    drawArrows(svg, model);
    svg.out << "</svg>\n";

    std::ostringstream page;
    page << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" << htmlEscaped(title)
         << "</title>\n<style>" << kStyle << "</style></head>\n<body>\n<h1>" << htmlEscaped(title) << "</h1>\n<p>"
         << order.size() << " processes, " << model.arrows.size() << " wake-ups by signal, " << number(model.endTime)
         << " s. Hover a bar for its wait, target and line.</p>\n";
    drawLegend(page);
    page << "<div class=\"chart\">\n";
    drawNames(page, svg, order, audio);
    page << "<div class=\"scroll\">\n" << svg.out.str() << "</div>\n</div>\n</body></html>\n";
    if (summary) *summary = {static_cast<int>(order.size()), static_cast<int>(model.arrows.size()), model.endTime};
    return page.str();
}

}  // namespace stagehand
