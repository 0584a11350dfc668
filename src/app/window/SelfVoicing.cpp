#include "app/window/SelfVoicing.h"

#include "lang/EngineWords.h"

namespace stagehand {

std::string SelfVoicing::lineText(const World& world, const DialogueLine& line) {
    if (line.speaker.empty()) return line.text;
    return labelled(world.cast().displayName(line.speaker), line.text);
}

std::string SelfVoicing::optionText(const ChoiceMenu& menu, int index) {
    if (index < 0 || index >= static_cast<int>(menu.options.size())) return "";
    return std::to_string(index + 1) + ". " + menu.options[static_cast<std::size_t>(index)];
}

std::string SelfVoicing::menuText(const ChoiceMenu& menu) {
    std::string text = lang::word("voice.choose");
    for (int i = 0; i < static_cast<int>(menu.options.size()); ++i) text += " " + optionText(menu, i) + ".";
    return text;
}

std::string SelfVoicing::historyText(const std::vector<HistoryEntry>& history, int scroll) {
    int index = static_cast<int>(history.size()) - 1 - scroll;
    const std::string& title = lang::word("history.title");
    if (index < 0 || index >= static_cast<int>(history.size())) return labelled(title, lang::word("history.empty"));
    const HistoryEntry& e = history[static_cast<std::size_t>(index)];
    std::string text = e.choice ? lang::word("voice.youChose", {{"option", e.text}}) : e.text;
    return labelled(title, e.speaker.empty() ? text : labelled(e.speaker, text));
}

std::string SelfVoicing::labelled(const std::string& label, const std::string& text) {
    return lang::word("voice.labelled", {{"label", label}, {"text", text}});
}

void SelfVoicing::say(const std::string& text) {
    if (!sink_ || text.empty()) return;
    // The engine's words follow the lines' language, so theirs is the voice's.
    sink_->setLanguage(lang::engineWords().language());
    sink_->say(text);
}

void SelfVoicing::silence() {
    if (sink_ && (lineId_ || menuId_ || !row_.empty())) sink_->stop();
    row_.clear();
}

void SelfVoicing::followRow(const std::string& row) {
    if (row == row_) return;
    row_ = row;
    say(row);
}

void SelfVoicing::followStory(const World& world) {
    row_.clear();  // a menu opened again is heard again
    const Story& story = world.story();
    if (const auto& menu = story.currentMenu()) {
        if (menu->id != menuId_) {
            menuId_ = menu->id;
            menuSelected_ = menu->selected;
            say(menuText(*menu));
        } else if (menu->selected != menuSelected_) {
            menuSelected_ = menu->selected;
            say(optionText(*menu, menu->selected));
        }
        return;
    }
    const auto& line = story.currentLine();
    if (!line || line->id == lineId_) return;
    lineId_ = line->id;
    // The voice starts with its line (the same script call): an actor is
    // speaking it, so the synthesiser only stops what it was saying.
    if (world.soundtrack().voicePlaying()) {
        if (sink_) sink_->stop();
        return;
    }
    say(lineText(world, *line));
}

}  // namespace stagehand
