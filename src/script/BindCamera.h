// The camera section's engine half (scripts/ApiDescription.lua's "camera"):
// following, the camera's state for the moves, zooms and shakes of
// scripts/StageSupport.lua, and what a tween sets (the fade's level, the
// picture's opacity, an actor's place).
#pragma once

struct lua_State;

namespace stagehand {

class World;

// Adds the section's functions, bound to `world` (which must outlive the Lua
// state), to the table on top of the stack.
void openCamera(lua_State* L, World& world);

}  // namespace stagehand
