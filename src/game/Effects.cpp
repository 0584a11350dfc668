#include "game/Effects.h"

#include <algorithm>

#include "game/EnumNames.h"

namespace stagehand {

namespace {
constexpr EnumName<FadeKind> kFadeKinds[] = {{FadeKind::Out, "out"}, {FadeKind::In, "in"}, {FadeKind::Flash, "flash"}};
constexpr EnumName<Backdrop> kBackdrops[] = {
    {Backdrop::Forest, "forest"}, {Backdrop::Sea, "sea"}, {Backdrop::LampRoom, "lamproom"}};
constexpr EnumName<Transition> kTransitions[] = {
    {Transition::Dissolve, "dissolve"}, {Transition::Fade, "fade"}, {Transition::Slide, "slide"}};
}  // namespace

std::optional<Transition> parseTransition(const std::string& name) {
    return parseIn(kTransitions, name);
}

const char* transitionName(Transition transition) {
    return nameIn(kTransitions, transition, "cut");
}

const char* fadeKindName(FadeKind kind) {
    return nameIn(kFadeKinds, kind, "none");
}

std::vector<std::string> fadeKindNames() {
    return listIn(kFadeKinds);
}

std::vector<std::string> transitionNames() {
    return listIn(kTransitions);
}

std::optional<FadeKind> parseFadeKind(const std::string& name) {
    return parseIn(kFadeKinds, name);
}

std::optional<Backdrop> parseBackdrop(const std::string& name) {
    return parseIn(kBackdrops, name);
}

std::string backdropNamesForHelp() {
    return namesIn(kBackdrops);
}

Backdrop Effects::backdrop() const {
    auto it = backdrops_.find(place_);
    return it == backdrops_.end() ? Backdrop::Plain : it->second;
}

void Effects::setBackdropPicture(const std::string& name, Transition transition) {
    backdropBefore_ = backdropPicture_;
    backdropPicture_ = name;
    transition_ = transition;
    transitionProgress_ = transition == Transition::Cut ? 1.0f : 0.0f;
    auto event = chronicle_.event("backdrop").with("name", name);
    if (transition != Transition::Cut) event.with("transition", transitionName(transition));
    chronicle_.record(event);
}

void Effects::setTransitionProgress(float progress) {
    transitionProgress_ = std::clamp(progress, 0.0f, 1.0f);
}

void Effects::setImage(const std::string& name) {
    image_ = name;
    chronicle_.record(chronicle_.event("image").with("name", name));
}

void Effects::startFade(FadeKind kind, double seconds) {
    fadeKind_ = kind;
    fadeSeconds_ = static_cast<float>(std::max(seconds, 0.0));
    fadeElapsed_ = 0;
    if (kind == FadeKind::Out) veil_ = 1;
    if (kind == FadeKind::In) veil_ = 0;
    chronicle_.record(chronicle_.event("fade").with("kind", fadeKindName(kind)).withNumber("seconds", seconds));
}

float Effects::fadeProgress() const {
    return fadeSeconds_ > 0 ? std::min(1.0f, fadeElapsed_ / fadeSeconds_) : 1.0f;
}

float Effects::fadeOverlayAlpha() const {
    if (fadeKind_ == FadeKind::Out) return fadeProgress();
    if (fadeKind_ == FadeKind::In) return 1.0f - fadeProgress();
    return veil_;
}

void Effects::setFadeLevel(float level) {
    if (fadeKind_ == FadeKind::Out || fadeKind_ == FadeKind::In) fadeKind_ = FadeKind::None;
    veil_ = std::clamp(level, 0.0f, 1.0f);
}

void Effects::setImageOpacity(float opacity) {
    imageOpacity_ = std::clamp(opacity, 0.0f, 1.0f);
}

float Effects::flashAlpha() const {
    return fadeKind_ == FadeKind::Flash ? 1.0f - fadeProgress() : 0.0f;
}

void Effects::showBanner(const std::string& text, float seconds) {
    showBanner(text::plainText(text), seconds);
}

void Effects::showBanner(std::shared_ptr<const text::MarkedText> text, float seconds) {
    banner_ = text->plain;
    bannerMarked_ = std::move(text);
    bannerSecondsLeft_ = seconds;
    auto event = chronicle_.event("banner").with("text", banner_);
    if (!bannerMarked_->lineId.empty()) event.with("id", bannerMarked_->lineId);
    chronicle_.record(event);
}

void Effects::reportError(const std::string& message, const std::string& where) {
    showError(message);
    chronicle_.record(chronicle_.event("error").with("message", message).with("where", where));
}

void Effects::showProblem(const std::string& message, Severity severity) {
    if (severity == Severity::Error) lastError_ = message;
    auto same = std::find_if(problems_.begin(), problems_.end(), [&](const Problem& p) { return p.text == message; });
    if (same != problems_.end()) problems_.erase(same);
    if (problems_.size() >= kProblemsKept) problems_.erase(problems_.begin());
    problems_.push_back({message, severity});
}

void Effects::advance(float dt) {
    bannerSecondsLeft_ = std::max(0.0f, bannerSecondsLeft_ - dt);
    if (fadeKind_ != FadeKind::None) {
        fadeElapsed_ += dt;
        if (fadeElapsed_ >= fadeSeconds_) fadeKind_ = FadeKind::None;
    }
    noticeSecondsLeft_ = std::max(0.0f, noticeSecondsLeft_ - dt);
}

void Effects::clearStage() {
    place_.clear();
    backdropPicture_.clear();
    backdropBefore_.clear();
    transition_ = Transition::Cut;
    transitionProgress_ = 1;
    image_.clear();
    imageOpacity_ = 1;
    fadeKind_ = FadeKind::None;
    fadeSeconds_ = fadeElapsed_ = 0;
    veil_ = 0;
    banner_.clear();
    bannerMarked_.reset();
    bannerSecondsLeft_ = 0;
}

}  // namespace stagehand
