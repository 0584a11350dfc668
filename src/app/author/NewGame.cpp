#include "app/author/NewGame.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <vector>

#include "app/author/GamePackage.h"
#include "platform/GameFolder.h"
#include "platform/Portable.h"

namespace stagehand {

namespace fs = std::filesystem;

namespace {

// The starter's game.json with the new game's title: `title`, else the folder's name.
bool writeTitle(const fs::path& game, const std::string& title, std::string& error) {
    fs::path file = game / kDescriptionName;
    std::ifstream in(file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    nlohmann::ordered_json description = nlohmann::ordered_json::parse(text.str(), nullptr, false);
    if (description.is_discarded() || !description.is_object()) {
        error = "the starter's " + utf8Path(file) + " is not a JSON object";
        return false;
    }
    description["title"] = title.empty() ? titleOfFolder(utf8Path(game)) : title;
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << description.dump(4) << '\n';
    if (!out.flush()) {
        error = "cannot write " + utf8Path(file);
        return false;
    }
    return true;
}

// Folder by folder and file by file: fs::copy(recursive) into a folder that
// exists fails on Windows (MinGW's library reports "File exists").
void copyTree(const fs::path& from, const fs::path& to, std::error_code& ec) {
    for (auto entry = fs::recursive_directory_iterator(from, ec); !ec && entry != fs::recursive_directory_iterator();
         entry.increment(ec)) {
        fs::path target = to / entry->path().lexically_relative(from);
        if (entry->is_directory(ec))
            fs::create_directories(target, ec);
        else if (!ec)
            fs::copy_file(entry->path(), target, ec);  // into an empty folder: nothing to overwrite
    }
}

// What the starter holds at its top, as the new game now does: "main.lua, game.json, audio/,
// images/, ..., notes/, ..." (read from the folder, so a file added there is named too).
std::string topLevelOf(const fs::path& starter) {
    std::vector<std::string> files, folders;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(starter, ec)) {
        std::string name = utf8Path(entry.path().filename());
        if (entry.is_directory(ec))
            folders.push_back(name + "/");
        else if (name != kMainScriptName && name != kDescriptionName)
            files.push_back(name);
    }
    std::sort(files.begin(), files.end());
    std::sort(folders.begin(), folders.end());
    std::string list = std::string(kMainScriptName) + ", " + kDescriptionName;
    for (const auto& name : files) list += ", " + name;
    for (const auto& name : folders) list += ", " + name;
    return list;
}

}  // namespace

std::string titleOfFolder(const std::string& dir) {
    fs::path game = pathFromUtf8(dir);  // "tales/" ends in an empty name: then its parent's
    std::string title = utf8Path(fs::absolute(game).lexically_normal().filename());
    if (title.empty()) title = utf8Path(fs::absolute(game).lexically_normal().parent_path().filename());
    return title;
}

std::string quotedForShell(const std::string& path) {
#ifdef _WIN32
    constexpr bool kWindows = true;
#else
    constexpr bool kWindows = false;
#endif
    const bool plain = !path.empty() && std::all_of(path.begin(), path.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '/' || c == '.' || c == '_' || c == '-' ||
               static_cast<unsigned char>(c) >= 0x80 || (kWindows && (c == '\\' || c == ':'));
    });
    if (plain) return path;
#ifdef _WIN32
    return "\"" + path + "\"";
#else
    std::string quoted = "'";
    for (char c : path) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
#endif
}

int runNewGame(const Setup& setup) {
    const std::string& dir = setup.cmd.newPath;
    fs::path target = pathFromUtf8(dir), starter = pathFromUtf8(joinPath(setup.dataRoot, "scripts/starter"));
    std::error_code ec;
    if (fs::exists(target, ec) && !(fs::is_directory(target, ec) && fs::is_empty(target, ec)))
        return fail(dir + " is not an empty folder (--new writes a game into a new or empty one)", kExitBadInput);
    if (!fs::is_directory(starter, ec))
        return fail("the starter game is missing from the data folder (" + utf8Path(starter) + ")", kExitBadInput);
    fs::create_directories(target, ec);
    if (!ec) copyTree(starter, target, ec);
    if (ec) return fail("cannot write the game into " + dir + ": " + ec.message(), kExitBadInput);
    std::string error;
    if (!writeTitle(target, setup.cmd.newTitle, error)) return fail(error, kExitBadInput);
    std::cout << "wrote a new game in " << dir << " (" << topLevelOf(starter) << ")\n"
              << "play it:  stagehand " << quotedForShell(dir) << "\n"
              << "check it: stagehand " << quotedForShell(dir) << " --check\n"
              << "read " << joinPath(kAuthorNotesFolder, "README.md")
              << ": how to make it your own (notes/ is yours alone: the packages leave it out)\n";
    return kExitOk;
}

}  // namespace stagehand
