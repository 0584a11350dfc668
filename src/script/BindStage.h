// The stage table of C functions StageSupport.lua builds the scene API from:
// the stage section (waypoints, speech, the dialogue box, fades, the engine's
// described commands), with the camera, story and sound sections added.
#pragma once

struct lua_State;

namespace stagehand {

class World;

// Pushes a table of the stage functions, bound to `world` (which must outlive
// the Lua state).
void openStage(lua_State* L, World& world);

}  // namespace stagehand
