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
int Story::show(const std::string& speaker, std::shared_ptr<const text::MarkedText> text, const std::string& lineId,
                bool waitsForPlayer) {
    if (line_) finishedLineId_ = line_->id;  // a new line replaces the one showing
    soundtrack_.stopVoice();                 // and silences its voice
    DialogueLine line;
    line.id = nextLineId_++;
    line.speaker = speaker;
    line.text = text->plain;
    line.explicitId = !text->lineId.empty();
    line.lineId = lineId.empty() ? text->lineId : lineId;
    line.marked = std::move(text);
    line.waitsForPlayer = waitsForPlayer;
    line_ = line;
    history_.push_back({cast_.displayName(speaker), line.text, false, line.lineId});
    auto e = chronicle_.event(waitsForPlayer ? "text" : "line");
    if (!waitsForPlayer || !speaker.empty()) e.with("speaker", speaker);
    e.with("text", line.text);
    if (line.explicitId) e.with("id", line.marked->lineId);
    chronicle_.record(e);
    return line.id;
}

void Story::finishLine() {
    if (!line_) return;
    finishedLineId_ = line_->id;
    line_.reset();
}

int Story::showMenu(const std::vector<std::string>& options, std::string& error) {
    std::vector<std::shared_ptr<const text::MarkedText>> marked;
    for (const auto& o : options) marked.push_back(text::plainText(o));
    return showMenu(std::move(marked), error);
}

// Explicit option IDs follow the options in the menu's event, in the same
// order ("-" for an option without one).
int Story::showMenu(std::vector<std::shared_ptr<const text::MarkedText>> marked, std::string& error,
                    std::vector<std::string> lineIds) {
    std::vector<std::string> options;
    for (const auto& o : marked) options.push_back(o->plain);
    lineIds.resize(marked.size());
    for (std::size_t i = 0; i < marked.size(); ++i)
        if (lineIds[i].empty()) lineIds[i] = marked[i]->lineId;
    finishLine();  // the page that asked the question gives way to the choices
    ChoiceMenu menu;
    menu.id = nextMenuId_++;
    menu.options = options;
    menu.marked = std::move(marked);
    menu.lineIds = std::move(lineIds);
    menu_ = menu;
    std::string listed, ids;
    bool anyId = false;
    for (std::size_t i = 0; i < options.size(); ++i) {
        const std::string& explicitId = menu.marked[i]->lineId;
        listed += (i ? " | " : "") + std::to_string(i + 1) + ". " + options[i];
        ids += (i ? " | " : "") + (explicitId.empty() ? std::string("-") : explicitId);
        anyId = anyId || !explicitId.empty();
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
    auto at = static_cast<std::size_t>(index);
    const std::string& option = menu_->options[at];
    history_.push_back({"", option, true, menu_->lineIds[at]});
    auto event = chronicle_.event("choice").withNumber("index", index + 1).with("text", option);
    if (!menu_->marked[at]->lineId.empty()) event.with("id", menu_->marked[at]->lineId);
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
    if (line_->waitsAtMark) {  // stopped at {w}: typing goes on
        line_->waitsAtMark = false;
        return;
    }
    if (!line_->typed) {
        completeLine();
        line_->holdSecondsLeft = readingSeconds(line_->text) * settings_.readingScale;
        return;
    }
    finishLine();
}

void Story::advance(float dt) {
    if (!line_) return;
    auto total = static_cast<float>(line_->marked->length);
    if (!line_->typed) {
        typeLetters(dt, total);
        bool cuesMet = line_->nextCue == line_->marked->cues.size() && line_->pauseLeft <= 0 && !line_->waitsAtMark;
        if (line_->charsShown >= total && cuesMet) {
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

// The typewriter meets a cue: a pause stops it (when pauses count), a speed
// mark changes its pace, an event fires now, at this scene time.
void Story::meetCue(const text::TextCue& cue, bool withPauses) {
    DialogueLine& line = *line_;
    using text::CueKind;
    switch (cue.kind) {
        case CueKind::Pause:
            if (!withPauses || cue.value <= 0) return;
            line.pauseLeft = static_cast<float>(cue.value);
            chronicle_.record(chronicle_.event("cue").with("tag", "w").withNumber("seconds", cue.value));
            return;
        case CueKind::WaitForPlayer:
            if (!withPauses || settings_.headless) return;  // nobody to press: it goes on
            line.waitsAtMark = true;
            chronicle_.record(chronicle_.event("cue").with("tag", "w"));
            return;
        case CueKind::Speed: line.speedFactor = static_cast<float>(cue.value); return;
        case CueKind::SpeedEnd: line.speedFactor = 1; return;
        case CueKind::Cps: line.cps = static_cast<float>(cue.value); return;
        case CueKind::CpsEnd: line.cps = 0; return;
        case CueKind::InstantStart: line.instantPart = true; return;
        case CueKind::InstantEnd: line.instantPart = false; return;
        case CueKind::Signal:
        case CueKind::Face:
        case CueKind::Sound: break;
    }
    auto e = chronicle_.event("cue").with("tag", cue.tag()).with("name", cue.name);
    if (!line.speaker.empty()) e.with("speaker", line.speaker);
    chronicle_.record(e);
    if (cue.kind == text::CueKind::Sound) {
        std::string error;  // the binding checked the name when the line was shown
        soundtrack_.playSound(cue.name, SoundRequest{}, error);
    } else {
        fired_.push_back({line.speaker, cue});
    }
}

// The rest of the line at once: its events fire in order, its pauses do not wait.
void Story::completeLine() {
    DialogueLine& line = *line_;
    const auto& cues = line.marked->cues;
    while (line.nextCue < cues.size()) meetCue(cues[line.nextCue++], false);
    line.charsShown = static_cast<float>(line.marked->length);
    line.pauseLeft = 0;
    line.waitsAtMark = false;
    line.typed = true;
}

// Letters appear at the text speed (times {speed=}, or at {cps=}), each new
// one a typewriter blip for the speaker; the typewriter meets the text's cues
// on its way. Skipping or instant text shows them all at once, silently,
// firing the events in order without the pauses.
void Story::typeLetters(float dt, float total) {
    DialogueLine& line = *line_;
    if (settings_.charsPerSecond <= 0 || settings_.skipping) {
        completeLine();
        line.typed = false;  // advance() sees it typed and starts the hold
        return;
    }
    const auto& cues = line.marked->cues;
    float before = line.charsShown, budget = dt;
    // Each turn meets a cue, reaches the next stop or spends the budget.
    for (std::size_t turns = 0; turns < 2 * cues.size() + 4; ++turns) {
        while (line.nextCue < cues.size() && static_cast<float>(cues[line.nextCue].at) <= line.charsShown &&
               line.pauseLeft <= 0 && !line.waitsAtMark)
            meetCue(cues[line.nextCue++], true);
        if (line.waitsAtMark) break;
        if (line.pauseLeft > 0) {
            float used = std::min(budget, line.pauseLeft);
            line.pauseLeft -= used;
            budget -= used;
            if (line.pauseLeft > 0 || budget <= 0) break;
            continue;
        }
        float stop = line.nextCue < cues.size() ? static_cast<float>(cues[line.nextCue].at) : total;
        if (line.charsShown >= total && line.nextCue >= cues.size()) break;
        if (line.instantPart) {
            line.charsShown = stop;
            continue;
        }
        float rate = (line.cps > 0 ? line.cps : settings_.charsPerSecond) * line.speedFactor;
        float need = (stop - line.charsShown) / rate;
        if (need <= budget) {
            line.charsShown = stop;
            budget -= need;
            continue;
        }
        line.charsShown += budget * rate;
        break;
    }
    if (!line.speaker.empty() && static_cast<int>(line.charsShown) > static_cast<int>(before))
        soundtrack_.letterTyped(line.speaker);
}

}  // namespace stagehand
