// The window's opening screen, in two pages. The title page: the game's
// title (and its title picture behind, game.json's "titlePicture") over the
// rows Start (the story from its first chapter), Continue and Load (when the
// player has a save), Chapters, Settings and Quit. The chapters page: the
// game's scenes (SCENES), each a chapter the story can be played from, and
// Back. Chosen with the arrow keys and Enter, the mouse, a pad or a tap; a
// number key plays that chapter from either page.
#pragma once

#include <vector>

#include "platform/Window.h"
#include "render/Batch2D.h"
#include "render/ImageCache.h"
#include "render/TextRenderer.h"
#include "render/ViewLayout.h"
#include "script/ScriptHost.h"

namespace stagehand {

class SceneMenu {
public:
    enum class Action { None, Start, Play, Continue, Load, Settings, Quit };
    enum class Row { Start, Continue, Load, Chapters, Settings, Quit, Scene, Back };
    enum class Page { Title, Chapters };

    explicit SceneMenu(std::vector<SceneInfo> scenes) : scenes_(std::move(scenes)) {}
    static constexpr int kRowsShown = 6;  // rows between the subtitle and the key hints

    // The latest save (none: no Continue or Load row). `detail` is what the
    // Continue row says of it (its chapter's title and date). The selection
    // starts on Continue, else on Start.
    void setLatestSave(bool any, std::string detail);
    bool hasSaveRows() const { return hasSave_; }
    const std::string& continueDetail() const { return continueDetail_; }

    Action handle(const InputEvent& event, const ViewLayout& layout);
    Page page() const { return page_; }
    Row selectedRow() const { return rows()[static_cast<std::size_t>(selected_)]; }
    // The scene a Start or Play plays: the first chapter, or the chapter row selected.
    const SceneInfo& selected() const;
    bool sceneRowSelected() const { return selectedRow() == Row::Scene; }
    // Every row's text on the page shown, top to bottom (self-voicing reads the selected one).
    std::vector<std::string> rowTexts() const;
    std::string selectedText() const { return rowTexts()[static_cast<std::size_t>(selected_)]; }
    // The number drawn on a row ("" but on the chapters' rows): the number key that plays it.
    std::string rowNumber(int row) const;
    bool empty() const { return scenes_.empty(); }
    // `picture`: the game's title picture, drawn behind the title page (null: the engine's sky).
    void draw(Batch2D& batch, TextRenderer& text, const ViewLayout& layout, const Image* picture = nullptr);
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
    std::vector<Row> rows() const;  // the page's rows, top to bottom
    int rowCount() const { return static_cast<int>(rows().size()); }
    int rowAt(float viewX, float viewY) const;
    Action actionOfSelected();
    void select(int index);  // and scroll so it is in view
    void showPage(Page page, Row selectedRow);
    float listTop() const;

    std::vector<SceneInfo> scenes_;
    Page page_ = Page::Title;
    bool hasSave_ = false;
    std::string continueDetail_;
    int selected_ = 0;    // a row of the page shown
    int firstShown_ = 0;  // the chapters' list scrolls when it has more than fit
    std::string message_;
    std::string title_, version_;
    bool padHints_ = false;
    bool highContrast_ = false;
    float textScale_ = 1;
};

}  // namespace stagehand
