// math.random and math.randomseed for scene scripts: one seeded generator per
// scene run, computed in C++ so PUC Lua and LuaJIT draw the same numbers.
#pragma once

#include <cstdint>

struct lua_State;

namespace stagehand {

// Pushes a table {random = f, randomseed = f} sharing one generator state.
void openRandom(lua_State* L, std::uint64_t seed);

}  // namespace stagehand
