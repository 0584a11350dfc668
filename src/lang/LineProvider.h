// The language a run is played in, and each line's text in it (issue 28).
// The stage never holds a translation: each time a line is shown its binding
// asks `translationOf` with the line's ID and its source text, and gets the
// text to show (markup and all) or nothing, meaning "show the source". One
// provider is shared by a run and the runs made from it (rollback's spares,
// hot reload), so a switch of language reaches the next line shown.
//
// Rules (docs/API.md, "String tables"):
// - a line with no row, or an empty text, falls back to the source, per line;
// - a stale row (its lock is not the source's hash) is still shown, as Yarn
//   Spinner does: the translation is usually close, and --check lists it;
// - a bad row of a table costs that row (one "FILE:LINE: what" line, and its
//   line is in the source language); a table that cannot be read at all is
//   one such line and the whole run is in the source language;
// - `pseudo` is generated from the source (pseudoText), never read from a file.
#pragma once

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "lang/StringTable.h"

namespace stagehand::lang {

class LineProvider {
public:
    using Warn = std::function<void(const std::string&)>;
    // `warn` gets each one-line warning (a table's problem, one line per bad
    // row, a translation that cannot be shown); by default stderr.
    explicit LineProvider(std::string scriptPath, std::string language = kSourceLanguage, Warn warn = {});

    const std::string& language() const { return language_; }
    // Where the one-line warnings go from now on (the window shows them
    // too); an empty one is stderr again.
    void setWarn(Warn warn);
    bool translates() const { return language_ != kSourceLanguage; }
    // Switches to `code` (its table is read now). False with `error` when
    // `code` is not one of knownLanguages (the language stays as it was).
    bool setLanguage(const std::string& code, std::string& error);

    // The text to show for line `id` whose source (as written, its {#ID}
    // removed; a line()'s template) is `source`; nullopt: show the source.
    std::optional<std::string> translationOf(const std::string& id, std::string_view source) const;
    // The row of `id` in the current table (null for en, pseudo, or none).
    const StringRow* rowOf(const std::string& id) const;
    const StringTable& table() const { return table_; }
    // The table's problems, one "FILE:LINE: what" line each (none for en, pseudo).
    const std::vector<std::string>& tableProblems() const { return tableProblems_; }

    // Warns once per `key` (a line's ID): a line shown many times says it once.
    void warnOnce(const std::string& key, const std::string& message) const;

private:
    std::string scriptPath_;
    std::string language_;
    StringTable table_;
    std::vector<std::string> tableProblems_;
    Warn warn_;
    mutable std::set<std::string> warned_;
};

}  // namespace stagehand::lang
