#include "app/window/WindowGame.h"

#include <SDL.h>
#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "app/window/FrameStats.h"
#include "audio/ClipLibrary.h"
#include "lang/EngineWords.h"
#include "lang/StringTable.h"
#include "platform/Gamepads.h"
#include "platform/Portable.h"
#include "render/ImageFiles.h"
#include "render/OffscreenTarget.h"

namespace stagehand {

namespace {

// H opens the history of lines and choices. The wheel rolls back (as in
// Ren'Py, whose players expect it): the history reads, rollback replays.
bool isHistoryKey(const InputEvent& event) {
    return event.kind == InputKind::KeyDown && event.key == SDLK_h;
}

// The wheel up, Page Up or a pad's left shoulder: back one line (-1); the
// wheel down, Page Down or the right shoulder: forward again (+1); else 0.
int rollbackStep(const InputEvent& event) {
    if (event.kind == InputKind::Wheel) return event.key > 0 ? -1 : event.key < 0 ? 1 : 0;
    if (event.kind != InputKind::KeyDown) return 0;
    return event.key == SDLK_PAGEUP ? -1 : event.key == SDLK_PAGEDOWN ? 1 : 0;
}

// While the history is shown: scroll it, or close it with H or Escape.
void historyInput(const InputEvent& event, bool& shown, int& scroll) {
    if (!shown) {
        shown = true;
        scroll = 0;
        return;
    }
    int back = 0;
    if (event.kind == InputKind::Wheel) back = event.key;
    if (event.kind == InputKind::KeyDown) {
        if (event.key == SDLK_h || event.key == SDLK_ESCAPE || event.key == kKeyMenu || event.key == kKeyCancel)
            shown = false;
        if (event.key == SDLK_UP || event.key == SDLK_w) back = 1;
        if (event.key == SDLK_DOWN || event.key == SDLK_s) back = -1;
    }
    scroll = std::max(0, scroll + back);
}

// P pauses the scene, . steps one tick, [ and ] halve and double its speed.
bool playbackKey(int key, Playback& playback) {
    switch (key) {
        case SDLK_p: playback.togglePause(); return true;
        case SDLK_PERIOD: playback.step(); return true;
        case SDLK_LEFTBRACKET: playback.slower(); return true;
        case SDLK_RIGHTBRACKET: playback.faster(); return true;
        default: return false;
    }
}

// The player's settings from last time; a damaged file costs one line.
// A first run opens at the game's size (game.json).
PlayerSettings loadSettings(const std::string& path, const GameDescription& game) {
    std::string warning;
    std::error_code ec;
    if (game.width > 0 && (path.empty() || !std::filesystem::exists(pathFromUtf8(path), ec))) {
        PlayerSettings first;
        first.width = game.width;
        first.height = game.height;
        return first;
    }
    PlayerSettings settings = PlayerSettings::load(path, warning);
    if (!warning.empty()) std::cerr << problemLine(warning) << '\n';
    return settings;
}

// The lines read in earlier runs; a damaged file costs one line.
LinesRead loadLinesRead(const std::string& path) {
    std::string warning;
    LinesRead read = LinesRead::load(path, warning);
    if (!warning.empty()) std::cerr << problemLine(warning) << '\n';
    return read;
}

// What outlives a playthrough; a damaged or newer file costs one line.
StoryMemory loadStoryMemory(const std::string& path) {
    std::string warning;
    StoryMemory memory = StoryMemory::load(path, warning);
    if (!warning.empty()) std::cerr << problemLine(warning) << '\n';
    return memory;
}

}  // namespace

WindowGame::WindowGame(const Setup& setup, Options options)
    : setup_(setup),
      options_(std::move(options)),
      settings_(loadSettings(settingsPath_, setup.game)),
      linesRead_(loadLinesRead(linesReadPath_)),
      storyMemory_(loadStoryMemory(storyMemoryPath_)),
      kit_(windowOptions(), setup),
      menuWatcher_(setup.scriptPath, setup.dataRoot, makeOptions(setup, {}, false).mapFolders) {
    playInput_.restore(settings_.textSpeed, settings_.autoAdvance, settings_.autoAdvanceWait);
    // --lang for this run (the pause overlay shows it), else the language the player chose last time.
    // A --load or --replay plays in the language it was made in (RunSetup's takeLanguageOf): the row says so.
    const bool recordedLanguage = setup_.input && !setup_.input->language.empty() && setup_.lines &&
                                  setup_.lines->language() == setup_.input->language;
    if (!setup_.cmd.language.empty())
        settings_.language = setup_.cmd.language == lang::kSourceLanguage ? "" : setup_.cmd.language;
    else if (recordedLanguage)
        settings_.language = setup_.lines->language() == lang::kSourceLanguage ? "" : setup_.lines->language();
    else if (!settings_.language.empty())
        switchLanguage(settings_.language);
    if (!soundNotice_.empty()) std::cerr << problemLine(soundNotice_) << '\n';
    std::string why;
    speechAvailable_ = options_.speech || systemSpeechAvailable(why);
#ifndef __EMSCRIPTEN__  // in the browser (no synthesiser built yet) standard error is the console's error list
    if (!speechAvailable_) std::cerr << "stagehand: " << why << "; the self-voicing option is hidden\n";
#endif
    showLineWarnings(true);
    if (const auto* icon = setup_.files->pictures().find(setup_.game.icon); !setup_.game.icon.empty() && icon)
        kit_.window.setIcon(utf8Path(*icon));  // game.json's icon, found as pictures are
    if (!kit_.atlas.hasDyslexicFont())
        std::cerr << "stagehand: OpenDyslexic is not in assets/fonts; the dyslexic font choice shows DejaVu Sans\n";
}

WindowOptions WindowGame::windowOptions() const {
    WindowOptions options;
    options.width = setup_.cmd.sizeGiven ? setup_.cmd.width : settings_.width;
    options.height = setup_.cmd.sizeGiven ? setup_.cmd.height : settings_.height;
    options.fullscreen = settings_.fullscreen;
    options.vsync = options_.frameCap;
    if (!setup_.game.title.empty()) options.title = setup_.game.title;
    return options;
}

// A script that cannot be loaded (a syntax error after an edit) never closes
// the window: the error is reported and the menu stays.
void WindowGame::play(const std::string& name, const std::string& title, const Setup& from) {
    keepStory(true);
    chapterStartsKept_ = 0;
    endingKept_ = false;
    std::string error;
    InputLog input = from.input.value_or(InputLog{});
    input.flags = from.cmd.flags;
    input.persistent = from.persistent;
    session_ = std::make_unique<PlaySession>(makeOptions(from, options_.sink, false), from.cmd.recordPath, input);
    sceneOverSince_.reset();  // counted on this run's ticks, not the last one's
    lineStory_ = nullptr;     // a new story numbers its lines from 1 again
    voicing_.newScene();
    if (session_->start(name, error, from.resumeAt)) {
        sceneTitles_ = session_->simulation().scenes();
        sceneTitle_ = title.empty() ? from.input.value_or(InputLog{}).title : title;
        for (const auto& scene : session_->simulation().scenes())  // the title the scene menu shows
            if (sceneTitle_.empty() && scene.name == name) sceneTitle_ = scene.title;
        if (sceneTitle_.empty()) sceneTitle_ = name;
        titledChapter_.clear();  // a save's moment may be in a later chapter: its title
        followChapter();
        menu_.reset();
        // What the setup lost (game.json, rows of the table) is on screen in every scene until hidden.
        if (!setupProblemsHidden_)
            for (const auto& lost : setupProblems(setup_)) session_->simulation().world().notices().showError(lost);
        if (!from.loadMessage.empty()) session_->simulation().world().notices().showWarning(from.loadMessage);
        if (!soundNotice_.empty()) session_->simulation().world().notices().showNotice(soundNotice_);
        soundNotice_.clear();  // once
        return;
    }
    std::cerr << problemLine(error) << '\n';
    if (menu_) menu_->setMessage(error);
    session_.reset();
}

void WindowGame::openMenu() {
    std::vector<SceneInfo> scenes;
    bool hasSceneList = false;
    std::string problem;
    try {
        auto lister = loadSimulation(setup_, nullptr, false);
        scenes = lister->scenes();
        hasSceneList = lister->host().hasSceneList();
        topLevelScript_ = lister->isTopLevelScript();
        // A map left out is said under the list; the scenes still play.
        for (const auto& failure : lister->world().maps().failures)
            problem += (problem.empty() ? "" : "\n") + failure.line;
        for (const auto& lost : setupProblems(setup_)) problem += (problem.empty() ? "" : "\n") + lost;
    } catch (const LoadError& e) {
        problem = e.what();
        std::cerr << problemLine(problem) << '\n';
    }
    sceneTitles_ = scenes;
    askedToSwitchFor_.clear();
    keepStory(true);
    menu_ = std::make_unique<SceneMenu>(chaptersShown(scenes, !topLevelScript_ && hasSceneList));
    menu_->setTitle(setup_.game.title, setup_.game.version);
    chooseTitlePictureAndMusic();
    menu_->setMessage(problem);
    latestSave_ = latestSave(setup_.scriptPath, quicksavePath());
    if (latestSave_) latestSave_->title = titleInLanguagePlayed(*latestSave_);
    menu_->setLatestSave(
        latestSave_.has_value(),
        latestSave_ ? latestSave_->title + (latestSave_->date.empty() ? "" : "  \u00B7  ") + latestSave_->date : "");
    session_.reset();
    keepLinesRead();
}

// game.json's titlePicture and titleMusic (completeSetup has said the names
// it does not find, and dropped them), else the picture and the sound named
// "title" when the game (or the engine) has them; a sound file that does not
// decode is one line on stderr.
void WindowGame::chooseTitlePictureAndMusic() {
    const GameDescription& game = setup_.game;
    titlePicture_ = game.titlePicture;
    if (titlePicture_.empty() && setup_.files->pictures().has(kTitleName)) titlePicture_ = kTitleName;
    titleCues_.clear();
    ClipLibrary sounds(setup_.files->sounds());
    std::string music = game.titleMusic.empty() && sounds.has(kTitleName) ? kTitleName : game.titleMusic;
    if (music.empty()) return;
    std::string error;
    AudioCue cue;
    cue.lane = Lane::Music;
    cue.loop = true;
    cue.fade = 1.5f;
    cue.clip = sounds.load(music, error);  // a name game.json gave is known to exist (completeSetup)
    if (!cue.clip) {
        std::cerr << problemLine(error) << '\n';
        return;
    }
    titleCues_.push_back(cue);
    titleRun_ = ++titleRunsMade_;  // the device starts the music afresh each time the title opens
}

bool WindowGame::start(double now) {
    if (setup_.cmd.scene.empty()) openMenu();
    if (!setup_.cmd.scene.empty() || topLevelScript_) {
        Setup first = setup_;
        if (!first.input) first.persistent = valuesAsText(storyMemory_.kept());  // a replay or save has its own
        play(topLevelScript_ ? Simulation::kTopLevelScene : setup_.cmd.scene, "", first);
    }
    last_ = now;
    return session_ || menu_;
}

bool WindowGame::frame(double now) {
    int drawW = 0, drawH = 0;
    kit_.window.drawableSize(drawW, drawH);
    ViewLayout layout = ViewLayout::fit(drawW, drawH);
    watchFiles(now);
    for (const auto& event : kit_.window.pollInput()) handle(event, layout);
    if (Simulation* sim = simulation()) {
        HeldKeys held = kit_.window.heldKeys();
        skipHeld_ = held.skip;
        held.skip = skipHeld_ && skipMayPass(sim->world().story());
        playInput_.applyHeld(held, sim->world());
    }
    step(now);
    updateSound();
    updateSpeech();
    draw(drawW, drawH, layout);
    return running_ && !stopRequested();
}

// A saved script reloads the scene being played, or the menu's list of scenes.
void WindowGame::watchFiles(double now) {
    if (session_) session_->reloadIfChanged(now);
    std::string changed;
    if (menu_ && menuWatcher_.poll(now, changed)) {
        setup_.files->refresh();  // once, for every part of the run that asks it
        openMenu();
    }
}

void WindowGame::handle(const InputEvent& event, const ViewLayout& layout) {
    if (event.kind == InputKind::Quit) running_ = false;
    if (event.kind == InputKind::KeyDown || event.kind == InputKind::MouseDown) padUsedLast_ = event.fromPad;
    Simulation* sim = simulation();
    if (event.kind == InputKind::PadAdded || event.kind == InputKind::PadRemoved) {
        if (sim)
            sim->world().notices().showNotice(
                lang::word(event.kind == InputKind::PadAdded ? "notice.padAdded" : "notice.padRemoved"));
        return;
    }
    if (saveScreen_.isOpen()) {  // over a scene, or over the scene menu (its Load row)
        handleSaveScreen(event, layout);
    } else if (menu_ && paused_) {  // the title screen's Settings
        handlePause(event, layout);
    } else if (menu_ && event.kind == InputKind::KeyDown && event.key == SDLK_F9) {
        quickload();  // the quick save plays from the scene menu too (after a restart)
    } else if (menu_) {
        handleMenu(event, layout);
    } else if (!showHistory_ && !paused_ && sim && rollbackStep(event) != 0) {
        rollback(rollbackStep(event) < 0);
    } else if (showHistory_ || isHistoryKey(event)) {
        historyInput(event, showHistory_, historyScroll_);
        if (sim)
            historyScroll_ =
                std::min(historyScroll_, std::max(0, static_cast<int>(sim->world().story().history().size()) - 1));
    } else if (paused_) {
        handlePause(event, layout);
    } else if (event.kind == InputKind::MouseDown && sim && sim->isSceneOver()) {
        handleSceneOverKey(SDLK_RETURN);  // a click on the end card: the scene menu
    } else if (!handleSceneKey(event) && sim) {
        playInput_.handle(event, sim->world(), [&](float x, float y) {
            return kit_.view.menuOptionAt(layout.toViewX(x), layout.toViewY(y));
        });
    }
}

void WindowGame::handleMenu(const InputEvent& event, const ViewLayout& layout) {
    switch (menu_->handle(event, layout)) {
        case SceneMenu::Action::Quit: running_ = false; break;
        case SceneMenu::Action::Start:  // the story from its first chapter, or from the chapter chosen
        case SceneMenu::Action::Play:
            play(menu_->selected().name, menu_->selected().title, storyFromTitle(menu_->selected().name));
            break;
        case SceneMenu::Action::Settings: openPause(); break;
        case SceneMenu::Action::Continue:
            if (latestSave_) loadSave(latestSave_->path);
            break;
        case SceneMenu::Action::Load: openSaveScreen(SaveScreen::Mode::Load); break;
        case SceneMenu::Action::None: break;
    }
}

void WindowGame::handlePause(const InputEvent& event, const ViewLayout& layout) {
    switch (pauseMenu_.handle(event, layout, settings_)) {
        case PauseMenu::Action::Resume: paused_ = false; break;
        case PauseMenu::Action::SettingsChanged:
            playInput_.restore(settings_.textSpeed, settings_.autoAdvance, settings_.autoAdvanceWait);
            break;
        case PauseMenu::Action::LanguageChanged:
            switchLanguage(settings_.language);
            if (menu_) openMenu();  // the chapters' titles in the new language
            break;
        case PauseMenu::Action::ToggleFullscreen:
            kit_.window.toggleFullscreen();
            settings_.fullscreen = kit_.window.isFullscreen();
            break;
        case PauseMenu::Action::SaveLoad:
            paused_ = false;
            openSaveScreen(SaveScreen::Mode::Save);
            break;
        case PauseMenu::Action::History:  // the wheel rolls back: this row is the mouse's way to the history
            paused_ = false;
            showHistory_ = true;
            historyScroll_ = 0;
            break;
        case PauseMenu::Action::SceneMenu:
            paused_ = false;
            openMenu();
            break;
        case PauseMenu::Action::Quit: running_ = false; break;
        case PauseMenu::Action::None: break;
    }
}

// Once the scene has been over for a moment (a player still pressing Enter
// through the last pages must see the card first): Enter (or a pad's A) goes
// back to the scene menu, R plays the scene again from its start.
bool WindowGame::handleSceneOverKey(int key) {
    if (!sceneOverSince_ || simulation()->ticks() < *sceneOverSince_ + kSceneOverKeysAfterTicks) return false;
    if (key == SDLK_RETURN || key == SDLK_KP_ENTER) {
        openMenu();
        return true;
    }
    if (key != SDLK_r) return false;
    // The story again from the chapter this run began at (a scene: the scene).
    std::string scene = session_->firstScene(), title;
    keepStory(true);  // the `persistent` this run leaves is the next one's
    Setup fresh = simulation()->playsStory() ? storyFromTitle(scene) : setup_;
    fresh.persistent = valuesAsText(storyMemory_.kept());
    fresh.input.reset();  // from the start: no recorded input, no saved moment
    fresh.resumeAt = 0;
    play(scene, title, fresh);
    return true;
}

// The window's own keys in a scene; false for the keys PlayInput handles.
bool WindowGame::handleSceneKey(const InputEvent& event) {
    if (event.kind != InputKind::KeyDown) return false;
    Simulation* sim = simulation();
    if (sim && sim->isSceneOver() && handleSceneOverKey(event.key)) return true;
    switch (event.key) {
        case SDLK_ESCAPE:
        case kKeyMenu:
        case kKeyPause: openPause(); return true;
        case SDLK_F1: showInspector_ = !showInspector_; return true;
        case SDLK_F4: showEditor_ = !showEditor_; return true;
        case SDLK_BACKSPACE:
            if (!sim) return false;
            sim->world().notices().dismissProblems();
            setupProblemsHidden_ = true;
            return true;
        case SDLK_F5:
            if (!session_) return false;
            quicksave();
            return true;
        case SDLK_F9: quickload(); return true;
        case SDLK_F6:
        case SDLK_F7:
            if (!session_) return false;
            openSaveScreen(event.key == SDLK_F6 ? SaveScreen::Mode::Save : SaveScreen::Mode::Load);
            return true;
        default: return playbackKey(event.key, playback_);
    }
}

// The languages a player may choose: the script's, without the pseudo-language
// (an author's tool: --lang pseudo).
std::vector<std::string> WindowGame::playerLanguages() const {
    std::vector<std::string> codes = lang::knownLanguages(setup_.scriptPath);
    codes.erase(std::remove(codes.begin(), codes.end(), lang::kPseudoLanguage), codes.end());
    return codes;
}

// Every line from now on is looked up in `code`; the scene on screen is run
// again to this tick (as a hot reload does), so the line, bubbles, menu and
// banner showing are re-shown in it at once.
void WindowGame::switchLanguage(const std::string& code) {
    std::string error;
    if (!setup_.lines->setLanguage(code.empty() ? lang::kSourceLanguage : code, error)) {
        std::cerr << problemLine(error) << '\n';
        if (Simulation* sim = simulation()) sim->world().notices().showError(error);
        return;
    }
    if (session_ && !session_->reload(error)) std::cerr << problemLine(error) << '\n';
}

// The lines' warnings (a table's row left out, a translation that cannot be
// shown) on the scene's screen too: a row left out is an error there, as at
// the start (setupProblems); the rest are warnings.
void WindowGame::showLineWarnings(bool on) {
    if (!on) return setup_.lines->setWarn({});  // the default: stderr
    setup_.lines->setWarn([this](const std::string& line) {
        std::cerr << problemLine(line) << '\n';
        Simulation* sim = simulation();
        if (!sim) return;
        const auto& rows = setup_.lines->tableProblems();
        const bool rowLost =
            std::any_of(rows.begin(), rows.end(), [&](const std::string& row) { return line.rfind(row, 0) == 0; });
        if (rowLost)
            sim->world().notices().showError(line);
        else
            sim->world().notices().showWarning(line);
    });
}

void WindowGame::openPause() {
    settings_.textSpeed = playInput_.speedIndex();  // F2 and F3 may have changed them
    settings_.autoAdvance = playInput_.autoAdvance();
    settings_.fullscreen = kit_.window.isFullscreen();
    pauseMenu_ = PauseMenu{speechAvailable_, playerLanguages(), menu_ != nullptr};
    if (!setup_.fontFile.empty()) pauseMenu_.setGameFont(utf8Path(pathFromUtf8(setup_.fontFile).stem()));
    paused_ = true;
}

void WindowGame::quicksave() {
    std::string error, path = quicksavePath();
    if (session_->save(path, sceneTitle_, error)) {
        session_->simulation().world().notices().showNotice(lang::word("notice.saved"));
        std::cerr << "stagehand: saved " << path << '\n';
    } else {
        std::cerr << problemLine(error) << '\n';
        session_->simulation().world().notices().showError(error);
    }
}

void WindowGame::quickload() {
    loadSave(quicksavePath());
}

// Reads a save and plays it: at its moment, or, when the script was edited
// and replays it differently, at the last moment that matches and a line
// saying where it diverged. A save that cannot be played changes nothing.
bool WindowGame::loadSave(const std::string& path) {
    InputLog save;
    std::string error, message;
    Setup from = setup_;
    if (PlaySession::readSave(path, save, error) &&
        PlaySession::resolveSave(makeOptions(setup_, {}, false), save, message, error)) {
        if (!confirmedLanguageOf(save, path)) return false;
        askedToSwitchFor_.clear();
        if (!message.empty()) std::cerr << problemLine(path + ": " + message) << '\n';
        // The save plays in the language it was made in; a switch is said in one line.
        std::string switched;
        if (!save.language.empty() && save.language != setup_.lines->language() &&
            setup_.lines->setLanguage(save.language, error)) {
            settings_.language = save.language == lang::kSourceLanguage ? "" : save.language;
            switched = lang::word("notice.saveLanguage", {{"language", PauseMenu::languageName(save.language)}});
        } else if (!save.language.empty() && save.language != setup_.lines->language()) {
            std::cerr << path << ": made in '" << save.language << "': " << error << "; it plays in "
                      << setup_.lines->language() << '\n';
        }
        from = withSave(setup_, save);
        from.loadMessage = message;
        play(save.scene, save.title, from);
        if (!switched.empty() && session_) session_->simulation().world().notices().showNotice(switched);
        return true;
    }
    std::cerr << problemLine(error) << '\n';
    if (Simulation* sim = simulation()) sim->world().notices().showError(error);
    if (menu_) menu_->setMessage(error);
    return true;
}

void WindowGame::rollback(bool back) {
    std::string message;
    bool moved = back ? session_->rollBack(message) : session_->rollForward(message);
    Notices& notices = session_->simulation().world().notices();
    if (!moved) {
        notices.showNotice(message);
        return;
    }
    sceneOverSince_.reset();
    if (session_->rolledBack())
        notices.showNotice(lang::word(padUsedLast_ ? "notice.rolledBackPad" : "notice.rolledBack"));
}

void WindowGame::openSaveScreen(SaveScreen::Mode mode) {
    askedToSwitchFor_.clear();
    saveScreen_.open(mode, slotsInLanguagePlayed());
}

// A save's card says its scene's title in the language played now, not in
// the one it was made in (a save keeps the title it was made with: a scene
// since renamed or gone still has one).
std::string WindowGame::titleInLanguagePlayed(const SlotInfo& slot) const {
    const std::string& chapter = slot.save.chapter.empty() ? slot.save.scene : slot.save.chapter;
    for (const auto& scene : sceneTitles_)
        if (scene.name == chapter && !scene.title.empty()) return scene.title;
    return slot.title;
}

std::vector<SlotInfo> WindowGame::slotsInLanguagePlayed() const {
    auto slots = listSlots(setup_.scriptPath);
    for (auto& slot : slots)
        if (slot.state == SlotInfo::State::Ready) slot.title = titleInLanguagePlayed(slot);
    return slots;
}

// A save made in another language plays in that language (its lines' timing
// is that language's): the first press says so, the second plays it.
bool WindowGame::confirmedLanguageOf(const InputLog& save, const std::string& path) {
    if (save.language.empty() || save.language == setup_.lines->language() || askedToSwitchFor_ == path) return true;
    askedToSwitchFor_ = path;
    const std::string said = lang::word("save.otherLanguage", {{"language", PauseMenu::languageName(save.language)}});
    if (saveScreen_.isOpen())
        saveScreen_.setMessage(said);
    else if (menu_)
        menu_->setMessage(said);
    else if (Simulation* sim = simulation())
        sim->world().notices().showNotice(said);
    return false;
}

void WindowGame::handleSaveScreen(const InputEvent& event, const ViewLayout& layout) {
    switch (saveScreen_.handle(event, layout)) {
        case SaveScreen::Action::Save:
            if (session_)
                saveToSlot(saveScreen_.selectedSlot());
            else  // opened from the scene menu
                saveScreen_.setMessage(lang::word("save.noScene"));
            break;
        case SaveScreen::Action::Load:
            if (loadSave(slotPath(saveScreen_.selectedSlot()))) saveScreen_.close();
            break;
        case SaveScreen::Action::Close:
        case SaveScreen::Action::None: break;
    }
}

// The save first, then its picture: a save whose picture failed still loads.
void WindowGame::saveToSlot(int number) {
    std::string error, path = slotPath(number);
    if (!session_->save(path, sceneTitle_, error)) {
        std::cerr << problemLine(error) << '\n';
        saveScreen_.setMessage(lang::word("save.notSaved", {{"problem", error}}));
        return;
    }
    std::string pictureError;
    if (!writeThumbnail(slotThumbnailPath(number), pictureError))
        std::cerr << "stagehand: the save's picture: " << pictureError << '\n';
    std::cerr << "stagehand: saved " << path << '\n';
    saveScreen_.refresh(slotsInLanguagePlayed());
    const std::string slot = lang::word("save.slot", {{"number", std::to_string(number)}});
    saveScreen_.setMessage(pictureError.empty()
                               ? lang::word("save.saved", {{"slot", slot}})
                               : lang::word("save.savedNoPicture", {{"slot", slot}, {"problem", pictureError}}));
}

// The scene as it is, drawn small into a picture of its own.
bool WindowGame::writeThumbnail(const std::string& path, std::string& error) {
    constexpr int kW = 208, kH = 117;  // as the save screen shows it
    try {
        OffscreenTarget target(kW, kH);
        target.bind();
        clearScreen();
        ViewLayout layout = ViewLayout::fit(kW, kH);
        layout.applyViewport();
        ViewOverlay overlay;
        overlay.textScale = kTextSizes[settings_.textSize].factor;
        kit_.view.draw(session_->simulation().world(), layout, overlay);
        auto pixels = target.readRgb();
        OffscreenTarget::unbind();
        std::string temporary = path + ".tmp.png";
        if (!savePng(pathFromUtf8(temporary), kW, kH, pixels, error)) return false;
        std::error_code failed;
        std::filesystem::rename(pathFromUtf8(temporary), pathFromUtf8(path), failed);
        if (failed) error = "cannot write " + path + ": " + failed.message();
        return !failed;
    } catch (const std::exception& e) {
        OffscreenTarget::unbind();
        error = e.what();
        return false;
    }
}

// Fixed ticks; a long frame is clamped. Reading back or the pause overlay
// holds the whole scene: its processes and the world.
void WindowGame::step(double now) {
    int ticks = playback_.ticksFor(clock_, saveScreen_.isOpen() || showHistory_ || paused_ ? 0 : now - last_);
    last_ = now;
    Simulation* sim = simulation();
    for (int i = 0; sim && i < ticks; ++i) {
        followSkip(sim->world().story());  // a line shown by the last tick may stop the skip before this one
        sim->tick();
    }
    if (session_) session_->keepUp();  // the spare runs rollback swaps in
    sim = simulation();
    if (!sim) return;
    noteLine(sim->world().story());
    followChapter();
    keepStory(false);
    if (sim->isSceneOver()) keepLinesRead();
}

// The story played from the title screen, from `chapter`: with the script's
// `persistent` table as the last playthrough left it, and, for a chapter past
// the first, the flags it began with the last time the player reached it
// (one never reached, as the demo's Chapters offer: --flag's flags, else none).
Setup WindowGame::storyFromTitle(const std::string& chapter) const {
    Setup story = setup_;
    story.story = true;
    story.persistent = valuesAsText(storyMemory_.kept());
    const StoryMemory::Values* flags = storyMemory_.flagsAtStartOf(chapter);
    bool first = !sceneTitles_.empty() && sceneTitles_.front().name == chapter;
    if (flags && !first) story.cmd.flags = valuesAsText(*flags);
    return story;
}

// The title screen's chapters: in a story, the first and those the player has
// reached, unless game.json says "chapters": "all" (the demo's does); every
// scene of a script without SCENES.
std::vector<SceneInfo> WindowGame::chaptersShown(const std::vector<SceneInfo>& scenes, bool story) const {
    if (!story || setup_.game.allChapters) return scenes;
    std::vector<SceneInfo> shown;
    for (const auto& scene : scenes)
        if (shown.empty() || storyMemory_.reached(scene.name)) shown.push_back(scene);
    return shown;
}

// What outlives the playthrough, kept as it happens: each chapter begun (with
// the flags it began with), the ending reached and the script's `persistent`
// table; story.json is written when a chapter begins, when the story ends and
// when the player leaves the run.
void WindowGame::keepStory(bool leaving) {
    Simulation* sim = simulation();
    if (!sim) return;
    const auto& starts = sim->chapterStarts();
    chapterStartsKept_ = std::min(chapterStartsKept_, starts.size());  // a rollback went back before some
    bool ended = !sim->ending().empty() && !endingKept_;
    if (!leaving && !ended && starts.size() == chapterStartsKept_) return;
    for (; chapterStartsKept_ < starts.size(); ++chapterStartsKept_)
        storyMemory_.noteChapter(starts[chapterStartsKept_].chapter, starts[chapterStartsKept_].flags);
    if (ended) storyMemory_.noteEnding(sim->ending());
    endingKept_ = endingKept_ || ended;
    storyMemory_.setKept(sim->host().persistent());
    if (storyMemory_.save(storyMemoryPath_)) return;
    if (!storyMemoryUnsaved_)
        std::cerr << "stagehand: cannot save the story's progress to " << storyMemoryPath_ << '\n';
    storyMemoryUnsaved_ = true;
}

// A story went on to its next chapter (or a rollback or load went back to an
// earlier one): the title on screen and on save cards is that chapter's.
void WindowGame::followChapter() {
    const std::string& chapter = simulation()->chapter();
    if (chapter == titledChapter_) return;
    titledChapter_ = chapter;
    for (const auto& scene : sceneTitles_)
        if (scene.name == chapter) sceneTitle_ = scene.title.empty() ? chapter : scene.title;
}

// Skip passes a line only if it was read in an earlier run (or in this one
// before it showed again), unless the player chose "skip all". The window
// decides, so the choice is the player's input (recorded and replayed like
// the skip key), never the read memory's.
void WindowGame::followSkip(Story& story) {
    TextSettings settings = story.textSettings();
    bool skip = skipHeld_ && skipMayPass(story);
    if (settings.skipping == skip) return;
    settings.skipping = skip;
    story.setTextSettings(settings);
}

bool WindowGame::skipMayPass(const Story& story) {
    noteLine(story);
    return settings_.skipAll || !story.currentLine() || lineWasRead_;
}

// A line is read once it shows: whether it had been is noted first.
void WindowGame::noteLine(const Story& story) {
    const auto& line = story.currentLine();
    if (!line || (&story == lineStory_ && line->id == lineSeen_)) return;
    lineStory_ = &story;
    lineSeen_ = line->id;
    lineWasRead_ = linesRead_.contains(line->lineId);
    linesRead_.add(line->lineId);
}

// The player asked to see read lines in another colour, and this one was read before.
bool WindowGame::lineShownAsRead() const {
    if (!session_ || !settings_.markRead) return false;
    const Story& story = session_->simulation().world().story();
    const auto& line = story.currentLine();
    return line && lineStory_ == &story && line->id == lineSeen_ && lineWasRead_;
}

void WindowGame::keepLinesRead() {
    if (linesRead_.save(linesReadPath_)) return;
    if (!linesReadUnsaved_) std::cerr << "stagehand: cannot save the lines read to " << linesReadPath_ << '\n';
    linesReadUnsaved_ = true;
}

// The device plays the scene's cues as its time reaches them; whatever holds
// the scene (the overlay, the history, P) holds the sound.
void WindowGame::updateSound() {
    Simulation* sim = simulation();
    if (!sim && (!menu_ || titleCues_.empty())) {
        sound_.stopAll();
        return;
    }
    bool muted = settings_.muteUnfocused && !kit_.window.hasFocus();
    auto tenths = [](int steps) { return static_cast<float>(steps) / PlayerSettings::kVolumeSteps; };
    sound_.setVolumes({muted ? 0.0f : tenths(settings_.masterVolume), tenths(settings_.musicVolume),
                       tenths(settings_.soundVolume), tenths(settings_.voiceVolume)});
    if (!sim) {  // the title screen's music
        sound_.setPaused(false);
        sound_.follow(titleRun_, titleCues_, 0);
        return;
    }
    sound_.setPaused(paused_ || showHistory_ || saveScreen_.isOpen() || playback_.paused());
    const Soundtrack& soundtrack = sim->world().soundtrack();
    sound_.follow(soundtrack.run(), soundtrack.cues(), sim->time());
}

// The test's recorder, else the system's synthesiser, started on first use.
SpeechSink* WindowGame::speech() {
    if (options_.speech) return options_.speech;
    if (!systemSpeech_ && !speechFailed_ && speechAvailable_) {
        std::string why;
        systemSpeech_ = openSystemSpeech(why);
        speechFailed_ = !systemSpeech_;
        if (speechFailed_) std::cerr << problemLine(why) << '\n';
    }
    return systemSpeech_.get();
}

// Self-voicing reads whatever has the player's eyes: the scene menu's row,
// the pause overlay's, the end card, else the story's text.
void WindowGame::updateSpeech() {
    if (!settings_.selfVoicing || !speechAvailable_) {
        voicing_.silence();
        return;
    }
    voicing_.setSink(speech());
    Simulation* sim = simulation();
    if (menu_ && paused_) {
        voicing_.followRow(pauseMenu_.spoken(settings_));
    } else if (menu_ && menu_->empty() && !menu_->hasSaveRows()) {
        voicing_.followRow(SelfVoicing::labelled(lang::word("voice.sceneMenu"), lang::word("voice.noScenes")));
    } else if (menu_) {
        voicing_.followRow(SelfVoicing::labelled(lang::word("voice.sceneMenu"), menu_->selectedText()));
    } else if (paused_) {
        voicing_.followRow(pauseMenu_.spoken(settings_));
    } else if (showHistory_ && sim) {
        voicing_.followRow(SelfVoicing::historyText(sim->world().story().history(), historyScroll_));
    } else if (sim && sceneOverSince_ && !sim->world().story().busy()) {
        voicing_.followRow(lang::word(padUsedLast_ ? "voice.endPad" : "voice.end"));
    } else if (sim) {
        voicing_.followStory(sim->world());
    }
}

void WindowGame::draw(int drawW, int drawH, const ViewLayout& layout) {
    glViewport(0, 0, drawW, drawH);
    clearScreen();
    layout.applyViewport();
    kit_.text.setFamily(static_cast<FontFamily>(settings_.font));
    Simulation* sim = simulation();
    if (menu_) {
        menu_->setPadHints(padUsedLast_);
        menu_->setStyle(settings_.highContrast, kTextSizes[settings_.textSize].factor);
        menu_->draw(kit_.batch, kit_.text, layout, titlePicture_.empty() ? nullptr : kit_.images.get(titlePicture_));
        if (paused_) pauseMenu_.draw(kit_.batch, kit_.text, layout, settings_, padUsedLast_);
        if (saveScreen_.isOpen()) saveScreen_.draw(kit_.batch, kit_.text, kit_.images, layout, settings_, padUsedLast_);
    } else if (sim) {
        sim->world().camera().setStillShakes(settings_.reduceFlashes);  // the view only: the shake still runs
        std::vector<ProcessInfo> processes;
        if (showInspector_) processes = sim->inspectedProcesses();
        std::string title = playback_.label().empty() ? sceneTitle_ : sceneTitle_ + "  \u00B7  " + playback_.label();
        ViewOverlay overlay{title, playInput_.hint(), showInspector_ ? &processes : nullptr, showHistory_,
                            historyScroll_};
        overlay.textScale = kTextSizes[settings_.textSize].factor;
        overlay.lineSpacing = kLineSpacings[settings_.lineSpacing].factor;
        overlay.highContrast = settings_.highContrast;
        overlay.reduceFlashes = settings_.reduceFlashes;
        overlay.padHints = padUsedLast_;
        overlay.lineReadBefore = lineShownAsRead();
        overlay.paused = paused_ || saveScreen_.isOpen();
        if (!sim->isSceneOver())
            sceneOverSince_.reset();
        else if (!sceneOverSince_)
            sceneOverSince_ = sim->ticks();
        overlay.sceneOver = !paused_ && sceneOverSince_;
        overlay.editor = showEditor_;
        kit_.view.draw(sim->world(), layout, overlay);
        if (paused_) pauseMenu_.draw(kit_.batch, kit_.text, layout, settings_, padUsedLast_);
        if (saveScreen_.isOpen()) saveScreen_.draw(kit_.batch, kit_.text, kit_.images, layout, settings_, padUsedLast_);
    }
    kit_.window.swap();
}

std::string WindowGame::describe() {
    nlohmann::json state;
    Simulation* sim = simulation();
    const char* screen = menu_ && paused_       ? "paused"
                         : menu_                ? "menu"
                         : saveScreen_.isOpen() ? "saves"
                         : showHistory_         ? "history"
                         : paused_              ? "paused"
                                                : "scene";
    state["screen"] = screen;
    // On the menu: the selected row's text, and its chapter's name (a row of the chapters page).
    if (menu_ && !paused_) {
        static const char* const kRowKinds[] = {"start",    "continue", "load",    "chapters",
                                                "settings", "quit",     "chapter", "back"};
        state["row"] = menu_->selectedText();
        state["rowKind"] = kRowKinds[static_cast<int>(menu_->selectedRow())];
    }
    state["scene"] = menu_ ? (menu_->sceneRowSelected() ? menu_->selected().name : std::string())
                     : sim ? sim->sceneName()
                           : std::string();
    const Story* story = !menu_ && sim ? &sim->world().story() : nullptr;
    state["line"] = story && story->currentLine() ? story->currentLine()->text : std::string();
    state["options"] = story && story->currentMenu() ? story->currentMenu()->options : std::vector<std::string>();
    nlohmann::json points = nlohmann::json::array();
    if (story && story->currentMenu()) {
        int drawW = 1, drawH = 1;
        kit_.window.drawableSize(drawW, drawH);
        ViewLayout layout = ViewLayout::fit(drawW, drawH);
        for (const ViewArea& row : kit_.view.menuOptionAreas())
            points.push_back({(layout.offsetX + (row.x + row.w / 2) * layout.scale) / static_cast<float>(drawW),
                              (layout.offsetY + (row.y + row.h / 2) * layout.scale) / static_cast<float>(drawH)});
    }
    state["optionPoints"] = points;
    state["history"] = story ? story->history().size() : 0;
    state["language"] = settings_.language;
    state["sound"] = sound_.live();
    state["soundCallbacks"] = sound_.callbacks();
    return state.dump();
}

// Text speed, auto-advance, fullscreen and the window's size, for next time.
void WindowGame::keepSettings() {
    settings_.textSpeed = playInput_.speedIndex();
    settings_.autoAdvance = playInput_.autoAdvance();
    settings_.fullscreen = kit_.window.isFullscreen();
    if (!settings_.fullscreen) kit_.window.windowSize(settings_.width, settings_.height);
    if (!settingsPath_.empty() && !settings_.save(settingsPath_))
        std::cerr << "stagehand: cannot save the settings to " << settingsPath_ << '\n';
    keepLinesRead();
    keepStory(true);
}

#ifdef __EMSCRIPTEN__
// In the browser a page may not loop: the browser calls one frame per display
// refresh (requestAnimationFrame) and main() returns at once. The game lives on
// the heap for as long as the page does; settings are kept as the page is
// hidden (web/pre.js calls stagehand_keep_settings), since a page is closed,
// never quit.
namespace {
WindowGame* browserGame = nullptr;
}  // namespace

extern "C" EMSCRIPTEN_KEEPALIVE void stagehand_keep_settings() {
    if (browserGame) browserGame->keepSettings();
}

// WindowGame::describe for the page; the text lives until the next call.
extern "C" EMSCRIPTEN_KEEPALIVE const char* stagehand_state() {
    static std::string state;
    state = browserGame ? browserGame->describe() : "{}";
    return state.c_str();
}

int runWindow(const Setup& setup) {
    browserGame = new WindowGame(setup, {});
    if (!browserGame->start(Window::seconds())) return kExitBadInput;
    emscripten_set_main_loop_arg(
        [](void*) {
            if (!browserGame->frame(Window::seconds())) {
                browserGame->keepSettings();
                emscripten_cancel_main_loop();
            }
        },
        nullptr, 0, false);
    return kExitOk;
}
#else
int runWindow(const Setup& setup) {
    const double opened = Window::seconds();
    WindowGame game(setup, {});
    if (!game.start(Window::seconds())) return kExitBadInput;
    FrameStats stats;
    double previous = Window::seconds();
    for (bool more = true; more;) {
        more = game.frame(Window::seconds());
        const double now = Window::seconds();
        countFrame(stats, opened, previous, now);
        previous = now;
    }
    game.keepSettings();
    stats.write(setup.cmd.frameStatsPath);
    return kExitOk;
}
#endif

void countFrame(FrameStats& stats, double opened, double previous, double now) {
    if (stats.frames++ == 0) stats.firstFrameSeconds = now - opened;
    stats.longestFrameSeconds = std::max(stats.longestFrameSeconds, now - previous);
}

std::string FrameStats::text(double peakMemoryMegabytes) const {
    std::ostringstream out;
    out << "frames " << frames << "\nfirst_frame_seconds " << firstFrameSeconds << "\nlongest_frame_seconds "
        << longestFrameSeconds << "\npeak_memory_mb " << peakMemoryMegabytes << '\n';
    return out.str();
}

void FrameStats::write(const std::string& path) const {
    if (path.empty()) return;
    std::ofstream out(pathFromUtf8(path), std::ios::binary | std::ios::trunc);
    out << text(peakResidentMegabytes());
    if (!out) std::cerr << "stagehand: cannot write the frame stats to " << path << '\n';
}

}  // namespace stagehand
