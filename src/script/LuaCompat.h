// The one place that includes the Lua headers and smooths the differences
// between PUC Lua 5.1 and LuaJIT (both speak the 5.1 C API).
#pragma once

extern "C" {
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
}

namespace stagehand::lua {

// Registers the functions of `regs` into the table on top of the stack.
// luaL_register(L, NULL, regs) does this on 5.1 and LuaJIT alike.
inline void setFunctions(lua_State* L, const luaL_Reg* regs) {
    luaL_register(L, nullptr, regs);
}

inline const char* implementationName() {
#ifdef STAGEHAND_LUAJIT
    return "LuaJIT";
#else
    return "Lua 5.1";
#endif
}

}  // namespace stagehand::lua
