// A game in several files: require(NAME) loads the game's own module NAME.lua
// from the main script's folder (dots are folders: "chapters.one" is
// chapters/one.lua), runs it once in the scene's sandbox (its globals are the
// game's, so a module may define chapters and story functions) and gives
// every later require what it returned. Nothing outside that folder loads:
// no other path, no library, no C module. Which file a name is, and which
// names there are, the run's one lookup says (GameFiles::modules, read once a
// run and again on hot reload). Members of ScriptHost.
#include <algorithm>
#include <filesystem>

#include "game/World.h"
#include "platform/GameFiles.h"
#include "platform/Portable.h"
#include "script/BindHelpers.h"
#include "script/LuaState.h"
#include "script/Sandbox.h"
#include "script/ScriptContract.h"
#include "script/ScriptHost.h"

namespace stagehand {

namespace {

namespace fs = std::filesystem;

std::string moduleList(const std::vector<std::string>& names) {
    std::string text;
    for (const auto& name : names) text += (text.empty() ? "" : ", ") + name;
    return text.empty() ? "none" : text;
}

}  // namespace

std::vector<std::string> ScriptHost::moduleNames() const {
    return moduleFiles_ ? moduleFiles_->names() : std::vector<std::string>{};
}

// Puts require in the sandbox, for the script about to load (and its modules).
void ScriptHost::offerRequire() {
    lua_State* L = lua_.get();
    modules_.clear();
    loading_.clear();
    if (loadedRef_ != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, loadedRef_);
    lua_newtable(L);
    loadedRef_ = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_rawgeti(L, LUA_REGISTRYINDEX, envRef_);
    lua_pushliteral(L, "require");
    lua_pushlightuserdata(L, this);
    lua_pushcclosure(L, l_require, 1);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, apiNamesRef_);  // an engine function, not one of the script's scenes
    lua_pushboolean(L, 1);
    lua_setfield(L, -2, "require");
    lua_pop(L, 1);
}

int ScriptHost::l_require(lua_State* L) {
    auto* host = static_cast<ScriptHost*>(lua_touserdata(L, lua_upvalueindex(1)));
    host->world_.countHostCall();
    if (!host->requireModule(L)) return lua_error(L);  // no C++ object is alive in this frame
    return 1;
}

// Leaves what module argument 1 returned on the stack's top, or the error to raise.
bool ScriptHost::requireModule(lua_State* L) {
    if (lua_type(L, 1) != LUA_TSTRING) {
        bind::pushError(L, std::string("require: name must be a module's name, like \"people\" or \"chapters.one\". "
                                       "Was ") +
                               bind::describeValue(L, 1));
        return false;
    }
    const std::string name = lua_tostring(L, 1);
    lua_settop(L, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, loadedRef_);  // 2
    lua_getfield(L, 2, name.c_str());
    if (!lua_isnil(L, -1)) return true;  // loaded before: what it returned then
    lua_pop(L, 1);
    if (!isModuleName(name)) {
        bind::pushError(L, "require: '" + name +
                               "' is not a module's name: a file of the game's folder named without .lua, dots for "
                               "its folders (\"people\" is people.lua, \"chapters.one\" is chapters/one.lua)");
        return false;
    }
    if (std::find(loading_.begin(), loading_.end(), name) != loading_.end()) {
        std::string chain;
        for (const auto& loading : loading_) chain += loading + " -> ";
        bind::pushError(L, "require: '" + name + "' requires itself (" + chain + name +
                               "): move what both need into a third module");
        return false;
    }
    std::string relative = name;
    std::replace(relative.begin(), relative.end(), '.', '/');
    const std::string path = joinPath(moduleFolder_, relative + ".lua");
    std::string source, error;
    std::error_code ec;
    if (fs::equivalent(pathFromUtf8(path), pathFromUtf8(scriptPath_), ec)) {
        bind::pushError(L, "require: '" + name + "' is the game's main script, which is loaded already, not a module");
        return false;
    }
    const fs::path* file = moduleFiles_ ? moduleFiles_->find(name) : nullptr;
    if (!file || !readFile(utf8Path(*file), source, error)) {
        const auto known = moduleNames();
        const std::string guess = bind::closestName(L, name, known);
        bind::pushError(L, "require: no module '" + name + "' in " +
                               shownPath(moduleFolder_.empty() ? "." : moduleFolder_) + " (" + relative + ".lua)" +
                               (guess.empty() ? "" : " (did you mean '" + guess + "'?)") +
                               "; its modules: " + moduleList(known));
        return false;
    }
    Module module{name, path, relative + ".lua", chunkLabel(path), shownPath(path)};
    lua_rawgeti(L, LUA_REGISTRYINDEX, envRef_);  // 3
    if (loadSandboxedChunk(L, source.data(), source.size(), module.label.c_str(), 3) != 0)
        return false;  // its syntax error, at its own file and line
    module.factsRef = readFacts(source, error);
    modules_.push_back(module);
    loading_.push_back(name);
    lua_pushstring(L, name.c_str());
    const int status = lua_pcall(L, 1, 1, 0);
    loading_.pop_back();
    if (status != 0) return false;  // its error, where it happened
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        lua_pushboolean(L, 1);
    }
    lua_pushvalue(L, -1);
    lua_setfield(L, 2, name.c_str());
    return true;
}

// The scheduler's never-sent report counts the signals every file can send.
void ScriptHost::tellModulesSignals() {
    if (modules_.empty()) return;
    lua_State* L = lua_.get();
    lua_getfield(L, LUA_REGISTRYINDEX, contract::kSourceReader);
    lua_getfield(L, -1, "mergeSendable");
    lua_remove(L, -2);
    lua_createtable(L, static_cast<int>(modules_.size()) + 1, 1);
    int n = 0;
    for (int ref : [&] {
             std::vector<int> refs{factsRef_};
             for (const Module& module : modules_) refs.push_back(module.factsRef);
             return refs;
         }()) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
        if (lua_istable(L, -1)) {
            lua_getfield(L, -1, "sendable");
            lua_remove(L, -2);
        } else {  // a source the reader could not read: it may send anything
            lua_pop(L, 1);
            lua_pushboolean(L, 0);
        }
        lua_rawseti(L, -2, ++n);
    }
    lua_pushinteger(L, n);
    lua_setfield(L, -2, "n");
    if (!lua_.call(1, 1).ok) return;
    callModule("setSendableSignals", 1, 0);
}

}  // namespace stagehand
