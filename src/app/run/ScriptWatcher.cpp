#include "app/run/ScriptWatcher.h"

#include "platform/GameFolder.h"
#include "platform/Portable.h"

namespace stagehand {

namespace fs = std::filesystem;

ScriptWatcher::ScriptWatcher(std::string scriptPath, std::string dataRoot, std::vector<std::string> mapFolders)
    : scriptPath_(std::move(scriptPath)), dataRoot_(std::move(dataRoot)), mapFolders_(std::move(mapFolders)) {
    if (mapFolders_.empty()) mapFolders_ = assetFolders(AssetKind::Maps, scriptPath_, dataRoot_);
    times_ = scan();
}

void ScriptWatcher::watchAlso(const std::vector<std::string>& files) {
    otherFiles_ = files;
    times_ = scan();
}

std::map<fs::path, fs::file_time_type> ScriptWatcher::scan() const {
    std::map<fs::path, fs::file_time_type> times;
    std::error_code ec;
    auto note = [&](const fs::path& path) {
        auto time = fs::last_write_time(path, ec);
        if (!ec) times[path] = time;
    };
    note(pathFromUtf8(scriptPath_));
    for (const auto& file : otherFiles_) note(pathFromUtf8(file));
    // The string tables beside the script (src/lang): a translator sees an edit at once.
    for (const auto& entry : fs::directory_iterator(pathFromUtf8(scriptPath_).parent_path() / "strings", ec))
        if (entry.is_regular_file(ec)) note(entry.path());
    // The pictures and sounds a script may name, where the game folder's rule finds them (sprites in subfolders).
    for (AssetKind kind : {AssetKind::Images, AssetKind::Audio})
        for (const auto& folder : assetFolders(kind, scriptPath_, dataRoot_))
            for (const auto& entry : fs::recursive_directory_iterator(pathFromUtf8(folder), ec))
                if (entry.is_regular_file(ec)) note(entry.path());
    note(pathFromUtf8(joinPath(gameFolderOf(scriptPath_), kDescriptionName)));
    // A map folder's subfolders too: tilesets and their pictures often sit in one.
    for (const auto& folder : mapFolders_)
        for (const auto& entry : fs::recursive_directory_iterator(pathFromUtf8(folder), ec))
            if (entry.is_regular_file(ec)) note(entry.path());
    return times;
}

bool ScriptWatcher::poll(double now, std::string& changed) {
    if (lastLook_ >= 0 && now - lastLook_ < kInterval) return false;
    lastLook_ = now;
    auto times = scan();
    if (times == times_) return false;
    for (const auto& [path, time] : times) {
        auto old = times_.find(path);
        if (old == times_.end() || old->second != time) changed = path.generic_string();
    }
    if (changed.empty()) changed = scriptPath_;  // a file was removed
    times_ = std::move(times);
    return true;
}

}  // namespace stagehand
