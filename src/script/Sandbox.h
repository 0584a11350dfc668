// The environment scene scripts run in (seed 001's function environments): a
// whitelist of safe standard functions, the scheduler API and the stage API.
// No io, os, debug, load/loadstring/dofile/require, string.dump or bytecode.
#pragma once

#include <cstddef>
#include <cstdint>

struct lua_State;

namespace stagehand {

// Pushes a new environment table. `schedulerIndex` is the WaitSupport module
// table, `stageIndex` the stage API table (absolute stack indices).
void pushSandbox(lua_State* L, int schedulerIndex, int stageIndex, std::uint64_t seed);

// Removes from the whole state what no script should reach even through
// metatables: string.dump, and the string metatable itself; bounds string.rep
// and the pattern functions (find, match, gmatch, gfind, gsub), whose work in
// C no hook can interrupt, for every caller.
void hardenState(lua_State* L);

// Loads source text as a chunk named `label` (never bytecode) with environment
// at `envIndex`, leaving the function on the stack. Returns 0 or a lua_load
// error code with the message on the stack.
int loadSandboxedChunk(lua_State* L, const char* source, std::size_t size, const char* label, int envIndex);

}  // namespace stagehand
