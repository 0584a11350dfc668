// Unicode's own conformance files against the text layout's public functions
// (issue 45): BidiCharacterTest.txt (UAX #9, resolved levels) against
// shaping::bidiLevels and LineBreakTest.txt (UAX #14, break opportunities)
// against shaping::lineStarts. The files come from Debian's unicode-data
// (STAGEHAND_UNICODE_DIR, found at configure time).
//
// Where today's layout fails cases, the cases it fails are listed in
// tests/unicode/*.txt by the line of the Unicode file they are on, under the
// name of the file's version. The list is checked both ways, never skipped:
// a listed case that passes fails the test (the list shrinks with the code:
// take it out), an unlisted case that fails fails the test. After a change of
// the layout, or of the Unicode version, write the list again with
//   STAGEHAND_UNICODE_RECORD=1 unicode_conformance_tests
// and read its difference before committing it.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

#include "render/TextShaper.h"

using namespace stagehand;

namespace {

const std::string kUnicodeDir = STAGEHAND_UNICODE_DIR;
const std::string kListDir = std::string(STAGEHAND_TEST_DIR) + "/unicode/";

std::vector<std::string> split(const std::string& text, char by) {
    std::vector<std::string> out;
    std::string field;
    std::istringstream in(text);
    while (std::getline(in, field, by)) out.push_back(field);
    if (!text.empty() && text.back() == by) out.emplace_back();
    return out;
}

std::u32string codePoints(const std::string& hex) {
    std::u32string out;
    std::istringstream in(hex);
    std::string word;
    while (in >> word) out.push_back(static_cast<char32_t>(std::stoul(word, nullptr, 16)));
    return out;
}

// "BidiCharacterTest-15.0.0.txt": the first line of a Unicode data file.
std::string versionOf(const std::string& path) {
    std::ifstream in(path);
    std::string first;
    std::getline(in, first);
    return first.size() > 2 ? first.substr(2) : first;
}

// The expected failures: the version line, then line numbers and ranges (a-b).
struct FailureList {
    std::string version;
    std::set<long> lines;
};

FailureList readList(const std::string& name) {
    FailureList list;
    std::ifstream in(kListDir + name);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        if (list.version.empty()) {
            list.version = line;
            continue;
        }
        auto dash = line.find('-');
        long a = std::stol(line.substr(0, dash));
        long b = dash == std::string::npos ? a : std::stol(line.substr(dash + 1));
        for (long k = a; k <= b; ++k) list.lines.insert(k);
    }
    return list;
}

void writeList(const std::string& name, const std::string& version, const std::string& about,
               const std::vector<long>& failed) {
    std::ofstream out(kListDir + name);
    out << "# " << about << "\n# Written by STAGEHAND_UNICODE_RECORD=1 unicode_conformance_tests "
        << "(tests/test_unicode_conformance.cpp): the file's version, then its lines whose case fails.\n"
        << version << "\n";
    for (std::size_t i = 0; i < failed.size();) {
        std::size_t j = i;
        while (j + 1 < failed.size() && failed[j + 1] == failed[j] + 1) ++j;
        out << failed[i];
        if (j > i) out << "-" << failed[j];
        out << "\n";
        i = j + 1;
    }
}

bool recording() {
    const char* record = std::getenv("STAGEHAND_UNICODE_RECORD");
    return record && std::string(record) == "1";
}

struct Outcome {
    long run = 0, passed = 0, notApplicable = 0;
    std::vector<long> failed;
};

// Runs every case of `file` through `check` (true: passed; it sets
// `applicable` false for a case the function cannot be asked) and holds the
// failures to `listName`, or writes that list when recording.
void holdToList(const std::string& file, const std::string& listName, const std::string& about,
                const std::function<bool(const std::string& line, bool& applicable)>& check) {
    std::ifstream in(file);
    ASSERT_TRUE(in) << "cannot read " << file;
    Outcome outcome;
    std::string line;
    long number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (line.empty() || line[0] == '#') continue;
        bool applicable = true;
        bool ok = check(line, applicable);
        if (!applicable) {
            ++outcome.notApplicable;
            continue;
        }
        ++outcome.run;
        if (ok)
            ++outcome.passed;
        else
            outcome.failed.push_back(number);
    }
    std::string version = versionOf(file);
    std::cout << version << ": " << outcome.passed << " of " << outcome.run << " cases pass (" << outcome.notApplicable
              << " not applicable)\n";
    if (recording()) {
        writeList(listName, version, about, outcome.failed);
        return;
    }
    FailureList list = readList(listName);
    ASSERT_EQ(list.version, version) << "tests/unicode/" << listName << " was written for another version of "
                                     << "the file: write it again (see the top of this test)";
    EXPECT_GT(outcome.passed, 0);
    int reported = 0;
    std::set<long> failed(outcome.failed.begin(), outcome.failed.end());
    for (long n : failed)
        if (!list.lines.count(n) && reported++ < 20)
            ADD_FAILURE() << file << ":" << n << ": fails and is not an expected failure";
    for (long n : list.lines)
        if (!failed.count(n) && reported++ < 20)
            ADD_FAILURE() << file << ":" << n << ": passes now: take it out of tests/unicode/" << listName;
    EXPECT_EQ(failed.size(), list.lines.size()) << "failures against tests/unicode/" << listName;
}

// --- UAX #9's paragraph direction (P2, P3), from UnicodeData.txt's classes,
// independently of the layout: which forced directions an automatic one
// equals.
const std::unordered_map<char32_t, std::string>& bidiClasses() {
    static const std::unordered_map<char32_t, std::string> classes = [] {
        std::unordered_map<char32_t, std::string> out;
        std::ifstream in(kUnicodeDir + "/UnicodeData.txt");
        std::string line;
        char32_t rangeStart = 0;
        while (std::getline(in, line)) {
            auto f = split(line, ';');
            if (f.size() < 5) continue;
            auto code = static_cast<char32_t>(std::stoul(f[0], nullptr, 16));
            if (f[1].find(", First>") != std::string::npos) {
                rangeStart = code;
                continue;
            }
            if (f[4] == "L") continue;  // the default below: the large ranges (CJK, Hangul) are all L
            if (f[1].find(", Last>") != std::string::npos) {
                for (char32_t c = rangeStart; c <= code; ++c) out[c] = f[4];
                continue;
            }
            out[code] = f[4];
        }
        return out;
    }();
    return classes;
}

// 0 left to right, 1 right to left, by P2/P3 (an isolate's content skipped).
int paragraphLevel(const std::u32string& text) {
    int isolates = 0;
    for (char32_t c : text) {
        auto it = bidiClasses().find(c);
        std::string cls = it == bidiClasses().end() ? "L" : it->second;
        if (cls == "LRI" || cls == "RLI" || cls == "FSI") {
            ++isolates;
        } else if (cls == "PDI") {
            if (isolates > 0) --isolates;
        } else if (isolates == 0 && cls == "L") {
            return 0;
        } else if (isolates == 0 && (cls == "R" || cls == "AL")) {
            return 1;
        }
    }
    return 0;
}

}  // namespace

TEST(UnicodeConformance, bidi_character_test_levels_match_or_are_listed_failures) {
    // Fields: code points; paragraph direction (0 LTR, 1 RTL, 2 auto); the
    // resolved paragraph level; the resolved levels (x: removed by X9). The
    // layout finds the direction itself (P2/P3): a case with a forced
    // direction is asked when that direction is the one P2/P3 find.
    ASSERT_FALSE(bidiClasses().empty()) << "cannot read " << kUnicodeDir << "/UnicodeData.txt";
    holdToList(kUnicodeDir + "/BidiCharacterTest.txt", "bidi_character_expected_failures.txt",
               "BidiCharacterTest.txt cases shaping::bidiLevels fails", [](const std::string& line, bool& applicable) {
                   auto f = split(line, ';');
                   if (f.size() < 4) return false;
                   std::u32string text = codePoints(f[0]);
                   int direction = std::stoi(f[1]);
                   if (direction != 2 && direction != paragraphLevel(text)) {
                       applicable = false;
                       return false;
                   }
                   bool rightToLeft = false;
                   std::vector<std::uint8_t> levels = shaping::bidiLevels(text, rightToLeft);
                   if (rightToLeft != (std::stoi(f[2]) == 1)) return false;
                   std::istringstream expected(f[3]);
                   std::string level;
                   for (std::size_t k = 0; k < text.size(); ++k) {
                       if (!(expected >> level)) return false;
                       if (level == "x") continue;
                       if (k >= levels.size() || levels[k] != std::stoi(level)) return false;
                   }
                   return true;
               });
}

TEST(UnicodeConformance, line_break_test_opportunities_match_or_are_listed_failures) {
    // "× 0023 ÷ 0020 × 0023 ÷": ÷ a break is allowed there, × it is not. The
    // layout's lineStarts(text)[k] says whether a line may start at code point
    // k; the text's start and end are not asked.
    holdToList(kUnicodeDir + "/auxiliary/LineBreakTest.txt", "line_break_expected_failures.txt",
               "LineBreakTest.txt cases shaping::lineStarts fails", [](const std::string& line, bool&) {
                   std::istringstream in(line.substr(0, line.find('#')));
                   std::u32string text;
                   std::vector<bool> breakBefore;
                   std::string word;
                   bool pending = false;
                   while (in >> word) {
                       if (word == "\xC3\xB7") {  // ÷
                           pending = true;
                       } else if (word == "\xC3\x97") {  // ×
                           pending = false;
                       } else {
                           text.push_back(static_cast<char32_t>(std::stoul(word, nullptr, 16)));
                           breakBefore.push_back(pending);
                       }
                   }
                   std::vector<bool> starts = shaping::lineStarts(text);
                   if (starts.size() != text.size()) return false;
                   for (std::size_t k = 1; k < text.size(); ++k)
                       if (starts[k] != breakBefore[k]) return false;
                   return true;
               });
}

TEST(UnicodeConformance, a_number_with_separators_inside_right_to_left_text_stays_one_left_to_right_run) {
    // UAX #9 W4 over generated texts (BidiCharacterTest.txt has almost no
    // such case in a right-to-left paragraph): Hebrew or Arabic words around
    // numbers such as 12,500.75, 3.5 or 1,000; every character of a number
    // (digits and the single separators between them) has one even level
    // above the paragraph's, so it reads left to right as one piece.
    const std::vector<std::u32string> words = {U"\u05E9\u05DC\u05D5\u05DD", U"\u05E2\u05DE\u05D5\u05D3",
                                               U"\u0645\u0631\u062D\u0628\u0627", U"\u0628\u064A\u062A"};
    const std::u32string separators = U",.:/";
    unsigned seed = 7;
    auto next = [&](unsigned n) {
        seed = seed * 1103515245u + 12345u;
        return (seed >> 16) % n;
    };
    for (int round = 0; round < 300; ++round) {
        std::u32string text = words[next(words.size())];
        std::vector<std::pair<std::size_t, std::size_t>> numbers;
        for (int part = 0, parts = 1 + static_cast<int>(next(3)); part < parts; ++part) {
            text += U' ';
            std::size_t start = text.size();
            for (int group = 0, groups = 2 + static_cast<int>(next(3)); group < groups; ++group) {
                if (group > 0) text += separators[next(separators.size())];
                for (int d = 0, digits = 1 + static_cast<int>(next(3)); d < digits; ++d)
                    text += static_cast<char32_t>(U'0' + next(10));
            }
            numbers.emplace_back(start, text.size());
            text += U' ';
            text += words[next(words.size())];
        }
        bool rightToLeft = false;
        std::vector<std::uint8_t> levels = shaping::bidiLevels(text, rightToLeft);
        ASSERT_TRUE(rightToLeft);
        ASSERT_EQ(levels.size(), text.size());
        for (const auto& [start, end] : numbers)
            for (std::size_t k = start; k < end; ++k)
                EXPECT_EQ(levels[k], 2) << "character " << k << " of a number in round " << round;
    }
}
