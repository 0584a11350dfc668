// What frames the cast: the backdrop, a picture over the scene, fades and
// flashes, and the banner (the camera is the world's own: Camera.h; what the
// host tells the player is Notices.h). Knows nothing of Lua or drawing.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "game/Chronicle.h"
#include "text/Markup.h"

namespace stagehand {

enum class FadeKind { None, Out, In, Flash };

// The painted backdrops a map may name ("backdrop sea"); Plain is a map that
// names none.
enum class Backdrop { Plain, Forest, Sea, LampRoom };
std::optional<Backdrop> parseBackdrop(const std::string& name);
std::string backdropNamesForHelp();  // "forest|sea|lamproom"
const char* fadeKindName(FadeKind kind);
std::optional<FadeKind> parseFadeKind(const std::string& name);
std::vector<std::string> fadeKindNames();  // out, in, flash

// How one backdrop gives way to the next (backdrop(name, transition, seconds)):
// at once, the new one showing through the old, through black, or sliding in from the right.
enum class Transition { Cut, Dissolve, Fade, Slide };
std::optional<Transition> parseTransition(const std::string& name);
const char* transitionName(Transition transition);
std::vector<std::string> transitionNames();  // dissolve, fade, slide

// One picture of a backdrop and how far it moves with the world: 1 exactly as
// the cast (the ground they stand on), 0.2 a fifth as far (a far sky), above 1
// faster (something near the viewer).
struct BackdropLayer {
    std::string picture;
    float depth = 1;
};
// The pictures a backdrop NAME draws, farthest first: NAME itself when it is a
// picture; else every picture of the folder NAME, each named DEPTH-LABEL
// ("forest/0.2-sky") or LABEL (depth 1), in order of depth, then of name.
// A name that is neither is one picture, which may fail to load; "" none.
// `pictures` are the image names (imageNames()).
std::vector<BackdropLayer> backdropLayers(const std::string& name, const std::vector<std::string>& pictures);
// Whether backdrop(NAME) shows something: NAME is a picture or a folder of them.
bool isBackdropName(const std::string& name, const std::vector<std::string>& pictures);

class Scenery {
public:
    explicit Scenery(Chronicle& chronicle) : chronicle_(chronicle) {}

    // --- The backdrop ---
    // The place the camera looks at (a map's name) picks the backdrop.
    void setPlace(const std::string& mapName) { place_ = mapName; }
    const std::string& place() const { return place_; }
    void setBackdrop(const std::string& mapName, Backdrop backdrop) { backdrops_[mapName] = backdrop; }
    void forgetBackdrop(const std::string& mapName) { backdrops_.erase(mapName); }  // a map left out
    // The backdrop of the current place: Plain when its map names none.
    Backdrop backdrop() const;
    // A picture (a name as for image()) drawn as the backdrop in place of the
    // painted one, whatever the place; "" for the painted one again.
    void setBackdropPicture(const std::string& name, Transition transition = Transition::Cut);
    const std::string& backdropPicture() const { return backdropPicture_; }
    // The transition under way: from which backdrop ("" the painted one), how,
    // and how far (0 the old one, 1 the new one: a tween sets it).
    const std::string& backdropBefore() const { return backdropBefore_; }
    Transition transition() const { return transitionProgress_ < 1 ? transition_ : Transition::Cut; }
    float transitionProgress() const { return transitionProgress_; }
    void setTransitionProgress(float progress);

    // --- A picture over the scene (image(name)) ---
    // The names scripts may show: the picture files of the game's images/
    // and the engine's assets/images; `where` names those folders for messages.
    void setImageNames(std::vector<std::string> names, std::string where = "assets/images") {
        imageNames_ = std::move(names);
        imageFolders_ = std::move(where);
    }
    const std::vector<std::string>& imageNames() const { return imageNames_; }
    const std::string& imageFolders() const { return imageFolders_; }
    void setImage(const std::string& name);
    const std::string& image() const { return image_; }
    // The picture's opacity, 0..1 (a tween fades it; showing another keeps it).
    void setImageOpacity(float opacity);
    float imageOpacity() const { return imageOpacity_; }

    // --- Fades and the banner ---
    void startFade(FadeKind kind, double seconds);
    bool fading() const { return fadeKind_ != FadeKind::None; }
    float fadeOverlayAlpha() const;  // black veil, 0..1
    float flashAlpha() const;        // white veil, 0..1
    // Sets the black veil at once (a tween of the fade level): a fade in or
    // out under way stops there; a flash goes on.
    void setFadeLevel(float level);
    void showBanner(const std::string& text, float seconds);
    // An explicit line ID ({#ID} in the marked text) is the banner event's last field.
    void showBanner(std::shared_ptr<const text::MarkedText> text, float seconds);
    const std::string& bannerText() const { return banner_; }  // plain
    const std::shared_ptr<const text::MarkedText>& bannerMarked() const { return bannerMarked_; }
    float bannerSecondsLeft() const { return bannerSecondsLeft_; }

    void advance(float dt);
    // What a chapter sets on screen, back as it was at the start (World::beginChapter): the place, the
    // backdrop, the picture, fades and the banner.
    void clearStage();

private:
    float fadeProgress() const;

    Chronicle& chronicle_;
    std::string place_;
    std::map<std::string, Backdrop> backdrops_;
    std::string backdropPicture_, backdropBefore_;
    Transition transition_ = Transition::Cut;
    float transitionProgress_ = 1;
    std::vector<std::string> imageNames_;
    std::string imageFolders_ = "assets/images";
    std::string image_;
    float imageOpacity_ = 1;
    FadeKind fadeKind_ = FadeKind::None;
    float fadeSeconds_ = 0, fadeElapsed_ = 0;
    float veil_ = 0;  // the black veil when no fade runs: 1 after a fade out, 0 after a fade in
    std::string banner_;
    std::shared_ptr<const text::MarkedText> bannerMarked_;
    float bannerSecondsLeft_ = 0;
};

}  // namespace stagehand
