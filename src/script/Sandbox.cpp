#include "script/Sandbox.h"

#include <cmath>
#include <cstring>
#include <initializer_list>

#include "script/BindRandom.h"
#include "script/LuaCompat.h"
#include "script/ScriptContract.h"

namespace stagehand {

namespace {

const char* const kSafeGlobals[] = {
    "assert", "error",  "ipairs", "next",     "pairs",  "pcall",  "select",       "tonumber",     "tostring",
    "type",   "unpack", "xpcall", "rawequal", "rawget", "rawset", "setmetatable", "getmetatable", "_VERSION",
};

const char* const kCopiedLibraries[] = {"string", "table", "math", "coroutine"};

// Names of the scheduler the host keeps for itself.
bool isHostOnly(const char* name) {
    static const char* const kHostOnly[] = {
        "wakeUpWaitingThreads", "setErrorHandler",       "GLOBAL_NAMES", "setKillCheck", "setSceneGlobals",
        "addSupportSource",     "sceneCoroutineLibrary", "closestName",  "setObserver",  "waitUntilLabelled"};
    for (const char* hostOnly : kHostOnly)
        if (std::strcmp(name, hostOnly) == 0) return true;
    return false;
}

// string.rep with a bounded result: PUC Lua builds the result in a loop of
// `n` steps even for an empty string, so ("").rep(1e15) would never return.
constexpr double kMaxRepBytes = 256.0 * 1024 * 1024;

int l_checkedRep(lua_State* L) {
    std::size_t length = 0;
    luaL_checklstring(L, 1, &length);
    lua_Number count = luaL_checknumber(L, 2);
    if (!(count == count)) return luaL_argerror(L, 2, "count is NaN");
    if (length == 0 || count < 1) {
        lua_pushliteral(L, "");
        return 1;
    }
    if (static_cast<double>(length) * count > kMaxRepBytes)
        return luaL_error(L, "string.rep: the result would be %f bytes (the limit is %d MiB)",
                          static_cast<double>(length) * count, static_cast<int>(kMaxRepBytes / (1024 * 1024)));
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

// Pattern matching runs in C, where the watchdog's hook never fires, and Lua
// 5.1's matcher backtracks: with k repetition items (*, +, -) a match can take
// about n^(k+1) steps on an n-byte string. Scene code may start a match only
// while that bound stays under kMaxPatternSteps (seconds at worst, never
// hours); the host's own scripts, registered with trustSource, are not limited.
constexpr double kMaxPatternSteps = 1e9;
constexpr const char* kTrustedSourcesKey = contract::kTrustedSources;

int repetitionItems(const char* pattern, std::size_t length) {
    int items = 0;
    bool inSet = false;
    for (std::size_t i = 0; i < length; ++i) {
        char c = pattern[i];
        if (c == '%') {
            ++i;  // an escape or a class: the next character is not an operator
        } else if (inSet) {
            inSet = c != ']';
        } else if (c == '[') {
            inSet = true;
            if (i + 1 < length && pattern[i + 1] == '^') ++i;
            if (i + 1 < length && pattern[i + 1] == ']') ++i;  // a leading ] is a member
        } else if (c == '*' || c == '+' || c == '-') {
            ++items;
        }
    }
    return items;
}

bool calledFromTrustedSource(lua_State* L) {
    lua_Debug ar;
    if (!lua_getstack(L, 1, &ar) || !lua_getinfo(L, "S", &ar)) return false;
    lua_getfield(L, LUA_REGISTRYINDEX, kTrustedSourcesKey);
    bool trusted = false;
    if (lua_istable(L, -1)) {
        lua_getfield(L, -1, ar.source);
        trusted = lua_toboolean(L, -1) != 0;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return trusted;
}

// string.find, match, gmatch and gsub: upvalue 1 the original, 2 its name.
int l_guardedMatch(lua_State* L) {
    if (lua_type(L, 1) == LUA_TSTRING && lua_type(L, 2) == LUA_TSTRING && !calledFromTrustedSource(L)) {
        std::size_t subjectLength = 0, patternLength = 0;
        lua_tolstring(L, 1, &subjectLength);
        const char* pattern = lua_tolstring(L, 2, &patternLength);
        const char* name = lua_tostring(L, lua_upvalueindex(2));
        bool plain = std::strcmp(name, "string.find") == 0 && lua_toboolean(L, 4);
        int items = plain ? 0 : repetitionItems(pattern, patternLength);
        if (items > 0 && std::pow(static_cast<double>(subjectLength), items + 1) > kMaxPatternSteps)
            return luaL_error(L,
                              "%s: a pattern with %d repetition item(s) on a %d-byte string could run for minutes "
                              "inside C, where nothing can stop it; use a plain find (string.find(s, text, 1, "
                              "true)), a simpler pattern or a shorter string",
                              name, items, static_cast<int>(subjectLength));
    }
    int args = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, args, LUA_MULTRET);
    return lua_gettop(L);
}

// getmetatable for scenes: the standard one, except that a string's
// metatable is the scene's read-only stand-in (upvalue 1), whose __index is
// the scene's string library: `getmetatable("").__index == string` holds, and
// the real metatable, shared with the host, stays out of reach.
int l_sceneGetmetatable(lua_State* L) {
    luaL_checkany(L, 1);
    if (lua_type(L, 1) == LUA_TSTRING) {
        lua_pushvalue(L, lua_upvalueindex(1));
        return 1;
    }
    if (!lua_getmetatable(L, 1)) {
        lua_pushnil(L);
        return 1;
    }
    luaL_getmetafield(L, 1, "__metatable");  // pushes the protected answer, if there is one
    return 1;
}

int l_refuseWrite(lua_State* L) {
    return luaL_error(L, "the string metatable is read-only in scenes");
}

// The stand-in: an empty table whose reads come from {__index = string}
// and whose writes raise.
void pushStringMetatableStandIn(lua_State* L, int envIndex) {
    lua_newtable(L);
    lua_newtable(L);  // its metatable
    lua_newtable(L);  // what it reads through
    lua_getfield(L, envIndex, "string");
    lua_setfield(L, -2, "__index");
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, l_refuseWrite);
    lua_setfield(L, -2, "__newindex");
    lua_pushliteral(L, "read-only");
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
}

// env[name] = shallow copy of _G[name], so a script cannot change the host's tables.
void copyLibrary(lua_State* L, int envIndex, const char* name) {
    lua_newtable(L);
    lua_getglobal(L, name);
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_settable(L, -5);
    }
    lua_pop(L, 1);
    lua_setfield(L, envIndex, name);
}

// Copies every field of the table at `from` into the table at `to`.
void mergeInto(lua_State* L, int to, int from, bool skipHostOnly) {
    lua_pushnil(L);
    while (lua_next(L, from)) {
        bool skip = lua_type(L, -2) != LUA_TSTRING || (skipHostOnly && isHostOnly(lua_tostring(L, -2)));
        if (skip) {
            lua_pop(L, 1);
            continue;
        }
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_settable(L, to);
    }
}

}  // namespace

void pushSandbox(lua_State* L, int schedulerIndex, int stageIndex, std::uint64_t seed) {
    lua_newtable(L);
    int env = lua_gettop(L);
    for (const char* name : kSafeGlobals) {
        lua_getglobal(L, name);
        lua_setfield(L, env, name);
    }
    for (const char* name : kCopiedLibraries) copyLibrary(L, env, name);
    pushStringMetatableStandIn(L, env);
    lua_pushcclosure(L, l_sceneGetmetatable, 1);
    lua_setfield(L, env, "getmetatable");

    // math.random: a generator of this run, the same on both VMs.
    lua_getfield(L, env, "math");
    openRandom(L, seed);
    lua_getfield(L, -1, "random");
    lua_setfield(L, -3, "random");
    lua_getfield(L, -1, "randomseed");
    lua_setfield(L, -3, "randomseed");
    lua_pop(L, 2);

    // The scheduler's pcall, xpcall and coroutine library replace the
    // standard ones: waits inside them work on both VMs (see WaitSupport.lua).
    mergeInto(L, env, schedulerIndex, true);
    mergeInto(L, env, stageIndex, false);
    lua_getfield(L, schedulerIndex, "sceneCoroutineLibrary");
    lua_call(L, 0, 1);
    lua_setfield(L, env, "coroutine");

    lua_newtable(L);
    lua_setfield(L, env, "flags");
    lua_pushvalue(L, env);
    lua_setfield(L, env, "_G");
}

void hardenState(lua_State* L) {
    lua_getglobal(L, "string");
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    lua_getfield(L, -1, "rep");
    lua_pushcclosure(L, l_checkedRep, 1);
    lua_setfield(L, -2, "rep");
    for (const char* name : {"find", "match", "gmatch", "gsub"}) {
        lua_getfield(L, -1, name);
        lua_pushfstring(L, "string.%s", name);
        lua_pushcclosure(L, l_guardedMatch, 2);
        lua_setfield(L, -2, name);
    }
    lua_pop(L, 1);
    // getmetatable("") would hand out the real string table (and its methods'
    // table is shared by every chunk): answer with a plain marker instead.
    lua_pushliteral(L, "");
    if (lua_getmetatable(L, -1)) {
        lua_pushliteral(L, "string metatable");
        lua_setfield(L, -2, "__metatable");
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

void trustSource(lua_State* L, const char* source) {
    lua_getfield(L, LUA_REGISTRYINDEX, kTrustedSourcesKey);
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, kTrustedSourcesKey);
    }
    lua_pushboolean(L, 1);
    lua_setfield(L, -2, source);
    lua_pop(L, 1);
}

int loadSandboxedChunk(lua_State* L, const char* source, std::size_t size, const char* label, int envIndex) {
    if (size > 0 && source[0] == LUA_SIGNATURE[0]) {
        lua_pushfstring(L, "%s: precompiled bytecode is refused; load Lua source", label);
        return LUA_ERRSYNTAX;
    }
    lua_pushfstring(L, "@%s", label);
    int status = luaL_loadbuffer(L, source, size, lua_tostring(L, -1));
    lua_remove(L, -2);
    if (status != 0) return status;
    lua_pushvalue(L, envIndex);
    lua_setfenv(L, -2);
    return 0;
}

}  // namespace stagehand
