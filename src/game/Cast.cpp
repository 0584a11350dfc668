#include "game/Cast.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "game/EnumNames.h"

namespace stagehand {

namespace {
constexpr float kAppearGlowSeconds = 0.6f;
constexpr EnumName<Facing> kFacings[] = {
    {Facing::Down, "down"}, {Facing::Up, "up"}, {Facing::Left, "left"}, {Facing::Right, "right"}};
}  // namespace

const char* facingName(Facing facing) {
    return nameIn(kFacings, facing, "down");
}

std::vector<std::string> facingNames() {
    return listIn(kFacings);
}

std::optional<Facing> parseFacing(const std::string& name) {
    return parseIn(kFacings, name);
}

Facing facingAlong(float dx, float dy) {
    if (std::fabs(dx) >= std::fabs(dy)) return dx < 0 ? Facing::Left : Facing::Right;
    return dy < 0 ? Facing::Up : Facing::Down;
}

void Cast::forgetMapSetup(const std::string& prefix, std::size_t keptActors) {
    for (auto it = waypoints_.lower_bound(prefix); it != waypoints_.end() && it->first.rfind(prefix, 0) == 0;)
        it = waypoints_.erase(it);
    if (actors_.size() > keptActors) actors_.resize(keptActors);
}

const Vec2* Cast::findWaypoint(const std::string& name) const {
    auto it = waypoints_.find(name);
    return it == waypoints_.end() ? nullptr : &it->second;
}

Actor* Cast::findActor(const std::string& id) {
    for (auto& a : actors_)
        if (a.id == id) return &a;
    return nullptr;
}

const Actor* Cast::findActor(const std::string& id) const {
    return const_cast<Cast*>(this)->findActor(id);
}

std::vector<std::string> Cast::actorIds() const {
    std::vector<std::string> ids;
    for (const auto& a : actors_) ids.push_back(a.id);
    std::sort(ids.begin(), ids.end());
    return ids;
}

std::vector<std::string> Cast::waypointNames() const {
    std::vector<std::string> names;
    for (const auto& [name, pos] : waypoints_) names.push_back(name);
    return names;
}

std::string Cast::displayName(const std::string& id) const {
    const Actor* actor = id.empty() ? nullptr : findActor(id);
    return actor ? actor->displayName : id;
}

void Cast::activate(Actor& actor, bool active) {
    if (actor.active == active) return;
    actor.active = active;
    if (active) actor.appearFlash = kAppearGlowSeconds;
    chronicle_.record(chronicle_.event(active ? "activate" : "deactivate").with("actor", actor.id));
}

void Cast::setPosition(Actor& actor, Vec2 position) {
    actor.position = position;
    actor.walking = false;
}

void Cast::walkTo(Actor& actor, Vec2 target, const std::string& targetName) {
    actor.walkTarget = target;
    actor.walkTargetName = targetName;
    actor.walking = true;
    chronicle_.record(chronicle_.event("walk").with("actor", actor.id).with("to", targetName));
}

void Cast::say(Actor& actor, const std::string& text, float seconds) {
    say(actor, text::plainText(text), seconds);
}

void Cast::say(Actor& actor, std::shared_ptr<const text::MarkedText> text, float seconds) {
    actor.speech = text->plain;
    actor.speechMarked = std::move(text);
    actor.speechSecondsLeft = seconds;
    actor.speechAge = 0;
    if (actor.speech.empty()) return;
    auto event = chronicle_.event("say").with("actor", actor.id).with("text", actor.speech);
    if (!actor.speechMarked->lineId.empty()) event.with("id", actor.speechMarked->lineId);
    chronicle_.record(event);
}

void Cast::setPortrait(Actor& actor, const std::string& image) {
    actor.portrait = image;
    actor.expression.clear();
    chronicle_.record(chronicle_.event("portrait").with("actor", actor.id).with("image", image));
}

void Cast::setExpression(Actor& actor, const std::string& expression) {
    actor.expression = expression;
    chronicle_.record(chronicle_.event("expression").with("actor", actor.id).with("expression", expression));
}

std::string Cast::portraitImage(const Actor& actor) {
    if (actor.portrait.empty() || actor.expression.empty()) return actor.portrait;
    return actor.portrait + "_" + actor.expression;
}

namespace {
bool hasPicture(const std::vector<std::string>& pictures, const std::string& name) {
    return std::binary_search(pictures.begin(), pictures.end(), name);  // kept in name order
}
}  // namespace

std::string Cast::portraitImage(const Actor& actor, const std::vector<std::string>& pictures) {
    if (actor.portrait.empty() || actor.expression.empty()) return actor.portrait;
    std::string inFolder = actor.portrait + "/" + actor.expression;
    return hasPicture(pictures, inFolder) ? inFolder : portraitImage(actor);
}

void Cast::setSprite(Actor& actor, const std::string& sprite) {
    actor.sprite = sprite;
    chronicle_.record(chronicle_.event("sprite").with("actor", actor.id).with("image", sprite));
}

std::string Cast::spriteImage(const Actor& actor, const std::vector<std::string>& pictures) {
    if (actor.sprite.empty()) return "";
    for (const char* joint : {"/", "_"})
        if (!actor.expression.empty() && hasPicture(pictures, actor.sprite + joint + actor.expression))
            return actor.sprite + joint + actor.expression;
    return hasPicture(pictures, actor.sprite) ? actor.sprite : actor.sprite + "/neutral";
}

bool Cast::lookingAt(const Actor& looker, const Actor& target) {
    static const float kReach = 300.0f, kCosHalfAngle = 0.8f;  // within about 37 degrees of straight ahead
    float fx = looker.facing == Facing::Left ? -1.0f : looker.facing == Facing::Right ? 1.0f : 0.0f;
    float fy = looker.facing == Facing::Up ? -1.0f : looker.facing == Facing::Down ? 1.0f : 0.0f;
    float dx = target.position.x - looker.position.x, dy = target.position.y - looker.position.y;
    float distance = std::sqrt(dx * dx + dy * dy);
    if (distance < 0.001f || distance > kReach) return false;
    return (dx * fx + dy * fy) / distance >= kCosHalfAngle;
}

const Actor* Cast::player() const {
    return playerId_.empty() ? nullptr : findActor(playerId_);
}

void Cast::setControlsEnabled(bool enabled) {
    if (controlsEnabled_ == enabled) return;
    controlsEnabled_ = enabled;
    chronicle_.record(chronicle_.event("controls").with("enabled", enabled ? "true" : "false"));
}

void Cast::setPlayerInput(PlayerInput input) {
    if (input.moveX == playerInput_.moveX && input.moveY == playerInput_.moveY) return;
    playerInput_ = input;
    InputCommand c;
    c.kind = InputCommand::Kind::Move;
    c.x = input.moveX;
    c.y = input.moveY;
    chronicle_.recordInput(c);
}

void Cast::advance(float dt, bool frozen) {
    for (auto& actor : actors_) advanceActor(actor, dt);
    if (!frozen) advancePlayer(dt);
}

bool Cast::anyoneWalking() const {
    return std::any_of(actors_.begin(), actors_.end(), [](const Actor& a) { return a.walking; });
}

void Cast::advanceActor(Actor& actor, float dt) {
    actor.appearFlash = std::max(0.0f, actor.appearFlash - dt);
    actor.speechAge += dt;
    actor.stepping = actor.walking;
    if (actor.speechSecondsLeft > 0) {
        actor.speechSecondsLeft -= dt;
        if (actor.speechSecondsLeft <= 0) actor.speech.clear(), actor.speechMarked.reset();
    }
    if (!actor.walking) return;
    float dx = actor.walkTarget.x - actor.position.x;
    float dy = actor.walkTarget.y - actor.position.y;
    float distance = std::sqrt(dx * dx + dy * dy);
    float step = actor.speed * dt;
    if (distance > 0.001f) {
        actor.facing = facingAlong(dx, dy);
    }
    if (distance <= step) {
        actor.position = actor.walkTarget;
        actor.walking = false;
        chronicle_.record(chronicle_.event("arrive").with("actor", actor.id).with("at", actor.walkTargetName));
        return;
    }
    actor.position.x += dx / distance * step;
    actor.position.y += dy / distance * step;
}

void Cast::advancePlayer(float dt) {
    Actor* actor = playerId_.empty() ? nullptr : findActor(playerId_);
    float mx = playerInput_.moveX, my = playerInput_.moveY;
    if (!actor || !controlsEnabled_ || (mx == 0 && my == 0)) return;
    float length = std::sqrt(mx * mx + my * my);
    actor->walking = false;
    actor->position.x += mx / length * actor->speed * dt;
    actor->position.y += my / length * actor->speed * dt;
    actor->facing = facingAlong(mx, my);
    actor->stepping = true;
}

void Cast::setFrameRate(const std::string& sprite, const std::string& animation, float fps) {
    frameRates_.bySpriteAndAnimation[sprite + "/" + animation] = fps;
    chronicle_.record(
        chronicle_.event("frameRate").with("sprite", sprite).with("animation", animation).withNumber("fps", fps));
}

Actor& Cast::show(const std::string& id, const std::string& expression, Vec2 position) {
    Actor* actor = findActor(id);
    if (!actor) {
        // Its colour from its name, so a character keeps it from run to run.
        static const Color kAccents[] = {{240, 160, 106, 255}, {138, 182, 240, 255}, {156, 207, 159, 255},
                                         {217, 160, 208, 255}, {255, 211, 110, 255}, {122, 208, 200, 255}};
        std::uint32_t hash = 2166136261u;
        for (unsigned char c : id) hash = (hash ^ c) * 16777619u;
        Actor made;
        made.id = id;
        made.displayName = id;
        if (!made.displayName.empty() && made.displayName[0] >= 'a' && made.displayName[0] <= 'z')
            made.displayName[0] = static_cast<char>(made.displayName[0] - 'a' + 'A');
        made.glyph = made.displayName.substr(0, 1);
        made.color = kAccents[hash % (sizeof kAccents / sizeof kAccents[0])];
        made.sprite = id;
        made.nameShown = false;
        actors_.push_back(std::move(made));
        actor = &actors_.back();
    }
    if (actor->sprite.empty()) actor->sprite = id;
    actor->expression = expression == "neutral" ? "" : expression;
    actor->position = position;
    actor->walking = false;
    actor->opacity = 1;
    actor->active = true;
    chronicle_.record(
        chronicle_.event("show").with("actor", id).with("expression", expression.empty() ? "neutral" : expression));
    return *actor;
}

void Cast::hide(Actor& actor) {
    actor.active = false;
    actor.walking = false;
    actor.opacity = 1;
    actor.speech.clear(), actor.speechMarked.reset();
    chronicle_.record(chronicle_.event("hide").with("actor", actor.id));
}

void Cast::returnToStart() {
    actors_ = startingActors_;
    playerId_.clear();
    playerInput_ = {};
    controlsEnabled_ = true;
}

}  // namespace stagehand
