#include "lang/StringTable.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>
#include <tuple>

#include "lang/LineId.h"
#include "platform/Portable.h"

namespace stagehand::lang {

namespace {

// The columns of a row, by the header's names: the current format's, or the first one's.
struct Columns {
    std::size_t count;
    int language, id, source, text, context, maxWidth, fontSize, file, line, lock, comment;
};
constexpr Columns kCurrent{11, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
constexpr Columns kFirst{7, 0, 1, -1, 2, -1, -1, -1, 3, 4, 5, 6};

std::string fieldAt(const std::vector<std::string>& fields, int column) {
    return column < 0 ? std::string() : fields[static_cast<std::size_t>(column)];
}

std::string at(const std::string& path, long line) {
    return path + ":" + std::to_string(line) + ": ";
}

// A CSV record: its fields and the line it starts on.
struct Record {
    std::vector<std::string> fields;
    long line = 0;
};

// RFC 4180 records of `text` (a BOM already removed); false with an error
// naming the line of the mistake.
bool readRecords(std::string_view text, const std::string& path, std::vector<Record>& out, std::string& error) {
    long line = 1;
    std::size_t i = 0, n = text.size();
    while (i < n) {
        Record record;
        record.line = line;
        if (text[i] == '\n' || text.compare(i, 2, "\r\n") == 0) {  // an empty line is no row
            i += text[i] == '\n' ? 1 : 2;
            ++line;
            continue;
        }
        for (;;) {
            std::string field;
            if (i < n && text[i] == '"') {
                long opened = line;
                ++i;
                for (;;) {
                    if (i >= n) {
                        error = at(path, opened) + "bad quoting: a quoted field is never closed";
                        return false;
                    }
                    if (text[i] == '"') {
                        if (i + 1 < n && text[i + 1] == '"') {
                            field.push_back('"');
                            i += 2;
                            continue;
                        }
                        ++i;
                        break;
                    }
                    if (text[i] == '\n') ++line;
                    field.push_back(text[i++]);
                }
                if (i < n && text[i] != ',' && text[i] != '\n' && text.compare(i, 2, "\r\n") != 0) {
                    // A field that ran over lines to close here most likely lost its
                    // closing quote where it opened: that row is named.
                    std::string after = "'" + std::string(1, text[i]) + "' after a closing quote";
                    error = line == opened ? at(path, line) + "bad quoting: " + after +
                                                 " (a quote inside a quoted field is written twice: \"\")"
                                           : at(path, opened) +
                                                 "bad quoting: the quoted field that opens here runs on "
                                                 "to line " +
                                                 std::to_string(line) + " (" + after +
                                                 "): close it, or write a quote inside it twice: \"\"";
                    return false;
                }
            } else {
                while (i < n && text[i] != ',' && text[i] != '\n') {
                    if (text[i] == '"') {
                        error = at(path, line) +
                                "bad quoting: a quote in a field that does not start with one (quote the field and "
                                "write the quote twice: \"\")";
                        return false;
                    }
                    if (text[i] == '\r' && text.compare(i, 2, "\r\n") != 0) {
                        error = at(path, line) + "bad quoting: a carriage return outside quotes";
                        return false;
                    }
                    if (text[i] == '\r') break;
                    field.push_back(text[i++]);
                }
            }
            record.fields.push_back(std::move(field));
            if (i < n && text[i] == ',') {
                ++i;
                continue;
            }
            if (i < n) {  // LF or CRLF ends the record
                i += text[i] == '\n' ? 1 : 2;
                ++line;
            }
            break;
        }
        out.push_back(std::move(record));
    }
    return true;
}

bool isLock(std::string_view lock) {
    return lock.size() == 8 && std::all_of(lock.begin(), lock.end(),
                                           [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

std::string csvField(const std::string& field) {
    if (field.find_first_of(",\"\r\n") == std::string::npos) return field;
    std::string out = "\"";
    for (char c : field) {
        if (c == '"') out.push_back('"');
        out.push_back(c);
    }
    return out + "\"";
}

// The row a record holds, or false with the one problem that leaves it out.
bool readRow(const Record& record, const Columns& c, const std::string& columnNames, const std::string& path,
             const std::string& language, StringRow& row, std::string& problem) {
    const std::vector<std::string>& f = record.fields;
    const long line = record.line;
    if (f.size() != c.count) {
        problem = at(path, line) + "this row has " + std::to_string(f.size()) + " columns, the header has " +
                  std::to_string(c.count) + " (" + columnNames + ")";
        return false;
    }
    const std::string id = fieldAt(f, c.id), lineText = fieldAt(f, c.line), lock = fieldAt(f, c.lock);
    if (fieldAt(f, c.language) != language) {
        problem = at(path, line) + "language '" + fieldAt(f, c.language) + "' is not this file's ('" + language +
                  "', from its name)";
        return false;
    }
    if (!isLineId(id)) {
        problem = at(path, line) + "bad line ID '" + id + "' (letters, digits, _ . -)";
        return false;
    }
    long long sourceLine = 0, maxWidth = 0, fontSize = 0;
    if (!lineText.empty() && !parseWholeNumber(lineText, 0, 1000000000, sourceLine)) {
        problem = at(path, line) + "bad source line number '" + lineText + "'";
        return false;
    }
    for (auto [column, name, value] :
         {std::tuple{c.maxWidth, "max_width", &maxWidth}, std::tuple{c.fontSize, "font_size", &fontSize}}) {
        std::string field = fieldAt(f, column);
        if (!field.empty() && !parseWholeNumber(field, 0, 100000, *value)) {
            problem = at(path, line) + "bad " + name + " '" + field + "' (a whole number of pixels, or empty)";
            return false;
        }
    }
    if (!isLock(lock)) {
        problem = at(path, line) + "bad lock '" + lock +
                  "' (8 lowercase hex digits: the hash of the source line, written by --strings extract)";
        return false;
    }
    row.id = id;
    row.source = fieldAt(f, c.source);
    row.text = fieldAt(f, c.text);
    row.context = fieldAt(f, c.context);
    row.maxWidth = static_cast<int>(maxWidth);
    row.fontSize = static_cast<int>(fontSize);
    row.file = fieldAt(f, c.file);
    row.sourceLine = static_cast<long>(sourceLine);
    row.lock = lock;
    row.comment = fieldAt(f, c.comment);
    row.tableLine = line;
    return true;
}

std::string joinedLines(const std::vector<std::string>& lines) {
    std::string text;
    for (const auto& line : lines) text += (text.empty() ? "" : "\n") + line;
    return text;
}

}  // namespace

const StringRow* StringTable::find(std::string_view id) const {
    auto it = byId_.find(std::string(id));
    return it == byId_.end() ? nullptr : &rows[it->second];
}

void StringTable::index() {
    byId_.clear();
    for (std::size_t i = 0; i < rows.size(); ++i) byId_.emplace(rows[i].id, i);
}

bool isValidUtf8(std::string_view text, std::size_t* badAt) {
    std::size_t i = 0, n = text.size();
    while (i < n) {
        auto b = static_cast<unsigned char>(text[i]);
        std::size_t length = b < 0x80             ? 1
                             : (b & 0xE0) == 0xC0 ? 2
                             : (b & 0xF0) == 0xE0 ? 3
                             : (b & 0xF8) == 0xF0 ? 4
                                                  : 0;
        bool ok = length > 0 && i + length <= n;
        char32_t code = length == 1 ? b : length == 2 ? (b & 0x1F) : length == 3 ? (b & 0x0F) : (b & 0x07);
        for (std::size_t k = 1; ok && k < length; ++k) {
            auto c = static_cast<unsigned char>(text[i + k]);
            ok = (c & 0xC0) == 0x80;
            code = (code << 6) | (c & 0x3F);
        }
        if (ok && length == 2) ok = code >= 0x80;
        if (ok && length == 3) ok = code >= 0x800 && (code < 0xD800 || code > 0xDFFF);
        if (ok && length == 4) ok = code >= 0x10000 && code <= 0x10FFFF;
        if (!ok) {
            if (badAt) *badAt = i;
            return false;
        }
        i += length;
    }
    return true;
}

bool parseStringTable(std::string_view bytes, const std::string& path, const std::string& language, StringTable& out,
                      std::vector<std::string>& problems) {
    out = StringTable{};
    if (bytes.compare(0, 3, "\xEF\xBB\xBF") == 0) bytes.remove_prefix(3);
    std::size_t badAt = 0;
    if (!isValidUtf8(bytes, &badAt)) {
        long line = 1 + static_cast<long>(std::count(bytes.begin(), bytes.begin() + static_cast<long>(badAt), '\n'));
        problems.push_back(at(path, line) + "invalid UTF-8 (a string table is UTF-8 text)");
        return false;
    }
    std::vector<Record> records;
    std::string error;
    if (!readRecords(bytes, path, records, error)) {
        problems.push_back(error);
        return false;
    }
    std::string header;
    if (!records.empty())
        for (std::size_t k = 0; k < records[0].fields.size(); ++k) header += (k ? "," : "") + records[0].fields[k];
    bool first = header == kFirstTableHeader;
    if (records.empty() || records[0].line != 1 || (header != kTableHeader && !first)) {
        problems.push_back(at(path, 1) + "the first row must be the header " + kTableHeader +
                           " (or the first format's " + kFirstTableHeader + ")");
        return false;
    }
    const Columns& c = first ? kFirst : kCurrent;
    const std::string columnNames = first ? kFirstTableHeader : kTableHeader;
    out.language = language;
    out.path = path;
    out.firstFormat = first;
    std::unordered_map<std::string, long> firstLine;  // an ID is the first good row's that has it
    for (std::size_t r = 1; r < records.size(); ++r) {
        StringRow row;
        std::string problem;
        if (readRow(records[r], c, columnNames, path, language, row, problem)) {
            auto [seen, isNew] = firstLine.emplace(row.id, row.tableLine);
            if (isNew) {
                out.rows.push_back(std::move(row));
                continue;
            }
            problem = at(path, row.tableLine) + "duplicate ID '" + row.id + "' (also at " + path + ":" +
                      std::to_string(seen->second) + ")";
        }
        problems.push_back(problem);
    }
    out.index();
    return true;
}

bool parseStringTable(std::string_view bytes, const std::string& path, const std::string& language, StringTable& out,
                      std::string& error) {
    std::vector<std::string> problems;
    parseStringTable(bytes, path, language, out, problems);
    error = joinedLines(problems);
    return problems.empty();
}

bool loadStringTable(const std::string& path, const std::string& language, StringTable& out,
                     std::vector<std::string>& problems) {
    std::ifstream in(pathFromUtf8(path), std::ios::binary);
    if (!in) {
        out = StringTable{};
        problems.push_back(path + ": cannot read the string table");
        return false;
    }
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return parseStringTable(bytes.str(), path, language, out, problems);
}

bool loadStringTable(const std::string& path, const std::string& language, StringTable& out, std::string& error) {
    std::vector<std::string> problems;
    loadStringTable(path, language, out, problems);
    error = joinedLines(problems);
    return problems.empty();
}

std::string formatStringTable(const StringTable& table) {
    std::string out = std::string(kTableHeader) + "\n";
    for (const auto& row : table.rows) {
        auto number = [](int value) { return value > 0 ? std::to_string(value) : std::string(); };
        out += csvField(table.language) + "," + csvField(row.id) + "," + csvField(row.source) + "," +
               csvField(row.text) + "," + csvField(row.context) + "," + number(row.maxWidth) + "," +
               number(row.fontSize) + "," + csvField(row.file) + "," + std::to_string(row.sourceLine) + "," +
               csvField(row.lock) + "," + csvField(row.comment) + "\n";
    }
    return out;
}

bool writeStringTable(const std::string& path, const StringTable& table, std::string& error) {
    std::error_code ec;
    auto target = pathFromUtf8(path);
    if (target.has_parent_path()) std::filesystem::create_directories(target.parent_path(), ec);
    auto temporary = target;
    temporary += ".writing";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out << formatStringTable(table);
        if (!out.flush()) {
            error = "cannot write " + path;
            std::filesystem::remove(temporary, ec);
            return false;
        }
    }
    std::filesystem::rename(temporary, target, ec);
    if (ec) {
        error = "cannot write " + path + ": " + ec.message();
        std::filesystem::remove(temporary, ec);
        return false;
    }
    return true;
}

std::string sourceLock(std::string_view sourceText) {
    return lineTextHash(sourceText);
}

bool isStale(const StringRow& row, std::string_view sourceText) {
    return row.lock != sourceLock(sourceText);
}

bool isLanguageCode(std::string_view code) {
    if (code.empty() || !std::isalpha(static_cast<unsigned char>(code[0]))) return false;
    return std::all_of(code.begin(), code.end(),
                       [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-'; });
}

std::string tablePathFor(const std::string& scriptPath, const std::string& code) {
    // Built as text, so a message names it with the script's own separators on every system.
    std::size_t slash = scriptPath.find_last_of("/\\");
    std::string folder = slash == std::string::npos ? "" : scriptPath.substr(0, slash + 1);
    std::string stem = utf8Path(pathFromUtf8(scriptPath).stem());
    return folder + "strings/" + stem + "." + code + ".csv";
}

std::vector<std::string> knownLanguages(const std::string& scriptPath) {
    std::vector<std::string> codes;
    auto script = pathFromUtf8(scriptPath);
    std::string prefix = utf8Path(script.stem()) + ".";
    std::error_code ec;
    for (std::filesystem::directory_iterator it(script.parent_path() / "strings", ec), end; !ec && it != end;
         it.increment(ec)) {
        std::string name = utf8Path(it->path().filename());
        if (name.size() <= prefix.size() + 4 || name.compare(0, prefix.size(), prefix) != 0 ||
            name.compare(name.size() - 4, 4, ".csv") != 0)
            continue;
        std::string code = name.substr(prefix.size(), name.size() - prefix.size() - 4);
        if (isLanguageCode(code) && code != kSourceLanguage && code != kPseudoLanguage) codes.push_back(code);
    }
    std::sort(codes.begin(), codes.end());
    codes.insert(codes.begin(), kSourceLanguage);
    codes.push_back(kPseudoLanguage);
    return codes;
}

}  // namespace stagehand::lang
