// The two archives players download: a .tar.gz (Linux) and a .zip (Windows),
// written with zlib. Reproducible: every entry has the same fixed time and
// owner, in the order given, so the same files make the same bytes.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace stagehand {

struct ArchiveEntry {
    std::string name;              // its path in the archive, with '/' ("mygame/game/main.lua")
    std::filesystem::path source;  // the file on disk
    bool executable = false;       // the program (mode 755 in the .tar.gz)
};

// False with a one-line `error` naming the file that could not be read or written.
bool writeTarGz(const std::filesystem::path& out, const std::vector<ArchiveEntry>& entries, std::string& error);
bool writeZip(const std::filesystem::path& out, const std::vector<ArchiveEntry>& entries, std::string& error);

}  // namespace stagehand
