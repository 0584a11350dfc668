// The panels over the scene: the dialogue box with its portrait, choice
// menus, the banner, error and notice messages, the history and the process
// inspector.
#include "view/WorldView.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "lang/EngineWords.h"
#include "render/Utf8.h"
#include "view/ViewStyle.h"

namespace stagehand {

using namespace palette;

namespace {
// The box's place on screen is the world's to know too (screen:: in game/MapCatalog.h):
// maps warn of actors standing under it.
constexpr float kBoxX = screen::kDialogueX, kBoxWidth = screen::kDialogueWidth, kBoxBottom = screen::kDialogueBottom;
constexpr float kPortraitSize = 160;
constexpr float kPortraitRise = 22 + kPortraitSize + 4;  // the framed portrait's top, above the box's bottom
constexpr float kNoticeMargin = 12;                      // between a notice and any text it must not cover
constexpr float kDialoguePadX = 28;

// The dialogue box's text column and height: drawDialogue and overflowOf agree.
float dialogueTextX(bool portrait) {
    return kBoxX + (portrait ? kPortraitSize + 50 : kDialoguePadX);
}
float dialogueTextWidth(bool portrait) {
    return kBoxX + kBoxWidth - kDialoguePadX - dialogueTextX(portrait);
}
float dialogueBoxHeight(float textHeight, float lineHeight, bool portrait) {
    return std::max(56 + std::max(textHeight, lineHeight) + 22, portrait ? 150.0f : 0.0f);
}
// A menu's option column, after its numbers.
float optionRowWidth(bool portrait) {
    return kBoxX + kBoxWidth - 20 - (kBoxX + (portrait ? kPortraitSize + 50 : 28)) + 12;
}
constexpr float kBannerMargin = 40;
constexpr int kBubbleLines = 3;

std::string px(float value) {
    return std::to_string(static_cast<int>(std::lround(value)));
}
}  // namespace

// The box (and the portrait rising above it) as text a notice must not cover.
void WorldView::keepStoryBox(float top, bool portrait) {
    if (portrait) top = std::min(top, kBoxBottom - kPortraitRise);
    storyAreas_.push_back({kBoxX, top, kBoxWidth, kBoxBottom - top});
}

// The part of a picture the square frame shows, its shape kept: a tall one (a
// full-length sprite) from its top, where the face is; a wide one from its middle.
TextureRegion portraitRegion(int width, int height) {
    if (width <= 0 || height <= 0 || width == height) return {0, 0, 1, 1};
    if (height > width) return {0, 0, 1, static_cast<float>(width) / static_cast<float>(height)};
    const float shown = static_cast<float>(height) / static_cast<float>(width);
    return {(1 - shown) / 2, 0, (1 + shown) / 2, 1};
}

// The picture beside the text (the speaker's portrait, else the one image()
// set): framed, at the left of the box, rising above it.
void WorldView::drawPortrait(const std::string& name, float boxX, float boxBottom, float opacity) {
    const Image* image = name.empty() ? nullptr : images_.get(name);
    if (!image) return;
    float x = boxX + 22, y = boxBottom - 22 - kPortraitSize;
    batch_.rect(x - 4, y - 4, kPortraitSize + 8, kPortraitSize + 8, withAlpha(kPortraitFrame, opacity));
    batch_.setTexture(image->texture, false);
    batch_.quad(x, y, kPortraitSize, kPortraitSize, portraitRegion(image->width, image->height),
                withAlpha(kUntinted, opacity));
}

// The dialogue box as this frame lays it out: who speaks, the picture beside
// the line, the line laid out in its column and the box's height.
WorldView::DialogueBox WorldView::layoutDialogue(const World& world, const DialogueLine& line) {
    DialogueBox box;
    box.speaker = line.speaker.empty() ? nullptr : world.cast().findActor(line.speaker);
    box.picture = box.speaker && !box.speaker->portrait.empty()
                      ? Cast::portraitImage(*box.speaker, world.scenery().imageNames())
                      : world.scenery().image();
    const bool portrait = !box.picture.empty();
    // Only the typed part is shown; the layout holds the whole text so words do not jump lines.
    box.laid = &layoutText(line.marked, fonts::kDialogue, fonts::kDialogue.size * textScale_,
                           dialogueTextWidth(portrait));  // cached: the same layout every frame
    box.height = dialogueBoxHeight(box.laid->height, text_.lineHeight(fontFor(fonts::kDialogue, textScale_)), portrait);
    return box;
}

void WorldView::drawDialogue(const World& world, const DialogueLine& line, const DialogueBox& box) {
    Font name = fontFor(fonts::kHeading, textScale_);
    const Actor* speaker = box.speaker;
    const text::TextLayout& laid = *box.laid;
    Color accent = highContrast_ ? kContrastAccent : speaker ? speaker->color : kMuted;
    bool portrait = !box.picture.empty();
    const float textX = dialogueTextX(portrait), textWidth = dialogueTextWidth(portrait);
    float h = box.height;
    float y = kBoxBottom - h;
    keepStoryBox(y, portrait);
    batch_.rect(kBoxX, y, kBoxWidth, h, highContrast_ ? kContrastPanel : kPanel);
    batch_.rect(kBoxX, y, kBoxWidth, 3, accent);
    drawPortrait(box.picture, kBoxX, kBoxBottom, world.scenery().imageOpacity());
    if (speaker) {  // above the line's start: at the right over a right-to-left line
        float nameX = laid.rightToLeft ? textX + textWidth - text_.width(name, speaker->displayName) : textX;
        text_.draw(name, speaker->displayName, nameX, y + 16, accent);
    }
    // A right-to-left line ends at the box's right edge.
    rich_.draw(laid, textX, y + (speaker ? 50 : 24), storyTextColor(highContrast_, lineReadBefore_),
               static_cast<std::size_t>(line.charsShown), world.time(), stillMotion_, true, textWidth);
    if (line.typed) {
        // A page waits for the player: say how to go on.
        Font marker = fontFor(fonts::kMarker);
        // At the bottom right, or left of a right-to-left line, whose end is at the right.
        const float markerX = laid.rightToLeft ? textX - 16 : kBoxX + kBoxWidth - 30;
        signQuad(marker, laid.rightToLeft ? U'\u25C0' : U'\u25B6', markerX, y + h - 24, 12, 12, accent);
        if (line.waitsForPlayer) {
            Font hint = fontFor(fonts::kPageHint);
            const std::string label = padHints_ ? std::string("A") : lang::word("story.nextKey");
            float hintX = laid.rightToLeft ? markerX + 14 : kBoxX + kBoxWidth - 44 - text_.width(hint, label);
            text_.draw(hint, label, hintX, y + h - 33, highContrast_ ? kContrastText : kMuted, false);
        }
    }
}

// A menu as this frame lays it out: each option in its row, the numbers'
// column and the box's height.
WorldView::MenuBox WorldView::layoutMenu(const World& world, const ChoiceMenu& menu) {
    MenuBox box;
    box.portrait = !world.scenery().image().empty();
    Font option = fontFor(fonts::kOption, textScale_);
    Font number = fontFor(fonts::kHeading, textScale_);
    const float rowWidth = optionRowWidth(box.portrait);
    box.lineHeight = text_.lineHeight(option) * lineSpacing_;
    // The numbers' column fits the widest ("12.") so no number runs into its text.
    box.numberColumn = text_.width(number, std::to_string(menu.options.size()) + ".") + 14 * textScale_;
    float rowsHeight = 0;
    for (std::size_t i = 0; i < menu.options.size(); ++i) {
        auto marked = i < menu.marked.size() ? menu.marked[i] : text::plainText(menu.options[i]);
        box.laid.push_back(
            &layoutText(marked, fonts::kOption, fonts::kOption.size * textScale_, rowWidth - 20 - box.numberColumn));
        rowsHeight += std::max(box.laid.back()->height, box.lineHeight) + 12;
    }
    box.height = std::max(44 + rowsHeight + 14, box.portrait ? 150.0f : 0.0f);
    return box;
}

void WorldView::drawMenu(const World& world, const ChoiceMenu& menu, const MenuBox& box) {
    Font title = fontFor(fonts::kSmall);
    Font number = fontFor(fonts::kHeading, textScale_);
    const bool portrait = box.portrait;
    const auto& laid = box.laid;
    const float textX = kBoxX + (portrait ? kPortraitSize + 50 : 28);
    const float rowWidth = optionRowWidth(portrait);
    const float lineHeight = box.lineHeight, numberColumn = box.numberColumn;
    float h = box.height;
    float y = kBoxBottom - h;
    keepStoryBox(y, portrait);
    const Color accent = highContrast_ ? kContrastAccent : kAccent;
    batch_.rect(kBoxX, y, kBoxWidth, h, highContrast_ ? kContrastPanel : kPanel);
    batch_.rect(kBoxX, y, kBoxWidth, 3, accent);
    drawPortrait(world.scenery().image(), kBoxX, kBoxBottom, world.scenery().imageOpacity());
    // Over options that read from the right, the prompt stands on their side too.
    const std::string& prompt = lang::word(padHints_ ? "story.choosePad" : "story.choose");
    const bool rightToLeftMenu = !laid.empty() && laid.front()->rightToLeft;
    const float promptX = rightToLeftMenu ? textX + rowWidth - 24 - text_.width(title, prompt) : textX;
    text_.draw(title, prompt, promptX, y + 14, highContrast_ ? kContrastText : kMuted, false);
    float rowY = y + 42;
    for (std::size_t i = 0; i < menu.options.size(); ++i) {
        float rowH = std::max(laid[i]->height, lineHeight) + 8;
        bool selected = static_cast<int>(i) == menu.selected;
        // A right-to-left option reads from the right: its number, then its
        // text ending at the number, and the selection bar on that side.
        const bool rtl = laid[i]->rightToLeft;
        const float textWidth = rowWidth - 20 - numberColumn;
        if (selected) {
            batch_.rect(textX - 12, rowY - 2, rowWidth, rowH, kRowHighlight);
            batch_.rect(rtl ? textX - 16 + rowWidth : textX - 12, rowY - 2, 4, rowH, accent);
        }
        Color colour = highContrast_ ? (selected ? kContrastAccent : kContrastText)
                       : selected    ? kOptionSelected
                                     : kOption;
        // "1." written right to left shows its full stop on the left.
        std::string label = rtl ? "." + std::to_string(i + 1) : std::to_string(i + 1) + ".";
        float numberX = rtl ? textX + textWidth + 14 * textScale_ : textX;
        text_.draw(number, label, numberX, rowY + 2, highContrast_ ? colour : selected ? kAccent : kMuted);
        rich_.draw(*laid[i], rtl ? textX : textX + numberColumn, rowY + 2, colour, laid[i]->text->length, world.time(),
                   stillMotion_, true, textWidth);
        menuRows_.push_back({textX - 12, rowY - 2, rowWidth, rowH});
        rowY += rowH + 4;
    }
}

// The top of what the story's box covers this frame (the dialogue box or the
// menu, with the portrait rising above it), or the view's bottom when neither
// shows: names and bubbles are kept above it.
float WorldView::storyBoxTop(const StoryBoxes& boxes) const {
    float top = ViewLayout::kHeight;
    bool portrait = false;
    if (boxes.menu) {
        top = kBoxBottom - boxes.menu->height;
        portrait = boxes.menu->portrait;
    } else if (boxes.dialogue) {
        top = kBoxBottom - boxes.dialogue->height;
        portrait = !boxes.dialogue->picture.empty();
    }
    return portrait ? std::min(top, kBoxBottom - kPortraitRise) : top;
}

std::string WorldView::overflowOf(TextPlace place, const std::shared_ptr<const text::MarkedText>& marked,
                                  const ViewLayout& layout, const ViewOverlay& overlay) {
    applyOverlay(layout, overlay);
    rich_.beginFrame();
    auto wider = [&](const text::TextLayout& laid, float width) {
        return laid.width > width + 0.5f ? "a run with no break " + px(laid.width) + " wide in a column of " + px(width)
                                         : "";
    };
    switch (place) {
        case TextPlace::Dialogue:
        case TextPlace::Narration: {
            bool portrait = place == TextPlace::Dialogue;
            float width = dialogueTextWidth(portrait);
            const auto& laid = layoutText(marked, fonts::kDialogue, fonts::kDialogue.size * textScale_, width);
            float h = dialogueBoxHeight(laid.height, text_.lineHeight(fontFor(fonts::kDialogue, textScale_)), portrait);
            float room = screen::kDialogueBottom - screen::kDialogueTop;  // the area maps keep clear of actors
            if (h > room + 0.5f) return "the dialogue box is " + px(h) + " tall, past its " + px(room);
            return wider(laid, width);
        }
        case TextPlace::Option: {
            Font number = fontFor(fonts::kHeading, textScale_);
            float width = optionRowWidth(false) - 20 - (text_.width(number, "9.") + 14 * textScale_);
            const auto& laid = layoutText(marked, fonts::kOption, fonts::kOption.size * textScale_, width);
            float line = text_.lineHeight(fontFor(fonts::kOption, textScale_)) * lineSpacing_;
            if (laid.lineTops.size() > 1 || laid.height > line * 1.5f)
                return "the option takes " + std::to_string(std::max<std::size_t>(2, laid.lineTops.size())) +
                       " lines of the menu, past its 1";
            return wider(laid, width);
        }
        case TextPlace::Bubble: {
            const auto& laid = layoutText(marked, fonts::kBubble, fonts::kBubble.size, kBubbleTextWidth);
            if (laid.lineTops.size() > static_cast<std::size_t>(kBubbleLines))
                return "the bubble takes " + std::to_string(laid.lineTops.size()) + " lines, past its " +
                       std::to_string(kBubbleLines);
            return wider(laid, kBubbleTextWidth);
        }
        case TextPlace::Banner: {
            const auto& laid = layoutText(marked, fonts::kBanner, fonts::kBanner.size, 1e6f);
            float room = ViewLayout::kWidth - 2 * kBannerMargin;
            return laid.width > room + 0.5f ? "the banner is " + px(laid.width) + " wide, past the view's " + px(room)
                                            : "";
        }
    }
    return "";
}

WorldView::TextBox WorldView::boxOf(TextPlace place) {
    auto whole = [](float value) { return static_cast<int>(std::lround(value)); };
    switch (place) {
        case TextPlace::Dialogue:
        case TextPlace::Narration:
            return {whole(dialogueTextWidth(place == TextPlace::Dialogue)), whole(fonts::kDialogue.size), 0};
        case TextPlace::Option:  // less the option's number ("9." and its gap, as overflowOf measures it, near enough)
            return {whole(optionRowWidth(false) - 20 - (fonts::kHeading.size * 1.1f + 14)), whole(fonts::kOption.size),
                    1};
        case TextPlace::Bubble: return {whole(kBubbleTextWidth), whole(fonts::kBubble.size), kBubbleLines};
        case TextPlace::Banner: return {whole(ViewLayout::kWidth - 2 * kBannerMargin), whole(fonts::kBanner.size), 1};
    }
    return {};
}

int WorldView::menuOptionAt(float x, float y) const {
    for (std::size_t i = 0; i < menuRows_.size(); ++i) {
        const Row& r = menuRows_[i];
        if (x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h) return static_cast<int>(i);
    }
    return -1;
}

void WorldView::drawBanner(const World& world) {
    if (world.scenery().bannerSecondsLeft() <= 0 || world.scenery().bannerText().empty()) return;
    float alpha = std::min(1.0f, world.scenery().bannerSecondsLeft() / 0.3f);
    auto marked = world.scenery().bannerMarked();
    if (!marked) return;
    const auto& laid = layoutText(marked, fonts::kBanner, fonts::kBanner.size, 1e6f);
    float x = (ViewLayout::kWidth - laid.width) / 2, y = ViewLayout::kHeight / 2 - 110;
    rich_.draw(laid, x, y, withAlpha(kBannerText, alpha), marked->length, world.time(), stillMotion_);
    storyAreas_.push_back({x, y, laid.width, laid.height});
}

// The problem panel across the top, wrapped once per frame: the inspector is
// placed under it and drawError draws it, so the two never cover each other.
// The newest problems first, each in a few lines (the whole of it is on
// stderr and in the inspector), then how many more and how to hide them; it
// stays until then (Notices' problems).
WorldView::ErrorPanel WorldView::layoutError(const World& world) {
    constexpr std::size_t kProblemsShown = 3, kLinesEach = 4;
    ErrorPanel panel;
    const auto& problems = world.notices().problems();
    if (problems.empty()) return panel;
    Font font = fontFor(fonts::kBody);
    const float width = ViewLayout::kWidth - 120;
    for (std::size_t i = 0; i < problems.size() && i < kProblemsShown; ++i) {
        const Notices::Problem& problem = problems[problems.size() - 1 - i];
        const bool error = problem.severity == Notices::Severity::Error;
        panel.anyError = panel.anyError || error;
        auto lines = text_.wrap(
            font, lang::word(error ? "problem.error" : "problem.warning", {{"problem", problem.text}}), width);
        if (lines.size() > kLinesEach) {
            lines.resize(kLinesEach);
            lines.back() += " …";
        }
        panel.lines.insert(panel.lines.end(), lines.begin(), lines.end());
    }
    std::string foot = lang::word("problem.hide");
    if (problems.size() > kProblemsShown)
        foot =
            lang::word("problem.more", {{"count", std::to_string(problems.size() - kProblemsShown)}}) + "  ·  " + foot;
    panel.lines.push_back(foot);
    panel.area = {40, 52, ViewLayout::kWidth - 80, panel.lines.size() * text_.lineHeight(font) + 20};
    return panel;
}

void WorldView::drawError(const World&, const ErrorPanel& panel) {
    if (panel.lines.empty()) return;
    Font font = fontFor(fonts::kBody);
    float lineHeight = text_.lineHeight(font);
    storyAreas_.push_back(panel.area);
    batch_.rect(panel.area.x, panel.area.y, panel.area.w, panel.area.h, panel.anyError ? kErrorPanel : kWarningPanel);
    for (std::size_t i = 0; i < panel.lines.size(); ++i)
        text_.draw(font, panel.lines[i], 60, 62 + i * lineHeight, kErrorText);
}

// A notice (reloaded, saved, a controller) goes where it covers no text:
// the first free place down the right edge, then the left, from under the
// title row; free of actors too where there is such a place. With no room
// at all it is not drawn (stderr has it too).
void WorldView::drawNotice(const World& world) {
    noticeArea_ = {0, 0, 0, 0};
    if (world.notices().noticeSecondsLeft() <= 0 || world.notices().notice().empty()) return;
    Font font = fontFor(fonts::kSmall);
    float w = text_.width(font, world.notices().notice()) + 28, h = text_.lineHeight(font) + 14;
    auto isFree = [&](const ViewArea& place, const std::vector<ViewArea>& taken) {
        ViewArea around{place.x - kNoticeMargin, place.y - kNoticeMargin, place.w + 2 * kNoticeMargin,
                        place.h + 2 * kNoticeMargin};
        return std::none_of(taken.begin(), taken.end(), [&](const ViewArea& a) { return a.overlaps(around); });
    };
    for (bool besideActors : {true, false})
        for (float x : {ViewLayout::kWidth - w - 20, 20.0f})
            for (float y = 44; y + h <= ViewLayout::kHeight - 8; y += 8) {
                ViewArea place{x, y, w, h};
                if (!isFree(place, storyAreas_) || (besideActors && !isFree(place, actorAreas_))) continue;
                noticeArea_ = place;
                float alpha = std::min(1.0f, world.notices().noticeSecondsLeft());
                // High contrast's opaque black and white, as every other box has in it.
                batch_.rect(x, y, w, h, withAlpha(highContrast_ ? kContrastPanel : kNoticePanel, alpha));
                text_.draw(font, world.notices().notice(), x + 14, y + 7,
                           withAlpha(highContrast_ ? kContrastText : kNoticeText, alpha));
                return;
            }
}

// The scene has ended: a card over its last frame (often black after a fade)
// says so and how to go on.
void WorldView::drawSceneOver() {
    Font heading = fontFor(fonts::kHeading, textScale_);
    Font hint = fontFor(fonts::kBody, textScale_);
    const std::string& keys = lang::word(padHints_ ? "end.pad" : "end.keys");
    float w = std::max(420.0f * textScale_, text_.width(hint, keys) + 80),
          h = 40 + text_.lineHeight(heading) + 18 + text_.lineHeight(hint) + 36;
    float x = (ViewLayout::kWidth - w) / 2, y = (ViewLayout::kHeight - h) / 2;
    sceneOverCard_ = {x, y, w, h};
    storyAreas_.push_back(sceneOverCard_);
    batch_.rect(x, y, w, h, highContrast_ ? kContrastPanel : kPausePanel);
    batch_.rect(x, y, w, 3, highContrast_ ? kContrastAccent : kAccent);
    text_.drawCentered(heading, lang::word("end.title"), ViewLayout::kWidth / 2, y + 40,
                       highContrast_ ? kContrastAccent : kAccent);
    text_.drawCentered(hint, keys, ViewLayout::kWidth / 2, y + 40 + text_.lineHeight(heading) + 18,
                       highContrast_ ? kContrastText : kPanelText);
}

// The history: newest at the bottom, `scroll` entries back, wrapped to the panel.
void WorldView::drawHistory(const World& world, int scroll) {
    const float x = 120, top = 70, width = ViewLayout::kWidth - 240, bottom = ViewLayout::kHeight - 70;
    // High contrast: an opaque black panel, white text, a yellow title, names and choices.
    const Color panelText = highContrast_ ? kContrastText : kPanelText;
    const Color muted = highContrast_ ? kContrastText : kMuted;
    const Color accent = highContrast_ ? kContrastAccent : kAccent;
    const Color names = highContrast_ ? kContrastAccent : kMuted;
    batch_.rect(0, 0, ViewLayout::kWidth, ViewLayout::kHeight, kSceneDimmed);  // the scene steps back
    batch_.rect(x, top, width, bottom - top, highContrast_ ? kContrastPanel : kOverlayPanel);
    Font title = fontFor(fonts::kHeading, textScale_);
    Font body = fontFor(fonts::kBody, textScale_);
    Font name = fontFor(fonts::kLabel, textScale_);
    const std::string& heading = lang::word("history.title");
    text_.draw(title, heading, x + 24, top + 16,
               accent);  // a screen's title, as the pause overlay's and the end card's
    const float hintX = x + 24 + std::max(116.0f, text_.width(title, heading) + 24);  // after the title in any language
    text_.draw(name, text_.elide(name, lang::word(padHints_ ? "history.pad" : "history.keys"), x + width - 24 - hintX),
               hintX, top + 22, muted);
    // The names' column grows with the text: a larger name needs the room.
    const float nameWidth = 150 * textScale_, textX = x + 40 + nameWidth, textWidth = x + width - 30 - textX;
    const auto& entries = world.story().history();
    float lineHeight = text_.lineHeight(body) * lineSpacing_, y = bottom - 20;
    const float listTop = top + 60 * textScale_;
    int last = static_cast<int>(entries.size()) - 1 - scroll;
    for (int i = last; i >= 0 && y > listTop + 10; --i) {
        const HistoryEntry& e = entries[static_cast<std::size_t>(i)];
        std::string text = e.choice ? "\u25B6 " + e.text : e.text;
        auto lines = text_.wrap(body, text, textWidth);
        float height = std::max<float>(1, lines.size()) * lineHeight + 8;
        if (y - height < listTop) break;
        y -= height;
        // A right-to-left entry reads from the right: its speaker's name stands at the panel's right edge
        // and the line to the name's left, as the dialogue box puts them.
        const bool rtl = text_.rightToLeft(body, text);
        const float entryX = rtl ? x + 30 : textX;
        if (!e.speaker.empty()) {
            std::string shown = text_.elide(name, e.speaker, nameWidth);
            text_.draw(name, shown, rtl ? x + width - 24 - text_.width(name, shown) : x + 24, y + 2, names);
        }
        for (std::size_t k = 0; k < lines.size(); ++k)
            text_.drawAligned(body, lines[k], entryX, textWidth, y + k * lineHeight, e.choice ? accent : panelText);
    }
    if (entries.empty()) text_.draw(body, lang::word("history.empty"), x + 24, listTop + 10, muted);
}

void WorldView::drawInspector(const std::vector<ProcessInfo>& processes, bool paused, const std::string& errorTraceback,
                              float top) {
    Font font = fontFor(fonts::kInspector);
    float lineHeight = text_.lineHeight(font);
    std::size_t shown = std::min<std::size_t>(processes.size(), 24);
    // Below the processes: the last script error and its traceback in the scene's frames.
    std::vector<std::string> traceback;
    for (std::size_t at = 0; !errorTraceback.empty() && at != std::string::npos && traceback.size() < 10;) {
        std::size_t end = errorTraceback.find('\n', at);
        std::string line = errorTraceback.substr(at, end == std::string::npos ? end : end - at);
        if (!line.empty() && line[0] == '\t') line.replace(0, 1, "    ");
        traceback.push_back(line);
        at = end == std::string::npos ? end : end + 1;
    }
    float w = 620, x = ViewLayout::kWidth - w - 20, y = top;
    inspectorArea_ = {x, y, w, (shown + 1 + traceback.size()) * lineHeight + 16};
    batch_.rect(x, y, w, inspectorArea_.h, kInspectorPanel);
    for (std::size_t i = 0; i < traceback.size(); ++i)
        text_.draw(font, text_.elide(font, traceback[i], w - 20), x + 10, y + 8 + (shown + 1 + i) * lineHeight,
                   i == 0 ? kErrorText : kMuted, false);
    auto live = std::count_if(processes.begin(), processes.end(), [](const ProcessInfo& p) { return !p.cancelled; });
    text_.draw(
        font, std::to_string(live) + (paused ? " live processes, all paused (F1 hides)" : " live processes (F1 hides)"),
        x + 10, y + 8, kMuted, false);
    for (std::size_t i = 0; i < shown; ++i) {
        const auto& p = processes[i];
        float rowY = y + 8 + (i + 1) * lineHeight;
        text_.draw(font, text_.elide(font, p.name, 190), x + 10, rowY, p.cancelled ? kMuted : kPanelText, false);
        std::string summary = p.stuck ? "STUCK: " + p.summary : p.summary;  // a reported hang stands out
        text_.draw(font, text_.elide(font, summary, p.cancelled ? 440 : 240), x + 210, rowY,
                   p.stuck       ? kErrorText
                   : p.cancelled ? kMuted
                                 : kAccent,
                   false);
        std::string where = p.where.substr(p.where.find_last_of('/') + 1);  // the file name is enough here
        text_.draw(font, text_.elide(font, where, 150), x + 460, rowY, kMuted, false);
    }
}

}  // namespace stagehand
