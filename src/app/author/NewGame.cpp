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

// The editor set-up --new writes beside the starter's files, for lua-language-server
// (LuaLS: .luarc.json, any editor) and VS Code (.vscode/tasks.json). Every name
// starts with a dot: no package ships a hidden file or folder (forTheAuthorOnly),
// and no module name can name one (require), so the copy of the engine's LuaLS
// definitions in .stagehand/ is never a module of the game.
constexpr const char* kMetaSource = "scripts/meta/stagehand.lua";   // in the data folder
constexpr const char* kMetaCopy = ".stagehand/meta/stagehand.lua";  // in the game, as .luarc.json names it
constexpr const char* kLuarcName = ".luarc.json";
constexpr const char* kTasksName = ".vscode/tasks.json";

bool writeJson(const fs::path& file, const nlohmann::ordered_json& json, std::string& error) {
    std::error_code ec;
    fs::create_directories(file.parent_path(), ec);
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << json.dump(4) << '\n';
    if (ec || !out.flush()) return (error = "cannot write " + utf8Path(file), false);
    return true;
}

// LuaLS's settings (its documented .luarc.json), every path relative to the game's
// folder, which is the editor's workspace: the scripts are Lua 5.1 (LuaJIT runs them
// too) in the sandbox, which has no io, os, debug or package; the definitions of every
// stage and scheduler function come from the copy of the meta file; require("chapters.one")
// is chapters/one.lua of the game's folder and nowhere else (pathStrict); a scene is a
// global function, so a lowercase global is no mistake here.
nlohmann::ordered_json luarc() {
    using json = nlohmann::ordered_json;
    return json{
        {"$schema", "https://raw.githubusercontent.com/LuaLS/vscode-lua/master/setting/schema.json"},
        {"runtime",
         {{"version", "Lua 5.1"},
          {"path", json::array({"?.lua"})},
          {"pathStrict", true},
          {"builtin", {{"io", "disable"}, {"os", "disable"}, {"debug", "disable"}, {"package", "disable"}}}}},
        {"workspace", {{"library", json::array({kMetaCopy})}, {"checkThirdParty", false}}},
        {"diagnostics",
         {{"globals", json::array({"SCENES", "flags", "persistent"})}, {"disable", json::array({"lowercase-global"})}}},
    };
}

// A VS Code problem matcher for what `stagehand . --check` prints, one finding a line:
// "./main.lua:12: walkTo: unknown actor ...", "./chapters/one.lua:3: hint: ..." (at a
// line), or "./strings/main.de.csv: de: ..." (a whole file's: `kind` file). Run from the
// workspace folder, --check names each file from there: "relative" to ${workspaceFolder}.
// The patterns need no (?:...) or \d, so CMake's regex reads them as VS Code does (the test).
nlohmann::ordered_json problemMatcher(bool atLine) {
    using json = nlohmann::ordered_json;
    const std::string file = "^([^: ][^:]*\\.[A-Za-z0-9]+):";
    json pattern = atLine ? json{{"regexp", file + "([0-9]+): ((warning|hint): )?(.*)$"},
                                 {"kind", "location"},
                                 {"file", 1},
                                 {"line", 2},
                                 {"severity", 4},
                                 {"message", 5}}
                          : json{{"regexp", file + " ((warning|hint): )?(.*)$"},
                                 {"kind", "file"},
                                 {"file", 1},
                                 {"severity", 3},
                                 {"message", 4}};
    return json{{"owner", "stagehand"},
                {"source", "stagehand"},
                {"fileLocation", json::array({"relative", "${workspaceFolder}"})},
                {"severity", "error"},  // what --check finds stops --package; a "hint:" is information
                {"pattern", pattern}};
}

// The check as VS Code's default build task (Ctrl+Shift+B), its findings in the Problems
// panel. `stagehand` is the program on the PATH: no path of this machine goes into the game.
nlohmann::ordered_json tasks() {
    using json = nlohmann::ordered_json;
    json check{{"label", "stagehand: check"},
               {"detail", "stagehand . --check: each likely mistake at its line"},
               {"type", "process"},
               {"command", "stagehand"},
               {"args", json::array({".", "--check"})},
               {"options", {{"cwd", "${workspaceFolder}"}}},
               {"group", {{"kind", "build"}, {"isDefault", true}}},
               {"presentation", {{"clear", true}}},
               {"problemMatcher", json::array({problemMatcher(true), problemMatcher(false)})}};
    return json{{"version", "2.0.0"}, {"tasks", json::array({check})}};
}

// The editor set-up in the new game: the meta file's copy, .luarc.json and .vscode/tasks.json.
bool writeEditorSetup(const fs::path& game, const fs::path& meta, std::string& error) {
    std::error_code ec;
    fs::path copy = game / pathFromUtf8(kMetaCopy);
    fs::create_directories(copy.parent_path(), ec);
    if (!ec) fs::copy_file(meta, copy, ec);  // a new folder: nothing to overwrite
    if (ec) return (error = "cannot write " + utf8Path(copy) + ": " + ec.message(), false);
    return writeJson(game / kLuarcName, luarc(), error) && writeJson(game / pathFromUtf8(kTasksName), tasks(), error);
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
    fs::path meta = pathFromUtf8(joinPath(setup.dataRoot, kMetaSource));
    std::error_code ec;
    if (fs::exists(target, ec) && !(fs::is_directory(target, ec) && fs::is_empty(target, ec)))
        return fail(dir + " is not an empty folder (--new writes a game into a new or empty one)", kExitBadInput);
    if (!fs::is_directory(starter, ec))
        return fail("the starter game is missing from the data folder (" + utf8Path(starter) + ")", kExitBadInput);
    if (!fs::is_regular_file(meta, ec))
        return fail("the editor's definitions are missing from the data folder (" + utf8Path(meta) + ")",
                    kExitBadInput);
    fs::create_directories(target, ec);
    if (!ec) copyTree(starter, target, ec);
    if (ec) return fail("cannot write the game into " + dir + ": " + ec.message(), kExitBadInput);
    std::string error;
    if (!writeTitle(target, setup.cmd.newTitle, error) || !writeEditorSetup(target, meta, error))
        return fail(error, kExitBadInput);
    std::cout << "wrote a new game in " << dir << " (" << topLevelOf(starter) << ")\n"
              << "play it:  stagehand " << quotedForShell(dir) << "\n"
              << "check it: stagehand " << quotedForShell(dir) << " --check\n"
              << "edit it:  " << kLuarcName << " and .vscode/ set up lua-language-server and VS Code "
              << "(completion; the check as a task)\n"
              << "read " << joinPath(kAuthorNotesFolder, "README.md")
              << ": how to make it your own (notes/ is yours alone: the packages leave it out)\n";
    return kExitOk;
}

}  // namespace stagehand
