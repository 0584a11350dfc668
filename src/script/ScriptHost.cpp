#include "script/ScriptHost.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <sstream>

#include "game/World.h"
#include "platform/GameFiles.h"
#include "platform/Portable.h"
#include "script/BindHelpers.h"
#include "script/BindStage.h"
#include "script/LuaCompat.h"
#include "script/LuaValues.h"
#include "script/Sandbox.h"
#include "script/ScriptContract.h"

namespace stagehand {

namespace {

// The scheduler's error handler: forwards (message, process) to the host.
int l_processFailed(lua_State* L) {
    auto* host = static_cast<ScriptHost*>(lua_touserdata(L, lua_upvalueindex(1)));
    const char* message = lua_tostring(L, 1);
    host->reportError(message ? message : "(error without a message)");
    return 0;
}

// The scheduler asks this while a scene's pcall catches an error: a
// watchdog kill or an interrupt must not be swallowed.
int l_killPending(lua_State* L) {
    auto* lua = static_cast<LuaState*>(lua_touserdata(L, lua_upvalueindex(1)));
    lua_pushboolean(L, lua->killPending() || LuaState::interruptRequested());
    return 1;
}

// The scheduler's hang listener: a wait that may never end has just begun.
int l_hangSuspected(lua_State* L) {
    static_cast<ScriptHost*>(lua_touserdata(L, lua_upvalueindex(1)))->suspectHang();
    return 0;
}

// The scheduler calls this once the process a kill stopped has failed: the
// kill ends there, and the process that started it goes on.
int l_endKill(lua_State* L) {
    static_cast<LuaState*>(lua_touserdata(L, lua_upvalueindex(1)))->endKill(L);
    return 0;
}

}  // namespace

std::string errorLocation(const std::string& message) {
    // The first "some/file.lua:12" in the message (it may follow a prefix
    // such as "waitUntil predicate failed: ").
    for (std::size_t at = message.find(".lua:"); at != std::string::npos; at = message.find(".lua:", at + 1)) {
        std::size_t end = at + 5;
        while (end < message.size() && std::isdigit(static_cast<unsigned char>(message[end]))) ++end;
        if (end == at + 5) continue;
        std::size_t start = message.rfind(' ', at);
        start = start == std::string::npos ? 0 : start + 1;
        return message.substr(start, end - start);
    }
    return "?";
}

ScriptHost::ScriptHost(World& world, std::string dataRoot, std::uint64_t seed, const LuaLimits& limits)
    : lua_(limits), world_(world), dataRoot_(std::move(dataRoot)) {
    lua_.countEvents(&world_.eventsRecorded());
    lua_.countHostCalls(&world_.hostCalls());
    lua_State* L = lua_.get();
    hardenState(L);
    loadHostScripts();

    // The sandbox: safe globals, the scheduler API, and the stage API.
    lua_rawgeti(L, LUA_REGISTRYINDEX, moduleRef_);
    int scheduler = lua_gettop(L);
    lua_getfield(L, LUA_REGISTRYINDEX, contract::kStageApi);
    int stage = lua_gettop(L);
    pushSandbox(L, scheduler, stage, seed);
    // Remember which names are the API, so listing scenes can skip them.
    lua_newtable(L);
    lua_pushnil(L);
    while (lua_next(L, -3)) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushboolean(L, 1);
        lua_settable(L, -4);
    }
    apiNamesRef_ = luaL_ref(L, LUA_REGISTRYINDEX);
    envRef_ = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pop(L, 2);

    // Story jumps look their targets up in the sandbox.
    lua_getfield(L, LUA_REGISTRYINDEX, contract::kSceneRunner);
    lua_getfield(L, -1, "setEnvironment");
    lua_rawgeti(L, LUA_REGISTRYINDEX, envRef_);
    CallResult set = lua_.call(1, 0);
    lua_pop(L, 1);
    if (!set.ok) throw ScriptHostError(firstLine(set.error));

    // "Did you mean" suggests the names a scene can see.
    lua_rawgeti(L, LUA_REGISTRYINDEX, envRef_);
    if (!callModule("setSceneGlobals", 1, 0)) throw ScriptHostError("cannot configure the scheduler");
}

ScriptHost::~ScriptHost() = default;  // the Lua state owns every reference

bool ScriptHost::loadHostChunk(const std::string& path, std::string& error) {
    lua_State* L = lua_.get();
    std::string source;
    if (!readFile(path, source, error)) return false;
    std::string label = "@" + chunkLabel(path);
    if (luaL_loadbuffer(L, source.data(), source.size(), label.c_str()) != 0) {
        error = lua_tostring(L, -1);
        lua_pop(L, 1);
        return false;
    }
    return true;
}

// The loader WaitSupport.lua and StageSupport.lua are called with: their part
// `name` (core, signals...; stage, camera...) from their folder under the data
// root (upvalue 2: scripts/wait/, scripts/stage/), its chunk named
// "@scripts/wait/NAME.lua" so errors and tracebacks point at that file. The
// chunk names are kept: each part's is a support source (loadHostScripts).
int ScriptHost::l_loadLibraryPart(lua_State* L) {
    auto* host = static_cast<ScriptHost*>(lua_touserdata(L, lua_upvalueindex(1)));
    const char* folder = lua_tostring(L, lua_upvalueindex(2));
    const char* library = lua_tostring(L, lua_upvalueindex(3));
    const char* name = luaL_checkstring(L, 1);
    bool loaded = false;
    {  // the strings are gone before lua_error jumps out
        std::string part = name, error;
        bool plain =
            !part.empty() && std::all_of(part.begin(), part.end(), [](char c) { return c >= 'a' && c <= 'z'; });
        std::string path = joinPath(host->dataRoot_, folder + part + ".lua");
        if (!plain)
            lua_pushfstring(L, "%s: no part named \"%s\"", library, name);
        else if (!(loaded = host->loadHostChunk(path, error)))
            lua_pushstring(L, error.c_str());
        else
            host->libraryParts_.push_back("@" + host->chunkLabel(path));
    }
    return loaded ? 1 : lua_error(L);
}

void ScriptHost::loadHostScripts() {
    lua_State* L = lua_.get();
    std::string schedulerPath = joinPath(dataRoot_, "scripts/WaitSupport.lua");
    std::string supportPath = joinPath(dataRoot_, "scripts/StageSupport.lua");
    struct Library {
        const std::string& path;
        const char* parts;  // the folder of its parts, which it loads with the host's loader
        const char* name;
        bool scheduler;
    };
    for (const Library& library : {Library{schedulerPath, "scripts/wait/", "WaitSupport.lua", true},
                                   Library{supportPath, "scripts/stage/", "StageSupport.lua", false}}) {
        std::string error;
        if (!loadHostChunk(library.path, error)) throw ScriptHostError(error);
        lua_pushlightuserdata(L, this);
        lua_pushstring(L, library.parts);
        lua_pushstring(L, library.name);
        lua_pushcclosure(L, l_loadLibraryPart, 3);
        CallResult result = lua_.call(1, 1);
        if (!result.ok) throw ScriptHostError(firstLine(result.error));
        if (library.scheduler) {
            lua_pushvalue(L, -1);
            lua_setfield(L, LUA_REGISTRYINDEX, contract::kScheduler);  // for the bindings' "did you mean"
            moduleRef_ = luaL_ref(L, LUA_REGISTRYINDEX);
        } else {
            lua_setfield(L, LUA_REGISTRYINDEX, contract::kStageSupport);
        }
    }

    // Route process failures to this host; let the scene's pcall see kills;
    // report errors inside StageSupport and its parts at the scene line that
    // called it (the scheduler's parts are its own already).
    lua_pushlightuserdata(L, this);
    lua_pushcclosure(L, l_processFailed, 1);
    bool configured = callModule("setErrorHandler", 1, 0);
    lua_pushlightuserdata(L, &lua_);
    lua_pushcclosure(L, l_killPending, 1);
    lua_pushlightuserdata(L, &lua_);
    lua_pushcclosure(L, l_endKill, 1);
    configured = configured && callModule("setKillCheck", 2, 0);
    lua_pushlightuserdata(L, this);
    lua_pushcclosure(L, l_hangSuspected, 1);
    configured = configured && callModule("setHangListener", 1, 0);
    std::vector<std::string> supportSources = libraryParts_;
    supportSources.push_back("@" + chunkLabel(supportPath));
    for (const auto& source : supportSources) {
        if (!configured) break;
        lua_pushstring(L, source.c_str());
        configured = callModule("addSupportSource", 1, 0);
    }
    if (!configured) throw ScriptHostError("cannot configure the scheduler in " + schedulerPath);

    // The one reader of a scene's source, and the description it reads calls by.
    const std::pair<const char*, const char*> readers[] = {{"scripts/SceneSource.lua", contract::kSourceReader},
                                                           {"scripts/ApiDescription.lua", contract::kApiDescription}};
    for (const auto& [relative, key] : readers) {
        std::string error;
        if (!loadHostChunk(joinPath(dataRoot_, relative), error)) throw ScriptHostError(error);
        CallResult result = lua_.call(0, 1);
        if (!result.ok) throw ScriptHostError(firstLine(result.error));
        lua_setfield(L, LUA_REGISTRYINDEX, key);
    }

    // Stage API = StageSupport(stage C functions, scheduler, description).
    lua_getfield(L, LUA_REGISTRYINDEX, contract::kStageSupport);
    openStage(L, world_);
    lua_rawgeti(L, LUA_REGISTRYINDEX, moduleRef_);
    lua_getfield(L, LUA_REGISTRYINDEX, contract::kApiDescription);  // which bindings a scene sees
    CallResult built = lua_.call(3, 2);
    if (!built.ok) throw ScriptHostError(firstLine(built.error));
    lua_setfield(L, LUA_REGISTRYINDEX, contract::kSceneRunner);
    lua_setfield(L, LUA_REGISTRYINDEX, contract::kStageApi);
}

namespace {

// Lua shortens a long chunk name itself, and PUC Lua and LuaJIT shorten it
// differently, so a long path would make error lines and the transcript's
// process names differ between the VMs. A label this short is never
// shortened by either.
constexpr std::size_t kMaxChunkLabel = 48;

// The line where the script assigns SCENES (1 if it cannot be found).
int lineOfSceneList(const std::string& source) {
    int line = 1;
    for (std::size_t at = 0; at < source.size(); ++line) {
        std::size_t end = source.find('\n', at);
        std::string_view text(source.data() + at, (end == std::string::npos ? source.size() : end) - at);
        std::size_t first = text.find_first_not_of(" \t");
        if (first != std::string_view::npos && text.substr(first).rfind("SCENES", 0) == 0) return line;
        if (end == std::string::npos) break;
        at = end + 1;
    }
    return 1;
}

}  // namespace

void ScriptHost::setLineProvider(const lang::LineProvider* lines) {
    bind::setLineProvider(lua_.get(), lines);
}

std::string ScriptHost::chunkLabel(const std::string& path) const {
    // Paths under the data root are named relative to it, so messages and
    // transcripts read the same on every machine.
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::path relative =
        fs::relative(fs::absolute(pathFromUtf8(path), ec), fs::absolute(pathFromUtf8(dataRoot_), ec), ec);
    std::string label = utf8Path(relative);
    if (ec || label.empty() || label.rfind("..", 0) == 0) label = path;
    if (label.size() <= kMaxChunkLabel) return label;
    return utf8Path(pathFromUtf8(path).filename());  // named in its own folder, the game's
}

std::string ScriptHost::shownPath(const std::string& path) {
    namespace fs = std::filesystem;
    fs::path given = pathFromUtf8(path);
    // "/games/x.lua" is relative on Windows (no drive) yet names no folder
    // below this one: only a path with neither root is left as given.
    if (!given.has_root_directory() && !given.has_root_name()) return path;
    std::error_code ec;
    fs::path relative = fs::relative(fs::absolute(given, ec), fs::current_path(ec), ec);
    std::string shown = utf8Path(relative);
    return ec || shown.empty() || shown.rfind("..", 0) == 0 ? path : shown;
}

namespace {
// `message` with each whole `label:` replaced by `shown:`.
std::string renamed(const std::string& message, const std::string& label, const std::string& shown) {
    if (label.empty() || label == shown) return message;
    std::string out;
    std::size_t from = 0;
    for (std::size_t at = message.find(label + ":"); at != std::string::npos; at = message.find(label + ":", at + 1)) {
        // only a whole name: at the start, or after a space, a tab, a newline, a quote, "(" or
        // "<" (a traceback's "in function <file:line>")
        if (at > 0 && std::string_view(" \t\n\"'(<").find(message[at - 1]) == std::string_view::npos) continue;
        out += message.substr(from, at - from) + shown;
        from = at + label.size();
    }
    return out + message.substr(from);
}
}  // namespace

std::string ScriptHost::forPerson(const std::string& message) const {
    std::string out = renamed(message, scriptLabel_, scriptShown_);
    for (const Module& module : modules_) out = renamed(out, module.label, module.shown);
    return out;
}

bool ScriptHost::loadScript(const std::string& path, std::string& error, bool warnAboutTargets) {
    lua_State* L = lua_.get();
    std::string source;
    if (!readFile(path, source, error)) return false;
    offerRequire();
    scriptPath_ = path;
    moduleFolder_ = utf8Path(pathFromUtf8(path).parent_path());
    moduleFiles_ = givenModules_ ? givenModules_
                                 : std::make_shared<const FileIndex>(
                                       AssetKind::Modules, assetFolders(AssetKind::Modules, path, dataRoot_), path);
    lua_rawgeti(L, LUA_REGISTRYINDEX, envRef_);
    std::string label = chunkLabel(path);
    scriptLabel_ = label;
    scriptShown_ = shownPath(path);
    if (loadSandboxedChunk(L, source.data(), source.size(), label.c_str(), lua_gettop(L)) != 0) {
        error = forPerson(lua_tostring(L, -1));
        lua_pop(L, 2);
        return false;
    }
    lua_remove(L, -2);
    // One read of the source gives every consumer its facts; the scheduler
    // takes which signal names the text sends: a wait on any other is a hang
    // it reports at once (scripts/wait/senders.lua).
    if (!readSource(source, error)) {
        lua_pop(L, 1);
        return false;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, factsRef_);
    lua_getfield(L, -1, "sendable");
    lua_remove(L, -2);
    if (!callModule("setSendableSignals", 1, 0)) {
        error = scriptShown_ + ": cannot tell the scheduler the signals it sends";
        lua_pop(L, 1);
        return false;
    }
    CallResult result = lua_.call(0, 0);
    if (!result.ok) {
        error = forPerson(firstLine(result.error));
        return false;
    }
    std::string sceneProblem = sceneListProblem();
    if (!sceneProblem.empty()) {
        error = scriptShown_ + ":" + std::to_string(lineOfSceneList(source)) + ": " + sceneProblem;
        return false;
    }
    topLevelLeftProcesses_ = liveProcessCount() > 0;
    tellModulesSignals();
    if (warnAboutTargets) warnAboutStoryTargets(scriptShown_);
    return true;
}

bool ScriptHost::callModule(const char* function, int nargs, int nresults) {
    lua_State* L = lua_.get();
    lua_rawgeti(L, LUA_REGISTRYINDEX, moduleRef_);
    lua_getfield(L, -1, function);
    lua_remove(L, -2);
    lua_insert(L, -(nargs + 1));
    CallResult result = lua_.call(nargs, nresults);
    if (!result.ok) reportError(result.error);
    return result.ok;
}

bool ScriptHost::startScene(const std::string& name, ProcessCallback onEnd) {
    lua_State* L = lua_.get();
    if (!hasFunction(name)) {
        reportError("no scene function named '" + name + "'");
        return false;
    }
    lua_getfield(L, LUA_REGISTRYINDEX, contract::kSceneRunner);
    lua_getfield(L, -1, "runScene");
    lua_remove(L, -2);
    lua_pushstring(L, name.c_str());
    return track("scene " + name, 2, std::move(onEnd));  // its lane and report name; the first branch is `name`
}

bool ScriptHost::startProcess(const std::string& name, const std::vector<ScriptValue>& args, ProcessCallback onEnd) {
    lua_State* L = lua_.get();
    lua_rawgeti(L, LUA_REGISTRYINDEX, envRef_);
    rawGetField(L, -1, name.c_str());
    lua_remove(L, -2);
    if (lua_type(L, -1) != LUA_TFUNCTION) {
        lua_pop(L, 1);
        reportError("no script function named '" + name + "'");
        return false;
    }
    for (const auto& arg : args) pushScriptValue(L, arg);
    return track(name, static_cast<int>(args.size()) + 1, std::move(onEnd));
}

// Runs the function and arguments on top of the stack (`count` values) as a
// process named `name`, and calls `onEnd` when it ends.
bool ScriptHost::track(const std::string& name, int count, ProcessCallback onEnd) {
    lua_State* L = lua_.get();
    if (!callModule("runProcess", count, 1)) return false;
    // Name the process after the function, for reports and the inspector.
    lua_getfield(L, -1, "setName");
    lua_pushvalue(L, -2);
    lua_pushstring(L, name.c_str());
    lua_.call(2, 0);
    tracked_.push_back({luaL_ref(L, LUA_REGISTRYINDEX), name, std::move(onEnd)});
    pollEndedProcesses();  // it may have finished without waiting
    return true;
}

void ScriptHost::tick(double dt) {
    // The typewriter's {signal=NAME}s, in the order it met them: sent before
    // the waits are woken, so a waiter acts on the tick the word appears.
    for (const std::string& name : world_.takeTextSignals()) {
        lua_pushstring(lua_.get(), name.c_str());
        callModule("signal", 1, 0);
    }
    lua_pushnumber(lua_.get(), dt);
    callModule("wakeUpWaitingThreads", 1, 0);
    pollEndedProcesses();
}

void ScriptHost::pollEndedProcesses() {
    lua_State* L = lua_.get();
    for (std::size_t i = 0; i < tracked_.size();) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, tracked_[i].handleRef);
        int handle = lua_gettop(L);
        lua_getfield(L, handle, "status");
        lua_pushvalue(L, handle);
        std::string status = "?";
        if (lua_.call(1, 1).ok) {
            if (lua_isstring(L, -1)) status = lua_tostring(L, -1);
            lua_pop(L, 1);
        }
        if (status == "running" || status == "waiting") {
            lua_pop(L, 1);
            ++i;
            continue;
        }
        ProcessOutcome outcome;
        outcome.status = status;
        lua_getfield(L, handle, status == "done" ? "results" : "errorMessage");
        lua_pushvalue(L, handle);
        int before = lua_gettop(L) - 2;
        if (lua_.call(1, LUA_MULTRET).ok) {
            for (int k = before + 1; k <= lua_gettop(L); ++k) {
                if (status == "done")
                    outcome.results.push_back(toScriptValue(L, k));
                else if (lua_isstring(L, k))
                    outcome.error = lua_tostring(L, k);
            }
        }
        lua_settop(L, handle - 1);
        Tracked ended = std::move(tracked_[i]);
        tracked_.erase(tracked_.begin() + static_cast<long>(i));
        luaL_unref(L, LUA_REGISTRYINDEX, ended.handleRef);
        if (ended.onEnd) ended.onEnd(outcome);
    }
}

void ScriptHost::reportError(const std::string& messageWithTraceback) {
    ++errorCount_;
    std::string message = namingTheMemoryLimit(messageWithTraceback);
    std::string line = firstLine(message);
    // The transcript keeps the chunk's name (the same on every machine and
    // VM); what a person reads names the file as they can open it.
    if (tracebacks_ == TracebackShown::All)
        std::cerr << forPerson(message) << '\n';
    else if (tracebacks_ != TracebackShown::Silent)
        std::cerr << forPerson(tracebacks_ == TracebackShown::Scene ? sceneTraceback(message) : line) << '\n';
    world_.notices().reportError(line, errorLocation(line));
    world_.notices().showError(forPerson(line));
    world_.notices().setErrorTraceback(forPerson(sceneTraceback(message)));
}

std::string sceneTraceback(const std::string& messageWithTraceback) {
    static const char* const kLibraryFrames[] = {"scripts/wait/",  "WaitSupport.lua", "StageSupport.lua",
                                                 "scripts/stage/", "\t[C]:",          "\t(tail call)"};
    std::istringstream in(messageWithTraceback);
    std::string out, line;
    int hidden = 0;
    bool inTraceback = false;
    while (std::getline(in, line)) {
        bool library = inTraceback && std::any_of(std::begin(kLibraryFrames), std::end(kLibraryFrames),
                                                  [&](const char* f) { return line.find(f) != std::string::npos; });
        inTraceback = inTraceback || line == "stack traceback:";
        if (library) {
            ++hidden;
            continue;
        }
        out += (out.empty() ? "" : "\n") + line;
    }
    if (hidden > 0)
        out += "\n\t(" + std::to_string(hidden) + " frame" + (hidden == 1 ? "" : "s") +
               " of the stage library hidden; --traceback-all shows them)";
    return out;
}

// Lua's own "not enough memory" does not say the memory was the script's
// allowance, not the machine's: when the cap refused an allocation since the
// last such report, the first line says the limit and how to raise it.
std::string ScriptHost::namingTheMemoryLimit(const std::string& messageWithTraceback) {
    static const std::string kLuaMessage = "not enough memory";
    std::size_t lineEnd = std::min(messageWithTraceback.find('\n'), messageWithTraceback.size());
    bool isMemoryError =
        lineEnd >= kLuaMessage.size() &&
        messageWithTraceback.compare(lineEnd - kLuaMessage.size(), kLuaMessage.size(), kLuaMessage) == 0;
    if (!isMemoryError || lua_.memoryRefusals() == memoryRefusalsNamed_) return messageWithTraceback;
    memoryRefusalsNamed_ = lua_.memoryRefusals();
    char note[120];
    std::snprintf(note, sizeof note, " (over the script's memory limit of %g MB; --memory-limit MB sets it)",
                  static_cast<double>(lua_.memoryLimit()) / (1024 * 1024));
    std::string named = messageWithTraceback;
    return named.insert(lineEnd, note);
}

int ScriptHost::liveProcessCount() {
    lua_State* L = lua_.get();
    if (!callModule("liveProcessCount", 0, 1)) return 0;
    int count = static_cast<int>(lua_tointeger(L, -1));
    lua_pop(L, 1);
    return count;
}

}  // namespace stagehand
