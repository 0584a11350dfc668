// World state: actors, waypoints, speech, the dialogue box, fades and the
// camera. Advanced once per simulation tick; knows nothing of Lua.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "game/InputLog.h"
#include "game/Transcript.h"
#include "render/Color.h"

namespace stagehand {

struct Vec2 {
    float x = 0, y = 0;
};

enum class Facing { Down, Up, Left, Right };
const char* facingName(Facing facing);
std::optional<Facing> parseFacing(const std::string& name);
// Which way an actor faces looking or moving along (dx, dy): the longer axis
// wins, and a tie (or no movement) faces sideways. The one home of this rule:
// walking, the player's movement and faceTowards all use it.
Facing facingAlong(float dx, float dy);

struct Actor {
    std::string id;           // what scripts call it: "jackie"
    std::string displayName;  // what the screen shows: "Jackie"
    std::string glyph;        // one UTF-8 character drawn as its body
    Color color;
    Vec2 position;
    Vec2 walkTarget;
    std::string walkTargetName;
    bool walking = false;
    bool active = false;
    float speed = 140.0f;  // world units per second
    Facing facing = Facing::Down;
    std::string speech;            // speech bubble text, empty when silent
    float speechSecondsLeft = -1;  // < 0: until replaced or cleared
    float appearFlash = 0;         // seconds left of the "just appeared" glow
};

struct DialogueLine {
    int id = 0;
    std::string speaker;  // actor id, or empty for narration
    std::string text;
    float charsShown = 0;
    float holdSecondsLeft = 0;
    bool typed = false;
    bool waitsForPlayer = false;  // a story page (text()): the player advances it
};

// A choice the player is asked to make (menu()).
struct ChoiceMenu {
    int id = 0;
    std::vector<std::string> options;
    int selected = 0;  // highlighted, 0-based
    int chosen = 0;    // 1-based once chosen
};

// How story text behaves; the player changes it in the window.
struct TextSettings {
    float charsPerSecond = 45.0f;      // 0: appear at once
    bool autoAdvance = false;          // pages turn themselves after reading time
    float readingScale = 1.0f;         // that reading time x this (the player's auto-advance wait)
    bool skipping = false;             // a skip key is held: pages fly by
    bool headless = false;             // no player: pages turn once typed, menus use scripted answers
    bool menusWaitForAnswers = false;  // headless menus with no scripted answer left stay open (screenshots)
};

// One entry of the history a player can read back: a line or page as shown
// (speaker by display name, empty for narration), or a choice they made.
struct HistoryEntry {
    std::string speaker;
    std::string text;
    bool choice = false;
};

// What the player is pressing this tick.
struct PlayerInput {
    float moveX = 0, moveY = 0;  // -1..1
};

enum class FadeKind { None, Out, In, Flash };
const char* fadeKindName(FadeKind kind);
std::optional<FadeKind> parseFadeKind(const std::string& name);

class World {
public:
    explicit World(Transcript& transcript) : transcript_(transcript) {}

    // --- Setup (from map data) ---
    void addWaypoint(const std::string& name, Vec2 position);
    void addActor(Actor actor);
    const Vec2* findWaypoint(const std::string& name) const;
    Actor* findActor(const std::string& id);
    const Actor* findActor(const std::string& id) const;
    const std::map<std::string, Vec2>& waypoints() const { return waypoints_; }
    const std::vector<Actor>& actors() const { return actors_; }
    std::vector<std::string> actorIds() const;
    std::vector<std::string> waypointNames() const;
    // Pictures scripts may show with image(name): the names of the picture files in assets/images.
    void setImageNames(std::vector<std::string> names) { imageNames_ = std::move(names); }
    const std::vector<std::string>& imageNames() const { return imageNames_; }

    // --- Commands (from scripts) ---
    void activate(Actor& actor, bool active);
    void setPosition(Actor& actor, Vec2 position);
    void walkTo(Actor& actor, Vec2 target, const std::string& targetName);
    void face(Actor& actor, Facing facing);
    void say(Actor& actor, const std::string& text, float seconds);
    int showLine(const std::string& speaker, const std::string& text);
    int showPage(const std::string& speaker, const std::string& text);
    bool isLineFinished(int lineId) const;
    void setImage(const std::string& name);
    // Shows a menu; in headless runs answers it from the scripted choices at once.
    // Returns 0 (and sets `error`) when a headless menu has no valid answer left.
    int showMenu(const std::vector<std::string>& options, std::string& error);
    int menuChoice(int menuId) const;  // 1-based, 0 while undecided
    void showBanner(const std::string& text, float seconds);
    void setPlayer(Actor* actor);
    void recordJump(const std::string& target);
    // A scheduler mechanic (process_start, wait, signal...), stamped now.
    void recordMechanic(TranscriptEvent e);

    // --- Player input (window) ---
    // Every player input below that can change the run is also passed to the
    // recorder, with the tick it arrived at (see InputLog).
    using InputRecorder = std::function<void(const InputCommand&)>;
    void setInputRecorder(InputRecorder recorder) { recorder_ = std::move(recorder); }
    void setTextSettings(const TextSettings& settings);
    const TextSettings& textSettings() const { return textSettings_; }
    // Answers to menus for a run with no player, in order; `source` names
    // where they came from in errors (the program says "--choose").
    void setScriptedChoices(std::vector<int> choices, std::string source = "the scripted answers") {
        scriptedChoices_ = std::move(choices);
        choicesSource_ = std::move(source);
    }
    void setPlayerInput(PlayerInput input);
    // Space, Enter or a click: completes a line being typed, else turns the page.
    void advancePressed();
    void moveMenuSelection(int delta);
    void hoverMenuOption(int index);
    bool chooseMenuOption(int index);  // 0-based; false if no menu or out of range
    static bool lookingAt(const Actor& looker, const Actor& target);
    void startFade(FadeKind kind, double seconds);
    void setCameraCenter(Vec2 center);
    // The place the camera looks at (a map's name) picks the backdrop.
    void setPlace(const std::string& mapName) { place_ = mapName; }
    void setBackdrop(const std::string& mapName, const std::string& backdrop) { backdrops_[mapName] = backdrop; }
    std::string backdrop() const;
    void setControlsEnabled(bool enabled);
    void reportError(const std::string& message, const std::string& where);
    // Shows a message in the error overlay without a transcript event (the
    // caller records its own, such as "stuck").
    void showError(const std::string& message, float seconds = 8.0f);
    void dismissError() { errorSecondsLeft_ = 0; }
    const std::vector<HistoryEntry>& history() const { return history_; }
    // A short notice from the host (not the script), e.g. "reloaded".
    void showNotice(const std::string& text) { notice_ = text, noticeSecondsLeft_ = 2.5f; }
    const std::string& notice() const { return notice_; }
    float noticeSecondsLeft() const { return noticeSecondsLeft_; }
    void note(const std::string& event, const std::string& text);

    // --- Simulation ---
    void advance(float dt);
    double time() const { return static_cast<double>(ticks_) * tickSeconds_; }
    void setTickSeconds(double seconds) { tickSeconds_ = seconds; }
    std::uint64_t ticks() const { return ticks_; }
    bool isBusy() const;  // walking, typing or fading: time alone will change things

    // --- What the view draws ---
    Vec2 cameraCenter() const { return cameraCenter_; }
    bool controlsEnabled() const { return controlsEnabled_; }
    const std::optional<DialogueLine>& currentLine() const { return line_; }
    const std::optional<ChoiceMenu>& currentMenu() const { return menu_; }
    const std::string& image() const { return image_; }
    const Actor* player() const;
    const std::string& bannerText() const { return banner_; }
    float bannerSecondsLeft() const { return bannerSecondsLeft_; }
    float fadeOverlayAlpha() const;  // black veil, 0..1
    float flashAlpha() const;        // white veil, 0..1
    const std::string& lastError() const { return lastError_; }
    float errorSecondsLeft() const { return errorSecondsLeft_; }

private:
    TranscriptEvent event(const char* name) const;
    void advanceActor(Actor& actor, float dt);
    void advanceLine(float dt);
    void advancePlayer(float dt);
    void finishLine();

    Transcript& transcript_;
    std::map<std::string, Vec2> waypoints_;
    std::vector<Actor> actors_;
    std::optional<DialogueLine> line_;
    std::optional<ChoiceMenu> menu_;
    int nextMenuId_ = 1;
    std::vector<int> scriptedChoices_;
    std::string choicesSource_ = "the scripted answers";
    std::size_t nextScriptedChoice_ = 0;
    std::map<int, int> choices_;  // menu id -> chosen option, 1-based
    std::string image_;
    std::string place_;
    std::map<std::string, std::string> backdrops_;
    std::vector<std::string> imageNames_;
    std::string playerId_;
    PlayerInput playerInput_;
    TextSettings textSettings_;
    std::string banner_;
    float bannerSecondsLeft_ = 0;
    int nextLineId_ = 1;
    int finishedLineId_ = 0;  // lines up to this id are done
    FadeKind fadeKind_ = FadeKind::None;
    float fadeSeconds_ = 0, fadeElapsed_ = 0;
    bool veiled_ = false;  // after a fade out, until a fade in
    Vec2 cameraCenter_{640, 360};
    bool controlsEnabled_ = true;
    std::string lastError_;
    std::vector<HistoryEntry> history_;
    void addHistory(const std::string& speaker, const std::string& text, bool choice);
    InputRecorder recorder_;
    void record(InputCommand command);
    bool choose(int index);
    float errorSecondsLeft_ = 0;
    std::string notice_;
    float noticeSecondsLeft_ = 0;
    std::uint64_t ticks_ = 0;
    double tickSeconds_ = 1.0 / 60.0;
};

}  // namespace stagehand
