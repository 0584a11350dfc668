#include "app/window/StoryMemory.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "app/run/UserFolder.h"
#include "platform/GameFolder.h"
#include "platform/Portable.h"

namespace stagehand {

namespace {

using json = nlohmann::json;

json valuesToJson(const StoryMemory::Values& values) {
    json out = json::object();
    for (const auto& [name, value] : values) {
        switch (value.type) {
            case ScriptValue::Type::Boolean: out[name] = value.boolean; break;
            case ScriptValue::Type::Number: out[name] = value.number; break;
            case ScriptValue::Type::String: out[name] = value.string; break;
            case ScriptValue::Type::Nil: break;
        }
    }
    return out;
}

// The plain values of a JSON object; anything else in it is left out (a
// newer Stagehand may keep more kinds).
StoryMemory::Values valuesFromJson(const json& object) {
    StoryMemory::Values values;
    if (!object.is_object()) return values;
    for (const auto& [name, value] : object.items()) {
        if (value.is_boolean())
            values[name] = ScriptValue::of(value.get<bool>());
        else if (value.is_number())
            values[name] = ScriptValue::of(value.get<double>());
        else if (value.is_string())
            values[name] = ScriptValue::of(value.get<std::string>());
    }
    return values;
}

bool sameValues(const StoryMemory::Values& a, const StoryMemory::Values& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const auto& x, const auto& y) {
        return x.first == y.first && x.second.type == y.second.type && x.second.boolean == y.second.boolean &&
               x.second.number == y.second.number && x.second.string == y.second.string;
    });
}

// The shortest of 15 and 17 digits that reads back as the same number.
std::string exactNumber(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.15g", value);
    if (std::strtod(buffer, nullptr) != value) std::snprintf(buffer, sizeof buffer, "%.17g", value);
    return buffer;
}

bool writeAtomically(const std::string& path, const std::string& text) {
    std::string temporary = path + ".new";
    {
        std::ofstream out(pathFromUtf8(temporary), std::ios::binary | std::ios::trunc);
        out << text;
        if (!out.flush()) return false;
    }
    std::error_code error;
    std::filesystem::rename(pathFromUtf8(temporary), pathFromUtf8(path), error);  // replaces it, at once
    if (error) std::filesystem::remove(pathFromUtf8(temporary), error);
    return !error;
}

}  // namespace

StoryMemory StoryMemory::load(const std::string& path, std::string& warning) {
    StoryMemory memory;
    std::ifstream in(pathFromUtf8(path), std::ios::binary);
    if (!in) return memory;
    std::stringstream text;
    text << in.rdbuf();
    std::string problem = jsonSyntaxProblem(path, text.str());
    json root = problem.empty() ? json::parse(text.str()) : json();
    if (problem.empty() && (!root.is_object() || !root.contains("version") || !root["version"].is_number_integer()))
        problem = path + ": not a story memory (a JSON object with a \"version\")";
    if (!problem.empty()) {
        warning = problem + "; starting with no chapters reached (the file is kept as " + path + ".damaged)";
        memory.damaged_ = true;
        return memory;
    }
    if (root["version"].get<long long>() > kVersion) {
        warning = path + ": written by a newer Stagehand (version " + root["version"].dump() +
                  "); read as far as this one can, and not written over";
        memory.newer_ = true;
    }
    if (root.contains("chapters") && root["chapters"].is_object())
        for (const auto& [name, chapter] : root["chapters"].items())
            memory.chapters_[name] =
                chapter.is_object() && chapter.contains("flags") ? valuesFromJson(chapter["flags"]) : Values{};
    if (root.contains("endings") && root["endings"].is_array())
        for (const auto& ending : root["endings"])
            if (ending.is_string()) memory.noteEnding(ending.get<std::string>());
    if (root.contains("persistent")) memory.kept_ = valuesFromJson(root["persistent"]);
    memory.changed_ = false;
    return memory;
}

bool StoryMemory::save(const std::string& path) {
    if (!changed_ || newer_ || path.empty()) return true;
    if (damaged_) {
        std::error_code error;
        std::filesystem::rename(pathFromUtf8(path), pathFromUtf8(path + ".damaged"), error);
        if (error) return false;  // the damaged file stays, and so does this memory's news
        damaged_ = false;
    }
    json root = {{"version", kVersion}};
    json chapters = json::object();
    for (const auto& [name, flags] : chapters_) chapters[name] = {{"flags", valuesToJson(flags)}};
    root["chapters"] = chapters;
    root["endings"] = endings_;
    root["persistent"] = valuesToJson(kept_);
    if (!writeAtomically(path, root.dump(2) + "\n")) return false;
    changed_ = false;
    return true;
}

void StoryMemory::noteChapter(const std::string& chapter, const Values& flagsAtStart) {
    auto found = chapters_.find(chapter);
    if (found != chapters_.end() && sameValues(found->second, flagsAtStart)) return;
    chapters_[chapter] = flagsAtStart;
    changed_ = true;
}

void StoryMemory::noteEnding(const std::string& ending) {
    if (ending.empty() || std::find(endings_.begin(), endings_.end(), ending) != endings_.end()) return;
    endings_.push_back(ending);
    changed_ = true;
}

void StoryMemory::setKept(const Values& persistent) {
    if (sameValues(kept_, persistent)) return;
    kept_ = persistent;
    changed_ = true;
}

const StoryMemory::Values* StoryMemory::flagsAtStartOf(const std::string& chapter) const {
    auto found = chapters_.find(chapter);
    return found == chapters_.end() ? nullptr : &found->second;
}

std::string StoryMemory::defaultPath() {
    std::string folder = userFolder();
    return folder.empty() ? "" : joinPath(folder, "story.json");
}

std::vector<std::pair<std::string, std::string>> valuesAsText(const StoryMemory::Values& values) {
    std::vector<std::pair<std::string, std::string>> text;
    auto oneLine = [](const std::string& s) { return s.find_first_of("\r\n") == std::string::npos; };
    for (const auto& [name, value] : values) {
        // A saved run's header holds NAME=VALUE on a line of its own: what cannot be written so is left out.
        if (name.empty() || name.find('=') != std::string::npos || !oneLine(name) || !oneLine(value.string)) continue;
        switch (value.type) {
            case ScriptValue::Type::Boolean: text.emplace_back(name, value.boolean ? "true" : "false"); break;
            case ScriptValue::Type::Number: text.emplace_back(name, exactNumber(value.number)); break;
            case ScriptValue::Type::String: text.emplace_back(name, value.string); break;
            case ScriptValue::Type::Nil: break;
        }
    }
    return text;
}

}  // namespace stagehand
