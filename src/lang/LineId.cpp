#include "lang/LineId.h"

#include <cctype>
#include <cstdint>
#include <cstdio>

namespace stagehand::lang {

namespace {

bool isNameStart(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}

bool isNameChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// The length of a `{#ID}` tag at `at` (which holds `{`), or 0.
std::size_t tagLength(std::string_view text, std::size_t at) {
    if (text.compare(at, 2, "{#") != 0) return 0;
    std::size_t end = at + 2;
    while (end < text.size() && isLineIdChar(text[end])) ++end;
    return end > at + 2 && end < text.size() && text[end] == '}' ? end + 1 - at : 0;
}

std::uint32_t fnv1a(std::string_view text) {
    std::uint32_t hash = 2166136261u;
    for (char c : text) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 16777619u;
    }
    return hash;
}

}  // namespace

SplitLine splitLineId(std::string_view text) {
    SplitLine out;
    out.text.reserve(text.size());
    for (std::size_t at = 0; at < text.size();) {
        if (text.compare(at, 2, "{{") == 0) {  // an escaped brace stays for the markup to read
            out.text.append("{{");
            at += 2;
            continue;
        }
        if (std::size_t length = text[at] == '{' ? tagLength(text, at) : 0) {
            if (out.id.empty()) out.id = std::string(text.substr(at + 2, length - 3));
            at += length;
            continue;
        }
        out.text.push_back(text[at++]);
    }
    return out;
}

std::string automaticLineId(std::string_view scriptPath, std::string_view text) {
    std::size_t slash = scriptPath.find_last_of("/\\");
    std::string_view file = slash == std::string_view::npos ? scriptPath : scriptPath.substr(slash + 1);
    std::size_t dot = file.rfind('.');
    if (dot != std::string_view::npos && dot > 0) file = file.substr(0, dot);
    std::string scope;
    for (char c : file) scope.push_back(isLineIdChar(c) && c != '.' ? c : '_');
    if (scope.empty()) scope = "script";
    return "auto." + scope + "." + lineTextHash(text);
}

std::string lineTextHash(std::string_view text) {
    char hash[16];
    std::snprintf(hash, sizeof hash, "%08x", static_cast<unsigned>(fnv1a(text)));
    return hash;
}

LineText identifyLine(std::string_view text, std::string_view scriptPath) {
    SplitLine split = splitLineId(text);
    LineText line;
    line.explicitId = !split.id.empty();
    line.id = line.explicitId ? split.id : automaticLineId(scriptPath, split.text);
    line.text = std::move(split.text);
    return line;
}

std::string lineIdOf(std::string_view markupId, std::string_view source, std::string_view scriptPath) {
    if (!markupId.empty()) return std::string(markupId);
    return automaticLineId(scriptPath, splitLineId(source).text);
}

std::string escapeBraces(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        out.push_back(c);
        if (c == '{') out.push_back('{');
    }
    return out;
}

std::string fillTemplate(std::string_view text,
                         const std::function<std::optional<std::string>(const std::string&)>& valueOf) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t at = 0; at < text.size();) {
        if (text.compare(at, 2, "{{") == 0) {
            out.append("{{");
            at += 2;
            continue;
        }
        if (text[at] == '{' && at + 1 < text.size() && isNameStart(text[at + 1])) {
            std::size_t end = at + 1;
            while (end < text.size() && isNameChar(text[end])) ++end;
            if (end < text.size() && text[end] == '}') {
                std::string name(text.substr(at + 1, end - at - 1));
                if (auto value = valueOf(name)) {
                    out.append(escapeBraces(*value));
                    at = end + 1;
                    continue;
                }
            }
        }
        out.push_back(text[at++]);
    }
    return out;
}

}  // namespace stagehand::lang
