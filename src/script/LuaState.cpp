#include "script/LuaState.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "script/LuaCompat.h"

namespace stagehand {

namespace {

// Message handler: turns an error into "message\nstack traceback:..." while
// the failing stack is still there to walk.
int tracebackHandler(lua_State* L) {
    if (!lua_isstring(L, 1)) {
        // A non-string error object: describe it rather than lose it.
        lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
        lua_replace(L, 1);
    }
    lua_getfield(L, LUA_GLOBALSINDEX, "debug");
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return 1;
    }
    lua_getfield(L, -1, "traceback");
    lua_pushvalue(L, 1);
    lua_pushinteger(L, 2);  // skip this handler
    lua_call(L, 2, 1);      // debug.traceback cannot fail on a string
    return 1;
}

}  // namespace

LuaState::LuaState() : L_(luaL_newstate()) {
    if (!L_) throw std::runtime_error("cannot create a Lua state (out of memory)");
    luaL_openlibs(L_);
}

LuaState::~LuaState() {
    lua_close(L_);
}

CallResult LuaState::call(int nargs, int nresults) {
    // Put the handler below the function so lua_pcall can find it by index.
    int base = lua_gettop(L_) - nargs;
    lua_pushcfunction(L_, tracebackHandler);
    lua_insert(L_, base);
    int status = lua_pcall(L_, nargs, nresults, base);
    lua_remove(L_, base);
    if (status == 0) return {};
    CallResult result{false, lua_tostring(L_, -1) ? lua_tostring(L_, -1) : "(unknown error)"};
    lua_pop(L_, 1);
    return result;
}

bool readFile(const std::string& path, std::string& contents, std::string& error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = "cannot open " + path + ": " + std::strerror(errno);
        return false;
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    contents = buffer.str();
    return true;
}

}  // namespace stagehand
