#include "game/Scenery.h"

#include <algorithm>
#include <cstdlib>

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

namespace {
// The depth a layer's name starts with ("0.2-sky": 0.2), or 1 when it names none.
float layerDepth(const std::string& label) {
    const auto dash = label.find('-');
    if (dash == std::string::npos || dash == 0) return 1;
    const std::string number = label.substr(0, dash);
    if (number.find_first_not_of("0123456789.") != std::string::npos) return 1;
    char* end = nullptr;
    const float depth = std::strtof(number.c_str(), &end);
    return end == number.c_str() + number.size() && depth >= 0 && depth <= 100 ? depth : 1;
}
}  // namespace

std::vector<BackdropLayer> backdropLayers(const std::string& name, const std::vector<std::string>& pictures) {
    std::vector<BackdropLayer> layers;
    if (name.empty()) return layers;
    if (std::find(pictures.begin(), pictures.end(), name) != pictures.end()) return {{name, 1}};
    const std::string folder = name + "/";
    for (const auto& picture : pictures)
        if (picture.size() > folder.size() && picture.compare(0, folder.size(), folder) == 0 &&
            picture.find('/', folder.size()) == std::string::npos)
            layers.push_back({picture, layerDepth(picture.substr(folder.size()))});
    std::stable_sort(layers.begin(), layers.end(), [](const BackdropLayer& a, const BackdropLayer& b) {
        return a.depth != b.depth ? a.depth < b.depth : a.picture < b.picture;
    });
    if (layers.empty()) layers.push_back({name, 1});  // a picture the list does not know yet (a file just saved)
    return layers;
}

bool isBackdropName(const std::string& name, const std::vector<std::string>& pictures) {
    const std::string folder = name + "/";
    return !name.empty() && std::any_of(pictures.begin(), pictures.end(), [&](const std::string& picture) {
        return picture == name || (picture.size() > folder.size() && picture.compare(0, folder.size(), folder) == 0 &&
                                   picture.find('/', folder.size()) == std::string::npos);
    });
}

std::string backdropNamesForHelp() {
    return namesIn(kBackdrops);
}

Backdrop Scenery::backdrop() const {
    auto it = backdrops_.find(place_);
    return it == backdrops_.end() ? Backdrop::Plain : it->second;
}

void Scenery::setBackdropPicture(const std::string& name, Transition transition) {
    backdropBefore_ = backdropPicture_;
    backdropPicture_ = name;
    transition_ = transition;
    transitionProgress_ = transition == Transition::Cut ? 1.0f : 0.0f;
    auto event = chronicle_.event("backdrop").with("name", name);
    if (transition != Transition::Cut) event.with("transition", transitionName(transition));
    chronicle_.record(event);
}

void Scenery::setTransitionProgress(float progress) {
    transitionProgress_ = std::clamp(progress, 0.0f, 1.0f);
}

void Scenery::setImage(const std::string& name) {
    image_ = name;
    chronicle_.record(chronicle_.event("image").with("name", name));
}

void Scenery::startFade(FadeKind kind, double seconds) {
    fadeKind_ = kind;
    fadeSeconds_ = static_cast<float>(std::max(seconds, 0.0));
    fadeElapsed_ = 0;
    if (kind == FadeKind::Out) veil_ = 1;
    if (kind == FadeKind::In) veil_ = 0;
    chronicle_.record(chronicle_.event("fade").with("kind", fadeKindName(kind)).withNumber("seconds", seconds));
}

float Scenery::fadeProgress() const {
    return fadeSeconds_ > 0 ? std::min(1.0f, fadeElapsed_ / fadeSeconds_) : 1.0f;
}

float Scenery::fadeOverlayAlpha() const {
    if (fadeKind_ == FadeKind::Out) return fadeProgress();
    if (fadeKind_ == FadeKind::In) return 1.0f - fadeProgress();
    return veil_;
}

void Scenery::setFadeLevel(float level) {
    if (fadeKind_ == FadeKind::Out || fadeKind_ == FadeKind::In) fadeKind_ = FadeKind::None;
    veil_ = std::clamp(level, 0.0f, 1.0f);
}

void Scenery::setImageOpacity(float opacity) {
    imageOpacity_ = std::clamp(opacity, 0.0f, 1.0f);
}

float Scenery::flashAlpha() const {
    return fadeKind_ == FadeKind::Flash ? 1.0f - fadeProgress() : 0.0f;
}

void Scenery::showBanner(const std::string& text, float seconds) {
    showBanner(text::plainText(text), seconds);
}

void Scenery::showBanner(std::shared_ptr<const text::MarkedText> text, float seconds) {
    banner_ = text->plain;
    bannerMarked_ = std::move(text);
    bannerSecondsLeft_ = seconds;
    auto event = chronicle_.event("banner").with("text", banner_);
    if (!bannerMarked_->lineId.empty()) event.with("id", bannerMarked_->lineId);
    chronicle_.record(event);
}

void Scenery::advance(float dt) {
    bannerSecondsLeft_ = std::max(0.0f, bannerSecondsLeft_ - dt);
    if (fadeKind_ != FadeKind::None) {
        fadeElapsed_ += dt;
        if (fadeElapsed_ >= fadeSeconds_) fadeKind_ = FadeKind::None;
    }
}

void Scenery::clearStage() {
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
