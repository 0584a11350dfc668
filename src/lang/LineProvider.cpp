#include "lang/LineProvider.h"

#include <algorithm>
#include <iostream>

#include "lang/EngineWords.h"
#include "lang/PseudoText.h"
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

}  // namespace stagehand::lang
