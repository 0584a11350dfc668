#include "app/run/UserFolder.h"

#include <SDL.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>

#include "platform/Portable.h"

namespace stagehand {

namespace {
std::string& userFolderName() {
    static std::string name = "stagehand";  // the demo's
    return name;
}

// The code point at `at`, moving `at` past it; a malformed byte is U+FFFD, one byte long.
char32_t decodeUtf8At(const std::string& text, std::size_t& at) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(at);
    const int length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 0;
    if (length == 0 || at + length > text.size()) {
        ++at;
        return 0xFFFD;
    }
    char32_t c = length == 1 ? lead : lead & (0x7F >> length);
    for (int i = 1; i < length; ++i) {
        if ((byte(at + i) & 0xC0) != 0x80) {
            ++at;
            return 0xFFFD;
        }
        c = (c << 6) | (byte(at + i) & 0x3F);
    }
    at += length;
    return c;
}

// Spaces and punctuation, which a file name is better without: ASCII's, Latin-1's
// signs (not its letters), general punctuation and CJK's.
bool separates(char32_t c) {
    if (c < 0x80) return !std::isalnum(static_cast<unsigned char>(c));
    return c < 0xC0 || c == 0xD7 || c == 0xF7 || (c >= 0x2000 && c <= 0x206F) || (c >= 0x3000 && c <= 0x303F) ||
           (c >= 0xFF00 && c <= 0xFF0F) || c == 0xFEFF || c == 0xFFFD;
}
}  // namespace

std::string fileNameOfTitle(const std::string& title) {
    // Every letter and digit kept, in any script ("時計塔", "ärger"); ASCII in lower case.
    std::string name;
    for (std::size_t at = 0; at < title.size();) {
        std::size_t from = at;
        char32_t c = decodeUtf8At(title, at);
        if (!separates(c))
            name += c < 0x80 ? std::string(1, static_cast<char>(std::tolower(static_cast<int>(c))))
                             : title.substr(from, at - from);
        else if (!name.empty() && name.back() != '-')
            name += '-';
    }
    while (!name.empty() && name.back() == '-') name.pop_back();
    return name;
}

void useUserFolderOf(const std::string& title) {
    std::string name = fileNameOfTitle(title);
    if (!name.empty()) userFolderName() = name;
}

std::string userFolder() {
    const char* chosen = std::getenv("STAGEHAND_USER_DIR");
    if (chosen && *chosen) {
        std::error_code ignored;  // made if missing, as SDL makes its own; a failure shows when a file is written
        std::filesystem::create_directories(pathFromUtf8(chosen), ignored);
        return chosen;
    }
    char* folder = SDL_GetPrefPath("Stagehand", userFolderName().c_str());
    if (!folder) return "";
    std::string path = folder;
    SDL_free(folder);
    return path;
}

}  // namespace stagehand
