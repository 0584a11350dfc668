// RAII owner of one lua_State, and the single helper through which every
// C++ -> Lua call goes: protected, with a traceback message handler.
//
// The state is guarded so that no script can take the game down:
//  - a memory cap (a counting lua_Alloc): a bomb is an ordinary script error;
//  - a watchdog (a count hook): code that runs too long without yielding is
//    stopped with an error naming its file and line;
//  - an interrupt (SIGINT/SIGTERM): any running script is stopped at once;
//  - an at-panic handler that reports and exits, as a last resort only.
// On LuaJIT the JIT compiler is switched off for this state: hooks are not
// called inside compiled traces, so a compiled `while true do end` could not
// be stopped. LuaJIT's interpreter still runs every script (see
// bench/RESULTS.md for what it costs).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

struct lua_State;

namespace stagehand {

struct CallResult {
    bool ok = true;
    std::string error;  // message with traceback when !ok
};

struct LuaLimits {
    // The longest a script may run without yielding. With `deterministic`
    // the budget is counted in VM instructions (kInstructionsPerSecond per
    // second), so a headless run stops at the same place every time.
    double watchdogSeconds = 1.0;
    bool deterministic = false;
    std::size_t memoryBytes = std::size_t{512} << 20;

    static constexpr double kInstructionsPerSecond = 1e8;
    // Deterministic runs still stop after this many times the budget in wall
    // time (at least 5 s), for loops that spend their time inside C.
    static constexpr double kBackstopFactor = 5;
    // The events (lines, sounds, moves...) a script may make per second of
    // its budget without waiting: a loop that calls a stage function and
    // never waits is stopped by this count long before the clock, and what it
    // leaves (transcript, history, voices) stays small. In both modes: the
    // count is the same on every machine.
    // (The demo makes 35 at most in one tick; 2000 keep a window that meets
    // such a loop at every page under 300 MB: issue 59.)
    static constexpr double kEventsPerSecond = 2000;
    // A call into the stage's C functions, in instructions of the budget: a
    // loop of such calls spends its time in C, where no instruction counts,
    // and met only the wall-clock backstop (5 s; --explore paid it on every
    // walk). A call costs about this many instructions' time.
    static constexpr double kInstructionsPerHostCall = 1000;
};

class LuaState {
public:
    explicit LuaState(const LuaLimits& limits = {});
    ~LuaState();
    LuaState(const LuaState&) = delete;
    LuaState& operator=(const LuaState&) = delete;

    lua_State* get() const { return L_; }

    // Calls the function below `nargs` arguments on the stack, like lua_pcall,
    // with debug.traceback as the message handler. Leaves `nresults` results
    // on success and nothing on failure. Arms the watchdog.
    CallResult call(int nargs, int nresults);

    // The host's count of the events scripts made (World::eventsRecorded):
    // the watchdog stops a call that made more than its budget's worth.
    void countEvents(const std::uint64_t* recorded);
    // The host's count of the calls into its C functions (World::hostCalls):
    // a deterministic budget charges each kInstructionsPerHostCall.
    void countHostCalls(const std::uint64_t* calls);

    // True while a watchdog kill is being carried out: every coroutine on the
    // stack that runs more Lua code is stopped too, so a script's own pcall,
    // coroutine.resume or runProcess loop cannot swallow the kill. The
    // scheduler ends it once the process it stopped has failed (`endKill`,
    // called on the thread that resumed that process), so the process that
    // started the runaway one goes on. A call that keeps starting runaway
    // processes is stopped whole: after kMaxKillsEndedPerCall kills in one
    // host call, a kill ends only where the main thread resumed its process.
    bool killPending() const;
    void endKill(lua_State* resumer);
    static constexpr int kMaxKillsEndedPerCall = 3;

    std::size_t memoryUsed() const;
    std::size_t memoryLimit() const;
    // How many allocations the memory cap has refused so far: a "not enough
    // memory" error that follows a new refusal is the cap's doing.
    std::uint64_t memoryRefusals() const;

    // Stops every guarded state at its next hook (async-signal-safe).
    static void requestInterrupt();
    static bool interruptRequested();

    struct Guard;  // allocator and watchdog bookkeeping (LuaState.cpp)

private:
    Guard* guard_;
    lua_State* L_;
};

// Reads a whole file; returns false and sets `error` ("cannot open PATH: why").
bool readFile(const std::string& path, std::string& contents, std::string& error);

}  // namespace stagehand
