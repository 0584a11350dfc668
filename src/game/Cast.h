// The cast and the places they stand: actors, waypoints, walking, facing,
// speech bubbles and the player's own actor. Knows nothing of Lua or drawing.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "game/Chronicle.h"
#include "render/Color.h"
#include "text/Markup.h"

namespace stagehand {

struct Vec2 {
    float x = 0, y = 0;
};

enum class Facing { Down, Up, Left, Right };
const char* facingName(Facing facing);
std::optional<Facing> parseFacing(const std::string& name);
std::vector<std::string> facingNames();  // down, up, left, right
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
    std::string speech;                                    // speech bubble text (plain), empty when silent
    std::shared_ptr<const text::MarkedText> speechMarked;  // how it looks
    std::string portrait;                                  // image shown beside its lines ("keeper"), empty for none
    std::string expression;  // "worried" shows portrait_worried (or portrait/worried); empty: the portrait itself
    // A picture, or a folder of pictures (one per expression), drawn as the
    // body in place of the lettered disc: "ada" shows images/ada/happy.png with
    // the expression "happy" (Cast::spriteImage); empty: the disc.
    std::string sprite;
    float speechSecondsLeft = -1;  // < 0: until replaced or cleared
    float speechAge = 0;           // seconds since its bubble was set: it talks while a reader would read
    bool stepping = false;         // walked or was moved by the player this tick: its sprite walks
    float opacity = 1;             // a show() or hide() dissolving it in or out
    bool nameShown = true;         // a character show() brought on by its pictures alone has no name under it
    float appearFlash = 0;         // seconds left of the "just appeared" glow
};

// Frames per second a game gave a sprite's animations (frameRate(SPRITE,
// ANIMATION, FPS)): "ada/walk" -> 10; any other plays at its default
// (src/game/SpriteFrames.cpp, which reads them with `of`).
struct FrameRates {
    std::map<std::string, float> bySpriteAndAnimation;
    float of(const std::string& sprite, const std::string& animation) const;
};

// What the player is pressing this tick.
struct PlayerInput {
    float moveX = 0, moveY = 0;  // -1..1
};

class Cast {
public:
    explicit Cast(Chronicle& chronicle) : chronicle_(chronicle) {}

    // --- Setup (from map data) ---
    void addWaypoint(const std::string& name, Vec2 position) { waypoints_[name] = position; }
    void addActor(Actor actor) { actors_.push_back(std::move(actor)); }
    // The cast as a chapter begins (World::beginChapter): remembered once, restored for each later chapter,
    // with no player and the controls on.
    void rememberStart() { startingActors_ = actors_; }
    void returnToStart();
    // Takes back what a map that failed half-way added: its waypoints (named
    // `prefix`...) and the actors after the first `keptActors`.
    void forgetMapSetup(const std::string& prefix, std::size_t keptActors);
    const Vec2* findWaypoint(const std::string& name) const;
    Actor* findActor(const std::string& id);
    const Actor* findActor(const std::string& id) const;
    const std::map<std::string, Vec2>& waypoints() const { return waypoints_; }
    const std::vector<Actor>& actors() const { return actors_; }
    std::vector<std::string> actorIds() const;  // sorted
    std::vector<std::string> waypointNames() const;
    // The name the screen shows for an actor id (the id itself if unknown).
    std::string displayName(const std::string& id) const;

    // --- Commands (from scripts) ---
    void activate(Actor& actor, bool active);
    void setPosition(Actor& actor, Vec2 position);
    void walkTo(Actor& actor, Vec2 target, const std::string& targetName);
    void face(Actor& actor, Facing facing) { actor.facing = facing; }
    void say(Actor& actor, const std::string& text, float seconds);
    // An explicit line ID ({#ID} in the marked text) is the say event's last field.
    void say(Actor& actor, std::shared_ptr<const text::MarkedText> text, float seconds);
    // The picture beside the actor's lines, and its expression (an image
    // named PORTRAIT_EXPRESSION; "" is the portrait itself).
    void setPortrait(Actor& actor, const std::string& image);
    void setExpression(Actor& actor, const std::string& expression);
    // The image the actor's lines show now, or "" for none.
    static std::string portraitImage(const Actor& actor);
    // The same where the expression's picture may sit in the portrait's
    // folder: keeper/worried when `pictures` has it, else keeper_worried.
    static std::string portraitImage(const Actor& actor, const std::vector<std::string>& pictures);
    void setSprite(Actor& actor, const std::string& sprite);
    // The picture drawn as the actor's body: SPRITE/EXPRESSION (or
    // SPRITE_EXPRESSION) when the actor has an expression and `pictures` has it, else SPRITE when it is a
    // picture itself, else SPRITE/neutral; "" for no sprite.
    static std::string spriteImage(const Actor& actor, const std::vector<std::string>& pictures);
    static bool lookingAt(const Actor& looker, const Actor& target);
    // frameRate(): `sprite`'s `animation` (talk, blink, idle, walk) at `fps` frames a second.
    void setFrameRate(const std::string& sprite, const std::string& animation, float fps);
    const FrameRates& frameRates() const { return frameRates_; }
    // show(): `id` on stage at `position`, drawn as its sprite with `expression`;
    // a character no map has is made from its pictures (its name its id, capitalised).
    Actor& show(const std::string& id, const std::string& expression, Vec2 position);
    // hide(): off stage, as at the start of the scene it was shown in.
    void hide(Actor& actor);

    // --- The player's actor ---
    void setPlayer(Actor* actor) { playerId_ = actor ? actor->id : ""; }
    const Actor* player() const;
    void setControlsEnabled(bool enabled);
    bool controlsEnabled() const { return controlsEnabled_; }
    void setPlayerInput(PlayerInput input);

    // One tick: walks, bubbles and glows; the player moves unless `frozen`
    // (a menu is open).
    void advance(float dt, bool frozen);
    bool anyoneWalking() const;

private:
    void advanceActor(Actor& actor, float dt);
    void advancePlayer(float dt);

    Chronicle& chronicle_;
    std::map<std::string, Vec2> waypoints_;
    std::vector<Actor> actors_;
    FrameRates frameRates_;
    std::vector<Actor> startingActors_;
    std::string playerId_;
    PlayerInput playerInput_;
    bool controlsEnabled_ = true;
};

}  // namespace stagehand
