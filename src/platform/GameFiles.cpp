#include "platform/GameFiles.h"

#include <algorithm>
#include <cctype>
#include <system_error>
#include <utility>

#include "platform/Portable.h"

namespace stagehand {

namespace fs = std::filesystem;

const char* const kImageFormatsText = "PNG, JPG, BMP, TGA or GIF";

bool isModuleName(const std::string& name) {
    bool wordStart = true;
    for (char c : name) {
        const bool letter = std::isalpha(static_cast<unsigned char>(c)) || c == '_';
        const bool digit = std::isdigit(static_cast<unsigned char>(c)) != 0;
        if (c == '.') {
            if (wordStart) return false;
            wordStart = true;
        } else if (letter || (digit && !wordStart)) {
            wordStart = false;
        } else {
            return false;
        }
    }
    return !wordStart;
}

namespace {

std::string lowerExtension(const fs::path& file) {
    std::string ext = utf8Path(file.extension());
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    return ext;
}

// Where a file stands among its kind's extensions: lower wins a name shared by
// two files of one folder; -1 when it is not of the kind. Maps rank all alike
// (two are a conflict); a font is named with its extension, so none meet.
int extensionRank(AssetKind kind, const fs::path& file) {
    static const std::vector<std::string> pictures = {".png", ".jpg", ".jpeg", ".bmp", ".tga", ".gif"};
    static const std::vector<std::string> sounds = {".ogg", ".wav"};
    switch (kind) {
        case AssetKind::Images: {
            auto it = std::find(pictures.begin(), pictures.end(), lowerExtension(file));
            return it == pictures.end() ? -1 : static_cast<int>(it - pictures.begin());
        }
        case AssetKind::Audio: {
            auto it = std::find(sounds.begin(), sounds.end(), lowerExtension(file));
            return it == sounds.end() ? -1 : static_cast<int>(it - sounds.begin());
        }
        case AssetKind::Maps: {
            const auto extension = file.extension();  // as written: cove.TMJ is no map (as it never was)
            return extension == ".map" || extension == ".tmj" || extension == ".json" ? 0 : -1;
        }
        case AssetKind::Fonts: return 0;
        case AssetKind::Modules: return file.extension() == ".lua" ? 0 : -1;  // as written, as require reads it
    }
    return -1;
}

// Pictures and fonts are found in subfolders too (a sprite's frames, a font
// family's folder), named by their path from the kind's folder.
bool looksInSubfolders(AssetKind kind) {
    return kind == AssetKind::Images || kind == AssetKind::Fonts;
}

// The name a file of `kind` found at `relative` (from its folder) goes by; "" when it has none.
std::string nameOf(AssetKind kind, const fs::path& relative) {
    if (kind == AssetKind::Fonts) return utf8Path(relative);
    if (kind == AssetKind::Modules) {  // chapters/one.lua is chapters.one; my.notes/a.lua no module require can name
        std::string name;
        for (const auto& part : relative.parent_path() / relative.stem()) {
            const std::string word = utf8Path(part);
            if (word.find('.') != std::string::npos || !isModuleName(word)) return "";
            name += (name.empty() ? "" : ".") + word;
        }
        return name;
    }
    return utf8Path(relative.parent_path() / relative.stem());
}

// One folder's files of `kind` by name; `conflicts` gets the names two files
// share at one rank (both left out), `error` why the folder could not be read.
std::map<std::string, fs::path> filesInFolder(AssetKind kind, const std::string& folder, std::size_t folderIndex,
                                              const std::string& mainScript,
                                              std::vector<FileIndex::Conflict>& conflicts, std::string& error) {
    std::vector<fs::path> paths;
    std::error_code ec;
    const fs::path root = pathFromUtf8(folder);
    auto note = [&](const fs::directory_entry& entry) {
        std::error_code fileError;
        if (extensionRank(kind, entry.path()) < 0 || !entry.is_regular_file(fileError)) return;
        if (!mainScript.empty() && fs::equivalent(entry.path(), pathFromUtf8(mainScript), fileError)) return;
        if (!nameOf(kind, entry.path().lexically_relative(root)).empty()) paths.push_back(entry.path());
    };
    if (kind == AssetKind::Modules) {
        // The main script's folder may be a big one (a loose script in a home folder): four folders
        // down at most, and the first few thousand entries.
        constexpr int kMostEntries = 4096, kDeepest = 4;
        int entries = 0;
        for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end && ++entries < kMostEntries;
             it.increment(ec)) {
            if (it.depth() >= kDeepest) it.disable_recursion_pending();
            note(*it);
        }
    } else if (looksInSubfolders(kind)) {
        for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) note(*it);
    } else {
        for (fs::directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) note(*it);
    }
    if (ec) error = ec.message();
    // Not the system's order: by name, and of one name by rank, then byte order.
    std::sort(paths.begin(), paths.end(), [&](const fs::path& a, const fs::path& b) {
        const auto nameA = nameOf(kind, a.lexically_relative(root)), nameB = nameOf(kind, b.lexically_relative(root));
        if (nameA != nameB) return nameA < nameB;
        const int rankA = extensionRank(kind, a), rankB = extensionRank(kind, b);
        return rankA != rankB ? rankA < rankB : a < b;
    });
    std::map<std::string, fs::path> files;
    std::map<std::string, int> rankOf;
    std::vector<std::string> doubled;
    for (const auto& path : paths) {
        const std::string name = nameOf(kind, path.lexically_relative(root));
        const int rank = extensionRank(kind, path);
        auto known = rankOf.find(name);
        if (known == rankOf.end()) {
            rankOf[name] = rank;
            files[name] = path;
        } else if (known->second == rank && kind == AssetKind::Maps) {
            conflicts.push_back({name, folderIndex, files[name], path});
            doubled.push_back(name);
        }
    }
    for (const auto& name : doubled) files.erase(name);
    return files;
}

}  // namespace

FileIndex::FileIndex(AssetKind kind, std::vector<std::string> folders, std::string mainScript)
    : kind_(kind), folders_(std::move(folders)), mainScript_(std::move(mainScript)) {
    refresh();
}

bool FileIndex::refresh() {
    std::map<std::string, Found> files;
    std::vector<Conflict> conflicts;
    std::vector<std::pair<std::string, std::string>> unreadable;
    for (std::size_t i = 0; i < folders_.size(); ++i) {
        std::string error;
        for (auto& [name, file] : filesInFolder(kind_, folders_[i], i, mainScript_, conflicts, error))
            files.emplace(name, Found{std::move(file), i});  // the first folder wins
        if (!error.empty()) unreadable.emplace_back(folders_[i], error);
    }
    bool changed = files.size() != files_.size() ||
                   !std::equal(files.begin(), files.end(), files_.begin(), [](const auto& a, const auto& b) {
                       return a.first == b.first && a.second.file == b.second.file;
                   });
    files_ = std::move(files);
    conflicts_ = std::move(conflicts);
    unreadable_ = std::move(unreadable);
    return changed;
}

std::vector<std::string> FileIndex::names() const {
    std::vector<std::string> names;
    names.reserve(files_.size());
    for (const auto& [name, found] : files_) names.push_back(name);
    return names;
}

const fs::path* FileIndex::find(const std::string& name) const {
    auto it = files_.find(name);
    return it == files_.end() ? nullptr : &it->second.file;
}

GameFiles::GameFiles(const std::string& scriptPath, const std::string& dataRoot,
                     const std::vector<std::string>& mapFolders) {
    for (AssetKind kind :
         {AssetKind::Images, AssetKind::Audio, AssetKind::Maps, AssetKind::Fonts, AssetKind::Modules}) {
        auto folders =
            kind == AssetKind::Maps && !mapFolders.empty() ? mapFolders : assetFolders(kind, scriptPath, dataRoot);
        indexes_[static_cast<std::size_t>(kind)] =
            FileIndex(kind, std::move(folders), kind == AssetKind::Modules ? scriptPath : std::string());
    }
}

bool GameFiles::refresh() {
    bool changed = false;
    for (auto& index : indexes_) changed = index.refresh() || changed;
    return changed;
}

std::vector<std::string> mapSearchFolders(const std::vector<std::string>& named, const std::string& scriptPath,
                                          const std::string& dataRoot) {
    std::vector<std::string> folders = named;
    std::error_code ec;
    for (const auto& folder : assetFolders(AssetKind::Maps, scriptPath, dataRoot)) folders.push_back(folder);
    // A folder named twice (the script's maps/ is the data folder's) is looked in once.
    std::vector<std::string> unique;
    for (const auto& folder : folders) {
        bool seen = std::any_of(unique.begin(), unique.end(), [&](const std::string& earlier) {
            return earlier == folder || fs::equivalent(pathFromUtf8(earlier), pathFromUtf8(folder), ec);
        });
        if (!seen) unique.push_back(folder);
    }
    return unique;
}

}  // namespace stagehand
