// The story on screen: dialogue lines, story pages, choice menus, the history
// a player can read back, and how text types and turns. Knows nothing of Lua
// or drawing.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "game/Cast.h"
#include "game/Chronicle.h"
#include "game/Soundtrack.h"
#include "text/Markup.h"

namespace stagehand {

// A dialogue line (line()) or a story page (text()): one thing, typed out
// and held; a page also waits for the player to turn it.
struct DialogueLine {
    int id = 0;
    std::string speaker;                             // actor id, or empty for narration
    std::string text;                                // the plain text (markup removed)
    std::shared_ptr<const text::MarkedText> marked;  // parsed once, when shown
    std::string lineId;                              // its line ID (src/lang/LineId.h): explicit, or automatic
    bool explicitId = false;  // the ID was written in the script (only these reach the transcript)
    float charsShown = 0;
    // The typewriter's place among the text's cues and what they set.
    std::size_t nextCue = 0;
    float pauseLeft = 0;             // {w=S} still to wait
    bool waitsAtMark = false;        // {w}: stopped until the player presses
    float speedFactor = 1, cps = 0;  // {speed=F}; {cps=N} (0: the player's speed)
    bool instantPart = false;        // inside {instant}
    float holdSecondsLeft = 0;
    bool typed = false;
    bool waitsForPlayer = false;  // a story page (text()): the player advances it
};

// A choice the player is asked to make (menu()).
struct ChoiceMenu {
    int id = 0;
    std::vector<std::string> options;  // plain text
    std::vector<std::shared_ptr<const text::MarkedText>> marked;
    std::vector<std::string> lineIds;  // each option's line ID (explicit when its marked text has one)
    int selected = 0;                  // highlighted, 0-based
    int chosen = 0;                    // 1-based once chosen
};

// How story text behaves; the player changes it in the window.
struct TextSettings {
    float charsPerSecond = 45.0f;      // 0: appear at once
    bool autoAdvance = false;          // pages turn themselves after reading time
    float readingScale = 1.0f;         // that reading time x this (the player's auto-advance wait)
    bool skipping = false;             // a skip key is held: pages fly by
    bool headless = false;             // no player: pages turn once typed, menus use scripted answers
    bool menusWaitForAnswers = false;  // headless menus with no scripted answer left stay open (screenshots)
    bool stillMotion = false;          // {wave} and {shake} letters drawn still (the player's "reduce motion")
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
    // Texts given as strings are plain: their braces are shown, not read.
    int showLine(const std::string& speaker, const std::string& text) {
        return show(speaker, text::plainText(text), {}, false);
    }
    int showPage(const std::string& speaker, const std::string& text) {
        return show(speaker, text::plainText(text), {}, true);
    }
    // `lineId`: the line's ID (explicit if its markup has {#ID}, else the
    // automatic one; src/lang/LineId.h); empty: its {#ID}, if it has one.
    int showLine(const std::string& speaker, std::shared_ptr<const text::MarkedText> text,
                 const std::string& lineId = {}) {
        return show(speaker, std::move(text), lineId, false);
    }
    int showPage(const std::string& speaker, std::shared_ptr<const text::MarkedText> text,
                 const std::string& lineId = {}) {
        return show(speaker, std::move(text), lineId, true);
    }
    bool isLineFinished(int lineId) const { return lineId <= finishedLineId_; }
    // Shows a menu; in headless runs answers it from the scripted choices at once.
    // Returns 0 (and sets `error`) when a headless menu has no valid answer left.
    int showMenu(const std::vector<std::string>& options, std::string& error);
    // `lineIds`: each option's line ID, as for showLine.
    int showMenu(std::vector<std::shared_ptr<const text::MarkedText>> options, std::string& error,
                 std::vector<std::string> lineIds = {});
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
    // A new chapter: no line or menu on screen (the history stays).
    void clearScreen() {
        finishLine();
        menu_.reset();
    }

    // What the typewriter met since the last take: {signal=} names for the
    // scheduler, {face=} changes for the cast ({sound=} plays at once).
    struct FiredCue {
        std::string speaker;
        text::TextCue cue;
    };
    std::vector<FiredCue> takeFiredCues() { return std::exchange(fired_, {}); }

private:
    int show(const std::string& speaker, std::shared_ptr<const text::MarkedText> text, const std::string& lineId,
             bool waitsForPlayer);
    void meetCue(const text::TextCue& cue, bool withPauses);
    void completeLine();
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
    std::vector<FiredCue> fired_;
};

}  // namespace stagehand
