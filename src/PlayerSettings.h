// What a player sets and expects to find again next time: text speed,
// auto-advance and its wait, text size, fullscreen and the window's size. Kept in a small text file
// (key = value lines) in SDL's per-user preference folder.
#pragma once

#include <string>

namespace stagehand {

// The choices behind the indices above: a name and its factor.
struct SettingChoice {
    const char* name;
    float factor;
};
constexpr SettingChoice kAutoAdvanceWaits[] = {{"short", 0.5f}, {"normal", 1.0f}, {"long", 2.0f}};
constexpr SettingChoice kTextSizes[] = {{"small", 0.85f}, {"normal", 1.0f}, {"large", 1.2f}};

struct PlayerSettings {
    int textSpeed = 1;  // index into PlayInput's speeds: slow, normal, fast, instant
    bool autoAdvance = false;
    int autoAdvanceWait = 1;  // 0 short, 1 normal, 2 long (see kAutoAdvanceWaits)
    int textSize = 1;         // 0 small, 1 normal, 2 large (see kTextSizes)
    bool fullscreen = false;
    int width = 1280, height = 720;

    // Reads `path`. A missing file gives the defaults silently; a damaged one
    // gives the defaults and a one-line `warning` naming the file and line.
    static PlayerSettings load(const std::string& path, std::string& warning);
    bool save(const std::string& path) const;

    // The settings file in SDL's per-user folder ("" if SDL has none).
    static std::string defaultPath();
};

}  // namespace stagehand
