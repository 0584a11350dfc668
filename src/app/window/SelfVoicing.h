// Self-voicing: what the player would read, read aloud. Once a frame the
// window tells it what is on screen (the line or page, the choice menu and
// its highlighted option, or the highlighted row of the scene menu, the pause
// overlay or the scene-over card); it says what is new through a SpeechSink,
// in the voice of the language played and with the engine's words in it,
// and cuts off what was being said. A line with a voice clip is the actor's
// to say: self-voicing stays silent over it.
#pragma once

#include <string>

#include "game/World.h"
#include "platform/Speech.h"

namespace stagehand {

class SelfVoicing {
public:
    // What it speaks through (null: nothing is said).
    void setSink(SpeechSink* sink) { sink_ = sink; }

    // The scene's story text: a new line or page, a new menu, a new highlighted option.
    void followStory(const World& world);
    // A highlighted row of a menu the window draws over the scene ("" when none
    // is open): said whenever its text changes, so moving the selection, or
    // changing a setting's value, is heard.
    void followRow(const std::string& row);
    // A scene (re)started: its first line is new, whatever its id.
    void newScene() { lineId_ = menuId_ = 0, menuSelected_ = -1; }
    // Says nothing more and stops what is being said (self-voicing turned off).
    void silence();

    // What it would say for a line (speaker's name first) and for a menu.
    static std::string lineText(const World& world, const DialogueLine& line);
    static std::string menuText(const ChoiceMenu& menu);
    static std::string optionText(const ChoiceMenu& menu, int index);
    // The history's newest entry shown, `scroll` entries back ("History: Pell: ...").
    static std::string historyText(const std::vector<HistoryEntry>& history, int scroll);
    // A name and what it names, as the language played says it ("Pell: Hello.").
    static std::string labelled(const std::string& label, const std::string& text);

private:
    void say(const std::string& text);

    SpeechSink* sink_ = nullptr;
    int lineId_ = 0;  // the last line and menu heard (or skipped for a voice)
    int menuId_ = 0;
    int menuSelected_ = -1;
    std::string row_;
};

}  // namespace stagehand
