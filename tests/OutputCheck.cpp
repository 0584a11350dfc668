// stagehand_output_check: judges what the game wrote by its content, for the
// command-line tests in tests/OutputChecks.cmake (they run it after running
// stagehand, under wine too when cross-built).
//
//   stagehand_output_check image ACTUAL.png EXPECTED.png MAX_MEAN_DIFF MAX_DIFFERING_FRACTION
//     The two pictures have the same size and differ by at most MAX_MEAN_DIFF
//     (mean absolute difference per channel, 0-255) in each of R, G and B, and
//     at most MAX_DIFFERING_FRACTION of the pixels differ by more than
//     kPixelDiffers in some channel. The expected picture must not be blank.
//
//   stagehand_output_check json-lines TRANSCRIPT.jsonl
//     Every line is one JSON object (strictly: nothing after it, valid UTF-8),
//     with a number "t" that never goes back, an "event" of the documented
//     kinds, and that kind's documented fields with their types.
//
// Exit 0 when the output passes, 1 with one line per problem when it does
// not, 2 for bad usage or an unreadable file.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "platform/Portable.h"
#include "render/ImageFiles.h"

namespace {

constexpr int kOk = 0, kFailed = 1, kBadUsage = 2;

// A channel difference above this is a different pixel, not rounding: GL
// implementations differ by a few levels where edges are blended.
constexpr int kPixelDiffers = 48;

// A reference picture with fewer colours than this is not a frame of the game.
constexpr std::size_t kFewestColoursInAFrame = 32;

int usage() {
    std::cerr << "usage: stagehand_output_check image ACTUAL.png EXPECTED.png MAX_MEAN_DIFF MAX_DIFFERING_FRACTION\n"
                 "       stagehand_output_check json-lines TRANSCRIPT.jsonl\n";
    return kBadUsage;
}

bool readNumber(const std::string& text, double& value) {
    std::istringstream in(text);
    in.imbue(std::locale::classic());
    return static_cast<bool>(in >> value) && in.peek() == std::char_traits<char>::eof();
}

int compareImages(const std::string& actualPath, const std::string& expectedPath, double maxMeanDiff,
                  double maxDifferingFraction) {
    using stagehand::pathFromUtf8;
    std::string error;
    stagehand::SurfacePtr actual = stagehand::loadRgbaImage(pathFromUtf8(actualPath), error);
    if (!actual) {
        std::cout << "FAIL: " << error << '\n';
        return kFailed;
    }
    stagehand::SurfacePtr expected = stagehand::loadRgbaImage(pathFromUtf8(expectedPath), error);
    if (!expected) {
        std::cerr << error << '\n';
        return kBadUsage;
    }
    if (actual->w != expected->w || actual->h != expected->h) {
        std::cout << "FAIL: " << actualPath << " is " << actual->w << "x" << actual->h << ", expected " << expected->w
                  << "x" << expected->h << '\n';
        return kFailed;
    }
    double sum[3] = {0, 0, 0};
    long differing = 0;
    std::set<std::uint32_t> expectedColours;
    for (int y = 0; y < actual->h; ++y) {
        const auto* a = static_cast<const std::uint8_t*>(actual->pixels) + y * actual->pitch;
        const auto* e = static_cast<const std::uint8_t*>(expected->pixels) + y * expected->pitch;
        for (int x = 0; x < actual->w; ++x, a += 4, e += 4) {
            int worst = 0;
            for (int c = 0; c < 3; ++c) {
                int d = std::abs(a[c] - e[c]);
                sum[c] += d;
                worst = std::max(worst, d);
            }
            if (worst > kPixelDiffers) ++differing;
            expectedColours.insert(std::uint32_t{e[0]} << 16 | std::uint32_t{e[1]} << 8 | e[2]);
        }
    }
    double pixels = static_cast<double>(actual->w) * actual->h;
    double mean[3] = {sum[0] / pixels, sum[1] / pixels, sum[2] / pixels};
    double fraction = differing / pixels;
    std::cout << "mean absolute difference R " << mean[0] << " G " << mean[1] << " B " << mean[2] << " (at most "
              << maxMeanDiff << "); " << differing << " of " << static_cast<long>(pixels)
              << " pixels differ by more than " << kPixelDiffers << " (" << fraction * 100 << "%, at most "
              << maxDifferingFraction * 100 << "%)\n";
    int status = kOk;
    if (expectedColours.size() < kFewestColoursInAFrame) {
        std::cout << "FAIL: the expected picture " << expectedPath << " has only " << expectedColours.size()
                  << " colours: it is not a frame of the game\n";
        status = kFailed;
    }
    if (std::max({mean[0], mean[1], mean[2]}) > maxMeanDiff) {
        std::cout << "FAIL: " << actualPath << " differs from " << expectedPath << " by more than the tolerance\n";
        status = kFailed;
    }
    if (fraction > maxDifferingFraction) {
        std::cout << "FAIL: " << actualPath << " has too many pixels unlike " << expectedPath << '\n';
        status = kFailed;
    }
    return status;
}

// The documented events (docs/COMMANDS.md, "The command line") and the fields each
// always carries: 's' a string, 'n' a number.
const std::map<std::string, std::map<std::string, char>>& documentedEvents() {
    static const std::map<std::string, std::map<std::string, char>> events = {
        {"scene_start", {{"scene", 's'}}},
        {"scene_end", {{"scene", 's'}, {"status", 's'}}},
        {"activate", {{"actor", 's'}}},
        {"deactivate", {{"actor", 's'}}},
        {"walk", {{"actor", 's'}, {"to", 's'}}},
        {"arrive", {{"actor", 's'}, {"at", 's'}}},
        {"say", {{"actor", 's'}, {"text", 's'}}},
        {"line", {{"speaker", 's'}, {"text", 's'}}},
        {"text", {{"text", 's'}}},
        {"image", {{"name", 's'}}},
        {"portrait", {{"actor", 's'}, {"image", 's'}}},
        {"expression", {{"actor", 's'}, {"expression", 's'}}},
        {"backdrop", {{"name", 's'}}},  // and "transition", when there is one
        {"sprite", {{"actor", 's'}, {"image", 's'}}},
        {"show", {{"actor", 's'}, {"expression", 's'}}},
        {"hide", {{"actor", 's'}}},
        {"frameRate", {{"sprite", 's'}, {"animation", 's'}, {"fps", 'n'}}},
        {"cue", {{"tag", 's'}}},
        {"menu", {{"options", 's'}}},
        {"choice", {{"index", 'n'}, {"text", 's'}}},
        {"jump", {{"target", 's'}}},
        {"cancelled", {{"process", 's'}, {"by", 's'}}},
        {"banner", {{"text", 's'}}},
        {"fade", {{"kind", 's'}, {"seconds", 'n'}}},
        {"controls", {{"enabled", 's'}}},
        {"print", {{"text", 's'}}},
        {"error", {{"message", 's'}, {"where", 's'}}},
        {"stuck", {{"process", 's'}, {"waiting", 's'}, {"where", 's'}}},
        {"process_start", {{"id", 'n'}, {"process", 's'}, {"parent", 'n'}, {"where", 's'}}},
        {"process_end", {{"id", 'n'}, {"process", 's'}, {"status", 's'}}},
        {"wait", {{"id", 'n'}, {"process", 's'}, {"kind", 's'}, {"target", 's'}, {"where", 's'}}},
        {"signal", {{"signal", 's'}, {"sender", 'n'}, {"sender_name", 's'}, {"woken", 'n'}, {"woke", 's'}}},
        {"latch", {{"signal", 's'}, {"sender", 'n'}, {"sender_name", 's'}, {"woken", 'n'}, {"woke", 's'}}},
        {"unlatch", {{"signal", 's'}, {"sender", 'n'}, {"sender_name", 's'}}},
        {"timeout", {{"id", 'n'}, {"process", 's'}, {"signal", 's'}}},
        {"music", {{"name", 's'}, {"volume", 'n'}, {"fade", 'n'}, {"loop", 's'}, {"seconds", 'n'}}},
        {"music_stop", {{"fade", 'n'}}},
        {"sound", {{"id", 'n'}, {"name", 's'}, {"volume", 'n'}, {"pan", 'n'}, {"seconds", 'n'}}},
        {"sound_stop", {{"id", 'n'}, {"fade", 'n'}}},
        {"voice", {{"speaker", 's'}, {"name", 's'}, {"seconds", 'n'}}},
        {"voice_stop", {{"name", 's'}}},
        {"blip", {{"actor", 's'}, {"name", 's'}}},
        // --explore's report (no "t": it is about many runs): 'a' a list of numbers, 'b' a boolean.
        {"explore_scene",
         {{"scene", 's'}, {"paths", 'n'}, {"every_path", 'b'}, {"errors", 'n'}, {"hangs", 'n'}, {"seconds", 'n'}}},
        {"explore_path", {{"scene", 's'}, {"path", 'a'}, {"status", 's'}, {"seconds", 'n'}}},
        {"explore_error", {{"scene", 's'}, {"path", 'a'}, {"message", 's'}}},
        {"explore_hang", {{"scene", 's'}, {"path", 'a'}, {"message", 's'}}},
        {"explore_never_offered", {{"where", 's'}, {"call", 's'}, {"function", 's'}, {"text", 's'}}},
        {"explore_never_shown", {{"where", 's'}, {"call", 's'}, {"function", 's'}, {"text", 's'}}},
        {"explore_summary",
         {{"scenes", 'n'},
          {"paths", 'n'},
          {"errors", 'n'},
          {"hangs", 'n'},
          {"never_offered", 'n'},
          {"never_shown", 'n'},
          {"seconds", 'n'}}},
    };
    return events;
}

bool hasType(const nlohmann::json& value, char type) {
    switch (type) {
        case 's': return value.is_string();
        case 'b': return value.is_boolean();
        case 'a':
            return value.is_array() &&
                   std::all_of(value.begin(), value.end(), [](const auto& v) { return v.is_number(); });
        default: return value.is_number();
    }
}

const char* typeName(char type) {
    return type == 's' ? "string" : type == 'b' ? "boolean" : type == 'a' ? "list of numbers" : "number";
}

// The problems of one parsed line (empty when it passes). `lastTime` is the
// previous line's time and becomes this one's.
std::vector<std::string> lineProblems(const nlohmann::json& object, double& lastTime) {
    std::vector<std::string> problems;
    if (!object.is_object()) return {"not a JSON object"};
    auto t = object.find("t");
    auto named = object.find("event");
    bool report = named != object.end() && named->is_string() && named->get<std::string>().rfind("explore_", 0) == 0;
    if (report) {
        // --explore's lines are about many runs: they carry no time.
    } else if (t == object.end() || !t->is_number()) {
        problems.push_back("no number \"t\"");
    } else {
        double time = t->get<double>();
        if (time < lastTime) problems.push_back("\"t\" goes back from " + std::to_string(lastTime));
        lastTime = time;
    }
    auto event = object.find("event");
    if (event == object.end() || !event->is_string()) {
        problems.push_back("no string \"event\"");
        return problems;
    }
    auto kind = documentedEvents().find(event->get<std::string>());
    if (kind == documentedEvents().end()) {
        problems.push_back("undocumented event \"" + event->get<std::string>() + "\"");
        return problems;
    }
    for (const auto& [key, type] : kind->second) {
        auto field = object.find(key);
        if (field == object.end())
            problems.push_back("no \"" + key + "\"");
        else if (!hasType(*field, type))
            problems.push_back("\"" + key + "\" is not a " + typeName(type));
    }
    if (!problems.empty()) return problems;
    const std::string& name = kind->first;
    if (name == "process_end") {
        static const std::set<std::string> statuses = {"done", "failed", "cancelled"};
        if (!statuses.count(object["status"].get<std::string>())) problems.push_back("unknown status");
    } else if (name == "wait") {
        static const std::set<std::string> kinds = {"seconds", "frames", "signal", "process", "predicate",
                                                    "page",    "menu",   "walk",   "near",    "sound"};
        if (!kinds.count(object["kind"].get<std::string>())) problems.push_back("unknown wait kind");
    } else if (name == "signal" || name == "latch") {
        // "woke" lists the woken ids: as many as "woken" counts.
        std::istringstream ids(object["woke"].get<std::string>());
        long id = 0, count = 0;
        while (ids >> id) ++count;
        if (!ids.eof()) problems.push_back("\"woke\" is not a list of ids");
        if (count != object["woken"].get<double>())
            problems.push_back("\"woke\" lists a different count than \"woken\"");
    }
    return problems;
}

int checkJsonLines(const std::string& path) {
    std::ifstream in(stagehand::pathFromUtf8(path), std::ios::binary);
    if (!in) {
        std::cerr << "cannot read " << path << '\n';
        return kBadUsage;
    }
    std::stringstream whole;
    whole << in.rdbuf();
    std::string text = whole.str();
    if (text.empty()) {
        std::cout << "FAIL: " << path << " is empty: no transcript at all\n";
        return kFailed;
    }
    if (text.back() != '\n') {
        std::cout << "FAIL: " << path << " does not end with a newline\n";
        return kFailed;
    }
    int failures = 0, number = 0;
    double lastTime = -1e300;
    std::map<std::string, int> counts;
    for (std::size_t start = 0, end; start < text.size(); start = end + 1) {
        end = text.find('\n', start);
        std::string line = text.substr(start, end - start);
        ++number;
        std::vector<std::string> problems;
        try {
            auto object = nlohmann::json::parse(line);  // strict: one value, nothing after it
            problems = lineProblems(object, lastTime);
            if (problems.empty()) ++counts[object["event"].get<std::string>()];
        } catch (const nlohmann::json::exception& e) {
            problems.push_back(std::string("not JSON: ") + e.what());
        }
        for (const auto& problem : problems) {
            if (++failures <= 20) std::cout << "FAIL: line " << number << ": " << problem << ": " << line << '\n';
        }
    }
    std::cout << number << " lines of JSON";
    for (const auto& [name, count] : counts) std::cout << ", " << count << " " << name;
    std::cout << '\n';
    return failures == 0 ? kOk : kFailed;
}

}  // namespace

int main(int argc, char** argv) {
    stagehand::useBinaryStandardStreams();  // "\n" under wine too, as the test scripts split on it
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.size() == 5 && args[0] == "image") {
        double maxMeanDiff = 0, maxDifferingFraction = 0;
        if (!readNumber(args[3], maxMeanDiff) || !readNumber(args[4], maxDifferingFraction)) return usage();
        return compareImages(args[1], args[2], maxMeanDiff, maxDifferingFraction);
    }
    if (args.size() == 2 && args[0] == "json-lines") return checkJsonLines(args[1]);
    return usage();
}
