// The world a scene plays in, as parts with one job each: the cast (actors,
// waypoints, walking, the player's actor), the story (lines, pages, menus,
// history), the camera, the scenery (backdrop, pictures, fades, banner) and
// the host's notices (problems, short notices), with the soundtrack the story's
// lines speak through. The world owns them, keeps the clock and advances them
// once per simulation tick. Knows nothing of Lua, drawing or the command line.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "game/Camera.h"
#include "game/Cast.h"
#include "game/Chronicle.h"
#include "game/MapCatalog.h"
#include "game/Notices.h"
#include "game/Scenery.h"
#include "game/Soundtrack.h"
#include "game/Story.h"

namespace stagehand {

class World {
public:
    explicit World(Transcript& transcript) : chronicle_(transcript) {}
    World(const World&) = delete;
    World& operator=(const World&) = delete;

    Cast& cast() { return cast_; }
    const Cast& cast() const { return cast_; }
    Story& story() { return story_; }
    const Story& story() const { return story_; }
    Camera& camera() { return camera_; }
    const Camera& camera() const { return camera_; }
    Scenery& scenery() { return scenery_; }
    const Scenery& scenery() const { return scenery_; }
    Notices& notices() { return notices_; }
    const Notices& notices() const { return notices_; }
    Soundtrack& soundtrack() { return soundtrack_; }
    const Soundtrack& soundtrack() const { return soundtrack_; }
    // Where the maps came from and what they hold besides the cast.
    MapCatalog& maps() { return maps_; }
    const MapCatalog& maps() const { return maps_; }

    // Every player input that can change the run is also passed to the
    // recorder, with the tick it arrived at (see InputLog).
    void setInputRecorder(Chronicle::InputRecorder recorder) { chronicle_.setInputRecorder(std::move(recorder)); }
    // Applies a recorded log's commands due before the coming tick runs, from `next` on
    // (a replay, a hot reload or a saved game fed back).
    void applyDueInput(const InputLog& log, std::size_t& next);

    // --- Events that belong to no part ---
    void recordJump(const std::string& target);
    // A scheduler mechanic (process_start, wait, signal...), stamped now.
    void recordMechanic(TranscriptEvent e);
    void note(const std::string& event, const std::string& text);

    // --- Chapters of a story ---
    // The stage as the first chapter found it (after the script's top level):
    // each later chapter begins on it (beginChapter).
    void rememberChapterStart() { cast_.rememberStart(); }
    // A new chapter begins on the stage a chapter played alone would find: the
    // cast back at their maps' places and unseen, the camera, backdrop,
    // pictures, fades and banner as at the start, looping sounds and music
    // stopped. The clock, the history and the problems on screen go on.
    void beginChapter();

    // --- Simulation ---
    void advance(float dt);
    double time() const { return chronicle_.time(); }
    void setTickSeconds(double seconds) { chronicle_.setTickSeconds(seconds); }
    std::uint64_t ticks() const { return chronicle_.ticks(); }
    const std::uint64_t& eventsRecorded() const { return chronicle_.recordedCount(); }
    // The stage's C functions count their calls here (their worldOf): the
    // watchdog charges each, so a loop of calls into C stops as fast as one in Lua.
    void countHostCall() { ++hostCalls_; }
    const std::uint64_t& hostCalls() const { return hostCalls_; }
    bool isBusy() const;  // walking, typing or fading: time alone will change things
    // The {signal=NAME} names the typewriter met since the last take, in
    // order, for the host to send before the scheduler's tick.
    std::vector<std::string> takeTextSignals() { return std::exchange(textSignals_, {}); }

private:
    std::uint64_t hostCalls_ = 0;
    Chronicle chronicle_;  // first: the parts keep a reference to it
    Cast cast_{chronicle_};
    Soundtrack soundtrack_{chronicle_};
    Story story_{chronicle_, cast_, soundtrack_};
    Scenery scenery_{chronicle_};
    Notices notices_{chronicle_};
    Camera camera_;
    MapCatalog maps_;
    std::vector<std::string> textSignals_;
};

}  // namespace stagehand
