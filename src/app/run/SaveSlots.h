// The save slots in the player's folder (saves/slot-01.txt, its thumbnail
// saves/slot-01.png), what the save screen lists of each, and the one way
// saves are written: to a temporary file, renamed over the old one only once
// written completely, so a failed save never costs the save it would replace.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "game/InputLog.h"

namespace stagehand {

constexpr int kSaveSlotCount = 12;

struct SlotInfo {
    enum class State { Empty, Ready, Damaged };
    int number = 0;  // 1-based
    State state = State::Empty;
    std::string path, thumbnail;  // the save, and its picture (may be missing)
    std::string title, date;      // a ready save's scene title and date
    double played = 0;            // seconds
    std::string problem;          // a damaged save: why, in a few words of the language played
    InputLog save;                // a ready save, as read
};

// The folder the slots live in (made if missing), and slot `number`'s files.
std::string saveFolder();
std::string slotPath(int number);
std::string slotThumbnailPath(int number);

// Every slot as the screen shows it: empty, ready, or damaged (truncated,
// garbage, from another script or another version); never throws.
std::vector<SlotInfo> listSlots(const std::string& scriptPath);
SlotInfo readSlot(int number, const std::string& scriptPath);
// The save at `path` as a slot would show it (number 0: not a slot).
SlotInfo readSaveFile(const std::string& path, const std::string& scriptPath);

// The save "Continue" plays: of the slots and the quick save at
// `quicksavePath`, the ready one written last (by the file's time); none when
// there is no save this script can play.
std::optional<SlotInfo> latestSave(const std::string& scriptPath, const std::string& quicksavePath);

// Writes `text` to `path` through `path`.tmp and a rename; false with `error`
// (and the old file untouched) when any step fails.
bool writeFileSafely(const std::string& path, const std::string& text, std::string& error);

// "3:07" or "1:02:09".
std::string formatPlayed(double seconds);
// The local date and time now, "2026-11-25 01:12".
std::string dateNow();

}  // namespace stagehand
