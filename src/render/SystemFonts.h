// The last font fallback: on Linux, the system's fonts through fontconfig,
// for a character no font we ship has (Korean, or a script we have no subset
// for). fontconfig sorts its fonts for a sans-serif pattern holding the
// character (FcFontSort) and the first whose charset has it
// (FcCharSetHasChar) is the answer. Builds without fontconfig (Windows,
// the web; CMake's STAGEHAND_USE_FONTCONFIG) answer nothing.
#pragma once

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace stagehand {

struct SystemFont {
    std::string path;
    int index = 0;  // the face in a collection (.ttc)
};

class SystemFonts {
public:
    // `onlyFolders` empty: the system's configuration (read on the first
    // question, not before); else a configuration of those folders' fonts alone.
    explicit SystemFonts(std::vector<std::string> onlyFolders = {});
    ~SystemFonts();
    SystemFonts(const SystemFonts&) = delete;
    SystemFonts& operator=(const SystemFonts&) = delete;

    // A font file that has `codepoint`, asked once per code point.
    std::optional<SystemFont> fontFor(char32_t codepoint);
    // Whether this build can ask fontconfig at all.
    static bool available();

private:
    std::optional<SystemFont> lookUp(char32_t codepoint);

    std::vector<std::string> onlyFolders_;
    void* config_ = nullptr;  // FcConfig*, kept out of this header
    bool configured_ = false;
    std::unordered_map<char32_t, std::optional<SystemFont>> answers_;
};

}  // namespace stagehand
