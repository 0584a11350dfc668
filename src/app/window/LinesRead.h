// The lines a player has read, by line ID (src/lang/LineId.h), kept from one
// run to the next in read.txt in the player's folder (userFolder()): skip
// (Ctrl, Tab, a pad's B or Back) passes lines read before and stops at the
// first unread one, unless the player chose "skip all" in the pause overlay.
//
// The file is a header line and one ID a line, in ID order; it is written
// when a scene ends, when the player leaves it and on quit, only if a new
// line was read, and atomically (a temporary file, then a rename), so a crash
// mid-write leaves the last good file.
#pragma once

#include <set>
#include <string>

namespace stagehand {

class LinesRead {
public:
    // Reads `path`. A missing file is an empty memory, silently; a damaged one
    // is an empty memory and a one-line `warning` naming the file and line.
    static LinesRead load(const std::string& path, std::string& warning);
    // Writes the memory to `path` if a line was added since it was read or
    // last written; false if that failed (the old file is left as it was).
    bool save(const std::string& path);

    bool contains(const std::string& id) const { return ids_.count(id) != 0; }
    void add(const std::string& id);
    std::size_t size() const { return ids_.size(); }

    // read.txt in the player's folder ("" if there is none).
    static std::string defaultPath();

private:
    std::set<std::string> ids_;
    bool changed_ = false;
};

}  // namespace stagehand
