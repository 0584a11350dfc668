// Draws the world: backdrop, actors (a glyph in a disc, facing marker and
// name), speech bubbles, the dialogue box, fades, flashes and error notices.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "game/ProcessInfo.h"
#include "game/SpriteFrames.h"
#include "game/World.h"
#include "render/Batch2D.h"
#include "render/GlyphAtlas.h"
#include "render/ImageCache.h"
#include "render/TextRenderer.h"
#include "render/ViewLayout.h"
#include "text/RichText.h"

namespace stagehand {

// A rectangle in view units (ViewLayout::kWidth x kHeight).
struct ViewArea {
    float x, y, w, h;
    bool overlaps(const ViewArea& o) const { return x < o.x + o.w && o.x < x + w && y < o.y + o.h && o.y < y + h; }
};

// The part of a WxH picture a square portrait frame shows, its shape kept (src/view/StoryPanels.cpp).
TextureRegion portraitRegion(int width, int height);

struct ViewOverlay {
    std::string title;                                    // scene title, top left
    std::string hint;                                     // key help, bottom right
    const std::vector<ProcessInfo>* inspector = nullptr;  // process list, when shown
    bool history = false;                                 // the history of lines and choices, when shown
    int historyScroll = 0;                                // entries scrolled back from the newest
    float textScale = 1;                                  // the player's text size for lines, pages and menus
    bool padHints = false;                                // hints name a pad's buttons, not keys
    bool paused = false;                                  // the scene is paused (the inspector says so)
    bool sceneOver = false;                               // the scene has ended: the card with the way back
    bool editor = false;  // the editor overlay: waypoints, actors' start points, the dialogue box's area
    // The player's accessibility settings (the font itself is the TextRenderer's family).
    float lineSpacing = 1;        // between the lines of a line, page, option, bubble and the history
    bool highContrast = false;    // opaque boxes, white text on black: 7:1 and more
    bool reduceFlashes = false;   // flash() dims briefly instead of whitening; shakes stand still
    bool lineReadBefore = false;  // the line on screen was read in an earlier run: drawn in kReadText
};

struct FontRole;

// A tile's square in its tileset's picture, flipped as Tiled's flip bits say
// (src/view/MapLayers.cpp; a diagonal flip, Tiled's rotation, is not drawn).
TextureRegion tileRegion(const Tileset& tileset, const Image& image, std::uint32_t gid, std::uint8_t flips);

class WorldView {
public:
    WorldView(GlyphAtlas& atlas, Batch2D& batch, TextRenderer& text, ImageCache& images)
        : atlas_(atlas), batch_(batch), text_(text), images_(images), rich_(atlas, batch) {}

    void draw(const World& world, const ViewLayout& layout, const ViewOverlay& overlay);
    static constexpr float kBubbleTextWidth = 280;  // a bubble's text column, view units
    // Opens every font the view uses at this scale and rasterises their ASCII:
    // done once per scale, so no glyph is rasterised mid-scene for ASCII text.
    void prepareFonts(float pixelsPerUnit);
    // The menu option under a point in view units (as last drawn), or -1.
    int menuOptionAt(float viewX, float viewY) const;
    const std::vector<ViewArea>& menuOptionAreas() const { return menuRows_; }  // view units, as last drawn
    // Where the last frame put text a notice must not cover (the dialogue box
    // or menu with its portrait, speech bubbles, the error panel, the banner,
    // the scene-over card), and the notice itself (w 0 when none was drawn).
    const std::vector<ViewArea>& storyAreas() const { return storyAreas_; }
    const ViewArea& noticeArea() const { return noticeArea_; }
    const ViewArea& sceneOverCard() const { return sceneOverCard_; }
    const ViewArea& inspectorArea() const { return inspectorArea_; }  // zero-sized when F1 has it hidden
    int layoutsMade() const { return rich_.layoutsMade(); }           // marked texts laid out so far (each once)

    // Where a line is shown, for the overflow report (src/app/author/OverflowReport.h).
    enum class TextPlace { Dialogue, Narration, Bubble, Option, Banner };
    // "" when `marked` fits the place it is shown in, laid out as the frame
    // lays it out (the same widths, fonts and sizes, `overlay`'s text size and
    // line spacing); else why not, in a few words ("the box is 168 tall, past
    // its 150"). A speaker's line is measured beside a portrait (the narrower
    // column); a bubble may take 3 lines, an option 1; the banner one view wide.
    std::string overflowOf(TextPlace place, const std::shared_ptr<const text::MarkedText>& marked,
                           const ViewLayout& layout, const ViewOverlay& overlay);
    // The box a place gives its text at the default text size, for a string
    // table's translator (no font is loaded): the text column's width in view
    // units, its font size, and how many lines it takes (0: as many as the
    // box's height allows).
    struct TextBox {
        int width = 0, fontSize = 0, lines = 0;
    };
    static TextBox boxOf(TextPlace place);

private:
    void applyOverlay(const ViewLayout& layout, const ViewOverlay& overlay);
    Font fontFor(const FontRole& role, float scale = 1);
    // A marked text laid out (once: cached) in the role's face of the player's
    // font family, at `size`, no wider than `width`, at the player's line spacing.
    const text::TextLayout& layoutText(const std::shared_ptr<const text::MarkedText>& marked, const FontRole& role,
                                       float size, float width);
    Vec2 toView(const World& world, Vec2 p) const;
    void drawBackdrop(const World& world);
    bool drawBackdropLayers(const std::string& name, const std::vector<std::string>& pictures, float opacity, float dx,
                            Vec2 camera, float zoom);
    // A backdrop picture placed in the view for this frame: the view it covers, [x0, x1) by [y0, y1), where
    // its texture's corners land (left, top, shownW, shownH), and the view rows it hides whatever is beneath.
    struct PlacedPicture {
        const Image* image = nullptr;
        float x0 = 0, x1 = 0, y0 = 0, y1 = 0;
        float left = 0, top = 0, shownW = 1, shownH = 1;
        std::pair<float, float> opaqueRows{0, 0};
    };
    using RowSpans = std::vector<std::pair<float, float>>;
    static PlacedPicture placeBackdropPicture(const Image& image, float dx, Vec2 camera, float zoom);
    static RowSpans rowsLeft(float top, float bottom, const RowSpans& hidden);
    void drawPlacedRows(const PlacedPicture& placed, float top, float bottom, float opacity);
    void drawTiles(const World& world);
    void drawTileLayer(const World& world, const TileMap& map, const TileLayer& layer);
    void drawEditorOverlay(const World& world);
    void drawEditorLabel(const std::string& text, float x, float y, Color colour);
    void drawPlain(Vec2 camera, float horizon);
    void opaqueGradient(float x, float y, float w, float h, Color top, Color bottom);
    void drawForest(Vec2 camera, float horizon);
    void drawSea(Vec2 camera, float horizon);
    void drawLampRoom(Vec2 camera, float horizon);
    void drawMoon(Vec2 camera, Color glow);
    void drawGroundMarks(Vec2 camera, float top, Color colour);
    Color nameColour(const Actor& actor) const;
    void drawActor(const World& world, const Actor& actor, Vec2 at, float zoom);
    void drawName(const Actor& actor, Vec2 at, float zoom, float keepAbove);
    bool drawSprite(const World& world, const Actor& actor, Vec2 at, float zoom);
    bool talking(const World& world, const Actor& actor) const;
    struct Bubble {
        const Actor* actor;
        Vec2 anchor;  // just above the actor's head, at the camera's zoom
        float x, y, w, h;
        const text::TextLayout* text;
    };
    std::vector<Bubble> layoutBubbles(const World& world, const std::vector<const Actor*>& cast, float zoom,
                                      float keepAbove);
    void drawBubble(const World& world, const Bubble& bubble);
    // The dialogue box or the menu, laid out before the cast is drawn (names
    // and bubbles keep above it) and drawn after.
    struct DialogueBox {
        const Actor* speaker = nullptr;
        std::string picture;  // beside the line: the speaker's portrait, else image()'s; "" none
        const text::TextLayout* laid = nullptr;
        float height = 0;
    };
    struct MenuBox {
        std::vector<const text::TextLayout*> laid;  // one per option
        bool portrait = false;
        float lineHeight = 0, numberColumn = 0, height = 0;
    };
    struct StoryBoxes {
        std::optional<DialogueBox> dialogue;
        std::optional<MenuBox> menu;
    };
    DialogueBox layoutDialogue(const World& world, const DialogueLine& line);
    MenuBox layoutMenu(const World& world, const ChoiceMenu& menu);
    float storyBoxTop(const StoryBoxes& boxes) const;
    void drawDialogue(const World& world, const DialogueLine& line, const DialogueBox& box);
    void drawMenu(const World& world, const ChoiceMenu& menu, const MenuBox& box);
    void drawPortrait(const std::string& image, float boxX, float boxBottom, float opacity);  // the picture's tween
    void keepStoryBox(float top, bool portrait);
    void drawBanner(const World& world);
    void drawNotice(const World& world);
    void drawSceneOver();
    void drawHistory(const World& world, int scroll);
    struct ErrorPanel {
        std::vector<std::string> lines;
        bool anyError = false;  // else warnings only: another colour
        ViewArea area{0, 0, 0, 0};
    };
    ErrorPanel layoutError(const World& world);
    void drawError(const World& world, const ErrorPanel& panel);
    void drawInspector(const std::vector<ProcessInfo>& processes, bool paused, const std::string& errorTraceback,
                       float top);
    void glyphQuad(const Font& font, char32_t cp, float cx, float cy, float w, float h, Color color);
    // A glyphQuad that tells the player something, kept in the test's record of what was drawn.
    void signQuad(const Font& font, char32_t cp, float cx, float cy, float w, float h, Color color);

    GlyphAtlas& atlas_;
    Batch2D& batch_;
    TextRenderer& text_;
    ImageCache& images_;
    text::RichText rich_;  // marked text: laid out once per text, drawn with its styles and motion
    float pixelsPerUnit_ = 1;
    float textScale_ = 1;
    float lineSpacing_ = 1;
    bool highContrast_ = false;
    bool reduceFlashes_ = false;  // the player's "reduce flashes and shakes": shaking text and camera stand still
    bool padHints_ = false;
    bool lineReadBefore_ = false;
    float preparedScale_ = 0;
    FontFamily preparedFamily_ = FontFamily::DejaVuSans;
    using Row = ViewArea;
    std::vector<Row> menuRows_;
    std::vector<ViewArea> storyAreas_;
    std::vector<ViewArea> actorAreas_;        // a notice avoids these too, where it can
    std::map<const Actor*, float> headTops_;  // this frame's sprites: the top of each picture, view units
    // The player's "reduce flashes and shakes" (or the text settings' stillMotion):
    // waving and shaking letters stand still.
    bool stillMotion_ = false;
    // Each sprite's frames by animation, found again when the pictures change.
    std::map<std::string, SpriteSheet> sheets_;
    std::map<std::string, std::string> stills_;  // "SPRITE\nEXPRESSION" -> Cast::spriteImage's answer
    std::size_t sheetsPictureCount_ = 0;
    // The layers of the backdrop last drawn, found again when its name or the pictures change.
    std::vector<BackdropLayer> layers_;
    std::string layersOf_;
    std::size_t layersPictureCount_ = 0;
    ViewArea noticeArea_{0, 0, 0, 0};
    ViewArea sceneOverCard_{0, 0, 0, 0};
    ViewArea inspectorArea_{0, 0, 0, 0};
};

}  // namespace stagehand
