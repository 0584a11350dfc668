// The pause overlay (Escape in a scene, Start on a pad): resume, the player's
// settings (text speed, auto-advance and its wait, text size, fullscreen,
// master/music/sound/voice volumes, mute when the window loses focus, the
// accessibility options: self-voicing, font, line spacing, high contrast,
// reduce flashes and shakes; skip all or only read lines, read lines in
// another colour), the save/load screen, the history (the mouse's and
// pad's way to it), back to the scene menu, quit. The scene does not run while it is open.
#pragma once

#include <string>
#include <vector>

#include "app/PlayerSettings.h"
#include "platform/Input.h"
#include "render/Batch2D.h"
#include "render/TextRenderer.h"
#include "render/ViewLayout.h"

namespace stagehand {

class PauseMenu {
public:
    enum class Action { None, Resume, SettingsChanged, ToggleFullscreen, SaveLoad, History, SceneMenu, Quit };
    enum class Row {
        Resume,
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
    static constexpr int kRowCount = 22;  // every row; rowCount() is what this overlay shows

    // `speech`: a synthesiser exists, so the self-voicing row is shown.
    explicit PauseMenu(bool speech = true);

    // Up/Down (W/S, D-pad) choose a row; Left/Right (A/D) change a setting;
    // Enter, Space, A or a click activate; Escape, Start or B resume.
    // Changes are made to `settings` in place.
    Action handle(const InputEvent& event, const ViewLayout& layout, PlayerSettings& settings);
    void draw(Batch2D& batch, TextRenderer& text, const ViewLayout& layout, const PlayerSettings& settings,
              bool padHints) const;
    Row selected() const { return rows_[selected_]; }
    int rowCount() const { return static_cast<int>(rows_.size()); }
    // What self-voicing reads for the selected row ("Text speed: fast").
    std::string spoken(const PlayerSettings& settings) const;
    // The row label and, for a setting, its value ("Text speed", "fast").
    static std::string label(Row row);
    static std::string value(Row row, const PlayerSettings& settings);

private:
    Action change(Row row, int step, PlayerSettings& settings);
    int rowAt(float viewX, float viewY) const;
    float rowHeight() const;
    float panelHeight() const;
    std::vector<Row> rows_;
    int selected_ = 0;
};

}  // namespace stagehand
