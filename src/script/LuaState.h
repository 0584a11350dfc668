// RAII owner of one lua_State, and the single helper through which every
// C++ -> Lua call goes: protected, with a traceback message handler.
#pragma once

#include <string>

struct lua_State;

namespace stagehand {

struct CallResult {
    bool ok = true;
    std::string error;  // message with traceback when !ok
};

class LuaState {
public:
    LuaState();
    ~LuaState();
    LuaState(const LuaState&) = delete;
    LuaState& operator=(const LuaState&) = delete;

    lua_State* get() const { return L_; }

    // Calls the function below `nargs` arguments on the stack, like lua_pcall,
    // with debug.traceback as the message handler. Leaves `nresults` results
    // on success and nothing on failure.
    CallResult call(int nargs, int nresults);

private:
    lua_State* L_;
};

// Reads a whole file; returns false and sets `error` ("cannot open PATH: why").
bool readFile(const std::string& path, std::string& contents, std::string& error);

}  // namespace stagehand
