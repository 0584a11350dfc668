#include "app/WrittenLines.h"

#include <cctype>
#include <cstddef>
#include <set>

#include "lang/LineId.h"
#include "text/Markup.h"

namespace stagehand {

namespace {

struct Token {
    enum class Kind { Name, Keyword, String, Number, Op } kind;
    std::string value;
    int line;
};

bool isKeyword(const std::string& word) {
    static const std::set<std::string> keywords = {"and", "break",    "do",     "else", "elseif", "end",   "false",
                                                   "for", "function", "if",     "in",   "local",  "nil",   "not",
                                                   "or",  "repeat",   "return", "then", "true",   "until", "while"};
    return keywords.count(word) > 0;
}

// The level of a long bracket opening at `at` ("[[" is 0, "[==[" is 2), or -1.
int longBracketLevel(const std::string& s, std::size_t at) {
    if (at >= s.size() || s[at] != '[') return -1;
    std::size_t i = at + 1;
    while (i < s.size() && s[i] == '=') ++i;
    return i < s.size() && s[i] == '[' ? static_cast<int>(i - at - 1) : -1;
}

class Scanner {
public:
    explicit Scanner(const std::string& source) : s_(source) {}

    std::vector<Token> tokens() {
        std::vector<Token> out;
        while (at_ < s_.size()) {
            char c = s_[at_];
            if (c == '\n') {
                ++line_, ++at_;
            } else if (std::isspace(static_cast<unsigned char>(c))) {
                ++at_;
            } else if (s_.compare(at_, 2, "--") == 0) {
                skipComment();
            } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
                std::size_t from = at_;
                while (at_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[at_])) || s_[at_] == '_')) ++at_;
                std::string word = s_.substr(from, at_ - from);
                out.push_back({isKeyword(word) ? Token::Kind::Keyword : Token::Kind::Name, word, line_});
            } else if (std::isdigit(static_cast<unsigned char>(c))) {
                std::size_t from = at_;
                while (at_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[at_])) || s_[at_] == '.')) ++at_;
                out.push_back({Token::Kind::Number, s_.substr(from, at_ - from), line_});
            } else if (c == '"' || c == '\'') {
                int startLine = line_;
                out.push_back({Token::Kind::String, quotedString(c), startLine});
            } else if (longBracketLevel(s_, at_) >= 0) {
                int startLine = line_;
                out.push_back({Token::Kind::String, longString(), startLine});
            } else {
                std::size_t length = s_.compare(at_, 3, "...") == 0 ? 3 : s_.compare(at_, 2, "..") == 0 ? 2 : 1;
                out.push_back({Token::Kind::Op, s_.substr(at_, length), line_});
                at_ += length;
            }
        }
        return out;
    }

private:
    void skipComment() {
        at_ += 2;
        if (longBracketLevel(s_, at_) >= 0) {
            longString();
            return;
        }
        while (at_ < s_.size() && s_[at_] != '\n') ++at_;
    }

    // A long string's body; a first newline right after the bracket is not part of it.
    std::string longString() {
        int level = longBracketLevel(s_, at_);
        std::string close = "]" + std::string(static_cast<std::size_t>(level), '=') + "]";
        std::size_t bodyStart = at_ + static_cast<std::size_t>(level) + 2;
        std::size_t end = s_.find(close, bodyStart);
        if (end == std::string::npos) end = s_.size();
        std::string body = s_.substr(bodyStart, end - bodyStart);
        for (char c : body) line_ += c == '\n';
        at_ = std::min(s_.size(), end + close.size());
        if (!body.empty() && body[0] == '\n') body.erase(0, 1);
        return body;
    }

    // A quoted string with Lua 5.1's escapes decoded.
    std::string quotedString(char quote) {
        std::string value;
        ++at_;
        while (at_ < s_.size() && s_[at_] != quote) {
            char c = s_[at_++];
            if (c == '\n') ++line_;
            if (c != '\\' || at_ >= s_.size()) {
                value += c;
                continue;
            }
            char e = s_[at_++];
            if (std::isdigit(static_cast<unsigned char>(e))) {
                int code = e - '0';
                for (int i = 0; i < 2 && at_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[at_])); ++i)
                    code = code * 10 + (s_[at_++] - '0');
                value += static_cast<char>(code);
                continue;
            }
            static const std::string from = "abfnrtv", to = "\a\b\f\n\r\t\v";
            std::size_t known = from.find(e);
            if (e == '\n') ++line_;
            value += known == std::string::npos ? e : to[known];
        }
        ++at_;  // the closing quote
        return value;
    }

    const std::string& s_;
    std::size_t at_ = 0;
    int line_ = 1;
};

const std::set<std::string>& writtenLineCalls() {
    static const std::set<std::string> calls = {"dialogue", "text", "say", "sayFor", "option"};
    return calls;
}

// Which argument holds the shown text: option's first, text's last of one or
// two, the others' second.
std::size_t shownArgument(const std::string& call, std::size_t argumentCount) {
    if (call == "option") return 0;
    if (call == "text") return argumentCount >= 2 ? 1 : 0;
    return 1;
}

// The text of an argument made only of string literals joined by "..", or
// false when it is anything else.
bool literalText(const std::vector<Token>& argument, std::string& text) {
    if (argument.empty()) return false;
    for (std::size_t i = 0; i < argument.size(); ++i) {
        bool wantString = i % 2 == 0;
        if (wantString && argument[i].kind != Token::Kind::String) return false;
        if (!wantString && argument[i].value != "..") return false;
        if (wantString) text += argument[i].value;
    }
    return argument.size() % 2 == 1;
}

// The arguments of the call whose "(" is at `open`, split at top-level commas.
std::vector<std::vector<Token>> callArguments(const std::vector<Token>& tokens, std::size_t open) {
    std::vector<std::vector<Token>> arguments(1);
    int depth = 0;
    for (std::size_t i = open + 1; i < tokens.size(); ++i) {
        const Token& t = tokens[i];
        bool bracket = t.kind == Token::Kind::Op && t.value.size() == 1;
        if (bracket && (t.value == "(" || t.value == "{" || t.value == "[")) ++depth;
        if (bracket && (t.value == ")" || t.value == "}" || t.value == "]") && depth-- == 0) break;
        if (depth == 0 && bracket && t.value == ",") {
            arguments.emplace_back();
            continue;
        }
        arguments.back().push_back(t);
    }
    if (arguments.size() == 1 && arguments[0].empty()) arguments.clear();
    return arguments;
}

// Follows block depth so each call knows its top-level function: blocks open
// at function, if, do (while's and for's too) and repeat, and close at end
// and until.
class FunctionTracker {
public:
    void see(const std::vector<Token>& tokens, std::size_t i) {
        const Token& t = tokens[i];
        if (t.kind != Token::Kind::Keyword) return;
        if (t.value == "function" || t.value == "if" || t.value == "do" || t.value == "repeat") {
            if (depth_++ == 0 && t.value == "function") current_ = nameOfFunction(tokens, i);
        } else if ((t.value == "end" || t.value == "until") && depth_ > 0 && --depth_ == 0) {
            current_.clear();
        }
    }
    const std::string& current() const { return current_; }

private:
    // "function a.b(" and "local function a(" name it after; "a = function(" before.
    static std::string nameOfFunction(const std::vector<Token>& tokens, std::size_t at) {
        std::string name;
        for (std::size_t i = at + 1; i < tokens.size() && tokens[i].value != "("; ++i) name += tokens[i].value;
        if (name.empty() && at >= 2 && tokens[at - 1].value == "=" && tokens[at - 2].kind == Token::Kind::Name)
            name = tokens[at - 2].value;
        return name;
    }

    int depth_ = 0;
    std::string current_;
};

}  // namespace

std::vector<WrittenLine> findWrittenLines(const std::string& source) {
    std::vector<Token> tokens = Scanner(source).tokens();
    std::vector<WrittenLine> lines;
    FunctionTracker functions;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        functions.see(tokens, i);
        const Token& t = tokens[i];
        if (t.kind != Token::Kind::Name || !writtenLineCalls().count(t.value) || i + 1 >= tokens.size()) continue;
        bool member = i > 0 && (tokens[i - 1].value == "." || tokens[i - 1].value == ":");
        bool definition = i > 0 && tokens[i - 1].value == "function";
        if (member || definition) continue;
        std::vector<std::vector<Token>> arguments;
        if (tokens[i + 1].value == "(" && tokens[i + 1].kind == Token::Kind::Op)
            arguments = callArguments(tokens, i + 1);
        else if (tokens[i + 1].kind == Token::Kind::String)
            arguments = {{tokens[i + 1]}};  // text "..." without parentheses
        std::size_t shown = shownArgument(t.value, arguments.size());
        std::string text;
        if (shown >= arguments.size() || !literalText(arguments[shown], text) || text.empty()) continue;
        // The screen shows the text without its markup (a text whose markup is
        // wrong is an error when called, and compared as written).
        std::string error;
        bool typed = t.value == "dialogue" || t.value == "text";
        if (auto marked = text::parseMarkup(text, typed ? text::MarkupPlace::Typed : text::MarkupPlace::Shown, error))
            text = marked->plain;
        else
            text = lang::splitLineId(text).text;  // as shown: no ID tag
        lines.push_back({t.line, t.value, text, functions.current()});
    }
    return lines;
}

}  // namespace stagehand
