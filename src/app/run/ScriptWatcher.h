// Notices when the script, a map (in any folder maps are looked for), a file
// a map reads (a tileset, its picture), an image or a sound (the game's and
// the engine's, platform/GameFolder.h), game.json or a string table (the
// script's strings/ folder) changes on disk, for hot
// reload: a portable look at modification times, a few times a second.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace stagehand {

class ScriptWatcher {
public:
    // `mapFolders` empty: the game's and the engine's (assetFolders).
    ScriptWatcher(std::string scriptPath, std::string dataRoot, std::vector<std::string> mapFolders = {});

    // True once per change: the file that changed is in `changed`.
    // Looks at the disk at most every kInterval seconds of `now`.
    bool poll(double now, std::string& changed);
    // Files the maps read outside the map folders (a tileset kept elsewhere):
    // watched too, from now on.
    void watchAlso(const std::vector<std::string>& files);

    static constexpr double kInterval = 0.05;

private:
    std::map<std::filesystem::path, std::filesystem::file_time_type> scan() const;

    std::string scriptPath_, dataRoot_;
    std::vector<std::string> mapFolders_, otherFiles_;
    std::map<std::filesystem::path, std::filesystem::file_time_type> times_;
    double lastLook_ = -1;
};

}  // namespace stagehand
