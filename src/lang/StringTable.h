// String tables (issue 28): one CSV file per script and language beside the
// script, `X/strings/Foo.fr.csv` for `X/Foo.lua`, in the columns translators'
// tools read: language,id,text,file,line,lock,comment (docs/API.md, "String
// tables", has the format). A table is read whole or not at all: the first
// mistake (bad quoting, a wrong column count, a language code that is not the
// file's, an ID used twice, invalid UTF-8, a lock that is not 8 hex digits) is
// one "FILE:LINE: ..." error and no row of it is used.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace stagehand::lang {

constexpr const char* kSourceLanguage = "en";
constexpr const char* kPseudoLanguage = "pseudo";
constexpr const char* kTableHeader = "language,id,text,file,line,lock,comment";

struct StringRow {
    std::string id;
    std::string text;  // empty: not translated yet (the source is shown)
    std::string file;  // where the source line is, for the translator and for messages
    long sourceLine = 0;
    std::string lock;  // the source text's hash (sourceLock) when this row was translated
    std::string comment;
    long tableLine = 0;  // the line of the CSV file its row starts on
};

struct StringTable {
    std::string language;
    std::string path;  // as given to loadStringTable: messages name it
    std::vector<StringRow> rows;

    // The row of `id`, or null.
    const StringRow* find(std::string_view id) const;
    void index();  // rebuilds the lookup after `rows` changed

private:
    std::unordered_map<std::string, std::size_t> byId_;
};

// "FILE:LINE: what" on the first mistake (`out` is then left empty).
bool parseStringTable(std::string_view bytes, const std::string& path, const std::string& language, StringTable& out,
                      std::string& error);
bool loadStringTable(const std::string& path, const std::string& language, StringTable& out, std::string& error);
// The CSV text of `table` (header first, rows in order, LF endings, no BOM).
std::string formatStringTable(const StringTable& table);
// Writes through a temporary file and a rename: a reader never sees half a table.
bool writeStringTable(const std::string& path, const StringTable& table, std::string& error);

// The lock of a source line: the FNV-1a hash of its text (its {#ID} tag
// removed) as 8 lowercase hex digits, the hash automaticLineId uses.
std::string sourceLock(std::string_view sourceText);
// A row translated from another version of the source line.
bool isStale(const StringRow& row, std::string_view sourceText);

// A language code: letters, digits and `-`, starting with a letter.
bool isLanguageCode(std::string_view code);
// `X/strings/Foo.CODE.csv` for the script `X/Foo.lua`.
std::string tablePathFor(const std::string& scriptPath, const std::string& code);
// The languages a script can be played in: en, every code with a table file
// beside it, and pseudo; sorted after en.
std::vector<std::string> knownLanguages(const std::string& scriptPath);

// Whether `text` is well-formed UTF-8 (no overlong forms, surrogates or
// values past U+10FFFF); `badAt` gets the offset of the first bad byte.
bool isValidUtf8(std::string_view text, std::size_t* badAt = nullptr);

}  // namespace stagehand::lang
