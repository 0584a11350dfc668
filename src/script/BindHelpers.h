// Argument checks shared by the binding files. Every error names the Lua
// function and the argument, and points at the scene script line that made
// the call (frames of the host's own Lua files are skipped).
//
// lua_error longjmps on PUC Lua: no C++ object with a destructor may be alive
// in a frame it unwinds. So checks that raise build their message in plain
// char buffers, and richer messages are pushed by a push*Error helper (whose
// strings die when it returns) before the binding itself calls lua_error.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "lang/LineId.h"
#include "lang/LineProvider.h"
#include "script/LuaCompat.h"

namespace stagehand::bind {

// Raises "file:line: fname: message" at the nearest scene-script frame.
[[noreturn]] void raise(lua_State* L, const char* fname, const char* message);

// Pushes "file:line: message" for the caller to raise with lua_error.
void pushError(lua_State* L, const std::string& message);

// "file:line" of the nearest scene-script frame, or "?" if there is none.
std::string scriptWhere(lua_State* L);

// The value at `index` as an error message shows it: "east", 12, true, table.
std::string describeValue(lua_State* L, int index);

const char* checkString(lua_State* L, int index, const char* fname, const char* argName);
// Pushes checkString's (or checkNumber's: `expected` "a finite number") error
// without raising, for a binding that has C++ objects alive.
void pushBadArgument(lua_State* L, int index, const char* fname, const char* argName, const char* expected);

// Text a player reads (a line, a page, a bubble, an option, a banner, a
// print): at most kMaxTextBytes, so text the host copies stays within reach
// of the memory limit on both VMs (LuaJIT's strings do not count host
// copies). Every byte is kept: a NUL or a malformed UTF-8 byte becomes
// U+FFFD rather than cutting the text short. `textChecked` raises; call it
// before any C++ object is alive, and take the text with `readableText`.
constexpr std::size_t kMaxTextBytes = std::size_t{1} << 20;
void textChecked(lua_State* L, int index, const char* fname, const char* argName);
std::string readableText(lua_State* L, int index);
// Text a player reads as a line (a dialogue line, a page, a bubble, an
// option, a banner): a string, or a template made by line(). Checked like
// `textChecked`. `playerLine` gives the text the markup parser reads (the
// template filled in, each value escaped: a value is never markup), the text
// its automatic line ID is computed from (the string or the template as
// written; lang::lineIdOf) and the calling script's file.
struct LineSource {
    std::string text;
    std::string idSource;
    std::string script;
    std::map<std::string, std::string> values;  // a line()'s values, as text (a translation is filled with them)
};
void lineTextChecked(lua_State* L, int index, const char* fname, const char* argName);
LineSource playerLine(lua_State* L, int index);
// `text` (a template, or a translation of one) with line()'s `values` in it, each escaped.
std::string fillLine(const std::string& text, const std::map<std::string, std::string>& values);
// The language lines are shown in (src/lang/LineProvider.h), kept in the
// registry by the host; null: the source language.
void setLineProvider(lua_State* L, const lang::LineProvider* provider);
const lang::LineProvider* lineProviderOf(lua_State* L);
// line(template [, values]): pushes the template value the text arguments take.
int pushLineTemplate(lua_State* L);
double checkNumber(lua_State* L, int index, const char* fname, const char* argName);
double optNumber(lua_State* L, int index, const char* fname, const char* argName, double fallback);
// A duration: a finite number from 0 to kMaxSeconds, or `fallback` when nil.
constexpr double kMaxSeconds = 1e6;
double optSeconds(lua_State* L, int index, const char* fname, const char* argName, double fallback);

// Pushes "fname: unknown <what> 'name' (did you mean 'x'? | known: a, b, c)",
// then `advice` (such as where such things are found) if given.
// The scheduler's did-you-mean (closestName in WaitSupport.lua): "" if none is close.
std::string closestName(lua_State* L, const std::string& name, const std::vector<std::string>& choices);
// A markup error with the did-you-mean of an unknown tag ("unknown tag {wav}
// (did you mean {wave}?)"), the tags being the ones the markup lists
// (text::knownTagsText); any other error as it is. Play and --check both say it.
std::string withTagGuess(lua_State* L, const std::string& markupError);
void pushUnknownNameError(lua_State* L, const char* fname, const char* what, const std::string& name,
                          const std::vector<std::string>& known, const std::string& advice = "");

}  // namespace stagehand::bind
