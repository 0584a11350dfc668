// String tables (issue 28, issue 43): one CSV file per script and language
// beside the script, `X/strings/Foo.fr.csv` for `X/Foo.lua`, in columns that
// translation tools and spreadsheets read (docs/API.md, "String tables"):
//   language,id,source,text,context,max_width,font_size,file,line,lock,comment
// `source` is the line as written beside its translation `text`; `context`
// who says it, in which scene and in what box; `max_width` and `font_size`
// the box's text column in pixels (1280x720) and its font size (0: no limit).
// Tables in the first format (language,id,text,file,line,lock,comment) are
// still read, so no translator's work is lost; a table is always written in
// the current format. A bad row costs that row, not the table: a row with a
// wrong column count, a language code that is not the file's, a bad or
// duplicate ID (the first good row keeps it), a bad number or a lock that is
// not 8 hex digits is left out with one "FILE:LINE: ..." line, and every good
// row is used. Only a file that cannot be read as a table at all (invalid
// UTF-8, bad quoting, no header) is one such line and no row.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace stagehand::lang {

constexpr const char* kSourceLanguage = "en";
constexpr const char* kPseudoLanguage = "pseudo";
constexpr const char* kTableHeader = "language,id,source,text,context,max_width,font_size,file,line,lock,comment";
constexpr const char* kFirstTableHeader = "language,id,text,file,line,lock,comment";  // read, never written

struct StringRow {
    std::string id;
    std::string source;   // the line as written (its ID tag taken out), beside its translation
    std::string text;     // empty: not translated yet (the source is shown)
    std::string context;  // who says it, where, and in what box (written by --strings, for the translator)
    int maxWidth = 0;     // the width in pixels of the box's text column (0: none known)
    int fontSize = 0;     // the font size in that box (0: none known)
    std::string file;     // the script's path in the game's folder, for the translator and for messages
    long sourceLine = 0;
    std::string lock;  // the source text's hash (sourceLock) when this row was translated
    std::string comment;
    long tableLine = 0;  // the line of the CSV file its row starts on
};

struct StringTable {
    std::string language;
    std::string path;          // as given to loadStringTable: messages name it
    bool firstFormat = false;  // read from a table in the first, 7-column format
    std::vector<StringRow> rows;

    // The row of `id`, or null.
    const StringRow* find(std::string_view id) const;
    void index();  // rebuilds the lookup after `rows` changed

private:
    std::unordered_map<std::string, std::size_t> byId_;
};

// False when the file as a whole cannot be read (it cannot be opened, invalid
// UTF-8, bad quoting, no header): its one "FILE:LINE: what" line is added to
// `problems` and `out` is empty. Otherwise true, with every good row in `out`
// and one "FILE:LINE: what" line added for each bad row, in the file's order.
bool parseStringTable(std::string_view bytes, const std::string& path, const std::string& language, StringTable& out,
                      std::vector<std::string>& problems);
bool loadStringTable(const std::string& path, const std::string& language, StringTable& out,
                     std::vector<std::string>& problems);
// The same for a caller that takes a table only when it has no problem at all:
// false on any, with `error` the problem lines joined by newlines (`out` as above).
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
