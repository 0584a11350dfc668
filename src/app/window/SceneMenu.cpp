#include "app/window/SceneMenu.h"

#include <SDL.h>

#include <algorithm>

#include "lang/EngineWords.h"
#include "view/Palette.h"

namespace stagehand {

namespace {
constexpr float kListTop = 250, kRowHeight = 64, kListX = 300, kListWidth = 680;
using palette::kAccent, palette::kMenuText, palette::kMenuMuted;
}  // namespace

int SceneMenu::rowAt(float x, float y) const {
    if (x < kListX || x > kListX + kListWidth || y < kListTop) return -1;
    int row = static_cast<int>((y - kListTop) / kRowHeight);
    if (row >= kRowsShown) return -1;
    row += firstShown_;
    return row < rowCount() ? row : -1;
}

void SceneMenu::setLatestSave(bool any, std::string detail) {
    saveRows_ = any ? 2 : 0;
    continueDetail_ = std::move(detail);
    selected_ = firstShown_ = 0;
}

SceneMenu::Row SceneMenu::selectedRow() const {
    if (selected_ >= saveRows_) return Row::Scene;
    return selected_ == 0 ? Row::Continue : Row::Load;
}

std::vector<std::string> SceneMenu::rowTexts() const {
    std::vector<std::string> rows;
    if (saveRows_ > 0) {
        rows.push_back(lang::word("menu.continue"));
        rows.push_back(lang::word("menu.load"));
    }
    for (const auto& scene : scenes_) rows.push_back(scene.title.empty() ? scene.name : scene.title);
    return rows;
}

// What Enter, a click or a number key does on the selected row.
SceneMenu::Action SceneMenu::actionOfSelected() const {
    switch (selectedRow()) {
        case Row::Continue: return Action::Continue;
        case Row::Load: return Action::Load;
        case Row::Scene: return Action::Play;
    }
    return Action::None;
}

void SceneMenu::select(int index) {
    selected_ = index;
    if (selected_ < firstShown_) firstShown_ = selected_;
    if (selected_ >= firstShown_ + kRowsShown) firstShown_ = selected_ - kRowsShown + 1;
}

SceneMenu::Action SceneMenu::handle(const InputEvent& event, const ViewLayout& layout) {
    int count = rowCount();
    if (event.kind == InputKind::Quit) return Action::Quit;
    if (count == 0) return Action::None;
    if (event.kind == InputKind::MouseMove || event.kind == InputKind::MouseDown) {
        int row = rowAt(layout.toViewX(event.x), layout.toViewY(event.y));
        if (row >= 0) selected_ = row;
        return row >= 0 && event.kind == InputKind::MouseDown ? actionOfSelected() : Action::None;
    }
    if (event.kind != InputKind::KeyDown) return Action::None;
    switch (event.key) {
        case SDLK_ESCAPE: return Action::Quit;
        case SDLK_UP:
        case SDLK_w: select((selected_ + count - 1) % count); return Action::None;
        case SDLK_DOWN:
        case SDLK_s: select((selected_ + 1) % count); return Action::None;
        case SDLK_RETURN:
        case SDLK_KP_ENTER:
        case SDLK_SPACE: return actionOfSelected();
        default:  // a scene's number, as the list shows it (the save rows have none)
            if (event.key >= SDLK_1 && event.key <= SDLK_9 && event.key - SDLK_1 < count - saveRows_) {
                select(saveRows_ + event.key - SDLK_1);
                return Action::Play;
            }
            return Action::None;
    }
}

std::string SceneMenu::rowNumber(int i) const {
    return i < saveRows_ ? "" : std::to_string(i - saveRows_ + 1);
}

void SceneMenu::draw(Batch2D& batch, TextRenderer& text, const ViewLayout& layout) {
    // Fonts first, before the batch begins (see PauseMenu::draw).
    const float scale = textScale_;
    Font title = text.font(FontFace::Bold, 60 * scale, layout.scale);
    Font subtitle = text.font(FontFace::Regular, 20 * scale, layout.scale);
    Font row = text.font(FontFace::Regular, 26 * scale, layout.scale);
    Font number = text.font(FontFace::Bold, 26 * scale, layout.scale);
    Font small = text.font(FontFace::Regular, 18 * scale, layout.scale);
    // High contrast: black behind, white words, yellow for the title and the selection.
    const Color accent = highContrast_ ? palette::kContrastAccent : kAccent;
    const Color plain = highContrast_ ? palette::kContrastText : kMenuText;
    const Color muted = highContrast_ ? palette::kContrastText : kMenuMuted;
    const std::vector<std::string> rows = rowTexts();
    batch.begin(ViewLayout::kWidth, ViewLayout::kHeight);
    if (highContrast_)
        batch.rect(0, 0, ViewLayout::kWidth, ViewLayout::kHeight, palette::kContrastPanel);
    else
        batch.gradientRect(0, 0, ViewLayout::kWidth, ViewLayout::kHeight, palette::kMenuSkyTop,
                           palette::kMenuSkyBottom);
    text.drawCentered(title, title_.empty() ? "Stagehand" : title_, ViewLayout::kWidth / 2, 96, accent);
    // The engine's own line under its own title; a game's title gets the plain one.
    std::string line = lang::word(title_.empty() ? "menu.subtitle" : "menu.pick");
    if (!version_.empty()) line = lang::word("menu.version", {{"version", version_}}) + " " + line;
    text.drawCentered(subtitle, line, ViewLayout::kWidth / 2, 180, muted);
    int lastShown = std::min(rowCount(), firstShown_ + kRowsShown);
    if (firstShown_ > 0)
        text.drawCentered(subtitle, "\u25B2 " + lang::word("menu.more"), ViewLayout::kWidth / 2, kListTop - 30, muted);
    if (lastShown < rowCount())
        text.drawCentered(subtitle, "\u25BC " + lang::word("menu.more"), ViewLayout::kWidth / 2,
                          kListTop + kRowsShown * kRowHeight, muted);
    // A right-to-left language reads a row from the right: the selection's
    // bar, the number and the text start there (a row's boxes, mirrored).
    const bool rightToLeft = text.rightToLeft(row, lang::word("menu.pick"));
    auto fromStart = [rightToLeft](float x, float width) {
        return rightToLeft ? 2 * kListX + kListWidth - x - width : x;
    };
    for (int i = firstShown_; i < lastShown; ++i) {
        float y = kListTop + (i - firstShown_) * kRowHeight;
        bool chosen = static_cast<int>(i) == selected_;
        if (chosen) {
            batch.rect(kListX, y + 4, kListWidth, kRowHeight - 8, palette::kMenuRowHighlight);
            batch.rect(fromStart(kListX, 4), y + 4, 4, kRowHeight - 8, accent);
        }
        if (i < saveRows_) {  // Continue (and of which save) or Load: no number
            float labelWidth = std::min(text.width(row, rows[i]), kListWidth - 90);
            text.drawAligned(row, text.elide(row, rows[i], kListWidth - 90), fromStart(kListX + 70, kListWidth - 90),
                             kListWidth - 90, y + 15, chosen ? accent : muted);
            const float detailWidth = kListWidth - 120 - labelWidth;
            if (i == 0 && !continueDetail_.empty())
                text.drawAligned(small, text.elide(small, continueDetail_, detailWidth),
                                 fromStart(kListX + 90 + labelWidth, detailWidth), detailWidth, y + 22, muted);
            continue;
        }
        const std::string shownNumber = rowNumber(i);
        text.draw(number, shownNumber, fromStart(kListX + 24, text.width(number, shownNumber)), y + 15,
                  chosen ? accent : muted);
        text.drawAligned(row, text.elide(row, rows[i], kListWidth - 90), fromStart(kListX + 70, kListWidth - 90),
                         kListWidth - 90, y + 15, chosen ? plain : muted);
    }
    if (scenes_.empty())
        text.drawCentered(row, lang::word(message_.empty() ? "menu.noScenes" : "menu.fixScript"),
                          ViewLayout::kWidth / 2, kListTop, plain);
    if (!message_.empty()) {
        auto lines = text.wrap(small, message_, ViewLayout::kWidth - 160);
        float lineHeight = text.lineHeight(small);
        float top = ViewLayout::kHeight - 80 - lines.size() * lineHeight - 20;
        batch.rect(60, top - 10, ViewLayout::kWidth - 120, lines.size() * lineHeight + 20, palette::kMenuErrorPanel);
        for (std::size_t i = 0; i < lines.size(); ++i)
            text.draw(small, lines[i], 80, top + i * lineHeight, palette::kErrorText);
    }
    text.drawCentered(subtitle, lang::word(padHints_ ? "menu.pad" : "menu.keys"), ViewLayout::kWidth / 2,
                      ViewLayout::kHeight - 60, muted);
    batch.end();
}

}  // namespace stagehand
