// Lays out a marked text (text/Markup.h) once per text, face, size and width:
// shaped (render/TextShaper: bidi, fallback fonts, HarfBuzz), each glyph's
// font, place and style, lines broken by TextShaper's rules with mixed sizes
// on one baseline, right-to-left paragraphs aligned right. Drawing a laid-out text is then a loop over glyphs:
// the typed part only, in its colours, italics slanted, and waving or
// shaking letters moved by a function of the scene time and the letter's
// index (deterministic: a screenshot at a given time is always the same).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "render/Batch2D.h"
#include "render/GlyphAtlas.h"
#include "text/Markup.h"

namespace stagehand::text {

struct PlacedGlyph {
    int font = 0;
    std::uint32_t glyph = 0;  // index in the font (shaped)
    float x = 0, y = 0;       // pen and the glyph font's top, in pixels from the text's top-left
    std::uint32_t index = 0;  // code point index in the plain text of its cluster's first character
    std::uint16_t style = 0;
    bool endAligned = false;  // on a right-to-left paragraph's line: drawn to the box's right edge
    float size = 0;           // view units: how far the letter may move
};

struct TextLayout {
    std::shared_ptr<const MarkedText> text;
    std::vector<PlacedGlyph> glyphs;  // inked glyphs, line by line in visual order
    std::vector<float> lineTops;      // view units from the top
    float width = 0, height = 0;      // view units
    float unitsPerPixel = 1;
    bool moves = false;
    bool rightToLeft = false;  // the first paragraph's direction
};

// Where a waving or shaking letter is, from its resting place (view units).
struct Offset {
    float x = 0, y = 0;
};
Offset motionOffset(const TextStyle& style, std::uint32_t index, float size, double time);

class RichText {
public:
    RichText(GlyphAtlas& atlas, Batch2D& batch) : atlas_(atlas), batch_(batch) {}

    // The layout of `text` in `face` at `size` view units drawn at
    // `pixelsPerUnit`, no wider than `maxWidth`: made on the first call,
    // the same object after.
    const TextLayout& layout(const std::shared_ptr<const MarkedText>& text, FontFace face, float size,
                             float pixelsPerUnit, float maxWidth, float lineSpacing = 1.0f);

    // Draws the first `shown` characters with the top-left at (x, y): colour
    // `base` where the text sets none (its alpha applies to all), the motion
    // at scene time `time`; still when `stillMotion` (the player's setting).
    // The lines of right-to-left paragraphs end at x + boxWidth (at the
    // layout's own width when boxWidth is smaller), the others start at x.
    void draw(const TextLayout& layout, float x, float y, Color base, std::size_t shown, double time, bool stillMotion,
              bool shadow = true, float boxWidth = 0);

    // Call once per frame before any layout(): a full cache forgets the texts
    // the last frame did not show (never mid-frame: a frame holds its layouts).
    void beginFrame();

    int layoutsMade() const { return layoutsMade_; }

private:
    TextLayout make(const std::shared_ptr<const MarkedText>& text, FontFace face, float size, float pixelsPerUnit,
                    float maxWidth, float lineSpacing);
    void emit(const TextLayout& layout, float x, float y, Color base, std::size_t shown, double time, bool still,
              bool shade, float endShift);

    struct Key {
        const MarkedText* text;
        int face;
        float size, pixelsPerUnit, width, lineSpacing;
        bool operator<(const Key& o) const {
            if (lineSpacing != o.lineSpacing) return lineSpacing < o.lineSpacing;
            if (text != o.text) return text < o.text;
            if (face != o.face) return face < o.face;
            if (size != o.size) return size < o.size;
            if (pixelsPerUnit != o.pixelsPerUnit) return pixelsPerUnit < o.pixelsPerUnit;
            return width < o.width;
        }
    };
    static constexpr std::size_t kCacheSize = 256;
    struct Entry {
        TextLayout layout;
        std::uint64_t usedInFrame = 0;
    };
    std::map<Key, Entry> layouts_;  // each holds its text, so no key's pointer is reused while cached
    std::uint64_t frame_ = 0;
    int layoutsMade_ = 0;

    GlyphAtlas& atlas_;
    Batch2D& batch_;
};

}  // namespace stagehand::text
