#include "app/window/PauseMenu.h"

#include <SDL.h>

#include <algorithm>
#include <cmath>
#include <iterator>

#include "app/window/PlayInput.h"
#include "lang/EngineWords.h"
#include "platform/Gamepads.h"

#include "view/Palette.h"

namespace stagehand {

namespace {
// At the normal text size rows are as tall as the view lets them be, up to
// kMaxRowH: the list fits whatever rows it has.
constexpr float kPanelW = 620, kMaxRowH = 38, kTitleH = 70, kFootH = 46, kMargin = 12;
using palette::kAccent, palette::kMenuText, palette::kMenuMuted;

int cycle(int value, int step, int count) {
    return ((value + step) % count + count) % count;
}

// Left/Right stop at silent and full; Enter goes round.
int* volumeOf(PauseMenu::Row row, PlayerSettings& s) {
    switch (row) {
        case PauseMenu::Row::MasterVolume: return &s.masterVolume;
        case PauseMenu::Row::MusicVolume: return &s.musicVolume;
        case PauseMenu::Row::SoundVolume: return &s.soundVolume;
        case PauseMenu::Row::VoiceVolume: return &s.voiceVolume;
        default: return nullptr;
    }
}

std::string percent(int tenths) {
    return std::to_string(tenths * 10) + "%";
}
}  // namespace

PauseMenu::PauseMenu(bool speech, std::vector<std::string> languages, bool overTitle)
    : languages_(std::move(languages)) {
    for (int i = 0; i < kRowCount; ++i) {
        auto row = static_cast<Row>(i);
        const bool aboutTheScene = row == Row::SaveLoad || row == Row::History || row == Row::SceneMenu;
        if ((speech || row != Row::SelfVoicing) && (languages_.size() > 1 || row != Row::Language) &&
            !(overTitle && aboutTheScene))
            rows_.push_back(row);
    }
}

std::string PauseMenu::languageName(const std::string& code) {
    static const std::pair<const char*, const char*> kNames[] = {
        {"en", "English"}, {"fr", "Français"}, {"de", "Deutsch"}, {"es", "Español"}, {"it", "Italiano"},
        {"ar", "العربية"}, {"he", "עברית"},    {"ja", "日本語"},  {"zh", "中文"},    {"pseudo", "Pseudo"}};
    for (const auto& [known, name] : kNames)
        if (code == known) return name;
    return code;
}

PauseMenu::Geometry PauseMenu::geometry(float textScale) const {
    const float grow = std::max(1.0f, textScale);
    const float room = ViewLayout::kHeight - 2 * kMargin - kTitleH - kFootH * grow;
    Geometry g{};
    g.panelW = std::min(kPanelW * grow, ViewLayout::kWidth - 2 * kMargin);
    g.panelX = (ViewLayout::kWidth - g.panelW) / 2;
    const float fitting = std::floor(room / static_cast<float>(rows_.size()));
    g.rowH = std::min(kMaxRowH * grow, std::floor(fitting * grow));
    g.shown = std::min(rowCount(), static_cast<int>(room / g.rowH));
    g.panelH = kTitleH + static_cast<float>(g.shown) * g.rowH + kFootH * grow;
    g.panelY = (ViewLayout::kHeight - g.panelH) / 2;
    return g;
}

int PauseMenu::firstShown(const Geometry& g) const {
    firstShown_ = std::clamp(firstShown_, std::max(0, selected_ - g.shown + 1), selected_);
    return firstShown_;
}

std::string PauseMenu::shownValue(Row row, const PlayerSettings& settings) const {
    if (row == Row::Font && settings.font == 0 && !gameFont_.empty()) return gameFont_;
    return value(row, settings);
}

std::string PauseMenu::spoken(const PlayerSettings& settings) const {
    std::string v = shownValue(selected(), settings);
    return v.empty() ? label(selected()) : lang::word("voice.labelled", {{"label", label(selected())}, {"text", v}});
}

std::string PauseMenu::label(Row row) {
    switch (row) {
        case Row::Resume: return lang::word("pause.resume");
        case Row::Language: return lang::word("pause.language");
        case Row::TextSpeed: return lang::word("pause.textSpeed");
        case Row::AutoAdvance: return lang::word("pause.autoAdvance");
        case Row::AutoAdvanceWait: return lang::word("pause.autoAdvanceWait");
        case Row::TextSize: return lang::word("pause.textSize");
        case Row::Fullscreen: return lang::word("pause.fullscreen");
        case Row::MasterVolume: return lang::word("pause.volume");
        case Row::MusicVolume: return lang::word("pause.music");
        case Row::SoundVolume: return lang::word("pause.sounds");
        case Row::VoiceVolume: return lang::word("pause.voices");
        case Row::MuteUnfocused: return lang::word("pause.muteUnfocused");
        case Row::SelfVoicing: return lang::word("pause.selfVoicing");
        case Row::Font: return lang::word("pause.font");
        case Row::LineSpacing: return lang::word("pause.lineSpacing");
        case Row::HighContrast: return lang::word("pause.highContrast");
        case Row::ReduceFlashes: return lang::word("pause.reduceFlashes");
        case Row::Skip: return lang::word("pause.skip");
        case Row::MarkRead: return lang::word("pause.markRead");
        case Row::SaveLoad: return lang::word("pause.saveLoad");
        case Row::History: return lang::word("pause.history");
        case Row::SceneMenu: return lang::word("pause.sceneMenu");
        case Row::Quit: return lang::word("pause.quit");
    }
    return "";
}

std::string PauseMenu::value(Row row, const PlayerSettings& s) {
    switch (row) {
        case Row::Language: return languageName(s.language.empty() ? "en" : s.language);
        case Row::TextSpeed: return PlayInput::speedName(s.textSpeed);
        case Row::AutoAdvance: return s.autoAdvance ? lang::word("value.on") : lang::word("value.off");
        case Row::AutoAdvanceWait: return lang::word(kAutoAdvanceWaits[s.autoAdvanceWait].name);
        case Row::TextSize: return lang::word(kTextSizes[s.textSize].name);
        case Row::Fullscreen: return s.fullscreen ? lang::word("value.on") : lang::word("value.off");
        case Row::MasterVolume: return percent(s.masterVolume);
        case Row::MusicVolume: return percent(s.musicVolume);
        case Row::SoundVolume: return percent(s.soundVolume);
        case Row::VoiceVolume: return percent(s.voiceVolume);
        case Row::MuteUnfocused: return s.muteUnfocused ? lang::word("value.on") : lang::word("value.off");
        case Row::SelfVoicing: return s.selfVoicing ? lang::word("value.on") : lang::word("value.off");
        case Row::Font: return kFontChoices[s.font].name;
        case Row::LineSpacing: return kLineSpacings[s.lineSpacing].name;
        case Row::HighContrast: return s.highContrast ? lang::word("value.on") : lang::word("value.off");
        case Row::ReduceFlashes: return s.reduceFlashes ? lang::word("value.on") : lang::word("value.off");
        case Row::Skip: return lang::word(s.skipAll ? "value.skipAll" : "value.skipUnread");
        case Row::MarkRead: return lang::word(s.markRead ? "value.readColour" : "value.readAsNew");
        default: return "";
    }
}

PauseMenu::Action PauseMenu::change(Row row, int step, PlayerSettings& s) {
    switch (row) {
        case Row::Language: {
            if (languages_.empty()) return Action::None;
            std::string current = s.language.empty() ? "en" : s.language;
            auto at = std::find(languages_.begin(), languages_.end(), current);
            int index = at == languages_.end() ? 0 : static_cast<int>(at - languages_.begin());
            s.language = languages_[static_cast<std::size_t>(cycle(index, step, static_cast<int>(languages_.size())))];
            return Action::LanguageChanged;
        }
        case Row::TextSpeed: s.textSpeed = cycle(s.textSpeed, step, PlayInput::speedCount()); break;
        case Row::AutoAdvance: s.autoAdvance = !s.autoAdvance; break;
        case Row::AutoAdvanceWait: s.autoAdvanceWait = cycle(s.autoAdvanceWait, step, 3); break;
        case Row::TextSize: s.textSize = cycle(s.textSize, step, 3); break;
        case Row::Fullscreen: return Action::ToggleFullscreen;
        case Row::MuteUnfocused: s.muteUnfocused = !s.muteUnfocused; break;
        case Row::SelfVoicing: s.selfVoicing = !s.selfVoicing; break;
        case Row::Font: s.font = cycle(s.font, step, static_cast<int>(std::size(kFontChoices))); break;
        case Row::LineSpacing:
            s.lineSpacing = cycle(s.lineSpacing, step, static_cast<int>(std::size(kLineSpacings)));
            break;
        case Row::HighContrast: s.highContrast = !s.highContrast; break;
        case Row::ReduceFlashes: s.reduceFlashes = !s.reduceFlashes; break;
        case Row::Skip: s.skipAll = !s.skipAll; break;
        case Row::MarkRead: s.markRead = !s.markRead; break;
        case Row::MasterVolume:
        case Row::MusicVolume:
        case Row::SoundVolume:
        case Row::VoiceVolume: {
            int& volume = *volumeOf(row, s);
            volume = step > 1 ? cycle(volume, 1, PlayerSettings::kVolumeSteps + 1)
                              : std::clamp(volume + step, 0, PlayerSettings::kVolumeSteps);
            break;
        }
        default: return Action::None;
    }
    return Action::SettingsChanged;
}

int PauseMenu::rowAt(float x, float y, float textScale) const {
    const Geometry g = geometry(textScale);
    float top = g.panelY + kTitleH;
    if (x < g.panelX || x > g.panelX + g.panelW || y < top) return -1;
    int row = static_cast<int>((y - top) / g.rowH);
    return row < g.shown ? firstShown(g) + row : -1;
}

PauseMenu::Action PauseMenu::handle(const InputEvent& event, const ViewLayout& layout, PlayerSettings& settings) {
    if (event.kind == InputKind::MouseMove || event.kind == InputKind::MouseDown) {
        int row = rowAt(layout.toViewX(event.x), layout.toViewY(event.y), kTextSizes[settings.textSize].factor);
        if (row < 0) return Action::None;
        selected_ = row;
        if (event.kind == InputKind::MouseMove) return Action::None;
    } else if (event.kind != InputKind::KeyDown) {
        return Action::None;
    }
    Row row = selected();
    int key = event.kind == InputKind::MouseDown ? SDLK_RETURN : event.key;
    switch (key) {
        case SDLK_ESCAPE:
        case kKeyMenu:
        case kKeyPause:
        case kKeyCancel: return Action::Resume;
        case SDLK_UP:
        case SDLK_w: selected_ = cycle(selected_, -1, rowCount()); return Action::None;
        case SDLK_DOWN:
        case SDLK_s: selected_ = cycle(selected_, 1, rowCount()); return Action::None;
        case SDLK_LEFT:
        case SDLK_a: return change(row, -1, settings);
        case SDLK_RIGHT:
        case SDLK_d: return change(row, 1, settings);
        case SDLK_RETURN:
        case SDLK_KP_ENTER:
        case SDLK_SPACE:
            if (row == Row::Resume) return Action::Resume;
            if (row == Row::SaveLoad) return Action::SaveLoad;
            if (row == Row::History) return Action::History;
            if (row == Row::SceneMenu) return Action::SceneMenu;
            if (row == Row::Quit) return Action::Quit;
            return change(row, volumeOf(row, settings) ? 2 : 1, settings);  // 2: a volume goes round
        default: return Action::None;
    }
}

void PauseMenu::draw(Batch2D& batch, TextRenderer& text, const ViewLayout& layout, const PlayerSettings& settings,
                     bool padHints) const {
    const float scale = kTextSizes[settings.textSize].factor;
    const Geometry g = geometry(scale);
    // Fonts are opened before the batch begins, as WorldView does: opening one
    // between begin() and end() left the whole frame empty under wine.
    Font title = text.font(FontFace::Bold, 34 * scale, layout.scale);
    Font row = text.font(FontFace::Regular, 22 * scale, layout.scale);
    Font small = text.font(FontFace::Regular, 16 * scale, layout.scale);
    batch.begin(ViewLayout::kWidth, ViewLayout::kHeight);
    batch.rect(0, 0, ViewLayout::kWidth, ViewLayout::kHeight, palette::kPauseDim);  // the scene, dimmed
    // High contrast: an opaque black panel, white rows and a yellow selection.
    const bool contrast = settings.highContrast;
    const Color accent = contrast ? palette::kContrastAccent : kAccent;
    const Color rowText = contrast ? palette::kContrastText : kMenuText;
    const Color muted = contrast ? palette::kContrastText : kMenuMuted;
    const float left = g.panelX, right = g.panelX + g.panelW;
    batch.rect(left, g.panelY, g.panelW, g.panelH, contrast ? palette::kContrastPanel : palette::kPausePanel);
    batch.rect(left, g.panelY, g.panelW, 3, accent);
    text.drawCentered(title, lang::word("pause.title"), ViewLayout::kWidth / 2, g.panelY + 20, accent);
    const float textY = (g.rowH - text.lineHeight(row)) / 2;
    const bool rightToLeft = text.rightToLeft(row, lang::word("pause.resume"));
    const int first = firstShown(g);
    // Rows above or below the ones shown: a mark in the panel's margin at the rows' end (the right
    // in a left-to-right language), by the first or last row.
    const float markX = rightToLeft ? left + 8 : right - 20,
                listBottom = g.panelY + kTitleH + static_cast<float>(g.shown) * g.rowH;
    if (first > 0) text.draw(small, "\u25B2", markX, g.panelY + kTitleH + 2, muted);
    if (first + g.shown < rowCount()) text.draw(small, "\u25BC", markX, listBottom - text.lineHeight(small) - 2, muted);
    for (int i = first; i < first + g.shown; ++i) {
        float y = g.panelY + kTitleH + static_cast<float>(i - first) * g.rowH;
        bool chosen = i == selected_;
        if (chosen) {
            batch.rect(left + 20, y + 2, g.panelW - 40, g.rowH - 4, palette::kMenuRowHighlight);
            // the selection's bar at the side the rows start from: the right in a right-to-left language
            batch.rect(rightToLeft ? right - 24 : left + 20, y + 2, 4, g.rowH - 4, accent);
        }
        Row r = rows_[static_cast<std::size_t>(i)];
        const std::string name = label(r);
        // In a right-to-left language the rows read from the right: the label there, the value at the left.
        const float labelX = rightToLeft ? right - 44 - text.width(row, name) : left + 44;
        text.draw(row, name, labelX, y + textY, chosen ? rowText : muted);
        std::string v = shownValue(r, settings);
        if (!v.empty()) {
            // A left-to-right mark first: the arrows keep their sides around a right-to-left value
            // (a language's own name, say), which is drawn at the far side from the label.
            std::string shown = chosen ? "\u200E\u25C0 " + v + " \u25B6" : v;
            const float valueX = rightToLeft ? left + 44 : right - 44 - text.width(row, shown);
            text.draw(row, shown, valueX, y + textY, chosen ? accent : muted);
        }
    }
    const std::string& hints = lang::word(padHints ? "pause.pad" : "pause.keys");
    text.drawCentered(small, text.elide(small, hints, g.panelW - 20), ViewLayout::kWidth / 2,
                      g.panelY + g.panelH - 34 * scale, muted);
    batch.end();
}

}  // namespace stagehand
