#include "lang/LineProvider.h"

#include <algorithm>
#include <iostream>

#include "lang/EngineWords.h"
#include "platform/Portable.h"

namespace stagehand::lang {

void LineProvider::setWarn(Warn warn) {
    warn_ = warn ? std::move(warn) : [](const std::string& line) { std::cerr << problemLine(line) << '\n'; };
}

LineProvider::LineProvider(std::string scriptPath, std::string language, Warn warn)
    : scriptPath_(std::move(scriptPath)), warn_(std::move(warn)) {
    if (!warn_) setWarn({});
    std::string error;
    language_ = kSourceLanguage;
    if (!setLanguage(language, error)) warn_(error);
}

bool LineProvider::setLanguage(const std::string& code, std::string& error) {
    auto known = knownLanguages(scriptPath_);
    if (std::find(known.begin(), known.end(), code) == known.end()) {
        std::string list;
        for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
        error = "unknown language '" + code + "' (known: " + list + ")";
        return false;
    }
    language_ = code;
    std::string wordsError;
    engineWords().setLanguage(code, wordsError);             // the engine's own words follow the lines
    for (std::size_t from = 0; from < wordsError.size();) {  // a line per problem, each saying what it costs
        std::size_t end = std::min(wordsError.find('\n', from), wordsError.size());
        warn_(wordsError.substr(from, end - from));
        from = end + 1;
    }
    table_ = StringTable{};
    tableProblems_.clear();
    warned_.clear();
    if (code == kSourceLanguage || code == kPseudoLanguage) return true;
    if (!loadStringTable(tablePathFor(scriptPath_, code), code, table_, tableProblems_)) {
        warn_(tableProblems_.front() + "; playing in the source language");
        return true;
    }
    for (const auto& problem : tableProblems_)
        warn_(problem + "; the row is left out (its line is shown in the source language)");
    return true;
}

const StringRow* LineProvider::rowOf(const std::string& id) const {
    return table_.find(id);
}

std::optional<std::string> LineProvider::translationOf(const std::string& id, std::string_view source) const {
    if (language_ == kPseudoLanguage) return pseudoText(source);
    const StringRow* row = table_.find(id);
    if (!row || row->text.empty()) return std::nullopt;
    return row->text;
}

void LineProvider::warnOnce(const std::string& key, const std::string& message) const {
    if (warned_.insert(key).second) warn_(message);
}

namespace {

// Accented forms of the ASCII letters (UTF-8), the pseudo-language's alphabet.
const char* accentedLetter(char c) {
    static const char* const lower[26] = {"á", "ƀ", "ç", "ð", "é", "ƒ", "ĝ", "ĥ", "í", "ĵ", "ķ", "ļ", "ɱ",
                                          "ñ", "ö", "þ", "ǫ", "ŕ", "š", "ţ", "û", "ṽ", "ŵ", "ẋ", "ý", "ž"};
    static const char* const upper[26] = {"Å", "Ɓ", "Ç", "Ð", "É", "Ƒ", "Ĝ", "Ĥ", "Í", "Ĵ", "Ķ", "Ļ", "Ṁ",
                                          "Ñ", "Ö", "Þ", "Ǫ", "Ŕ", "Š", "Ţ", "Û", "Ṽ", "Ŵ", "Ẋ", "Ý", "Ž"};
    if (c >= 'a' && c <= 'z') return lower[c - 'a'];
    if (c >= 'A' && c <= 'Z') return upper[c - 'A'];
    return nullptr;
}

bool isVowel(char c) {
    return std::string_view("aeiouAEIOU").find(c) != std::string_view::npos;
}

}  // namespace

std::string pseudoText(std::string_view source) {
    std::string out = "[";
    std::size_t letters = 0, added = 0;  // characters shown, and those added
    for (std::size_t at = 0; at < source.size();) {
        if (source.compare(at, 2, "{{") == 0) {
            out.append("{{");
            at += 2;
            continue;
        }
        if (source[at] == '{') {  // a tag (or a template's {name}) is kept whole
            std::size_t close = source.find('}', at);
            std::size_t end = close == std::string_view::npos ? source.size() : close + 1;
            out.append(source.substr(at, end - at));
            at = end;
            continue;
        }
        char c = source[at++];
        const char* accented = accentedLetter(c);
        out.append(accented ? accented : std::string(1, c));
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++letters;  // a character, not a continuation byte
        if (!accented) continue;
        // Vowels doubled until the text is about 40% longer: the room a
        // German or a French line takes over its English source.
        if (isVowel(c) && added * 10 < letters * 4) {
            out.append(accented);
            ++added;
        }
    }
    while (added * 10 < letters * 4) {  // a text short of vowels is padded at its end
        out.append("~");
        ++added;
    }
    out.append("]");
    return out;
}

}  // namespace stagehand::lang
