#include "script/BindHelpers.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "game/Transcript.h"
#include "render/Utf8.h"
#include "script/ScriptContract.h"
#include "text/Markup.h"

namespace stagehand::bind {

namespace {

// The stage library: StageSupport.lua and its parts in scripts/stage/ (named
// so by ScriptHost::l_loadLibraryPart).
bool isStageLibrary(const char* source) {
    return std::strstr(source, "StageSupport.lua") != nullptr || std::strstr(source, "scripts/stage/") != nullptr;
}

// Chunks of the host's own Lua files: an error is never blamed on them.
// The scheduler is WaitSupport.lua and its parts in scripts/wait/ (named so
// by ScriptHost::l_loadLibraryPart), beside the stage library.
bool isHostChunk(const char* source) {
    return std::strstr(source, "WaitSupport.lua") != nullptr || std::strstr(source, "scripts/wait/") != nullptr ||
           isStageLibrary(source);
}

// Writes "file:line" of the nearest scene-script frame into `out`.
bool findScriptWhere(lua_State* L, char* out, std::size_t size) {
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); ++level) {
        lua_getinfo(L, "Sl", &ar);
        if (ar.currentline > 0 && !isHostChunk(ar.source)) {
            std::snprintf(out, size, "%s:%d", ar.short_src, ar.currentline);
            return true;
        }
    }
    return false;
}

// The scene function the stage library frame `ar` is, when it is a function's
// check by its description (the library registers each as `checkedNames` in
// the table the host keeps as kSceneRunner): its entry's name, whatever local
// name the scene called it by (local s = say). Null for another frame.
const char* checkedName(lua_State* L, lua_Debug& ar) {
    if (!lua_checkstack(L, 4) || !lua_getinfo(L, "f", &ar)) return nullptr;
    const int function = lua_gettop(L);
    const char* name = nullptr;
    lua_getfield(L, LUA_REGISTRYINDEX, contract::kSceneRunner);
    if (lua_istable(L, -1)) {
        lua_getfield(L, -1, "checkedNames");
        if (lua_istable(L, -1)) {
            lua_pushvalue(L, function);
            lua_rawget(L, -2);
            if (lua_type(L, -1) == LUA_TSTRING) name = lua_tostring(L, -1);  // the table keeps it alive
        }
    }
    lua_settop(L, function - 1);
    return name;
}

// The name the scene called to reach the binding `fname`: a binding the
// stage library calls for a function of its own (walkTo calls walkToPoint)
// goes by the library function's name, as the scene's line wrote it. Found
// as the stage library's frame nearest the scene's; `fname` when there is
// none or it has no name (called through pcall).
const char* calledName(lua_State* L, const char* fname) {
    lua_Debug ar;
    int library = 0;  // the level of the last stage library frame seen
    bool fromScene = false;
    for (int level = 1; !fromScene && lua_getstack(L, level, &ar); ++level) {
        lua_getinfo(L, "Sl", &ar);
        fromScene = ar.currentline > 0 && !isHostChunk(ar.source);
        if (isStageLibrary(ar.source)) library = level;
    }
    if (!fromScene || library == 0 || !lua_getstack(L, library, &ar)) return fname;
    if (const char* described = checkedName(L, ar)) return described;
    return lua_getinfo(L, "n", &ar) && ar.name ? ar.name : fname;
}

void describeValue(lua_State* L, int index, char* out, std::size_t size) {
    switch (lua_type(L, index)) {
        case LUA_TSTRING: std::snprintf(out, size, "\"%s\"", lua_tostring(L, index)); break;
        case LUA_TNUMBER:  // the C library may print NaN as -nan or nan(ind)
            if (std::isnan(lua_tonumber(L, index)))
                std::snprintf(out, size, "nan");
            else
                std::snprintf(out, size, "%.14g", lua_tonumber(L, index));
            break;
        case LUA_TBOOLEAN: std::snprintf(out, size, "%s", lua_toboolean(L, index) ? "true" : "false"); break;
        default: std::snprintf(out, size, "%s", luaL_typename(L, index));
    }
}

[[noreturn]] void raiseBadArgument(lua_State* L, int index, const char* fname, const char* argName,
                                   const char* expected) {
    char value[128], message[256];
    describeValue(L, index, value, sizeof value);
    std::snprintf(message, sizeof message, "%s must be %s. Was %s", argName, expected, value);
    raise(L, fname, message);
}

}  // namespace

void raise(lua_State* L, const char* fname, const char* message) {
    fname = calledName(L, fname);
    char where[256];
    if (findScriptWhere(L, where, sizeof where))
        lua_pushfstring(L, "%s: %s: %s", where, fname, message);
    else
        lua_pushfstring(L, "%s: %s", fname, message);
    lua_error(L);
    std::abort();  // lua_error does not return
}

void pushError(lua_State* L, const std::string& message) {
    // "walkToPoint: ..." names the function the scene called ("walkTo: ...").
    std::string named = message;
    std::size_t colon = message.find(": ");
    if (colon != std::string::npos && colon > 0 &&
        std::all_of(message.begin(), message.begin() + static_cast<long>(colon),
                    [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }))
        named = std::string(calledName(L, message.substr(0, colon).c_str())) + message.substr(colon);
    std::string where = scriptWhere(L);
    lua_pushstring(L, (where == "?" ? named : where + ": " + named).c_str());
}

std::string describeValue(lua_State* L, int index) {
    char value[128];
    describeValue(L, index, value, sizeof value);
    return value;
}

std::string scriptWhere(lua_State* L) {
    char where[256];
    return findScriptWhere(L, where, sizeof where) ? where : "?";
}

void pushBadArgument(lua_State* L, int index, const char* fname, const char* argName, const char* expected) {
    char value[128];
    describeValue(L, index, value, sizeof value);
    pushError(L, std::string(fname) + ": " + argName + " must be " + expected + ". Was " + value);
}

const char* checkString(lua_State* L, int index, const char* fname, const char* argName) {
    if (lua_type(L, index) != LUA_TSTRING) raiseBadArgument(L, index, fname, argName, "a string");
    return lua_tostring(L, index);
}

void textChecked(lua_State* L, int index, const char* fname, const char* argName) {
    if (lua_type(L, index) != LUA_TSTRING) raiseBadArgument(L, index, fname, argName, "a string");
    std::size_t length = 0;
    lua_tolstring(L, index, &length);
    if (length > kMaxTextBytes) {
        char message[160];
        std::snprintf(message, sizeof message, "%s is %zu bytes; a text may be at most %zu bytes (1 MiB)", argName,
                      length, kMaxTextBytes);
        raise(L, fname, message);
    }
}

std::string readableText(lua_State* L, int index) {
    std::size_t length = 0;
    const char* bytes = lua_tolstring(L, index, &length);
    std::string_view text(bytes ? bytes : "", bytes ? length : 0);
    std::string out;
    out.reserve(text.size());
    for (std::size_t offset = 0; offset < text.size();) {
        std::size_t start = offset;
        char32_t cp = utf8::next(text, offset);
        std::size_t size = offset - start;
        static constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};  // by sequence length
        bool overlong = size > 1 && cp < kSmallest[size];
        bool surrogate = cp >= 0xD800 && cp <= 0xDFFF;
        bool decodedBadByte = cp == 0xFFFD && text.compare(start, 3, "\xEF\xBF\xBD") != 0;
        bool valid = cp != 0 && !overlong && !surrogate && cp <= 0x10FFFF && !decodedBadByte;
        if (valid)
            out.append(text, start, size);
        else
            out.append("\xEF\xBF\xBD");  // U+FFFD for a NUL or a malformed byte
    }
    return out;
}

namespace {

// The metatable of line()'s templates, in the registry under this address.
const char kLineTemplateKey = 0;

bool isLineTemplate(lua_State* L, int index) {
    if (lua_type(L, index) != LUA_TTABLE || !lua_getmetatable(L, index)) return false;
    lua_pushlightuserdata(L, const_cast<char*>(&kLineTemplateKey));
    lua_rawget(L, LUA_REGISTRYINDEX);
    bool same = lua_rawequal(L, -1, -2) != 0;
    lua_pop(L, 2);
    return same;
}

// The source of the nearest scene-script frame ("@scripts/Demo.lua"), or "".
std::string scriptSource(lua_State* L) {
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); ++level) {
        lua_getinfo(L, "Sl", &ar);
        if (ar.currentline > 0 && !isHostChunk(ar.source)) return ar.source[0] == '@' ? ar.source + 1 : ar.source;
    }
    return "";
}

}  // namespace

void lineTextChecked(lua_State* L, int index, const char* fname, const char* argName) {
    if (isLineTemplate(L, index)) return;  // checked by line() when it was made
    if (lua_type(L, index) != LUA_TSTRING) raiseBadArgument(L, index, fname, argName, "a string or a line(...)");
    textChecked(L, index, fname, argName);
}

LineSource playerLine(lua_State* L, int index) {
    index = index < 0 ? lua_gettop(L) + index + 1 : index;
    LineSource line;
    line.script = scriptSource(L);
    if (!isLineTemplate(L, index)) {
        line.text = line.idSource = readableText(L, index);
        return line;
    }
    lua_getfield(L, index, "template");
    line.idSource = readableText(L, -1);
    lua_pop(L, 1);
    lua_getfield(L, index, "values");
    if (lua_type(L, -1) == LUA_TTABLE) {
        lua_pushnil(L);
        while (lua_next(L, -2)) {  // line() checked them: names are strings, values strings or numbers
            if (lua_type(L, -2) == LUA_TSTRING && (lua_type(L, -1) == LUA_TSTRING || lua_type(L, -1) == LUA_TNUMBER))
                line.values[lua_tostring(L, -2)] = readableText(L, -1);
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    line.text = fillLine(line.idSource, line.values);
    return line;
}

std::string fillLine(const std::string& text, const std::map<std::string, std::string>& values) {
    return lang::fillTemplate(text, [&](const std::string& name) -> std::optional<std::string> {
        auto it = values.find(name);
        if (it == values.end()) return std::nullopt;
        return it->second;
    });
}

namespace {
const char kLineProviderKey = 0;
}

void setLineProvider(lua_State* L, const lang::LineProvider* provider) {
    lua_pushlightuserdata(L, const_cast<char*>(&kLineProviderKey));
    if (provider)
        lua_pushlightuserdata(L, const_cast<lang::LineProvider*>(provider));
    else
        lua_pushnil(L);
    lua_rawset(L, LUA_REGISTRYINDEX);
}

const lang::LineProvider* lineProviderOf(lua_State* L) {
    lua_pushlightuserdata(L, const_cast<char*>(&kLineProviderKey));
    lua_rawget(L, LUA_REGISTRYINDEX);
    auto* provider = static_cast<const lang::LineProvider*>(lua_touserdata(L, -1));
    lua_pop(L, 1);
    return provider;
}

// The values are checked here, where the script wrote them: a name is a
// string, a value a string or a number (a number as Lua's tostring writes it).
int pushLineTemplate(lua_State* L) {
    textChecked(L, 1, "line", "template");
    if (!lua_isnoneornil(L, 2)) {
        if (lua_type(L, 2) != LUA_TTABLE) raiseBadArgument(L, 2, "line", "values", "a table");
        lua_pushnil(L);
        while (lua_next(L, 2)) {
            int kind = lua_type(L, -1);
            if (lua_type(L, -2) != LUA_TSTRING) raiseBadArgument(L, -2, "line", "a value's name", "a string");
            if (kind != LUA_TSTRING && kind != LUA_TNUMBER) {
                char argName[96];
                std::snprintf(argName, sizeof argName, "values.%.64s", lua_tostring(L, -2));
                raiseBadArgument(L, -1, "line", argName, "a string or a number");
            }
            if (kind == LUA_TSTRING) textChecked(L, -1, "line", "a value");
            lua_pop(L, 1);
        }
    }
    lua_createtable(L, 0, 2);
    lua_pushvalue(L, 1);
    lua_setfield(L, -2, "template");
    if (lua_type(L, 2) == LUA_TTABLE) {  // a copy: later changes to the script's table do not change the line
        lua_newtable(L);
        lua_pushnil(L);
        while (lua_next(L, 2)) {
            lua_pushvalue(L, -2);
            lua_insert(L, -2);
            lua_rawset(L, -4);
        }
        lua_setfield(L, -2, "values");
    }
    lua_pushlightuserdata(L, const_cast<char*>(&kLineTemplateKey));
    lua_rawget(L, LUA_REGISTRYINDEX);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushliteral(L, "line");
        lua_setfield(L, -2, "__metatable");  // getmetatable(l) says what it is and cannot change it
        lua_pushlightuserdata(L, const_cast<char*>(&kLineTemplateKey));
        lua_pushvalue(L, -2);
        lua_rawset(L, LUA_REGISTRYINDEX);
    }
    lua_setmetatable(L, -2);
    return 1;
}

double checkNumber(lua_State* L, int index, const char* fname, const char* argName) {
    if (lua_type(L, index) != LUA_TNUMBER || !std::isfinite(lua_tonumber(L, index)))
        raiseBadArgument(L, index, fname, argName, "a finite number");
    return lua_tonumber(L, index);
}

double optSeconds(lua_State* L, int index, const char* fname, const char* argName, double fallback) {
    if (lua_isnoneornil(L, index)) return fallback;
    double seconds = checkNumber(L, index, fname, argName);
    if (seconds < 0 || seconds > kMaxSeconds)
        raiseBadArgument(L, index, fname, argName, "a number of seconds from 0 to 1000000");
    return seconds;
}

double optNumber(lua_State* L, int index, const char* fname, const char* argName, double fallback) {
    if (lua_isnoneornil(L, index)) return fallback;
    return checkNumber(L, index, fname, argName);
}

namespace {

// "Did you mean" has one home, the scheduler's closestName (WaitSupport.lua),
// which the scheduler's own messages and --check use too: the bindings ask it.
std::string closestMatch(lua_State* L, const std::string& name, const std::vector<std::string>& choices) {
    int top = lua_gettop(L);
    lua_getfield(L, LUA_REGISTRYINDEX, contract::kScheduler);
    if (lua_istable(L, -1)) lua_getfield(L, -1, "closestName");
    std::string best;
    if (lua_isfunction(L, -1)) {
        lua_pushlstring(L, name.data(), name.size());
        lua_createtable(L, static_cast<int>(choices.size()), 0);
        for (std::size_t i = 0; i < choices.size(); ++i) {
            lua_pushlstring(L, choices[i].data(), choices[i].size());
            lua_rawseti(L, -2, static_cast<int>(i + 1));
        }
        if (lua_pcall(L, 2, 1, 0) == 0 && lua_type(L, -1) == LUA_TSTRING) best = lua_tostring(L, -1);
    }
    lua_settop(L, top);
    return best;
}

}  // namespace

std::string closestName(lua_State* L, const std::string& name, const std::vector<std::string>& choices) {
    return closestMatch(L, name, choices);
}

std::string withTagGuess(lua_State* L, const std::string& markupError) {
    for (const char* opening : {"unknown tag {", "unknown closing tag {/"}) {
        std::size_t at = markupError.find(opening);
        if (at == std::string::npos) continue;
        std::size_t start = at + std::strlen(opening), close = markupError.find('}', start);
        if (close == std::string::npos) return markupError;
        std::string name = markupError.substr(start, markupError.find_first_of("=}", start) - start);
        // The tags' names, read from the markup's own list ("{w} {w=SECONDS} {speed=FACTOR}...{/speed}").
        std::vector<std::string> tags;
        std::string_view known = text::knownTagsText();
        for (std::size_t i = known.find('{'); i != std::string_view::npos; i = known.find('{', i + 1)) {
            std::size_t end = known.find_first_of("=}", i + 1);
            std::string tag(known.substr(i + 1, end - i - 1));
            if (!tag.empty() && std::isalpha(static_cast<unsigned char>(tag[0])) &&
                std::find(tags.begin(), tags.end(), tag) == tags.end())
                tags.push_back(tag);
        }
        std::string guess = closestMatch(L, name, tags);
        if (guess.empty()) return markupError;
        std::string slash = opening[std::strlen(opening) - 1] == '/' ? "/" : "";
        return markupError.substr(0, close + 1) + " (did you mean {" + slash + guess + "}?)" +
               markupError.substr(close + 1);
    }
    return markupError;
}

void pushUnknownNameError(lua_State* L, const char* fname, const char* what, const std::string& name,
                          const std::vector<std::string>& known, const std::string& advice) {
    std::string message = std::string(fname) + ": unknown " + what + " '" + name + "'";
    std::string guess = closestMatch(L, name, known);
    if (!guess.empty()) {
        message += " (did you mean '" + guess + "'?)";
    } else if (!known.empty()) {
        message += " (known: ";
        for (std::size_t i = 0; i < known.size() && i < 12; ++i) message += (i ? ", " : "") + known[i];
        message += known.size() > 12 ? ", ...)" : ")";
    }
    if (!advice.empty()) message += "; " + advice;
    pushError(L, message);
}

}  // namespace stagehand::bind
