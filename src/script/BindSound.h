// The sound functions scenes call: music, sounds (by handle), voices and the
// typewriter's blips. scripts/StageSupport.lua wraps the handle and voice
// forms (playSound, dialogue's voice).
#pragma once

struct lua_State;

namespace stagehand {

class World;

// Adds the sound functions, bound to `world`, to the table on top of the stack.
void openSound(lua_State* L, World& world);

}  // namespace stagehand
