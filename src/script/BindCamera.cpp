#include "script/BindCamera.h"

#include <algorithm>
#include <cstdio>

#include "script/BindHelpers.h"
#include "script/BindWorld.h"
#include "script/LuaCompat.h"

namespace stagehand {

namespace {

using bind::checkNumber;
using bind::checkString;
using bind::findActorArg;
using bind::Point;
using bind::readPoint;
using bind::worldOf;

constexpr double kMaxDeadZone = 360;  // half the view's height

// followCamera(actor [, deadZone]) or followCamera(nil).
int l_followCamera(lua_State* L) {
    if (lua_isnoneornil(L, 1)) {
        worldOf(L).camera().follow("", 0);
        return 0;
    }
    Actor* actor = findActorArg(L, 1, "followCamera");
    if (!actor) return lua_error(L);
    double deadZone = bind::optNumber(L, 2, "followCamera", "deadZone", 80);
    if (deadZone < 0 || deadZone > kMaxDeadZone) {
        // the words --check uses for ApiDescription.lua's range; a plain buffer: raising skips destructors
        char message[96];
        std::snprintf(message, sizeof message, "deadZone must be a number from 0 to %g. Was %.14g", kMaxDeadZone,
                      deadZone);
        bind::raise(L, "followCamera", message);
    }
    worldOf(L).camera().follow(actor->id, static_cast<float>(deadZone));
    return 0;
}

// The stage library's own (tweens, camera moves, shakes): internal names.
// cameraState() -> x, y, zoom, followed actor or nil.
int l_cameraState(lua_State* L) {
    const Camera& camera = worldOf(L).camera();
    lua_pushnumber(L, camera.center().x);
    lua_pushnumber(L, camera.center().y);
    lua_pushnumber(L, camera.zoom());
    if (camera.following().empty())
        lua_pushnil(L);
    else
        lua_pushstring(L, camera.following().c_str());
    return 4;
}

int l_setCameraStep(lua_State* L) {
    Camera& camera = worldOf(L).camera();
    if (!lua_isnil(L, 1))
        camera.setCenter({static_cast<float>(lua_tonumber(L, 1)), static_cast<float>(lua_tonumber(L, 2))});
    if (!lua_isnoneornil(L, 3)) camera.setZoom(static_cast<float>(lua_tonumber(L, 3)));
    return 0;
}

int l_setCameraShake(lua_State* L) {
    worldOf(L).camera().setShakeOffset(
        {static_cast<float>(lua_tonumber(L, 1)), static_cast<float>(lua_tonumber(L, 2))});
    return 0;
}

// The map a waypoint name belongs to becomes the camera's place.
int l_setCameraPlaceOf(lua_State* L) {
    Point point;
    point.name = lua_tostring(L, 1);
    if (point.name) setPlaceOf(worldOf(L), point);
    return 0;
}

// point(p) -> x, y: a waypoint name or a point table, checked as `fname` would.
int l_pointOf(lua_State* L) {
    Point point;
    if (!readPoint(L, 1, luaL_optstring(L, 2, "point"), point)) return lua_error(L);
    lua_pushnumber(L, point.position.x);
    lua_pushnumber(L, point.position.y);
    return 2;
}

int l_isActor(lua_State* L) {
    lua_pushboolean(L, lua_type(L, 1) == LUA_TSTRING && worldOf(L).cast().findActor(lua_tostring(L, 1)) != nullptr);
    return 1;
}

int l_fadeLevel(lua_State* L) {
    lua_pushnumber(L, worldOf(L).scenery().fadeOverlayAlpha());
    return 1;
}

int l_setFadeLevel(lua_State* L) {
    worldOf(L).scenery().setFadeLevel(static_cast<float>(lua_tonumber(L, 1)));
    return 0;
}

int l_pictureOpacity(lua_State* L) {
    lua_pushnumber(L, worldOf(L).scenery().imageOpacity());
    return 1;
}

int l_setPictureOpacity(lua_State* L) {
    worldOf(L).scenery().setImageOpacity(static_cast<float>(lua_tonumber(L, 1)));
    return 0;
}

int l_setActorStep(lua_State* L) {
    Actor* actor = worldOf(L).cast().findActor(luaL_checkstring(L, 1));
    if (actor)
        worldOf(L).cast().setPosition(*actor,
                                      {static_cast<float>(lua_tonumber(L, 2)), static_cast<float>(lua_tonumber(L, 3))});
    return 0;
}

const luaL_Reg kCameraFunctions[] = {
    {"followCamera", l_followCamera},
    {"cameraState", l_cameraState},
    {"setCameraStep", l_setCameraStep},
    {"setCameraShake", l_setCameraShake},
    {"setCameraPlaceOf", l_setCameraPlaceOf},
    {"pointOf", l_pointOf},
    {"isActor", l_isActor},
    {"fadeLevel", l_fadeLevel},
    {"setFadeLevel", l_setFadeLevel},
    {"pictureOpacity", l_pictureOpacity},
    {"setPictureOpacity", l_setPictureOpacity},
    {"setActorStep", l_setActorStep},
    {nullptr, nullptr},
};

}  // namespace

void openCamera(lua_State* L, World& world) {
    lua_pushlightuserdata(L, &world);
    luaL_openlib(L, nullptr, kCameraFunctions, 1);
}

}  // namespace stagehand
