#include "game/Story.h"

#include <algorithm>

#include "render/Utf8.h"

namespace stagehand {

namespace {
// Seconds a typed line stays up: a beat, plus time to read it.
float readingSeconds(const std::string& text) {
    return 1.0f + 0.035f * static_cast<float>(utf8::length(text));
}
}  // namespace

// Lines and pages are one thing; they differ in who turns them and in their
// transcript event ("line" always names its speaker, "text" only a real one).
// An explicit line ID is the last field of the line's event (only explicit
// ones: an automatic ID says nothing the text does not, and would change
// every golden transcript whenever a line's wording does).
int Story::show(const std::string& speaker, const lang::LineText& text, bool waitsForPlayer) {
    if (line_) finishedLineId_ = line_->id;  // a new line replaces the one showing
    soundtrack_.stopVoice();                 // and silences its voice
    DialogueLine line;
    line.id = nextLineId_++;
    line.speaker = speaker;
    line.text = text.text;
    line.lineId = text.id;
    line.explicitId = text.explicitId;
    line.waitsForPlayer = waitsForPlayer;
    line_ = line;
    history_.push_back({cast_.displayName(speaker), text.text, false, text.id});
    auto e = chronicle_.event(waitsForPlayer ? "text" : "line");
    if (!waitsForPlayer || !speaker.empty()) e.with("speaker", speaker);
    e.with("text", text.text);
    if (text.explicitId) e.with("id", text.id);
    chronicle_.record(e);
    return line.id;
}

void Story::finishLine() {
    if (!line_) return;
    finishedLineId_ = line_->id;
    line_.reset();
}

int Story::showMenu(const std::vector<std::string>& options, std::string& error) {
    std::vector<lang::LineText> lines;
    for (const auto& option : options) lines.push_back({"", option});
    return showMenu(lines, error);
}

// Explicit option IDs follow the options in the menu's event, in the same
// order ("-" for an option without one).
int Story::showMenu(const std::vector<lang::LineText>& options, std::string& error) {
    finishLine();  // the page that asked the question gives way to the choices
    ChoiceMenu menu;
    menu.id = nextMenuId_++;
    menu.optionLines = options;
    for (const auto& option : options) menu.options.push_back(option.text);
    menu_ = menu;
    std::string listed, ids;
    bool anyId = false;
    for (std::size_t i = 0; i < options.size(); ++i) {
        listed += (i ? " | " : "") + std::to_string(i + 1) + ". " + options[i].text;
        ids += (i ? " | " : "") + (options[i].explicitId ? options[i].id : std::string("-"));
        anyId = anyId || options[i].explicitId;
    }
    auto event = chronicle_.event("menu").with("options", listed);
    if (anyId) event.with("ids", ids);
    chronicle_.record(event);
    if (!settings_.headless) return menu.id;
    bool answersLeft = nextScriptedChoice_ < scriptedChoices_.size();
    if (!answersLeft && settings_.menusWaitForAnswers) return menu.id;
    if (!answersLeft) {
        error = "no answer left in " + choicesSource_ + " for this menu (options: " + listed + ")";
        menu_.reset();
        return 0;
    }
    int answer = scriptedChoices_[nextScriptedChoice_++];
    if (!chooseMenuOption(answer - 1)) {
        error = "answer " + std::to_string(answer) + " from " + choicesSource_ +
                " is out of range for this menu (options: " + listed + ")";
        menu_.reset();
        return 0;
    }
    return menu.id;
}

int Story::menuChoice(int menuId) const {
    auto it = choices_.find(menuId);
    return it == choices_.end() ? 0 : it->second;
}

void Story::setTextSettings(const TextSettings& settings) {
    bool changed = settings.charsPerSecond != settings_.charsPerSecond ||
                   settings.autoAdvance != settings_.autoAdvance || settings.skipping != settings_.skipping ||
                   settings.readingScale != settings_.readingScale;
    settings_ = settings;
    if (!changed) return;
    InputCommand c;
    c.kind = InputCommand::Kind::Text;
    c.x = settings.charsPerSecond;
    c.y = settings.readingScale;
    c.autoAdvance = settings.autoAdvance;
    c.skipping = settings.skipping;
    chronicle_.recordInput(c);
}

void Story::recordMenuInput(InputCommand::Kind kind, int number) {
    InputCommand c;
    c.kind = kind;
    c.number = number;
    chronicle_.recordInput(c);
}

bool Story::chooseMenuOption(int index) {
    if (!menu_ || index < 0 || index >= static_cast<int>(menu_->options.size())) return false;
    recordMenuInput(InputCommand::Kind::Choose, index + 1);
    return choose(index);
}

bool Story::choose(int index) {
    choices_[menu_->id] = index + 1;
    const lang::LineText& option = menu_->optionLines[static_cast<std::size_t>(index)];
    history_.push_back({"", option.text, true, option.id});
    auto event = chronicle_.event("choice").withNumber("index", index + 1).with("text", option.text);
    if (option.explicitId) event.with("id", option.id);
    chronicle_.record(event);
    menu_.reset();
    return true;
}

void Story::moveMenuSelection(int delta) {
    if (!menu_) return;
    recordMenuInput(InputCommand::Kind::Select, delta < 0 ? -1 : 1);
    int count = static_cast<int>(menu_->options.size());
    menu_->selected = ((menu_->selected + delta) % count + count) % count;
}

void Story::hoverMenuOption(int index) {
    if (!menu_ || index < 0 || index >= static_cast<int>(menu_->options.size()) || menu_->selected == index) return;
    recordMenuInput(InputCommand::Kind::Hover, index + 1);
    menu_->selected = index;
}

void Story::advancePressed() {
    if (!menu_ && !line_) return;  // nothing to advance: not an input of the run
    InputCommand c;
    c.kind = InputCommand::Kind::Advance;
    chronicle_.recordInput(c);
    if (menu_) {
        choose(menu_->selected);
        return;
    }
    if (!line_->typed) {
        line_->charsShown = static_cast<float>(utf8::length(line_->text));
        line_->typed = true;
        line_->holdSecondsLeft = readingSeconds(line_->text) * settings_.readingScale;
        return;
    }
    finishLine();
}

void Story::advance(float dt) {
    if (!line_) return;
    auto total = static_cast<float>(utf8::length(line_->text));
    if (!line_->typed) {
        typeLetters(dt, total);
        if (line_->charsShown >= total) {
            line_->typed = true;
            line_->holdSecondsLeft = settings_.skipping ? 0.1f : readingSeconds(line_->text) * settings_.readingScale;
        }
        return;
    }
    // A typed page waits for the player, unless nobody is there, auto-advance
    // is on, or the player holds the skip key.
    bool turnsItself = !line_->waitsForPlayer || settings_.autoAdvance || settings_.skipping;
    if (line_->waitsForPlayer && settings_.headless) {
        finishLine();
        return;
    }
    if (!turnsItself) return;
    if (settings_.skipping) line_->holdSecondsLeft = std::min(line_->holdSecondsLeft, 0.1f);
    line_->holdSecondsLeft -= dt;
    bool voiceSpeaks = soundtrack_.voicePlaying() && !settings_.skipping;  // auto-advance waits for the voice
    if (line_->holdSecondsLeft <= 0 && !voiceSpeaks) finishLine();
}

// Letters appear at the text speed, each new one a typewriter blip for the
// speaker; skipping or instant text shows them all at once, silently.
void Story::typeLetters(float dt, float total) {
    bool instant = settings_.charsPerSecond <= 0 || settings_.skipping;
    float before = line_->charsShown;
    line_->charsShown = instant ? total : std::min(total, line_->charsShown + settings_.charsPerSecond * dt);
    if (!instant && !line_->speaker.empty() && static_cast<int>(line_->charsShown) > static_cast<int>(before))
        soundtrack_.letterTyped(line_->speaker);
}

}  // namespace stagehand
