// The window: the scene menu, a scene played with keyboard, mouse or pad,
// the pause overlay, history, inspector, quicksaves and the player's settings.
// runWindow() is the program's loop on the wall clock; tests drive the same
// WindowGame one frame at a time with a clock of their own and SDL events
// they push themselves (tests/test_window.cpp).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "app/run/DrawingKit.h"
#include "app/run/PlaySession.h"
#include "app/run/RunSetup.h"
#include "app/run/ScriptWatcher.h"
#include "app/window/FrameClock.h"
#include "app/window/LinesRead.h"
#include "app/window/PauseMenu.h"
#include "app/window/PlayInput.h"
#include "app/window/PlayerSettings.h"
#include "app/window/SaveScreen.h"
#include "app/window/SceneMenu.h"
#include "app/window/SelfVoicing.h"
#include "app/window/StoryMemory.h"
#include "audio/AudioOutput.h"

namespace stagehand {

// Runs until the player quits; returns the exit code.
int runWindow(const Setup& setup);

// The window's state, and one method for each thing a frame does.
class WindowGame {
public:
    // What a test changes; the program runs with the defaults.
    struct Options {
        bool frameCap = true;          // false: no vsync and no sleep after a frame (the test's clock sets the pace)
        Transcript::Sink sink;         // sees every scene's transcript events as they happen (a reload replays them)
        SpeechSink* speech = nullptr;  // self-voicing speaks here, not through the system's synthesiser
    };

    // Opens the window at the size kept from last time (or --size); throws
    // PlatformError when it cannot.
    WindowGame(const Setup& setup, Options options);
    ~WindowGame() { showLineWarnings(false); }  // the lines outlive the window: their warnings go to stderr again

    // Opens the scene the command line names (or a top-level script's), else
    // the scene menu; false when neither can be shown (exit 2). `now` (in
    // seconds, on the clock frame() is given) starts the frame clock.
    bool start(double now);
    // One frame at `now`: watched files, input, held keys, the ticks due since
    // the last frame, drawing. False once the player has quit.
    bool frame(double now);
    // Writes text speed, auto-advance, fullscreen and the window's size for
    // next time (runWindow does on the way out).
    void keepSettings();

    // What the frames left on screen, for tests.
    Simulation* simulation() { return session_ ? &session_->simulation() : nullptr; }
    const SceneMenu* sceneMenu() const { return menu_.get(); }
    bool pauseOverlayOpen() const { return paused_; }
    const AudioOutput& sound() const { return sound_; }
    PauseMenu::Row pauseRow() const { return pauseMenu_.selected(); }
    bool historyShown() const { return showHistory_; }
    const SaveScreen& saveScreen() const { return saveScreen_; }
    PlaySession* session() { return session_.get(); }
    int historyScroll() const { return historyScroll_; }
    bool inspectorShown() const { return showInspector_; }
    bool editorShown() const { return showEditor_; }
    const Playback& playback() const { return playback_; }
    const PlayInput& playInput() const { return playInput_; }
    const PlayerSettings& settings() const { return settings_; }
    const LinesRead& linesRead() const { return linesRead_; }
    const StoryMemory& storyMemory() const { return storyMemory_; }
    bool lineOnScreenWasRead() const { return lineWasRead_; }
    bool lineShownAsRead() const;  // drawn in the read lines' colour
    bool fullscreen() const { return kit_.window.isFullscreen(); }
    bool padUsedLast() const { return padUsedLast_; }
    const WorldView& view() const { return kit_.view; }
    bool speechAvailable() const { return speechAvailable_; }
    // What the screen shows, as one JSON object: the page and the browser test
    // read it (web/pre.js: Module.stagehandState()). {"screen": "menu" (the
    // title screen), "scene", "paused", "history" or "saves"; "row": on the
    // title screen, the selected row's text, and "rowKind" what it is ("start",
    // "continue", "load", "chapters", "settings", "quit", "chapter", "back");
    // "scene": the chapter played, or
    // the chapter of the selected row (the chapters page); "line": the line's text; "options": the choices on screen;
    // "optionPoints": each choice's middle as fractions of the window's width
    // and height (where a click or a tap lands, as the last frame drew them); "history":
    // lines and choices so far; "language": "" for the script's own; "sound":
    // the device plays; "soundCallbacks": how often it asked for sound}.
    std::string describe();

private:
    WindowOptions windowOptions() const;
    void play(const std::string& name, const std::string& title, const Setup& from);
    void openMenu();
    void chooseTitlePictureAndMusic();
    void watchFiles(double now);
    void handle(const InputEvent& event, const ViewLayout& layout);
    void handleMenu(const InputEvent& event, const ViewLayout& layout);
    void handlePause(const InputEvent& event, const ViewLayout& layout);
    bool handleSceneKey(const InputEvent& event);
    bool handleSceneOverKey(int key);
    void openPause();
    std::vector<std::string> playerLanguages() const;
    void switchLanguage(const std::string& code);
    void showLineWarnings(bool on);
    void quicksave();
    void quickload();
    void rollback(bool back);
    void openSaveScreen(SaveScreen::Mode mode);
    void handleSaveScreen(const InputEvent& event, const ViewLayout& layout);
    void saveToSlot(int number);
    bool loadSave(const std::string& path);
    bool confirmedLanguageOf(const InputLog& save, const std::string& path);
    std::vector<SlotInfo> slotsInLanguagePlayed() const;
    std::string titleInLanguagePlayed(const SlotInfo& slot) const;
    bool writeThumbnail(const std::string& path, std::string& error);
    void step(double now);
    void draw(int drawW, int drawH, const ViewLayout& layout);
    void updateSound();
    void followSkip(Story& story);
    bool skipMayPass(const Story& story);
    void noteLine(const Story& story);
    void followChapter();
    void keepLinesRead();
    void keepStory(bool leaving);
    Setup storyFromTitle(const std::string& chapter) const;
    std::vector<SceneInfo> chaptersShown(const std::vector<SceneInfo>& scenes, bool story) const;
    void updateSpeech();
    SpeechSink* speech();

    const Setup setup_;
    Options options_;
    std::string settingsPath_ = PlayerSettings::defaultPath();
    std::string linesReadPath_ = LinesRead::defaultPath();
    PlayerSettings settings_;
    LinesRead linesRead_;  // the lines read in this run and earlier ones (skip read text)
    std::string storyMemoryPath_ = StoryMemory::defaultPath();
    StoryMemory storyMemory_;            // what outlives a playthrough: chapters reached, endings seen, `persistent`
    std::size_t chapterStartsKept_ = 0;  // of the run's Simulation::chapterStarts()
    bool endingKept_ = false;
    bool storyMemoryUnsaved_ = false;  // a save failed: said once
    DrawingKit kit_;
    std::string soundNotice_;  // set when there is no sound card: shown once in the first scene
    AudioOutput sound_{soundNotice_};
    std::unique_ptr<PlaySession> session_;  // the scene being played: recording, hot reload
    std::unique_ptr<SceneMenu> menu_;
    // The title screen's picture ("" : the engine's sky) and its music (no cue: silence), played as a run
    // of its own on the sound device.
    static constexpr const char* kTitleName = "title";
    std::string titlePicture_;
    std::vector<AudioCue> titleCues_;
    std::uint64_t titleRun_ = 0;
    static inline std::uint64_t titleRunsMade_ = std::uint64_t{1} << 62;  // apart from the scenes' runs
    std::optional<SlotInfo> latestSave_;  // what the menu's Continue plays, read as the menu opened
    ScriptWatcher menuWatcher_;           // the menu lists the scenes of the script as last saved
    std::string sceneTitle_;
    std::string titledChapter_;           // the chapter sceneTitle_ is the title of
    std::vector<SceneInfo> sceneTitles_;  // the scenes' titles in the language played: saves' cards and Continue
    bool setupProblemsHidden_ = false;    // Backspace hid what the setup lost: not shown again this run
    std::string askedToSwitchFor_;        // the save whose other language was said: a second press plays it
    bool topLevelScript_ = false;
    bool running_ = true;
    bool showInspector_ = false;
    bool showEditor_ = false;   // F4: waypoints, actors' start points and the dialogue box's area (docs/MAPS.md)
    bool showHistory_ = false;  // the lines and choices so far (H); the scene waits meanwhile
    SaveScreen saveScreen_;     // F6, F7 or the pause overlay's "Save / Load"; the scene waits meanwhile
    int historyScroll_ = 0;
    bool paused_ = false;  // the pause overlay is open; the scene does not run
    PauseMenu pauseMenu_;
    bool padUsedLast_ = false;
    PlayInput playInput_;
    // Skip read text: whether the line on screen had been read before it showed, and whether skip is held.
    bool linesReadUnsaved_ = false;  // a save failed: said once
    const Story* lineStory_ = nullptr;
    int lineSeen_ = 0;  // the Story's number of the line last noted
    bool lineWasRead_ = false;
    bool skipHeld_ = false;
    FrameClock clock_{Simulation::kTickSeconds};
    Playback playback_;
    double last_ = 0;
    std::optional<std::uint64_t> sceneOverSince_;  // the tick the scene-over card first showed
    static constexpr std::uint64_t kSceneOverKeysAfterTicks = 30;
    bool speechAvailable_ = false;              // a synthesiser (or the test's recorder) to self-voice with
    std::unique_ptr<SpeechSink> systemSpeech_;  // started when self-voicing is first turned on
    bool speechFailed_ = false;                 // it did not start: said once, not tried again
    SelfVoicing voicing_;
};

}  // namespace stagehand
