#include "script/LuaState.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#ifdef STAGEHAND_LUA_LINE_COVERAGE
#include <map>
#include <random>
#include <set>
#endif

#include "platform/Portable.h"
#include "script/LuaCompat.h"

#ifdef STAGEHAND_LUAJIT
extern "C" {
#include <luajit.h>
}
#endif

namespace stagehand {

namespace {

using Clock = std::chrono::steady_clock;

// The hook runs every this many VM instructions: rare enough to cost nothing
// measurable, often enough that a kill lands within microseconds.
constexpr int kHookInterval = 1000;
// Room the host and the scheduler may still use after a script hit the memory
// cap, so reporting the failure never fails for want of memory.
constexpr std::size_t kMemoryReserve = std::size_t{16} << 20;

std::atomic<bool> interruptFlag{false};

// Message handler: turns an error into "message\nstack traceback:..." while
// the failing stack is still there to walk.
int tracebackHandler(lua_State* L) {
    if (!lua_isstring(L, 1)) {
        // A non-string error object (error({}) in a script's main chunk, say):
        // describe it rather than lose it, at the innermost Lua line, since
        // the object itself carries no location.
        lua_Debug ar;
        const char* where = "";
        int line = 0;
        for (int level = 1; lua_getstack(L, level, &ar); ++level) {
            if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
                where = ar.short_src;
                line = ar.currentline;
                break;
            }
        }
        if (line > 0)
            lua_pushfstring(L, "%s:%d: (error object is a %s value)", where, line, luaL_typename(L, 1));
        else
            lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
        lua_replace(L, 1);
    }
    lua_getfield(L, LUA_GLOBALSINDEX, "debug");
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return 1;
    }
    lua_getfield(L, -1, "traceback");
    lua_pushvalue(L, 1);
    lua_pushinteger(L, 2);  // skip this handler
    lua_call(L, 2, 1);      // debug.traceback cannot fail on a string
    return 1;
}

int panicHandler(lua_State* L) {
    const char* message = lua_tostring(L, -1);
    std::fprintf(stderr, "stagehand: fatal: unprotected Lua error: %s\n", message ? message : "(no message)");
    std::fflush(nullptr);
    std::_Exit(3);
}

}  // namespace

struct LuaState::Guard {
    LuaLimits limits;
    lua_State* mainThread = nullptr;
    // Memory.
    std::size_t used = 0;
    bool overdrawn = false;  // the cap was hit; the reserve is in use until a full collection
    std::uint64_t refusals = 0;
    // Watchdog.
    Clock::time_point deadline{};
    std::uint64_t instructionsLeft = 0;
    bool killing = false;
    int killsEndedThisCall = 0;             // see LuaState::endKill
    const std::uint64_t* events = nullptr;  // LuaState::countEvents
    std::uint64_t eventsAtArm = 0;
    bool tooManyEvents = false;
    const std::uint64_t* hostCalls = nullptr;  // LuaState::countHostCalls
    std::uint64_t hostCallsCharged = 0;

    // A deterministic budget counts instructions, with a wall-clock backstop:
    // time spent inside C functions (a pathological string.find, PUC Lua's
    // string hashing under collisions) runs no instructions at all.
    void arm() {
        double seconds = limits.watchdogSeconds;
        if (limits.deterministic) {
            instructionsLeft = static_cast<std::uint64_t>(seconds * LuaLimits::kInstructionsPerSecond);
            seconds = std::max(5.0, seconds * LuaLimits::kBackstopFactor);
        }
        deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
        if (events) eventsAtArm = *events;
        if (hostCalls) hostCallsCharged = *hostCalls;
    }

    std::uint64_t eventBudget() const {
        return static_cast<std::uint64_t>(std::max(1.0, limits.watchdogSeconds) * LuaLimits::kEventsPerSecond);
    }

    bool overBudget() {
        tooManyEvents = events && *events - eventsAtArm > eventBudget();
        if (tooManyEvents) return true;
        if (limits.deterministic) {
            std::uint64_t spent = kHookInterval;
            if (hostCalls) {
                spent +=
                    (*hostCalls - hostCallsCharged) * static_cast<std::uint64_t>(LuaLimits::kInstructionsPerHostCall);
                hostCallsCharged = *hostCalls;
            }
            if (instructionsLeft <= spent) return true;
            instructionsLeft -= spent;
        }
        return Clock::now() > deadline;
    }

    static void* allocate(void* ud, void* block, std::size_t oldSize, std::size_t newSize) {
        auto* guard = static_cast<Guard*>(ud);
        if (newSize == 0) {
            std::free(block);
            guard->used -= oldSize;
            return nullptr;
        }
        if (newSize > oldSize) {
            std::size_t after = guard->used - oldSize + newSize;
            if (after > guard->limits.memoryBytes) {
                // The first refusal is the script's error; after it the reserve
                // lets the scheduler report it and the collector free the bomb.
                if (!guard->overdrawn) {
                    guard->overdrawn = true;
                    ++guard->refusals;
                    return nullptr;
                }
                if (after > guard->limits.memoryBytes + kMemoryReserve) {
                    ++guard->refusals;
                    return nullptr;
                }
            }
        }
        void* resized = std::realloc(block, newSize);
        if (resized) guard->used = guard->used - oldSize + newSize;
        return resized;
    }
};

namespace {

LuaState::Guard* guardOf(lua_State* L) {
    void* ud = nullptr;
    lua_getallocf(L, &ud);
    return static_cast<LuaState::Guard*>(ud);
}

// Raises "file:line: message" at the innermost Lua function running on L.
// lua_error longjmps on PUC Lua, so the message is built in a plain buffer:
// no C++ object with a destructor may be alive when it runs.
[[noreturn]] void raiseAtRunningLine(lua_State* L, const char* message) {
    char text[512];
    std::snprintf(text, sizeof text, "%s", message);
    lua_Debug ar;
    for (int level = 0; lua_getstack(L, level, &ar); ++level) {
        if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0) continue;
        std::snprintf(text, sizeof text, "%s:%d: %s", ar.short_src, ar.currentline, message);
        break;
    }
    lua_pushstring(L, text);
    lua_error(L);
    std::abort();  // lua_error does not return
}

#ifdef STAGEHAND_LUA_LINE_COVERAGE
// A developer's build only (tools/coverage.sh): which lines of which chunks
// ran, written when the state closes to $STAGEHAND_LUA_COVERAGE_DIR, one file
// per state, as "chunk<TAB>line" rows. Tests run many states at once, so no
// two share a file.
std::map<std::string, std::set<int>> linesRun;

void recordLine(lua_State* L, lua_Debug* ar) {
    if (lua_getinfo(L, "S", ar) && ar->source && ar->currentline > 0) linesRun[ar->source].insert(ar->currentline);
}

void writeLinesRun() {
    const char* dir = std::getenv("STAGEHAND_LUA_COVERAGE_DIR");
    if (!dir || !*dir || linesRun.empty()) return;
    std::random_device seed;
    std::ofstream out(std::string(dir) + "/lua-" + std::to_string(seed()) + "-" + std::to_string(seed()) + ".txt");
    for (const auto& [chunk, lines] : linesRun)
        for (int line : lines) out << chunk << '\t' << line << '\n';
    linesRun.clear();
}
#endif

void watchdogHook(lua_State* L, lua_Debug* ar) {
#ifdef STAGEHAND_LUA_LINE_COVERAGE
    if (ar->event == LUA_HOOKLINE) return recordLine(L, ar);
#else
    (void)ar;
#endif
    LuaState::Guard* guard = guardOf(L);
    bool inMainThread = L == guard->mainThread;
    // An interrupt unwinds every coroutine, and the main thread once per
    // host call, so the host gets control back with the scheduler intact.
    if (interruptFlag.load(std::memory_order_relaxed) && (!guard->killing || !inMainThread)) {
        guard->killing = true;
        raiseAtRunningLine(L, "interrupted (stagehand is stopping)");
    }
    // A kill under way: whatever coroutine caught it and ran on is stopped
    // too. The main thread (the scheduler's tick) is left to report it.
    if (guard->killing && !inMainThread) raiseAtRunningLine(L, "watchdog: stopped with the process it belongs to");
    if (!guard->overBudget()) return;
    guard->killing = true;
    guard->arm();  // the processes after this one get a fresh budget
    char message[200];
    if (guard->tooManyEvents)
        std::snprintf(message, sizeof message,
                      "watchdog: made more than %llu events (lines, sounds, moves...) without waiting; stopped (a "
                      "loop that calls the stage needs a wait() or waitFrames(1) inside)",
                      static_cast<unsigned long long>(guard->eventBudget()));
    else
        std::snprintf(message, sizeof message,
                      "watchdog: ran for more than %g s without waiting; stopped (a long loop needs a wait() or "
                      "waitFrames(1) inside)",
                      guard->limits.watchdogSeconds);
    raiseAtRunningLine(L, message);
}

}  // namespace

LuaState::LuaState(const LuaLimits& limits) : guard_(new Guard{limits}), L_(lua_newstate(Guard::allocate, guard_)) {
    if (!L_) {
        delete guard_;
        throw std::runtime_error("cannot create a Lua state (out of memory)");
    }
    guard_->mainThread = L_;
    lua_atpanic(L_, panicHandler);
    // Threads copy the hook of the thread that creates them (PUC Lua), and
    // LuaJIT keeps one hook for the whole state: set once, it covers all.
#ifdef STAGEHAND_LUA_LINE_COVERAGE
    lua_sethook(L_, watchdogHook, LUA_MASKCOUNT | LUA_MASKLINE, kHookInterval);
#else
    lua_sethook(L_, watchdogHook, LUA_MASKCOUNT, kHookInterval);
#endif
    guard_->arm();
    luaL_openlibs(L_);
#ifdef STAGEHAND_LUAJIT
    // After openlibs: opening the jit library switches the compiler on.
    luaJIT_setmode(L_, 0, LUAJIT_MODE_ENGINE | LUAJIT_MODE_OFF);
#endif
}

LuaState::~LuaState() {
    lua_close(L_);
    delete guard_;
#ifdef STAGEHAND_LUA_LINE_COVERAGE
    writeLinesRun();
#endif
}

CallResult LuaState::call(int nargs, int nresults) {
    // Put the handler below the function so lua_pcall can find it by index.
    int base = lua_gettop(L_) - nargs;
    lua_pushcfunction(L_, tracebackHandler);
    lua_insert(L_, base);
    guard_->arm();
    guard_->killsEndedThisCall = 0;
    int status = lua_pcall(L_, nargs, nresults, base);
    lua_remove(L_, base);
    guard_->killing = false;  // whatever the kill hit has unwound to the host
    if (guard_->overdrawn) {
        lua_gc(L_, LUA_GCCOLLECT, 0);
        guard_->overdrawn = guard_->used > guard_->limits.memoryBytes;
    }
    if (status == 0) return {};
    CallResult result{false, lua_tostring(L_, -1) ? lua_tostring(L_, -1) : "(unknown error)"};
    lua_pop(L_, 1);
    return result;
}

void LuaState::countHostCalls(const std::uint64_t* calls) {
    guard_->hostCalls = calls;
    if (calls) guard_->hostCallsCharged = *calls;
}

void LuaState::countEvents(const std::uint64_t* recorded) {
    guard_->events = recorded;
    if (recorded) guard_->eventsAtArm = *recorded;
}

bool LuaState::killPending() const {
    return guard_->killing;
}

void LuaState::endKill(lua_State* resumer) {
    if (resumer != guard_->mainThread && ++guard_->killsEndedThisCall > kMaxKillsEndedPerCall) return;
    guard_->killing = false;
}

std::size_t LuaState::memoryUsed() const {
    return guard_->used;
}

std::size_t LuaState::memoryLimit() const {
    return guard_->limits.memoryBytes;
}

std::uint64_t LuaState::memoryRefusals() const {
    return guard_->refusals;
}

void LuaState::requestInterrupt() {
    interruptFlag.store(true, std::memory_order_relaxed);
}

bool LuaState::interruptRequested() {
    return interruptFlag.load(std::memory_order_relaxed);
}

bool readFile(const std::string& path, std::string& contents, std::string& error) {
    std::ifstream in(pathFromUtf8(path), std::ios::binary);
    if (!in) {
        error = "cannot open " + path + ": " + std::strerror(errno);
        return false;
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    contents = buffer.str();
    return true;
}

}  // namespace stagehand
