#include "render/Utf8.h"

namespace stagehand::utf8 {

namespace {
constexpr char32_t kReplacement = 0xFFFD;

bool isContinuation(unsigned char byte) {
    return (byte & 0xC0) == 0x80;
}
}  // namespace

char32_t next(std::string_view text, std::size_t& offset) {
    auto lead = static_cast<unsigned char>(text[offset]);
    int extra = lead < 0x80 ? 0 : (lead >> 5) == 0x6 ? 1 : (lead >> 4) == 0xE ? 2 : (lead >> 3) == 0x1E ? 3 : -1;
    if (extra < 0 || offset + extra >= text.size()) {
        ++offset;
        return kReplacement;
    }
    char32_t cp = extra == 0 ? lead : lead & (0x3F >> extra);
    for (int i = 1; i <= extra; ++i) {
        auto byte = static_cast<unsigned char>(text[offset + i]);
        if (!isContinuation(byte)) {
            ++offset;
            return kReplacement;
        }
        cp = (cp << 6) | (byte & 0x3F);
    }
    offset += extra + 1;
    return cp;
}

std::size_t length(std::string_view text) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < text.size(); ++count) next(text, i);
    return count;
}

std::size_t offsetOf(std::string_view text, std::size_t count) {
    std::size_t i = 0;
    for (std::size_t n = 0; n < count && i < text.size(); ++n) next(text, i);
    return i;
}

}  // namespace stagehand::utf8
