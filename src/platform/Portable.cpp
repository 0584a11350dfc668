#include "platform/Portable.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <locale>
#include <sstream>

#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#include <windows.h>
// windows.h comes first: psapi.h needs its types.
#include <psapi.h>
#else
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace stagehand {

std::filesystem::path pathFromUtf8(std::string_view utf8) {
    return std::filesystem::u8path(utf8.begin(), utf8.end());
}

std::string utf8Path(const std::filesystem::path& path) {
    auto text = path.generic_u8string();
    return std::string(text.begin(), text.end());
}

std::string joinPath(std::string_view base, std::string_view relative) {
    return utf8Path(pathFromUtf8(base) / pathFromUtf8(relative));
}

bool parseFiniteNumber(std::string_view text, double& value) {
    if (text.empty()) return false;
    std::istringstream in{std::string(text)};
    in.imbue(std::locale::classic());
    double parsed = 0;
    in >> parsed;
    if (in.fail() || !in.eof() || !std::isfinite(parsed)) return false;
    value = parsed;
    return true;
}

bool parseWholeNumber(std::string_view text, long long low, long long high, long long& value) {
    if (text.empty()) return false;
    std::istringstream in{std::string(text)};
    in.imbue(std::locale::classic());
    long long parsed = 0;
    in >> parsed;
    if (in.fail() || !in.eof() || parsed < low || parsed > high) return false;
    value = parsed;
    return true;
}

void useBinaryStandardStreams() {
#ifdef _WIN32
    _setmode(_fileno(stdout), _O_BINARY);
    _setmode(_fileno(stderr), _O_BINARY);
#endif
}

#ifdef _WIN32
namespace {
PROCESS_MEMORY_COUNTERS memoryCounters() {
    PROCESS_MEMORY_COUNTERS counters{};
    counters.cb = sizeof counters;
    if (!K32GetProcessMemoryInfo(GetCurrentProcess(), &counters, sizeof counters)) counters.cb = 0;
    return counters;
}
}  // namespace

double residentMegabytes() {
    PROCESS_MEMORY_COUNTERS counters = memoryCounters();
    return counters.cb ? static_cast<double>(counters.WorkingSetSize) / (1024.0 * 1024.0) : -1;
}

double peakResidentMegabytes() {
    PROCESS_MEMORY_COUNTERS counters = memoryCounters();
    return counters.cb ? static_cast<double>(counters.PeakWorkingSetSize) / (1024.0 * 1024.0) : -1;
}
#else
double residentMegabytes() {
    // /proc/self/statm's second field: pages in RAM (Linux); elsewhere unknown.
    std::FILE* statm = std::fopen("/proc/self/statm", "r");
    if (!statm) return -1;
    long total = 0, resident = -1;
    int read = std::fscanf(statm, "%ld %ld", &total, &resident);
    std::fclose(statm);
    if (read != 2) return -1;
    return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

double peakResidentMegabytes() {
    struct rusage usage {};
    if (getrusage(RUSAGE_SELF, &usage) != 0) return -1;
#ifdef __APPLE__
    return static_cast<double>(usage.ru_maxrss) / (1024.0 * 1024.0);  // bytes on macOS
#else
    return static_cast<double>(usage.ru_maxrss) / 1024.0;  // kilobytes on Linux
#endif
}
#endif

bool startsWithFile(std::string_view message) {
    std::size_t from = message.size() > 2 && message[1] == ':' && std::isalpha(static_cast<unsigned char>(message[0]))
                           ? 2  // a Windows drive, C:
                           : 0;
    std::size_t colon = message.find(':', from);
    if (colon == std::string_view::npos || colon == 0 || colon + 1 >= message.size()) return false;
    std::string_view file = message.substr(0, colon);
    bool pathLike = file.find_first_of("./\\") != std::string_view::npos;
    // A space is a path's only where the path is plainly one (absolute, ./, ~,
    // a drive: "C:/Program Files/..."); else the words before a colon are a
    // sentence's ("cannot load the icon x.png: ...").
    bool rooted = from == 2 || file[0] == '/' || file[0] == '\\' || file[0] == '.' || file[0] == '~';
    char after = message[colon + 1];
    return pathLike && (rooted || file.find(' ') == std::string_view::npos) &&
           (after == ' ' || std::isdigit(static_cast<unsigned char>(after)));
}

std::string problemLine(const std::string& message) {
    return startsWithFile(message) ? message : "stagehand: " + message;
}

std::string warningLine(const std::string& message) {
    if (!startsWithFile(message)) return "stagehand: warning: " + message;
    // After `file:` and a line number's `LINE:` when there is one.
    std::size_t colon = message.find(':', message.size() > 2 && message[1] == ':' ? 2 : 0);
    std::size_t digits = colon + 1;
    while (digits < message.size() && std::isdigit(static_cast<unsigned char>(message[digits]))) ++digits;
    std::size_t end = digits > colon + 1 && digits < message.size() && message[digits] == ':' ? digits + 1 : colon + 1;
    if (end < message.size() && message[end] == ' ') ++end;
    return message.substr(0, end) + "warning: " + message.substr(end);
}

std::string htmlEscaped(std::string_view text) {
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

}  // namespace stagehand
