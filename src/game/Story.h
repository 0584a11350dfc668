// The story on screen: dialogue lines, story pages, choice menus, the history
// a player can read back, and how text types and turns. Knows nothing of Lua
// or drawing.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "game/Cast.h"
#include "game/Chronicle.h"
#include "game/Soundtrack.h"
#include "lang/LineId.h"

namespace stagehand {

// A dialogue line (line()) or a story page (text()): one thing, typed out
// and held; a page also waits for the player to turn it.
struct DialogueLine {
    int id = 0;
    std::string speaker;  // actor id, or empty for narration
    std::string text;
    std::string lineId;       // its line ID (src/lang/LineId.h): explicit, or automatic
    bool explicitId = false;  // the ID was written in the script (only these reach the transcript)
    float charsShown = 0;
    float holdSecondsLeft = 0;
    bool typed = false;
    bool waitsForPlayer = false;  // a story page (text()): the player advances it
};

// A choice the player is asked to make (menu()).
struct ChoiceMenu {
    int id = 0;
    std::vector<std::string> options;
    std::vector<lang::LineText> optionLines;  // each option's text with its line ID
    int selected = 0;                         // highlighted, 0-based
    int chosen = 0;                           // 1-based once chosen
};

// How story text behaves; the player changes it in the window.
struct TextSettings {
    float charsPerSecond = 45.0f;      // 0: appear at once
    bool autoAdvance = false;          // pages turn themselves after reading time
    float readingScale = 1.0f;         // that reading time x this (the player's auto-advance wait)
    bool skipping = false;             // a skip key is held: pages fly by
    bool headless = false;             // no player: pages turn once typed, menus use scripted answers
    bool menusWaitForAnswers = false;  // headless menus with no scripted answer left stay open (screenshots)
};

// One entry of the history a player can read back: a line or page as shown
// (speaker by display name, empty for narration), or a choice they made.
struct HistoryEntry {
    std::string speaker;
    std::string text;
    bool choice = false;
    std::string lineId;
};

class Story {
public:
    Story(Chronicle& chronicle, const Cast& cast, Soundtrack& soundtrack)
        : chronicle_(chronicle), cast_(cast), soundtrack_(soundtrack) {}

    // --- Commands (from scripts) ---
    int showLine(const std::string& speaker, const std::string& text) { return show(speaker, {"", text}, false); }
    int showPage(const std::string& speaker, const std::string& text) { return show(speaker, {"", text}, true); }
    int showLine(const std::string& speaker, const lang::LineText& line) { return show(speaker, line, false); }
    int showPage(const std::string& speaker, const lang::LineText& line) { return show(speaker, line, true); }
    bool isLineFinished(int lineId) const { return lineId <= finishedLineId_; }
    // Shows a menu; in headless runs answers it from the scripted choices at once.
    // Returns 0 (and sets `error`) when a headless menu has no valid answer left.
    int showMenu(const std::vector<std::string>& options, std::string& error);
    int showMenu(const std::vector<lang::LineText>& options, std::string& error);
    int menuChoice(int menuId) const;  // 1-based, 0 while undecided

    // --- The player (window) ---
    void setTextSettings(const TextSettings& settings);
    const TextSettings& textSettings() const { return settings_; }
    // Answers to menus for a run with no player, in order; `source` names
    // where they came from in errors (the program says "--choose").
    void setScriptedChoices(std::vector<int> choices, std::string source = "the scripted answers") {
        scriptedChoices_ = std::move(choices);
        choicesSource_ = std::move(source);
    }
    // Space, Enter or a click: completes a line being typed, else turns the page.
    void advancePressed();
    void moveMenuSelection(int delta);
    void hoverMenuOption(int index);
    bool chooseMenuOption(int index);  // 0-based; false if no menu or out of range

    // --- What the view draws ---
    const std::optional<DialogueLine>& currentLine() const { return line_; }
    const std::optional<ChoiceMenu>& currentMenu() const { return menu_; }
    const std::vector<HistoryEntry>& history() const { return history_; }

    void advance(float dt);
    bool busy() const { return line_ || menu_; }

private:
    int show(const std::string& speaker, const lang::LineText& text, bool waitsForPlayer);
    void finishLine();
    bool choose(int index);
    void recordMenuInput(InputCommand::Kind kind, int number);

    void typeLetters(float dt, float total);

    Chronicle& chronicle_;
    const Cast& cast_;
    Soundtrack& soundtrack_;  // a new line stops the voice; a voiced line waits for it
    TextSettings settings_;
    std::optional<DialogueLine> line_;
    int nextLineId_ = 1;
    int finishedLineId_ = 0;  // lines up to this id are done
    std::optional<ChoiceMenu> menu_;
    int nextMenuId_ = 1;
    std::map<int, int> choices_;  // menu id -> chosen option, 1-based
    std::vector<int> scriptedChoices_;
    std::string choicesSource_ = "the scripted answers";
    std::size_t nextScriptedChoice_ = 0;
    std::vector<HistoryEntry> history_;
};

}  // namespace stagehand
