// What the scheduler tells the host about its processes: the live list for
// the inspector, deadlock reports, and the mechanics (process_start, wait,
// signal...) as transcript events. Members of ScriptHost.
#include "game/World.h"
#include "script/LuaValues.h"
#include "script/ScriptHost.h"

namespace stagehand {

namespace {

// The scheduler's observer (WaitSupport.setObserver): each mechanic becomes a
// transcript event with named fields. Never raises: it runs inside the
// scheduler's bookkeeping.
int l_observeMechanic(lua_State* L) {
    auto& world = *static_cast<World*>(lua_touserdata(L, lua_upvalueindex(1)));
    auto text = [L](int i) {
        const char* s = lua_type(L, i) == LUA_TSTRING ? lua_tostring(L, i) : nullptr;
        return std::string(s ? s : "");
    };
    auto number = [L](int i) { return lua_isnumber(L, i) ? static_cast<double>(lua_tonumber(L, i)) : 0.0; };
    TranscriptEvent e;
    e.name = text(1);
    if (e.name == "process_start") {
        e.withNumber("id", number(2)).with("process", text(3)).withNumber("parent", number(4)).with("where", text(5));
    } else if (e.name == "process_end") {
        e.withNumber("id", number(2)).with("process", text(3)).with("status", text(4));
    } else if (e.name == "wait") {
        e.withNumber("id", number(2)).with("process", text(3)).with("kind", text(4)).with("target", text(5));
        e.with("where", text(6));
    } else if (e.name == "signal" || e.name == "latch" || e.name == "unlatch") {
        e.with("signal", text(2)).withNumber("sender", number(3)).with("sender_name", text(4));
        if (e.name != "unlatch") e.withNumber("woken", number(6)).with("woke", text(5));
    } else if (e.name == "timeout") {
        e.withNumber("id", number(2)).with("process", text(3)).with("signal", text(4));
    } else {
        return 0;
    }
    world.recordMechanic(std::move(e));
    return 0;
}

}  // namespace

void ScriptHost::observeMechanics(bool on) {
    lua_State* L = lua_.get();
    if (on) {
        lua_pushlightuserdata(L, &world_);
        lua_pushcclosure(L, l_observeMechanic, 1);
    } else {
        lua_pushnil(L);
    }
    if (!callModule("setObserver", 1, 0)) throw ScriptHostError("cannot configure the scheduler's observer");
}

// Calls the scheduler's `function`, which returns an array of tables, and
// converts each entry (on top of the stack while `read` runs) into a T.
template <typename T, typename Read>
std::vector<T> ScriptHost::readReport(const char* function, Read read) {
    lua_State* L = lua_.get();
    std::vector<T> list;
    if (!callModule(function, 0, 1)) return list;
    int table = lua_gettop(L);
    for (int i = 1; i <= static_cast<int>(lua_objlen(L, table)); ++i) {
        lua_rawgeti(L, table, i);
        list.push_back(read(L, lua_gettop(L)));
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return list;
}

std::vector<ProcessInfo> ScriptHost::processes() {
    return readReport<ProcessInfo>("allProcesses", [](lua_State* L, int entry) {
        return ProcessInfo{fieldString(L, entry, "name"),    fieldString(L, entry, "status"),
                           fieldString(L, entry, "waiting"), fieldString(L, entry, "detail"),
                           fieldString(L, entry, "summary"), fieldString(L, entry, "where")};
    });
}

std::vector<StuckProcess> ScriptHost::findDeadlocks() {
    return readReport<StuckProcess>("findDeadlocks", [](lua_State* L, int entry) {
        rawGetField(L, entry, "sentAt");
        double sentAt = lua_type(L, -1) == LUA_TNUMBER ? lua_tonumber(L, -1) : -1;
        lua_pop(L, 1);
        return StuckProcess{fieldString(L, entry, "name"),        fieldString(L, entry, "waitingOn"),
                            fieldString(L, entry, "where"),       fieldString(L, entry, "hint"),
                            fieldString(L, entry, "line"),        fieldIsTrue(L, entry, "certain"),
                            fieldIsTrue(L, entry, "nothingRuns"), sentAt};
    });
}

}  // namespace stagehand
