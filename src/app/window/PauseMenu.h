// The pause overlay (Escape in a scene, Start on a pad): resume, the language,
// the player's settings (text speed, auto-advance and its wait, text size, fullscreen,
// master/music/sound/voice volumes, mute when the window loses focus, the
// accessibility options: self-voicing, font, line spacing, high contrast,
// reduce flashes and shakes; skip all or only read lines, read lines in
// another colour), the save/load screen, the history (the mouse's and
// pad's way to it), back to the scene menu, quit. The scene does not run while it is open.
#pragma once

#include <string>
#include <vector>

#include "app/window/PlayerSettings.h"
#include "platform/Input.h"
#include "render/Batch2D.h"
#include "render/TextRenderer.h"
#include "render/ViewLayout.h"

namespace stagehand {

class PauseMenu {
public:
    enum class Action {
        None,
        Resume,
        SettingsChanged,
        LanguageChanged,
        ToggleFullscreen,
        SaveLoad,
        History,
        SceneMenu,
        Quit
    };
    enum class Row {
        Resume,
        Language,  // shown when the script has more than one language (src/lang)
        TextSpeed,
        AutoAdvance,
        AutoAdvanceWait,
        TextSize,
        Fullscreen,
        MasterVolume,
        MusicVolume,
        SoundVolume,
        VoiceVolume,
        MuteUnfocused,
        SelfVoicing,
        Font,
        LineSpacing,
        HighContrast,
        ReduceFlashes,
        Skip,      // skip stops at unread lines, or skips all
        MarkRead,  // read lines in another colour
        SaveLoad,
        History,
        SceneMenu,
        Quit
    };
    static constexpr int kRowCount = 23;  // every row; rowCount() is what this overlay shows

    // `speech`: a synthesiser exists, so the self-voicing row is shown.
    // `languages`: the codes the player may choose (lang::knownLanguages
    // without pseudo); the Language row is shown when there are two or more.
    // `overTitle`: opened from the title screen's Settings, with no scene:
    // no Save / Load, History or way back to the title (Resume goes back).
    explicit PauseMenu(bool speech = true, std::vector<std::string> languages = {}, bool overTitle = false);

    // Up/Down (W/S, D-pad) choose a row; Left/Right (A/D) change a setting;
    // Enter, Space, A or a click activate; Escape, Start or B resume.
    // Changes are made to `settings` in place.
    Action handle(const InputEvent& event, const ViewLayout& layout, PlayerSettings& settings);
    void draw(Batch2D& batch, TextRenderer& text, const ViewLayout& layout, const PlayerSettings& settings,
              bool padHints) const;
    Row selected() const { return rows_[selected_]; }
    int selectedIndex() const { return selected_; }
    // The index of the row drawn at a point of the view for a text size, or -1.
    int rowAt(float viewX, float viewY, float textScale) const;
    int rowCount() const { return static_cast<int>(rows_.size()); }
    // What self-voicing reads for the selected row ("Text speed: fast").
    std::string spoken(const PlayerSettings& settings) const;
    // The row label and, for a setting, its value ("Text speed", "fast").
    static std::string label(Row row);
    static std::string value(Row row, const PlayerSettings& settings);
    // The font of the game's own choosing (game.json's "font", by its file's name), which the
    // Font row's first choice shows in place of the engine's "DejaVu Sans"; "" for the engine's.
    void setGameFont(std::string name) { gameFont_ = std::move(name); }
    // A language as its readers name it ("fr": "Français"); the code for one not listed.
    static std::string languageName(const std::string& code);

private:
    Action change(Row row, int step, PlayerSettings& settings);
    // Where the overlay stands for a text size: larger text makes the panel
    // wider and the rows taller, and then only `shown` rows fit: the list
    // scrolls with the selection.
    struct Geometry {
        float panelX, panelW, rowH, panelY, panelH;
        int shown;
    };
    Geometry geometry(float textScale) const;
    // The first row shown, moved just enough that the selected row is shown.
    int firstShown(const Geometry& g) const;
    std::vector<Row> rows_;
    // value(), with the game's own font named on the Font row.
    std::string shownValue(Row row, const PlayerSettings& settings) const;
    std::vector<std::string> languages_;
    std::string gameFont_;
    int selected_ = 0;
    mutable int firstShown_ = 0;  // sticky between frames, so the list does not jump
};

}  // namespace stagehand
