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

// Literal story targets that name no function, and line IDs written twice: a
// warning each on stderr at load time (targets are errors only when chosen,
// as in the article).
void ScriptHost::warnAboutStoryTargets(const std::string& source, const std::string& label) {
    lua_State* L = lua_.get();
    lua_getfield(L, LUA_REGISTRYINDEX, contract::kSceneRunner);
    lua_getfield(L, -1, "checkStoryTargets");
    lua_remove(L, -2);
    lua_pushlstring(L, source.data(), source.size());
    lua_pushlstring(L, label.data(), label.size());
    if (!lua_.call(2, 1).ok) return;
    for (int i = 1; i <= static_cast<int>(lua_objlen(L, -1)); ++i) {
        lua_rawgeti(L, -1, i);
        if (lua_isstring(L, -1)) std::cerr << "stagehand: warning: " << lua_tostring(L, -1) << '\n';
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    // A line ID written twice: the two lines would share a translation and a
    // "read" mark. One warning each, naming both lines; the scenes still play.
    lua_getfield(L, LUA_REGISTRYINDEX, contract::kSceneRunner);
    lua_getfield(L, -1, "checkLineIds");
    lua_remove(L, -2);
    lua_pushlstring(L, source.data(), source.size());
    lua_pushlstring(L, label.data(), label.size());
    if (!lua_.call(2, 1).ok) return;
    for (int i = 1; i <= static_cast<int>(lua_objlen(L, -1)); ++i) {
        lua_rawgeti(L, -1, i);
        if (lua_isstring(L, -1)) std::cerr << "stagehand: warning: " << lua_tostring(L, -1) << '\n';
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

namespace {

// Runs the host's Lua file `relative` (under the data root) and leaves what it
// returns on the stack; false with `error` set when it cannot.
bool runHostFile(LuaState& lua, const std::string& path, const std::string& label, std::string& error) {
    lua_State* L = lua.get();
    std::string text;
    if (!readFile(path, text, error)) return false;
    if (luaL_loadbuffer(L, text.data(), text.size(), label.c_str()) != 0) {
        error = lua_tostring(L, -1);
        lua_pop(L, 1);
        return false;
    }
    CallResult result = lua.call(0, 1);
    if (!result.ok) error = firstLine(result.error);
    return result.ok;
}

std::vector<std::string> scriptFunctionNames(lua_State* L, int env, int apiNames);

}  // namespace

std::vector<std::string> ScriptHost::check(const std::string& path) {
    lua_State* L = lua_.get();
    std::string source, error;
    if (!readFile(path, source, error)) return {error};
    std::string checkerPath = joinPath(dataRoot_, "scripts/CheckSupport.lua");
    std::string apiPath = joinPath(dataRoot_, "scripts/ApiDescription.lua");
    if (!runHostFile(lua_, checkerPath, "@" + chunkLabel(checkerPath), error)) return {error};
    lua_getfield(L, -1, "check");
    lua_remove(L, -2);
    lua_pushlstring(L, source.data(), source.size());
    std::string label = chunkLabel(path);
    lua_pushlstring(L, label.data(), label.size());
    lua_createtable(L, 0, 9);
    if (!runHostFile(lua_, apiPath, "@" + chunkLabel(apiPath), error)) {
        lua_pop(L, 4);
        return {error};
    }
    lua_setfield(L, -2, "api");
    pushCheckNames(L);
    CallResult result = lua_.call(3, 1);
    if (!result.ok) return {firstLine(result.error)};
    std::vector<std::string> findings;
    for (int i = 1; i <= static_cast<int>(lua_objlen(L, -1)); ++i) {
        lua_rawgeti(L, -1, i);
        if (lua_isstring(L, -1)) findings.push_back(lua_tostring(L, -1));
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return findings;
}

bool ScriptHost::writtenLines(const std::string& path, std::vector<WrittenLine>& out, std::string& error) {
    lua_State* L = lua_.get();
    std::string source;
    if (!readFile(path, source, error)) return false;
    std::string checkerPath = joinPath(dataRoot_, "scripts/CheckSupport.lua");
    std::string apiPath = joinPath(dataRoot_, "scripts/ApiDescription.lua");
    if (!runHostFile(lua_, checkerPath, "@" + chunkLabel(checkerPath), error)) return false;
    int checker = lua_gettop(L);
    if (!runHostFile(lua_, apiPath, "@" + chunkLabel(apiPath), error)) {
        lua_settop(L, checker - 1);
        return false;
    }
    int api = lua_gettop(L);
    // The explicit IDs used twice: a table cannot hold both lines.
    lua_getfield(L, checker, "playerLines");
    lua_pushlstring(L, source.data(), source.size());
    lua_pushvalue(L, api);
    CallResult lines = lua_.call(2, 1);
    if (!lines.ok) {
        error = firstLine(lines.error);
        lua_settop(L, checker - 1);
        return false;
    }
    int list = lua_gettop(L);
    lua_getfield(L, checker, "duplicateLineIds");
    lua_pushvalue(L, list);
    std::string label = chunkLabel(path);
    lua_pushlstring(L, label.data(), label.size());
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
    for (int i = 1; error.empty() && i <= static_cast<int>(lua_objlen(L, list)); ++i) {
        lua_rawgeti(L, list, i);
        WrittenLine line;
        lua_getfield(L, -1, "line");
        line.line = static_cast<long>(lua_tonumber(L, -1));
        lua_pop(L, 1);
        line.text = field("text");
        line.call = field("call");
        line.speaker = field("speaker");
        line.owner = field("owner");
        out.push_back(std::move(line));
        lua_pop(L, 1);
    }
    lua_settop(L, checker - 1);
    return error.empty();
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
    const std::pair<const char*, const std::vector<std::string>*> lists[] = {
        {"globals", &globals}, {"functions", &functions}, {"scenes", &scenesList},
        {"actors", &actors},   {"waypoints", &waypoints}, {"images", &world_.effects().imageNames()},
        {"sounds", &sounds},
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

std::map<std::string, ScriptValue> ScriptHost::flags() {
    lua_State* L = lua_.get();
    std::map<std::string, ScriptValue> out;
    lua_rawgeti(L, LUA_REGISTRYINDEX, envRef_);
    rawGetField(L, -1, "flags");
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

void ScriptHost::setFlags(const std::map<std::string, ScriptValue>& flags) {
    lua_State* L = lua_.get();
    lua_rawgeti(L, LUA_REGISTRYINDEX, envRef_);
    rawGetField(L, -1, "flags");
    if (lua_istable(L, -1)) {
        for (const auto& [key, value] : flags) {
            lua_pushlstring(L, key.data(), key.size());
            pushScriptValue(L, value);
            lua_rawset(L, -3);
        }
    }
    lua_pop(L, 2);
}

}  // namespace stagehand
