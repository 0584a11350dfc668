#include "view/WorldView.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "platform/Portable.h"
#include "render/Utf8.h"

namespace stagehand {

namespace {

// Palette: a dusk clearing, warm paper for speech, ink-blue panels.
constexpr Color kSkyTop{24, 36, 54, 255};
constexpr Color kSkyBottom{44, 70, 72, 255};
constexpr Color kGroundTop{52, 84, 58, 255};
constexpr Color kGroundBottom{30, 52, 38, 255};
constexpr Color kPaper{250, 246, 234, 245};
constexpr Color kInk{28, 28, 36, 255};
constexpr Color kPanel{14, 18, 28, 232};
constexpr Color kPanelText{238, 236, 228, 255};
constexpr Color kMuted{170, 182, 196, 255};
constexpr Color kErrorPanel{120, 24, 32, 235};
constexpr float kHorizon = 250;

Color withAlpha(Color c, float alpha) {
    c.a = static_cast<std::uint8_t>(std::clamp(alpha, 0.0f, 1.0f) * c.a);
    return c;
}

Color darker(Color c, float f) {
    return {static_cast<std::uint8_t>(c.r * f), static_cast<std::uint8_t>(c.g * f), static_cast<std::uint8_t>(c.b * f),
            c.a};
}

}  // namespace

Vec2 WorldView::toView(const World& world, Vec2 p) const {
    Vec2 c = world.effects().cameraCenter();
    return {p.x - c.x + ViewLayout::kWidth / 2, p.y - c.y + ViewLayout::kHeight / 2};
}

void WorldView::glyphQuad(const Font& font, char32_t cp, float cx, float cy, float w, float h, Color color) {
    const Glyph& g = atlas_.glyph(font.id, cp);
    if (!g.texture) return;
    batch_.setTexture(g.texture, true);
    batch_.quad(cx - w / 2, cy - h / 2, w, h, g.uv, color);
}

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
constexpr FontRole kScaled[] = {kHeading, kOption, kDialogue};
}  // namespace fonts

Font WorldView::fontFor(const FontRole& role, float scale) {
    return text_.font(role.face, role.size * scale, pixelsPerUnit_);
}

void WorldView::prepareFonts(float pixelsPerUnit) {
    pixelsPerUnit_ = pixelsPerUnit;
    for (const FontRole& role : fonts::kAll) {
        int id = fontFor(role).id;
        if (role.text) atlas_.prewarmAscii(id);
        for (char32_t cp : {U'\u25CF', U'\u25B2', U'\u25BC', U'\u25C0', U'\u25B6', U'\u00B7', U'\u2026'})
            atlas_.glyph(id, cp);  // shapes, the key hints' dots, the ellipsis
    }
    preparedScale_ = pixelsPerUnit;
}

void WorldView::draw(const World& world, const ViewLayout& layout, const ViewOverlay& overlay) {
    pixelsPerUnit_ = layout.scale;
    textScale_ = overlay.textScale;
    padHints_ = overlay.padHints;
    if (preparedScale_ != pixelsPerUnit_) prepareFonts(pixelsPerUnit_);
    // The player's text size: its fonts are opened before the batch begins, like
    // every other (see PauseMenu::draw).
    for (const FontRole& role : fonts::kScaled) fontFor(role, textScale_);
    batch_.begin(ViewLayout::kWidth, ViewLayout::kHeight);
    drawBackdrop(world);

    // Actors, nearest (largest y) drawn last; bubbles above every actor.
    std::vector<const Actor*> cast;
    for (const auto& a : world.cast().actors())
        if (a.active) cast.push_back(&a);
    std::stable_sort(cast.begin(), cast.end(),
                     [](const Actor* a, const Actor* b) { return a->position.y < b->position.y; });
    for (const Actor* a : cast) drawActor(*a, toView(world, a->position));
    for (const auto& bubble : layoutBubbles(world, cast)) drawBubble(bubble);

    menuRows_.clear();
    if (const auto& menu = world.story().currentMenu()) {
        drawMenu(world, *menu);
    } else if (const auto& line = world.story().currentLine()) {
        drawDialogue(world, *line);
    }
    drawBanner(world);

    Font small = fontFor(fonts::kKeyHints);
    float hintWidth = overlay.hint.empty() ? 0 : text_.width(small, overlay.hint);
    if (!overlay.hint.empty()) text_.draw(small, overlay.hint, ViewLayout::kWidth - 24 - hintWidth, 18, kMuted);
    if (!overlay.title.empty())  // the title gives way to the key hints
        text_.draw(small, text_.elide(small, overlay.title, ViewLayout::kWidth - 72 - hintWidth), 24, 18, kMuted);
    if (overlay.inspector) drawInspector(*overlay.inspector, overlay.paused);
    if (overlay.history) drawHistory(world, overlay.historyScroll);

    if (float veil = world.effects().fadeOverlayAlpha(); veil > 0)
        batch_.rect(0, 0, ViewLayout::kWidth, ViewLayout::kHeight, withAlpha({0, 0, 0, 255}, veil));
    if (float flash = world.effects().flashAlpha(); flash > 0)
        batch_.rect(0, 0, ViewLayout::kWidth, ViewLayout::kHeight, withAlpha({255, 252, 240, 255}, flash));
    drawError(world);
    drawNotice(world);
    batch_.end();
}

void WorldView::drawBackdrop(const World& world) {
    // The horizon moves with the camera's height so walking scenes feel placed.
    Vec2 camera = world.effects().cameraCenter();
    float horizon = kHorizon - (camera.y - ViewLayout::kHeight / 2) * 0.3f;
    horizon = std::clamp(horizon, 40.0f, ViewLayout::kHeight - 40);
    switch (world.effects().backdrop()) {
        case Backdrop::Sea: drawSea(camera, horizon); break;
        case Backdrop::LampRoom: drawLampRoom(camera, horizon); break;
        case Backdrop::Forest: drawForest(camera, horizon); break;
        case Backdrop::Plain: drawPlain(camera, horizon); break;
    }
}

void WorldView::drawMoon(Vec2 camera, Color glow) {
    Font disc = fontFor(fonts::kDisc);
    float x = 1040 - camera.x * 0.05f;
    glyphQuad(disc, U'\u25CF', x, 90, 150, 150, glow);
    glyphQuad(disc, U'\u25CF', x, 90, 70, 70, {244, 240, 214, 230});
}

// Grass blades or deck planks: thin strokes in a fixed scatter that scrolls with the ground.
void WorldView::drawGroundMarks(Vec2 camera, float top, Color colour) {
    float shift = std::fmod(camera.x, 160.0f);
    for (int row = 0; row < 5; ++row) {
        float y = top + 30 + row * (ViewLayout::kHeight - top) / 5;
        for (float x = -shift + (row % 2) * 80; x < ViewLayout::kWidth + 80; x += 160) {
            batch_.rect(x, y, 2, 8, colour);
            batch_.rect(x + 5, y - 4, 2, 12, colour);
            batch_.rect(x + 10, y, 2, 8, colour);
        }
    }
}

// A map that names no backdrop: open ground under a night sky.
void WorldView::drawPlain(Vec2 camera, float horizon) {
    batch_.gradientRect(0, 0, ViewLayout::kWidth, horizon, kSkyTop, kSkyBottom);
    batch_.gradientRect(0, horizon, ViewLayout::kWidth, ViewLayout::kHeight - horizon, kGroundTop, kGroundBottom);
    drawMoon(camera, {240, 236, 210, 18});
    drawGroundMarks(camera, horizon, {86, 124, 80, 150});
}

void WorldView::drawForest(Vec2 camera, float horizon) {
    batch_.gradientRect(0, 0, ViewLayout::kWidth, horizon, kSkyTop, kSkyBottom);
    batch_.gradientRect(0, horizon, ViewLayout::kWidth, ViewLayout::kHeight - horizon, kGroundTop, kGroundBottom);
    drawMoon(camera, {240, 236, 210, 18});
    // A treeline drifting slower than the ground when the camera moves reads as depth.
    Font tree = fontFor(fonts::kTree);
    float treeShift = std::fmod(camera.x * 0.5f, 90.0f);
    for (int i = -1; i < 16; ++i) {
        float height = 46 + 22 * static_cast<float>((i * 7 + 3) % 5);
        float x = i * 90 - treeShift + 20 * static_cast<float>((i * 3) % 4);
        glyphQuad(tree, U'\u25B2', x, horizon - height / 2 + 4, height * 0.75f, height, {22, 40, 34, 255});
    }
    drawGroundMarks(camera, horizon, {86, 124, 80, 150});
}

void WorldView::drawSea(Vec2 camera, float horizon) {
    const float shore = horizon + 110;  // where the water meets the deck
    batch_.gradientRect(0, 0, ViewLayout::kWidth, horizon, {22, 30, 58, 255}, {70, 78, 110, 255});
    drawMoon(camera, {240, 236, 210, 22});
    batch_.gradientRect(0, horizon, ViewLayout::kWidth, shore - horizon, {30, 52, 82, 255}, {22, 40, 64, 255});
    // Waves, and the moon's path on the water.
    float shift = std::fmod(camera.x * 0.7f, 120.0f);
    for (int row = 0; row < 5; ++row) {
        float y = horizon + 12 + row * 20;
        for (float x = -shift + (row % 2) * 60; x < ViewLayout::kWidth; x += 120)
            batch_.rect(x, y, 34 + row * 6, 2, {120, 150, 190, static_cast<std::uint8_t>(50 + row * 12)});
    }
    float moonX = 1040 - camera.x * 0.05f;
    for (int row = 0; row < 6; ++row)
        batch_.rect(moonX - 30 + (row % 2) * 14, horizon + 8 + row * 17, 46 - row * 4, 3, {244, 240, 214, 120});
    // The deck: planks and a row of posts along the edge.
    batch_.gradientRect(0, shore, ViewLayout::kWidth, ViewLayout::kHeight - shore, {104, 80, 58, 255},
                        {64, 48, 36, 255});
    for (float y = shore + 26; y < ViewLayout::kHeight; y += 30)
        batch_.rect(0, y, ViewLayout::kWidth, 2, {48, 36, 26, 160});
    float postShift = std::fmod(camera.x, 140.0f);
    for (float x = -postShift; x < ViewLayout::kWidth + 20; x += 140) {
        batch_.rect(x, shore - 22, 14, 30, {58, 42, 30, 255});
        batch_.rect(x, shore - 22, 14, 4, {130, 104, 78, 255});
    }
}

void WorldView::drawLampRoom(Vec2 camera, float horizon) {
    const float floor = horizon + 30;
    batch_.gradientRect(0, 0, ViewLayout::kWidth, floor, {40, 30, 34, 255}, {70, 52, 44, 255});
    // A round window onto the night sea, and the great lamp with its glow.
    Font disc = fontFor(fonts::kDisc);
    float wx = 200 - camera.x * 0.1f;
    glyphQuad(disc, U'\u25CF', wx, 130, 150, 150, {96, 74, 60, 255});
    glyphQuad(disc, U'\u25CF', wx, 130, 128, 128, {22, 32, 58, 255});
    for (int i = 0; i < 7; ++i) batch_.rect(wx - 40 + (i * 37) % 80, 100 + (i * 23) % 60, 2, 2, {230, 230, 250, 200});
    batch_.rect(wx - 64, 128, 128, 4, {96, 74, 60, 255});
    float lx = 860 - camera.x * 0.1f;
    glyphQuad(disc, U'\u25CF', lx, 120, 360, 300, {255, 214, 120, 26});
    glyphQuad(disc, U'\u25CF', lx, 120, 200, 170, {255, 220, 140, 50});
    batch_.rect(lx - 42, 150, 84, 60, {120, 96, 54, 255});
    glyphQuad(disc, U'\u25CF', lx, 118, 96, 96, {255, 236, 170, 255});
    batch_.rect(lx - 50, 204, 100, 8, {80, 62, 40, 255});
    // Floorboards.
    batch_.gradientRect(0, floor, ViewLayout::kWidth, ViewLayout::kHeight - floor, {92, 70, 52, 255},
                        {52, 40, 30, 255});
    for (float y = floor + 24; y < ViewLayout::kHeight; y += 34)
        batch_.rect(0, y, ViewLayout::kWidth, 2, {40, 30, 22, 150});
}

void WorldView::drawActor(const Actor& actor, Vec2 at) {
    Font disc = fontFor(fonts::kDisc);
    Font body = fontFor(fonts::kActorLetter);
    Font label = fontFor(fonts::kLabel);
    Font marker = fontFor(fonts::kMarker);

    // Ground shadow, then the disc in the actor's colour with its glyph.
    glyphQuad(disc, U'\u25CF', at.x, at.y + 24, 50, 12, {0, 0, 0, 90});
    if (actor.appearFlash > 0)
        glyphQuad(disc, U'\u25CF', at.x, at.y, 70 + 40 * actor.appearFlash, 70 + 40 * actor.appearFlash,
                  withAlpha({255, 244, 200, 255}, actor.appearFlash));
    glyphQuad(disc, U'\u25CF', at.x, at.y, 50, 50, darker(actor.color, 0.55f));
    glyphQuad(disc, U'\u25CF', at.x, at.y - 1, 44, 44, actor.color);
    float glyphWidth = text_.width(body, actor.glyph);
    text_.draw(body, actor.glyph, at.x - glyphWidth / 2, at.y - text_.lineHeight(body) / 2 + 1, kInk, false);

    // Facing: a small triangle just outside the disc.
    struct Mark {
        char32_t cp;
        float dx, dy;
    };
    static const Mark marks[] = {{U'\u25BC', 24, 24}, {U'\u25B2', 0, -34}, {U'\u25C0', -34, 0}, {U'\u25B6', 34, 0}};
    const Mark& m = marks[static_cast<int>(actor.facing)];
    glyphQuad(marker, m.cp, at.x + m.dx, at.y + m.dy, 12, 12, actor.color);

    text_.drawCentered(label, actor.displayName, at.x, at.y + 42, actor.color);
}

std::vector<WorldView::Bubble> WorldView::layoutBubbles(const World& world, const std::vector<const Actor*>& cast) {
    Font font = fontFor(fonts::kBubble);
    const float padX = 14, padY = 9, gap = 8;
    std::vector<Bubble> bubbles;
    for (const Actor* actor : cast) {
        if (actor->speech.empty()) continue;
        Bubble b{actor, toView(world, actor->position), 0, 0, 0, 0, text_.wrap(font, actor->speech, 280)};
        float width = 0;
        for (const auto& l : b.lines) width = std::max(width, text_.width(font, l));
        b.w = width + 2 * padX;
        b.h = b.lines.size() * text_.lineHeight(font) + 2 * padY;
        b.x = std::clamp(b.anchor.x - b.w / 2, 12.0f, ViewLayout::kWidth - b.w - 12);
        b.y = b.anchor.y - 44 - b.h;
        bubbles.push_back(b);
    }
    // Neighbours talking at once: lift a bubble above any it would cover. A
    // bubble lifted off the top of the view stops there (it is drawn at the
    // top edge): in a crowd, lifting it further only costs time.
    std::sort(bubbles.begin(), bubbles.end(), [](const Bubble& a, const Bubble& b) { return a.anchor.x < b.anchor.x; });
    for (std::size_t i = 0; i < bubbles.size(); ++i) {
        for (bool moved = true; moved && bubbles[i].y + bubbles[i].h > 0;) {
            moved = false;
            for (std::size_t j = 0; j < i; ++j) {
                const Bubble& o = bubbles[j];
                Bubble& b = bubbles[i];
                bool overlap =
                    b.x < o.x + o.w + gap && o.x < b.x + b.w + gap && b.y < o.y + o.h + gap && o.y < b.y + b.h + gap;
                if (overlap) {
                    b.y = o.y - b.h - gap;
                    moved = true;
                }
            }
        }
    }
    for (auto& b : bubbles) b.y = std::max(12.0f, b.y);
    return bubbles;
}

void WorldView::drawBubble(const Bubble& b) {
    Font font = fontFor(fonts::kBubble);
    Font tail = fontFor(fonts::kTail);
    float lineHeight = text_.lineHeight(font);
    float tailX = std::clamp(b.anchor.x, b.x + 14, b.x + b.w - 14);
    float headY = b.anchor.y - 38;
    if (headY - (b.y + b.h) > 12)  // lifted above a neighbour: a thread down to the speaker
        batch_.rect(tailX - 1, b.y + b.h, 2, headY - (b.y + b.h), withAlpha(kPaper, 0.7f));
    batch_.rect(b.x + 3, b.y + 4, b.w, b.h, {0, 0, 0, 70});
    batch_.rect(b.x, b.y, b.w, b.h, kPaper);
    batch_.rect(b.x, b.y, 5, b.h, b.actor->color);
    glyphQuad(tail, U'\u25BC', tailX, b.y + b.h + 5, 16, 12, kPaper);
    for (std::size_t i = 0; i < b.lines.size(); ++i)
        text_.draw(font, b.lines[i], b.x + 16, b.y + 9 + i * lineHeight, kInk, false);
}

namespace {
constexpr float kBoxX = 90, kBoxWidth = ViewLayout::kWidth - 180, kBoxBottom = ViewLayout::kHeight - 28;
constexpr float kPortraitSize = 160;
}  // namespace

// The picture set by image(): framed, at the left of the box, rising above it.
void WorldView::drawPortrait(const World& world, float boxX, float boxBottom) {
    const Image* image = world.effects().image().empty() ? nullptr : images_.get(world.effects().image());
    if (!image) return;
    float x = boxX + 22, y = boxBottom - 22 - kPortraitSize;
    batch_.rect(x - 4, y - 4, kPortraitSize + 8, kPortraitSize + 8, {236, 226, 200, 255});
    batch_.setTexture(image->texture, false);
    batch_.quad(x, y, kPortraitSize, kPortraitSize, {0, 0, 1, 1}, {255, 255, 255, 255});
}

void WorldView::drawDialogue(const World& world, const DialogueLine& line) {
    Font name = fontFor(fonts::kHeading, textScale_);
    Font body = fontFor(fonts::kDialogue, textScale_);
    const Actor* speaker = line.speaker.empty() ? nullptr : world.cast().findActor(line.speaker);
    Color accent = speaker ? speaker->color : kMuted;
    bool portrait = !world.effects().image().empty();
    const float padX = 28, textX = kBoxX + (portrait ? kPortraitSize + 50 : padX);
    const float textWidth = kBoxX + kBoxWidth - padX - textX;

    // Only the typed part is shown; wrapping uses the whole text so words do not jump lines.
    const auto& lines = text_.wrap(body, line.text, textWidth);  // cached: the same lines every frame
    float lineHeight = text_.lineHeight(body);
    float h = std::max(56 + lines.size() * lineHeight + 22, portrait ? 150.0f : 0.0f);
    float y = kBoxBottom - h;
    batch_.rect(kBoxX, y, kBoxWidth, h, kPanel);
    batch_.rect(kBoxX, y, kBoxWidth, 3, accent);
    drawPortrait(world, kBoxX, kBoxBottom);
    if (speaker) text_.draw(name, speaker->displayName, textX, y + 16, accent);

    std::size_t shown = static_cast<std::size_t>(line.charsShown);
    std::size_t consumed = 0;
    float top = y + (speaker ? 50 : 24);
    for (std::size_t i = 0; i < lines.size() && consumed < shown; ++i) {
        std::size_t length = utf8::length(lines[i]);
        std::size_t visible = std::min(length, shown - consumed);
        text_.draw(body, std::string_view(lines[i]).substr(0, utf8::offsetOf(lines[i], visible)), textX,
                   top + i * lineHeight, kPanelText);
        consumed += length + 1;  // the space the wrap consumed
    }
    if (line.typed) {
        // A page waits for the player: say how to go on.
        Font marker = fontFor(fonts::kMarker);
        glyphQuad(marker, U'\u25B6', kBoxX + kBoxWidth - 30, y + h - 24, 12, 12, accent);
        if (line.waitsForPlayer) {
            Font hint = fontFor(fonts::kPageHint);
            const char* label = padHints_ ? "A" : "Space";
            text_.draw(hint, label, kBoxX + kBoxWidth - 44 - text_.width(hint, label), y + h - 33, kMuted, false);
        }
    }
}

void WorldView::drawMenu(const World& world, const ChoiceMenu& menu) {
    Font title = fontFor(fonts::kSmall);
    Font option = fontFor(fonts::kOption, textScale_);
    Font number = fontFor(fonts::kHeading, textScale_);
    bool portrait = !world.effects().image().empty();
    const float textX = kBoxX + (portrait ? kPortraitSize + 50 : 28);
    const float rowWidth = kBoxX + kBoxWidth - 20 - textX + 12;
    float lineHeight = text_.lineHeight(option);
    // The numbers' column fits the widest ("12.") so no number runs into its text.
    const float numberColumn = text_.width(number, std::to_string(menu.options.size()) + ".") + 14 * textScale_;
    std::vector<std::vector<std::string>> wrapped;
    float rowsHeight = 0;
    for (const auto& o : menu.options) {
        wrapped.push_back(text_.wrap(option, o, rowWidth - 20 - numberColumn));
        rowsHeight += wrapped.back().size() * lineHeight + 12;
    }
    float h = std::max(44 + rowsHeight + 14, portrait ? 150.0f : 0.0f);
    float y = kBoxBottom - h;
    batch_.rect(kBoxX, y, kBoxWidth, h, kPanel);
    batch_.rect(kBoxX, y, kBoxWidth, 3, {246, 222, 160, 255});
    drawPortrait(world, kBoxX, kBoxBottom);
    text_.draw(title, padHints_ ? "Choose (D-pad and A)" : "Choose (arrows and Enter, a number, or click)", textX,
               y + 14, kMuted, false);
    float rowY = y + 42;
    for (std::size_t i = 0; i < menu.options.size(); ++i) {
        float rowH = wrapped[i].size() * lineHeight + 8;
        bool selected = static_cast<int>(i) == menu.selected;
        if (selected) {
            batch_.rect(textX - 12, rowY - 2, rowWidth, rowH, {255, 255, 255, 30});
            batch_.rect(textX - 12, rowY - 2, 4, rowH, {246, 222, 160, 255});
        }
        Color colour = selected ? Color{255, 250, 236, 255} : Color{190, 198, 210, 255};
        text_.draw(number, std::to_string(i + 1) + ".", textX, rowY + 2, selected ? Color{246, 222, 160, 255} : kMuted);
        for (std::size_t k = 0; k < wrapped[i].size(); ++k)
            text_.draw(option, wrapped[i][k], textX + numberColumn, rowY + 2 + k * lineHeight, colour);
        menuRows_.push_back({textX - 12, rowY - 2, rowWidth, rowH});
        rowY += rowH + 4;
    }
}

int WorldView::menuOptionAt(float x, float y) const {
    for (std::size_t i = 0; i < menuRows_.size(); ++i) {
        const Row& r = menuRows_[i];
        if (x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h) return static_cast<int>(i);
    }
    return -1;
}

void WorldView::drawBanner(const World& world) {
    if (world.effects().bannerSecondsLeft() <= 0 || world.effects().bannerText().empty()) return;
    Font big = fontFor(fonts::kBanner);
    float alpha = std::min(1.0f, world.effects().bannerSecondsLeft() / 0.3f);
    text_.drawCentered(big, world.effects().bannerText(), ViewLayout::kWidth / 2, ViewLayout::kHeight / 2 - 110,
                       withAlpha({255, 244, 214, 255}, alpha));
}

void WorldView::drawError(const World& world) {
    if (world.effects().errorSecondsLeft() <= 0 || world.effects().lastError().empty()) return;
    Font font = fontFor(fonts::kBody);
    auto lines = text_.wrap(font, "Script error: " + world.effects().lastError() + "   (Backspace hides this)",
                            ViewLayout::kWidth - 120);
    float lineHeight = text_.lineHeight(font);
    float alpha = std::min(1.0f, world.effects().errorSecondsLeft());
    float h = lines.size() * lineHeight + 20;
    batch_.rect(40, 52, ViewLayout::kWidth - 80, h, withAlpha(kErrorPanel, alpha));
    for (std::size_t i = 0; i < lines.size(); ++i)
        text_.draw(font, lines[i], 60, 62 + i * lineHeight, withAlpha({255, 236, 236, 255}, alpha));
}

void WorldView::drawNotice(const World& world) {
    if (world.effects().noticeSecondsLeft() <= 0 || world.effects().notice().empty()) return;
    Font font = fontFor(fonts::kSmall);
    float alpha = std::min(1.0f, world.effects().noticeSecondsLeft());
    float w = text_.width(font, world.effects().notice()) + 28, h = text_.lineHeight(font) + 14;
    float x = ViewLayout::kWidth - w - 20, y = ViewLayout::kHeight - h - 52;
    batch_.rect(x, y, w, h, {8, 10, 16, static_cast<std::uint8_t>(215 * alpha)});
    text_.draw(font, world.effects().notice(), x + 14, y + 7, withAlpha({214, 236, 214, 255}, alpha));
}

// The history: newest at the bottom, `scroll` entries back, wrapped to the panel.
void WorldView::drawHistory(const World& world, int scroll) {
    const float x = 120, top = 70, width = ViewLayout::kWidth - 240, bottom = ViewLayout::kHeight - 70;
    batch_.rect(0, 0, ViewLayout::kWidth, ViewLayout::kHeight, {0, 0, 0, 140});  // the scene steps back
    batch_.rect(x, top, width, bottom - top, {8, 10, 16, 255});
    Font title = fontFor(fonts::kHeading);
    Font body = fontFor(fonts::kBody);
    Font name = fontFor(fonts::kLabel);
    text_.draw(title, "History", x + 24, top + 16, kPanelText);
    text_.draw(name, "Up/Down or the wheel to scroll  \u00B7  H or Esc to close", x + 140, top + 22, kMuted);
    const auto& entries = world.story().history();
    float lineHeight = text_.lineHeight(body), y = bottom - 20;
    int last = static_cast<int>(entries.size()) - 1 - scroll;
    for (int i = last; i >= 0 && y > top + 70; --i) {
        const HistoryEntry& e = entries[static_cast<std::size_t>(i)];
        std::string text = e.choice ? "\u25B6 " + e.text : e.text;
        auto lines = text_.wrap(body, text, width - 220);
        float height = std::max<float>(1, lines.size()) * lineHeight + 8;
        if (y - height < top + 60) break;
        y -= height;
        if (!e.speaker.empty()) text_.draw(name, text_.elide(name, e.speaker, 150), x + 24, y + 2, kMuted);
        for (std::size_t k = 0; k < lines.size(); ++k)
            text_.draw(body, lines[k], x + 190, y + k * lineHeight, e.choice ? Color{246, 222, 160, 255} : kPanelText);
    }
    if (entries.empty()) text_.draw(body, "Nothing has been said yet.", x + 24, top + 70, kMuted);
}

void WorldView::drawInspector(const std::vector<ProcessInfo>& processes, bool paused) {
    Font font = fontFor(fonts::kInspector);
    float lineHeight = text_.lineHeight(font);
    std::size_t shown = std::min<std::size_t>(processes.size(), 24);
    float w = 620, x = ViewLayout::kWidth - w - 20, y = 48;
    batch_.rect(x, y, w, (shown + 1) * lineHeight + 16, {8, 10, 16, 215});
    text_.draw(font,
               std::to_string(processes.size()) +
                   (paused ? " live processes, all paused (F1 hides)" : " live processes (F1 hides)"),
               x + 10, y + 8, kMuted, false);
    for (std::size_t i = 0; i < shown; ++i) {
        const auto& p = processes[i];
        std::string waiting = p.waiting.empty() ? p.status : p.waiting;
        if (p.waiting == "seconds" || p.waiting == "signal_timeout") {
            char left[32];
            double seconds = 0;
            parseFiniteNumber(p.detail, seconds);
            std::snprintf(left, sizeof left, "%.1f s", seconds);
            waiting += p.waiting == "seconds" ? std::string(" ") + left : " " + p.detail;
        } else if (!p.detail.empty()) {
            waiting += " " + p.detail;
        }
        float rowY = y + 8 + (i + 1) * lineHeight;
        text_.draw(font, text_.elide(font, p.name, 190), x + 10, rowY, kPanelText, false);
        text_.draw(font, text_.elide(font, waiting, 240), x + 210, rowY, {246, 222, 160, 255}, false);
        std::string where = p.where.substr(p.where.find_last_of('/') + 1);  // the file name is enough here
        text_.draw(font, text_.elide(font, where, 150), x + 460, rowY, kMuted, false);
    }
}

}  // namespace stagehand
