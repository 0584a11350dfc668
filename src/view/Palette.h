// Every colour the game draws, named for what it paints: the one palette of
// the world view, the scene menu and the pause overlay. A dusk world, warm
// paper for speech, ink-blue panels with a gold accent.
#pragma once

#include <algorithm>
#include <cstdint>

#include "render/Color.h"

namespace stagehand {
namespace palette {

// c at alpha a: a colour named once and used again at another strength.
constexpr Color alphaOf(Color c, std::uint8_t a) {
    c.a = a;
    return c;
}

// --- Panels, text and menus (shared by every screen) ---
constexpr Color kPaper{250, 246, 234, 245};  // speech bubbles
constexpr Color kInk{28, 28, 36, 255};       // text on paper
constexpr Color kPanel{14, 18, 28, 232};     // the dialogue box and menus
constexpr Color kPanelText{238, 236, 228, 255};
constexpr Color kReadText{178, 194, 214, 255};  // a line read before (the player's option): cooler, still clear
constexpr Color kMuted{170, 182, 196, 255};     // hints and secondary text in the world view
constexpr Color kAccent{246, 222, 160, 255};    // titles, selection marks, choices made
constexpr Color kMenuText{232, 232, 226, 255};
constexpr Color kMenuMuted{150, 164, 180, 255};
constexpr Color kOption{190, 198, 210, 255};
constexpr Color kOptionSelected{255, 250, 236, 255};
constexpr Color kRowHighlight{255, 255, 255, 30};
constexpr Color kMenuRowHighlight{255, 255, 255, 28};
constexpr Color kTitleShade{8, 10, 24, 150};  // behind the title screen's rows, over its picture
constexpr Color kErrorPanel{120, 24, 32, 235};
constexpr Color kWarningPanel{104, 70, 12, 235};  // a problem that may not stop anything: a possible hang
constexpr Color kMenuErrorPanel{122, 28, 36, 230};
constexpr Color kErrorText{255, 236, 236, 255};
constexpr Color kBannerText{255, 244, 214, 255};
constexpr Color kNoticePanel{8, 10, 16, 215};
constexpr Color kNoticeText{214, 236, 214, 255};
constexpr Color kOverlayPanel{8, 10, 16, 255};    // the history
constexpr Color kInspectorPanel{8, 10, 16, 215};  // the process inspector
constexpr Color kSceneDimmed{0, 0, 0, 140};       // behind the history
constexpr Color kPauseDim{6, 8, 14, 170};         // behind the pause overlay
constexpr Color kPausePanel{18, 22, 34, 245};
constexpr Color kMenuSkyTop{20, 26, 40, 255};  // the scene menu's background
constexpr Color kMenuSkyBottom{34, 52, 52, 255};
constexpr Color kPortraitFrame{236, 226, 200, 255};
constexpr Color kUntinted{255, 255, 255, 255};  // pictures drawn as they are
// --- High contrast (the player's option): opaque black boxes, white and yellow text (21:1 and 19:1) ---
constexpr Color kContrastPanel{0, 0, 0, 255};
constexpr Color kContrastText{255, 255, 255, 255};
constexpr Color kContrastAccent{255, 236, 64, 255};  // speaker names, selection marks, numbers
constexpr Color kContrastPaper{255, 255, 255, 255};  // speech bubbles, opaque, with kInk text
// The base colour of a line's text (marked text's own {color} spans keep
// theirs): a line read before is kReadText in either look; on high
// contrast's black it is still 11:1 (tests/test_render.cpp measures it).
constexpr Color storyTextColor(bool highContrast, bool readBefore) {
    return readBefore ? kReadText : highContrast ? kContrastText : kPanelText;
}
// --- The editor overlay (F4): the map's bones over the scene ---
constexpr Color kEditorWaypoint{120, 236, 255, 255};
constexpr Color kEditorActorStart{255, 196, 92, 255};
constexpr Color kEditorBoxArea{255, 96, 96, 60};
constexpr Color kEditorBoxEdge{255, 120, 120, 220};
constexpr Color kEditorLabelBack{8, 10, 16, 190};

// --- Actors, fades and flashes ---
constexpr Color kFadeBlack{0, 0, 0, 255};
constexpr Color kFlashWhite{255, 252, 240, 255};
constexpr float kReducedFlashDim = 0.45f;  // a flash with fewer flashes asked for: black at this strength, fading
constexpr Color kActorShadow{0, 0, 0, 90};
constexpr Color kBubbleShadow{0, 0, 0, 70};
constexpr Color kAppearGlow{255, 244, 200, 255};

// --- Backdrops: the night sky, the moon and open ground (plain and forest) ---
constexpr Color kSkyTop{24, 36, 54, 255};
constexpr Color kSkyBottom{44, 70, 72, 255};
constexpr Color kGroundTop{52, 84, 58, 255};
constexpr Color kGroundBottom{30, 52, 38, 255};
constexpr Color kGrass{86, 124, 80, 150};
constexpr Color kTree{22, 40, 34, 255};
constexpr Color kMoon{244, 240, 214, 230};
constexpr Color kMoonGlow{240, 236, 210, 18};
constexpr Color kMoonGlowOverWater = alphaOf(kMoonGlow, 22);

// --- The sea and the quay ---
constexpr Color kSeaSkyTop{22, 30, 58, 255};
constexpr Color kSeaSkyBottom{70, 78, 110, 255};
constexpr Color kWaterTop{30, 52, 82, 255};
constexpr Color kWaterBottom{22, 40, 64, 255};
constexpr Color kWave{120, 150, 190, 50};         // alpha grows towards the shore
constexpr Color kMoonPath = alphaOf(kMoon, 120);  // the moon's light on the water
constexpr Color kDeckTop{104, 80, 58, 255};
constexpr Color kDeckBottom{64, 48, 36, 255};
constexpr Color kDeckSeam{48, 36, 26, 160};
constexpr Color kBollard{58, 42, 30, 255};
constexpr Color kBollardCap{130, 104, 78, 255};

// --- The lamp room ---
constexpr Color kWallTop{40, 30, 34, 255};
constexpr Color kWallBottom{70, 52, 44, 255};
constexpr Color kWindowFrame{96, 74, 60, 255};
constexpr Color kNightGlass{22, 32, 58, 255};
constexpr Color kStar{230, 230, 250, 200};
constexpr Color kLampHalo{255, 214, 120, 26};
constexpr Color kLampGlow{255, 220, 140, 50};
constexpr Color kLampBody{120, 96, 54, 255};
constexpr Color kLampFlame{255, 236, 170, 255};
constexpr Color kLampShelf{80, 62, 40, 255};
constexpr Color kFloorTop{92, 70, 52, 255};
constexpr Color kFloorBottom{52, 40, 30, 255};
constexpr Color kFloorSeam{40, 30, 22, 150};

}  // namespace palette

// c with its alpha scaled by `alpha` (0..1).
inline Color withAlpha(Color c, float alpha) {
    c.a = static_cast<std::uint8_t>(std::clamp(alpha, 0.0f, 1.0f) * c.a);
    return c;
}

}  // namespace stagehand
