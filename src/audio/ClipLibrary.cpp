#include "audio/ClipLibrary.h"

#include <algorithm>
#include <cstdint>
#include <list>
#include <mutex>
#include <system_error>

#include "audio/AudioOutput.h"
#include "platform/GameFiles.h"
#include "platform/Portable.h"

namespace stagehand {

namespace {

// Decoded clips shared by every library of the process, by file and its size
// and time: a run that makes many simulations (--explore's paths, a rollback's
// replays, the tests) decodes each sound once, not once a simulation (measured:
// Vorbis decoding was the largest part of --explore under the sanitizers). A
// file changed on disk (hot reload) is decoded again. Clips no library holds
// any more are let go, oldest first, past kKeptBytes.
class DecodedClips {
public:
    std::shared_ptr<const Clip> get(const std::filesystem::path& path, const std::string& name, std::string& error) {
        std::error_code sizeError, timeError;
        const std::uintmax_t size = std::filesystem::file_size(path, sizeError);
        const auto time = std::filesystem::last_write_time(path, timeError);
        const bool stamped = !sizeError && !timeError;
        std::lock_guard<std::mutex> lock(mutex_);
        for (auto it = kept_.begin(); stamped && it != kept_.end(); ++it)
            if (it->path == path && it->size == size && it->time == time) {
                kept_.splice(kept_.end(), kept_, it);  // the most recently used last
                return it->clip;
            }
        auto clip = decodeSoundFile(path, error);
        if (!clip) return nullptr;
        clip->name = name;
        if (stamped) {
            kept_.push_back({path, size, time, clip});
            bytes_ += bytesOf(*clip);
            letGoUnused();
        }
        return clip;
    }

private:
    static constexpr std::size_t kKeptBytes = 64u << 20;
    struct Kept {
        std::filesystem::path path;
        std::uintmax_t size;
        std::filesystem::file_time_type time;
        std::shared_ptr<const Clip> clip;
    };
    static std::size_t bytesOf(const Clip& clip) { return clip.samples.size() * sizeof(std::int16_t); }
    void letGoUnused() {
        for (auto it = kept_.begin(); bytes_ > kKeptBytes && it != kept_.end();) {
            if (it->clip.use_count() > 1) {  // still in a library or a cue: kept, and costs nothing more
                ++it;
                continue;
            }
            bytes_ -= bytesOf(*it->clip);
            it = kept_.erase(it);
        }
    }
    std::mutex mutex_;
    std::list<Kept> kept_;
    std::size_t bytes_ = 0;
};

DecodedClips& decodedClips() {
    static DecodedClips clips;
    return clips;
}
}  // namespace

ClipLibrary::ClipLibrary(const std::filesystem::path& folder, std::string shownAs)
    : shownAs_(std::move(shownAs)), namedFolder_(true) {
    const FileIndex sounds(AssetKind::Audio, {utf8Path(folder)});
    for (const auto& [name, found] : sounds.files()) files_[name] = found.file;
}

ClipLibrary::ClipLibrary(const std::vector<std::string>& folders) : ClipLibrary(FileIndex(AssetKind::Audio, folders)) {}

ClipLibrary::ClipLibrary(const FileIndex& sounds) : shownAs_(sounds.foldersText()) {
    for (const auto& [name, found] : sounds.files()) files_[name] = found.file;
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
    auto clip = decodedClips().get(file->second, name, why);
    if (!clip) {
        // One folder is named as the caller shows it; of several, the file's own path says which.
        std::string where = namedFolder_ ? shownAs_ + "/" + utf8Path(file->second.filename()) : utf8Path(file->second);
        error = "cannot read " + where + ": " + why;
        return nullptr;
    }
    return decoded_[name] = std::move(clip);
}

}  // namespace stagehand
