#include "audio/ClipLibrary.h"

#include <algorithm>
#include <cctype>
#include <system_error>

#include "audio/AudioOutput.h"
#include "platform/GameFolder.h"
#include "platform/Portable.h"

namespace stagehand {

namespace {
std::string lowerExtension(const std::filesystem::path& path) {
    std::string ext = utf8Path(path.extension());
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    return ext;
}
bool isSoundFile(const std::filesystem::path& path) {
    std::string ext = lowerExtension(path);
    return ext == ".ogg" || ext == ".wav";
}
// By name, and of one name the .ogg first, however its extension is written ("Door.WAV" sorts before
// "Door.ogg" byte by byte).
bool playedFirst(const std::filesystem::path& a, const std::filesystem::path& b) {
    std::string stemA = utf8Path(a.stem()), stemB = utf8Path(b.stem());
    if (stemA != stemB) return stemA < stemB;
    bool oggA = lowerExtension(a) == ".ogg", oggB = lowerExtension(b) == ".ogg";
    return oggA != oggB ? oggA : a < b;
}
}  // namespace

ClipLibrary::ClipLibrary(const std::filesystem::path& folder, std::string shownAs)
    : shownAs_(std::move(shownAs)), namedFolder_(true) {
    addFolder(folder);
}

ClipLibrary::ClipLibrary(const std::vector<std::string>& folders) : shownAs_(foldersText(folders)) {
    for (const auto& folder : folders) addFolder(pathFromUtf8(folder));
}

void ClipLibrary::addFolder(const std::filesystem::path& folder) {
    std::error_code ec;
    std::vector<std::filesystem::path> paths;
    for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
        if (entry.is_regular_file(ec) && isSoundFile(entry.path())) paths.push_back(entry.path());
    std::sort(paths.begin(), paths.end(), playedFirst);  // not the folder's order (the system's): .ogg wins
    for (const auto& path : paths) files_.emplace(utf8Path(path.stem()), path);  // an earlier folder's name wins
}

std::vector<std::string> ClipLibrary::names() const {
    std::vector<std::string> names;
    for (const auto& [name, path] : files_) names.push_back(name);
    return names;
}

std::string ClipLibrary::whereText() const {
    return "sounds are the .ogg and .wav files in " + shownAs_ + " (NAME.ogg or NAME.wav)";
}

std::shared_ptr<const Clip> ClipLibrary::load(const std::string& name, std::string& error) {
    auto done = decoded_.find(name);
    if (done != decoded_.end()) return done->second;
    auto file = files_.find(name);
    if (file == files_.end()) {
        error = "no sound named '" + name + "'";
        return nullptr;
    }
    std::string why;
    auto clip = decodeSoundFile(file->second, why);
    if (!clip) {
        // One folder is named as the caller shows it; of several, the file's own path says which.
        std::string where = namedFolder_ ? shownAs_ + "/" + utf8Path(file->second.filename()) : utf8Path(file->second);
        error = "cannot read " + where + ": " + why;
        return nullptr;
    }
    clip->name = name;
    return decoded_[name] = std::move(clip);
}

}  // namespace stagehand
