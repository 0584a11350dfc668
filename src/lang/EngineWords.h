// The engine's own words (issue 43): the scene menu's hints, the pause
// overlay's rows and values, the save and load screens, the history, the end
// card, notices. Each is one row of kEngineWords (EngineWords.cpp): an ID, its
// English text, where it stands and how wide its box is. Code asks by ID
// (`lang::word("pause.resume")`) and gets the text in the language being
// played, from the engine's string tables, `assets/strings/Engine.CODE.csv`,
// in the script tables' format (StringTable.h) and under their rules
// (LineProvider.h): a missing row or empty text is English, per word; a stale
// row is still shown; a bad row is one line and its word is English; a
// table that cannot be read is one line and every word English;
// `pseudo` is generated.
//
// The language follows the script's: LineProvider::setLanguage sets it here,
// so the words switch with the lines.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "lang/StringTable.h"

namespace stagehand::lang {

struct EngineWord {
    const char* id;
    const char* source;   // English, as shown
    const char* context;  // where it stands, for the translator
    float fit;            // the widest it may be drawn, view units at its font's size (0: no limit)
    float fontSize;       // view units
    bool bold;
};

// Every word the engine shows, in the order a translator meets them.
const std::vector<EngineWord>& engineWordList();

class EngineWords {
public:
    EngineWords();  // English
    // Where Engine.CODE.csv are (the data root's assets/strings).
    void setFolder(std::string folder) { folder_ = std::move(folder); }
    const std::string& folder() const { return folder_; }
    // Reads `code`'s table (en and pseudo have none). Each problem is a line
    // of `error`: a bad row's word is English; a table that cannot be read,
    // every word.
    void setLanguage(const std::string& code, std::string& error);
    const std::string& language() const { return language_; }

    // The word `id` in the current language; an unknown ID is shown as itself.
    const std::string& word(std::string_view id) const;
    // With each `{name}` replaced by its value.
    std::string word(std::string_view id, std::initializer_list<std::pair<const char*, std::string>> values) const;

    // The path of `code`'s table.
    std::string tablePath(const std::string& code) const;

private:
    std::string folder_;
    std::string language_ = kSourceLanguage;
    std::unordered_map<std::string, std::string> shown_;  // id -> text in the language
};

// The one the screens draw with.
EngineWords& engineWords();
inline const std::string& word(std::string_view id) {
    return engineWords().word(id);
}
inline std::string word(std::string_view id, std::initializer_list<std::pair<const char*, std::string>> values) {
    return engineWords().word(id, values);
}

}  // namespace stagehand::lang
