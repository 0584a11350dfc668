#include "platform/GameFolder.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "platform/Portable.h"

namespace stagehand {

namespace fs = std::filesystem;
using json = nlohmann::json;

bool mainScriptOf(const std::string& path, std::string& script, std::string& error) {
    std::error_code ec;
    fs::path given = pathFromUtf8(path);
    if (fs::is_directory(given, ec)) {
        if (fs::is_regular_file(given / kMainScriptName, ec)) {
            script = joinPath(path, kMainScriptName);
            return true;
        }
        error = path + " is a folder without " + kMainScriptName +
                " (a game's folder holds its main script, main.lua; stagehand --new DIR writes one)";
        return false;
    }
    if (fs::is_regular_file(given, ec)) {
        script = path;
        return true;
    }
    error = "no game at " + path + " (give a game's folder or its main script)";
    return false;
}

std::string gameFolderOf(const std::string& scriptPath) {
    std::string folder = utf8Path(pathFromUtf8(scriptPath).parent_path());
    return folder.empty() ? "." : folder;
}

const char* assetFolderName(AssetKind kind) {
    switch (kind) {
        case AssetKind::Images: return "images";
        case AssetKind::Audio: return "audio";
        case AssetKind::Maps: return "maps";
        case AssetKind::Fonts: return "fonts";
    }
    return "images";
}

std::vector<std::string> assetFolders(AssetKind kind, const std::string& scriptPath, const std::string& dataRoot) {
    std::vector<std::string> folders;
    std::error_code ec;
    if (!scriptPath.empty()) {
        std::string own = joinPath(gameFolderOf(scriptPath), assetFolderName(kind));
        if (fs::is_directory(pathFromUtf8(own), ec)) folders.push_back(own);
    }
    std::string engine = joinPath(joinPath(dataRoot, "assets"), assetFolderName(kind));
    bool same = !folders.empty() && fs::equivalent(pathFromUtf8(folders.front()), pathFromUtf8(engine), ec);
    if (!same) folders.push_back(engine);
    return folders;
}

std::string foldersText(const std::vector<std::string>& folders) {
    std::string text;
    for (const auto& folder : folders) text += (text.empty() ? "" : ", ") + folder;
    return text.empty() ? "no folder" : text;
}

namespace {

// A field's value as a string, or a one-line reason.
bool stringField(const json& value, const char* key, std::string& out, std::string& error) {
    if (!value.is_string()) {
        error = std::string("\"") + key + "\" needs a string, not " + value.dump();
        return false;
    }
    out = value.get<std::string>();
    return true;
}

bool sizeField(const json& value, const char* key, int& out, std::string& error) {
    if (!value.is_number_integer() || value.get<long long>() < 64 || value.get<long long>() > 16384) {
        error = std::string("\"") + key + "\" needs a whole number of pixels from 64 to 16384, not " + value.dump();
        return false;
    }
    out = value.get<int>();
    return true;
}

void readFields(const json& root, GameDescription& out, std::vector<std::string>& problems) {
    if (!root.is_object()) {
        problems.push_back("needs one JSON object ({\"title\": \"My game\", ...})");
        return;
    }
    const char* known = "title, width, height, language, icon, version, font, boldFont";
    for (const auto& [key, value] : root.items()) {
        std::string error;
        bool ok = key == "title"      ? stringField(value, "title", out.title, error)
                  : key == "width"    ? sizeField(value, "width", out.width, error)
                  : key == "height"   ? sizeField(value, "height", out.height, error)
                  : key == "language" ? stringField(value, "language", out.language, error)
                  : key == "icon"     ? stringField(value, "icon", out.icon, error)
                  : key == "version"  ? stringField(value, "version", out.version, error)
                  : key == "font"     ? stringField(value, "font", out.font, error)
                  : key == "boldFont" ? stringField(value, "boldFont", out.boldFont, error)
                                      : (error = "unknown field \"" + key + "\" (fields: " + known + ")", false);
        if (!ok) problems.push_back(error);
    }
    if ((out.width == 0) != (out.height == 0)) {
        problems.push_back("\"width\" and \"height\" go together (the window keeps its own size)");
        out.width = out.height = 0;
    }
}

}  // namespace

void readGameDescription(const std::string& scriptPath, GameDescription& out, std::vector<std::string>& problems) {
    out = GameDescription{};
    std::string file = joinPath(gameFolderOf(scriptPath), kDescriptionName);
    std::error_code ec;
    if (!fs::exists(pathFromUtf8(file), ec)) return;
    std::ifstream in(pathFromUtf8(file), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    if (!in) {
        problems.push_back(file + ": cannot read the file");
        return;
    }
    json root;
    try {
        root = json::parse(text.str());
    } catch (const json::parse_error& e) {
        std::string what = e.what();  // "[json.exception.parse_error.101] parse error at line 3, ..."
        std::size_t start = what.find("] ");
        problems.push_back(file + ": not JSON: " + (start == std::string::npos ? what : what.substr(start + 2)));
        return;
    }
    std::vector<std::string> mistakes;
    readFields(root, out, mistakes);
    for (const auto& mistake : mistakes) problems.push_back(file + ": " + mistake);
}

}  // namespace stagehand
