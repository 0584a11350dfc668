// What a call of string.find, match, gmatch or gsub will cost, found by doing
// it: a dry run of Lua 5.1's pattern matcher (the same search loop, the same
// backtracking, in the same order) that counts its elementary steps and stops
// at a budget. The sandbox lets a scene's call reach the real C function only
// when the dry run finished within the budget, because inside that C function
// no hook runs and the watchdog cannot stop it (see Sandbox.cpp).
//
// The dry run also finds the matches themselves (it has to: where a match
// ends decides where the next search starts), so tests can hold it to the
// real functions' answers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace stagehand::pattern {

// The step budget of one call (one gmatch iterator call). A step is one
// character test, one set member tried, one backtracking turn, one start
// position, one call into the matcher; a step of the dry run and of the real
// matcher each take about 1 ns. Measured (Release, PUC 5.1 / LuaJIT, on the
// 2-core build machine; PatternCost.dry_run_at_the_budget... prints them):
//  - refused, the dry run to the budget: ("a"):rep(30000):find("a*a*a*a*b")
//    0.05 s, ("a"):rep(5000).."x" with "(.-)(.-)(.-)y" 0.075 s, a set-heavy
//    pattern 0.10-0.12 s, a 100 KB plain find in 10 MB 0.07 s;
//  - the dearest allowed call, a*a*b on 414 bytes (4.8e7 steps): dry run
//    0.04-0.05 s + real 0.04 s / 0.05 s;
//  - the idioms: gsub("%s+", " ") on 100 KB is 4e5 steps (dry 0.9 ms, real
//    1.8 ms / 1.3 ms), ("^%s*(.-)%s*$") on 200 bytes 693 steps, find
//    ("^a*.?$") on 300 KB 3e5 steps; gsub("%s+") passes up to about 12 MB.
// So a refusal costs at most about a tenth of the default 1 s watchdog, and
// an allowed call at most about a tenth too.
constexpr std::uint64_t kMaxSteps = 50'000'000;

// memchr and memcmp go through bytes far faster than the matcher goes
// through steps: in a byte search (a plain find) one step stands for this
// many bytes, about the same time.
constexpr std::size_t kBytesPerStep = 128;

// The deepest the matcher may recurse: LuaJIT's own limit (it raises
// "pattern too complex" past it), so a pattern refused on one VM is refused
// on the other, and far below where PUC Lua 5.1, which has no limit,
// overflows the C stack (somewhere past 100,000).
constexpr int kMaxDepth = 200;

struct Limits {
    std::uint64_t maxSteps = kMaxSteps;
    int maxDepth = kMaxDepth;
};

enum class Verdict {
    Affordable,  // finished within the limits: the real call may run
    TooSlow,     // the step budget ran out
    TooDeep,     // the matcher would recurse deeper than maxDepth
};

// A capture's length, or one of these markers.
constexpr std::ptrdiff_t kUnfinishedCapture = -1;
constexpr std::ptrdiff_t kPositionCapture = -2;

struct Capture {
    std::size_t start = 0;  // 0-based
    std::ptrdiff_t length = kUnfinishedCapture;
};

struct Match {
    std::size_t start = 0, end = 0;  // 0-based, end exclusive
    std::vector<Capture> captures;
};

struct Outcome {
    Verdict verdict = Verdict::Affordable;
    // The real call raises an error (a malformed pattern, a bad capture
    // index) at the point where the dry run stopped: it is affordable, and
    // the real function gives the message.
    bool patternError = false;
    std::uint64_t steps = 0;
    // Only when asked for (`record`): find/match/a gmatch call at most one,
    // gsub one per replacement.
    std::vector<Match> matches;
};

// Lua 5.1's rule for find's and match's `init` (1-based, negative counts
// from the end, out of range is clamped): the 0-based start, 0..length.
std::size_t startIndex(std::int64_t init, std::size_t length);

// string.find(subject, pattern, init, plain). A plain find, or a pattern
// with no special character, is a byte search (memchr and memcmp), counted
// in compared bytes; it is only counted when its worst case is large.
Outcome find(std::string_view subject, std::string_view pattern, std::int64_t init, bool plain,
             const Limits& limits = {}, bool record = false);

// Whether string.find searches for the bytes themselves (memchr and memcmp,
// no pattern): a plain find, or a pattern without special characters.
bool findIsByteSearch(std::string_view pattern, bool plain);

// string.match(subject, pattern, init).
Outcome match(std::string_view subject, std::string_view pattern, std::int64_t init, const Limits& limits = {},
              bool record = false);

// One call of the iterator string.gmatch(subject, pattern) returns, from the
// 0-based `position`, which it advances the way the real iterator advances
// its own. In Lua 5.1 gmatch a leading '^' is an ordinary character.
Outcome gmatchStep(std::string_view subject, std::string_view pattern, std::size_t& position, const Limits& limits = {},
                   bool record = false);

// What building the result costs per replacement, on top of the matching:
// `perMatch` steps, plus `perMatchedByte` for each byte of the match (copies
// of the match or its captures).
struct ReplacementCost {
    std::uint64_t perMatch = 1;
    std::uint64_t perMatchedByte = 0;
};

// The replacement cost of a string `repl`: it is copied a byte at a time,
// and each %0-%9 in it copies (part of) the match.
ReplacementCost replacementCostOfString(std::string_view repl);

// string.gsub(subject, pattern, repl, maxReplacements); a negative
// maxReplacements replaces nothing, as in Lua.
Outcome gsub(std::string_view subject, std::string_view pattern, std::int64_t maxReplacements,
             ReplacementCost replacement, const Limits& limits = {}, bool record = false);

}  // namespace stagehand::pattern
