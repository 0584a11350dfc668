// Notices when the script, a map or an image changes on disk, for hot reload:
// a portable look at modification times, a few times a second.
#pragma once

#include <filesystem>
#include <map>
#include <string>

namespace stagehand {

class ScriptWatcher {
public:
    ScriptWatcher(std::string scriptPath, std::string dataRoot);

    // True once per change: the file that changed is in `changed`.
    // Looks at the disk at most every kInterval seconds of `now`.
    bool poll(double now, std::string& changed);

    static constexpr double kInterval = 0.05;

private:
    std::map<std::filesystem::path, std::filesystem::file_time_type> scan() const;

    std::string scriptPath_, dataRoot_;
    std::map<std::filesystem::path, std::filesystem::file_time_type> times_;
    double lastLook_ = -1;
};

}  // namespace stagehand
