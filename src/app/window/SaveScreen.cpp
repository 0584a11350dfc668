#include "app/window/SaveScreen.h"

#include <SDL.h>

#include <filesystem>

#include "lang/EngineWords.h"
#include "platform/Gamepads.h"
#include "platform/Portable.h"
#include "view/Palette.h"

namespace stagehand {

namespace {
constexpr int kColumns = 4, kRows = kSaveSlotCount / kColumns;
constexpr float kCardW = 280, kCardH = 168, kGap = 14, kThumbW = 208, kThumbH = 117;
constexpr float kGridX = (ViewLayout::kWidth - (kColumns * kCardW + (kColumns - 1) * kGap)) / 2, kGridY = 100;
constexpr float kTabW = 160, kTabH = 40, kTabY = 44;
constexpr float kTabX = ViewLayout::kWidth / 2 - kTabW;
using palette::kAccent, palette::kMenuText, palette::kMenuMuted;

std::int64_t stampOf(const std::string& path) {
    std::error_code failed;
    auto time = std::filesystem::last_write_time(pathFromUtf8(path), failed);
    return failed ? -1 : static_cast<std::int64_t>(time.time_since_epoch().count());
}
}  // namespace

void SaveScreen::open(Mode mode, std::vector<SlotInfo> slots) {
    open_ = true;
    mode_ = mode;
    slots_ = std::move(slots);
    if (selected_ < 0 || selected_ >= kSaveSlotCount) selected_ = 0;
    confirming_ = -1;
    message_.clear();
}

int SaveScreen::slotAt(float x, float y) const {
    for (int i = 0; i < kSaveSlotCount; ++i) {
        float cx = kGridX + (i % kColumns) * (kCardW + kGap), cy = kGridY + (i / kColumns) * (kCardH + kGap);
        if (x >= cx && x < cx + kCardW && y >= cy && y < cy + kCardH) return i;
    }
    return -1;
}

int SaveScreen::tabAt(float x, float y) const {
    if (y < kTabY || y >= kTabY + kTabH || x < kTabX || x >= kTabX + 2 * kTabW) return -1;
    return x < kTabX + kTabW ? 0 : 1;
}

SaveScreen::Action SaveScreen::activate() {
    if (selected_ < 0) {
        mode_ = mode_ == Mode::Save ? Mode::Load : Mode::Save;
        confirming_ = -1;
        message_.clear();
        return Action::None;
    }
    const SlotInfo& slot = slots_.at(static_cast<std::size_t>(selected_));
    std::string name = lang::word("save.slot", {{"number", std::to_string(slot.number)}});
    if (mode_ == Mode::Save) {
        if (slot.state != SlotInfo::State::Empty && confirming_ != selected_) {
            confirming_ = selected_;
            message_ = lang::word("save.replace", {{"slot", name}});
            return Action::None;
        }
        confirming_ = -1;
        return Action::Save;
    }
    if (slot.state == SlotInfo::State::Empty) {
        message_ = lang::word("save.nothing", {{"slot", name}});
        return Action::None;
    }
    if (slot.state == SlotInfo::State::Damaged) {
        message_ = lang::word("save.broken", {{"slot", name}, {"problem", slot.problem}});
        return Action::None;
    }
    return Action::Load;
}

SaveScreen::Action SaveScreen::handle(const InputEvent& event, const ViewLayout& layout) {
    if (event.kind == InputKind::MouseMove || event.kind == InputKind::MouseDown) {
        float x = layout.toViewX(event.x), y = layout.toViewY(event.y);
        int tab = tabAt(x, y), slot = slotAt(x, y);
        if (tab >= 0 && event.kind == InputKind::MouseDown) {
            Mode chosen = tab == 0 ? Mode::Save : Mode::Load;
            if (chosen != mode_) {
                mode_ = chosen;
                confirming_ = -1;
                message_.clear();
            }
            return Action::None;
        }
        if (slot < 0) return Action::None;
        if (slot != selected_) confirming_ = -1;
        selected_ = slot;
        return event.kind == InputKind::MouseDown ? activate() : Action::None;
    }
    if (event.kind != InputKind::KeyDown) return Action::None;
    auto move = [&](int step) {
        confirming_ = -1;
        selected_ = ((selected_ + step) % kSaveSlotCount + kSaveSlotCount) % kSaveSlotCount;
    };
    switch (event.key) {
        case SDLK_ESCAPE:
        case kKeyPause:
        case kKeyCancel: open_ = false; return Action::Close;
        case SDLK_TAB: {
            int keep = selected_;
            selected_ = -1;  // as if on the tabs: the other one
            activate();
            selected_ = keep;
            return Action::None;
        }
        case SDLK_UP:
        case SDLK_w:
            if (selected_ < 0) return Action::None;
            if (selected_ < kColumns) {
                selected_ = -1;
                confirming_ = -1;
            } else {
                move(-kColumns);
            }
            return Action::None;
        case SDLK_DOWN:
        case SDLK_s:
            if (selected_ < 0)
                selected_ = 0;
            else if (selected_ + kColumns < kSaveSlotCount)
                move(kColumns);
            return Action::None;
        case SDLK_LEFT:
        case SDLK_a:
        case SDLK_RIGHT:
        case SDLK_d:
            if (selected_ < 0) return activate();  // the tabs: the other one
            move(event.key == SDLK_LEFT || event.key == SDLK_a ? -1 : 1);
            return Action::None;
        case SDLK_RETURN:
        case SDLK_KP_ENTER:
        case SDLK_SPACE: return activate();
        default: return Action::None;
    }
}

void SaveScreen::draw(Batch2D& batch, TextRenderer& text, ImageCache& images, const ViewLayout& layout,
                      const PlayerSettings& settings, bool padHints) const {
    const float scale = kTextSizes[settings.textSize].factor;
    Font tab = text.font(FontFace::Bold, 24 * scale, layout.scale);
    Font line = text.font(FontFace::Regular, 16 * scale, layout.scale);
    Font small = text.font(FontFace::Regular, 15 * scale, layout.scale);
    const bool contrast = settings.highContrast;
    const Color accent = contrast ? palette::kContrastAccent : kAccent;
    const Color plain = contrast ? palette::kContrastText : kMenuText;
    const Color muted = contrast ? palette::kContrastText : kMenuMuted;
    // Larger text takes its room from the thumbnail, which keeps its shape.
    const float grown = std::max(0.0f, (text.lineHeight(line) + text.lineHeight(small)) * (1 - 1 / scale));
    const float thumbH = kThumbH - grown, thumbW = kThumbW * thumbH / kThumbH;
    std::vector<const Image*> thumbs;
    for (const auto& slot : slots_)  // loaded before the batch begins, as fonts are
        thumbs.push_back(slot.state == SlotInfo::State::Ready ? images.file(slot.thumbnail, stampOf(slot.thumbnail))
                                                              : nullptr);
    batch.begin(ViewLayout::kWidth, ViewLayout::kHeight);
    batch.rect(0, 0, ViewLayout::kWidth, ViewLayout::kHeight, palette::kPauseDim);
    batch.rect(24, 24, ViewLayout::kWidth - 48, ViewLayout::kHeight - 48,
               contrast ? palette::kContrastPanel : palette::kPausePanel);
    for (int t = 0; t < 2; ++t) {
        bool current = (t == 0) == (mode_ == Mode::Save);
        float x = kTabX + t * kTabW;
        if (current) batch.rect(x + 4, kTabY, kTabW - 8, kTabH, palette::kMenuRowHighlight);
        if (selected_ < 0 && current) batch.frame(x + 4, kTabY, kTabW - 8, kTabH, 2, accent);
        text.drawCentered(tab, lang::word(t == 0 ? "save.tabSave" : "save.tabLoad"), x + kTabW / 2, kTabY + 6,
                          current ? accent : muted);
    }
    for (int i = 0; i < kSaveSlotCount && i < static_cast<int>(slots_.size()); ++i) {
        const SlotInfo& slot = slots_[static_cast<std::size_t>(i)];
        float x = kGridX + (i % kColumns) * (kCardW + kGap), y = kGridY + (i / kColumns) * (kCardH + kGap);
        bool chosen = i == selected_;
        batch.rect(x, y, kCardW, kCardH, chosen ? palette::kMenuRowHighlight : Color{255, 255, 255, 10});
        if (chosen) batch.frame(x, y, kCardW, kCardH, 2, accent);
        float tx = x + (kCardW - thumbW) / 2, ty = y + 8;
        batch.rect(tx, ty, thumbW, thumbH, Color{0, 0, 0, 160});
        if (thumbs[static_cast<std::size_t>(i)]) {
            batch.setTexture(thumbs[static_cast<std::size_t>(i)]->texture, false);
            batch.quad(tx, ty, thumbW, thumbH, TextureRegion{0, 0, 1, 1}, palette::kUntinted);
        }
        std::string head = std::to_string(slot.number) + "  ";
        std::string detail;
        Color headColor = chosen ? plain : muted;
        switch (slot.state) {
            case SlotInfo::State::Empty:
                text.drawCentered(line, lang::word("save.empty"), tx + thumbW / 2, ty + thumbH / 2 - 10, muted);
                head += lang::word("save.empty");
                break;
            case SlotInfo::State::Damaged:
                text.drawCentered(line, lang::word("save.damaged"), tx + thumbW / 2, ty + thumbH / 2 - 10,
                                  palette::kErrorText);
                head += lang::word("save.damaged");
                detail = slot.problem;
                headColor = palette::kErrorText;
                break;
            case SlotInfo::State::Ready:
                head += slot.title;
                detail = formatPlayed(slot.played) + "  \u00B7  " + slot.date;
                break;
        }
        // The card's words keep the thumbnail's full width, under it.
        const float wordsX = x + (kCardW - kThumbW) / 2, wordsY = ty + thumbH + 4;
        text.drawAligned(line, text.elide(line, head, kThumbW), wordsX, kThumbW, wordsY, headColor);
        if (!detail.empty()) text.draw(small, text.elide(small, detail, kThumbW), wordsX, wordsY + 18 * scale, muted);
    }
    float bottom = kGridY + kRows * (kCardH + kGap) - kGap + 10;
    if (!message_.empty())
        text.drawCentered(line, text.elide(line, message_, ViewLayout::kWidth - 100), ViewLayout::kWidth / 2, bottom,
                          accent);
    std::string hint =
        lang::word(padHints ? "save.pad" : "save.keys",
                   {{"action", lang::word(mode_ == Mode::Save ? "save.actionSave" : "save.actionLoad")}});
    text.drawCentered(small, hint, ViewLayout::kWidth / 2, bottom + 28 * scale, muted);
    batch.end();
}

}  // namespace stagehand
