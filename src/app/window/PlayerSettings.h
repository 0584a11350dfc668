// What a player sets and expects to find again next time: text speed,
// auto-advance and its wait, text size, fullscreen, the window's size, and
// the sound's volumes (and whether it mutes when the window loses focus), and
// the accessibility options (self-voicing, font, line spacing, high contrast,
// fewer flashes and shakes), how skip treats unread lines and whether read
// lines look different. Kept in a small text file
// (key = value lines) in the player's folder (userFolder(), app/run/UserFolder.h).
#pragma once

#include <string>

namespace stagehand {

// The choices behind the indices above: a name (an engine word's ID, shown
// through lang::word, or the name itself when it is not one) and its factor.
struct SettingChoice {
    const char* name;
    float factor;
};
constexpr SettingChoice kAutoAdvanceWaits[] = {{"value.short", 0.5f}, {"value.normalWait", 1.0f}, {"value.long", 2.0f}};
constexpr SettingChoice kTextSizes[] = {{"value.small", 0.85f}, {"value.normalSize", 1.0f}, {"value.large", 1.2f}};
// The fonts a player can read the story in (factor unused); the index is TextRenderer's FontFamily.
constexpr SettingChoice kFontChoices[] = {{"DejaVu Sans", 1.0f}, {"OpenDyslexic", 1.0f}};
constexpr SettingChoice kLineSpacings[] = {{"1.0", 1.0f}, {"1.25", 1.25f}, {"1.5", 1.5f}};

struct PlayerSettings {
    int textSpeed = 1;  // index into PlayInput's speeds: slow, normal, fast, instant
    bool autoAdvance = false;
    int autoAdvanceWait = 1;  // 0 short, 1 normal, 2 long (see kAutoAdvanceWaits)
    int textSize = 1;         // 0 small, 1 normal, 2 large (see kTextSizes)
    bool fullscreen = false;
    int width = 1280, height = 720;
    static constexpr int kVolumeSteps = 10;  // volumes in tenths: 0 (silent) to 10 (as made)
    int masterVolume = 10, musicVolume = 8, soundVolume = 10, voiceVolume = 10;
    bool muteUnfocused = true;
    // Accessibility (the pause overlay's last rows).
    bool selfVoicing = false;    // lines, pages, choices and menu rows read aloud (when a synthesiser exists)
    int font = 0;                // index into kFontChoices
    int lineSpacing = 0;         // index into kLineSpacings
    bool highContrast = false;   // opaque boxes, text at 7:1 or more against them
    bool reduceFlashes = false;  // flash() is a short dim instead of white; shakes stand still
    bool skipAll = false;        // skip passes unread lines too (else it stops at the first one: LinesRead.h)
    bool markRead = false;       // lines read in an earlier run are drawn in another colour
    std::string language;        // the language lines are shown in (src/lang): "" the script's own (en)

    // Reads `path`. A missing file gives the defaults silently; a damaged one
    // gives the defaults and a one-line `warning` naming the file and line.
    static PlayerSettings load(const std::string& path, std::string& warning);
    bool save(const std::string& path) const;

    // settings.txt in the player's folder ("" if there is none).
    static std::string defaultPath();
};

}  // namespace stagehand
