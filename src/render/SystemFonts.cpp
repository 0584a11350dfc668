#include "render/SystemFonts.h"

#ifdef STAGEHAND_HAVE_FONTCONFIG
#include <SDL.h>
#include <fontconfig/fontconfig.h>

#include <filesystem>

#include "platform/Portable.h"
#endif

namespace stagehand {

#ifdef STAGEHAND_HAVE_FONTCONFIG
namespace {

// fontconfig is the system's, loaded when first asked, never linked: a
// program linked to it needs it to start (the players' Linux package must
// not: docs/PACKAGING.md), and it brings the system's FreeType, which must
// not meet the one linked into the engine (the engine's FreeType symbols are
// not exported, so the system's library keeps its own). Without it, as on
// Windows, nothing is answered. Each function typed from fontconfig's own
// header, so a changed signature fails to compile.
struct Fontconfig {
// (clang-format moves a macro's continued lines further right at each run.)
// clang-format off
#define STAGEHAND_FC_FUNCTIONS(X)                                                                 \
    X(FcInitLoadConfigAndFonts) X(FcConfigCreate) X(FcConfigAppFontAddFile) X(FcConfigDestroy)     \
    X(FcPatternCreate) X(FcCharSetCreate) X(FcCharSetAddChar) X(FcPatternAddCharSet)               \
    X(FcPatternAddString) X(FcPatternAddBool) X(FcConfigSubstitute) X(FcDefaultSubstitute)         \
    X(FcFontSort) X(FcPatternGetCharSet) X(FcCharSetHasChar) X(FcPatternGetString)                 \
    X(FcPatternGetInteger) X(FcFontSetDestroy) X(FcCharSetDestroy) X(FcPatternDestroy)
// clang-format on
#define STAGEHAND_FC_POINTER(name) decltype(&::name) name = nullptr;
    STAGEHAND_FC_FUNCTIONS(STAGEHAND_FC_POINTER)
#undef STAGEHAND_FC_POINTER
    bool loaded = false;

    Fontconfig() {
        void* library = SDL_LoadObject("libfontconfig.so.1");
        if (!library) {
            SDL_ClearError();
            return;
        }
        bool all = true;
#define STAGEHAND_FC_LOAD(name) \
    all = (name = reinterpret_cast<decltype(&::name)>(SDL_LoadFunction(library, #name))) && all;
        STAGEHAND_FC_FUNCTIONS(STAGEHAND_FC_LOAD)
#undef STAGEHAND_FC_LOAD
        // Kept loaded for the program's life: configurations made from it outlive any one SystemFonts.
        loaded = all;
        if (!all) SDL_ClearError();
    }
#undef STAGEHAND_FC_FUNCTIONS
};

const Fontconfig& fontconfig() {
    static const Fontconfig library;
    return library;
}

}  // namespace
#endif

SystemFonts::SystemFonts(std::vector<std::string> onlyFolders) : onlyFolders_(std::move(onlyFolders)) {}

std::optional<SystemFont> SystemFonts::fontFor(char32_t codepoint) {
    auto it = answers_.find(codepoint);
    if (it != answers_.end()) return it->second;
    return answers_.emplace(codepoint, lookUp(codepoint)).first->second;
}

#ifdef STAGEHAND_HAVE_FONTCONFIG

SystemFonts::~SystemFonts() {
    if (config_) fontconfig().FcConfigDestroy(static_cast<FcConfig*>(config_));
}

bool SystemFonts::available() {
    return fontconfig().loaded;
}

std::optional<SystemFont> SystemFonts::lookUp(char32_t codepoint) {
    const Fontconfig& fc = fontconfig();
    if (!fc.loaded) return std::nullopt;
    if (!configured_) {
        configured_ = true;
        FcConfig* config = nullptr;
        if (onlyFolders_.empty()) {
            config = fc.FcInitLoadConfigAndFonts();
        } else {
            // File by file: a folder added whole wants a cache written for it,
            // and a configuration of our own names no cache folder.
            config = fc.FcConfigCreate();
            std::error_code error;
            for (const std::string& folder : onlyFolders_)
                for (const auto& entry : std::filesystem::directory_iterator(pathFromUtf8(folder), error))
                    if (entry.is_regular_file(error))
                        fc.FcConfigAppFontAddFile(config,
                                                  reinterpret_cast<const FcChar8*>(utf8Path(entry.path()).c_str()));
        }
        config_ = config;
    }
    auto* config = static_cast<FcConfig*>(config_);
    if (!config) return std::nullopt;
    FcPattern* pattern = fc.FcPatternCreate();
    FcCharSet* wanted = fc.FcCharSetCreate();
    fc.FcCharSetAddChar(wanted, static_cast<FcChar32>(codepoint));
    fc.FcPatternAddCharSet(pattern, FC_CHARSET, wanted);
    fc.FcPatternAddString(pattern, FC_FAMILY, reinterpret_cast<const FcChar8*>("sans-serif"));
    fc.FcPatternAddBool(pattern, FC_SCALABLE, FcTrue);  // FreeType draws it at any size
    fc.FcConfigSubstitute(config, pattern, FcMatchPattern);
    fc.FcDefaultSubstitute(pattern);
    FcResult result = FcResultNoMatch;
    FcFontSet* sorted = fc.FcFontSort(config, pattern, FcFalse, nullptr, &result);
    std::optional<SystemFont> found;
    for (int i = 0; sorted && i < sorted->nfont && !found; ++i) {
        FcCharSet* has = nullptr;
        FcChar8* file = nullptr;
        int index = 0;
        if (fc.FcPatternGetCharSet(sorted->fonts[i], FC_CHARSET, 0, &has) != FcResultMatch ||
            !fc.FcCharSetHasChar(has, static_cast<FcChar32>(codepoint)) ||
            fc.FcPatternGetString(sorted->fonts[i], FC_FILE, 0, &file) != FcResultMatch)
            continue;
        fc.FcPatternGetInteger(sorted->fonts[i], FC_INDEX, 0, &index);
        found = SystemFont{reinterpret_cast<const char*>(file), index};
    }
    if (sorted) fc.FcFontSetDestroy(sorted);
    fc.FcCharSetDestroy(wanted);
    fc.FcPatternDestroy(pattern);
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
