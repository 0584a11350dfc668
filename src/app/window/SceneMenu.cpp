#include "app/window/SceneMenu.h"

#include <SDL.h>

#include <algorithm>

#include "lang/EngineWords.h"
#include "platform/Gamepads.h"
#include "view/Palette.h"

namespace stagehand {

namespace {
constexpr float kListTop = 250, kRowHeight = 62, kListX = 300, kListWidth = 680;
using palette::kAccent, palette::kMenuText, palette::kMenuMuted;
}  // namespace

std::vector<SceneMenu::Row> SceneMenu::rows() const {
    std::vector<Row> rows;
    if (page_ == Page::Chapters) {
        rows.assign(scenes_.size(), Row::Scene);
        rows.push_back(Row::Back);
        return rows;
    }
    if (!scenes_.empty()) rows.push_back(Row::Start);
    if (hasSave_) {
        rows.push_back(Row::Continue);
        rows.push_back(Row::Load);
    }
    if (!scenes_.empty()) rows.push_back(Row::Chapters);
    rows.push_back(Row::Settings);
    rows.push_back(Row::Quit);
    return rows;
}

int SceneMenu::rowAt(float x, float y) const {
    if (x < kListX || x > kListX + kListWidth || y < kListTop) return -1;
    int row = static_cast<int>((y - kListTop) / kRowHeight);
    if (row >= kRowsShown) return -1;
    row += firstShown_;
    return row < rowCount() ? row : -1;
}

void SceneMenu::setLatestSave(bool any, std::string detail) {
    hasSave_ = any;
    continueDetail_ = std::move(detail);
    showPage(Page::Title, any ? Row::Continue : Row::Start);
}

const SceneInfo& SceneMenu::selected() const {
    static const SceneInfo none;
    if (scenes_.empty()) return none;
    if (page_ == Page::Chapters && selectedRow() == Row::Scene) return scenes_[static_cast<std::size_t>(selected_)];
    return scenes_.front();
}

void SceneMenu::showPage(Page page, Row selectedRow) {
    page_ = page;
    selected_ = firstShown_ = 0;
    const std::vector<Row> shown = rows();
    auto at = std::find(shown.begin(), shown.end(), selectedRow);
    select(at == shown.end() ? 0 : static_cast<int>(at - shown.begin()));
}

std::vector<std::string> SceneMenu::rowTexts() const {
    std::vector<std::string> texts;
    std::size_t scene = 0;
    for (Row row : rows()) {
        switch (row) {
            case Row::Start: texts.push_back(lang::word("menu.start")); break;
            case Row::Continue: texts.push_back(lang::word("menu.continue")); break;
            case Row::Load: texts.push_back(lang::word("menu.load")); break;
            case Row::Chapters: texts.push_back(lang::word("menu.chapters")); break;
            case Row::Settings: texts.push_back(lang::word("menu.settings")); break;
            case Row::Quit: texts.push_back(lang::word("pause.quit")); break;
            case Row::Back: texts.push_back(lang::word("menu.back")); break;
            case Row::Scene: {
                const SceneInfo& info = scenes_[scene++];
                texts.push_back(info.title.empty() ? info.name : info.title);
                break;
            }
        }
    }
    return texts;
}

// What Enter, a click or a tap does on the selected row.
SceneMenu::Action SceneMenu::actionOfSelected() {
    switch (selectedRow()) {
        case Row::Start: return Action::Start;
        case Row::Continue: return Action::Continue;
        case Row::Load: return Action::Load;
        case Row::Chapters: showPage(Page::Chapters, Row::Scene); return Action::None;
        case Row::Settings: return Action::Settings;
        case Row::Quit: return Action::Quit;
        case Row::Scene: return Action::Play;
        case Row::Back: showPage(Page::Title, Row::Chapters); return Action::None;
    }
    return Action::None;
}

void SceneMenu::select(int index) {
    selected_ = index;
    if (selected_ < firstShown_) firstShown_ = selected_;
    if (selected_ >= firstShown_ + kRowsShown) firstShown_ = selected_ - kRowsShown + 1;
}

SceneMenu::Action SceneMenu::handle(const InputEvent& event, const ViewLayout& layout) {
    const int count = rowCount();
    if (event.kind == InputKind::Quit) return Action::Quit;
    if (event.kind == InputKind::MouseMove || event.kind == InputKind::MouseDown) {
        int row = rowAt(layout.toViewX(event.x), layout.toViewY(event.y));
        if (row >= 0) selected_ = row;
        return row >= 0 && event.kind == InputKind::MouseDown ? actionOfSelected() : Action::None;
    }
    if (event.kind != InputKind::KeyDown) return Action::None;
    switch (event.key) {
        case SDLK_ESCAPE:
        case SDLK_BACKSPACE:
        case kKeyCancel:  // a pad's B: the chapters go back to the title; the title quits on Esc only
            if (page_ == Page::Chapters) {
                showPage(Page::Title, Row::Chapters);
                return Action::None;
            }
            return event.key == SDLK_ESCAPE ? Action::Quit : Action::None;
        case SDLK_UP:
        case SDLK_w: select((selected_ + count - 1) % count); return Action::None;
        case SDLK_DOWN:
        case SDLK_s: select((selected_ + 1) % count); return Action::None;
        case SDLK_RETURN:
        case SDLK_KP_ENTER:
        case SDLK_SPACE: return actionOfSelected();
        default:  // a chapter's number, as the chapters page shows it, plays it from either page
            if (event.key >= SDLK_1 && event.key <= SDLK_9 && event.key - SDLK_1 < static_cast<int>(scenes_.size())) {
                showPage(Page::Chapters, Row::Scene);
                select(event.key - SDLK_1);
                return Action::Play;
            }
            return Action::None;
    }
}

std::string SceneMenu::rowNumber(int i) const {
    return rows()[static_cast<std::size_t>(i)] == Row::Scene ? std::to_string(i + 1) : "";
}

void SceneMenu::draw(Batch2D& batch, TextRenderer& text, const ViewLayout& layout, const Image* picture) {
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
    const std::vector<std::string> texts = rowTexts();
    const std::vector<Row> shownRows = rows();
    batch.begin(ViewLayout::kWidth, ViewLayout::kHeight);
    if (highContrast_) {
        batch.rect(0, 0, ViewLayout::kWidth, ViewLayout::kHeight, palette::kContrastPanel);
    } else if (picture && picture->width > 0 && picture->height > 0) {
        // The title picture fills the view (cropped, never stretched), darkened where the words go.
        const float cover = std::max(ViewLayout::kWidth / static_cast<float>(picture->width),
                                     ViewLayout::kHeight / static_cast<float>(picture->height));
        const float w = picture->width * cover, h = picture->height * cover;
        batch.setTexture(picture->texture, false);
        batch.quad((ViewLayout::kWidth - w) / 2, (ViewLayout::kHeight - h) / 2, w, h, TextureRegion{0, 0, 1, 1},
                   palette::kUntinted);
        batch.rect(kListX - 40, 0, kListWidth + 80, ViewLayout::kHeight, palette::kTitleShade);
    } else {
        batch.gradientRect(0, 0, ViewLayout::kWidth, ViewLayout::kHeight, palette::kMenuSkyTop,
                           palette::kMenuSkyBottom);
    }
    text.drawCentered(title, title_.empty() ? "Stagehand" : title_, ViewLayout::kWidth / 2, 96, accent);
    // Under the title: the engine's tagline, or a game's version; the chapters page says what it is for.
    std::string line = page_ == Page::Chapters ? lang::word("menu.pickChapter")
                       : title_.empty()        ? lang::word("menu.tagline")
                                               : std::string();
    if (!version_.empty())
        line = lang::word("menu.version", {{"version", version_}}) + (line.empty() ? "" : " ") + line;
    text.drawCentered(subtitle, line, ViewLayout::kWidth / 2, 180, muted);
    const int lastShown = std::min(rowCount(), firstShown_ + kRowsShown);
    if (firstShown_ > 0)
        text.drawCentered(subtitle, "\u25B2 " + lang::word("menu.more"), ViewLayout::kWidth / 2, kListTop - 30, muted);
    if (lastShown < rowCount())
        text.drawCentered(subtitle, "\u25BC " + lang::word("menu.more"), ViewLayout::kWidth / 2,
                          kListTop + kRowsShown * kRowHeight, muted);
    // A right-to-left language reads a row from the right: the selection's
    // bar, the number and the text start there (a row's boxes, mirrored).
    const bool rightToLeft = text.rightToLeft(row, lang::word("menu.chapters"));
    auto fromStart = [rightToLeft](float x, float width) {
        return rightToLeft ? 2 * kListX + kListWidth - x - width : x;
    };
    const float textWidth = kListWidth - 90;
    for (int i = firstShown_; i < lastShown; ++i) {
        const float y = kListTop + (i - firstShown_) * kRowHeight;
        const bool chosen = i == selected_;
        const std::size_t at = static_cast<std::size_t>(i);
        if (chosen) {
            batch.rect(kListX, y + 4, kListWidth, kRowHeight - 8, palette::kMenuRowHighlight);
            batch.rect(fromStart(kListX, 4), y + 4, 4, kRowHeight - 8, accent);
        }
        if (shownRows[at] == Row::Scene) {
            const std::string shownNumber = rowNumber(i);
            text.draw(number, shownNumber, fromStart(kListX + 24, text.width(number, shownNumber)), y + 14,
                      chosen ? accent : muted);
        }
        const float labelWidth = std::min(text.width(row, texts[at]), textWidth);
        text.drawAligned(row, text.elide(row, texts[at], textWidth), fromStart(kListX + 70, textWidth), textWidth,
                         y + 14, chosen ? (shownRows[at] == Row::Scene ? plain : accent) : muted);
        const float detailWidth = kListWidth - 120 - labelWidth;
        if (shownRows[at] == Row::Continue && !continueDetail_.empty())
            text.drawAligned(small, text.elide(small, continueDetail_, detailWidth),
                             fromStart(kListX + 90 + labelWidth, detailWidth), detailWidth, y + 21, muted);
    }
    if (scenes_.empty())
        text.drawCentered(row, lang::word(message_.empty() ? "menu.noScenes" : "menu.fixScript"),
                          ViewLayout::kWidth / 2, kListTop + rowCount() * kRowHeight + 10, plain);
    if (!message_.empty()) {
        auto lines = text.wrap(small, message_, ViewLayout::kWidth - 160);
        float lineHeight = text.lineHeight(small);
        float top = ViewLayout::kHeight - 80 - lines.size() * lineHeight - 20;
        batch.rect(60, top - 10, ViewLayout::kWidth - 120, lines.size() * lineHeight + 20, palette::kMenuErrorPanel);
        for (std::size_t i = 0; i < lines.size(); ++i)
            text.draw(small, lines[i], 80, top + i * lineHeight, palette::kErrorText);
    }
    const char* hints = padHints_ ? "menu.pad" : page_ == Page::Chapters ? "menu.chapterKeys" : "menu.keys";
    text.drawCentered(subtitle, lang::word(hints), ViewLayout::kWidth / 2, ViewLayout::kHeight - 60, muted);
    batch.end();
}

}  // namespace stagehand
