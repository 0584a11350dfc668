// The window's opening screen: the script's scenes, chosen with the arrow
// keys and Enter, a number key, or the mouse. When the player has a save, two
// rows come first: Continue (the latest save) and Load (the load screen).
#pragma once

#include <vector>

#include "platform/Window.h"
#include "render/Batch2D.h"
#include "render/TextRenderer.h"
#include "render/ViewLayout.h"
#include "script/ScriptHost.h"

namespace stagehand {

class SceneMenu {
public:
    enum class Action { None, Play, Continue, Load, Quit };
    enum class Row { Continue, Load, Scene };

    explicit SceneMenu(std::vector<SceneInfo> scenes) : scenes_(std::move(scenes)) {}
    static constexpr int kRowsShown = 5;  // rows between the subtitle and the key hints

    // The latest save (none: no Continue or Load row). `detail` is what the
    // Continue row says of it (its scene's title and date). The selection
    // starts on Continue.
    void setLatestSave(bool any, std::string detail);
    bool hasSaveRows() const { return saveRows_ > 0; }
    const std::string& continueDetail() const { return continueDetail_; }

    Action handle(const InputEvent& event, const ViewLayout& layout);
    Row selectedRow() const;
    const SceneInfo& selected() const { return scenes_[selected_ - saveRows_]; }  // a Scene row's
    bool sceneRowSelected() const { return selected_ >= saveRows_ && !scenes_.empty(); }
    // Every row's text, top to bottom, as shown (the scene menu's tests; self-voicing reads the selected one).
    std::vector<std::string> rowTexts() const;
    std::string selectedText() const { return rowTexts()[selected_]; }
    // The number drawn on a row ("" on the save rows): the number key that plays it.
    std::string rowNumber(int row) const;
    bool empty() const { return scenes_.empty(); }
    void draw(Batch2D& batch, TextRenderer& text, const ViewLayout& layout);
    // A problem to show above the key hints (a script that did not load).
    void setMessage(std::string message) { message_ = std::move(message); }
    const std::string& message() const { return message_; }
    // A game's own title and version (game.json) in place of Stagehand's.
    void setTitle(std::string title, std::string version) {
        title_ = std::move(title);
        version_ = std::move(version);
    }
    // The key hints name a pad's buttons (the last input came from a pad).
    void setPadHints(bool pad) { padHints_ = pad; }
    // The player's settings it is drawn in: high contrast (white and yellow
    // on black) and the text size.
    void setStyle(bool highContrast, float textScale) {
        highContrast_ = highContrast;
        textScale_ = textScale;
    }

private:
    int rowAt(float viewX, float viewY) const;
    Action actionOfSelected() const;
    void select(int index);  // and scroll so it is in view

    int rowCount() const { return saveRows_ + static_cast<int>(scenes_.size()); }

    std::vector<SceneInfo> scenes_;
    int saveRows_ = 0;  // 2 (Continue, Load) when there is a save
    std::string continueDetail_;
    int selected_ = 0;    // a row: the save rows first, then the scenes
    int firstShown_ = 0;  // the list scrolls when it has more scenes than fit
    std::string message_;
    std::string title_, version_;
    bool padHints_ = false;
    bool highContrast_ = false;
    float textScale_ = 1;
};

}  // namespace stagehand
