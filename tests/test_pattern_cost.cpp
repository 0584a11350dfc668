// The pattern guard: the dry-run matcher (script/PatternCost.h) agrees with
// the real string.find, match, gmatch and gsub of the VM this build uses;
// linear patterns pass on large strings, backtracking ones and stack-deep
// ones are refused; and a scene reaches no pattern function around the guard.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "TestSupport.h"
#include "script/LuaCompat.h"
#include "script/LuaState.h"
#include "script/PatternCost.h"

using namespace stagehand;
using test::Stage;

namespace {

// A call's results as text, one entry each ("n:3", "s:abc", "nil"), or a
// single "error" when it raised.
using Results = std::vector<std::string>;

std::string describe(lua_State* L, int index) {
    switch (lua_type(L, index)) {
        case LUA_TNUMBER: return "n:" + std::to_string(static_cast<long long>(lua_tointeger(L, index)));
        case LUA_TSTRING: {
            std::size_t length = 0;
            const char* text = lua_tolstring(L, index, &length);
            return "s:" + std::string(text, length);
        }
        case LUA_TNIL: return "nil";
        default: return luaL_typename(L, index);
    }
}

// The real functions, in a plain state of this build's VM (no sandbox).
class RealLua {
public:
    RealLua() : L_(lua_.get()) {}

    // string.<name>(subject, pattern[, third[, fourth]]); `third` is a
    // number when `thirdIsNumber`, else a string (gsub's replacement).
    Results call(const char* name, const std::string& subject, const std::string& pattern, const double* number,
                 const std::string* repl = nullptr, const double* fourth = nullptr, std::string* error = nullptr) {
        lua_settop(L_, 0);
        lua_getglobal(L_, "string");
        lua_getfield(L_, -1, name);
        lua_remove(L_, 1);
        lua_pushlstring(L_, subject.data(), subject.size());
        lua_pushlstring(L_, pattern.data(), pattern.size());
        int args = 2;
        if (repl) {
            lua_pushlstring(L_, repl->data(), repl->size());
            ++args;
        } else if (number) {
            lua_pushnumber(L_, *number);
            ++args;
        }
        if (fourth) {
            lua_pushnumber(L_, *fourth);
            ++args;
        }
        if (lua_pcall(L_, args, LUA_MULTRET, 0) != 0) {
            if (error) *error = lua_tostring(L_, -1);
            return {"error"};
        }
        Results results;
        for (int i = 1; i <= lua_gettop(L_); ++i) results.push_back(describe(L_, i));
        return results;
    }

    // Every result of every call of gmatch's iterator, up to `limit` calls.
    std::vector<Results> gmatch(const std::string& subject, const std::string& pattern, int limit) {
        lua_settop(L_, 0);
        lua_getglobal(L_, "string");
        lua_getfield(L_, -1, "gmatch");
        lua_pushlstring(L_, subject.data(), subject.size());
        lua_pushlstring(L_, pattern.data(), pattern.size());
        lua_call(L_, 2, 1);
        int iterator = lua_gettop(L_);
        std::vector<Results> all;
        for (int i = 0; i < limit; ++i) {
            lua_settop(L_, iterator);
            lua_pushvalue(L_, iterator);
            if (lua_pcall(L_, 0, LUA_MULTRET, 0) != 0) {
                all.push_back({"error"});
                break;
            }
            if (lua_gettop(L_) == iterator || lua_isnil(L_, iterator + 1)) break;
            Results results;
            for (int r = iterator + 1; r <= lua_gettop(L_); ++r) results.push_back(describe(L_, r));
            all.push_back(results);
        }
        return all;
    }

private:
    LuaState lua_;
    lua_State* L_;
};

// A capture as the real functions return it; false for an unfinished one
// (the real call raises "unfinished capture").
bool describeCapture(const std::string& subject, const pattern::Capture& capture, std::string& out) {
    if (capture.length == pattern::kUnfinishedCapture) return false;
    if (capture.length == pattern::kPositionCapture)
        out = "n:" + std::to_string(capture.start + 1);
    else
        out = "s:" + subject.substr(capture.start, static_cast<std::size_t>(capture.length));
    return true;
}

// What gmatch's iterator and match return for one match: its captures, or
// the whole match when there are none.
bool describeCaptures(const std::string& subject, const pattern::Match& m, Results& out) {
    if (m.captures.empty()) {
        out.push_back("s:" + subject.substr(m.start, m.end - m.start));
        return true;
    }
    for (const auto& capture : m.captures) {
        std::string text;
        if (!describeCapture(subject, capture, text)) return false;
        out.push_back(text);
    }
    return true;
}

// What the dry run says find returned.
Results ourFind(const std::string& subject, const std::string& pattern, std::int64_t init) {
    auto outcome = pattern::find(subject, pattern, init, false, {}, true);
    if (outcome.patternError) return {"error"};
    if (outcome.matches.empty()) return {"nil"};
    const auto& m = outcome.matches[0];
    Results results{"n:" + std::to_string(m.start + 1), "n:" + std::to_string(m.end)};
    for (const auto& capture : m.captures) {
        std::string text;
        if (!describeCapture(subject, capture, text)) return {"error"};
        results.push_back(text);
    }
    return results;
}

Results ourMatch(const std::string& subject, const std::string& pattern, std::int64_t init) {
    auto outcome = pattern::match(subject, pattern, init, {}, true);
    if (outcome.patternError) return {"error"};
    if (outcome.matches.empty()) return {"nil"};
    Results results;
    if (!describeCaptures(subject, outcome.matches[0], results)) return {"error"};
    return results;
}

std::vector<Results> ourGmatch(const std::string& subject, const std::string& pattern, int limit) {
    std::vector<Results> all;
    std::size_t position = 0;
    for (int i = 0; i < limit; ++i) {
        auto outcome = pattern::gmatchStep(subject, pattern, position, {}, true);
        if (outcome.patternError) {
            all.push_back({"error"});
            break;
        }
        if (outcome.matches.empty()) break;
        Results results;
        if (!describeCaptures(subject, outcome.matches[0], results)) {
            all.push_back({"error"});
            break;
        }
        all.push_back(results);
    }
    return all;
}

// gsub(subject, pattern, "<%0|%1>", max): the text between matches is kept,
// each match replaced. %1 is the first capture, or the whole match when the
// pattern has none.
Results ourGsub(const std::string& subject, const std::string& pattern, std::int64_t maxReplacements) {
    auto outcome = pattern::gsub(subject, pattern, maxReplacements, {}, {}, true);
    if (outcome.patternError) return {"error"};
    std::string result;
    std::size_t kept = 0;
    for (const auto& m : outcome.matches) {
        std::string whole = subject.substr(m.start, m.end - m.start), first = "s:" + whole;
        if (!m.captures.empty() && !describeCapture(subject, m.captures[0], first)) return {"error"};
        result += subject.substr(kept, m.start - kept) + "<" + whole + "|" + first.substr(2) + ">";
        kept = m.end;
    }
    result += subject.substr(kept);
    return {"s:" + result, "n:" + std::to_string(outcome.matches.size())};
}

std::string show(const std::string& text) {
    std::string out;
    for (unsigned char c : text) {
        char buffer[8];
        if (c < 32 || c >= 127)
            std::snprintf(buffer, sizeof buffer, "\\%d", c);
        else
            std::snprintf(buffer, sizeof buffer, "%c", c);
        out += buffer;
    }
    return out;
}

std::string show(const Results& results) {
    std::string out;
    for (const auto& r : results) out += "[" + show(r) + "]";
    return out;
}

const std::vector<std::string> kSubjects = {
    "",
    "a",
    "aaa",
    "aaab",
    "abc",
    "abcabc",
    "hello world",
    "  trim me  ",
    "\t\n x \n",
    "a.b-c+d*e?f",
    "x(y(z)w)v(",
    "THE (quick) brown fox",
    "abab",
    "foo=bar, baz=qux;x=1",
    "123 456 78 9",
    "a\0b\0",
    "[]^$%()",
    "^start$end$",
    "\xe9t\xe9 caf\xc3\xa9",
    "key = \"value\" -- comment",
    "THE END",
    "aXbXXcXXXd",
};

const std::vector<std::string> kPatterns = {
    "",
    "a",
    "b",
    "abc",
    "^a",
    "^",
    "$",
    "^$",
    "a$",
    "c$",
    "$a",
    "a$b",
    "^^",
    "a^",
    ".",
    "..",
    ".-",
    ".*",
    ".+",
    ".?",
    "a*",
    "a+",
    "a-",
    "a?",
    "a-b",
    "a*b",
    "a+b",
    "a?b",
    "^a*.?$",
    "^%s*(.-)%s*$",
    "%s+",
    "%s*",
    "%a+",
    "%A+",
    "%d+",
    "%D",
    "%l+",
    "%u+",
    "%U",
    "%p",
    "%P+",
    "%w+",
    "%W",
    "%x+",
    "%X",
    "%c",
    "%C+",
    "%z",
    "%Z+",
    "%.",
    "%%",
    "%(",
    "%q",
    "[abc]",
    "[abc]+",
    "[^abc]+",
    "[a-c]+",
    "[%a_]+",
    "[%s%p]",
    "[^%s]+",
    "[]]",
    "[^]]+",
    "[a-]",
    "[-a]+",
    "[%]]",
    "[a%-z]+",
    "[z-a]",
    "[%w_]*",
    "()",
    "()a()",
    "(a)",
    "(a)(b)",
    "(a*)",
    "(a*)(a)",
    "((a)(b))",
    "(.)%1",
    "(a+)%1",
    "(.-)%1",
    "()a%1",
    "(a)%2",
    "%1",
    "%0",
    "(a",
    "a)",
    ")",
    "(()",
    "%b()",
    "%b((",
    "%bxy",
    "%b(",
    "%b",
    "x%b()",
    "%f[%a]%a+",
    "%f[%A]",
    "%f[%s]",
    "%f[%z]",
    "%f[^%z]",
    "%fa",
    "%f[a",
    "%",
    "a%",
    "[a",
    "[",
    "[^",
    "[a%",
    "x[a",
    "(a)-",
    "(a)?",
    "%a+%s*=%s*%a+",
    "(%w+)=(%w+)",
    "(%w+)%s*=%s*\"([^\"]*)\"",
    "%-%-.*$",
    "a.-b",
    "a.-c",
    "X+",
    "X*",
    "X-",
    "bX*c",
    "(.-)(.-)c",
    "a*a*a*b",
    "a-a-b",
    "a?a?a?aaa",
    "a\0*",
    "a\0.",
    "\0",
    "%z+",
    "b\0",
    "caf.",
    "[\xc3\xe9]+",
    "%s$",
    "()()()()",
    "(((a)))",
};

const std::vector<double> kInits = {1, 2, 0, -1, -3, -100, 100, 4.7, -2.5};

}  // namespace

TEST(PatternCost, find_and_match_agree_with_the_real_functions) {
    RealLua lua;
    int compared = 0;
    for (const auto& subject : kSubjects) {
        for (const auto& pattern : kPatterns) {
            for (std::size_t i = 0; i <= kInits.size(); ++i) {
                const double* init = i < kInits.size() ? &kInits[i] : nullptr;
                // The guard reads init as PUC Lua does and passes it in range.
                std::int64_t ours = init ? static_cast<std::int64_t>(*init) : 1;
                Results real = lua.call("find", subject, pattern, init);
                EXPECT_EQ(show(ourFind(subject, pattern, ours)), show(real))
                    << "find('" << show(subject) << "', '" << show(pattern) << "', " << ours << ")";
                real = lua.call("match", subject, pattern, init);
                EXPECT_EQ(show(ourMatch(subject, pattern, ours)), show(real))
                    << "match('" << show(subject) << "', '" << show(pattern) << "', " << ours << ")";
                compared += 2;
            }
        }
    }
    EXPECT_GT(compared, 40000);
}

TEST(PatternCost, gmatch_and_gsub_agree_with_the_real_functions) {
    RealLua lua;
    const std::string repl = "<%0|%1>";
    const std::vector<double> maxima = {0, 1, 2, -1, 2.9};
    for (const auto& subject : kSubjects) {
        for (const auto& pattern : kPatterns) {
            auto real = lua.gmatch(subject, pattern, 50);
            auto ours = ourGmatch(subject, pattern, 50);
            std::string realText, ourText;
            for (const auto& r : real) realText += show(r) + ";";
            for (const auto& r : ours) ourText += show(r) + ";";
            EXPECT_EQ(ourText, realText) << "gmatch('" << show(subject) << "', '" << show(pattern) << "')";

            for (std::size_t i = 0; i <= maxima.size(); ++i) {
                const double* maximum = i < maxima.size() ? &maxima[i] : nullptr;
                std::int64_t ourMaximum =
                    maximum ? static_cast<std::int64_t>(*maximum) : static_cast<std::int64_t>(subject.size()) + 1;
                Results realGsub = lua.call("gsub", subject, pattern, nullptr, &repl, maximum);
                EXPECT_EQ(show(ourGsub(subject, pattern, ourMaximum)), show(realGsub))
                    << "gsub('" << show(subject) << "', '" << show(pattern) << "', '" << repl << "', " << ourMaximum
                    << ")";
            }
        }
    }
}

// Random short patterns and subjects over a small alphabet, so that the
// odd corners (a quantifier after a capture, %b with special characters, an
// unclosed set) come up too. Fixed seed: the same cases every run.
TEST(PatternCost, random_patterns_agree_with_the_real_functions) {
    RealLua lua;
    std::uint32_t state = 12345;
    auto next = [&](std::uint32_t below) {
        state = state * 1664525u + 1013904223u;
        return (state >> 8) % below;
    };
    const std::string patternAlphabet = "ab.%()[]^$*+-?sdfz1 ";
    const std::string subjectAlphabet = "ab( )]1";
    for (int round = 0; round < 20000; ++round) {
        std::string pattern, subject;
        for (std::uint32_t i = 0, n = 1 + next(8); i < n; ++i) pattern += patternAlphabet[next(patternAlphabet.size())];
        for (std::uint32_t i = 0, n = next(10); i < n; ++i) subject += subjectAlphabet[next(subjectAlphabet.size())];
        double init = static_cast<double>(static_cast<int>(next(7)) - 3);
        auto ours = static_cast<std::int64_t>(init);
        ASSERT_EQ(show(ourFind(subject, pattern, ours)), show(lua.call("find", subject, pattern, &init)))
            << "find('" << show(subject) << "', '" << show(pattern) << "', " << ours << ")";
        ASSERT_EQ(show(ourMatch(subject, pattern, ours)), show(lua.call("match", subject, pattern, &init)))
            << "match('" << show(subject) << "', '" << show(pattern) << "', " << ours << ")";
        std::string realText, ourText;
        for (const auto& r : lua.gmatch(subject, pattern, 20)) realText += show(r) + ";";
        for (const auto& r : ourGmatch(subject, pattern, 20)) ourText += show(r) + ";";
        ASSERT_EQ(ourText, realText) << "gmatch('" << show(subject) << "', '" << show(pattern) << "')";
        const std::string repl = "<%0|%1>";
        ASSERT_EQ(show(ourGsub(subject, pattern, static_cast<std::int64_t>(subject.size()) + 1)),
                  show(lua.call("gsub", subject, pattern, nullptr, &repl)))
            << "gsub('" << show(subject) << "', '" << show(pattern) << "')";
    }
}

TEST(PatternCost, find_with_plain_agrees_with_the_real_function) {
    RealLua lua;
    for (const auto& subject : kSubjects) {
        for (const std::string needle : {"", "a", "ab", "abc", "b\0", ".", "%a", "aa", "XX", "THE END", "d"}) {
            for (double init : kInits) {
                auto outcome = pattern::find(subject, needle, static_cast<std::int64_t>(init), true, {}, true);
                Results ours{"nil"};
                if (!outcome.matches.empty())
                    ours = {"n:" + std::to_string(outcome.matches[0].start + 1),
                            "n:" + std::to_string(outcome.matches[0].end)};
                double plain = 1;  // any true value
                Results real = lua.call("find", subject, needle, &init, nullptr, &plain);
                EXPECT_EQ(show(ours), show(real))
                    << "find('" << show(subject) << "', '" << show(needle) << "', " << init << ", true)";
            }
        }
    }
}

// Large inputs: each on the largest subject the case needs.
TEST(PatternCost, linear_patterns_pass_on_large_strings) {
    std::string spaced;
    for (int i = 0; i < 20000; ++i) spaced += "word  \t";  // 140 KB
    auto collapse = pattern::gsub(spaced, "%s+", 1 << 30, pattern::replacementCostOfString(" "));
    EXPECT_EQ(collapse.verdict, pattern::Verdict::Affordable);
    EXPECT_LT(collapse.steps, pattern::kMaxSteps / 20) << collapse.steps;

    std::string padded = std::string(60, ' ') + std::string(80, 'x') + std::string(60, ' ');
    auto trim = pattern::match(padded, "^%s*(.-)%s*$", 1);
    EXPECT_EQ(trim.verdict, pattern::Verdict::Affordable);
    EXPECT_LT(trim.steps, pattern::kMaxSteps / 1000) << trim.steps;

    std::string run(300000, 'a');
    auto anchored = pattern::find(run, "^a*.?$", 1, false);
    EXPECT_EQ(anchored.verdict, pattern::Verdict::Affordable);
    EXPECT_LT(anchored.steps, pattern::kMaxSteps / 10) << anchored.steps;
    auto failing = pattern::find(run + "bc", "^a*.?$", 1, false);
    EXPECT_EQ(failing.verdict, pattern::Verdict::Affordable);

    std::string words;
    for (int i = 0; i < 200000; ++i) words += "lorem ";  // 1.2 MB
    std::size_t position = 0;
    auto first = pattern::gmatchStep(words, "%a+", position);
    EXPECT_EQ(first.verdict, pattern::Verdict::Affordable);
    EXPECT_LT(first.steps, 100u);
    EXPECT_EQ(position, 5u);
    EXPECT_EQ(pattern::find(words, "%d", 1, false).verdict, pattern::Verdict::Affordable);
    EXPECT_EQ(pattern::gsub(words, "%w+", 1 << 30, pattern::replacementCostOfString("%0!")).verdict,
              pattern::Verdict::Affordable);
}

TEST(PatternCost, backtracking_and_deep_patterns_are_refused) {
    std::string a30k(30000, 'a');
    EXPECT_EQ(pattern::find(a30k, "a*a*a*a*b", 1, false).verdict, pattern::Verdict::TooSlow);
    std::string a5k = std::string(5000, 'a') + "x";
    EXPECT_EQ(pattern::match(a5k, "(.-)(.-)(.-)y", 1).verdict, pattern::Verdict::TooSlow);
    EXPECT_EQ(pattern::gsub(a5k, "a-a-a-b", 1 << 30, {}).verdict, pattern::Verdict::TooSlow);
    std::size_t position = 0;
    EXPECT_EQ(pattern::gmatchStep(a5k, "(a*)%1b", position).verdict, pattern::Verdict::TooSlow);
    // Quadratic: each start position scans to the end.
    std::string a100k(100000, 'a');
    EXPECT_EQ(pattern::find(a100k, "a*b", 1, false).verdict, pattern::Verdict::TooSlow);

    std::string questions;
    for (int i = 0; i < 200000; ++i) questions += "a?";
    std::string a200k(200000, 'a');
    EXPECT_EQ(pattern::find(a200k, questions, 1, false).verdict, pattern::Verdict::TooDeep);
    std::string stars;
    for (int i = 0; i < 300; ++i) stars += "a*";
    EXPECT_EQ(pattern::match("aaaa", stars, 1).verdict, pattern::Verdict::TooDeep);
    // An item that never matches never recurses.
    EXPECT_EQ(pattern::match("bbbb", questions, 1).verdict, pattern::Verdict::Affordable);

    // A plain find whose memcmp would run through the whole needle at
    // every position of the subject.
    std::string needle = std::string(100000, 'a') + "b";
    std::string haystack(10000000, 'a');
    EXPECT_EQ(pattern::find(haystack, needle, 1, true).verdict, pattern::Verdict::TooSlow);
    EXPECT_EQ(pattern::find(haystack, needle.substr(0, 200), 1, true).verdict, pattern::Verdict::Affordable);
}

// The count is at least the real matcher's work, reckoned by hand: for each
// start position i of n, '*' tests the n-i characters after it and tries the
// rest of the pattern n-i+1 times, each try a call and a test of 'b'; '-'
// does the same in the other order. That is 3(n-i)+2 for start i.
TEST(PatternCost, steps_count_at_least_the_real_matchers_work) {
    for (std::size_t n : {10u, 100u, 1000u}) {
        std::string run(n, 'a');
        std::uint64_t work = 3 * n * (n + 1) / 2;
        for (const char* pattern : {"a*b", "a-b", "a+b", "a*.b"}) {
            auto outcome = pattern::find(run, pattern, 1, false);
            EXPECT_EQ(outcome.verdict, pattern::Verdict::Affordable);
            EXPECT_GE(outcome.steps, work) << pattern << " on " << n;
            EXPECT_LE(outcome.steps, 8 * work) << pattern << " on " << n;
        }
        // gsub replaces at every position: the same search from each.
        EXPECT_GE(pattern::gsub(run, "a*b", 1 << 30, {}).steps, work);
        std::size_t position = 0;
        EXPECT_GE(pattern::gmatchStep(run, "a-b", position).steps, work);
        // Back-references compare texts; sets are tried member by member.
        EXPECT_GE(pattern::find(run, "(a*)%1b", 1, false).steps, work);
        EXPECT_GE(pattern::find(run, "[xyza]*b", 1, false).steps, work + 3 * n * (n + 1) / 2);
    }
}

// The depth the dry run refuses past is LuaJIT's own: LuaJIT raises "pattern
// too complex" exactly where the dry run says TooDeep.
TEST(PatternCost, the_depth_limit_is_luajits) {
    RealLua lua;
    for (int items : {150, 199, 200, 201}) {
        for (const char* item : {"a?", "a*", "a-"}) {
            std::string pattern;
            for (int i = 0; i < items; ++i) pattern += item;
            std::string subject(static_cast<std::size_t>(items), 'a');
            auto verdict = pattern::find(subject, pattern, 1, false).verdict;
            std::string error;
            Results real = lua.call("find", subject, pattern, nullptr, nullptr, nullptr, &error);
#ifdef STAGEHAND_LUAJIT
            EXPECT_EQ(verdict == pattern::Verdict::TooDeep, real[0] == "error") << items << " x " << item << error;
#else
            EXPECT_NE(real[0], "error") << error;
            EXPECT_EQ(verdict == pattern::Verdict::TooDeep, items >= 200) << items << " x " << item;
#endif
        }
    }
}

// How long the dry run takes when it spends the whole budget (what a refused
// call costs) and what the real functions take on the linear idioms. Prints
// the figures quoted in PatternCost.h and docs/API.md; asserts the verdicts,
// never a time.
TEST(PatternCost, dry_run_figures_at_the_budget_and_for_the_idioms) {
    using Clock = std::chrono::steady_clock;
    auto seconds = [](Clock::time_point since) { return std::chrono::duration<double>(Clock::now() - since).count(); };
    std::string a30k(30000, 'a');
    auto start = Clock::now();
    auto refused = pattern::find(a30k, "a*a*a*a*b", 1, false);
    double backtracking = seconds(start);
    EXPECT_EQ(refused.verdict, pattern::Verdict::TooSlow);

    std::string a5k = std::string(5000, 'a') + "x";
    start = Clock::now();
    pattern::match(a5k, "(.-)(.-)(.-)y", 1);
    double lazy = seconds(start);

    std::string needle = std::string(100000, 'a') + "b", haystack(10000000, 'a');
    start = Clock::now();
    pattern::find(haystack, needle, 1, true);
    double plain = seconds(start);

    std::string set = "[%d%s%p]";
    std::string spaces(20000, ' ');
    start = Clock::now();
    auto setsRefused = pattern::find(spaces, set + "*" + set + "*x", 1, false);
    double sets = seconds(start);
    EXPECT_EQ(setsRefused.verdict, pattern::Verdict::TooSlow);

    // The most an allowed call can cost: a backtracking search just under
    // the budget, dry run then the real function.
    RealLua lua;
    std::size_t length = 10;
    while (pattern::find(std::string(length * 11 / 10, 'a'), "a*a*b", 1, false).verdict == pattern::Verdict::Affordable)
        length = length * 11 / 10;
    std::string justUnder(length, 'a');
    start = Clock::now();
    auto allowed = pattern::find(justUnder, "a*a*b", 1, false);
    double allowedDry = seconds(start);
    start = Clock::now();
    lua.call("find", justUnder, "a*a*b", nullptr);
    double allowedReal = seconds(start);
    EXPECT_EQ(allowed.verdict, pattern::Verdict::Affordable);

    // The idioms, on large strings: dry run and real call.
    std::string spaced;
    for (int i = 0; i < 500000; ++i) spaced += "word  \t";  // 3.5 MB
    std::string space = " ";
    start = Clock::now();
    auto collapse = pattern::gsub(spaced, "%s+", 1 << 30, pattern::replacementCostOfString(space));
    double collapseDry = seconds(start);
    start = Clock::now();
    lua.call("gsub", spaced, "%s+", nullptr, &space);
    double collapseReal = seconds(start);

    std::printf(
        "dry run at the budget (%llu steps): a*a*a*a*b %.3f s, (.-)(.-)(.-)y %.3f s, plain find %.3f s, "
        "sets %.3f s\n",
        static_cast<unsigned long long>(pattern::kMaxSteps), backtracking, lazy, plain, sets);
    std::printf("allowed just under the budget: a*a*b on %zu bytes, %llu steps: dry run %.3f s, real %.3f s\n", length,
                static_cast<unsigned long long>(allowed.steps), allowedDry, allowedReal);
    std::printf("gsub('%%s+', ' ') on %zu bytes: %llu steps (%s): dry run %.3f s, real %.3f s\n", spaced.size(),
                static_cast<unsigned long long>(collapse.steps),
                collapse.verdict == pattern::Verdict::Affordable ? "allowed" : "refused", collapseDry, collapseReal);
    // The idioms the old guard refused, at the sizes it refused them.
    struct Idiom {
        const char* function;
        std::string subject;
        const char* pattern;
    };
    std::string words;
    for (int i = 0; i < 20000; ++i) words += "word ";  // 100 KB
    std::string padded = std::string(60, ' ') + std::string(80, 'x') + std::string(60, ' ');
    for (const Idiom& idiom : {Idiom{"gsub", words, "%s+"}, Idiom{"match", padded, "^%s*(.-)%s*$"},
                               Idiom{"find", std::string(300000, 'a'), "^a*.?$"}}) {
        std::string function = idiom.function;
        bool gsub = function == "gsub";
        start = Clock::now();
        pattern::Outcome outcome;
        if (gsub)
            outcome = pattern::gsub(idiom.subject, idiom.pattern, 1 << 30, pattern::replacementCostOfString(" "));
        else if (function == "find")
            outcome = pattern::find(idiom.subject, idiom.pattern, 1, false);
        else
            outcome = pattern::match(idiom.subject, idiom.pattern, 1);
        double dry = seconds(start);
        start = Clock::now();
        lua.call(idiom.function, idiom.subject, idiom.pattern, nullptr, gsub ? &space : nullptr);
        double real = seconds(start);
        EXPECT_EQ(outcome.verdict, pattern::Verdict::Affordable);
        std::printf("%s('%s') on %zu bytes: %llu steps: dry run %.6f s, real %.6f s\n", idiom.function, idiom.pattern,
                    idiom.subject.size(), static_cast<unsigned long long>(outcome.steps), dry, real);
    }
    // No time is asserted (tests never fail on speed: ASan runs this 10x
    // slower); the budget in steps is what bounds a refused call.
    EXPECT_GE(refused.steps, pattern::kMaxSteps);
    EXPECT_GE(setsRefused.steps, pattern::kMaxSteps);
}

// Through a real sandboxed scene: every way to reach a pattern function.
namespace {

std::string failureOf(const std::string& body) {
    Stage stage("function probe()\n" + body + "\nend\n");
    ProcessOutcome outcome;
    stage.host->startProcess("probe", {}, [&](const ProcessOutcome& o) { outcome = o; });
    stage.ticks(1);
    return outcome.status == "failed" ? outcome.error : "status " + outcome.status;
}

const char* const kBacktracks = "the pattern backtracks too much on this 30000-byte string";

}  // namespace

TEST(PatternGuard, every_path_to_a_pattern_function_is_guarded) {
    const std::string setup = "  local s = ('a'):rep(30000)\n";
    for (const char* call : {
             "string.find(s, 'a*a*a*a*b')",
             "s:find('a*a*a*a*b')",
             "string.match(s, 'a*a*a*a*b')",
             "s:match('a*a*a*a*b')",
             "string.gsub(s, 'a*a*a*a*b', '')",
             "s:gsub('a*a*a*a*b', '')",
             "(function() local f = string.find; return f(s, 'a*a*a*a*b') end)()",
             "(function() local f = s.find; return f(s, 'a*a*a*a*b') end)()",
             "string.gmatch(s, 'a*a*a*a*b')()",
             "s:gmatch('a*a*a*a*b')()",
             "(string.gfind or string.gmatch)(s, 'a*a*a*a*b')()",
         }) {
        // Not a tail call: that would leave no frame of the scene to name.
        std::string error = failureOf(setup + "  local result = " + call + "\n  return result");
        EXPECT_NE(error.find(kBacktracks), std::string::npos) << call << "\n" << error;
        EXPECT_NE(error.find(".lua:3: string."), std::string::npos) << call << "\n" << error;
    }
}

TEST(PatternGuard, pcall_of_a_pattern_function_is_guarded) {
    const std::string setup = "  local s = ('a'):rep(30000)\n";
    for (const char* call : {"string.find", "string.match", "string.gsub", "s.find", "string.gfind or string.gmatch"}) {
        std::string body = setup + "  local f = " + call +
                           "\n"
                           "  local ok, message = pcall(f, s, 'a*a*a*a*b', f == string.gsub and '' or nil)\n"
                           "  if f == string.gmatch or f == string.gfind then ok, message = pcall(message) end\n"
                           "  error(tostring(ok) .. ' ' .. tostring(message), 0)";
        std::string error = failureOf(body);
        EXPECT_NE(error.find("false"), std::string::npos) << call << "\n" << error;
        EXPECT_NE(error.find(kBacktracks), std::string::npos) << call << "\n" << error;
    }
}

TEST(PatternGuard, gfind_is_guarded_where_the_vm_has_it) {
    Stage stage("function probe() return string.gfind ~= nil, string.gfind == string.gmatch end");
    ProcessOutcome outcome;
    stage.host->startProcess("probe", {}, [&](const ProcessOutcome& o) { outcome = o; });
    ASSERT_EQ(outcome.results.size(), 2u);
#ifdef STAGEHAND_LUAJIT
    EXPECT_FALSE(outcome.results[0].boolean);
#else
    EXPECT_TRUE(outcome.results[0].boolean);
    EXPECT_FALSE(outcome.results[1].boolean);  // its own guard, named string.gfind
    std::string error = failureOf("  for w in string.gfind(('a'):rep(30000), 'a*a*a*a*b') do end");  // line 2
    EXPECT_NE(error.find("string.gfind: " + std::string(kBacktracks)), std::string::npos) << error;
#endif
}

TEST(PatternGuard, a_stack_deep_pattern_is_refused_not_crashed_on) {
    std::string error = failureOf("  local result = ('a'):rep(200000):find(('a?'):rep(200000))\n  return result");
    EXPECT_NE(error.find(".lua:2: string.find: the pattern nests more than 200 levels deep"), std::string::npos)
        << error;
}

TEST(PatternGuard, a_costly_plain_find_is_refused) {
    std::string error =
        failureOf("  local result = ('a'):rep(1e7):find(('a'):rep(1e5) .. 'b', 1, true)\n  return result");
    EXPECT_NE(error.find(".lua:2: string.find: this plain find in a 10000000-byte string"), std::string::npos) << error;
}

TEST(PatternGuard, linear_idioms_run_on_large_strings_with_the_real_results) {
    Stage stage(
        "function probe()\n"
        "  local spaced = ('word \\t\\n '):rep(12500)\n"
        "  local collapsed, n = spaced:gsub('%s+', ' ')\n"
        "  local trimmed = (('  x '):rep(50)):match('^%s*(.-)%s*$')\n"
        "  local a, b = ('a'):rep(300000):find('^a*.?$')\n"
        "  local count = 0\n"
        "  for w in ('lorem '):rep(100000):gmatch('%a+') do count = count + 1 end\n"
        "  local first = ('lorem '):rep(1e6):match('%a+')\n"
        "  local past = ('abc'):find('c', 2^32 + 3)\n"
        "  return #collapsed, n, #trimmed, a, b, count, first, ('a.b'):find('.', 1, true), past == nil\n"
        "end\n");
    ProcessOutcome outcome;
    stage.host->startProcess("probe", {}, [&](const ProcessOutcome& o) { outcome = o; });
    ASSERT_EQ(outcome.status, "done") << outcome.error;
    ASSERT_EQ(outcome.results.size(), 9u);
    EXPECT_EQ(outcome.results[0].number, 62500);
    EXPECT_EQ(outcome.results[1].number, 12500);
    EXPECT_EQ(outcome.results[2].number, 197);
    EXPECT_EQ(outcome.results[3].number, 1);
    EXPECT_EQ(outcome.results[4].number, 300000);
    EXPECT_EQ(outcome.results[5].number, 100000);
    EXPECT_EQ(outcome.results[6].string, "lorem");
    EXPECT_EQ(outcome.results[7].number, 2);
    // An init past 2^31 is read as PUC Lua reads it (clamped to the end) on both VMs.
    EXPECT_TRUE(outcome.results[8].boolean);
}
