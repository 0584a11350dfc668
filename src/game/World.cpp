#include "game/World.h"

#include <algorithm>
#include <cmath>

#include "render/Utf8.h"

namespace stagehand {

namespace {
constexpr float kErrorShownSeconds = 8.0f;
constexpr float kAppearGlowSeconds = 0.6f;

// Seconds a typed line stays up: a beat, plus time to read it.
float readingSeconds(const std::string& text) {
    return 1.0f + 0.035f * static_cast<float>(utf8::length(text));
}
}  // namespace

const char* facingName(Facing facing) {
    switch (facing) {
        case Facing::Down: return "down";
        case Facing::Up: return "up";
        case Facing::Left: return "left";
        case Facing::Right: return "right";
    }
    return "down";
}

Facing facingAlong(float dx, float dy) {
    if (std::fabs(dx) >= std::fabs(dy)) return dx < 0 ? Facing::Left : Facing::Right;
    return dy < 0 ? Facing::Up : Facing::Down;
}

std::optional<Facing> parseFacing(const std::string& name) {
    for (Facing f : {Facing::Down, Facing::Up, Facing::Left, Facing::Right})
        if (name == facingName(f)) return f;
    return std::nullopt;
}

const char* fadeKindName(FadeKind kind) {
    switch (kind) {
        case FadeKind::Out: return "out";
        case FadeKind::In: return "in";
        case FadeKind::Flash: return "flash";
        case FadeKind::None: break;
    }
    return "none";
}

std::optional<FadeKind> parseFadeKind(const std::string& name) {
    for (FadeKind k : {FadeKind::Out, FadeKind::In, FadeKind::Flash})
        if (name == fadeKindName(k)) return k;
    return std::nullopt;
}

void World::addWaypoint(const std::string& name, Vec2 position) {
    waypoints_[name] = position;
}

void World::addActor(Actor actor) {
    actors_.push_back(std::move(actor));
}

const Vec2* World::findWaypoint(const std::string& name) const {
    auto it = waypoints_.find(name);
    return it == waypoints_.end() ? nullptr : &it->second;
}

Actor* World::findActor(const std::string& id) {
    for (auto& a : actors_)
        if (a.id == id) return &a;
    return nullptr;
}

const Actor* World::findActor(const std::string& id) const {
    return const_cast<World*>(this)->findActor(id);
}

std::vector<std::string> World::actorIds() const {
    std::vector<std::string> ids;
    for (const auto& a : actors_) ids.push_back(a.id);
    std::sort(ids.begin(), ids.end());
    return ids;
}

std::vector<std::string> World::waypointNames() const {
    std::vector<std::string> names;
    for (const auto& [name, pos] : waypoints_) names.push_back(name);
    return names;
}

void World::recordMechanic(TranscriptEvent e) {
    e.time = time();
    transcript_.record(std::move(e));
}

TranscriptEvent World::event(const char* name) const {
    TranscriptEvent e;
    e.time = time();
    e.name = name;
    return e;
}

void World::activate(Actor& actor, bool active) {
    if (actor.active == active) return;
    actor.active = active;
    if (active) actor.appearFlash = kAppearGlowSeconds;
    transcript_.record(event(active ? "activate" : "deactivate").with("actor", actor.id));
}

void World::setPosition(Actor& actor, Vec2 position) {
    actor.position = position;
    actor.walking = false;
}

void World::walkTo(Actor& actor, Vec2 target, const std::string& targetName) {
    actor.walkTarget = target;
    actor.walkTargetName = targetName;
    actor.walking = true;
    transcript_.record(event("walk").with("actor", actor.id).with("to", targetName));
}

void World::face(Actor& actor, Facing facing) {
    actor.facing = facing;
}

void World::say(Actor& actor, const std::string& text, float seconds) {
    actor.speech = text;
    actor.speechSecondsLeft = seconds;
    if (!text.empty()) transcript_.record(event("say").with("actor", actor.id).with("text", text));
}

int World::showLine(const std::string& speaker, const std::string& text) {
    if (line_) finishedLineId_ = line_->id;  // a new line replaces the one showing
    DialogueLine line;
    line.id = nextLineId_++;
    line.speaker = speaker;
    line.text = text;
    line_ = line;
    addHistory(speaker, text, false);
    transcript_.record(event("line").with("speaker", speaker).with("text", text));
    return line.id;
}

int World::showPage(const std::string& speaker, const std::string& text) {
    if (line_) finishedLineId_ = line_->id;
    DialogueLine page;
    page.id = nextLineId_++;
    page.speaker = speaker;
    page.text = text;
    page.waitsForPlayer = true;
    line_ = page;
    addHistory(speaker, text, false);
    auto e = event("text");
    if (!speaker.empty()) e.with("speaker", speaker);
    transcript_.record(e.with("text", text));
    return page.id;
}

bool World::isLineFinished(int lineId) const {
    return lineId <= finishedLineId_;
}

void World::finishLine() {
    if (!line_) return;
    finishedLineId_ = line_->id;
    line_.reset();
}

void World::setImage(const std::string& name) {
    image_ = name;
    transcript_.record(event("image").with("name", name));
}

int World::showMenu(const std::vector<std::string>& options, std::string& error) {
    finishLine();  // the page that asked the question gives way to the choices
    ChoiceMenu menu;
    menu.id = nextMenuId_++;
    menu.options = options;
    menu_ = menu;
    std::string listed;
    for (std::size_t i = 0; i < options.size(); ++i)
        listed += (i ? " | " : "") + std::to_string(i + 1) + ". " + options[i];
    transcript_.record(event("menu").with("options", listed));
    if (!textSettings_.headless) return menu.id;
    if (nextScriptedChoice_ >= scriptedChoices_.size() && textSettings_.menusWaitForAnswers) return menu.id;
    if (nextScriptedChoice_ >= scriptedChoices_.size()) {
        error = "no answer left in " + choicesSource_ + " for this menu (options: " + listed + ")";
        menu_.reset();
        return 0;
    }
    int answer = scriptedChoices_[nextScriptedChoice_++];
    if (!chooseMenuOption(answer - 1)) {
        error = "answer " + std::to_string(answer) + " from " + choicesSource_ +
                " is out of range for this menu (options: " + listed + ")";
        menu_.reset();
        return 0;
    }
    return menu.id;
}

int World::menuChoice(int menuId) const {
    auto it = choices_.find(menuId);
    return it == choices_.end() ? 0 : it->second;
}

void World::record(InputCommand command) {
    command.tick = ticks_;
    if (recorder_) recorder_(command);
}

void World::setTextSettings(const TextSettings& settings) {
    bool changed = settings.charsPerSecond != textSettings_.charsPerSecond ||
                   settings.autoAdvance != textSettings_.autoAdvance || settings.skipping != textSettings_.skipping ||
                   settings.readingScale != textSettings_.readingScale;
    textSettings_ = settings;
    if (!changed) return;
    InputCommand c;
    c.kind = InputCommand::Kind::Text;
    c.x = settings.charsPerSecond;
    c.y = settings.readingScale;
    c.autoAdvance = settings.autoAdvance;
    c.skipping = settings.skipping;
    record(c);
}

void World::setPlayerInput(PlayerInput input) {
    if (input.moveX == playerInput_.moveX && input.moveY == playerInput_.moveY) return;
    playerInput_ = input;
    InputCommand c;
    c.kind = InputCommand::Kind::Move;
    c.x = input.moveX;
    c.y = input.moveY;
    record(c);
}

bool World::chooseMenuOption(int index) {
    if (!menu_ || index < 0 || index >= static_cast<int>(menu_->options.size())) return false;
    InputCommand c;
    c.kind = InputCommand::Kind::Choose;
    c.number = index + 1;
    record(c);
    return choose(index);
}

bool World::choose(int index) {
    choices_[menu_->id] = index + 1;
    addHistory("", menu_->options[index], true);
    transcript_.record(event("choice").withNumber("index", index + 1).with("text", menu_->options[index]));
    menu_.reset();
    return true;
}

void World::moveMenuSelection(int delta) {
    if (!menu_) return;
    InputCommand c;
    c.kind = InputCommand::Kind::Select;
    c.number = delta < 0 ? -1 : 1;
    record(c);
    int count = static_cast<int>(menu_->options.size());
    menu_->selected = ((menu_->selected + delta) % count + count) % count;
}

void World::hoverMenuOption(int index) {
    if (!menu_ || index < 0 || index >= static_cast<int>(menu_->options.size()) || menu_->selected == index) return;
    InputCommand c;
    c.kind = InputCommand::Kind::Hover;
    c.number = index + 1;
    record(c);
    menu_->selected = index;
}

void World::advancePressed() {
    if (!menu_ && !line_) return;  // nothing to advance: not an input of the run
    InputCommand c;
    c.kind = InputCommand::Kind::Advance;
    record(c);
    if (menu_) {
        choose(menu_->selected);
        return;
    }
    if (!line_->typed) {
        line_->charsShown = static_cast<float>(utf8::length(line_->text));
        line_->typed = true;
        line_->holdSecondsLeft = readingSeconds(line_->text) * textSettings_.readingScale;
        return;
    }
    finishLine();
}

void World::showBanner(const std::string& text, float seconds) {
    banner_ = text;
    bannerSecondsLeft_ = seconds;
    transcript_.record(event("banner").with("text", text));
}

void World::setPlayer(Actor* actor) {
    playerId_ = actor ? actor->id : "";
}

const Actor* World::player() const {
    return playerId_.empty() ? nullptr : findActor(playerId_);
}

void World::addHistory(const std::string& speaker, const std::string& text, bool choice) {
    const Actor* actor = speaker.empty() ? nullptr : findActor(speaker);
    history_.push_back({actor ? actor->displayName : speaker, text, choice});
}

void World::recordJump(const std::string& target) {
    transcript_.record(event("jump").with("target", target));
}

bool World::lookingAt(const Actor& looker, const Actor& target) {
    static const float kReach = 300.0f, kCosHalfAngle = 0.8f;  // within about 37 degrees of straight ahead
    float fx = looker.facing == Facing::Left ? -1.0f : looker.facing == Facing::Right ? 1.0f : 0.0f;
    float fy = looker.facing == Facing::Up ? -1.0f : looker.facing == Facing::Down ? 1.0f : 0.0f;
    float dx = target.position.x - looker.position.x, dy = target.position.y - looker.position.y;
    float distance = std::sqrt(dx * dx + dy * dy);
    if (distance < 0.001f || distance > kReach) return false;
    return (dx * fx + dy * fy) / distance >= kCosHalfAngle;
}

void World::startFade(FadeKind kind, double seconds) {
    fadeKind_ = kind;
    fadeSeconds_ = static_cast<float>(std::max(seconds, 0.0));
    fadeElapsed_ = 0;
    if (kind == FadeKind::Out) veiled_ = true;
    if (kind == FadeKind::In) veiled_ = false;
    transcript_.record(event("fade").with("kind", fadeKindName(kind)).withNumber("seconds", seconds));
}

void World::setCameraCenter(Vec2 center) {
    cameraCenter_ = center;
}

std::string World::backdrop() const {
    auto it = backdrops_.find(place_);
    return it == backdrops_.end() ? "forest" : it->second;
}

void World::setControlsEnabled(bool enabled) {
    if (controlsEnabled_ == enabled) return;
    controlsEnabled_ = enabled;
    transcript_.record(event("controls").with("enabled", enabled ? "true" : "false"));
}

void World::reportError(const std::string& message, const std::string& where) {
    showError(message, kErrorShownSeconds);
    transcript_.record(event("error").with("message", message).with("where", where));
}

void World::showError(const std::string& message, float seconds) {
    lastError_ = message;
    errorSecondsLeft_ = seconds;
}

void World::note(const std::string& name, const std::string& text) {
    transcript_.record(event(name.c_str()).with("text", text));
}

void World::advance(float dt) {
    ++ticks_;
    for (auto& actor : actors_) advanceActor(actor, dt);
    advancePlayer(dt);
    advanceLine(dt);
    bannerSecondsLeft_ = std::max(0.0f, bannerSecondsLeft_ - dt);
    if (fadeKind_ != FadeKind::None) {
        fadeElapsed_ += dt;
        if (fadeElapsed_ >= fadeSeconds_) fadeKind_ = FadeKind::None;
    }
    errorSecondsLeft_ = std::max(0.0f, errorSecondsLeft_ - dt);
    noticeSecondsLeft_ = std::max(0.0f, noticeSecondsLeft_ - dt);
}

void World::advanceActor(Actor& actor, float dt) {
    actor.appearFlash = std::max(0.0f, actor.appearFlash - dt);
    if (actor.speechSecondsLeft > 0) {
        actor.speechSecondsLeft -= dt;
        if (actor.speechSecondsLeft <= 0) actor.speech.clear();
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
        transcript_.record(event("arrive").with("actor", actor.id).with("at", actor.walkTargetName));
        return;
    }
    actor.position.x += dx / distance * step;
    actor.position.y += dy / distance * step;
}

void World::advancePlayer(float dt) {
    Actor* actor = playerId_.empty() ? nullptr : findActor(playerId_);
    float mx = playerInput_.moveX, my = playerInput_.moveY;
    if (!actor || !controlsEnabled_ || menu_ || (mx == 0 && my == 0)) return;
    float length = std::sqrt(mx * mx + my * my);
    actor->walking = false;
    actor->position.x += mx / length * actor->speed * dt;
    actor->position.y += my / length * actor->speed * dt;
    actor->facing = facingAlong(mx, my);
}

void World::advanceLine(float dt) {
    if (!line_) return;
    auto total = static_cast<float>(utf8::length(line_->text));
    const TextSettings& settings = textSettings_;
    if (!line_->typed) {
        bool instant = settings.charsPerSecond <= 0 || settings.skipping;
        line_->charsShown = instant ? total : std::min(total, line_->charsShown + settings.charsPerSecond * dt);
        if (line_->charsShown >= total) {
            line_->typed = true;
            line_->holdSecondsLeft = settings.skipping ? 0.1f : readingSeconds(line_->text) * settings.readingScale;
        }
        return;
    }
    // A typed page waits for the player, unless nobody is there, auto-advance
    // is on, or the player holds the skip key.
    bool turnsItself = !line_->waitsForPlayer || settings.autoAdvance || settings.skipping;
    if (line_->waitsForPlayer && settings.headless) {
        finishLine();
        return;
    }
    if (!turnsItself) return;
    if (settings.skipping) line_->holdSecondsLeft = std::min(line_->holdSecondsLeft, 0.1f);
    line_->holdSecondsLeft -= dt;
    if (line_->holdSecondsLeft <= 0) finishLine();
}

bool World::isBusy() const {
    if (line_ || menu_ || fadeKind_ != FadeKind::None) return true;
    return std::any_of(actors_.begin(), actors_.end(), [](const Actor& a) { return a.walking; });
}

float World::fadeOverlayAlpha() const {
    float progress = fadeSeconds_ > 0 ? std::min(1.0f, fadeElapsed_ / fadeSeconds_) : 1.0f;
    if (fadeKind_ == FadeKind::Out) return progress;
    if (fadeKind_ == FadeKind::In) return 1.0f - progress;
    return veiled_ ? 1.0f : 0.0f;
}

float World::flashAlpha() const {
    if (fadeKind_ != FadeKind::Flash) return 0.0f;
    float progress = fadeSeconds_ > 0 ? std::min(1.0f, fadeElapsed_ / fadeSeconds_) : 1.0f;
    return 1.0f - progress;
}

}  // namespace stagehand
