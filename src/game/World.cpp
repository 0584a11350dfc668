#include "game/World.h"

namespace stagehand {

void World::recordJump(const std::string& target) {
    chronicle_.record(chronicle_.event("jump").with("target", target));
}

void World::recordMechanic(TranscriptEvent e) {
    e.time = time();
    chronicle_.record(std::move(e));
}

void World::note(const std::string& name, const std::string& text) {
    chronicle_.record(chronicle_.event(name.c_str()).with("text", text));
}

void World::beginChapter() {
    cast_.returnToStart();
    camera_ = Camera{};
    scenery_.clearStage();
    story_.clearScreen();
    soundtrack_.stopForChapter();
    textSignals_.clear();
}

// The order matters to transcripts: actors move (the player only while no
// menu is open), the camera follows, then the story's text types and turns,
// then the scenery and the notices age.
void World::advance(float dt) {
    chronicle_.nextTick();
    cast_.advance(dt, story_.currentMenu().has_value());
    camera_.advance(cast_);
    story_.advance(dt);
    // The typewriter's events for the other parts: a face for the cast, a
    // signal for the host (it sends them before the scheduler runs).
    for (auto& fired : story_.takeFiredCues()) {
        if (fired.cue.kind == text::CueKind::Signal) {
            textSignals_.push_back(fired.cue.name);
        } else if (Actor* speaker = cast_.findActor(fired.speaker)) {
            cast_.setExpression(*speaker, fired.cue.name);
        }
    }
    scenery_.advance(dt);
    notices_.advance(dt);
    soundtrack_.advance(dt);
}

void World::applyDueInput(const InputLog& log, std::size_t& next) {
    while (next < log.commands.size() && log.commands[next].tick <= ticks()) {
        const InputCommand& c = log.commands[next++];
        switch (c.kind) {
            case InputCommand::Kind::Text: {
                TextSettings settings = story_.textSettings();
                settings.charsPerSecond = c.x;
                settings.autoAdvance = c.autoAdvance;
                settings.skipping = c.skipping;
                settings.readingScale = c.y;
                story_.setTextSettings(settings);
                break;
            }
            case InputCommand::Kind::Move: cast_.setPlayerInput({c.x, c.y}); break;
            case InputCommand::Kind::Advance: story_.advancePressed(); break;
            case InputCommand::Kind::Choose: story_.chooseMenuOption(c.number - 1); break;
            case InputCommand::Kind::Select: story_.moveMenuSelection(c.number); break;
            case InputCommand::Kind::Hover: story_.hoverMenuOption(c.number - 1); break;
        }
    }
}

bool World::isBusy() const {
    return story_.busy() || scenery_.fading() || cast_.anyoneWalking();
}

}  // namespace stagehand
