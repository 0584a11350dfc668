// Reading and writing script values from C++, raw: script tables may carry
// metatables (a strict _G, a trap on SCENES), and no metamethod may run
// outside a protected call. Used by the host and its reports.
#pragma once

#include <string>
#include <vector>

#include "script/LuaCompat.h"
#include "script/ScriptValue.h"

namespace stagehand {

// Pushes table[key] (table may be a negative index).
void rawGetField(lua_State* L, int table, const char* key);
ScriptValue toScriptValue(lua_State* L, int index);
void pushScriptValue(lua_State* L, const ScriptValue& value);
// table[key] as text: a string, a number as the transcript writes it, a
// boolean as true/false; "" for anything else.
std::string fieldString(lua_State* L, int table, const char* key);
// table[key] is the boolean true.
bool fieldIsTrue(lua_State* L, int table, const char* key);
void pushStrings(lua_State* L, const std::vector<std::string>& list);
std::string firstLine(const std::string& text);

}  // namespace stagehand
