// What a loaded script offers the program, read from its sandbox: its scenes
// and scene functions, its story flags, and the static checks of --check.
// Members of ScriptHost; the host's core is ScriptHost.cpp.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <string_view>

#include "game/World.h"
#include "platform/Portable.h"
#include "script/BindHelpers.h"
#include "script/LuaValues.h"
#include "script/ScriptContract.h"
#include "script/ScriptHost.h"
#include "text/Markup.h"

namespace stagehand {

int ScriptHost::readFacts(const std::string& source, std::string& error) {
    lua_State* L = lua_.get();
    lua_getfield(L, LUA_REGISTRYINDEX, contract::kSourceReader);
    lua_getfield(L, -1, "read");
    lua_remove(L, -2);
    lua_pushlstring(L, source.data(), source.size());
    lua_getfield(L, LUA_REGISTRYINDEX, contract::kApiDescription);
    CallResult result = lua_.call(2, 1);
    if (!result.ok) {
        error = "cannot read the script's source: " + firstLine(result.error);
        return LUA_NOREF;
    }
    return luaL_ref(L, LUA_REGISTRYINDEX);
}

bool ScriptHost::readSource(const std::string& source, std::string& error) {
    const int facts = readFacts(source, error);
    if (facts == LUA_NOREF) return false;
    if (factsRef_ != LUA_NOREF) luaL_unref(lua_.get(), LUA_REGISTRYINDEX, factsRef_);
    factsRef_ = facts;
    return true;
}

namespace {

// Calls `function` of the table at registry key `key` with the facts' field
// `field` and `label`; writes each string of the list it returns to stderr as
// a warning.
void warnEach(LuaState& lua, int factsRef, const char* key, const char* function, const char* field,
              const std::string& label) {
    lua_State* L = lua.get();
    lua_getfield(L, LUA_REGISTRYINDEX, key);
    lua_getfield(L, -1, function);
    lua_remove(L, -2);
    lua_rawgeti(L, LUA_REGISTRYINDEX, factsRef);
    lua_getfield(L, -1, field);
    lua_remove(L, -2);
    lua_pushlstring(L, label.data(), label.size());
    if (!lua.call(2, 1).ok) return;
    for (int i = 1; i <= static_cast<int>(lua_objlen(L, -1)); ++i) {
        lua_rawgeti(L, -1, i);
        if (lua_istable(L, -1)) {  // duplicateLineIds gives { line, text }
            lua_getfield(L, -1, "text");
            lua_remove(L, -2);
        }
        if (lua_isstring(L, -1)) std::cerr << warningLine(lua_tostring(L, -1)) << '\n';
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

}  // namespace

// Literal story targets that name no function, and line IDs written twice
// (the two lines would share a translation and a "read" mark): a warning
// each on stderr at load time, from the facts the one reader gave (targets
// are errors only when chosen, as in the article; the scenes still play).
void ScriptHost::warnAboutStoryTargets(const std::string& label) {
    warnEach(lua_, factsRef_, contract::kSceneRunner, "checkStoryTargets", "targets", label);
    warnEach(lua_, factsRef_, contract::kSourceReader, "duplicateLineIds", "lines", label);
    for (const Module& module : modules_) {  // each module's own, at its own lines
        if (module.factsRef == LUA_NOREF) continue;
        warnEach(lua_, module.factsRef, contract::kSceneRunner, "checkStoryTargets", "targets", module.shown);
        warnEach(lua_, module.factsRef, contract::kSourceReader, "duplicateLineIds", "lines", module.shown);
    }
}

namespace {

std::vector<std::string> scriptFunctionNames(lua_State* L, int env, int apiNames);

}  // namespace

std::vector<std::string> ScriptHost::check() {
    lua_State* L = lua_.get();
    std::string error;
    std::string checkerPath = joinPath(dataRoot_, "scripts/CheckSupport.lua");
    // CheckSupport.lua is run with the one reader's module (for the line-ID rules).
    if (!loadHostChunk(checkerPath, error)) return {error};
    lua_getfield(L, LUA_REGISTRYINDEX, contract::kSourceReader);
    CallResult loaded = lua_.call(1, 1);
    if (!loaded.ok) return {firstLine(loaded.error)};
    const int checker = lua_gettop(L);
    // The main script's findings, then each module's, at its own file's lines.
    std::vector<std::string> findings;
    auto checkFile = [&](int factsRef, const std::string& shown) {
        lua_getfield(L, checker, "check");
        lua_rawgeti(L, LUA_REGISTRYINDEX, factsRef);
        lua_pushlstring(L, shown.data(), shown.size());  // findings are for a person
        lua_createtable(L, 0, 9);
        lua_getfield(L, LUA_REGISTRYINDEX, contract::kApiDescription);
        lua_setfield(L, -2, "api");
        pushCheckNames(L);
        CallResult result = lua_.call(3, 1);
        if (!result.ok) {
            findings.push_back(firstLine(result.error));
            return;
        }
        for (int i = 1; i <= static_cast<int>(lua_objlen(L, -1)); ++i) {
            lua_rawgeti(L, -1, i);
            if (lua_isstring(L, -1)) findings.push_back(lua_tostring(L, -1));
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    };
    checkFile(factsRef_, scriptShown_);
    for (const Module& module : modules_)
        if (module.factsRef != LUA_NOREF) checkFile(module.factsRef, module.shown);
    lua_pop(L, 1);
    return findings;
}

bool ScriptHost::writesLiteral(const std::string& text) {
    lua_State* L = lua_.get();
    int top = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, factsRef_);
    if (lua_istable(L, -1)) lua_getfield(L, -1, "literals");
    if (lua_istable(L, -1)) {
        lua_pushlstring(L, text.data(), text.size());
        lua_rawget(L, -2);
    }
    bool written = lua_gettop(L) == top + 3 && lua_toboolean(L, -1) != 0;
    lua_settop(L, top);
    return written;
}

bool ScriptHost::writtenLines(std::vector<WrittenLine>& out, std::string& error) {
    appendWrittenLines(factsRef_, scriptShown_, "", out, error);
    for (const Module& module : modules_)
        if (module.factsRef != LUA_NOREF) appendWrittenLines(module.factsRef, module.shown, module.file, out, error);
    return error.empty();
}

// The lines of one file's facts, each marked with `file` ("" for the main
// script); explicit IDs it uses twice are added to `error`, named by `shown`.
void ScriptHost::appendWrittenLines(int factsRef, const std::string& shown, const std::string& file,
                                    std::vector<WrittenLine>& out, std::string& error) {
    lua_State* L = lua_.get();
    int top = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, factsRef);
    lua_getfield(L, -1, "lines");
    int list = lua_gettop(L);
    // The explicit IDs used twice: a table cannot hold both lines.
    lua_getfield(L, LUA_REGISTRYINDEX, contract::kSourceReader);
    lua_getfield(L, -1, "duplicateLineIds");
    lua_remove(L, -2);
    lua_pushvalue(L, list);
    lua_pushlstring(L, shown.data(), shown.size());
    CallResult duplicates = lua_.call(2, 1);
    if (duplicates.ok) {
        for (int i = 1; i <= static_cast<int>(lua_objlen(L, -1)); ++i) {
            lua_rawgeti(L, -1, i);
            lua_getfield(L, -1, "text");
            if (lua_isstring(L, -1)) error += (error.empty() ? "" : "\n") + std::string(lua_tostring(L, -1));
            lua_pop(L, 2);
        }
    }
    auto field = [&](const char* name) {
        lua_getfield(L, -1, name);
        std::size_t length = 0;
        const char* bytes = lua_isstring(L, -1) ? lua_tolstring(L, -1, &length) : nullptr;
        std::string value = bytes ? std::string(bytes, length) : std::string();
        lua_pop(L, 1);
        return value;
    };
    for (int i = 1; i <= static_cast<int>(lua_objlen(L, list)); ++i) {
        lua_rawgeti(L, list, i);
        WrittenLine line;
        lua_getfield(L, -1, "line");
        line.line = static_cast<long>(lua_tonumber(L, -1));
        lua_pop(L, 1);
        line.text = field("text");
        line.call = field("call");
        line.shownBy = field("shownBy");
        line.speaker = field("speaker");
        line.owner = field("owner");
        line.top = field("top");
        line.markup = field("markup");
        line.file = file;
        out.push_back(std::move(line));
        lua_pop(L, 1);
    }
    lua_settop(L, top);
}

// Fills the table on top of the stack with what --check needs to know the
// script can name: its globals and own functions, its scenes, the actors,
// waypoints, images and sounds, and the scheduler's closestName.
// markupError(text, "typed"|"shown") -> what is wrong with its markup, or nil.
static int l_markupError(lua_State* L) {
    std::size_t length = 0;
    const char* bytes = luaL_checklstring(L, 1, &length);
    bool shown = std::string_view(luaL_checkstring(L, 2)) == "shown";
    bool ok = false;
    {
        std::string error;
        ok = text::parseMarkup(std::string_view(bytes, length),
                               shown ? text::MarkupPlace::Shown : text::MarkupPlace::Typed, error) != nullptr;
        if (!ok) lua_pushstring(L, bind::withTagGuess(L, error).c_str());
    }
    if (ok) lua_pushnil(L);
    return 1;
}

void ScriptHost::pushCheckNames(lua_State* L) {
    std::vector<std::string> globals, actors, scenesList, waypoints = world_.cast().waypointNames();
    lua_rawgeti(L, LUA_REGISTRYINDEX, envRef_);
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        if (lua_type(L, -2) == LUA_TSTRING) globals.push_back(lua_tostring(L, -2));
        lua_pop(L, 1);
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, apiNamesRef_);
    std::vector<std::string> functions = scriptFunctionNames(L, lua_gettop(L) - 1, lua_gettop(L));
    lua_pop(L, 2);
    for (const auto& actor : world_.cast().actors()) actors.push_back(actor.id);
    for (const auto& scene : scenes()) scenesList.push_back(scene.name);
    std::sort(globals.begin(), globals.end());
    const ClipLibrary* clips = world_.soundtrack().clips();
    const std::vector<std::string> sounds = clips ? clips->names() : std::vector<std::string>{};
    lua_rawgeti(L, LUA_REGISTRYINDEX, moduleRef_);
    lua_getfield(L, -1, "closestName");
    lua_remove(L, -2);
    lua_setfield(L, -2, "closest");
    lua_pushcfunction(L, l_markupError);
    lua_setfield(L, -2, "markupError");
    const std::vector<std::string> modules = moduleNames();
    const std::pair<const char*, const std::vector<std::string>*> lists[] = {
        {"globals", &globals}, {"functions", &functions}, {"scenes", &scenesList},
        {"actors", &actors},   {"waypoints", &waypoints}, {"images", &world_.scenery().imageNames()},
        {"sounds", &sounds},   {"modules", &modules},
    };
    for (const auto& [key, list] : lists) {
        pushStrings(L, *list);
        lua_setfield(L, -2, key);
    }
}

std::vector<std::string> ScriptHost::sceneFunctions() {
    lua_State* L = lua_.get();
    std::vector<std::string> names;
    lua_rawgeti(L, LUA_REGISTRYINDEX, apiNamesRef_);
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        lua_pop(L, 1);
        if (lua_type(L, -1) != LUA_TSTRING) continue;
        std::string name = lua_tostring(L, -1);
        lua_rawgeti(L, LUA_REGISTRYINDEX, envRef_);
        rawGetField(L, -1, name.c_str());
        if (lua_type(L, -1) == LUA_TFUNCTION) names.push_back(name);
        lua_pop(L, 2);
    }
    lua_pop(L, 1);
    std::sort(names.begin(), names.end());
    return names;
}

namespace {

const char* const kSceneListForm = "SCENES lists scene function names in order, like SCENES = {\"intro\", \"ending\"}";

// The script's own global functions (not the API's), for "did you mean".
std::vector<std::string> scriptFunctionNames(lua_State* L, int env, int apiNames) {
    std::vector<std::string> names;
    lua_pushnil(L);
    while (lua_next(L, env)) {
        bool isFunction = lua_type(L, -1) == LUA_TFUNCTION && lua_type(L, -2) == LUA_TSTRING;
        lua_pop(L, 1);
        if (!isFunction) continue;
        lua_pushvalue(L, -1);
        lua_rawget(L, apiNames);
        if (!lua_toboolean(L, -1)) names.push_back(lua_tostring(L, -2));
        lua_pop(L, 1);
    }
    std::sort(names.begin(), names.end());
    return names;
}

}  // namespace

std::string ScriptHost::sceneListProblem() {
    lua_State* L = lua_.get();
    int top = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, envRef_);
    int env = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, apiNamesRef_);
    int apiNames = lua_gettop(L);
    rawGetField(L, env, "SCENES");
    int list = lua_gettop(L);
    std::string problem;
    if (lua_isnil(L, list)) {
        // no list: every global function is a scene
    } else if (!lua_istable(L, list)) {
        problem = std::string("SCENES is a ") + luaL_typename(L, list) + ", not a list. " + kSceneListForm;
    } else {
        int count = static_cast<int>(lua_objlen(L, list));
        lua_pushnil(L);
        while (problem.empty() && lua_next(L, list)) {
            lua_pop(L, 1);
            bool position = lua_type(L, -1) == LUA_TNUMBER && lua_tonumber(L, -1) >= 1 &&
                            lua_tonumber(L, -1) <= count &&
                            lua_tonumber(L, -1) == static_cast<int>(lua_tonumber(L, -1));
            if (!position) {
                lua_pushvalue(L, -1);
                const char* key = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : luaL_typename(L, -1);
                problem = std::string("SCENES has a key '") + key + "' besides its list. " + kSceneListForm;
                lua_pop(L, 1);
            }
        }
        if (problem.empty() && count == 0) problem = std::string("SCENES is empty. ") + kSceneListForm;
        std::vector<std::string> functions = scriptFunctionNames(L, env, apiNames);
        for (int i = 1; problem.empty() && i <= count; ++i) {
            lua_rawgeti(L, list, i);
            std::string entry = "SCENES[" + std::to_string(i) + "]";
            std::string name;
            if (lua_type(L, -1) == LUA_TSTRING) {
                name = lua_tostring(L, -1);
            } else if (lua_istable(L, -1)) {
                name = fieldString(L, lua_gettop(L), "name");
                if (name.empty())
                    problem = entry + " is a table without a name (write {name = \"intro\", title = ...})";
            } else {
                problem = entry + " is a " + luaL_typename(L, -1) +
                          ", not a scene name (or a {name = ..., title = ...} " + "table). " + kSceneListForm;
            }
            lua_pop(L, 1);
            if (!problem.empty() || std::find(functions.begin(), functions.end(), name) != functions.end()) continue;
            bind::pushUnknownNameError(L, entry.c_str(), "scene function", name, functions);
            problem = lua_tostring(L, -1);
            lua_pop(L, 1);
        }
    }
    lua_settop(L, top);
    return problem;
}

bool ScriptHost::hasSceneList() {
    lua_State* L = lua_.get();
    lua_rawgeti(L, LUA_REGISTRYINDEX, envRef_);
    rawGetField(L, -1, "SCENES");
    bool found = lua_istable(L, -1);
    lua_pop(L, 2);
    return found;
}

std::vector<SceneInfo> ScriptHost::scenes() {
    lua_State* L = lua_.get();
    std::vector<SceneInfo> list;
    lua_rawgeti(L, LUA_REGISTRYINDEX, envRef_);
    rawGetField(L, -1, "SCENES");
    if (lua_istable(L, -1)) {
        for (int i = 1;; ++i) {
            lua_rawgeti(L, -1, i);
            if (lua_isnil(L, -1)) {
                lua_pop(L, 1);
                break;
            }
            if (lua_type(L, -1) == LUA_TSTRING) {
                list.push_back({lua_tostring(L, -1), ""});
            } else if (lua_istable(L, -1)) {
                list.push_back({fieldString(L, lua_gettop(L), "name"), fieldString(L, lua_gettop(L), "title")});
            }
            lua_pop(L, 1);
        }
    } else {
        lua_rawgeti(L, LUA_REGISTRYINDEX, apiNamesRef_);
        lua_pushnil(L);
        while (lua_next(L, -4)) {
            bool isFunction = lua_type(L, -1) == LUA_TFUNCTION && lua_type(L, -2) == LUA_TSTRING;
            lua_pop(L, 1);
            if (!isFunction) continue;
            lua_pushvalue(L, -1);
            lua_rawget(L, -3);
            bool isApi = lua_toboolean(L, -1);
            lua_pop(L, 1);
            if (!isApi) list.push_back({lua_tostring(L, -1), ""});
        }
        lua_pop(L, 1);
        std::sort(list.begin(), list.end(), [](const SceneInfo& a, const SceneInfo& b) { return a.name < b.name; });
    }
    lua_pop(L, 2);
    return list;
}

bool ScriptHost::hasFunction(const std::string& name) {
    lua_State* L = lua_.get();
    lua_rawgeti(L, LUA_REGISTRYINDEX, envRef_);
    rawGetField(L, -1, name.c_str());
    bool found = lua_type(L, -1) == LUA_TFUNCTION;
    lua_pop(L, 2);
    return found;
}

std::map<std::string, ScriptValue> ScriptHost::plainValuesOf(const char* table) {
    lua_State* L = lua_.get();
    std::map<std::string, ScriptValue> out;
    lua_rawgeti(L, LUA_REGISTRYINDEX, envRef_);
    rawGetField(L, -1, table);
    if (lua_istable(L, -1)) {
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            int type = lua_type(L, -1);
            bool plain = type == LUA_TBOOLEAN || type == LUA_TNUMBER || type == LUA_TSTRING;
            if (lua_type(L, -2) == LUA_TSTRING && plain) out[lua_tostring(L, -2)] = toScriptValue(L, -1);
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 2);
    return out;
}

void ScriptHost::setPlainValues(const char* table, const std::map<std::string, ScriptValue>& values) {
    lua_State* L = lua_.get();
    lua_rawgeti(L, LUA_REGISTRYINDEX, envRef_);
    rawGetField(L, -1, table);
    if (lua_istable(L, -1)) {
        for (const auto& [key, value] : values) {
            lua_pushlstring(L, key.data(), key.size());
            pushScriptValue(L, value);
            lua_rawset(L, -3);
        }
    }
    lua_pop(L, 2);
}

}  // namespace stagehand
