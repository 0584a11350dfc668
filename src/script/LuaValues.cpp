#include "script/LuaValues.h"

#include "game/Transcript.h"

namespace stagehand {

void rawGetField(lua_State* L, int table, const char* key) {
    table = table < 0 ? lua_gettop(L) + table + 1 : table;
    lua_pushstring(L, key);
    lua_rawget(L, table);
}

ScriptValue toScriptValue(lua_State* L, int index) {
    switch (lua_type(L, index)) {
        case LUA_TBOOLEAN: return ScriptValue::of(lua_toboolean(L, index) != 0);
        case LUA_TNUMBER: return ScriptValue::of(static_cast<double>(lua_tonumber(L, index)));
        case LUA_TSTRING: return ScriptValue::of(std::string(lua_tostring(L, index)));
        default: return {};
    }
}

void pushScriptValue(lua_State* L, const ScriptValue& value) {
    switch (value.type) {
        case ScriptValue::Type::Boolean: lua_pushboolean(L, value.boolean); break;
        case ScriptValue::Type::Number: lua_pushnumber(L, value.number); break;
        case ScriptValue::Type::String: lua_pushlstring(L, value.string.data(), value.string.size()); break;
        case ScriptValue::Type::Nil: lua_pushnil(L); break;
    }
}

std::string fieldString(lua_State* L, int table, const char* key) {
    rawGetField(L, table, key);
    std::string out;
    if (lua_type(L, -1) == LUA_TNUMBER) {
        out = formatNumber(lua_tonumber(L, -1));
    } else if (lua_isstring(L, -1)) {
        out = lua_tostring(L, -1);
    } else if (lua_type(L, -1) == LUA_TBOOLEAN) {
        out = lua_toboolean(L, -1) ? "true" : "false";
    }
    lua_pop(L, 1);
    return out;
}

std::string firstLine(const std::string& text) {
    return text.substr(0, text.find('\n'));
}

bool fieldIsTrue(lua_State* L, int table, const char* key) {
    rawGetField(L, table, key);
    bool isTrue = lua_type(L, -1) == LUA_TBOOLEAN && lua_toboolean(L, -1);
    lua_pop(L, 1);
    return isTrue;
}

void pushStrings(lua_State* L, const std::vector<std::string>& list) {
    lua_createtable(L, static_cast<int>(list.size()), 0);
    for (std::size_t i = 0; i < list.size(); ++i) {
        lua_pushlstring(L, list[i].data(), list[i].size());
        lua_rawseti(L, -2, static_cast<int>(i + 1));
    }
}

}  // namespace stagehand
