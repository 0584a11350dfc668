// ScriptHost: one Lua state running the scheduler (scripts/WaitSupport.lua),
// the stage API and one sandboxed scene script.
//
// C++ can start any script function as a process and is called back when it
// ends, with its return values or its error (the idea of seed article 003).
// Script errors never escape: they are reported on stderr, on screen and in
// the transcript, and only the failing process ends.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "game/ProcessInfo.h"
#include "script/LuaState.h"
#include "script/ScriptValue.h"

namespace stagehand {

namespace lang {
class LineProvider;
}
class World;
class FileIndex;

struct ProcessOutcome {
    std::string status;  // "done", "failed" or "cancelled"
    std::vector<ScriptValue> results;
    std::string error;  // message with traceback when failed
};
using ProcessCallback = std::function<void(const ProcessOutcome&)>;

struct SceneInfo {
    std::string name;
    std::string title;
};

struct StuckProcess {
    std::string name, waitingOn, where, hint;
    std::string line;  // the report's wording, made by the scheduler (its one home)
    bool certain = false;
    bool nothingRuns = false;  // every live process is blocked: nothing can ever run again
    double sentAt = -1;        // when the awaited signal was sent, before the wait began (-1: never)
};

// How much of an error's traceback goes to stderr: none (the one line at the
// author's call), the scene's frames (--traceback), or every frame, the stage
// library's and the scheduler's too (--traceback-all).
enum class TracebackShown { None, Scene, All, Silent };  // Silent: nothing on stderr (a run nobody watches)

// `messageWithTraceback` with the frames of the stage library and the
// scheduler (and C functions) left out, and a line saying how many were.
std::string sceneTraceback(const std::string& messageWithTraceback);

// The host's own scripts could not be loaded: the installation is broken.
struct ScriptHostError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class ScriptHost {
public:
    // Loads the scheduler and stage support from `dataRoot`/scripts. Throws ScriptHostError.
    ScriptHost(World& world, std::string dataRoot, std::uint64_t seed, const LuaLimits& limits = {});
    ~ScriptHost();
    ScriptHost(const ScriptHost&) = delete;
    ScriptHost& operator=(const ScriptHost&) = delete;

    // The game's own modules as the run's one lookup has them (GameFiles::modules):
    // require finds its files there, --check and "did you mean" its names. Given
    // before loadScript; without it, loadScript reads the script's folder by the
    // same rule for this host alone.
    void useModules(std::shared_ptr<const FileIndex> modules) { givenModules_ = std::move(modules); }

    // Loads a scene script into the sandbox. On failure returns false and sets
    // `error` to one line naming the file and line. Literal story targets that
    // name nothing are warned about on stderr, unless `warnAboutTargets` is
    // false (--check reports them as findings instead).
    bool loadScript(const std::string& path, std::string& error, bool warnAboutTargets = true);

    // `stagehand --check`: likely mistakes in the loaded script's text (undefined
    // globals read, written or called; literal arguments of the wrong type,
    // enum value or unknown name, judged by scripts/ApiDescription.lua; story
    // targets that name nothing; signals waited on but never sent and the
    // reverse; loops that cannot wait; scenes that leave processes running), one
    // "file:line: ..." each, judged from the facts the one reader gave for the
    // loaded script. Runs scripts/CheckSupport.lua.
    std::vector<std::string> check();

    // The literal lines a player reads in the loaded script, as the one reader
    // found them (the facts' `lines`, what tools/tag-lines.lua tags), in written order.
    struct WrittenLine {
        long line = 0;
        std::string text;     // as Lua reads it, with its {#ID} tag if it has one
        std::string call;     // dialogue, text, say, sayFor, banner, option, line
        std::string speaker;  // a literal speaker, or ""
        std::string owner;    // the innermost named function it is in, or ""
        std::string top;      // the outermost named function it is in (a story function), or ""
        std::string markup;   // which tags it takes: "typed" (a line or page) or "shown"
        std::string shownBy;  // for a line() template, the call it is an argument of (say...), or ""
        std::string file;     // the module it is in (its path in the game's folder), "" for the main script
        bool isOption() const { return call == "option"; }
    };
    // The lines of the script and then of each module it required. False
    // with `error` ("FILE:LINE: ..." lines) when a file uses an explicit line
    // ID twice.
    bool writtenLines(std::vector<WrittenLine>& out, std::string& error);
    // Whether the loaded script writes `text` as a string literal (in code,
    // not in a comment), as the one reader found it: which actors it names.
    bool writesLiteral(const std::string& text);

    // Scenes in the order the script lists them (its SCENES table), or every
    // global function of the script in name order.
    std::vector<SceneInfo> scenes();
    bool hasFunction(const std::string& name);
    // Every function a scene sees as a global before its script runs
    // (standard ones included), sorted: what the docs must cover.
    std::vector<std::string> sceneFunctions();
    // The script has a SCENES list (not just global functions).
    bool hasSceneList();
    // What is wrong with the script's SCENES (not a list, an entry that is
    // not a name, a name no function has), or "" when it is fine or absent.
    std::string sceneListProblem();
    // Processes the script's top level started (the seed articles' demos)
    // were still alive when loading ended.
    bool topLevelLeftProcesses() const { return topLevelLeftProcesses_; }

    // Starts the script's global function `name` as a process. `onEnd` runs
    // when it ends, at the latest at the end of the tick in which it ended.
    // Returns false (and reports) if there is no such function.
    bool startProcess(const std::string& name, const std::vector<ScriptValue>& args, ProcessCallback onEnd);

    // Starts the scene function `name` as a story: when it jump()s or a
    // menu() choice leads elsewhere, the scene goes on at that function.
    // `onEnd` gets the status of the last story function as its one result.
    bool startScene(const std::string& name, ProcessCallback onEnd);

    // One simulation tick of the scheduler: wakeUpWaitingThreads(dt), then
    // the callbacks of processes that ended.
    void tick(double dt);

    // The script's `flags` table, as far as it holds plain values (booleans,
    // numbers, strings under string keys); setFlags presets it (--flag).
    std::map<std::string, ScriptValue> flags() { return plainValuesOf("flags"); }
    void setFlags(const std::map<std::string, ScriptValue>& flags) { setPlainValues("flags", flags); }
    // The script's `persistent` table, which outlives a playthrough (the
    // window keeps it in story.json, app/window/StoryMemory.h): the same kinds of values.
    std::map<std::string, ScriptValue> persistent() { return plainValuesOf("persistent"); }
    void setPersistent(const std::map<std::string, ScriptValue>& values) { setPlainValues("persistent", values); }
    // Records the scheduler's mechanics as transcript events (process_start,
    // process_end, wait, signal, latch, unlatch, timeout), or stops; before
    // loadScript, so the script's top level is seen too.
    void observeMechanics(bool on);

    int errorCount() const { return errorCount_; }
    // The language each shown line is looked up in (null: the source); the caller keeps it alive.
    void setLineProvider(const lang::LineProvider* lines);
    int liveProcessCount();
    std::vector<ProcessInfo> processes();
    std::vector<StuckProcess> findDeadlocks();
    // A wait that may never end began since the last call (the scheduler's
    // hang listener): worth a findDeadlocks() now rather than at the next check.
    bool takeHangSuspicion() { return std::exchange(hangSuspected_, false); }
    void suspectHang() { hangSuspected_ = true; }

    // Reports a script error: a process's failure (from the scheduler's
    // error handler) or a host call's. Stderr gets the first line, or the
    // traceback as `shown` says; the inspector keeps the scene's frames.
    void reportError(const std::string& messageWithTraceback);
    void showTracebacks(TracebackShown shown) { tracebacks_ = shown; }

    // How chunks (and so the transcript) name the file at `path`: relative to
    // the data folder when it is inside it, so they read the same on every
    // machine; a name longer than both VMs keep whole is the file's name in
    // its own folder (the game's), never a cut ".../tail".
    std::string chunkLabel(const std::string& path) const;
    // How a message for a person names the file at `path`, so an editor can
    // open it: as given when relative, else relative to the current folder
    // when inside it, else whole.
    static std::string shownPath(const std::string& path);
    // `message` (an error, a traceback, a hang) with the loaded script's chunk
    // name replaced by its shown path (and each module's by its).
    std::string forPerson(const std::string& message) const;

    // The game's own modules that require() loaded, in the order they loaded:
    // their files, for the file watcher, --check and the load warnings.
    struct Module {
        std::string name;   // as required: "chapters.one"
        std::string path;   // its file: chapters/one.lua in the main script's folder
        std::string file;   // that path inside the folder ("chapters/one.lua"): string tables' `file`
        std::string label;  // its chunk's name (chunkLabel)
        std::string shown;  // its path for a person (shownPath)
        int factsRef = -2;  // what the one reader found in its source
    };
    const std::vector<Module>& modules() const { return modules_; }
    // The modules require could load, by name (GameFiles' rule: the .lua files of the main script's folder but itself).
    std::vector<std::string> moduleNames() const;

private:
    // The plain values (booleans, numbers, strings under string keys) of a global table, and their setting.
    std::map<std::string, ScriptValue> plainValuesOf(const char* table);
    void setPlainValues(const char* table, const std::map<std::string, ScriptValue>& values);
    struct Tracked {
        int handleRef;
        std::string name;
        ProcessCallback onEnd;
    };

    void loadHostScripts();
    // Reads a host script under the data root and pushes it as a function
    // whose chunk is named for the file; false (and nothing pushed) on failure.
    bool loadHostChunk(const std::string& path, std::string& error);
    static int l_loadLibraryPart(lua_State* L);
    // require(NAME) in a scene's sandbox (ScriptModules.cpp).
    static int l_require(lua_State* L);
    bool requireModule(lua_State* L);
    void appendWrittenLines(int factsRef, const std::string& shown, const std::string& file,
                            std::vector<WrittenLine>& out, std::string& error);
    // The one reader's facts of `source` as a registry reference (LUA_NOREF, with `error`, if it cannot read it).
    int readFacts(const std::string& source, std::string& error);
    void offerRequire();
    void tellModulesSignals();
    // The one reader's facts of `source` (scripts/SceneSource.lua), kept in factsRef_.
    bool readSource(const std::string& source, std::string& error);
    void warnAboutStoryTargets(const std::string& label);
    void pushCheckNames(lua_State* L);
    bool track(const std::string& name, int count, ProcessCallback onEnd);
    bool callModule(const char* function, int nargs, int nresults);
    void pollEndedProcesses();
    template <typename T, typename Read>
    std::vector<T> readReport(const char* function, Read read);
    std::string namingTheMemoryLimit(const std::string& messageWithTraceback);

    LuaState lua_;
    World& world_;
    std::string dataRoot_;
    int moduleRef_ = -2;  // WaitSupport module table (LUA_NOREF)
    int envRef_ = -2;     // the scene sandbox
    int apiNamesRef_ = -2;
    int factsRef_ = -2;        // what the one reader found in the loaded script's source
    std::string scriptLabel_;  // the loaded script's chunk name
    std::string scriptShown_;  // and its path as a person can open it
    std::vector<Tracked> tracked_;
    std::vector<std::string> libraryParts_;  // the chunks l_loadLibraryPart gave, by name
    int errorCount_ = 0;
    TracebackShown tracebacks_ = TracebackShown::None;
    bool hangSuspected_ = false;
    std::uint64_t memoryRefusalsNamed_ = 0;  // the cap's refusals up to the last error that named it
    bool topLevelLeftProcesses_ = false;
    std::string scriptPath_;                         // the main script
    std::string moduleFolder_;                       // the main script's folder: require looks there, and only there
    std::shared_ptr<const FileIndex> givenModules_;  // the run's (useModules), or null
    std::shared_ptr<const FileIndex> moduleFiles_;   // the loaded script's: the run's, or read for it
    std::vector<Module> modules_;
    std::vector<std::string> loading_;  // the modules being loaded, outermost first (a loop is an error)
    int loadedRef_ = -2;                // module name -> what it returned
};

// "file:line" at the start of an error message, or "?".
std::string errorLocation(const std::string& message);

}  // namespace stagehand
