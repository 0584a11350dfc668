#include "app/window/PlayerSettings.h"

#include <fstream>
#include <iterator>
#include <locale>
#include <sstream>

#include "app/run/UserFolder.h"
#include "lang/StringTable.h"
#include "platform/Portable.h"

namespace stagehand {

namespace {

bool readInt(const std::string& text, int low, int high, int& out) {
    long long value = 0;
    if (!parseWholeNumber(text, low, high, value)) return false;
    out = static_cast<int>(value);
    return true;
}

bool readBool(const std::string& text, bool& out) {
    if (text != "true" && text != "false") return false;
    out = text == "true";
    return true;
}

// A language code (letters, digits, -) or nothing: whether the script has
// that language is known only when it is loaded (WindowGame says so then).
bool readLanguage(const std::string& text, std::string& out) {
    if (!text.empty() && !lang::isLanguageCode(text)) return false;
    out = text;
    return true;
}

}  // namespace

PlayerSettings PlayerSettings::load(const std::string& path, std::string& warning) {
    PlayerSettings settings;
    std::ifstream in(pathFromUtf8(path), std::ios::binary);
    if (!in) return settings;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        std::size_t eq = line.find('=');
        std::string key = eq == std::string::npos ? line : line.substr(0, eq);
        std::string value = eq == std::string::npos ? "" : line.substr(eq + 1);
        auto trim = [](std::string& s) {
            s.erase(0, s.find_first_not_of(" \t"));
            s.erase(s.find_last_not_of(" \t") + 1);
        };
        trim(key);
        trim(value);
        bool ok = key == "text_speed"          ? readInt(value, 0, 3, settings.textSpeed)
                  : key == "auto_advance"      ? readBool(value, settings.autoAdvance)
                  : key == "auto_advance_wait" ? readInt(value, 0, 2, settings.autoAdvanceWait)
                  : key == "text_size"         ? readInt(value, 0, 2, settings.textSize)
                  : key == "fullscreen"        ? readBool(value, settings.fullscreen)
                  : key == "window_width"      ? readInt(value, 320, 16384, settings.width)
                  : key == "window_height"     ? readInt(value, 180, 16384, settings.height)
                  : key == "master_volume"     ? readInt(value, 0, kVolumeSteps, settings.masterVolume)
                  : key == "music_volume"      ? readInt(value, 0, kVolumeSteps, settings.musicVolume)
                  : key == "sound_volume"      ? readInt(value, 0, kVolumeSteps, settings.soundVolume)
                  : key == "voice_volume"      ? readInt(value, 0, kVolumeSteps, settings.voiceVolume)
                  : key == "mute_unfocused"    ? readBool(value, settings.muteUnfocused)
                  : key == "self_voicing"      ? readBool(value, settings.selfVoicing)
                  : key == "font"              ? readInt(value, 0, std::size(kFontChoices) - 1, settings.font)
                  : key == "line_spacing"      ? readInt(value, 0, std::size(kLineSpacings) - 1, settings.lineSpacing)
                  : key == "high_contrast"     ? readBool(value, settings.highContrast)
                  : key == "reduce_flashes"    ? readBool(value, settings.reduceFlashes)
                  : key == "skip_all"          ? readBool(value, settings.skipAll)
                  : key == "mark_read"         ? readBool(value, settings.markRead)
                  : key == "language"          ? readLanguage(value, settings.language)
                                               : false;
        if (!ok) {
            warning = path + ":" + std::to_string(number) + ": cannot read '" + line + "'; using the default settings";
            return PlayerSettings{};
        }
    }
    return settings;
}

bool PlayerSettings::save(const std::string& path) const {
    std::ofstream out(pathFromUtf8(path), std::ios::binary | std::ios::trunc);
    out << "# Stagehand settings (the game rewrites this file)\n"
        << "text_speed = " << textSpeed << "\n"
        << "auto_advance = " << (autoAdvance ? "true" : "false") << "\n"
        << "auto_advance_wait = " << autoAdvanceWait << "\n"
        << "text_size = " << textSize << "\n"
        << "fullscreen = " << (fullscreen ? "true" : "false") << "\n"
        << "window_width = " << width << "\n"
        << "window_height = " << height << "\n"
        << "master_volume = " << masterVolume << "\n"
        << "music_volume = " << musicVolume << "\n"
        << "sound_volume = " << soundVolume << "\n"
        << "voice_volume = " << voiceVolume << "\n"
        << "mute_unfocused = " << (muteUnfocused ? "true" : "false") << "\n"
        << "self_voicing = " << (selfVoicing ? "true" : "false") << "\n"
        << "font = " << font << "\n"
        << "line_spacing = " << lineSpacing << "\n"
        << "high_contrast = " << (highContrast ? "true" : "false") << "\n"
        << "reduce_flashes = " << (reduceFlashes ? "true" : "false") << "\n"
        << "skip_all = " << (skipAll ? "true" : "false") << "\n"
        << "mark_read = " << (markRead ? "true" : "false") << "\n"
        << "language = " << language << "\n";
    return static_cast<bool>(out.flush());
}

std::string PlayerSettings::defaultPath() {
    std::string folder = userFolder();
    return folder.empty() ? "" : joinPath(folder, "settings.txt");
}

}  // namespace stagehand
