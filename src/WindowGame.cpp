#include "WindowGame.h"

#include <SDL.h>

#include <algorithm>
#include <iostream>
#include <memory>

#include "FrameClock.h"
#include "PauseMenu.h"
#include "PlayInput.h"
#include "PlaySession.h"
#include "PlayerSettings.h"
#include "Renderer.h"
#include "SceneMenu.h"
#include "ScriptWatcher.h"
#include "platform/Gamepads.h"

namespace stagehand {

namespace {

// H or the mouse wheel up opens the history of lines and choices.
bool isHistoryKey(const InputEvent& event) {
    return (event.kind == InputKind::KeyDown && event.key == SDLK_h) ||
           (event.kind == InputKind::Wheel && event.key > 0);
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
        if (event.key == SDLK_h || event.key == SDLK_ESCAPE) shown = false;
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

}  // namespace

int runWindow(const Setup& setup) {
    // The player's settings from last time; a damaged file costs one line.
    std::string settingsPath = PlayerSettings::defaultPath(), warning;
    PlayerSettings settings = PlayerSettings::load(settingsPath, warning);
    if (!warning.empty()) std::cerr << "stagehand: " << warning << '\n';
    WindowOptions windowOptions{"Stagehand", settings.width, settings.height, false, settings.fullscreen};
    if (setup.cmd.sizeGiven) windowOptions.width = setup.cmd.width, windowOptions.height = setup.cmd.height;
    Renderer renderer(windowOptions, setup.dataRoot);
    std::unique_ptr<PlaySession> session;  // the scene being played: recording, hot reload
    std::unique_ptr<SceneMenu> menu;
    std::string sceneTitle;
    bool showInspector = false;
    bool showHistory = false;  // the lines and choices so far (H or the wheel); the scene waits meanwhile
    int historyScroll = 0;
    PlayInput playInput;
    playInput.restore(settings.textSpeed, settings.autoAdvance, settings.autoAdvanceWait);
    bool paused = false;  // the pause overlay is open; the scene does not run
    PauseMenu pauseMenu;
    bool padUsedLast = false;

    // A script that cannot be loaded (a syntax error after an edit) never
    // closes the window: the error is reported and the menu stays.
    auto play = [&](const std::string& name, const std::string& title, const Setup& from) {
        std::string error;
        InputLog input = from.input.value_or(InputLog{});
        input.flags = from.cmd.flags;
        session = std::make_unique<PlaySession>(makeOptions(from, nullptr, false), from.cmd.recordPath, input);
        if (session->start(name, error, from.resumeAt)) {
            sceneTitle = title.empty() ? name : title;
            menu.reset();
            return;
        }
        std::cerr << "stagehand: " << error << '\n';
        if (menu) menu->setMessage(error);
        session.reset();
    };
    bool topLevelScript = false;
    auto openMenu = [&]() {
        std::vector<SceneInfo> scenes;
        std::string problem;
        try {
            auto lister = loadSimulation(setup, nullptr, false);
            scenes = lister->scenes();
            topLevelScript = lister->isTopLevelScript();
        } catch (const LoadError& e) {
            problem = e.what();
            std::cerr << "stagehand: " << problem << '\n';
        }
        menu = std::make_unique<SceneMenu>(scenes);
        menu->setMessage(problem);
        session.reset();
    };
    if (setup.cmd.scene.empty()) openMenu();
    if (!setup.cmd.scene.empty() || topLevelScript)
        play(topLevelScript ? Simulation::kTopLevelScene : setup.cmd.scene, "", setup);
    if (!session && !menu) return kExitBadInput;

    FrameClock clock(Simulation::kTickSeconds);
    Playback playback;
    ScriptWatcher menuWatcher(setup.scriptPath, setup.dataRoot);
    double last = Window::seconds();
    for (bool running = true; running && !stopRequested();) {
        // Input.
        int drawW = 0, drawH = 0;
        renderer.window.drawableSize(drawW, drawH);
        ViewLayout layout = ViewLayout::fit(drawW, drawH);
        double now = Window::seconds();
        if (session) session->reloadIfChanged(now);
        std::string changed;
        if (menu && menuWatcher.poll(now, changed)) openMenu();  // the scene list of the script just saved
        Simulation* sim = session ? &session->simulation() : nullptr;
        for (const auto& event : renderer.window.pollInput()) {
            if (event.kind == InputKind::Quit) running = false;
            if (event.kind == InputKind::KeyDown || event.kind == InputKind::MouseDown) padUsedLast = event.fromPad;
            if (event.kind == InputKind::PadAdded || event.kind == InputKind::PadRemoved) {
                if (sim)
                    sim->world().showNotice(event.kind == InputKind::PadAdded ? "controller connected"
                                                                              : "controller disconnected");
                continue;
            }
            if (menu) {
                auto action = menu->handle(event, layout);
                if (action == SceneMenu::Action::Quit) running = false;
                if (action == SceneMenu::Action::Play) play(menu->selected().name, menu->selected().title, setup);
                sim = session ? &session->simulation() : nullptr;
            } else if (showHistory || isHistoryKey(event)) {
                historyInput(event, showHistory, historyScroll);
                if (sim)
                    historyScroll =
                        std::min(historyScroll, std::max(0, static_cast<int>(sim->world().history().size()) - 1));
            } else if (paused) {
                switch (pauseMenu.handle(event, layout, settings)) {
                    case PauseMenu::Action::Resume: paused = false; break;
                    case PauseMenu::Action::SettingsChanged:
                        playInput.restore(settings.textSpeed, settings.autoAdvance, settings.autoAdvanceWait);
                        break;
                    case PauseMenu::Action::ToggleFullscreen:
                        renderer.window.toggleFullscreen();
                        settings.fullscreen = renderer.window.isFullscreen();
                        break;
                    case PauseMenu::Action::SceneMenu:
                        paused = false;
                        openMenu();
                        sim = nullptr;
                        break;
                    case PauseMenu::Action::Quit: running = false; break;
                    case PauseMenu::Action::None: break;
                }
            } else if (event.kind == InputKind::KeyDown && (event.key == SDLK_ESCAPE || event.key == kKeyPause)) {
                settings.textSpeed = playInput.speedIndex();  // F2 and F3 may have changed them
                settings.autoAdvance = playInput.autoAdvance();
                settings.fullscreen = renderer.window.isFullscreen();
                pauseMenu = PauseMenu{};
                paused = true;
            } else if (event.kind == InputKind::KeyDown && event.key == SDLK_F1) {
                showInspector = !showInspector;
            } else if (event.kind == InputKind::KeyDown && event.key == SDLK_BACKSPACE && sim) {
                sim->world().dismissError();
            } else if (event.kind == InputKind::KeyDown && event.key == SDLK_F5 && session) {
                std::string error, path = quicksavePath();
                if (session->save(path, error)) {
                    sim->world().showNotice("saved (F9 loads it)");
                    std::cerr << "stagehand: saved " << path << '\n';
                } else {
                    sim->world().showError(error);
                }
            } else if (event.kind == InputKind::KeyDown && event.key == SDLK_F9) {
                InputLog save;
                std::string error;
                if (PlaySession::readSave(quicksavePath(), setup.scriptPath, save, error)) {
                    play(save.scene, "", withSave(setup, save));
                    sim = session ? &session->simulation() : nullptr;
                } else {
                    std::cerr << "stagehand: " << error << '\n';
                    if (sim) sim->world().showError(error);
                }
            } else if (event.kind == InputKind::KeyDown && playbackKey(event.key, playback)) {
            } else if (sim) {
                playInput.handle(event, sim->world(), [&](float x, float y) {
                    return renderer.view.menuOptionAt(layout.toViewX(x), layout.toViewY(y));
                });
            }
        }
        if (sim) playInput.applyHeld(renderer.window.heldKeys(), sim->world());

        // Simulation: fixed ticks; a long frame is clamped.
        now = Window::seconds();
        // Reading back or the pause overlay holds the whole scene: its processes and the world.
        int ticks = playback.ticksFor(clock, showHistory || paused ? 0 : now - last);
        last = now;
        for (int i = 0; sim && i < ticks; ++i) sim->tick();

        // Rendering.
        glViewport(0, 0, drawW, drawH);
        clearScreen();
        layout.applyViewport();
        if (menu) {
            menu->setPadHints(padUsedLast);
            menu->draw(renderer.batch, renderer.text, layout);
        } else if (sim) {
            std::vector<ProcessInfo> processes;
            if (showInspector) processes = sim->host().processes();
            std::string title = playback.label().empty() ? sceneTitle : sceneTitle + "  \u00B7  " + playback.label();
            ViewOverlay overlay{title, playInput.hint(), showInspector ? &processes : nullptr, showHistory,
                                historyScroll};
            overlay.textScale = kTextSizes[settings.textSize].factor;
            overlay.padHints = padUsedLast;
            overlay.paused = paused;
            renderer.view.draw(sim->world(), layout, overlay);
            if (paused) pauseMenu.draw(renderer.batch, renderer.text, layout, settings, padUsedLast);
        }
        renderer.window.swap();
    }

    settings.textSpeed = playInput.speedIndex();
    settings.autoAdvance = playInput.autoAdvance();
    settings.fullscreen = renderer.window.isFullscreen();
    if (!settings.fullscreen) renderer.window.windowSize(settings.width, settings.height);
    if (!settingsPath.empty() && !settings.save(settingsPath))
        std::cerr << "stagehand: cannot save the settings to " << settingsPath << '\n';
    return kExitOk;
}

}  // namespace stagehand
