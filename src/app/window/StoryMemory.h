// What outlives a playthrough (Ren'Py's persistent data), kept in story.json
// in the player's folder (userFolder()): the chapters the player has reached,
// each with the flags it began with the last time it was reached (a chapter
// played again from the title screen's Chapters starts with them); the
// endings seen; and the story's own `persistent` table, which a script reads
// and writes like `flags` but which the next playthrough starts with.
//
// The file is JSON with a "version" (1), written only when something changed
// and atomically (a temporary file, then a rename). A file from a newer
// Stagehand is read as far as it can be and never written over; a damaged one
// is set aside as story.json.damaged at the first save, never lost.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "script/ScriptValue.h"

namespace stagehand {

class StoryMemory {
public:
    using Values = std::map<std::string, ScriptValue>;  // plain values by name, as flags are
    static constexpr int kVersion = 1;

    // Reads `path`. A missing file is an empty memory, silently; a damaged or
    // newer one gives a one-line `warning` naming the file (and the line).
    static StoryMemory load(const std::string& path, std::string& warning);
    // Writes the memory to `path` if something changed since it was read or
    // last written; false if that failed (the old file is left as it was).
    bool save(const std::string& path);

    void noteChapter(const std::string& chapter, const Values& flagsAtStart);
    void noteEnding(const std::string& ending);
    void setKept(const Values& persistent);

    bool reached(const std::string& chapter) const { return chapters_.count(chapter) != 0; }
    // The flags `chapter` began with the last time it was reached; null if never.
    const Values* flagsAtStartOf(const std::string& chapter) const;
    const std::vector<std::string>& endings() const { return endings_; }
    const Values& kept() const { return kept_; }

    // story.json in the player's folder ("" if there is none).
    static std::string defaultPath();

private:
    std::map<std::string, Values> chapters_;
    std::vector<std::string> endings_;  // in the order first seen
    Values kept_;
    bool changed_ = false;
    bool newer_ = false;    // from a newer Stagehand: never written over
    bool damaged_ = false;  // set aside before the first save
};

// Plain values as the text `--flag NAME=VALUE` and a saved run's header take
// (RunSetup's plainValuesFromText reads them back): a name with "=" or a line
// break, or a string with a line break, cannot be written so and is left out.
std::vector<std::pair<std::string, std::string>> valuesAsText(const StoryMemory::Values& values);

}  // namespace stagehand
