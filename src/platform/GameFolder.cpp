#include "platform/GameFolder.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <utility>

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

bool inGameFolder(const std::string& scriptPath) {
    std::error_code ec;
    return !scriptPath.empty() &&
           fs::is_regular_file(pathFromUtf8(joinPath(gameFolderOf(scriptPath), kMainScriptName)), ec);
}

bool seesEngineMaps(const std::string& scriptPath) {
    if (!inGameFolder(scriptPath)) return true;
    GameDescription game;
    std::vector<std::string> problems;  // told by the run's own reading (completeSetup), not here again
    readGameDescription(scriptPath, game, problems);
    return game.engineMaps;
}

const char* assetFolderName(AssetKind kind) {
    switch (kind) {
        case AssetKind::Images: return "images";
        case AssetKind::Audio: return "audio";
        case AssetKind::Maps: return "maps";
        case AssetKind::Fonts: return "fonts";
        case AssetKind::Modules: return "";
    }
    return "images";
}

std::vector<std::string> assetFolders(AssetKind kind, const std::string& scriptPath, const std::string& dataRoot) {
    std::vector<std::string> folders;
    if (kind == AssetKind::Modules) {
        if (!scriptPath.empty()) folders.push_back(gameFolderOf(scriptPath));
        return folders;
    }
    std::error_code ec;
    if (!scriptPath.empty()) {
        std::string own = joinPath(gameFolderOf(scriptPath), assetFolderName(kind));
        if (fs::is_directory(pathFromUtf8(own), ec)) folders.push_back(own);
    }
    if (kind == AssetKind::Maps && !seesEngineMaps(scriptPath)) return folders;
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

bool switchField(const json& value, const char* key, bool& out, std::string& error) {
    if (!value.is_boolean()) {
        error = std::string("\"") + key + "\" needs true or false, not " + value.dump();
        return false;
    }
    out = value.get<bool>();
    return true;
}

// "chapters": "reached" (the title screen's Chapters lists the chapters the
// player has reached) or "all" (every chapter, from the first run on).
bool chaptersField(const json& value, bool& allChapters, std::string& error) {
    if (!value.is_string() || (value != "reached" && value != "all")) {
        error = "\"chapters\" needs \"reached\" or \"all\", not " + value.dump();
        return false;
    }
    allChapters = value == "all";
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

// The line and column (1 on) of the byte at `offset` in `text`.
std::pair<long, long> placeIn(const std::string& text, std::size_t offset) {
    long line = 1, column = 1;
    for (std::size_t i = 0; i < std::min(offset, text.size()); ++i) {
        column = text[i] == '\n' ? 1 : column + 1;
        line += text[i] == '\n';
    }
    return {line, column};
}

// Where the token ending at `last` starts: a string at its opening quote (the
// first one back not escaped by an odd run of backslashes), a number or a
// literal (true, false, null) at its first letter, a bracket at itself.
std::size_t tokenStart(const std::string& text, std::size_t last) {
    if (text[last] == '"') {
        for (std::size_t quote = text.rfind('"', last - 1); quote != std::string::npos && quote > 0;
             quote = text.rfind('"', quote - 1)) {
            std::size_t slashes = 0;
            while (quote > slashes && text[quote - 1 - slashes] == '\\') ++slashes;
            if (slashes % 2 == 0) return quote;
        }
        return 0;
    }
    auto inWord = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '+' || c == '.';
    };
    std::size_t start = last;
    while (inWord(text[last]) && start > 0 && inWord(text[start - 1])) --start;
    return start;
}

// nlohmann stops after a value met where a comma or the end of an object or
// array was expected ("unexpected string literal; expected '}'"), which is
// what a missing comma does, at the value after it: the comma belongs after
// the last thing written before that value, maybe lines above. Its line, or 0
// for any other mistake.
long lineOfMissingComma(const std::string& text, std::size_t byte, const std::string& message) {
    static const std::regex kAfterValue(
        R"(unexpected ((string|number|true|false|null) literal|'\{'|'\['); expected '[\]}]')");
    bool afterValue = std::regex_search(message, kAfterValue);
    if (!afterValue || byte == 0 || byte > text.size()) return 0;
    std::size_t start = tokenStart(text, byte - 1);
    while (start > 0 && std::isspace(static_cast<unsigned char>(text[start - 1]))) --start;
    return start == 0 ? 0 : placeIn(text, start - 1).first;
}

// "FILE:LINE: not JSON: column C: why", where nlohmann stopped reading, and
// for a missing comma the line it belongs at, which the stop is often past.
std::string notJsonProblem(const std::string& file, const std::string& text, const json::parse_error& e) {
    std::string what = e.what();  // "[json.exception.parse_error.101] parse error at line 3, column 2: why"
    std::size_t why = what.find(": ", what.find("parse error"));
    std::string message = why == std::string::npos ? what : what.substr(why + 2);
    auto [line, column] = placeIn(text, e.byte == 0 ? 0 : e.byte - 1);  // `byte` counts from 1
    std::string problem =
        file + ":" + std::to_string(line) + ": not JSON: column " + std::to_string(column) + ": " + message;
    if (long comma = lineOfMissingComma(text, e.byte, message))
        problem += " (is a comma missing at the end of line " + std::to_string(comma) + "?)";
    return problem;
}

// The game's folder's own name ("clocktower" for clocktower/main.lua), or "".
std::string folderNameOf(const std::string& scriptPath) {
    std::error_code ec;
    fs::path folder = fs::absolute(pathFromUtf8(gameFolderOf(scriptPath)), ec).lexically_normal();
    if (!folder.has_filename()) folder = folder.parent_path();  // "clocktower/" -> "clocktower"
    return utf8Path(folder.filename());
}

// A game.json that cannot be used at all keeps the game its own: its title
// (and so its window, its scene menu's heading and its save folder) from its
// folder, never the demo's.
std::string keptIdentity(const std::string& scriptPath, GameDescription& out) {
    out.title = folderNameOf(scriptPath);
    return out.title.empty() ? "; every field has its default"
                             : "; the game plays as '" + out.title + "', its title from its folder";
}

void readFields(const json& root, GameDescription& out, std::vector<std::string>& problems) {
    const char* known =
        "title, width, height, language, icon, version, font, boldFont, engineMaps, titlePicture, titleMusic, "
        "chapters";
    for (const auto& [key, value] : root.items()) {
        std::string error;
        bool ok = key == "title"          ? stringField(value, "title", out.title, error)
                  : key == "width"        ? sizeField(value, "width", out.width, error)
                  : key == "height"       ? sizeField(value, "height", out.height, error)
                  : key == "language"     ? stringField(value, "language", out.language, error)
                  : key == "icon"         ? stringField(value, "icon", out.icon, error)
                  : key == "version"      ? stringField(value, "version", out.version, error)
                  : key == "font"         ? stringField(value, "font", out.font, error)
                  : key == "boldFont"     ? stringField(value, "boldFont", out.boldFont, error)
                  : key == "engineMaps"   ? switchField(value, "engineMaps", out.engineMaps, error)
                  : key == "titlePicture" ? stringField(value, "titlePicture", out.titlePicture, error)
                  : key == "titleMusic"   ? stringField(value, "titleMusic", out.titleMusic, error)
                  : key == "chapters"     ? chaptersField(value, out.allChapters, error)
                                          : (error = "unknown field \"" + key + "\" (fields: " + known + ")", false);
        if (!ok) problems.push_back(error);
    }
    if ((out.width == 0) != (out.height == 0)) {
        problems.push_back("\"width\" and \"height\" go together (the window keeps its own size)");
        out.width = out.height = 0;
    }
}

}  // namespace

std::string jsonSyntaxProblem(const std::string& file, const std::string& text) {
    try {
        json parsed = json::parse(text);
        (void)parsed;
    } catch (const json::parse_error& e) {
        return notJsonProblem(file, text, e);
    }
    return {};
}

void readGameDescription(const std::string& scriptPath, GameDescription& out, std::vector<std::string>& problems) {
    out = GameDescription{};
    std::string file = joinPath(gameFolderOf(scriptPath), kDescriptionName);
    std::error_code ec;
    if (!fs::exists(pathFromUtf8(file), ec)) return;
    std::ifstream in(pathFromUtf8(file), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    if (!in) {
        problems.push_back(file + ": cannot read the file" + keptIdentity(scriptPath, out));
        return;
    }
    json root;
    try {
        root = json::parse(text.str());
    } catch (const json::parse_error& e) {
        problems.push_back(notJsonProblem(file, text.str(), e) + keptIdentity(scriptPath, out));
        return;
    }
    if (!root.is_object()) {
        problems.push_back(file + ": needs one JSON object ({\"title\": \"My game\", ...})" +
                           keptIdentity(scriptPath, out));
        return;
    }
    std::vector<std::string> mistakes;
    readFields(root, out, mistakes);
    for (const auto& mistake : mistakes) problems.push_back(file + ": " + mistake);
}

}  // namespace stagehand
