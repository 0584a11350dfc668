// The stage API's C functions: actors, waypoints, speech, the dialogue box,
// fades, camera and controls. scripts/StageSupport.lua builds the waiting
// forms (walkToPointAndSignal, walkTo, dialogue) on top of them.
#pragma once

struct lua_State;

namespace stagehand {

class World;

// Pushes a table of the stage functions, bound to `world` (which must outlive
// the Lua state).
void openStage(lua_State* L, World& world);

}  // namespace stagehand
