// The sounds a script may play: the .ogg and .wav files of the game's audio/
// and the engine's assets/audio, by name without the extension, decoded on first use and
// kept.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "audio/AudioCue.h"
#include "platform/GameFiles.h"

namespace stagehand {

class ClipLibrary {
public:
    // `shownAs` names the folder in messages (the data folder's own path is
    // the player's business).
    explicit ClipLibrary(const std::filesystem::path& folder, std::string shownAs = "assets/audio");
    // The sounds of several folders in search order (assetFolders): a name in
    // an earlier folder hides the same name in later ones. Messages list them.
    explicit ClipLibrary(const std::vector<std::string>& folders);
    // The run's sounds (GameFiles::sounds).
    explicit ClipLibrary(const FileIndex& sounds);

    std::vector<std::string> names() const;  // in name order
    bool has(const std::string& name) const { return files_.count(name) != 0; }
    // The decoded clip; null with `error` ("cannot read FILE: why") when the
    // file is damaged or of a kind the decoder does not know.
    std::shared_ptr<const Clip> load(const std::string& name, std::string& error);
    // "sounds are the .ogg and .wav files in FOLDER"
    std::string whereText() const;

private:
    std::string shownAs_;
    bool namedFolder_ = false;  // one folder, shown in messages as `shownAs`
    std::map<std::string, std::filesystem::path> files_;
    std::map<std::string, std::shared_ptr<const Clip>> decoded_;
};

}  // namespace stagehand
