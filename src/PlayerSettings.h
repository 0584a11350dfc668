// What a player sets and expects to find again next time: text speed,
// auto-advance, fullscreen and the window's size. Kept in a small text file
// (key = value lines) in SDL's per-user preference folder.
#pragma once

#include <string>

namespace stagehand {

struct PlayerSettings {
    int textSpeed = 1;  // index into PlayInput's speeds: slow, normal, fast, instant
    bool autoAdvance = false;
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
