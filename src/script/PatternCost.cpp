#include "script/PatternCost.h"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace stagehand::pattern {

namespace {

// Which byte search string.find uses when the pattern has no special
// character: PUC Lua looks for the specials with strpbrk, which stops at the
// first NUL of the pattern; LuaJIT looks through the whole pattern.
#ifdef STAGEHAND_LUAJIT
constexpr bool kSpecialsSearchStopsAtNul = false;
#else
constexpr bool kSpecialsSearchStopsAtNul = true;
#endif

constexpr char kSpecials[] = "^$*+?.([%-";
constexpr int kMaxCaptures = 32;  // LUA_MAXCAPTURES: the real matcher raises past it
constexpr std::ptrdiff_t kNoMatch = -1;

// The pattern as a C string sees it: up to its first NUL.
std::size_t lengthToNul(std::string_view text) {
    std::size_t nul = text.find('\0');
    return nul == std::string_view::npos ? text.size() : nul;
}

bool hasSpecials(std::string_view pattern) {
    std::size_t length = kSpecialsSearchStopsAtNul ? lengthToNul(pattern) : pattern.size();
    for (std::size_t i = 0; i < length; ++i)
        if (pattern[i] != '\0' && std::strchr(kSpecials, pattern[i]) != nullptr) return true;
    return false;
}

enum class Stop { None, Budget, Depth, PatternError };

// Lua 5.1's matcher, run for its cost. It walks the pattern as the real one
// does, item by item, recursing where the real one recurses (captures, '?',
// and each turn of '*', '+' and '-'), so both visit the same states in the
// same order; each state it visits costs steps. It stops at the first of: the
// budget, the depth limit, or a point where the real matcher raises an error.
class Matcher {
public:
    Matcher(std::string_view subject, std::string_view pattern, const Limits& limits)
        : subject_(reinterpret_cast<const unsigned char*>(subject.data())),
          subjectLength_(subject.size()),
          pattern_(reinterpret_cast<const unsigned char*>(pattern.data())),
          // The real matcher reads the pattern as a C string: a NUL ends it.
          patternLength_(lengthToNul(pattern)),
          limits_(limits) {}

    // The end of a match starting at `s` of the pattern from `p`, or kNoMatch.
    std::ptrdiff_t matchAt(std::size_t s, std::size_t p) {
        level_ = 0;
        return match(s, p);
    }

    bool spend(std::uint64_t steps = 1) {
        if (stop_ != Stop::None) return false;
        steps_ += steps;
        if (steps_ > limits_.maxSteps) stop_ = Stop::Budget;
        return stop_ == Stop::None;
    }

    Stop stop() const { return stop_; }
    std::uint64_t steps() const { return steps_; }
    std::size_t patternLength() const { return patternLength_; }
    unsigned char patternAt(std::size_t p) const { return p < patternLength_ ? pattern_[p] : '\0'; }

    std::vector<Capture> captures() const { return {captures_, captures_ + level_}; }

private:
    // Lua strings end in a NUL the matcher may read (%b and %f at the end).
    unsigned char subjectAt(std::size_t s) const { return s < subjectLength_ ? subject_[s] : '\0'; }

    std::ptrdiff_t fail(Stop why) {
        if (stop_ == Stop::None) stop_ = why;
        return kNoMatch;
    }

    std::ptrdiff_t match(std::size_t s, std::size_t p) {
        if (stop_ != Stop::None) return kNoMatch;
        if (++depth_ > limits_.maxDepth) {
            --depth_;
            return fail(Stop::Depth);
        }
        std::ptrdiff_t end = matchItems(s, p);
        --depth_;
        return end;
    }

    // Matches the items from `p` on, in a loop while an item needs no
    // backtracking, and by recursion where it does.
    std::ptrdiff_t matchItems(std::size_t s, std::size_t p) {
        for (;;) {
            if (!spend()) return kNoMatch;
            if (p >= patternLength_) return static_cast<std::ptrdiff_t>(s);
            switch (pattern_[p]) {
                case '(':
                    if (patternAt(p + 1) == ')') return openCapture(s, p + 2, kPositionCapture);
                    return openCapture(s, p + 1, kUnfinishedCapture);
                case ')': return closeCapture(s, p + 1);
                case '$':
                    if (p + 1 == patternLength_) return s == subjectLength_ ? static_cast<std::ptrdiff_t>(s) : kNoMatch;
                    break;  // elsewhere '$' is an ordinary character
                case '%': {
                    unsigned char next = patternAt(p + 1);
                    if (next == 'b') {
                        std::ptrdiff_t end = matchBalanced(s, p + 2);
                        if (end == kNoMatch) return kNoMatch;
                        s = static_cast<std::size_t>(end);
                        p += 4;
                        continue;
                    }
                    if (next == 'f') {
                        if (!matchFrontier(s, p)) return kNoMatch;
                        continue;
                    }
                    if (std::isdigit(next)) {
                        std::ptrdiff_t end = matchBackReference(s, next);
                        if (end == kNoMatch) return kNoMatch;
                        s = static_cast<std::size_t>(end);
                        p += 2;
                        continue;
                    }
                    break;  // a class such as %a, or an escaped character
                }
                default: break;
            }
            // One single-character item, and perhaps its quantifier.
            std::size_t itemEnd = 0;
            if (!findItemEnd(p, itemEnd)) return kNoMatch;
            bool here = s < subjectLength_ && singleMatch(subject_[s], p, itemEnd);
            if (stop_ != Stop::None) return kNoMatch;
            switch (patternAt(itemEnd)) {
                case '?': {
                    if (here) {
                        std::ptrdiff_t end = match(s + 1, itemEnd + 1);
                        if (end != kNoMatch || stop_ != Stop::None) return end;
                    }
                    p = itemEnd + 1;
                    continue;
                }
                case '*': return expandLongestFirst(s, p, itemEnd);
                case '+': return here ? expandLongestFirst(s + 1, p, itemEnd) : kNoMatch;
                case '-': return expandShortestFirst(s, p, itemEnd);
                default:
                    if (!here) return kNoMatch;
                    ++s;
                    p = itemEnd;
            }
        }
    }

    // Where the single-character item at `p` ends (a character, '.', a %
    // class or a [set]). The real matcher rescans a set each time it
    // reaches it, so the scan is paid for each time too.
    bool findItemEnd(std::size_t p, std::size_t& end) {
        std::size_t start = p;
        unsigned char first = pattern_[p++];
        if (first == '%') {
            if (p >= patternLength_) return fail(Stop::PatternError), false;  // "ends with '%'"
            end = p + 1;
            return true;
        }
        if (first == '[') {
            if (patternAt(p) == '^') ++p;
            // The first member may be ']' itself: it is taken before the test.
            do {
                if (p >= patternLength_) return fail(Stop::PatternError), false;  // "missing ']'"
                if (pattern_[p++] == '%' && p < patternLength_) ++p;
            } while (patternAt(p) != ']');
            end = p + 1;
            return spend(end - start);
        }
        end = p;
        return true;
    }

    bool singleMatch(unsigned char c, std::size_t p, std::size_t itemEnd) {
        if (!spend()) return false;
        switch (pattern_[p]) {
            case '.': return true;
            case '%': return classMatches(c, pattern_[p + 1]);
            case '[': return setMatches(c, p, itemEnd - 1);
            default: return pattern_[p] == c;
        }
    }

    // %a, %d, ... and, upper case, their complements; any other character
    // after '%' stands for itself.
    static bool classMatches(unsigned char c, unsigned char letter) {
        bool member = false;
        switch (std::tolower(letter)) {
            case 'a': member = std::isalpha(c); break;
            case 'c': member = std::iscntrl(c); break;
            case 'd': member = std::isdigit(c); break;
            case 'l': member = std::islower(c); break;
            case 'p': member = std::ispunct(c); break;
            case 's': member = std::isspace(c); break;
            case 'u': member = std::isupper(c); break;
            case 'w': member = std::isalnum(c); break;
            case 'x': member = std::isxdigit(c); break;
            case 'z': member = c == 0; break;
            default: return letter == c;
        }
        return std::isupper(letter) ? !member : member;
    }

    // The set from '[' at `open` to its ']' at `close`, tried member by
    // member in order as the real matcher does (each member a step).
    bool setMatches(unsigned char c, std::size_t open, std::size_t close) {
        bool complement = pattern_[open + 1] == '^';
        std::size_t p = complement ? open + 1 : open;
        while (++p < close) {
            if (!spend()) return false;
            if (pattern_[p] == '%') {
                ++p;
                if (classMatches(c, pattern_[p])) return !complement;
            } else if (pattern_[p + 1] == '-' && p + 2 < close) {
                p += 2;
                if (pattern_[p - 2] <= c && c <= pattern_[p]) return !complement;
            } else if (pattern_[p] == c) {
                return !complement;
            }
        }
        return complement;
    }

    // '*' (and '+' after its first character): the longest run first, then
    // one character fewer at a time.
    std::ptrdiff_t expandLongestFirst(std::size_t s, std::size_t p, std::size_t itemEnd) {
        std::size_t run = 0;
        while (s + run < subjectLength_ && singleMatch(subject_[s + run], p, itemEnd)) ++run;
        for (;;) {
            if (!spend()) return kNoMatch;
            std::ptrdiff_t end = match(s + run, itemEnd + 1);
            if (end != kNoMatch || stop_ != Stop::None || run == 0) return end;
            --run;
        }
    }

    // '-': the rest of the pattern first, then one character more at a time.
    std::ptrdiff_t expandShortestFirst(std::size_t s, std::size_t p, std::size_t itemEnd) {
        for (;;) {
            std::ptrdiff_t end = match(s, itemEnd + 1);
            if (end != kNoMatch || stop_ != Stop::None) return end;
            if (s < subjectLength_ && singleMatch(subject_[s], p, itemEnd))
                ++s;
            else
                return kNoMatch;
        }
    }

    std::ptrdiff_t openCapture(std::size_t s, std::size_t p, std::ptrdiff_t kind) {
        if (level_ >= kMaxCaptures) return fail(Stop::PatternError);  // "too many captures"
        captures_[level_] = {s, kind};
        ++level_;
        std::ptrdiff_t end = match(s, p);
        if (end == kNoMatch) --level_;
        return end;
    }

    std::ptrdiff_t closeCapture(std::size_t s, std::size_t p) {
        int open = level_ - 1;
        while (open >= 0 && captures_[open].length != kUnfinishedCapture) --open;
        if (open < 0) return fail(Stop::PatternError);  // "invalid pattern capture"
        captures_[open].length = static_cast<std::ptrdiff_t>(s - captures_[open].start);
        std::ptrdiff_t end = match(s, p);
        if (end == kNoMatch) captures_[open].length = kUnfinishedCapture;
        return end;
    }

    // %bxy at `p` (pointing at x): from an x to its balancing y.
    std::ptrdiff_t matchBalanced(std::size_t s, std::size_t p) {
        if (p + 1 >= patternLength_) return fail(Stop::PatternError);  // "unbalanced pattern"
        if (!spend()) return kNoMatch;
        unsigned char open = pattern_[p], close = pattern_[p + 1];
        if (subjectAt(s) != open) return kNoMatch;
        int depth = 1;
        while (++s < subjectLength_) {
            if (!spend()) return kNoMatch;
            unsigned char c = subject_[s];
            if (c == close) {
                if (--depth == 0) return static_cast<std::ptrdiff_t>(s + 1);
            } else if (c == open) {
                ++depth;
            }
        }
        return kNoMatch;
    }

    // %f[set] at `p` (pointing at '%'): the character before `s` is not in
    // the set and the one at `s` is (both NUL at the ends). Moves `p` past it.
    bool matchFrontier(std::size_t s, std::size_t& p) {
        std::size_t open = p + 2;
        if (patternAt(open) != '[') return fail(Stop::PatternError), false;  // "missing '['"
        std::size_t itemEnd = 0;
        if (!findItemEnd(open, itemEnd)) return false;
        unsigned char before = s == 0 ? '\0' : subject_[s - 1];
        if (setMatches(before, open, itemEnd - 1) || !setMatches(subjectAt(s), open, itemEnd - 1)) return false;
        p = itemEnd;
        return stop_ == Stop::None;
    }

    // %1-%9: the same text as that capture again.
    std::ptrdiff_t matchBackReference(std::size_t s, unsigned char digit) {
        int index = digit - '1';
        if (index < 0 || index >= level_ || captures_[index].length == kUnfinishedCapture)
            return fail(Stop::PatternError);  // "invalid capture index"
        std::ptrdiff_t length = captures_[index].length;
        // A position capture has no text: the real matcher's length check,
        // on its marker read as a size, never passes.
        if (length == kPositionCapture) {
            spend();
            return kNoMatch;
        }
        std::size_t size = static_cast<std::size_t>(length);
        // memcmp: fast per byte, but it can be made to compare long texts.
        if (!spend(1 + size / 16)) return kNoMatch;
        if (subjectLength_ - s < size || std::memcmp(subject_ + captures_[index].start, subject_ + s, size) != 0)
            return kNoMatch;
        return static_cast<std::ptrdiff_t>(s + size);
    }

    const unsigned char* subject_;
    std::size_t subjectLength_;
    const unsigned char* pattern_;
    std::size_t patternLength_;
    Limits limits_;
    Stop stop_ = Stop::None;
    std::uint64_t steps_ = 0;
    int depth_ = 0;
    int level_ = 0;
    Capture captures_[kMaxCaptures];
};

void finish(Outcome& outcome, const Matcher& matcher) {
    outcome.steps = matcher.steps();
    switch (matcher.stop()) {
        case Stop::None: break;
        case Stop::Budget: outcome.verdict = Verdict::TooSlow; break;
        case Stop::Depth: outcome.verdict = Verdict::TooDeep; break;
        case Stop::PatternError: outcome.patternError = true; break;
    }
}

// find and match: one search, at each start position from `start` in turn
// unless the pattern is anchored with '^'.
Outcome search(std::string_view subject, std::string_view pattern, std::size_t start, const Limits& limits,
               bool record) {
    Outcome outcome;
    Matcher matcher(subject, pattern, limits);
    bool anchored = matcher.patternAt(0) == '^';
    std::size_t firstItem = anchored ? 1 : 0;
    for (std::size_t s = start;; ++s) {
        if (!matcher.spend()) break;
        std::ptrdiff_t end = matcher.matchAt(s, firstItem);
        if (end != kNoMatch) {
            if (record) outcome.matches.push_back({s, static_cast<std::size_t>(end), matcher.captures()});
            break;
        }
        if (matcher.stop() != Stop::None || anchored || s >= subject.size()) break;
    }
    finish(outcome, matcher);
    return outcome;
}

// The byte search of a plain find: memchr for the needle's first byte, then
// memcmp of the rest, at each candidate. Its worst case is (candidates x
// needle length) bytes; only when that could exceed the budget are the bytes
// actually counted, by comparing in blocks as memcmp would.
Outcome byteSearch(std::string_view subject, std::string_view needle, std::size_t start, const Limits& limits,
                   bool record) {
    Outcome outcome;
    std::size_t haystack = subject.size() - start;
    if (needle.empty() || needle.size() > haystack) {
        outcome.steps = 1;
        if (record && needle.empty()) outcome.matches.push_back({start, start, {}});
        return outcome;
    }
    std::size_t lastStart = subject.size() - needle.size();
    double worstBytes = static_cast<double>(lastStart - start + 1) * static_cast<double>(needle.size()) + haystack;
    if (!record && worstBytes <= static_cast<double>(limits.maxSteps) * kBytesPerStep) {
        outcome.steps = static_cast<std::uint64_t>(worstBytes / kBytesPerStep) + 1;
        return outcome;
    }
    std::uint64_t steps = 0;
    const char* base = subject.data();
    std::size_t from = start;
    while (from <= lastStart) {
        const void* hit = std::memchr(base + from, needle[0], lastStart - from + 1);
        std::size_t candidate = hit ? static_cast<std::size_t>(static_cast<const char*>(hit) - base) : lastStart + 1;
        steps += 1 + (candidate - from) / kBytesPerStep;
        if (!hit) break;
        // memcmp of the needle's rest: a first block, then (if that was
        // equal) the whole rest at once, counted as if it compared it all.
        std::size_t rest = needle.size() - 1, head = std::min(kBytesPerStep, rest);
        bool equal = std::memcmp(base + candidate + 1, needle.data() + 1, head) == 0;
        steps += 1;
        if (equal && rest > head) {
            steps += 1 + (rest - head) / kBytesPerStep;
            if (steps <= limits.maxSteps)
                equal = std::memcmp(base + candidate + 1 + head, needle.data() + 1 + head, rest - head) == 0;
        }
        if (steps > limits.maxSteps) {
            outcome.verdict = Verdict::TooSlow;
            break;
        }
        if (equal) {
            if (record) outcome.matches.push_back({candidate, candidate + needle.size(), {}});
            break;
        }
        from = candidate + 1;
    }
    outcome.steps = steps;
    return outcome;
}

}  // namespace

std::size_t startIndex(std::int64_t init, std::size_t length) {
    auto size = static_cast<std::int64_t>(length);
    if (init < 0) init += size + 1;
    if (init < 0) init = 0;
    std::int64_t index = init - 1;  // 1-based to 0-based
    if (index < 0) return 0;
    return index > size ? length : static_cast<std::size_t>(index);
}

Outcome find(std::string_view subject, std::string_view pattern, std::int64_t init, bool plain, const Limits& limits,
             bool record) {
    std::size_t start = startIndex(init, subject.size());
    if (findIsByteSearch(pattern, plain)) return byteSearch(subject, pattern, start, limits, record);
    return search(subject, pattern, start, limits, record);
}

bool findIsByteSearch(std::string_view pattern, bool plain) {
    return plain || !hasSpecials(pattern);
}

Outcome match(std::string_view subject, std::string_view pattern, std::int64_t init, const Limits& limits,
              bool record) {
    return search(subject, pattern, startIndex(init, subject.size()), limits, record);
}

Outcome gmatchStep(std::string_view subject, std::string_view pattern, std::size_t& position, const Limits& limits,
                   bool record) {
    Outcome outcome;
    Matcher matcher(subject, pattern, limits);
    for (std::size_t s = position; s <= subject.size(); ++s) {
        if (!matcher.spend()) break;
        std::ptrdiff_t end = matcher.matchAt(s, 0);
        if (end != kNoMatch) {
            auto after = static_cast<std::size_t>(end);
            if (record) outcome.matches.push_back({s, after, matcher.captures()});
            // After an empty match the next search starts one further on.
            position = after == s ? after + 1 : after;
            break;
        }
        if (matcher.stop() != Stop::None) break;
    }
    finish(outcome, matcher);
    return outcome;
}

ReplacementCost replacementCostOfString(std::string_view repl) {
    ReplacementCost cost{1 + repl.size(), 0};
    for (std::size_t i = 0; i + 1 < repl.size(); ++i) {
        if (repl[i] != '%') continue;
        if (std::isdigit(static_cast<unsigned char>(repl[i + 1]))) ++cost.perMatchedByte;
        ++i;
    }
    return cost;
}

Outcome gsub(std::string_view subject, std::string_view pattern, std::int64_t maxReplacements,
             ReplacementCost replacement, const Limits& limits, bool record) {
    Outcome outcome;
    Matcher matcher(subject, pattern, limits);
    bool anchored = matcher.patternAt(0) == '^';
    std::size_t firstItem = anchored ? 1 : 0;
    std::size_t s = 0;
    for (std::int64_t replaced = 0; replaced < maxReplacements;) {
        if (!matcher.spend()) break;
        std::ptrdiff_t end = matcher.matchAt(s, firstItem);
        if (matcher.stop() != Stop::None) break;
        if (end != kNoMatch) {
            ++replaced;
            auto length = static_cast<std::uint64_t>(end) - s;
            if (!matcher.spend(replacement.perMatch + replacement.perMatchedByte * length)) break;
            if (record) outcome.matches.push_back({s, static_cast<std::size_t>(end), matcher.captures()});
        }
        // A non-empty match moves past itself; otherwise one character is
        // copied and the search goes on from the next (an empty match at the
        // very end, after everything else, is the last).
        if (end != kNoMatch && static_cast<std::size_t>(end) > s)
            s = static_cast<std::size_t>(end);
        else if (s < subject.size())
            ++s;
        else
            break;
        if (anchored) break;
    }
    finish(outcome, matcher);
    return outcome;
}

}  // namespace stagehand::pattern
