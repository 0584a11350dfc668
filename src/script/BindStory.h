// The story section's engine half (scripts/ApiDescription.lua's "story"):
// portraits, sprites and expressions, pages, the picture and the backdrop,
// menus and jumps, line templates, and show()/hide()'s characters on stage.
#pragma once

struct lua_State;

namespace stagehand {

class World;

// Adds the section's functions, bound to `world` (which must outlive the Lua
// state), to the table on top of the stack.
void openStory(lua_State* L, World& world);

}  // namespace stagehand
