// The dialogue lines and menu options written in a scene script's text, found
// without running it: what `--explore` compares with what its runs showed.
//
// Only direct calls whose shown text is written out count: dialogue(who, "..."),
// text("...") / text(who, "..."), say(who, "..."), sayFor(who, "...", s) and
// option("...", target), the text being string literals, joined by `..` or not.
// A line built at run time (a variable, a number, a helper's parameter) cannot
// be known from the text and is left out.
#pragma once

#include <string>
#include <vector>

namespace stagehand {

struct WrittenLine {
    int line = 0;          // where the call is written
    std::string call;      // "dialogue", "text", "say", "sayFor" or "option"
    std::string text;      // the text as the screen shows it (escapes decoded)
    std::string function;  // the top-level function the call is in ("" at the top level)
    bool isOption() const { return call == "option"; }
};

// The written lines and options of `source`, in the order they appear. The
// script has already loaded, so its syntax is known to be sound.
std::vector<WrittenLine> findWrittenLines(const std::string& source);

}  // namespace stagehand
