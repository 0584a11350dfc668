#include "script/BindRandom.h"

#include <cmath>

#include "script/BindHelpers.h"
#include "script/LuaCompat.h"

namespace stagehand {

namespace {

// splitmix64: tiny, fast, and the same on every platform.
struct RandomState {
    std::uint64_t state;

    std::uint64_t nextBits() {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    double nextUnit() { return static_cast<double>(nextBits() >> 11) * (1.0 / 9007199254740992.0); }
};

RandomState& stateOf(lua_State* L) {
    return *static_cast<RandomState*>(lua_touserdata(L, lua_upvalueindex(1)));
}

// Same contract as Lua 5.1's math.random: no argument gives [0,1), one gives
// an integer in [1,m], two give an integer in [m,n].
int l_random(lua_State* L) {
    double r = stateOf(L).nextUnit();
    switch (lua_gettop(L)) {
        case 0: lua_pushnumber(L, r); return 1;
        case 1: {
            double m = std::floor(bind::checkNumber(L, 1, "math.random", "m"));
            if (m < 1) bind::raise(L, "math.random", "interval is empty");
            lua_pushnumber(L, std::floor(r * m) + 1);
            return 1;
        }
        case 2: {
            double m = std::floor(bind::checkNumber(L, 1, "math.random", "m"));
            double n = std::floor(bind::checkNumber(L, 2, "math.random", "n"));
            if (m > n) bind::raise(L, "math.random", "interval is empty");
            lua_pushnumber(L, std::floor(r * (n - m + 1)) + m);
            return 1;
        }
        default: bind::raise(L, "math.random", "wrong number of arguments");
    }
}

int l_randomseed(lua_State* L) {
    double seed = bind::checkNumber(L, 1, "math.randomseed", "seed");
    stateOf(L).state = static_cast<std::uint64_t>(static_cast<std::int64_t>(seed));
    return 0;
}

const luaL_Reg kRandomFunctions[] = {
    {"random", l_random},
    {"randomseed", l_randomseed},
    {nullptr, nullptr},
};

}  // namespace

void openRandom(lua_State* L, std::uint64_t seed) {
    lua_newtable(L);
    auto* state = static_cast<RandomState*>(lua_newuserdata(L, sizeof(RandomState)));
    state->state = seed;
    luaL_openlib(L, nullptr, kRandomFunctions, 1);
}

}  // namespace stagehand
