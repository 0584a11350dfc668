#include "lang/EngineWords.h"

#include <filesystem>

#include "lang/PseudoText.h"
#include "platform/Portable.h"

namespace stagehand::lang {

// The translators' tables (assets/strings/Engine.CODE.csv) name this file and
// each word's line in it; tests/test_engine_words.cpp checks that they hold
// every word, with locks of the English below.
const std::vector<EngineWord>& engineWordList() {
    static const std::vector<EngineWord> kEngineWords = {
        {"pause.title", "Paused", "pause overlay: its title", 560, 34, true},
        {"pause.resume", "Resume", "pause overlay: a row's label", 330, 22, false},
        {"pause.language", "Language", "pause overlay: a row's label", 330, 22, false},
        {"pause.textSpeed", "Text speed", "pause overlay: a row's label", 330, 22, false},
        {"pause.autoAdvance", "Auto-advance", "pause overlay: a row's label", 330, 22, false},
        {"pause.autoAdvanceWait", "Auto-advance wait", "pause overlay: a row's label", 330, 22, false},
        {"pause.textSize", "Text size", "pause overlay: a row's label", 330, 22, false},
        {"pause.fullscreen", "Fullscreen", "pause overlay: a row's label", 330, 22, false},
        {"pause.volume", "Volume", "pause overlay: a row's label (all sound)", 330, 22, false},
        {"pause.music", "Music", "pause overlay: a row's label (music volume)", 330, 22, false},
        {"pause.sounds", "Sounds", "pause overlay: a row's label (sound effects volume)", 330, 22, false},
        {"pause.voices", "Voices", "pause overlay: a row's label (voice volume)", 330, 22, false},
        {"pause.muteUnfocused", "Mute in the background",
         "pause overlay: a row's label (silent when the window is not in front)", 330, 22, false},
        {"pause.selfVoicing", "Self-voicing", "pause overlay: a row's label (the game reads text aloud)", 330, 22,
         false},
        {"pause.font", "Font", "pause overlay: a row's label", 330, 22, false},
        {"pause.lineSpacing", "Line spacing", "pause overlay: a row's label", 330, 22, false},
        {"pause.highContrast", "High contrast", "pause overlay: a row's label", 330, 22, false},
        {"pause.reduceFlashes", "Reduce flashes and shakes", "pause overlay: a row's label", 330, 22, false},
        {"pause.skip", "Skip", "pause overlay: a row's label (what skipping passes)", 330, 22, false},
        {"pause.markRead", "Lines read before", "pause overlay: a row's label (how lines already read are drawn)", 330,
         22, false},
        {"pause.saveLoad", "Save / Load", "pause overlay: a row's label", 330, 22, false},
        {"pause.history", "History: the lines so far", "pause overlay: a row's label", 330, 22, false},
        {"pause.sceneMenu", "Back to the title screen", "pause overlay: a row's label", 330, 22, false},
        {"pause.quit", "Quit", "pause overlay: a row's label", 330, 22, false},
        {"pause.keys", "Arrows: choose, change  ·  Enter or click: select  ·  Esc: resume",
         "pause overlay: the keys, at its foot", 600, 16, false},
        {"pause.pad", "D-pad: choose, change  ·  A: select  ·  B or Start: resume",
         "pause overlay: the controller's buttons, at its foot", 600, 16, false},
        {"value.on", "on", "pause overlay: a setting's value", 190, 22, false},
        {"value.off", "off", "pause overlay: a setting's value", 190, 22, false},
        {"value.slow", "slow", "text speed", 190, 22, false},
        {"value.normalSpeed", "normal", "text speed", 190, 22, false},
        {"value.normalSize", "normal", "text size", 190, 22, false},
        {"value.normalWait", "normal", "auto-advance wait", 190, 22, false},
        {"value.fast", "fast", "text speed", 190, 22, false},
        {"value.instant", "instant", "text speed (the whole line at once)", 190, 22, false},
        {"value.short", "short", "auto-advance wait", 190, 22, false},
        {"value.long", "long", "auto-advance wait", 190, 22, false},
        {"value.small", "small", "text size", 190, 22, false},
        {"value.large", "large", "text size", 190, 22, false},
        {"value.skipAll", "all lines", "pause overlay: Skip's value (skip passes every line)", 190, 22, false},
        {"value.skipUnread", "stops at unread", "pause overlay: Skip's value (skip stops at a line not read before)",
         190, 22, false},
        {"value.readColour", "another colour", "pause overlay: Lines read before's value", 190, 22, false},
        {"value.readAsNew", "as new", "pause overlay: Lines read before's value", 190, 22, false},
        {"menu.tagline", "Cutscenes written as Lua coroutines.", "title screen: under Stagehand's own title", 1200, 20,
         false},
        {"menu.start", "Start", "title screen: the row that plays the story from its first chapter", 590, 26, false},
        {"menu.chapters", "Chapters", "title screen: the row that opens the list of chapters", 590, 26, false},
        {"menu.settings", "Settings", "title screen: the row that opens the settings", 590, 26, false},
        {"menu.back", "Back", "chapters page: the row under the chapters, back to the title screen", 590, 26, false},
        {"menu.pickChapter", "Play the story from a chapter.", "chapters page: under the title", 1200, 20, false},
        {"menu.chapterKeys", "Up/Down to choose  ·  Enter or click to play  ·  Esc to go back",
         "chapters page: the keys, at its foot", 1200, 20, false},
        {"menu.noScenes", "This script lists no scenes.", "scene menu: in place of the list", 680, 26, false},
        {"menu.fixScript", "Fix the script and save: this list follows.",
         "scene menu: in place of the list, under a script error", 680, 26, false},
        {"menu.keys", "Up/Down to choose  ·  Enter or click to play  ·  Esc to quit",
         "scene menu: the keys, at its foot", 1200, 20, false},
        {"menu.pad", "D-pad to choose  ·  A to play", "scene menu: the controller's buttons, at its foot", 1200, 20,
         false},
        {"story.choose", "Choose (arrows and Enter, a number, or click)", "a menu in a scene: over its options", 560,
         16, false},
        {"story.choosePad", "Choose (D-pad and A)", "a menu in a scene: over its options, with a controller", 560, 16,
         false},
        {"story.nextKey", "Space", "the dialogue box: the key that shows the next line, by the page marker", 90, 15,
         false},
        {"end.title", "The end", "the end card, when a scene is over", 400, 22, true},
        {"end.keys", "Enter: title screen      R: play again", "the end card: the keys", 600, 18, false},
        {"end.pad", "A: title screen", "the end card: the controller's button", 600, 18, false},
        {"history.title", "History", "the history panel: its title", 300, 22, true},
        {"history.keys", "Up/Down or the wheel to scroll  ·  H, Esc or right-click to close",
         "the history panel: the keys, beside its title", 800, 16, true},
        {"history.pad", "D-pad to scroll  ·  Y or B to close",
         "the history panel: the controller's buttons, beside its title", 800, 16, true},
        {"history.empty", "Nothing has been said yet.", "the history panel, before any line", 900, 18, false},
        {"save.tabSave", "Save", "save and load screen: a tab", 150, 24, true},
        {"save.tabLoad", "Load", "save and load screen: a tab", 150, 24, true},
        {"save.empty", "empty", "save and load screen: a slot with no save", 200, 16, false},
        {"save.damaged", "damaged", "save and load screen: a slot whose file cannot be read", 200, 16, false},
        {"save.slot", "slot {number}", "save and load screen: a slot's name in messages", 300, 15, false},
        {"save.replace", "{slot} holds a save: press again to replace it", "save and load screen: a message", 1200, 15,
         false},
        {"save.nothing", "{slot} is empty: nothing to load", "save and load screen: a message", 1200, 15, false},
        {"save.broken", "{slot} is damaged and cannot be loaded: {problem}",
         "save and load screen: a message ({problem}: why, one of the three below, or the file's own error as read)",
         1200, 15, false},
        {"save.saved", "saved in {slot}", "save and load screen: a message after saving", 1200, 15, false},
        {"save.savedNoPicture", "saved in {slot} (without its picture: {problem})",
         "save and load screen: a message after saving without its picture ({problem} stays English)", 1200, 15, false},
        {"save.notSaved", "not saved: {problem}",
         "save and load screen: a message when saving failed ({problem} stays English: it is for whoever mends it)",
         1200, 15, false},
        {"save.keys", "Arrows: choose  ·  Tab: save or load  ·  Enter: {action}  ·  Esc: back",
         "save and load screen: the keys, at its foot ({action}: save here, or load)", 1200, 15, false},
        {"save.pad", "D-pad: choose  ·  A: {action}  ·  B: back",
         "save and load screen: the controller's buttons, at its foot", 1200, 15, false},
        {"save.actionSave", "save here", "save and load screen: what Enter does on the Save tab", 300, 15, false},
        {"save.actionLoad", "load", "save and load screen: what Enter does on the Load tab", 300, 15, false},
        {"notice.saved", "saved (F9 loads it)", "a notice after a quicksave", 600, 16, false},
        {"notice.padAdded", "controller connected", "a notice", 600, 16, false},
        {"notice.padRemoved", "controller disconnected", "a notice", 600, 16, false},
        {"notice.rolledBack", "rolled back: wheel down or Page Down goes forward again",
         "a notice after going back a line", 600, 16, false},
        {"notice.rolledBackPad", "rolled back: RB goes forward again, A goes on from here",
         "a notice after going back a line, with a controller", 600, 16, false},
        {"play.keys",
         "Space: next  ·  Ctrl: skip  ·  F2: auto {auto}  ·  F3: {speed} text  ·  wheel: back  ·  H: history  ·  Esc: "
         "pause",
         "the key hints along the foot while a scene plays", 1240, 15, false},
        {"play.pad",
         "A: next  ·  hold B: skip  ·  D-pad: choose, walk  ·  LB/RB: back/forward  ·  Start: pause  ·  {speed} "
         "text{auto}",
         "the controller hints along the foot while a scene plays ({auto}: ', auto' when on)", 1240, 15, false},
        {"play.padAuto", ", auto", "the controller hints: after the text speed when auto-advance is on", 200, 15,
         false},
        {"menu.version", "Version {version}.",
         "scene menu: before the line under the title ({version}: the game's version, e.g. 1.0)", 1200, 20, false},
        {"menu.more", "more", "scene menu: beside an arrow when more scenes are above or below the list", 400, 18,
         false},
        {"menu.continue", "Continue", "scene menu: a row above the scenes that plays the latest save", 590, 26, false},
        {"menu.load", "Load", "scene menu: a row above the scenes that opens the load screen", 590, 26, false},
        {"save.noScene", "No scene is playing: there is nothing to save.",
         "save and load screen: a message when it was opened from the scene menu", 1200, 15, false},
        {"notice.saveLanguage", "this save plays in {language}, the language it was made in",
         "a notice after loading a save made in another language ({language}: its name in itself, e.g. Français)", 600,
         16, false},
        // Self-voicing's framing: spoken, never drawn, so they have no room to measure.
        {"voice.labelled", "{label}: {text}",
         "self-voicing, spoken: a name, then what it names (a speaker and their line, History and an entry, the "
         "scene menu and its row)",
         0, 0, false},
        {"voice.choose", "Choose:", "self-voicing, spoken: before a menu's numbered options", 0, 0, false},
        {"voice.youChose", "you chose {option}", "self-voicing, spoken: a choice the player made, read in the history",
         0, 0, false},
        {"voice.sceneMenu", "Title screen", "self-voicing, spoken: before the title screen's highlighted row", 0, 0,
         false},
        {"voice.noScenes", "no scene to play", "self-voicing, spoken: the scene menu of a script that lists none", 0, 0,
         false},
        {"voice.end", "The end. Enter: title screen. R: play again.", "self-voicing, spoken: the end card and its keys",
         0, 0, false},
        {"voice.endPad", "The end. A: title screen.",
         "self-voicing, spoken: the end card and its button, with a controller", 0, 0, false},
        // Why a save slot is damaged: under its card (elided to the card) and in the message on choosing it.
        {"save.unreadable", "cannot be read", "save and load screen: why a slot is damaged (its file cannot be read)",
         0, 0, false},
        {"save.incomplete", "not a complete save (no scene, script or moment)",
         "save and load screen: why a slot is damaged (its file lacks what a save holds)", 0, 0, false},
        {"save.otherScript", "from another script ({file})",
         "save and load screen: why a slot is damaged ({file}: the script it was made with)", 0, 0, false},
        // The problem panel across the top of a scene ({problem} stays as written: it is for whoever mends it).
        {"problem.error", "Error: {problem}",
         "the problem panel: a script error, or a file that did not load ({problem}: the file, its line, what is "
         "wrong)",
         1160, 18, false},
        {"problem.warning", "Warning: {problem}",
         "the problem panel: what may stop the scene, such as a possible hang ({problem}: the file, its line, what)",
         1160, 18, false},
        {"problem.more", "and {count} more", "the problem panel: how many problems are not shown ({count}: a number)",
         400, 18, false},
        {"problem.hide", "Backspace hides this", "the problem panel: the key that hides it, on its last line", 600, 18,
         false},
        {"save.otherLanguage", "This save was made in {language} and plays in it: press again to play it",
         "scene menu and save screen: a message on choosing a save made in another language ({language}: its name "
         "in itself, e.g. Français)",
         1200, 15, false},
    };
    return kEngineWords;
}

EngineWords::EngineWords() {
    for (const EngineWord& w : engineWordList()) shown_[w.id] = w.source;
}

std::string EngineWords::tablePath(const std::string& code) const {
    return folder_ + "/Engine." + code + ".csv";
}

void EngineWords::setLanguage(const std::string& code, std::string& error) {
    language_ = code;
    shown_.clear();
    StringTable table;
    // A language the engine has no table for shows its words in English, quietly in play
    // (--check says so to the author); a table that is there but broken is an error, one
    // line per bad row (its word is in English) or one for a table that cannot be read.
    std::error_code ec;
    std::vector<std::string> problems;
    error.clear();
    if (code != kSourceLanguage && code != kPseudoLanguage && !folder_.empty() &&
        std::filesystem::exists(pathFromUtf8(tablePath(code)), ec)) {
        const char* cost = loadStringTable(tablePath(code), code, table, problems)
                               ? "; the row is left out (its word is shown in English)"
                               : "; the engine's words are in English";
        for (const auto& problem : problems) error += (error.empty() ? "" : "\n") + problem + cost;
    }
    for (const EngineWord& w : engineWordList()) {
        const StringRow* row = table.find(w.id);
        if (code == kPseudoLanguage)
            shown_[w.id] = pseudoText(w.source);
        else
            shown_[w.id] = row && !row->text.empty() ? row->text : w.source;
    }
}

const std::string& EngineWords::word(std::string_view id) const {
    auto at = shown_.find(std::string(id));
    if (at != shown_.end()) return at->second;
    static thread_local std::string unknown;
    unknown = std::string(id);
    return unknown;
}

std::string EngineWords::word(std::string_view id,
                              std::initializer_list<std::pair<const char*, std::string>> values) const {
    std::string text = word(id);
    for (const auto& [name, value] : values) {
        const std::string tag = std::string("{") + name + "}";
        for (std::size_t at = text.find(tag); at != std::string::npos; at = text.find(tag, at + value.size()))
            text.replace(at, tag.size(), value);
    }
    return text;
}

EngineWords& engineWords() {
    static EngineWords words;
    return words;
}

}  // namespace stagehand::lang
