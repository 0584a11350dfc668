// One lookup from a name an author writes (a picture, a sound, a map, a font,
// a module) to the file it names. GameFolder says which folders are looked in, in
// order (assetFolders); this is the one place that says which files of a
// folder are of a kind, what each is named and which wins when names meet:
//
//   pictures  images/ and its subfolders: ada/happy is images/ada/happy.png;
//             of one name, .png before .jpg, .jpeg, .bmp, .tga, .gif
//   sounds    audio/: door is audio/door.ogg or door.wav, the .ogg first
//   maps      maps/: cove is maps/cove.tmj, .json or .map; two files of one
//             name in one folder are a conflict, and neither is the name's
//   fonts     fonts/: by the file's whole name (Lora-Regular.ttf)
//   modules   the main script's folder (require): chapters.one is
//             chapters/one.lua, every part a word (isModuleName), the main
//             script never one; at most four folders down and the first 4096
//             entries, as a loose script's folder may be a big one (a home folder)
//
// and everywhere, the first folder that has a name wins. A run builds one
// GameFiles (RunSetup) and every part asks it; hot reload refreshes it once.
#pragma once

#include <array>
#include <cstddef>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "platform/GameFolder.h"

namespace stagehand {

// "PNG, JPG, BMP, TGA or GIF": for messages that say which picture files load.
extern const char* const kImageFormatsText;

// A module's name, as require takes it: words of letters, digits and _ (none
// starting with a digit) joined by dots.
bool isModuleName(const std::string& name);

// One kind's files over its folders, in search order.
class FileIndex {
public:
    struct Found {
        std::filesystem::path file;
        std::size_t folder = 0;  // its folder's place in folders()
    };
    // Two files of one name in one folder, where the kind does not rank them (maps): neither is used.
    struct Conflict {
        std::string name;
        std::size_t folder = 0;
        std::filesystem::path first, second;  // in name order
    };

    FileIndex() = default;
    // `mainScript`: for modules, the one .lua file of the folders that is not a module.
    FileIndex(AssetKind kind, std::vector<std::string> folders, std::string mainScript = {});

    AssetKind kind() const { return kind_; }
    const std::vector<std::string>& folders() const { return folders_; }
    std::string foldersText() const { return stagehand::foldersText(folders_); }
    // Every name, in name order, with the file it names.
    const std::map<std::string, Found>& files() const { return files_; }
    std::vector<std::string> names() const;
    bool has(const std::string& name) const { return files_.count(name) != 0; }
    // The file `name` names; null when none does.
    const std::filesystem::path* find(const std::string& name) const;
    const std::vector<Conflict>& conflicts() const { return conflicts_; }
    // Folders that exist but could not be read (or were named and do not exist), with why.
    const std::vector<std::pair<std::string, std::string>>& unreadable() const { return unreadable_; }
    // Looks in the folders again; true when a name or a file changed.
    bool refresh();

private:
    AssetKind kind_ = AssetKind::Images;
    std::vector<std::string> folders_;
    std::string mainScript_;
    std::map<std::string, Found> files_;
    std::vector<Conflict> conflicts_;
    std::vector<std::pair<std::string, std::string>> unreadable_;
};

// Every kind of a game's files, looked up in assetFolders' folders; maps in
// `mapFolders` when given (mapSearchFolders: --maps, then the game's and the engine's);
// modules beside the main script, `scriptPath`.
class GameFiles {
public:
    GameFiles(const std::string& scriptPath, const std::string& dataRoot,
              const std::vector<std::string>& mapFolders = {});

    const FileIndex& of(AssetKind kind) const { return indexes_[static_cast<std::size_t>(kind)]; }
    const FileIndex& pictures() const { return of(AssetKind::Images); }
    const FileIndex& sounds() const { return of(AssetKind::Audio); }
    const FileIndex& maps() const { return of(AssetKind::Maps); }
    const FileIndex& fonts() const { return of(AssetKind::Fonts); }
    const FileIndex& modules() const { return of(AssetKind::Modules); }
    // Looks in every folder again (hot reload); true when anything changed.
    bool refresh();

private:
    std::array<FileIndex, 5> indexes_;
};

// The folders maps are looked in: those named with --maps, in their order,
// then the game's and the engine's (assetFolders); a folder named twice once.
std::vector<std::string> mapSearchFolders(const std::vector<std::string>& named, const std::string& scriptPath,
                                          const std::string& dataRoot);

}  // namespace stagehand
