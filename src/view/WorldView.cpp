// The world view's frame: what is drawn in which order, the actors and their
// speech bubbles. Backdrops and panels have their own files.
#include "view/WorldView.h"

#include <algorithm>
#include <cmath>

#include "render/DrawnText.h"
#include "view/ViewStyle.h"

namespace stagehand {

using namespace palette;

// The world is drawn through the camera: its view centre at the middle of the
// view, scaled by its zoom. What a reader must read (bubbles, names, the
// dialogue box, menus) is placed by these positions but drawn at its own size.
Vec2 WorldView::toView(const World& world, Vec2 p) const {
    Vec2 c = world.camera().viewCenter();
    float zoom = world.camera().zoom();
    return {(p.x - c.x) * zoom + ViewLayout::kWidth / 2, (p.y - c.y) * zoom + ViewLayout::kHeight / 2};
}

void WorldView::glyphQuad(const Font& font, char32_t cp, float cx, float cy, float w, float h, Color color) {
    const Glyph& g = atlas_.glyph(font.id, cp);
    if (!g.texture) return;
    batch_.setTexture(g.texture, true);
    batch_.quad(cx - w / 2, cy - h / 2, w, h, g.uv, color);
}

void WorldView::signQuad(const Font& font, char32_t cp, float cx, float cy, float w, float h, Color color) {
    glyphQuad(font, cp, cx, cy, w, h, color);
    if (!DrawnText::recording()) return;
    // The signs are shapes of the Basic Multilingual Plane past U+07FF: three bytes of UTF-8.
    const std::string utf8 = {static_cast<char>(0xE0 | (cp >> 12)), static_cast<char>(0x80 | ((cp >> 6) & 0x3F)),
                              static_cast<char>(0x80 | (cp & 0x3F))};
    DrawnText::record({utf8, cx - w / 2, cy - h / 2, w, color, true});
}

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
    preparedFamily_ = text_.family();
}

const text::TextLayout& WorldView::layoutText(const std::shared_ptr<const text::MarkedText>& marked,
                                              const FontRole& role, float size, float width) {
    FontFace face = role.face;
    if (text_.family() == FontFamily::OpenDyslexic)
        face = face == FontFace::Bold ? FontFace::DyslexicBold : FontFace::DyslexicRegular;
    return rich_.layout(marked, face, size, pixelsPerUnit_, width, lineSpacing_);
}

// The frame's scale and the player's text settings, its fonts opened.
void WorldView::applyOverlay(const ViewLayout& layout, const ViewOverlay& overlay) {
    pixelsPerUnit_ = layout.scale;
    textScale_ = overlay.textScale;
    lineSpacing_ = overlay.lineSpacing;
    highContrast_ = overlay.highContrast;
    reduceFlashes_ = overlay.reduceFlashes;
    padHints_ = overlay.padHints;
    lineReadBefore_ = overlay.lineReadBefore;
    if (preparedScale_ != pixelsPerUnit_ || preparedFamily_ != text_.family()) prepareFonts(pixelsPerUnit_);
    // The player's text size: its fonts are opened before the batch begins, like
    // every other (see PauseMenu::draw).
    for (const FontRole& role : fonts::kScaled) fontFor(role, textScale_);
}

void WorldView::draw(const World& world, const ViewLayout& layout, const ViewOverlay& overlay) {
    applyOverlay(layout, overlay);
    stillMotion_ = world.story().textSettings().stillMotion || reduceFlashes_;
    rich_.beginFrame();
    batch_.begin(ViewLayout::kWidth, ViewLayout::kHeight);
    drawBackdrop(world);
    drawTiles(world);

    // Actors, nearest (largest y) drawn last; bubbles above every actor.
    std::vector<const Actor*> cast;
    for (const auto& a : world.cast().actors())
        if (a.active) cast.push_back(&a);
    std::stable_sort(cast.begin(), cast.end(),
                     [](const Actor* a, const Actor* b) { return a->position.y < b->position.y; });
    // The story's box first laid out: what the cast shows that a reader reads
    // (names, bubbles) stays above it and inside the view, whatever the camera does.
    StoryBoxes boxes;
    const auto& menu = world.story().currentMenu();
    const auto& line = world.story().currentLine();
    if (menu)
        boxes.menu = layoutMenu(world, *menu);
    else if (line)
        boxes.dialogue = layoutDialogue(world, *line);
    const float keepAbove = storyBoxTop(boxes);
    actorAreas_.clear();
    headTops_.clear();
    float zoom = world.camera().zoom();
    for (const Actor* a : cast) {
        Vec2 at = toView(world, a->position);
        drawActor(world, *a, at, zoom);
        actorAreas_.push_back({at.x - 36 * zoom, at.y - 36 * zoom, 72 * zoom, 84 * zoom});  // disc, mark, name
    }
    // The names over the whole cast: one standing nearer never hides another's.
    for (const Actor* a : cast) drawName(*a, toView(world, a->position), zoom, keepAbove);
    storyAreas_.clear();
    for (const auto& bubble : layoutBubbles(world, cast, zoom, keepAbove)) {
        drawBubble(world, bubble);
        storyAreas_.push_back({bubble.x, bubble.y, bubble.w, bubble.h});
    }

    menuRows_.clear();
    if (boxes.menu)
        drawMenu(world, *menu, *boxes.menu);
    else if (boxes.dialogue)
        drawDialogue(world, *line, *boxes.dialogue);
    drawBanner(world);
    if (overlay.editor) drawEditorOverlay(world);

    Font small = fontFor(fonts::kKeyHints);
    float hintWidth = overlay.hint.empty() ? 0 : text_.width(small, overlay.hint);
    // High contrast: the title and key hints in white on a black band, whatever the scene behind.
    const Color hintColour = highContrast_ ? kContrastText : kMuted;
    if (highContrast_ && !(overlay.hint.empty() && overlay.title.empty()))
        batch_.rect(0, 0, ViewLayout::kWidth, 18 + text_.lineHeight(small) + 8, kContrastPanel);
    if (!overlay.hint.empty()) text_.draw(small, overlay.hint, ViewLayout::kWidth - 24 - hintWidth, 18, hintColour);
    if (!overlay.title.empty())  // the title gives way to the key hints
        text_.draw(small, text_.elide(small, overlay.title, ViewLayout::kWidth - 72 - hintWidth), 24, 18, hintColour);
    ErrorPanel error = layoutError(world);
    inspectorArea_ = {0, 0, 0, 0};
    if (overlay.inspector)  // under the error panel, when there is one
        drawInspector(*overlay.inspector, overlay.paused, world.notices().errorTraceback(),
                      error.lines.empty() ? 48 : error.area.y + error.area.h + 8);
    if (overlay.history) drawHistory(world, overlay.historyScroll);

    if (float veil = world.scenery().fadeOverlayAlpha(); veil > 0)
        batch_.rect(0, 0, ViewLayout::kWidth, ViewLayout::kHeight, withAlpha(kFadeBlack, veil));
    // With fewer flashes asked for, a flash is a short dip towards dark: the
    // frame never gets brighter than the scene (photosensitive players).
    if (float flash = world.scenery().flashAlpha(); flash > 0)
        batch_.rect(
            0, 0, ViewLayout::kWidth, ViewLayout::kHeight,
            overlay.reduceFlashes ? withAlpha(kFadeBlack, flash * kReducedFlashDim) : withAlpha(kFlashWhite, flash));
    sceneOverCard_ = {0, 0, 0, 0};
    if (overlay.sceneOver && !overlay.history) drawSceneOver();
    drawError(world, error);
    drawNotice(world);  // last: it finds room where none of the above has text
    batch_.end();
}

// The body is drawn at the camera's zoom about the actor's place; its name at
// the size text always has, under the body.
// A sprite stands on the actor's place: the picture at its own size (in view
// units) times the camera's zoom, its bottom edge at the feet. False when the
// actor has none or its picture does not load (the disc is drawn instead).
bool WorldView::drawSprite(const World& world, const Actor& actor, Vec2 at, float zoom) {
    if (actor.sprite.empty()) return false;
    const auto& pictures = world.scenery().imageNames();
    if (pictures.size() != sheetsPictureCount_) sheets_.clear(), stills_.clear(), sheetsPictureCount_ = pictures.size();
    auto sheet = sheets_.find(actor.sprite);
    if (sheet == sheets_.end()) sheet = sheets_.emplace(actor.sprite, spriteSheet(actor.sprite, pictures)).first;
    // The still of a sprite and expression, found once (a look through every picture's name).
    const std::string stillKey = actor.sprite + '\n' + actor.expression;
    auto still = stills_.find(stillKey);
    if (still == stills_.end()) still = stills_.emplace(stillKey, Cast::spriteImage(actor, pictures)).first;
    const SpriteFrame frame = spriteFrame(actor, still->second, sheet->second, world.time(), talking(world, actor),
                                          world.cast().frameRates());
    const Image* image = images_.get(frame.picture);
    if (!image) return false;
    Font disc = fontFor(fonts::kDisc);
    batch_.setScale(zoom, at.x, at.y);
    glyphQuad(disc, U'\u25CF', at.x, at.y + 24, std::max(50.0f, image->width * 0.8f), 12,
              withAlpha(kActorShadow, actor.opacity));
    // Only the part of the picture that shows (its clear margins cost pixels and colour none).
    const float w = static_cast<float>(image->width), h = static_cast<float>(image->height);
    const float u0 = image->shownX0 / w, u1 = image->shownX1 / w;
    const float v0 = image->shownY0 / h, v1 = image->shownY1 / h;
    const float left = at.x - w / 2, top = at.y + 24 - h;
    const float shownLeft = frame.mirrored ? left + w - image->shownX1 : left + image->shownX0;
    batch_.setTexture(image->texture, false);
    batch_.quad(shownLeft, top + image->shownY0, static_cast<float>(image->shownX1 - image->shownX0),
                static_cast<float>(image->shownY1 - image->shownY0),
                frame.mirrored ? TextureRegion{u1, v0, u0, v1} : TextureRegion{u0, v0, u1, v1},
                withAlpha(kUntinted, actor.opacity));
    batch_.resetScale();
    headTops_[&actor] = at.y + (24 - static_cast<float>(image->height)) * zoom;  // a bubble speaks from above it
    return true;
}

// An actor talks while its line in the box types, and while a reader would
// read its bubble (a twentieth of a second a character, at least half a second).
bool WorldView::talking(const World& world, const Actor& actor) const {
    if (const auto& line = world.story().currentLine(); line && line->speaker == actor.id) return !line->typed;
    if (actor.speech.empty()) return false;
    const float length = actor.speechMarked ? static_cast<float>(actor.speechMarked->length) : 0;
    return actor.speechAge < std::max(0.5f, length * 0.05f);
}

// The name under an actor: its own colour, or in high contrast the yellow every
// speaker's name has in the dialogue box, so a name reads the same in both.
Color WorldView::nameColour(const Actor& actor) const {
    return highContrast_ ? kContrastAccent : actor.color;
}

// The name under the feet, kept whole inside the view and above the story's
// box: an actor near an edge, under the box or off the view has its name at
// the nearest place that is (a camera move or zoom slid them under the box).
void WorldView::drawName(const Actor& actor, Vec2 at, float zoom, float keepAbove) {
    if (!actor.nameShown) return;
    Font label = fontFor(fonts::kLabel);
    const float margin = 6, half = text_.width(label, actor.displayName) / 2;
    const float x = std::clamp(at.x, margin + half, std::max(margin + half, ViewLayout::kWidth - margin - half));
    const float lowest = keepAbove - margin - text_.lineHeight(label);
    const float y = std::clamp(at.y + 42 * zoom, margin, std::max(margin, lowest));
    text_.drawCentered(label, actor.displayName, x, y, nameColour(actor));
}

void WorldView::drawActor(const World& world, const Actor& actor, Vec2 at, float zoom) {
    Font disc = fontFor(fonts::kDisc);
    Font body = fontFor(fonts::kActorLetter);
    Font marker = fontFor(fonts::kMarker);
    if (drawSprite(world, actor, at, zoom)) return;

    // Ground shadow, then the disc in the actor's colour with its glyph.
    batch_.setScale(zoom, at.x, at.y);
    glyphQuad(disc, U'\u25CF', at.x, at.y + 24, 50, 12, kActorShadow);
    if (actor.appearFlash > 0)
        glyphQuad(disc, U'\u25CF', at.x, at.y, 70 + 40 * actor.appearFlash, 70 + 40 * actor.appearFlash,
                  withAlpha(kAppearGlow, actor.appearFlash));
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
    signQuad(marker, m.cp, at.x + m.dx, at.y + m.dy, 12, 12, actor.color);
    batch_.resetScale();
}

std::vector<WorldView::Bubble> WorldView::layoutBubbles(const World& world, const std::vector<const Actor*>& cast,
                                                        float zoom, float keepAbove) {
    Font font = fontFor(fonts::kBubble);
    const float padX = 14, padY = 9, gap = 8;
    std::vector<Bubble> bubbles;
    for (const Actor* actor : cast) {
        if (actor->speech.empty()) continue;
        Vec2 at = toView(world, actor->position);
        auto marked = actor->speechMarked ? actor->speechMarked : text::plainText(actor->speech);
        const auto& laid = layoutText(marked, fonts::kBubble, fonts::kBubble.size, kBubbleTextWidth);
        // Just over the head: a sprite's picture top, else the lettered disc's.
        const auto head = headTops_.find(actor);
        const float anchorY = head != headTops_.end() ? head->second - 4 : at.y - 44 * zoom;
        Bubble b{actor, {at.x, anchorY}, 0, 0, 0, 0, &laid};
        b.w = laid.width + 2 * padX;
        b.h = std::max(laid.height, text_.lineHeight(font)) + 2 * padY;
        b.x = std::clamp(b.anchor.x - b.w / 2, 12.0f, ViewLayout::kWidth - b.w - 12);
        b.y = b.anchor.y - b.h;
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
    // Inside the view, and with its tail above the story's box: a speaker under
    // the box or below the view talks from just above it.
    const float tail = 12;
    for (auto& b : bubbles) b.y = std::max(12.0f, std::min(b.y, keepAbove - tail - b.h));
    return bubbles;
}

void WorldView::drawBubble(const World& world, const Bubble& b) {
    Font tail = fontFor(fonts::kTail);
    const Color paper = highContrast_ ? kContrastPaper : kPaper;
    float tailX = std::clamp(b.anchor.x, b.x + 14, b.x + b.w - 14);
    float headY = b.anchor.y + 6;
    if (headY - (b.y + b.h) > 12)  // lifted above a neighbour: a thread down to the speaker
        batch_.rect(tailX - 1, b.y + b.h, 2, headY - (b.y + b.h), withAlpha(kPaper, 0.7f));
    // The shadow shows only past the paper's right and bottom edges, so only
    // those strips are filled: a full rectangle under the paper doubled the
    // pixels a crowd of bubbles costs (the frame is fill-bound; bench/RESULTS.md).
    batch_.rect(b.x + b.w, b.y + 4, 3, b.h, kBubbleShadow);
    batch_.rect(b.x + 3, b.y + b.h, b.w - 3, 4, kBubbleShadow);
    batch_.rect(b.x, b.y, b.w, b.h, paper);
    batch_.rect(b.x, b.y, 5, b.h, b.actor->color);
    signQuad(tail, U'\u25BC', tailX, b.y + b.h + 5, 16, 12, paper);
    rich_.draw(*b.text, b.x + 16, b.y + 9, kInk, b.text->text->length, world.time(), stillMotion_, false);
}

}  // namespace stagehand
