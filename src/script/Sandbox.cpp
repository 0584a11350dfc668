#include "script/Sandbox.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <string_view>

#include "script/BindHelpers.h"
#include "script/BindRandom.h"
#include "script/LuaCompat.h"
#include "script/PatternCost.h"

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
        "wakeUpWaitingThreads", "setErrorHandler",   "GLOBAL_NAMES",          "setKillCheck",
        "setSceneGlobals",      "addSupportSource",  "sceneCoroutineLibrary", "closestName",
        "setObserver",          "waitUntilLabelled", "allProcesses",          "setSendableSignals",
        "setHangListener",      "runProcessOwnedBy", "liveDescendants",       "parentProcess"};
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
// 5.1's matcher backtracks: ("a"):rep(30000):find("a*a*a*a*b") would run for
// hours, and a pattern of 200,000 "a?" items overflows PUC Lua's C stack. So
// every call from a scene is first done as a dry run that counts its steps
// (PatternCost.h) and reaches the real function only if the run finished
// within pattern::kMaxSteps and pattern::kMaxDepth. Linear patterns cost a few
// steps a byte, so they pass on strings of megabytes; results are always the
// real function's. The host's own scripts go through
// the same guard: their patterns are linear, and a bypass by the caller's
// source could be reached from a scene (pcall(string.find, ...) has a host
// frame or pcall itself above string.find).
enum class PatternFunction { Find, Match, Gsub };

// A C function or a table as gsub's replacement runs with no hook between
// its calls, so each call is paid for: 20-40 ns measured (gsub(".",
// string.upper) on 1 MB), about 50 steps. A Lua function is the watchdog's.
constexpr std::uint64_t kStepsPerReplacementCall = 50;

// Lua 5.1 reads an integer argument with a C cast of the number: on x86 a
// value outside the 64-bit range, or NaN, becomes the smallest integer.
std::int64_t integerOf(lua_Number number) {
    constexpr lua_Number kLimit = 9223372036854775808.0;  // 2^63
    if (!(number >= -kLimit && number < kLimit)) return INT64_MIN;
    return static_cast<std::int64_t>(number);
}

struct PatternVerdict {
    pattern::Verdict verdict = pattern::Verdict::Affordable;
    bool plainFind = false;
};

// Judges the call of string.find, match or gsub on the stack, whose first
// two arguments are strings or numbers. Arguments the real function would
// refuse are left to it (it raises before matching). The integer arguments
// (find's and match's init, gsub's n) are replaced by the value PUC Lua reads
// from them, in range: LuaJIT reads an out-of-range number differently (its
// own 32-bit conversion), and the dry run must search from where the real
// call will. Everything that can raise happens before the dry run, whose
// objects must not be alive when lua_error unwinds this frame.
PatternVerdict judgeSearch(lua_State* L, PatternFunction function) {
    std::size_t subjectLength = 0, patternLength = 0;
    const char* subject = lua_tolstring(L, 1, &subjectLength);
    const char* patternText = lua_tolstring(L, 2, &patternLength);
    std::int64_t init = 1, maxReplacements = static_cast<std::int64_t>(subjectLength) + 1;
    pattern::ReplacementCost replacement;
    if (function == PatternFunction::Gsub) {
        switch (lua_type(L, 3)) {
            case LUA_TSTRING:
            case LUA_TNUMBER: {
                std::size_t length = 0;
                const char* repl = lua_tolstring(L, 3, &length);
                replacement = pattern::replacementCostOfString(std::string_view(repl, length));
                break;
            }
            case LUA_TFUNCTION: replacement = {lua_iscfunction(L, 3) ? kStepsPerReplacementCall : 1, 1}; break;
            case LUA_TTABLE: replacement = {kStepsPerReplacementCall, 1}; break;
            default: return {};  // the real gsub refuses it
        }
        if (!lua_isnoneornil(L, 4)) {
            if (!lua_isnumber(L, 4)) return {};
            maxReplacements = static_cast<int>(integerOf(lua_tonumber(L, 4)));  // luaL_optint
            lua_pushinteger(L, static_cast<lua_Integer>(maxReplacements));
            lua_replace(L, 4);
        }
    } else if (!lua_isnoneornil(L, 3)) {
        if (!lua_isnumber(L, 3)) return {};
        init = integerOf(lua_tonumber(L, 3));
        lua_pushinteger(L, static_cast<lua_Integer>(pattern::startIndex(init, subjectLength) + 1));
        lua_replace(L, 3);
    }
    std::string_view text(subject, subjectLength), patternView(patternText, patternLength);
    switch (function) {
        case PatternFunction::Find: {
            bool plain = lua_toboolean(L, 4) != 0;
            return {pattern::find(text, patternView, init, plain).verdict,
                    pattern::findIsByteSearch(patternView, plain)};
        }
        case PatternFunction::Match: return {pattern::match(text, patternView, init).verdict};
        case PatternFunction::Gsub: return {pattern::gsub(text, patternView, maxReplacements, replacement).verdict};
    }
    return {};
}

[[noreturn]] void refusePattern(lua_State* L, const char* name, PatternVerdict verdict, std::size_t subjectLength) {
    char message[512];
    if (verdict.verdict == pattern::Verdict::TooDeep)
        std::snprintf(message, sizeof message,
                      "the pattern nests more than %d levels deep (each capture, and each *, +, - or ? item that "
                      "matches, is a level) and would overflow the C stack; use a shorter pattern",
                      pattern::kMaxDepth);
    else if (verdict.plainFind)
        std::snprintf(message, sizeof message,
                      "this plain find in a %zu-byte string would compare more than %.0f GB inside C, where the "
                      "watchdog cannot stop it; find a shorter text or search a shorter string",
                      subjectLength, static_cast<double>(pattern::kMaxSteps) * pattern::kBytesPerStep / 1e9);
    else
        std::snprintf(message, sizeof message,
                      "the pattern backtracks too much on this %zu-byte string: matching it takes more than %.0f "
                      "million steps inside C, where the watchdog cannot stop it; use a plain find "
                      "(string.find(s, text, 1, true)), a simpler pattern or a shorter string",
                      subjectLength, static_cast<double>(pattern::kMaxSteps) / 1e6);
    bind::raise(L, name, message);
}

int callOriginal(lua_State* L) {
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

// string.find, match and gsub: upvalue 1 the original, 2 its name, 3 which.
int l_guardedSearch(lua_State* L) {
    if (lua_isstring(L, 1) && lua_isstring(L, 2)) {
        auto function = static_cast<PatternFunction>(lua_tointeger(L, lua_upvalueindex(3)));
        PatternVerdict verdict = judgeSearch(L, function);
        if (verdict.verdict != pattern::Verdict::Affordable) {
            std::size_t subjectLength = 0;
            lua_tolstring(L, 1, &subjectLength);
            refusePattern(L, lua_tostring(L, lua_upvalueindex(2)), verdict, subjectLength);
        }
    }
    return callOriginal(L);
}

// The iterator of a guarded gmatch: upvalue 1 the real iterator, 2 the
// subject, 3 the pattern, 4 where the next search starts, 5 the name. Each
// call is judged on its own, like a find from where the last match ended:
// the real iterator is lazy, and a loop that stops at its first match must
// not pay for (or be refused for) the matches it never asks for. Between
// calls the loop runs Lua code, where the watchdog sees it.
int l_guardedGmatchStep(lua_State* L) {
    std::size_t subjectLength = 0, patternLength = 0;
    const char* subject = lua_tolstring(L, lua_upvalueindex(2), &subjectLength);
    const char* patternText = lua_tolstring(L, lua_upvalueindex(3), &patternLength);
    auto position = static_cast<std::size_t>(lua_tointeger(L, lua_upvalueindex(4)));
    pattern::Verdict verdict =
        pattern::gmatchStep({subject, subjectLength}, {patternText, patternLength}, position).verdict;
    if (verdict != pattern::Verdict::Affordable)
        refusePattern(L, lua_tostring(L, lua_upvalueindex(5)), {verdict}, subjectLength);
    lua_pushinteger(L, static_cast<lua_Integer>(position));
    lua_replace(L, lua_upvalueindex(4));
    lua_settop(L, 0);
    return callOriginal(L);
}

// string.gmatch (and 5.1's old name for it, gfind): upvalue 1 the original,
// 2 its name. Returns a guarded iterator around the real one.
int l_guardedGmatch(lua_State* L) {
    if (!lua_isstring(L, 1) || !lua_isstring(L, 2)) return callOriginal(L);
    lua_settop(L, 2);
    lua_tostring(L, 1);  // numbers become strings here, as in the real gmatch
    lua_tostring(L, 2);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_call(L, 2, 1);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_pushinteger(L, 0);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushcclosure(L, l_guardedGmatchStep, 5);
    return 1;
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
    lua_newtable(L);
    lua_setfield(L, env, "persistent");
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
    struct Guarded {
        const char* name;
        PatternFunction function;
    };
    for (Guarded guarded : {Guarded{"find", PatternFunction::Find}, Guarded{"match", PatternFunction::Match},
                            Guarded{"gsub", PatternFunction::Gsub}}) {
        lua_getfield(L, -1, guarded.name);
        lua_pushfstring(L, "string.%s", guarded.name);
        lua_pushinteger(L, static_cast<lua_Integer>(guarded.function));
        lua_pushcclosure(L, l_guardedSearch, 3);
        lua_setfield(L, -2, guarded.name);
    }
    // PUC Lua 5.1 also has gmatch as gfind (LUA_COMPAT_GFIND); LuaJIT has not.
    for (const char* name : {"gmatch", "gfind"}) {
        lua_getfield(L, -1, name);
        if (lua_isnil(L, -1)) {
            lua_pop(L, 1);
            continue;
        }
        lua_pushfstring(L, "string.%s", name);
        lua_pushcclosure(L, l_guardedGmatch, 2);
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
