#include "render/SystemFonts.h"

#ifdef STAGEHAND_HAVE_FONTCONFIG
#include <fontconfig/fontconfig.h>

#include <filesystem>

#include "platform/Portable.h"
#endif

namespace stagehand {

SystemFonts::SystemFonts(std::vector<std::string> onlyFolders) : onlyFolders_(std::move(onlyFolders)) {}

std::optional<SystemFont> SystemFonts::fontFor(char32_t codepoint) {
    auto it = answers_.find(codepoint);
    if (it != answers_.end()) return it->second;
    return answers_.emplace(codepoint, lookUp(codepoint)).first->second;
}

#ifdef STAGEHAND_HAVE_FONTCONFIG

SystemFonts::~SystemFonts() {
    if (config_) FcConfigDestroy(static_cast<FcConfig*>(config_));
}

bool SystemFonts::available() {
    return true;
}

std::optional<SystemFont> SystemFonts::lookUp(char32_t codepoint) {
    if (!configured_) {
        configured_ = true;
        FcConfig* config = nullptr;
        if (onlyFolders_.empty()) {
            config = FcInitLoadConfigAndFonts();
        } else {
            // File by file: a folder added whole wants a cache written for it,
            // and a configuration of our own names no cache folder.
            config = FcConfigCreate();
            std::error_code error;
            for (const std::string& folder : onlyFolders_)
                for (const auto& entry : std::filesystem::directory_iterator(pathFromUtf8(folder), error))
                    if (entry.is_regular_file(error))
                        FcConfigAppFontAddFile(config,
                                               reinterpret_cast<const FcChar8*>(utf8Path(entry.path()).c_str()));
        }
        config_ = config;
    }
    auto* config = static_cast<FcConfig*>(config_);
    if (!config) return std::nullopt;
    FcPattern* pattern = FcPatternCreate();
    FcCharSet* wanted = FcCharSetCreate();
    FcCharSetAddChar(wanted, static_cast<FcChar32>(codepoint));
    FcPatternAddCharSet(pattern, FC_CHARSET, wanted);
    FcPatternAddString(pattern, FC_FAMILY, reinterpret_cast<const FcChar8*>("sans-serif"));
    FcPatternAddBool(pattern, FC_SCALABLE, FcTrue);  // FreeType draws it at any size
    FcConfigSubstitute(config, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result = FcResultNoMatch;
    FcFontSet* sorted = FcFontSort(config, pattern, FcFalse, nullptr, &result);
    std::optional<SystemFont> found;
    for (int i = 0; sorted && i < sorted->nfont && !found; ++i) {
        FcCharSet* has = nullptr;
        FcChar8* file = nullptr;
        int index = 0;
        if (FcPatternGetCharSet(sorted->fonts[i], FC_CHARSET, 0, &has) != FcResultMatch ||
            !FcCharSetHasChar(has, static_cast<FcChar32>(codepoint)) ||
            FcPatternGetString(sorted->fonts[i], FC_FILE, 0, &file) != FcResultMatch)
            continue;
        FcPatternGetInteger(sorted->fonts[i], FC_INDEX, 0, &index);
        found = SystemFont{reinterpret_cast<const char*>(file), index};
    }
    if (sorted) FcFontSetDestroy(sorted);
    FcCharSetDestroy(wanted);
    FcPatternDestroy(pattern);
    return found;
}

#else

SystemFonts::~SystemFonts() {
    (void)config_, (void)configured_;  // used by fontconfig's lookUp only
}

bool SystemFonts::available() {
    return false;
}

std::optional<SystemFont> SystemFonts::lookUp(char32_t) {
    return std::nullopt;
}

#endif

}  // namespace stagehand
