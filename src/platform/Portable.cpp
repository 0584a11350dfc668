#include "platform/Portable.h"

#include <cmath>
#include <cstdio>
#include <locale>
#include <sstream>

#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
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

}  // namespace stagehand
