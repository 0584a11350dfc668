// How the world view looks besides its colours (view/Palette.h): the font
// roles it draws with, shared by its source files.
#pragma once

#include "render/TextRenderer.h"
#include "view/Palette.h"

namespace stagehand {

// Every font the view draws with, by what it is for. prepareFonts warms
// exactly these, so a new role is warmed by being listed here, never by hand.
struct FontRole {
    FontFace face;
    float size;
    bool text;  // false: only shape glyphs (discs, trees, markers) are drawn with it
};
namespace fonts {
constexpr FontRole kInspector{FontFace::Regular, 14, true};
constexpr FontRole kPageHint{FontFace::Regular, 15, true};
constexpr FontRole kSmall{FontFace::Regular, 16, true};  // menu title, notices
constexpr FontRole kLabel{FontFace::Bold, 16, true};     // actor names, history speakers
constexpr FontRole kKeyHints{FontFace::Regular, 17, true};
constexpr FontRole kBody{FontFace::Regular, 18, true};  // errors, history lines
constexpr FontRole kBubble{FontFace::Regular, 19, true};
constexpr FontRole kHeading{FontFace::Bold, 22, true};  // speaker names, the history title, menu numbers
constexpr FontRole kOption{FontFace::Regular, 22, true};
constexpr FontRole kDialogue{FontFace::Regular, 24, true};
constexpr FontRole kActorLetter{FontFace::Bold, 30, true};
constexpr FontRole kBanner{FontFace::Bold, 120, true};
constexpr FontRole kMarker{FontFace::Regular, 18, false};  // facing and page markers
constexpr FontRole kTail{FontFace::Regular, 24, false};    // bubble tails
constexpr FontRole kDisc{FontFace::Regular, 56, false};
constexpr FontRole kTree{FontFace::Regular, 64, false};
constexpr FontRole kAll[] = {kInspector, kPageHint, kSmall,  kLabel,       kKeyHints, kBody, kBubble, kHeading,
                             kOption,    kDialogue, kBanner, kActorLetter, kMarker,   kTail, kDisc,   kTree};
// The roles the player's text size scales.
constexpr FontRole kScaled[] = {kHeading, kOption, kDialogue, kBody, kLabel};
}  // namespace fonts

// c with each channel scaled by f (0..1): a darker shade.
inline Color darker(Color c, float f) {
    return {static_cast<std::uint8_t>(c.r * f), static_cast<std::uint8_t>(c.g * f), static_cast<std::uint8_t>(c.b * f),
            c.a};
}

}  // namespace stagehand
